"""The clock and scheduling a headless table flow (``table/flow.py``) is given in
the app: the screen's event loop."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable, Coroutine

from textual.screen import Screen

if TYPE_CHECKING:
    from textual.timer import Timer

__all__ = ["ScreenClock"]


class ScreenClock:
    """A table flow's scheduling on a screen's event loop: the bots in one of its
    workers (group "bots"), its timers, and waits."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def spawn(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self.screen.run_worker(work(), group="bots", exit_on_error=True)

    def cancel(self) -> None:
        self.screen.workers.cancel_group(self.screen, "bots")

    def later(self, seconds: float, callback: Callable[[], None]) -> "Timer":
        return self.screen.set_timer(seconds, callback)

    def soon(self, callback: Callable[[], None]) -> None:
        self.screen.call_later(callback)

    async def wait(self, event: asyncio.Event, seconds: float) -> None:
        try:
            await asyncio.wait_for(event.wait(), seconds)
        except asyncio.TimeoutError:
            pass
