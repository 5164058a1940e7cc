"""Snapshots of the round summary (issue 12): Oh-Seven's first round just over by
the human's card, at every size the table must serve, dark and light. The moment
comes from ``snapshot_states`` (seeded legal actions); the won trick's pause is
skipped (space would), and a long bot delay keeps the bots still."""

from __future__ import annotations

from pathlib import Path

import pytest
from snapshot_states import ROUND_OVER, moment
from test_snapshots_screens import THEMES, settle
from test_snapshots_table import HOLD, SIZES, in_tmp, play_shown  # noqa: F401 (in_tmp: a fixture used below)
from test_ui_driver import until

from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.table import Flow


def end_the_round(card):
    async def run_before(pilot) -> None:
        table = await play_shown(pilot, card)

        def at_summary() -> bool:
            # Each check also sweeps a won trick on at once, as space does: the
            # trick would otherwise stay on show as long as the bots wait (HOLD).
            if table.controller.state is Flow.TRICK:
                table.action_sweep()
            return isinstance(pilot.app.screen, RoundSummaryScreen) and pilot.app.screen.is_mounted

        await until(pilot, at_summary, "the round's summary")
        await settle(pilot)

    return run_before


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.usefixtures("in_tmp")
def test_round_summary_snapshot(snap_compare, size, theme):
    m = moment("oh-seven", ROUND_OVER)
    app = OhSevenApp(game=m.before, bot_delay=HOLD, save_dir=Path("saves"), theme=THEMES[theme])
    assert snap_compare(app, terminal_size=size, run_before=end_the_round(m.action.card))
