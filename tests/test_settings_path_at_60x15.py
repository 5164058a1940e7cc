"""The settings screen's notice of where the settings are kept, at 60x15 (read from
the screen as drawn, Pilot on the real app): a long folder's path wrapped mid-word
("…/a-rather-long-folder-name-for-the-setti" then "ngs/…"). It breaks only after a
folder's separator, so each row reads as whole names, and the rows put together are
the whole path; a name longer than a row is cut in its middle with "…"."""

from __future__ import annotations

import os

from test_ui_driver import text, until

from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.settings import SettingsScreen

SMALL = (60, 15)


async def where_rows(pilot, app) -> list[str]:
    """The rows of the "Kept in" notice as drawn, the settings scrolled to their end."""
    app.push_screen(SettingsScreen())
    await until(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen.query("#settings-where"),
                "the settings")
    app.screen.query_one("#settings-body").scroll_end(animate=False)
    await pilot.pause()
    await pilot.pause()
    region = app.screen.query_one("#settings-where").content_region
    lines = text(app).splitlines()
    return [row[region.x:region.right].rstrip() for row in lines[region.y:region.bottom]]


async def test_a_long_settings_path_breaks_only_after_a_separator_at_60x15(tmp_path, monkeypatch):
    folder = tmp_path / "a-rather-long-folder-name-for-the-settings" / "ohseven-configuration-files"
    folder.mkdir(parents=True)
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(folder))
    path = str(folder / "settings.json")
    app = OhSevenApp(save_dir=tmp_path / "saves")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        rows = await where_rows(pilot, app)
        assert len(rows) > 1, rows  # the path does not fit one row of 60 columns
        assert "".join(rows) == f"Kept in {path}" or "".join(rows) == f"Kept in{path}", \
            f"the path is not whole:\n{text(app)}"
        for row in rows[:-1]:
            assert row.endswith((os.sep, "Kept in")), f"a row ends mid-name: {row!r}\n{text(app)}"


async def test_a_folder_name_longer_than_a_row_is_cut_in_its_middle(tmp_path, monkeypatch):
    long_name = "settings-" + "x" * 70 + "-end"
    folder = tmp_path / long_name
    folder.mkdir()
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(folder))
    app = OhSevenApp(save_dir=tmp_path / "saves")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        rows = await where_rows(pilot, app)
        cut = next((row for row in rows if "…" in row), None)
        assert cut is not None and cut.startswith("settings-x") and cut.endswith("x-end/"), \
            f"the long name is not cut in its middle:\n{text(app)}"
        assert rows[-1] == "settings.json", text(app)
        for row in rows[:-1]:
            assert row.endswith((os.sep, "Kept in")), f"a row ends mid-name: {row!r}\n{text(app)}"
