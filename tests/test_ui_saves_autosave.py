"""Autosave and resume through the real app (issue 5, section 3), with Pilot:
the app saves after every action, Continue (menu) and ``--continue`` resume in the
same phase with the same hands at the same seat, and a finished game moves to the
saves directory and clears the autosave."""

from __future__ import annotations

import asyncio
import random

import pytest
from test_ui_driver import FAIL_SAFE, refreshed, until
from test_ui_saves import choose_from_menu, menu_options

from ohseven_tui.games.ohhell import Game, Phase, Seat, make_rules
from ohseven_tui.storage import list_saves, load_autosave, save_dirs, write_autosave
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.setup import GameSetup

SIZE = (140, 45)


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


def table_of(app):
    return next((s for s in app.screen_stack if type(s).__name__ == "TableScreen"), None)


def game_at_anns_card(seed: int = 3) -> Game:
    """Ann (seat 0, human) to play a card in round 1, three easy bots at the table."""
    seats = [Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy"), Seat("Dot", "easy")]
    game = Game(make_rules("oh-seven", 4), seed=seed, seats=seats)
    rng = random.Random(seed)
    while not (game.phase is Phase.PLAY and game.current_seat == 0 and game.round.tricks):
        seats_to_act = game.to_act()
        if not seats_to_act:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
        else:
            game.apply(rng.choice(game.legal_actions(seats_to_act[0])))
    return game


def same_table(a: Game, b: Game, seat: int) -> None:
    assert a.phase is b.phase and a.to_act() == b.to_act() and a.current_seat == b.current_seat
    assert a.observation(seat) == b.observation(seat)
    assert [str(x) for x in a.history] == [str(x) for x in b.history]


async def test_continue_from_the_menu_resumes_same_phase_hands_and_seat(tmp_path):
    dirs = save_dirs(tmp_path / "saves")
    original = game_at_anns_card()
    write_autosave(dirs, original)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await choose_from_menu(pilot, "continue")
        table = table_of(app)
        assert table is not None
        same_table(table.table.game, original, 0)
        assert table.viewer == 0  # the same seat is on screen: Ann's


async def test_continue_flag_resumes_and_autosaves_the_next_action(tmp_path):
    dirs = save_dirs(tmp_path / "saves")
    original = game_at_anns_card(seed=8)
    write_autosave(dirs, original)
    app = OhSevenApp(save_dir=dirs.saves, resume=True, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = table_of(app)
        assert table is not None
        same_table(table.table.game, original, 0)
        await until(pilot, lambda: table.acting == 0, "Ann may play")
        await pilot.press("enter")  # play the selected legal card
        await pilot.pause()
        saved = load_autosave(dirs)
        assert len(saved.history) == len(original.history) + 1
        assert saved.history[-1].seat == 0 and type(saved.history[-1]).__name__ == "Play"
        same_table(saved, table.table.game, 0)


async def test_app_autosaves_after_every_action_to_the_end(tmp_path, monkeypatch):
    """A bots-only game played to its end in the app (so no bot is cut off mid-move)."""
    import time

    from ohseven_tui.bots.easy import EasyBot

    real_choose = EasyBot.choose

    def thinking_choose(self, observation):  # bots think in a thread: the test sees the game between moves
        time.sleep(0.002)
        return real_choose(self, observation)

    monkeypatch.setattr(EasyBot, "choose", thinking_choose)
    dirs = save_dirs(tmp_path / "saves")
    setup = GameSetup.default(players=2, humans=0, bots=["easy"])
    setup.seed = 11
    setup.bot_delay = 0.0
    app = OhSevenApp(setup=setup, save_dir=dirs.saves, bot_delay=0.0)
    checked = 0
    hook_calls = []
    real_hook = app.after_action

    def after_action(game):  # the app's own hook, then a look at what it wrote
        real_hook(game)
        saved = load_autosave(dirs) if not game.is_over else None
        hook_calls.append(saved is None or len(saved.history) == len(game.history))

    app.after_action = after_action
    async with app.run_test(size=SIZE) as pilot:
        async def watch():
            nonlocal checked
            table = None
            while True:
                await pilot.pause()
                table = table or table_of(app)
                if table is None or not table.table.game.history:
                    continue
                if table.table.game.is_over:
                    return table
                # Between events, the autosave holds exactly the actions applied so far.
                assert [str(a) for a in load_autosave(dirs).history] == [str(a) for a in table.table.game.history]
                checked += 1

        table = await asyncio.wait_for(watch(), FAIL_SAFE)  # to the game's end; the clock is only a fail-safe
        finished = table.table.game
    assert checked >= 1
    assert len(hook_calls) == len(finished.history) and all(hook_calls)  # a save after every action
    assert not dirs.autosave.exists()
    saves, warnings = list_saves(dirs)
    assert warnings == [] and len(saves) == 1
    assert [str(a) for a in saves[0].game.history] == [str(a) for a in finished.history]


def one_action_from_the_end(seed: int = 5) -> Game:
    seats = [Seat("Eli", "easy"), Seat("Fay", "easy")]
    game = Game(make_rules("oh-seven", 2), seed=seed, seats=seats)
    rng = random.Random(seed)
    while True:
        seats_to_act = game.to_act()
        if not seats_to_act:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
            continue
        probe = game.clone()
        action = rng.choice(game.legal_actions(seats_to_act[0]))
        probe.apply(action)
        if probe.is_over:
            return game
        game.apply(action)


async def test_finished_game_moves_to_the_saves_and_clears_the_autosave(tmp_path):
    dirs = save_dirs(tmp_path / "saves")
    game = one_action_from_the_end()
    write_autosave(dirs, game)
    app = OhSevenApp(game=game, save_dir=dirs.saves, bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: game.is_over and not dirs.autosave.exists(), "the game filed")
    assert game.is_over
    assert not dirs.autosave.exists()
    saves, warnings = list_saves(dirs)
    assert warnings == [] and len(saves) == 1
    assert saves[0].path.parent == dirs.saves
    assert [str(a) for a in saves[0].game.history] == [str(a) for a in game.history]
    assert saves[0].finished and saves[0].totals == list(game.totals)


@pytest.mark.parametrize("name", ["oh-seven", "watten"])
async def test_the_menus_continue_says_which_game_it_continues(tmp_path, name):
    """Continue names the game, its players and the round it stopped in (in the
    game's own word: Watten plays hands)."""
    from ohseven_tui.bots import make_bot
    from ohseven_tui.engine import registry
    from ohseven_tui.ui.snapshot import screen_text

    dirs = save_dirs(tmp_path / "saves")
    game = registry.new_game(name, {}, seed=2)
    bots = [make_bot("easy", s) for s in range(game.players)]
    while len(game.results()) < 2 or game.to_act() == ():
        seats_to_act = game.to_act()
        game.apply(game.legal_actions()[0] if not seats_to_act else bots[seats_to_act[0]].choose(
            game.observe(seats_to_act[0])))
    write_autosave(dirs, game)
    view = game.spec.view(game.options)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await menu_options(pilot, "continue")  # the menu looks for an unfinished game after its first paint
        await refreshed(pilot, [app.screen.query_one("OptionList")], "the menu drawn with Continue")
        shown = " ".join(screen_text(app).replace("│", " ").split())
    where = f"{view.round_word} {game.round_number}" + (f" of {view.rounds}" if view.rounds else "")
    assert "Continue" in shown and game.spec.label in shown, shown
    assert f"{game.players} players" in shown and where in shown, shown


async def test_the_palettes_quit_says_what_happens_to_the_game_in_play(tmp_path):
    app = OhSevenApp(save_dir=tmp_path, bot_delay=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (quit_,) = [c for c in app.get_system_commands(app.screen) if c.title == "Quit"]
    assert "if saving is on" not in quit_.help  # no such setting exists
    assert "saved" in quit_.help and "Continue" in quit_.help, quit_.help


async def test_a_game_continued_from_the_saved_games_is_listed_as_it_stands_now(tmp_path):
    """Put aside at round 1, continued from Saved games and played on into round 2:
    its entry is the game in play, so the list gives today's rounds and scores (the
    entry itself is rewritten when the game is put aside again or finished)."""
    from ohseven_tui.storage import load_save, put_aside_autosave
    from ohseven_tui.ui.snapshot import screen_text

    dirs = save_dirs(tmp_path / "saves")
    write_autosave(dirs, game_at_anns_card(seed=5))
    entry = put_aside_autosave(dirs)
    game = load_save(entry).game  # as Saved games' c loads it
    rng = random.Random(5)
    while len(game.results()) < 1 or game.round.tricks:  # to the end of round 1, then into round 2's bids
        seats_to_act = game.to_act()
        game.apply(game.legal_actions()[0] if not seats_to_act else rng.choice(game.legal_actions(seats_to_act[0])))
    write_autosave(dirs, game)  # what the table wrote after the last move
    assert any(game.totals), "round 1 scored"
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await choose_from_menu(pilot, "saved")
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        line = next(line for line in text.splitlines() if entry.stem in line)
        assert "in play" in line, line
        for seat, total in zip(game.seats, game.totals):
            assert f"{seat.name} {total}" in line
