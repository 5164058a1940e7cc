"""The game-over screen's record against the bots (issue 21, section 5): over a
person's last games of one game family, per bot strength, how many they won, lost
and shared. Expected figures are read from the save files, never from the index."""

from __future__ import annotations

import json
from pathlib import Path

from identity_saves import write_identity_saves

from ohseven_tui.engine import registry
from ohseven_tui.storage import save_dirs
from ohseven_tui.storage.index import open_index


def expected(paths: list[Path], family: str, last: int) -> dict[str, tuple[int, int, int, int, int]]:
    """Per bot strength: games, won, lost, shared, neither, over Ann's last ``last``
    finished games of ``family`` (newest by date), from the files alone."""
    games = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        rec = data["record"]
        if registry.game_spec(rec["game"]).family != family or not data["summary"]["finished"]:
            continue
        games.append((data["date"], path.stem, rec))
    games.sort(reverse=True)
    out: dict[str, list[int]] = {}
    for _, _, rec in games[:last]:
        winners = set(rec["winners"])
        me = any(s in winners for s, seat in enumerate(rec["seats"]) if seat.get("player", "human") == "human")
        bots = {seat["player"] for seat in rec["seats"] if seat.get("player", "human") != "human"}
        for bot in bots:
            won = any(s in winners for s, seat in enumerate(rec["seats"]) if seat.get("player") == bot)
            row = out.setdefault(bot, [0, 0, 0, 0, 0])
            row[0] += 1
            row[1 + (0 if me and not won else 1 if won and not me else 2 if me and won else 3)] += 1
    return {bot: tuple(row) for bot, row in out.items()}


def test_the_record_against_each_bot_strength_counts_only_the_last_games_of_the_family(tmp_path):
    paths = write_identity_saves(tmp_path / "saves", repeats=3)
    with open_index(save_dirs(tmp_path / "saves")) as index:
        index.refresh()
        for family in {spec.family for spec in registry.games()}:
            for last in (1, 4, 20):
                want = expected(paths, family, last)
                got = {h.who.split(":", 1)[1]: (h.games, h.won, h.lost, h.shared, h.neither)
                       for h in index.versus_bots("Ann", family, last=last)}
                assert got == want, (family, last)
                assert want, "every family has games with bots"
        assert index.versus_bots("Nobody", "ohhell") == []


async def test_the_game_over_screen_shows_the_record_against_each_bot_strength(tmp_path):
    """A solo Oh-Seven game finished in the app, with earlier games in the saves:
    the game-over screen gives, per bot strength, the figures the files give (the
    game just filed among them)."""
    from helpers import play_first_legal
    from test_ui_driver import play_game, text, until

    from ohseven_tui.engine.protocol import Seat
    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.gameover import GameOverScreen

    saves = tmp_path / "saves"
    write_identity_saves(saves, repeats=2)
    seats = [Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "normal"), Seat("Dot", "easy")]
    game = registry.new_game("oh-seven", {"players": 4}, seed=8, seats=seats)
    play_first_legal(game, lambda g: g.round_number == 7 and g.phase.name == "PLAY")
    app = OhSevenApp(game=game, save_dir=saves, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await play_game(pilot)
        assert isinstance(screen, GameOverScreen)
        versus = screen.query_one("#over-versus")
        await until(pilot, lambda: "record against the bots" in str(versus.render()), "the record shows")
        screen.query_one("#over-body").scroll_to_widget(versus, animate=False, top=True)
        await pilot.pause()
        shown = " ".join(text(app).split())
    family = game.spec.family
    want = expected(sorted(saves.glob("*.json")), family, 20)
    assert set(want) == {"easy", "normal"}
    for bot, (games, won, lost, shared, neither) in want.items():
        line = (f"{bot} bot: {games} game{'s' if games != 1 else ''}, you won {won}, it won {lost}, "
                f"both won {shared}, neither {neither}")
        assert line in shown, line
