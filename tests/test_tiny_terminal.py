"""Tiny terminals (issue 10, section 3): every screen survives every size down to
10x4 (and the 3-row terminal of the report), resizing, and the navigation keys
pressed there. Driven through the real app with Pilot: a hot-seat game with
passing goes through the hand-off, passing, bidding, reveal, table, last trick,
scoresheet, help and game over screens; then the menu, setup, saved games,
delete confirmation, review and players view.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from helpers import play_first_legal
from test_ui_driver import delivered, play_game, resized, until
from test_ui_saves import choose_from_menu, open_saved_games

from ohseven_tui.games.ohhell import Game, Phase, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp

ROOT = Path(__file__).resolve().parents[1]
NORMAL = (100, 30)
TINY = [(10, 4), (80, 3)]  # the smallest size promised, and the 3 rows of the report
KEYS = ["pageup", "pagedown", "home", "end", "up", "down", "tab", "left", "right"]


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


async def squeeze(pilot, keys=KEYS) -> None:
    """Every tiny size, the keys at each, then back to a normal size."""
    app = pilot.app
    screen = type(app.screen).__name__
    for width, height in TINY:
        await resized(pilot, width, height)
        for key in keys:
            await pilot.press(key)
        await delivered(pilot, "the keys")
        assert app.is_running, f"{screen} at {width}x{height}"
    await resized(pilot, *NORMAL)


async def test_the_main_menu_at_three_rows_and_page_up():
    """The report: a 3-row terminal plus PageUp on the main menu raised KeyError."""
    app = OhSevenApp()
    async with app.run_test(size=(80, 3)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen" and app.screen.is_mounted, "the menu")
        await pilot.press("pageup", "pagedown", "pageup")
        await delivered(pilot, "the keys")
        assert app.is_running


WANTED = {"HandoffScreen", "PassScreen", "BidScreen", "RevealScreen", "TableScreen", "RoundSummaryScreen",
          "ScoresheetScreen"}


async def test_every_game_screen_at_tiny_sizes(tmp_path):
    rules = make_rules("oh-seven", 3, passing=True)
    game = Game(rules, seed=5, seats=[Seat("Ann"), Seat("Bea"), Seat("Cid", "easy")])
    app = OhSevenApp(game=game, save_dir=tmp_path / "saves", bot_delay=0, reduced_motion=True)
    seen: set = set()
    async with app.run_test(size=NORMAL) as pilot:
        screen = None
        while True:
            screen = await play_game(pilot, stop=lambda s: type(s).__name__ not in seen or WANTED <= seen)
            name = type(screen).__name__
            seen.add(name)
            await squeeze(pilot)
            if name == "TableScreen" and "LastTrick" not in seen:
                seen.add("LastTrick")
                for view in ("l", "f1", "t"):  # last trick, help, scoresheet over the table
                    await pilot.press(view)
                    await delivered(pilot, view)
                    await squeeze(pilot)
                    await pilot.press("escape")
                    await delivered(pilot, "escape")
            if WANTED <= seen:
                break
        assert WANTED <= seen


async def test_game_over_at_tiny_sizes(tmp_path):
    """A game played headless into its last round, then to its end in the app."""
    rules = make_rules("oh-seven", 3)
    game = Game(rules, seed=6, seats=[Seat("Ann"), Seat("Bea", "easy"), Seat("Cid", "easy")])
    play_first_legal(game, lambda g: g.round_number == rules.rounds and g.phase is Phase.PLAY)
    app = OhSevenApp(game=game, save_dir=tmp_path / "saves", bot_delay=0, reduced_motion=True)
    async with app.run_test(size=NORMAL) as pilot:
        screen = await play_game(pilot)
        assert type(screen).__name__ == "GameOverScreen"
        await squeeze(pilot)


async def test_menu_setup_saved_games_review_and_confirm_at_tiny_sizes(tmp_path):
    saves = tmp_path / "saves"
    shutil.copytree(ROOT / "saves", saves, ignore=shutil.ignore_patterns("*.py", "*.sh", "*.md"))
    app = OhSevenApp(save_dir=saves, bot_delay=0, reduced_motion=True)
    def on_top(name: str):
        return until(pilot, lambda: type(app.screen).__name__ == name and app.screen.is_mounted, name)

    async with app.run_test(size=NORMAL) as pilot:
        await on_top("MenuScreen")
        await squeeze(pilot)  # the menu
        await pilot.press("n")
        await on_top("SetupScreen")
        assert type(app.screen).__name__ == "SetupScreen"
        await squeeze(pilot)
        await pilot.press("escape")
        await on_top("MenuScreen")
        await pilot.press("home")  # the squeeze moved the menu's highlight
        await open_saved_games(pilot)
        await squeeze(pilot)
        await pilot.press("x")
        await on_top("ConfirmScreen")
        assert type(app.screen).__name__ == "ConfirmScreen"
        await squeeze(pilot)
        await pilot.press("n")
        await on_top("SavedGamesScreen")
        await pilot.press("enter")
        await on_top("GameReviewScreen")
        assert type(app.screen).__name__ == "GameReviewScreen"
        for view in ("s", "t", "c", "r"):
            await pilot.press(view)
            await delivered(pilot, view)
            await squeeze(pilot, KEYS + ["bracketright"])
        await pilot.press("escape")
        await on_top("SavedGamesScreen")
        await pilot.press("p")
        await on_top("PlayersScreen")
        assert type(app.screen).__name__ == "PlayersScreen"
        await squeeze(pilot)
        await pilot.press("escape", "escape", "home")
        await on_top("MenuScreen")
        await delivered(pilot, "home")
        await choose_from_menu(pilot, "rules")
        assert type(app.screen).__name__ == "HelpScreen"
        await squeeze(pilot)


async def test_number_bids_at_tiny_sizes(tmp_path):
    """The Oh Hell number-bid screen (classic: bids in turn, the hook)."""
    game = Game(make_rules("classic", 3), seed=2, seats=[Seat("Ann"), Seat("Bea", "easy"), Seat("Cid", "easy")])
    app = OhSevenApp(game=game, save_dir=tmp_path / "saves", bot_delay=0, reduced_motion=True)
    async with app.run_test(size=NORMAL) as pilot:
        screen = await play_game(pilot, stop=lambda s: type(s).__name__ == "NumberBidScreen")
        assert type(screen).__name__ == "NumberBidScreen"
        await squeeze(pilot)
