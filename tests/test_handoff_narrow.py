"""A hand-off on a small terminal: the player to take over reads whom it is for
and which key to press, whole, not cut at the screen's edge (hot-seat, issue 19)."""

from __future__ import annotations

import pytest
from test_handoff_keys import drawn
from test_ui_driver import text, until, wait_for_input

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.handoff import HandoffScreen


@pytest.mark.parametrize("size", [(40, 12), (30, 12)])
async def test_a_hand_off_fits_a_small_terminal(size):
    game = Game(make_rules("oh-seven", 3), seed=5,
                seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")])
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)
        await drawn(pilot)
        words = " ".join(text(app).replace("║", " ").replace("│", " ").split())
        assert "Pass to Ann" in words and f"press {screen.key.upper()}" in words
        assert "Show Ann's cards" in words  # the button to click
        assert "should look at the screen now." in words


async def test_the_face_down_hands_title_is_whole_at_60_columns():
    """Found in tmux at 60x15: "Ann's hand, face down (7 cards): it shows after the"
    was cut mid-sentence. With the longest name (14 characters) it fits a line."""
    from ohseven_tui.ui.screens.table import TableScreen
    from ohseven_tui.ui.widgets.hand import HandView

    name = "Maximiliana Xy"  # 14 characters, the most a seat's name takes
    game = Game(make_rules("oh-seven", 3), seed=5,
                seats=[Seat(name, "human"), Seat("Bea", "human"), Seat("Cid", "easy")])
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(60, 15)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), "the first hand-off")
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        title = table.query_one(HandView).title
        assert "face down until the hand-off" in title and title.startswith(name)
        assert len(title) <= 58, title  # the hand's row inside the screen's margins
