"""A hand asked to draw when its own widgets are gone: CI met it when a joining
player's bidding screen was pushed as the app closed (the closing pruned the
hand's title and row while the screen mounted), and the app stopped on
``NoMatches``. The hand keeps its parts; drawing without them is no crash."""

from __future__ import annotations

from test_ui_driver import wait_for_input

from ohseven_tui.engine.protocol import Seat
from ohseven_tui.games.ohhell import Game, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.widgets.hand import HandView


async def test_a_hand_drawn_after_its_title_and_row_are_pruned_is_no_crash(tmp_path, monkeypatch):
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(tmp_path / "config"))
    seats = [Seat(n, "human" if i == 0 else "easy") for i, n in enumerate(("Ann", "Bea", "Cid"))]
    app = OhSevenApp(game=Game(make_rules("oh-seven", 3), seed=5, seats=seats), bot_delay=0,
                     save_dir=tmp_path / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        hand = screen.query_one(HandView)
        cards = list(hand.cards)
        await hand.remove_children()  # as the app's closing prunes them
        hand.set_hand(list(reversed(cards)), cards, title="Ann's hand", active=True)
        await pilot.pause()
    assert app._exception is None, app._exception
