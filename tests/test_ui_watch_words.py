"""Watching the bots play a game of hands, `s` says it skips "to the end of the hand"
(the game's own word, its view's round_word), as `s Skip` does in a round of
Oh-Seven; found trying the app in tmux on Watten: "Skipping to the end of the round…".
Driven through the real app with Pilot; the games come from the registry. The bots
are paused first (`p`), so the words stay on the screen until they are read."""

from __future__ import annotations

import pytest
from test_ui_driver import text, until

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import TableScreen

GAMES_OF_HANDS = [spec for spec in registry.games() if spec.view({}).round_word != "round"]


@pytest.mark.parametrize("spec", GAMES_OF_HANDS, ids=lambda spec: spec.name)
async def test_skipping_while_watching_a_game_of_hands_says_to_the_end_of_the_hand(spec):
    word = spec.view({}).round_word
    n = spec.players[0]
    game = registry.new_game(spec.name, {}, seed=6, seats=[Seat(f"P{s}", "normal") for s in range(n)])
    app = OhSevenApp(game=game, bot_delay=3600)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and "p Pause" in text(app), "watching")
        await pilot.press("p")
        await until(pilot, lambda: "PAUSED" in text(app), "paused")
        await pilot.press("s")
        await until(pilot, lambda: "Skipping to the end" in text(app), "the skip said")
        shown = " ".join(text(app).split())
        assert f"Skipping to the end of the {word}" in shown, shown
