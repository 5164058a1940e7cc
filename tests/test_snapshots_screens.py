"""Snapshots (pytest-textual-snapshot) of the screens that stay as they are through
issue 12: the main menu, the setup, the help, the saved games and the settings, at each size the
table must serve and in a dark and a light theme. The table's own snapshots use
``snapshot_states`` (its moments for every game).

A snapshot is the real app driven by Pilot to the screen, exported as SVG and
compared with ``tests/__snapshots__/``; ``pytest --snapshot-update`` writes them
again after a change that is meant (look at the pictures first: a failing run
writes ``snapshot_report.html`` with both side by side).

The pictures hold nothing that changes from run to run: the save folder is the
relative ``saves`` in the test's own folder (the saved games screen names it),
the saved games are the fixtures of ``tests/fixtures/saves-v1`` (their dates are
in the files), the names are the setup's defaults, no game's seed is drawn (no
table is opened), text cursors do not blink, and only the games this package
ships are registered (a test's toy family is left out while the picture is taken).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_ui_driver import until
from textual.widgets import DataTable, Input, OptionList

from ohseven_tui.engine import registry
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.menu import MenuScreen

SIZES = ((80, 24), (100, 30), (120, 40), (200, 60))
THEMES = {"dark": "textual-dark", "light": "textual-light"}
FIXTURES = Path(__file__).parent / "fixtures" / "saves-v1"


@pytest.fixture
def shipped_games_only(monkeypatch):
    """Only the games of ``ohseven_tui.games`` (a test may have registered a toy one)."""
    registry.games()  # the families load on the first lookup
    shipped = {name: spec for name, spec in registry._SPECS.items()
               if getattr(spec.new_game, "__module__", "").startswith("ohseven_tui.games.")}
    monkeypatch.setattr(registry, "_SPECS", shipped)


@pytest.fixture
def in_tmp(tmp_path, monkeypatch, shipped_games_only) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", "config")  # relative: the settings screen names it
    return tmp_path


def make_app(theme: str) -> OhSevenApp:
    return OhSevenApp(save_dir=Path("saves"), theme=THEMES[theme])


def ready(app) -> bool:
    screen = app.screen
    if getattr(screen, "reading", False):  # the saved games are still being read
        return False
    if isinstance(screen, MenuScreen):  # the menu looks for saves after its first paint
        return any(option.id == "saved" for option in screen.query_one(OptionList).options)
    return True


def columns_sized(table: DataTable) -> bool:
    """Has each auto-width column the width of its widest cell or label yet? (The
    header was once drawn in the widths of an empty table.)"""
    from rich.text import Text

    def width(value) -> int:
        text = value if isinstance(value, Text) else Text(str(value))
        return max((Text(line).cell_len for line in text.plain.split("\n")), default=0)

    for key, column in table.columns.items():
        if not column.auto_width:
            continue
        cells = [width(table.get_cell(row.key, key)) for row in table.ordered_rows]
        if column.content_width != max([width(column.label), *cells]):
            return False
    return True


async def settle(pilot) -> None:
    """Until the screen's workers are done and it shows what it found."""
    app = pilot.app

    async def found() -> bool:
        await app.workers.wait_for_complete()
        return ready(app)

    await until(pilot, found, "the screen shows what its workers found")
    for field in app.screen.query(Input):
        field.cursor_blink = False  # a blinking cursor would differ from run to run
    # Some widgets finish in a later frame: a DataTable sizes its columns on an idle
    # event after its rows land (Textual 8: _require_update_dimensions until then).
    # Wait for that, and for two pictures in a row to be the same: the picture with
    # its colours (what the snapshot compares), since a style still changing (focus,
    # theme) leaves the text as it is; on a busy machine the frame may lag behind.
    drawn: list[str | None] = [None]

    async def steady() -> bool:
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        now = app.export_screenshot()
        pending = any(t._require_update_dimensions or t._new_rows or not columns_sized(t)
                      for t in app.screen.query(DataTable))
        same, drawn[0] = now == drawn[0], now
        return same and not pending

    await until(pilot, steady, "two pictures in a row the same, every table sized")
    # A DataTable may keep a header row drawn from its column widths of a moment
    # before (its render caches): draw every table afresh from its final widths, so
    # the picture does not depend on when the widths landed.
    for table in app.screen.query(DataTable):
        table._clear_caches()
        table.refresh()
    await pilot.pause()


def at_menu(pilot):
    return settle(pilot)


async def at_setup(pilot) -> None:
    await settle(pilot)
    await pilot.press("n")
    await settle(pilot)


async def at_help(pilot) -> None:
    await settle(pilot)
    await pilot.press("f1")
    await settle(pilot)


async def at_saved_games(pilot) -> None:
    await settle(pilot)
    pilot.app.screen.action_choose("saved")
    await settle(pilot)


async def at_settings(pilot) -> None:
    await settle(pilot)
    await pilot.press("s")
    await settle(pilot)


SCREENS = {"menu": at_menu, "setup": at_setup, "help": at_help, "saved-games": at_saved_games,
           "settings": at_settings}


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("screen", SCREENS)
def test_screen_snapshot(snap_compare, in_tmp, screen, size, theme):
    if screen == "saved-games":
        shutil.copytree(FIXTURES, in_tmp / "saves")
    assert snap_compare(make_app(theme), terminal_size=size, run_before=SCREENS[screen])
