"""Hostile names (tests/hostile.py) at the two new games' own screens (issues 13,
14; issue 10's rule): markup and escape codes in seat names are drawn as plain
text on the auction, discard and leader screens, the striker, trump and hold-or-go
screens, the table and the round summary, and no raw control byte reaches the
terminal. Two humans, so the hand-offs show the names too."""

from __future__ import annotations

import pytest
from test_hostile_ui import assert_screen_safe
from test_ui_driver import wait_for_input

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.pick import PickCardsScreen, PickScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.sevenforseven.auction import AuctionScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView

HOSTILE = ["[/]", "\x1b[2JAnn", "[b]Bold[/b]", "Bea\x07\x08\x7f", "[@click=quit]", "\u202eGus", "Dot\r\nEli"]
SHOWN = {"[/]", "[b]Bold[/b]", "[@click=quit]"}  # markup that must show as it is


@pytest.mark.parametrize("game, seats", [("seven-for-seven", 7), ("watten", 4)])
async def test_hostile_names_at_the_new_games_screens_are_plain_and_safe(tmp_path, game, seats):
    names = HOSTILE[:seats]
    humans = {0, 1}
    state = registry.new_game(game, {}, seed=0, seats=[Seat(n, "human" if i in humans else "easy")
                                                       for i, n in enumerate(names)])
    app = OhSevenApp(game=state, save_dir=tmp_path / "saves", bot_delay=0)
    kinds = set()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            screen = await wait_for_input(pilot, also=(PickScreen, PickCardsScreen, AuctionScreen))
            await pilot.pause()
            text = assert_screen_safe(app)
            kinds.add(type(screen).__name__)
            if isinstance(screen, RoundSummaryScreen):
                for name in SHOWN & set(names):
                    assert name in text, name
                break
            if isinstance(screen, AuctionScreen):
                await pilot.press("p" if screen.obs.standing is not None else "enter")
            elif isinstance(screen, PickCardsScreen):
                await pilot.press(*[str(i + 1) for i in range(screen.count)], "enter")
            elif isinstance(screen, HandoffScreen):
                await pilot.press(screen.key)
            elif isinstance(screen, PickScreen):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.acting is not None:
                hand = screen.query_one(HandView)
                await pilot.press(str(hand.legal_indices[0] + 1), "enter")
            else:
                await pilot.press("enter")
    assert "RoundSummaryScreen" in kinds and "HandoffScreen" in kinds and "TableScreen" in kinds
    assert kinds & {"AuctionScreen", "PickScreen"}
