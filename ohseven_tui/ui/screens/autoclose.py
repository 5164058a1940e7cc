"""Screens that close by themselves in watch mode (reveals, scoresheets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from textual._time import get_time

SETTLE = 0.3  # seconds of quiet before a key closes a screen a move opened
HELD = "a moment…"  # the footer's Enter while a refused key's wait runs

if TYPE_CHECKING:
    from textual import getters
    from textual.binding import Binding
    from textual.screen import Screen
    from textual.timer import Timer

    from ..appface import GameApp

    _ScreenBase = Screen[None]  # for the checker: what the mixin is mixed into
else:
    _ScreenBase = object  # at run time a plain mixin, before the Screen in the bases


class SettlesKeys(_ScreenBase):
    """Mix into a Screen that opens by itself (the table opened it, not a key): it
    takes a key only after a quiet moment, so a key meant for the screen before (a
    double tap, a held Enter, Space over a won trick) does not close it unread. The
    app's key gate does the waiting (``key_settle``); this says so in the footer."""

    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    _held = False  # a key was refused while it waits for quiet: the footer says so
    _held_timer: Optional["Timer"] = None

    @property
    def key_settle(self) -> Optional[float]:
        """Seconds of quiet before the app's key gate takes a key. (No hand is on these
        screens: this is about reading, not privacy, which the hand-off's own key guards.)"""
        return SETTLE

    def key_held(self, opens_at: float) -> None:
        """The app refused a key: it came before a quiet moment (``key_settle``), and
        the wait starts again, to end at ``opens_at`` (the key gate's time). Until then
        the footer's Enter says "a moment…", so a key that does nothing is explained."""
        if not self._held:
            self._held = True
            self.refresh_bindings()
        if self._held_timer is not None:
            self._held_timer.stop()
        self._held_timer = self.set_timer(max(opens_at - get_time(), 0.001), self._settled)

    def _settled(self) -> None:
        self._held_timer = None
        gate = self.app.key_gate
        if gate.opens_at is not None and not gate.ready(get_time()):  # a timer a hair early
            self._held_timer = self.set_timer(max(gate.opens_at - get_time(), 0.001), self._settled)
            return
        self._held = False
        self.refresh_bindings()

    def footer_description(self, binding: "Binding") -> Optional[str]:
        """The Enter key's words while a refused key's wait runs (see ``key_held``)."""
        return HELD if self._held and binding.action == "close" else None


class AutoClose(SettlesKeys):
    """Mix into a Screen whose ``auto`` is None (wait for Enter) or the seconds
    after which a watched game moves on by itself.

    The seconds count only while the screen is on top: a screen opened over it (the
    last trick, the help, the palette) stops them, and closing that screen starts
    them again from the full delay, so the watcher gets back what they were reading.
    A screen closes once, and only from the top (dismiss pops the top screen)."""

    auto: Optional[float] = None
    _auto_timer: Optional["Timer"] = None
    _dismissed = False

    @property
    def key_settle(self) -> Optional[float]:
        """These screens open by themselves after a player's move (the bids
        revealed, the round's scores): a key typed with that move must not close one
        unread. A watched game (``auto`` set) has no move typed: its keys are the
        watcher's, taken at once."""
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
