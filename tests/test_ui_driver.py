"""Drives the real Oh-Seven app through Pilot, like a player at the keyboard (or
mouse). No screen is mocked: the driver looks at which screen is up and presses
keys or clicks cards. Hand-held truth (``game.hands``) is used only by the
privacy checks, never by the app.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from typing import Callable, Optional

from textual._time import get_time

from ohseven_tui.games.ohhell import Phase
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.number_bid import NumberBidScreen
from ohseven_tui.ui.screens.ohhell.passing import PassScreen
from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.setup import SetupScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.snapshot import screen_text
from ohseven_tui.ui.widgets.hand import HandView
from ohseven_tui.ui.widgets.numbers import NumberPicker

INPUT_SCREENS = (MenuScreen, SetupScreen, HandoffScreen, PassScreen, BidScreen, NumberBidScreen, RevealScreen,
                 RoundSummaryScreen, ScoresheetScreen, GameOverScreen)


async def wait_for_input(pilot, also: tuple = ()):
    """Let the bots run until the app waits for a person (on one of the input
    screens, or ``also``). Waits for the app, not for a number of steps (the bots
    think in threads: a busy machine takes more steps): the clock is a fail-safe."""
    app = pilot.app

    def asking():
        screen = app.screen
        if not screen.is_mounted or app.key_gate.pending is not None:  # pushed, but not drawn yet
            return None
        if isinstance(screen, NumberBidScreen):
            if not screen.query(NumberPicker):  # the picker is added after the first paint
                return None
        elif isinstance(screen, (PassScreen, BidScreen)) and not screen.query_one(HandView).cards:
            return None
        if isinstance(screen, INPUT_SCREENS + also):
            return screen
        if isinstance(screen, TableScreen) and screen.acting is not None:
            return screen
        return None

    async def poll():
        while True:
            _stopped(app)
            await pilot.pause()
            screen = asking()
            if screen is not None:
                return screen

    try:
        return await asyncio.wait_for(poll(), FAIL_SAFE)
    except asyncio.TimeoutError:
        tables = [s for s in app.screen_stack if isinstance(s, TableScreen)]
        state = (f"; table flow {tables[-1].controller.state.name}, acting {tables[-1].acting}, next "
                 f"{tables[-1].table.next_step()}") if tables else ""
        raise AssertionError(f"the app never asked for input (screen {type(app.screen).__name__}{state})") from None


def _stopped(app) -> None:
    """The app stopped on an exception: say so now, not after the fail-safe."""
    error = getattr(app, "_exception", None)
    if error is not None:
        raise AssertionError(f"the app stopped: {error!r}") from error


FAIL_SAFE = 300.0  # seconds: only so that a hung app ends a test; no test asserts on time


async def until(pilot, done: Callable[[], object], what: str, fail_safe: float = FAIL_SAFE):
    """Let the app run until ``done()`` is true (returns it). Waits for the app, not
    for a number of steps or seconds: on a busy machine it just takes longer. The
    clock is only a fail-safe. ``done`` may be a coroutine function (a check that
    itself waits, e.g. for the workers)."""
    async def check():
        result = done()
        return await result if inspect.isawaitable(result) else result

    async def poll():
        while not (result := await check()):
            _stopped(pilot.app)
            await pilot.pause(0.01)
        return result

    try:
        return await asyncio.wait_for(poll(), fail_safe)
    except asyncio.TimeoutError:
        raise AssertionError(f"never: {what} (screen {type(pilot.app.screen).__name__})") from None


async def handled(pilot, node, what: str) -> None:
    """Let ``node`` handle every message already queued to it (a key, a resize):
    a callback queued behind them has run. The positive sign a "nothing changed"
    check waits for, instead of a number of pauses."""
    done = asyncio.Event()
    assert node.call_later(done.set), f"{what}: {node!r} takes no messages"
    await until(pilot, done.is_set, what)


async def refreshed(pilot, nodes, what: str) -> None:
    """Wait until the screen has laid out and painted what ``nodes`` changed: each
    node's call_after_refresh, queued behind its own requests, runs only once the
    screen has no layout or paint pending."""
    done = [asyncio.Event() for _ in nodes]
    for node, event in zip(nodes, done):
        assert node.call_after_refresh(event.set), f"{what}: {node!r} takes no messages"
    await until(pilot, lambda: all(e.is_set() for e in done), what)


async def drawn(pilot, what: str) -> None:
    """What every widget of the screen has asked for, laid out and painted (``refreshed``
    for each of them): after a key's words or marks, before reading the screen's text."""
    screen = pilot.app.screen
    await refreshed(pilot, [screen, *(w for w in screen.query("*") if w.display)], what)


async def resized(pilot, width: int, height: int) -> None:
    """Resize the terminal and wait until the screen has heard of it (the app passes
    a resize on after a short debounce) and handled it: its own resize work done."""
    await pilot.resize_terminal(width, height)
    await until(pilot, lambda: tuple(pilot.app.screen.size) == (width, height), f"the screen at {width}x{height}")
    await handled(pilot, pilot.app.screen, f"the screen's resize to {width}x{height}")


def key_path(app, to=None) -> list:
    """The nodes a key (or a click on ``to``) goes through: the widget it is sent
    to (the focused one, else the screen), each of its parents, the app."""
    node = to if to is not None else (app.focused or app.screen)
    return [node, *node.ancestors]


async def delivered(pilot, what: str, path: Optional[list] = None) -> None:
    """Every key and click already sent to the app has gone its whole way: through the
    app's key gate, then ``path`` (``key_path`` now, unless given: a path taken
    before a screen changed), and back up to the app's bindings. A node closed since
    takes no key: it is passed by. The positive sign a "the key did nothing" check
    waits for. With a widget's own path, the same for the messages it has posted
    (they rise the same way)."""
    app = pilot.app
    await handled(pilot, app, f"{what}: at the app")
    for node in path if path is not None else key_path(app):
        done = asyncio.Event()
        if node.call_later(done.set):
            await until(pilot, done.is_set, f"{what}: at {node!r}")
    await handled(pilot, app, f"{what}: back at the app")


def table(app) -> TableScreen:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


async def choose(pilot, screen, index: int, mouse: bool) -> None:
    """Select the card at ``index`` of the hand on ``screen`` and confirm it."""
    if mouse:
        await pilot.click(f"#card-{index}")
    elif screen.query_one(HandView).cursor == index:
        await pilot.press("enter")  # the cursor starts on the first legal card
    else:
        await pilot.press(str(index + 1), "enter")


async def play_game(
    pilot,
    *,
    mouse: bool = False,
    pick: Optional[Callable] = None,
    on_turn: Optional[Callable] = None,
    stop: Optional[Callable] = None,
    fail_safe: float = 4 * FAIL_SAFE,
):
    """Play until the game-over screen (or ``stop(screen)``). Humans always take
    the first card ``pick(screen, hand)`` names (default: the first legal card).
    Each key waits for the app to take it (no count of steps: a busy machine takes
    more); the clock is only a fail-safe for a game that never ends."""
    app = pilot.app
    deadline = time.monotonic() + fail_safe
    while time.monotonic() < deadline:
        screen = await wait_for_input(pilot)
        # A screen a move opened takes a key only after a quiet moment: wait for it
        # rather than press into the wait again and again.
        await until(pilot, lambda: app.key_gate.ready(get_time()), "the screen takes a key")
        if stop is not None and stop(screen):
            return screen
        if on_turn is not None:
            on_turn(screen)
        if isinstance(screen, GameOverScreen):
            return screen
        if isinstance(screen, HandoffScreen):
            await pilot.press(screen.key)  # the letter it names
        elif isinstance(screen, (MenuScreen, SetupScreen, RevealScreen, RoundSummaryScreen, ScoresheetScreen)):
            await pilot.press("enter")
        elif isinstance(screen, PassScreen):
            hand = screen.query_one(HandView)
            for i in range(screen.obs.pass_count):
                if mouse:
                    await pilot.click(f"#card-{i}")
                else:
                    await pilot.press(str(i + 1))
            await pilot.press("enter")
        elif isinstance(screen, (BidScreen, TableScreen)):
            hand = screen.query_one(HandView)
            index = pick(screen, hand) if pick else hand.legal_indices[0]
            await choose(pilot, screen, index, mouse)
    raise AssertionError("the game did not end")


def text(app) -> str:
    return screen_text(app)


__all__ = ["wait_for_input", "play_game", "table", "text", "choose", "until", "Phase"]
