"""The strength ladder a player can see (issue 21, section 5): setup names each
bot that plays the chosen game with a few words on what it does, weakest first,
and help describes every strength."""

from __future__ import annotations

from test_ui_driver import delivered, text, wait_for_input

from ohseven_tui.bots import bot_specs, bots_for
from ohseven_tui.engine import registry
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.help import help_text
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.setup import SetupScreen


def joined(shown: str) -> str:
    return " ".join(shown.split())


async def test_setup_describes_each_bot_that_plays_the_chosen_game_weakest_first(tmp_path):
    app = OhSevenApp(bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(await wait_for_input(pilot), MenuScreen)
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, SetupScreen)
        await pilot.pause()
        shown = joined(text(app))
        game = registry.default_game().name
        names = bots_for(game)
        assert len(names) >= 2
        specs = {b.name: b for b in bot_specs()}
        places = []
        for name in names:
            words = f"{name}: {specs[name].description}"
            assert specs[name].description and words in shown, words
            places.append(shown.index(words))
        assert places == sorted(places), "weakest first"


def test_help_describes_every_bot_strength():
    shown = help_text()
    for spec in bot_specs():
        assert spec.about, f"{spec.name} has no description for help"
        assert f"**{spec.label}**: {spec.about}" in shown
