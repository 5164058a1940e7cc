"""The status line is laid out again for the terminal's new width: after a resize to
60x15 (where spare stretches are left out to keep it one row) and back, it says all
it said before. Found in a walkthrough: a Watten table back at 100x30 still read
"Hand 1 · striker Q · trump ♠ · stake 3 · tricks 1–0", the target (W11) and the turn
left out until the next move. Every registered game; none is named here."""

from __future__ import annotations

import random

import pytest
from test_ui_driver import handled, refreshed, resized, until

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.status import StatusLine

LONG = "Maximiliana Wolkensteinn"  # 24 characters: the line has stretches to leave out at 60 columns


def at_play(spec):
    """Seat 0 (a person) to play a card, one card led, reached by seeded legal moves."""
    players = spec.check_options({})["players"]
    for seed in range(1, 60):
        seats = [Seat(LONG, "human")] + [Seat(f"Bot {i}", "easy") for i in range(1, players)]
        game = registry.new_game(spec.name, {}, seed=seed, seats=seats)
        rng = random.Random(seed)
        while not game.is_over and not game.observe(0).results:
            to_act = game.to_act()
            if game.phase.name == "PLAY" and tuple(to_act) == (0,) and game.observe(0).trick:
                return game
            actions = game.legal_actions(to_act[0] if to_act else None)
            game.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no position with seat 0 to play")


def status(app) -> str:
    return str(app.screen.query_one(StatusLine).render())


@pytest.mark.parametrize("spec", registry.games(), ids=lambda s: s.name)
async def test_the_status_line_says_it_all_again_once_the_screen_is_wide_again(spec, tmp_path):
    game = at_play(spec)
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.acting == 0, "seat 0's turn")
        await refreshed(pilot, [app.screen.query_one(StatusLine)], "the status line drawn")
        wide = status(app)
        await resized(pilot, 60, 15)
        await refreshed(pilot, [app.screen.query_one(StatusLine)], "the status line at 60x15")
        small = status(app)
        await resized(pilot, 100, 30)
        await handled(pilot, app.screen.query_one(StatusLine), "the line's own resize")
        await refreshed(pilot, [app.screen.query_one(StatusLine)], "the status line at 100x30")
        assert status(app) == wide, (wide, small, status(app))
