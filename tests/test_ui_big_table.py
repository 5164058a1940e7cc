"""At 200x60 the table grows with the window (issue 19, section 5): the trick's
card faces are drawn bigger than at 80x24, and the log beside the table is wider.
Sizes are measured as drawn (the faces the table area put on the screen, the log's
region), at the same moment of the same game at both sizes."""

from __future__ import annotations

import pytest
from snapshot_states import MID_TRICK, moment
from test_ui_driver import until

from ohseven_tui.engine import registry
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.log import TableLog
from ohseven_tui.ui.widgets.table_area import TableArea


async def drawn(game, size, save_dir) -> tuple[list, int]:
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=save_dir)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.query_one(TableArea).faces,
                    "the table has drawn the trick")
        area = app.screen.query_one(TableArea)
        log = app.screen.query_one(TableLog)
        return list(area.faces), log.region.width if log.display else 0


@pytest.mark.parametrize("name", [spec.name for spec in registry.games()])
async def test_at_200x60_trick_cards_are_bigger_and_the_log_wider_than_at_80x24(name, tmp_path):
    m = moment(name, MID_TRICK)
    small, _ = await drawn(m.game, (80, 24), tmp_path / "small")
    big, log = await drawn(m.game.clone(), (200, 60), tmp_path / "big")
    cards = len(m.game.observe(0).trick)
    assert len(small) == len(big) == cards
    assert all(h == 1 for _, _, _, h in small)  # 80x24 stays as it was: one row a card
    assert min(h for _, _, _, h in big) > max(h for _, _, _, h in small)
    assert min(w for _, _, w, _ in big) > max(w for _, _, w, _ in small)
    assert log >= 48  # the log was 36 columns at every width from 110 up
