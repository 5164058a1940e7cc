"""Screens that must not mislead (issue 10, section 4), driven through the real
app with Pilot: the setup screen's focus, the scoresheet's rebid points, the
theme kept between runs (in the settings since issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_driver import delivered, drawn, until
from test_ui_saves_setup import open_setup
from textual.color import Color

from ohseven_tui.ui.app import OhSevenApp

SIZE = (120, 40)
THEMES = ("textual-dark", "textual-light")  # the two the card shades are made for


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))



def drawn_cells(app, widget) -> list[tuple[str, Color, Color]]:
    """(character, background, foreground) of each cell the compositor draws across
    the middle row of ``widget``: what the player sees, after every rule and tint."""
    region = widget.region
    strip = app.screen._compositor.render_strips()[region.y + region.height // 2]
    cells, x = [], 0
    for segment in strip:
        style = segment.style
        for char in segment.text:
            if region.x <= x < region.right:
                back, fore = Color.from_rich_color(style.bgcolor), Color.from_rich_color(style.color)
                cells.append((char, *((fore, back) if style.reverse else (back, fore))))
            x += 1
    return cells


def distance(a: Color, b: Color) -> float:
    return sum((x - y) ** 2 for x, y in zip(a.rgb, b.rgb)) ** 0.5


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    def luminance(c: Color) -> float:
        lin = [v / 255 / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c.rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# 256-colour 234 against 235 (the old focus cue) is about 17 apart; a cue a
# player sees at a glance is far more than that.
CLEAR = 100
READABLE = 3.0  # WCAG's least contrast for large text and user-interface parts
CHOICES = ("#rules", "#players", "#speed", "#seed", "#name-0", "#kind-0", "#start")


@pytest.mark.parametrize("theme", THEMES)
async def test_setup_focus_is_plain_to_see(theme):
    app = OhSevenApp(theme=theme)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        screen = app.screen
        for selector in CHOICES:
            widget = screen.query_one(selector)
            other = screen.query_one("#start" if selector != "#start" else "#rules")
            other.focus()
            await until(pilot, lambda other=other: screen.focused is other, "the focus away")
            await drawn(pilot, "the focus away drawn")
            blurred = drawn_cells(app, widget)
            widget.focus()
            await until(pilot, lambda widget=widget: screen.focused is widget, "the focus back")
            await drawn(pilot, "the focus drawn")
            assert screen.focused is widget
            focused = drawn_cells(app, widget)
            middle = len(focused) // 2
            assert distance(focused[middle][1], blurred[middle][1]) > CLEAR, (theme, selector, focused, blurred)
            for char, back, fore in focused:  # and every character of it still readable
                if not char.isspace():
                    assert contrast(back, fore) >= READABLE, (theme, selector, char, back, fore)


async def test_setup_help_line_says_enter_in_a_name_starts():
    app = OhSevenApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        from test_ui_driver import text

        title = " ".join(line.strip() for line in text(app).splitlines()[:2])
        assert "starts the game from a name" in title


def rebid_won_game():
    """Round 1 of DEAL_A: bids 3D, 1C, 2H, 1S sum to 7, so Ann (top bid 3D) wins
    the R11 point at once; the rebid (3S, 0C, 1H, 2S: sum 6) stands and Ann leads."""
    from helpers import act
    from test_rules_oh_seven import BIDS_A, DEAL_A

    from ohseven_tui.games.ohhell import Game, Seat, make_rules

    game = Game(make_rules("oh-seven", 4), seed=1, stacked_deals=[DEAL_A],
                seats=[Seat("Ann", "human")] + [Seat(n, "normal") for n in ("Bea", "Cid", "Dot")])
    act(game, "deal", "0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S", *BIDS_A)
    return game


def sheet_row(drawn: str, name: str) -> list[str]:
    """The words of ``name``'s first line on the drawn scoresheet."""
    line = next(line for line in drawn.splitlines() if line.split()[:1] == [name])
    return line.split()


async def test_scoresheet_during_play_shows_the_rebid_point_already_won():
    from test_ui_driver import text, wait_for_input

    from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
    from ohseven_tui.ui.screens.table import TableScreen

    game = rebid_won_game()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(await wait_for_input(pilot), TableScreen)  # Ann leads trick 1
        tables = app.screen
        await pilot.press("t")
        await until(pilot, lambda: app.screen is not tables, "the scoresheet")
        assert isinstance(app.screen, ScoresheetScreen)
        drawn = text(app)
        # As the seats say: Ann 1 (R11), the others 0; R1's cell has the point.
        ann = sheet_row(drawn, "Ann")
        assert ann[1:] == ["3/0", "+1", "1", "★"]
        lines = drawn.splitlines()
        assert lines[lines.index(next(ln for ln in lines if ln.split()[:1] == ["Ann"])) + 1].split() == ["→1"]
        for name in ("Bea", "Cid", "Dot"):
            assert sheet_row(drawn, name)[-1] == "0"


