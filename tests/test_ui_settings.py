"""The settings screen and what the settings change (issue 12, section 2), driven
through the real app with Pilot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_ui_driver import delivered, resized, until, wait_for_input
from textual.widgets import Input, Select, Static

from ohseven_tui.settings import Settings
from ohseven_tui.settings import load as load_settings
from ohseven_tui.ui.app import OhSevenApp

SIZE = (80, 24)  # the smallest size that must be fully usable


@pytest.fixture(autouse=True)
def config(monkeypatch, tmp_path) -> Path:
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def saved(config: Path) -> dict:
    return json.loads((config / "settings.json").read_text("utf-8"))["settings"]


async def at_menu(pilot) -> None:
    await until(pilot, lambda: type(pilot.app.screen).__name__ == "MenuScreen" and pilot.app.screen.is_mounted,
                "the menu")


async def open_settings(pilot) -> None:
    await at_menu(pilot)
    await pilot.press("s")  # the menu's key
    await until(pilot, lambda: type(pilot.app.screen).__name__ == "SettingsScreen" and pilot.app.screen.is_mounted,
                "the settings")
    await pilot.pause()  # its first focus and paint
    assert type(pilot.app.screen).__name__ == "SettingsScreen"


async def choose(pilot, select_id: str, label: str) -> None:
    """Tab to the choice, open it with Enter, go to ``label`` with the arrows, Enter."""
    app = pilot.app
    for _ in range(12):  # a tab a step, each waited for: at most as many as there are choices
        if app.focused is not None and app.focused.id == select_id:
            break
        before = app.focused
        await pilot.press("tab")
        await until(pilot, lambda before=before: app.focused is not before, "the tab taken (the focus moved)")
    assert app.focused is not None and app.focused.id == select_id
    select = app.screen.query_one(f"#{select_id}", Select)
    await pilot.press("enter")
    await until(pilot, lambda: select.expanded, f"the {select_id} list open")
    labels = [str(prompt) for prompt, _ in select._options]
    here = labels.index(next(str(p) for p, v in select._options if v == select.value))
    step = labels.index(label) - here
    value = next(v for p, v in select._options if str(p) == label)
    await pilot.press(*(["down"] * step if step > 0 else ["up"] * -step), "enter")
    key = select_id.replace("-", "_")
    await until(pilot, lambda: not select.expanded and getattr(app.settings, key) == value,
                f"{label!r} chosen for {key} (the list closed, the setting changed)")


async def test_the_screen_turns_on_ascii_suits_at_once_and_saves_it(config):
    app = OhSevenApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_settings(pilot)
        assert not (config / "settings.json").exists()
        await choose(pilot, "ascii-suits", "on")
        assert app.ascii_cards is True
        assert saved(config)["ascii_suits"] is True
        await pilot.press("escape")
        await at_menu(pilot)
        banner = str(app.screen.query_one("#banner", Static).render())
        assert "S H" in banner and "♠" not in banner  # applied to the menu under it
    app = OhSevenApp()  # the next run starts with it
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        assert app.ascii_cards is True and app.settings.ascii_suits is True


async def test_every_choice_fits_and_is_reachable_at_80x24(config):
    app = OhSevenApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_settings(pilot)
        await choose(pilot, "bell", "off")  # the last choice
        assert saved(config)["bell"] is False
        focused = app.focused
        assert focused is not None and focused.region.bottom <= SIZE[1] - 1  # above the footer


async def test_the_name_is_saved_and_is_seat_1s_at_setup(config):
    app = OhSevenApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_settings(pilot)
        assert app.focused is app.screen.query_one("#name", Input)
        await pilot.press(*"Zoë", "enter")
        await until(pilot, lambda: app.settings.name == "Zoë", "the name taken (set and saved at once)")
        assert saved(config)["name"] == "Zoë"
        await pilot.press("escape", "n")
        await until(pilot, lambda: app.screen.query("#name-0"), "the setup's first name")
        await pilot.pause()
        assert app.screen.query_one("#name-0", Input).value == "Zoë"


async def test_bot_speed_and_colours_apply_to_the_table_at_once(config):
    from ohseven_tui.ui import cards
    from ohseven_tui.ui.setup import GameSetup

    setup = GameSetup.default()
    setup.seed = 3
    app = OhSevenApp(setup=setup)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_input(pilot)  # the table asks Ann for her bid
        table = app.table()
        assert table is not None and table.delay == 0.6  # normal, the default
        app.action_settings()  # what the command palette's Settings does
        await until(pilot, lambda: type(app.screen).__name__ == "SettingsScreen" and app.focused is not None,
                    "the settings, focused")
        await choose(pilot, "bot-speed", "slow (1.2s)")
        assert table.delay == 1.2 and app.bot_delay == 1.2
        def hand_colours() -> set[str]:
            from ohseven_tui.ui.widgets.hand import CardFace

            return {str(face.content.style) for face in table.query(CardFace) if face.display}

        before = hand_colours()
        await choose(pilot, "colour-blind", "on")
        assert cards.palette_name() == "colour-blind"
        assert hand_colours() != before  # the hand at the table is drawn again in the new colours
        assert saved(config)["bot_speed"] == "slow" and saved(config)["colour_blind"] is True
        await choose(pilot, "hand-sort", "by rank")
        assert table.hand_sort == "rank" and saved(config)["hand_sort"] == "rank"


async def test_the_command_palette_offers_settings(config):
    app = OhSevenApp()
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Settings" in titles


async def test_a_corrupt_settings_file_gives_defaults_and_one_notice(config):
    config.mkdir(parents=True)
    (config / "settings.json").write_bytes(b"\x1b]0;owned\x07 {")
    app = OhSevenApp()
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        assert app.settings == Settings()
        notices = [str(n.message) for n in app._notifications if "settings.json" in str(n.message)]
        assert len(notices) == 1 and "\x1b" not in notices[0]
        assert type(app.screen).__name__ == "MenuScreen"
    (kept,) = config.glob("settings-unreadable-*.json")
    assert kept.read_bytes() == b"\x1b]0;owned\x07 {"


async def test_an_unknown_theme_in_the_settings_is_said_once_and_kept_in_the_file(config):
    # A theme this Textual does not have (a newer version's, or a typo made by hand):
    # the default is used, one notice says so, and the file keeps the player's choice.
    config.mkdir(parents=True)
    body = {"format": "ohseven-settings", "version": 1, "settings": {"theme": "no-such-theme"}}
    (config / "settings.json").write_text(json.dumps(body), "utf-8")
    before = (config / "settings.json").read_bytes()
    app = OhSevenApp()
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        notices = [str(n.message) for n in app._notifications if "no-such-theme" in str(n.message)]
        assert len(notices) == 1, [str(n.message) for n in app._notifications]
        assert "theme" in notices[0] and "default" in notices[0], notices[0]
        assert app.theme != "no-such-theme"
    assert (config / "settings.json").read_bytes() == before


# ------------------------------------------------------------------ flags and animations
async def test_reduced_motion_and_the_animations_setting_turn_animations_off(config):
    async with OhSevenApp().run_test(size=SIZE) as pilot:
        assert pilot.app.animation_level == "full"
    async with OhSevenApp(reduced_motion=True).run_test(size=SIZE) as pilot:
        assert pilot.app.animation_level == "none"
    load_settings().save(Settings(animations=False))
    async with OhSevenApp().run_test(size=SIZE) as pilot:
        assert pilot.app.animation_level == "none"


def test_the_reduced_motion_flag_reaches_the_app(monkeypatch):
    from ohseven_tui.cli import main

    seen = {}

    def run(self, *args, **kwargs):
        seen["level"] = self.animation_level
        seen["ascii"] = self.ascii_cards
        seen["theme"] = self.theme

    monkeypatch.setattr(OhSevenApp, "run", run)
    monkeypatch.setattr("ohseven_tui.commands.play.no_terminal", lambda: None)  # as in a terminal
    assert main(["--reduced-motion", "--ascii", "--theme", "textual-light"]) == 0
    assert seen == {"level": "none", "ascii": True, "theme": "textual-light"}
    assert main(["play"]) == 0
    assert seen["level"] == "full" and seen["ascii"] is False


def test_an_unknown_theme_flag_is_one_line(capsys):
    from ohseven_tui.cli import main

    assert main(["play", "--theme", "\x1b[2Jneon"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--theme" in err and "\x1b" not in err


async def test_flags_override_the_settings_for_the_run_without_saving(config):
    load_settings().save(Settings(bot_speed="slow", theme="nord"))
    app = OhSevenApp(bot_delay=0.25, theme="textual-light", ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        assert (app.bot_delay, app.theme, app.ascii_cards) == (0.25, "textual-light", True)
    assert saved(config)["bot_speed"] == "slow" and saved(config)["theme"] == "nord"
    assert saved(config)["ascii_suits"] is False
    app = OhSevenApp()
    async with app.run_test(size=SIZE) as pilot:
        await at_menu(pilot)
        assert (app.bot_delay, app.theme, app.ascii_cards) == (1.2, "nord", False)


async def test_the_settings_screen_survives_tiny_terminals_and_its_keys(config):
    app = OhSevenApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_settings(pilot)
        for width, height in ((10, 4), (80, 3), (79, 23)):
            await resized(pilot, width, height)
            for key in ("tab", "tab", "pagedown", "pageup", "shift+tab", "end", "home"):
                await pilot.press(key)
            await delivered(pilot, "the keys")
            assert app.is_running and type(app.screen).__name__ == "SettingsScreen", (width, height)
        await pilot.press("escape")
        await at_menu(pilot)
        assert type(app.screen).__name__ == "MenuScreen"


async def test_the_name_is_seat_1s_in_a_game_started_from_the_command_line(config):
    from ohseven_tui.ui.setup import GameSetup

    load_settings().save(Settings(name="Zoë"))
    setup = GameSetup.default()
    setup.seed = 2
    app = OhSevenApp(setup=setup, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, app.table, "the table")
        table = app.table()
        assert table is not None and [s.name for s in table.table.game.seats] == ["Zoë", "Bea", "Cid", "Dot"]


def test_the_colour_blind_palette_has_no_red_and_no_green():
    """Hues by hand: red is about 0°, green about 120°; each suit keeps its own hue."""
    import colorsys

    from textual.color import Color

    from ohseven_tui.engine import Suit
    from ohseven_tui.ui import cards

    cards.use_palette(colour_blind=True)
    try:
        for dark in (True, False):
            hues = []
            for suit in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
                colour = Color.parse(cards.suit_style(suit, dark).split()[-1])
                hue = colorsys.rgb_to_hsv(*(v / 255 for v in colour.rgb))[0] * 360
                assert not (hue < 20 or hue > 345), (suit, dark, hue)  # red
                assert not (75 < hue < 165), (suit, dark, hue)  # green
                hues.append(hue)
            assert min(abs(a - b) for i, a in enumerate(hues) for b in hues[i + 1:]) > 60, hues
            assert cards.suit_style(Suit.SPADES, dark) == "bold"  # the text colour
    finally:
        cards.use_palette(colour_blind=False)


async def test_the_name_field_opens_with_the_cursor_after_the_name_not_the_name_selected(config):
    """A stray key on opening Settings adds to the name; it never replaces it."""
    app = OhSevenApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_settings(pilot)
        await pilot.press(*"Zoë", "enter", "escape")
        await open_settings(pilot)
        field = app.screen.query_one("#name", Input)
        assert app.focused is field and field.value == "Zoë"
        assert field.selection.is_empty and field.cursor_position == len("Zoë")
        await pilot.press("x")
        assert field.value == "Zoëx"


async def test_a_name_longer_than_the_field_says_where_it_stops(config):
    from ohseven_tui.settings import NAME_LENGTH
    from ohseven_tui.ui.snapshot import screen_text

    app = OhSevenApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_settings(pilot)
        shown = screen_text(app)
        assert f"up to {NAME_LENGTH}" in shown  # said before it matters
        await pilot.press(*"Maximilianus Augustus")
        field = app.screen.query_one("#name", Input)
        assert field.value == "Maximilianus Augustus"[:NAME_LENGTH]
        await pilot.pause()
        shown = screen_text(app)
        assert f"{NAME_LENGTH} characters at most" in shown, shown
