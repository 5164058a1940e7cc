"""Snapshots of the card table (issue 12): Oh-Seven mid-trick and with a trick
just won, at every size the table must serve, in a dark and a light theme; the
other games of the family mid-trick at the smallest full size. The moments come
from ``snapshot_states`` (seeded legal actions, never a bot's choice).

The table is opened with a long bot delay, so no bot moves while the picture is
taken, and with animations off, so no card is caught halfway; a won trick's pause
is stopped, so it stays on the table, its winner named, however slow the machine.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from snapshot_states import HUMAN, MID_TRICK, TRICK_WON, moment
from test_snapshots_screens import THEMES, settle
from test_ui_driver import until

from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import Flow, TableScreen
from ohseven_tui.ui.widgets.hand import HandView

SIZES = ((80, 24), (100, 30), (120, 40), (200, 60))
HOLD = 3600.0  # the bots' delay: longer than any test


def table_of(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def at_turn(pilot) -> None:
    pilot.app.animation_level = "none"
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.acting == HUMAN,
                "the human's turn")
    await settle(pilot)


async def play_shown(pilot, card) -> TableScreen:
    """At the human's turn, play ``card`` by the digit of its place in the hand as drawn."""
    await at_turn(pilot)
    table = table_of(pilot.app)
    index = list(table.query_one(HandView).cards).index(card)
    await pilot.press(str(index + 1), "enter")
    return table


def play(card):
    async def run_before(pilot) -> None:
        table = await play_shown(pilot, card)
        await until(pilot, lambda: table.controller.state is Flow.TRICK, "the won trick on show")
        table.controller.trick_timer.pause()  # the won trick stays on show for the picture
        await settle(pilot)

    return run_before


@pytest.fixture
def in_tmp(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", (MID_TRICK, TRICK_WON))
def test_oh_seven_table_snapshot(snap_compare, in_tmp, kind, size, theme):
    m = moment("oh-seven", kind)
    app = OhSevenApp(game=m.before, bot_delay=HOLD, save_dir=Path("saves"), theme=THEMES[theme])
    run_before = at_turn if m.action is None else play(m.action.card)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("game", ("classic", "up-and-down"))
def test_oh_hell_table_snapshot(snap_compare, in_tmp, game):
    m = moment(game, MID_TRICK)
    app = OhSevenApp(game=m.before, bot_delay=HOLD, save_dir=Path("saves"), theme=THEMES["dark"])
    assert snap_compare(app, terminal_size=(80, 24), run_before=at_turn)


@pytest.mark.parametrize("players", (2, 9))
def test_oh_seven_table_snapshot_at_both_ends_of_the_player_range(snap_compare, in_tmp, players):
    m = moment("oh-seven", MID_TRICK, players=players)
    app = OhSevenApp(game=m.before, bot_delay=HOLD, save_dir=Path("saves"), theme=THEMES["dark"])
    assert snap_compare(app, terminal_size=(80, 24), run_before=at_turn)
