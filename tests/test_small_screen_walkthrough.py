"""What the last new-user walkthrough found cut or covered at 60x15 and 80x24, read
from the screen as drawn (Pilot on the real app), each field worked out from the
game's observation:

- Seven for Seven's discard (V15): every card of an 8- or 9-card hand is drawn at
  60x15, each with its number (the 8th was selectable but not drawn);
"""

from __future__ import annotations

import re

import pytest
from test_ui_driver import text
from test_whole_at_60x15 import SMALL, _captain, asked, shown_at

from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.widgets.hand import HandView


def faces(shown: str, hand) -> list[str]:
    """The cards of ``hand`` not drawn on ``shown``."""
    return [card.pretty() for card in hand if card.pretty() not in shown]


@pytest.mark.parametrize("held,prefer", [(8, None), (9, _captain)], ids=["lieutenant", "captain"])
async def test_v15_every_card_of_the_discard_hand_is_drawn_at_60x15(held, prefer, tmp_path):
    """V15: a lieutenant discards from 8 cards, the captain from 9; each card shows,
    numbered on its top edge, inside the 60 columns."""
    game = asked("seven-for-seven", 7, "DISCARD", prefer=prefer, until=lambda g: len(g.observe(0).hand) == held)
    hand = game.observe(0).hand
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        shown = await shown_at(pilot, app)
        assert not faces(shown, hand), f"cards not drawn: {faces(shown, hand)}\n{shown}"
        for number in range(1, held + 1):
            assert re.search(rf"[─━]{number}[─━]|[─━] {number} [─━]", shown), f"no card {number}:\n{shown}"
        row = app.screen.query_one(HandView).query_one("#hand-row")
        assert max(face.region.right for face in row.children if face.display) <= SMALL[0], text(app)


async def test_thirteen_cards_show_whole_in_60_columns():
    """The two rows of a 13-card hand (issue 33 §3) inside 60 columns too, each numbered."""
    from test_hand_thirteen import THIRTEEN, OneHand, faces_on_screen

    app = OneHand(13)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.pause()
        shown = text(app)
        assert len(faces_on_screen(app)) == len(THIRTEEN), shown
        for number in range(1, len(THIRTEEN) + 1):
            assert re.search(rf"[─━] ?{number} ?[─━]", shown), (number, shown)
        row = app.query_one("#hand-row")
        assert max(face.region.right for face in row.children) <= SMALL[0], shown
