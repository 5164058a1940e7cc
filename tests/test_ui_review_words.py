"""A saved game's review speaks the game's own word for a round (its view's
round_word: "hand" in a game of hands), as its title, scoresheet and chart do;
found trying the app in tmux on a Watten game, whose replay said "[ ] round" and,
put aside before its first hand was over, "No round of this unfinished game is
over yet". Driven through the real app with Pilot; the games come from the registry."""

from __future__ import annotations

import pytest
from test_ui_driver import text, until

from ohseven_tui import storage
from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.game_review import GameReviewScreen

SIZE = (110, 40)
GAMES_OF_HANDS = [spec for spec in registry.games() if spec.view({}).round_word != "round"]


def _game(spec, finish: bool):
    n = spec.players[0]
    game = registry.new_game(spec.name, {}, seed=4, seats=[Seat(f"P{s}", "normal") for s in range(n)])
    bots = [make_bot("normal", s) for s in range(n)]
    if finish:
        play_game(game, bots)
    else:  # a few moves of the first hand: put aside before any hand is over
        for _ in range(3):
            seats = game.to_act()
            game.apply(bots[seats[0]].choose(game.observe(seats[0])) if seats else game.legal_actions()[0])
        assert not game.results()
    return game


async def _replay_text(tmp_path, game) -> str:
    dirs = storage.save_dirs(tmp_path / "saves")
    dirs.saves.mkdir(parents=True)
    storage.write_save(dirs.saves / "hands.json", game)
    save = storage.load_save(dirs.saves / "hands.json")
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(GameReviewScreen(save))
        await pilot.press("r")
        await until(pilot, lambda: "Home End" in text(app) or "is over yet" in text(app), "the replay")
        return " ".join(text(app).split())


@pytest.mark.parametrize("finish, says", [
    (True, "[ ] {word}"),  # a finished game: its replay turns the page by hand
    (False, "No {word} of this unfinished game is over yet; the {word} in play stays hidden"),
], ids=["finished", "unfinished"])
@pytest.mark.parametrize("spec", GAMES_OF_HANDS, ids=lambda spec: spec.name)
async def test_the_replay_of_a_game_of_hands_says_hand(spec, finish, says, tmp_path):
    word = spec.view({}).round_word
    shown = await _replay_text(tmp_path, _game(spec, finish=finish))
    assert says.format(word=word) in shown, shown
    assert "round" not in shown.lower(), shown


@pytest.mark.parametrize("spec", GAMES_OF_HANDS, ids=lambda spec: spec.name)
async def test_the_chart_of_a_game_of_hands_is_by_hand(spec, tmp_path):
    word = spec.view({}).round_word
    dirs = storage.save_dirs(tmp_path / "saves")
    dirs.saves.mkdir(parents=True)
    storage.write_save(dirs.saves / "hands.json", _game(spec, finish=True))
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(GameReviewScreen(storage.load_save(dirs.saves / "hands.json")))
        await pilot.press("c")
        await until(pilot, lambda: "Running score" in text(app), "the chart")
        shown = " ".join(text(app).split())
        assert f"Running score by {word}" in shown, shown
