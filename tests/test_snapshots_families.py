"""Snapshots of the card table for Seven for Seven (7 seats in two sides, the
contract line) and Watten (4 seats, partners opposite, striker and trump marked on
the hand) (issues 12, 13, 14): mid-trick at every size the table must serve in the
dark theme, a trick just won at every size in the light theme, and the round
summary in both. The moments come from ``snapshot_states`` (seeded legal actions,
never a bot's choice)."""

from __future__ import annotations

from pathlib import Path

import pytest
from snapshot_states import MID_TRICK, ROUND_OVER, TRICK_WON, moment
from test_snapshots_round_summary import end_the_round
from test_snapshots_screens import THEMES
from test_snapshots_table import HOLD, SIZES, at_turn, in_tmp, play  # noqa: F401 (in_tmp: a fixture used below)

from ohseven_tui.ui.app import OhSevenApp

GAMES = ("seven-for-seven", "watten")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.usefixtures("in_tmp")
def test_family_table_mid_trick_snapshot(snap_compare, game, size):
    m = moment(game, MID_TRICK)
    app = OhSevenApp(game=m.before, bot_delay=HOLD, save_dir=Path("saves"), theme=THEMES["dark"])
    assert snap_compare(app, terminal_size=size, run_before=at_turn)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.usefixtures("in_tmp")
def test_family_table_trick_won_snapshot(snap_compare, game, size):
    m = moment(game, TRICK_WON)
    app = OhSevenApp(game=m.before, bot_delay=HOLD, save_dir=Path("saves"), theme=THEMES["light"])
    assert snap_compare(app, terminal_size=size, run_before=play(m.action.card))


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.usefixtures("in_tmp")
def test_family_round_summary_snapshot(snap_compare, game, theme):
    m = moment(game, ROUND_OVER)
    app = OhSevenApp(game=m.before, bot_delay=HOLD, save_dir=Path("saves"), theme=THEMES[theme])
    assert snap_compare(app, terminal_size=(80, 24), run_before=end_the_round(m.action.card))
