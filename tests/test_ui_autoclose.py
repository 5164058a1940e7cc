"""Screens that close themselves in watch mode, with another screen opened over them
(issue 19, section 8): the last trick, the help, the command palette. The self-closing
screen's time runs out behind the modal; it must not close then (it used to pop the
modal instead, then crash with InvalidStateError when Enter dismissed it a second
time), and it must close, once, after the modal closes.

Driven through the real app at instant bot speed, where the auto delay is a
millisecond. The watcher "presses p" (the pause action) the moment the screen shows,
so the modal can open before the screen's time is up, whatever the machine's pace;
with the modal open, p again lets the time run out behind it. Nothing waits for the
clock: the waits are for the screen stack, with a generous
fail-safe; the one timer the test sets (``_after_the_screens_time``) only orders
itself after the screen's own, it is never measured."""

from __future__ import annotations

import asyncio
import importlib
import pkgutil

import pytest
from test_ui_driver import delivered, handled
from textual.command import CommandList, CommandPalette

import ohseven_tui.ui.screens as screens_package
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.autoclose import AutoClose
from ohseven_tui.ui.screens.confirm import ConfirmScreen
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.help import HelpScreen
from ohseven_tui.ui.screens.last_trick import LastTrickScreen
from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.table import TableScreen

FAIL_SAFE = 60.0  # seconds: only so that a broken app ends the test instead of hanging it
PAUSE_RETRY = 0.2  # a paused watcher's screen looks again this often (AutoClose)



def watched_game(name: str):
    players = registry.game_spec(name).check_options({})["players"]
    seats = [Seat(n, "easy") for n in ("Ann", "Bea", "Cid", "Dot", "Eve", "Fay", "Gus")[:players]]
    return registry.new_game(name, {}, seed=4, seats=seats)


def mid_game_summary(screen) -> bool:
    return isinstance(screen, RoundSummaryScreen) and screen.then == "the scoresheet"


def final_summary(screen) -> bool:
    return isinstance(screen, RoundSummaryScreen) and screen.then == "the final scores"


def round_scoresheet(screen) -> bool:
    return isinstance(screen, ScoresheetScreen) and screen.auto is not None


def bid_reveal(screen) -> bool:
    return isinstance(screen, RevealScreen)


# The screens a watcher can open over a self-closing one: how, the screen that opens,
# the key that closes it. The summary and the reveal are modal, so the app's F1 and ?
# do not reach them (help opens there through the palette's Rules); Esc closes the
# summary and the scoresheet (no leave confirmation opens over them) and does nothing
# on the reveal: `test_keys_that_close_a_self_closing_screen_close_it_once` has those.
LAST_TRICK = ("l", ("l",), LastTrickScreen, "enter")
HELP_F1 = ("f1", ("f1",), HelpScreen, "escape")
HELP_QUESTION = ("question", ("question_mark",), HelpScreen, "escape")
PALETTE = ("palette", ("ctrl+p",), CommandPalette, "escape")
PALETTE_RULES = ("palette-rules", ("ctrl+p", "Rules", "enter"), HelpScreen, "escape")

SELF_CLOSING = {
    "summary": (mid_game_summary, (LAST_TRICK, PALETTE, PALETTE_RULES)),
    "scoresheet": (round_scoresheet, (LAST_TRICK, HELP_F1, HELP_QUESTION, PALETTE, PALETTE_RULES)),
    "reveal": (bid_reveal, (PALETTE, PALETTE_RULES)),  # no `l`: the round's first trick is not played yet
    "final-summary": (final_summary, (LAST_TRICK, PALETTE)),
}
GAMES = {"summary": ("oh-seven", "watten"), "scoresheet": ("oh-seven", "watten"), "reveal": ("oh-seven", "classic"),
         "final-summary": ("oh-seven",)}

CASES = [pytest.param(game, wanted, modal, id=f"{name}-{game}-{modal[0]}")
         for name, (wanted, modals) in SELF_CLOSING.items() for game in GAMES[name] for modal in modals]

COVERED = {RoundSummaryScreen, ScoresheetScreen, RevealScreen}


async def until(pilot, done, what: str) -> None:
    """Let the app run until ``done()``; the clock is only a fail-safe."""
    async def poll() -> None:
        while not done():
            assert pilot.app.return_code is None, f"the app ended: {pilot.app.crash_report}"
            await pilot.pause(0.01)

    try:
        await asyncio.wait_for(poll(), FAIL_SAFE)
    except asyncio.TimeoutError:
        raise AssertionError(f"never: {what} (screen {type(pilot.app.screen).__name__})") from None


async def open_over(pilot, keys) -> None:
    """Press ``keys``; in the palette, type a command and run it once it is listed."""
    app = pilot.app
    await pilot.press(keys[0])
    if len(keys) > 1:
        await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette opened")
        await pilot.press(*keys[1])
        await until(pilot, lambda: app.screen.query_one(CommandList).option_count > 0, f"{keys[1]} listed")
        await pilot.press(*keys[2:])


