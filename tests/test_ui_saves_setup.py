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
    app = pilot.app
    await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen" and app.screen.is_mounted, "the menu")
    menu = app.screen
    await pilot.press("n")  # New game on the main menu
    await until(pilot, lambda: app.screen is not menu and app.screen.is_mounted, "the setup")
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


async def test_a_bot_delay_flag_is_for_its_run_only(tmp_path):
    """Issue 36, section 4: ``ohseven play --bot-delay 0`` paces that run (its New game
    included) but is not kept: the next run's New game starts at the settings' speed."""
    from textual.widgets import Select

    dirs = save_dirs(tmp_path / "saves")
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0)  # what `ohseven play --bot-delay 0` starts
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        assert app.screen.query_one("#speed", Select).value == "instant"  # this run's pace
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "TableScreen" in [type(s).__name__ for s in app.screen_stack], "the table")
        assert app.bot_delay == 0
    assert load_setup(dirs)["bot_delay"] != 0
    app = OhSevenApp(save_dir=dirs.saves)  # the next run, without the flag
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        assert app.screen.query_one("#speed", Select).value == "normal"  # the settings' default
        assert app.bot_delay == 0.6


async def test_a_speed_chosen_in_the_setup_of_a_flagged_run_is_kept(tmp_path):
    """A speed the player picks is theirs, flag or not: it is remembered."""
    from textual.widgets import Select

    dirs = save_dirs(tmp_path / "saves")
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        app.screen.query_one("#speed", Select).value = "slow"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "TableScreen" in [type(s).__name__ for s in app.screen_stack], "the table")
        assert app.bot_delay == 1.2
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        assert app.screen.query_one("#speed", Select).value == "slow"