def rebid_game():
    """DEAL_A after bids 3D, 1C, 2H, 1S (sum 7): the rebid is open, Ann to bid again."""
    from helpers import act
    from test_rules_oh_seven import DEAL_A

    from ohseven_tui.games.ohhell import Game, Seat, make_rules

    game = Game(make_rules("oh-seven", 4), seed=1, stacked_deals=[DEAL_A],
                seats=[Seat("Ann", "human")] + [Seat(n, "normal") for n in ("Bea", "Cid", "Dot")])
    act(game, "deal", "0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S")
    return game


@pytest.mark.parametrize("ascii, shown", [(False, "3♦"), (True, "3D")])
async def test_rebid_with_a_card_already_bid_names_it_with_the_screens_suits(ascii, shown):
    from test_ui_driver import text, wait_for_input

    from ohseven_tui.engine import parse_card
    from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
    from ohseven_tui.ui.widgets.hand import HandView

    app = OhSevenApp(game=rebid_game(), bot_delay=0, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        hand = screen.query_one(HandView)
        await pilot.press(str(list(hand.cards).index(parse_card("3D")) + 1), "enter")
        await pilot.pause()
        line = next(line for line in text(app).splitlines() if "already bid" in line)
        assert f"already bid with {shown} " in line
        other = "3D" if shown == "3♦" else "3♦"
        assert other not in line


async def test_passing_one_card_says_it_not_them():
    from helpers import play_first_legal
    from test_ui_driver import text, wait_for_input

    from ohseven_tui.games.ohhell import Game, Phase, Seat, make_rules
    from ohseven_tui.ui.screens.ohhell.passing import PassScreen

    game = Game(make_rules("oh-seven", 4, passing=True), seed=5,
                seats=[Seat("Ann", "human")] + [Seat(n, "normal") for n in ("Bea", "Cid", "Dot")])
    play_first_legal(game, lambda g: g.phase is Phase.PASS)  # round 2 (R6: 1 card to the left)
    assert game.round_number == 2
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, PassScreen) and screen.obs.pass_count == 1
        await pilot.press("1")
        await pilot.pause()
        drawn = text(app)
        assert "press Enter to pass it." in drawn
        assert "them" not in drawn  # nor in the footer


SUIT_WORDS = (("S", "Spades"), ("H", "Hearts"), ("D", "Diamonds"), ("C", "Clubs"))  # R2 order, high first


def s4_by_hand(save_id: str) -> str:
    """S4 from the raw record: rounds per trump suit, every suit, high suit first."""
    from test_ui_saves import raw

    rounds = raw(save_id)["record"]["rounds"]
    counts = {letter: sum(r["trump"] == letter for r in rounds if r["points"] is not None)
              for letter, _ in SUIT_WORDS}
    text = ", ".join(f"{word} {counts[letter]}" for letter, word in SUIT_WORDS)
    none = sum(r["trump"] is None for r in rounds if r["points"] is not None)
    return text + (f", no trump {none}" if none else "")


@pytest.mark.parametrize("save_id", ["redeal-2p", "sim-61-0001"])
async def test_the_app_and_the_cli_name_the_trump_suits_alike(save_id, tmp_path, capsys):
    import shutil

    from test_ui_saves import SAMPLES, open_review, text_of
    from textual.widgets import Static

    from ohseven_tui.cli import main

    expected = s4_by_hand(save_id)
    save_dir = tmp_path / "saves"
    shutil.copytree(SAMPLES, save_dir, ignore=shutil.ignore_patterns("*.py", "*.sh", "*.md"))
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=(140, 45)) as pilot:
        screen = await open_review(pilot, save_id)
        await pilot.press("t")
        await pilot.pause()
        stats = text_of(screen.query_one("#review-stats", Static))
    assert f"trump: {expected}" in " ".join(stats.split())
    for fmt in ("show", "md"):
        argv = ["show", save_id] if fmt == "show" else ["export", save_id, "--format", "md"]
        assert main(["scores", *argv, "--save-dir", str(save_dir)]) == 0
        out = capsys.readouterr().out
        (line,) = [line for line in out.splitlines() if "trump selection" in line or "trump turned" in line]
        assert expected in line, (fmt, line)