async def _after_the_screens_time(app) -> None:
    """Return once the self-closing screen's pending timer (armed before this call,
    for at most PAUSE_RETRY seconds) has had its turn: this timer is set later and
    for longer, and the event loop wakes timers in the order of their deadlines."""
    fired = asyncio.Event()
    app.set_timer(PAUSE_RETRY * 1.5, fired.set)
    await asyncio.wait_for(fired.wait(), FAIL_SAFE)


def _stop_on(app, wanted):
    """The watcher presses p the moment the first screen ``wanted`` accepts shows."""
    caught = []

    def on_screen(screen) -> None:
        if not caught and wanted(screen):
            caught.append(screen)
            app.action_pause()  # what p does on these screens

    app.screen_change_signal.subscribe(app, on_screen, immediate=True)
    return caught


@pytest.mark.parametrize("game_name, wanted, modal", CASES)
async def test_a_self_closing_screen_waits_under_a_modal_and_closes_once_after_it(game_name, wanted, modal):
    _, keys, modal_screen, close_key = modal
    game = watched_game(game_name)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        caught = _stop_on(app, wanted)
        await until(pilot, lambda: caught and app.screen is caught[0] and caught[0].is_mounted,
                    "the self-closing screen showed")
        screen = caught[0]
        under = app.screen_stack[-2]
        moves = len(game.history)
        await open_over(pilot, keys)
        await until(pilot, lambda: isinstance(app.screen, modal_screen), f"{keys} opened {modal_screen.__name__}")
        app.action_pause()  # p again: the watcher goes on, and the screen's time runs out behind the modal
        await _after_the_screens_time(app)
        # The screen's timer has fired; what it does comes through the screen, then the app.
        await handled(pilot, screen, "the screen's time out")
        await handled(pilot, app, "what the time out asked of the app")
        assert isinstance(app.screen, modal_screen), "the screen behind closed the modal in front of it"
        assert app.screen_stack[-2] is screen

        await pilot.press(close_key)
        await until(pilot, lambda: screen not in app.screen_stack, "the screen closed after the modal")
        assert app.crash_report is None and app.return_code is None
        assert under in app.screen_stack  # what lay under it was not closed too
        if wanted is final_summary:
            await delivered(pilot, close_key)
            assert app.screen is under and isinstance(under, GameOverScreen)
        else:
            await until(pilot, lambda: len(game.history) > moves, "the bots played on")
            assert app.crash_report is None and app.return_code is None


@pytest.mark.parametrize("game_name", ["oh-seven", "watten"])
async def test_enter_on_the_summary_after_its_time_ran_out_under_the_last_trick_does_not_crash(game_name):
    """The issue's steps: the summary, `l`, its time runs out behind, Enter, Enter."""
    game = watched_game(game_name)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        caught = _stop_on(app, mid_game_summary)
        await until(pilot, lambda: caught and app.screen is caught[0] and caught[0].is_mounted, "the summary")
        summary = caught[0]
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LastTrickScreen), "the last trick opened")
        app.action_pause()  # p: the watcher goes on
        await _after_the_screens_time(app)
        app.action_pause()  # paused again: Enter, not the clock, closes the summary now
        await pilot.press("enter")  # closes the last trick
        await until(pilot, lambda: app.screen is summary, "back on the summary")
        await pilot.press("enter")  # closes the summary: on to the scoresheet
        await until(pilot, lambda: summary not in app.screen_stack, "the summary closed")
        await delivered(pilot, "the Enters")
        assert app.crash_report is None and app.return_code is None
        assert isinstance(app.screen, ScoresheetScreen)
        assert any(isinstance(s, TableScreen) for s in app.screen_stack)


def test_every_self_closing_screen_is_covered_above():
    for info in pkgutil.walk_packages(screens_package.__path__, screens_package.__name__ + "."):
        importlib.import_module(info.name)

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    assert set(subclasses(AutoClose)) == COVERED


@pytest.mark.parametrize("name, key", [("summary", "escape"), ("summary", "t"), ("summary", "enter"),
                                        ("scoresheet", "escape"), ("scoresheet", "enter"), ("reveal", "enter")])
async def test_keys_that_close_a_self_closing_screen_close_it_once(name, key):
    """Esc on these screens closes them, like Enter: no leave confirmation opens over them."""
    wanted = SELF_CLOSING[name][0]
    game = watched_game("oh-seven")
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        caught = _stop_on(app, wanted)
        await until(pilot, lambda: caught and app.screen is caught[0] and caught[0].is_mounted, f"the {name}")
        screen, under = caught[0], app.screen_stack[-2]
        await pilot.press(key)
        await until(pilot, lambda: screen not in app.screen_stack, f"{key} closed the {name}")
        await delivered(pilot, key)
        assert app.crash_report is None and app.return_code is None
        assert under in app.screen_stack
        assert not any(isinstance(s, ConfirmScreen) for s in app.screen_stack)
