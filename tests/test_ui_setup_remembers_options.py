"""New game shows the last setup's game options as they were chosen (README, Saved
games: "your last setup" is kept in the state folder), found trying the app in tmux:
a game started with card passing on came back as "Card passing off" at the next New
game. The screen's check for another game's choices dropped every choice that was
False (it took Widget.BLANK, a flag that is False, for the Select's blank), so an
option with a False choice (card passing, the joker) was put back to its default.
Driven through the real app with Pilot; the games and options come from the registry."""

from __future__ import annotations

import pytest
from test_ui_driver import handled, until
from textual.widgets import Select

from ohseven_tui.engine import registry
from ohseven_tui.storage import save_dirs, save_setup
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.setup import SetupScreen, option_id
from ohseven_tui.ui.setup import default_bot

GAMES_WITH_OPTIONS = [spec for spec in registry.games() if spec.options]


@pytest.mark.parametrize("spec", GAMES_WITH_OPTIONS, ids=lambda spec: spec.name)
async def test_new_game_shows_the_remembered_options(spec, tmp_path):
    dirs = save_dirs(tmp_path / "saves")
    dirs.state.mkdir(parents=True)
    # every option at a choice other than its default: what a player changed last time
    options = {opt.name: next(c for c in opt.choices if c != opt.default) for opt in spec.options}
    seats = [{"name": f"P{i}", "player": "human" if i == 0 else default_bot(spec.name)}
             for i in range(spec.players[0])]
    save_setup(dirs, {"seats": seats, "game": spec.name, "options": options, "bot_delay": 0.6})
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen", "the menu")
        await pilot.press("n")  # New game
        screen = await until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.is_mounted
                             and app.screen, "the setup")
        for select in screen.query(Select):  # each Select's Changed on mount, then the screen's handling of it
            await handled(pilot, select, f"{select.id} mounted")
        await handled(pilot, screen, "the setup's messages")
        assert screen.query_one("#rules", Select).value == spec.name
        shown = {opt.name: screen.query_one(f"#{option_id(opt)}", Select).value for opt in spec.options}
        assert shown == options
        assert screen.choices().options == options
