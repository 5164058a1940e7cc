"""Hot-seat, while bots move before any person's turn, the hand line said
"Watching the bots; their hands stay hidden", the words of a table of bots alone
(found by a walkthrough of Seven for Seven with two people). Two people at the
table are not watching bots: the line says every hand waits face down."""

from __future__ import annotations

import pytest
from test_ui_driver import until

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat

pytest.importorskip("textual")

from ohseven_tui.ui.app import OhSevenApp  # noqa: E402
from ohseven_tui.ui.snapshot import screen_text  # noqa: E402


async def test_bots_moving_before_a_persons_turn_are_not_watched(tmp_path):
    names = ("Ann", "Bea", "Cid", "Dot", "Eli", "Fay", "Gus")
    # The dealer's left bids first; the two people sit last, so bots move first.
    seats = [Seat(n, "human" if n in ("Fay", "Gus") else "normal") for n in names]
    game = registry.new_game("seven-for-seven", {"players": 7}, seed=3, seats=seats)
    app = OhSevenApp(game=game, bot_delay=30, save_dir=tmp_path / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        def hand_line() -> str:
            text = screen_text(app)
            return text if "face down" in text or "Watching" in text else ""

        shown = await until(pilot, hand_line, "the hand line while a bot moves")
        assert "Watching the bots" not in shown
        assert "Pass to" not in shown  # no person's turn yet: the bots are moving
