"""Screens that close by themselves in watch mode (reveals, scoresheets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

SETTLE = 0.3  # seconds of quiet before a key closes a screen a move opened

if TYPE_CHECKING:
    from textual import getters
    from textual.screen import Screen
    from textual.timer import Timer

    from ..appface import GameApp

    _ScreenBase = Screen[None]  # for the checker: what the mixin is mixed into
else:
    _ScreenBase = object  # at run time a plain mixin, before the Screen in the bases


class AutoClose(_ScreenBase):
    """Mix into a Screen whose ``auto`` is None (wait for Enter) or the seconds
    after which a watched game moves on by itself.

    The seconds count only while the screen is on top: a screen opened over it (the
    last trick, the help, the palette) stops them, and closing that screen starts
    them again from the full delay, so the watcher gets back what they were reading.
    A screen closes once, and only from the top (dismiss pops the top screen)."""

    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    auto: Optional[float] = None
    _auto_timer: Optional["Timer"] = None
    _dismissed = False

    @property
    def key_settle(self) -> Optional[float]:
        """These screens open by themselves after a player's move (the bids
        revealed, the round's scores): a key typed with that move, a double tap,
        must not close one unread. The app's key gate takes a key only after this
        much quiet. A watched game (``auto`` set) has no move typed: its keys are
        the watcher's, taken at once. (No hand is on these screens: this is about
        reading, not privacy, which the hand-off's own key guards.)"""
        return SETTLE if self.auto is None else None

    def on_screen_resume(self) -> None:
        """On top: first shown, or back after the screen over it closed."""
        self._start_auto(self.auto)

    def on_screen_suspend(self) -> None:
        """Another screen is over this one: no closing behind it."""
        self._stop_auto()

    def _start_auto(self, delay: Optional[float]) -> None:
        self._stop_auto()
        if delay is not None and not self._dismissed:
            self._auto_timer = self.set_timer(max(delay, 0.001), self._auto_close)

    def _stop_auto(self) -> None:
        if self._auto_timer is not None:
            self._auto_timer.stop()
            self._auto_timer = None

    def action_skip(self) -> None:
        from ..messages import SkipAhead

        self.app.post_message(SkipAhead())
        if self.auto is not None:  # watching: skipping also closes this
            self.action_close()

    def _auto_close(self) -> None:
        """Close, unless the watcher paused (or a screen opened over this one: its
        suspend stopped the timer, and its closing starts it again)."""
        self._auto_timer = None
        if not self.is_active:
            return
        if getattr(self.app, "paused", False):
            self._start_auto(0.2)
        else:
            self.action_close()

    def action_close(self) -> None:
        if self._dismissed or not self.is_active:
            return
        self._dismissed = True
        self._stop_auto()
        self.dismiss(None)
