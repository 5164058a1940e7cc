"""The last setup choices are remembered (issue 5, section 1: "the last setup
choices" live in the state directory), driven through the real app with Pilot."""

from __future__ import annotations

import pytest
from test_ui_driver import until
from textual.widgets import Input

from ohseven_tui.storage import load_setup, save_dirs
from ohseven_tui.ui.app import OhSevenApp

SIZE = (140, 45)


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


async def open_setup(pilot):
    await pilot.pause()
    await pilot.press("n")  # New game on the main menu
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "SetupScreen"


async def test_setup_is_remembered_for_the_next_game(tmp_path):
    dirs = save_dirs(tmp_path / "saves")
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        assert app.screen.query_one("#name-0", Input).value == "Ann"  # nothing kept yet: the defaults
        await pilot.click("#name-0")
        await pilot.press("end", *["backspace"] * 6, "Z", "e", "d")
        assert app.screen.query_one("#name-0", Input).value == "Zed"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: type(app.screen).__name__ != "SetupScreen", "the setup closed")
    kept = load_setup(dirs)
    assert kept["seats"][0] == {"name": "Zed", "player": "human"} and "seed" not in kept
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        assert app.screen.query_one("#name-0", Input).value == "Zed"


async def test_unreadable_setup_gives_a_notice_defaults_and_is_kept(tmp_path):
    dirs = save_dirs(tmp_path / "saves")
    dirs.state.mkdir(parents=True)
    dirs.setup.write_bytes(b"\x00\x01 not a setup")
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        assert app.screen.query_one("#name-0", Input).value == "Ann"
        assert any(str(dirs.setup) in str(n.message) for n in app._notifications)
    kept = list(dirs.state.glob("setup-unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x00\x01 not a setup"
