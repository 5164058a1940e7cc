"""In the app's Saved games list, a very long ID or name cannot push the other
columns off the screen (issue 35, item 10). Found by hand: a 250-character ID, or a
seat named with 100,000 characters, left every other column out of sight."""

from __future__ import annotations

import json

import pytest
from index_saves import played
from test_ui_driver import until
from test_ui_saves import open_saved_games

from ohseven_tui.storage import save_data
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.snapshot import screen_text

LONG_ID = "x" * 250
LONG_NAME = "N" * 100_000


@pytest.fixture
def folder(tmp_path):
    out = tmp_path / "saves"
    out.mkdir()
    seats = [("Ann", "human"), ("Bot", "easy"), ("Cy", "normal")]
    (out / f"{LONG_ID[:200]}.json").write_text(json.dumps(save_data(
        played("oh-seven", seats, seed=31), date="2026-04-01T10:00:00Z")))
    long = [("Ann", "human"), (LONG_NAME, "human"), ("Cy", "normal")]
    (out / "long-name.json").write_text(json.dumps(save_data(
        played("oh-seven", long, seed=32), date="2026-04-02T10:00:00Z")))
    return out


@pytest.mark.parametrize("size", [(140, 40), (100, 30)], ids=["wide", "narrow"])
async def test_long_ids_and_names_leave_every_column_in_sight(folder, monkeypatch, size):
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(folder.parent / "config"))
    app = OhSevenApp(save_dir=folder)
    async with app.run_test(size=size) as pilot:
        await open_saved_games(pilot)
        shown = await until(pilot, lambda: "2026-04-02" in screen_text(app) and screen_text(app), "the rows",
                            fail_safe=120)
        for head in ("Date", "Game", "Winner", "Scores"):
            assert head in shown, (head, shown)
        assert "2026-04-01" in shown and "2026-04-02" in shown
        lines = shown.splitlines()
        rows = [line for line in lines if "2026-04-0" in line]
        # Each row shows its scores: Ann's total, past the long name or beside the long id.
        assert all("Ann" in "".join(lines[lines.index(r):lines.index(r) + 3]) for r in rows), shown