async def pick_theme_in_the_palette(pilot, name: str) -> None:
    """Ctrl+P → "Theme" → ``name``, as a player does it: each Enter once the
    palette highlights what the player looks for."""
    from test_ui_driver import until
    from textual.command import CommandList, CommandPalette

    app = pilot.app

    def highlighted() -> str:
        if not isinstance(app.screen, CommandPalette):
            return ""
        found = app.screen.query_one(CommandList)
        if found.highlighted is None:
            return ""
        return str(found.get_option_at_index(found.highlighted).prompt)

    await pilot.press("ctrl+p")
    await pilot.press(*"theme")
    await until(pilot, lambda: "Change the current theme" in highlighted(), "the palette offered the theme command")
    await pilot.press("enter")
    await until(pilot, lambda: highlighted() and "Change the current theme" not in highlighted(),
                "the palette listed the themes")
    await pilot.press(*name)
    await until(pilot, lambda: name in highlighted(), f"the palette offered {name}")
    await pilot.press("enter")
    await until(pilot, lambda: app.theme == name, f"the theme became {name}")


async def test_the_theme_chosen_in_the_palette_is_kept_for_the_next_run(tmp_path):
    import json
    import os

    save_dir = tmp_path / "saves"
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen" and app.screen.is_mounted, "the menu")  # the theme is restored before it
        assert app.theme == "textual-dark"  # Textual's default: nothing kept yet
        await pick_theme_in_the_palette(pilot, "textual-light")
    settings = Path(os.environ["XDG_CONFIG_HOME"]) / "ohseven" / "settings.json"  # the settings (issue 12)
    assert json.loads(settings.read_text("utf-8"))["settings"]["theme"] == "textual-light"
    prefs = save_dir / ".state" / "prefs.json"  # the menu's first-run tutorial offer may be kept there
    assert not prefs.exists() or "theme" not in json.loads(prefs.read_text("utf-8"))
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen" and app.screen.is_mounted, "the menu")  # the theme is restored before it
        assert app.theme == "textual-light"
        assert app.current_theme.dark is False


async def test_a_theme_kept_by_an_older_version_is_read_once_into_the_settings(tmp_path):
    from ohseven_tui import storage
    from ohseven_tui.settings import load

    dirs = storage.save_dirs(tmp_path / "saves")
    storage.save_prefs(dirs, {"theme": "nord"})
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen" and app.screen.is_mounted, "the menu")  # the theme is restored before it
        assert app.theme == "nord"
    assert load().settings.theme == "nord"  # moved into the settings
    storage.save_prefs(dirs, {"theme": "dracula"})  # never read again once settings exist
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen" and app.screen.is_mounted, "the menu")  # the theme is restored before it
        assert app.theme == "nord"


async def test_an_unreadable_old_preferences_file_gives_a_notice_the_default_and_is_kept(tmp_path):
    state = tmp_path / "saves" / ".state"
    state.mkdir(parents=True)
    (state / "prefs.json").write_bytes(b"\x1b[2J not prefs")
    app = OhSevenApp(save_dir=tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen" and app.screen.is_mounted, "the menu")  # the theme is restored before it
        assert app.theme == "textual-dark"
        assert any("prefs.json" in str(n.message) for n in app._notifications)
        assert type(app.screen).__name__ == "MenuScreen"
    kept = list(state.glob("prefs-unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x1b[2J not prefs"


async def test_review_of_an_unfinished_save_shows_the_rebid_point_already_won(tmp_path):
    from test_ui_saves import open_review, text_of
    from textual.widgets import Static

    from ohseven_tui import storage

    save_dir = tmp_path / "saves"
    storage.write_save(save_dir / "mid-round.json", rebid_won_game())
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=(140, 45)) as pilot:
        screen = await open_review(pilot, "mid-round")
        sheet = text_of(screen.query_one("#review-sheet", Static))
    assert sheet_row(sheet, "Ann")[1:] == ["3/0", "+1", "1", "★"]
    for name in ("Bea", "Cid", "Dot"):
        assert sheet_row(sheet, name)[-1] == "0"


async def test_setup_tab_visits_only_choices_one_can_see_focused(tmp_path):
    """Every Tab stop is a control (no empty stop on the scrolling body)."""
    from test_ui_driver import wait_for_input
    from textual.widgets import Button, Input, Select

    app = OhSevenApp(bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_input(pilot)
        await pilot.press("enter")  # New game
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        await wait_for_input(pilot)
        for _ in range(16):
            assert isinstance(app.focused, (Button, Input, Select)), type(app.focused).__name__
            await pilot.press("tab")
