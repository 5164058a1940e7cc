"""Hot-seat privacy at the keyboard: no key typed ahead acts for the next player
(:class:`KeyGate`), and the letter each hand-off asks for (:class:`HandoffKeys`).
Headless (no Textual), so the rules can be read and tested on their own. Whose
hand may be face up is the table's (``table.privacy.Lookout``)."""

from __future__ import annotations

import random
from typing import Any, Callable, Collection, Optional, Sequence

# Whose hand may be face up is the table's (``table.privacy.Lookout``): not imported
# here, so the app starts without the engine (it loads with the first game).
__all__ = ["HandoffKeys", "KeyGate", "flush_typed_ahead", "frame_out", "frame_sent"]


class KeyGate:
    """Hot-seat: no key typed ahead acts for the next player.

    Two guards, each for its own screens:

    - :meth:`pend` and :meth:`drawn`: a screen that must be *seen* before a key acts
      on it (the hand-off; the hand it reveals) pends the gate as it opens and
      reports when its first frame has been drawn. Until then no key acts (the app
      keeps the keys that arrive, :meth:`keep`, and asks again once it is drawn),
      and after it no key sent before that screen's first frame went to the
      terminal (:meth:`shown`). On a busy machine the report comes late, and more
      frames may go out before it (a new screen goes out whole, then its footer):
      a key pressed with the first one in view must not be lost. No timer decides it.
    - :meth:`hold`: a shared screen a move opened (the bids revealed, a round's
      scores) takes a key only once ``settle`` seconds have passed with no key
      arriving, so a double tap does not close it unread. A refused key starts the
      wait again. That one is a convenience, not privacy: no hand is on it.

    Times are the keys' own (when the terminal's input was read), not when they
    are handled.
    """

    def __init__(self) -> None:
        self.opens_at: Optional[float] = None  # None: open
        self.settle = 0.0
        self.pending: Optional[object] = None  # the screen not yet drawn
        self.shown_at: Optional[float] = None  # its first frame out while it waits
        self.barrier = float("-inf")  # keys sent before this were typed ahead of a screen
        self.kept: list[Any] = []  # keys (with a ``time``) that came while a screen waited
        self.on_open: Optional[Callable[[], None]] = None  # the app: kept keys are to be asked again

    @property
    def holding(self) -> bool:
        return self.opens_at is not None or self.pending is not None

    def pend(self, owner: object) -> None:
        """``owner`` (a screen) is opening and must be seen before a key acts on it."""
        self.pending = owner
        self.shown_at = None

    def shown(self, screen: object, now: float) -> bool:
        """A frame of ``screen`` went to the terminal at ``now``. The waiting screen's
        first one is the frame that showed it (True then); frames of the screen
        under it, or later ones of its own, change nothing."""
        if self.pending is None or screen is not self.pending or self.shown_at is not None:
            return False
        self.shown_at = now
        return True

    def drawn(self, owner: object, now: float) -> None:
        """``owner``'s first frame is out (reported at ``now``; it went to the terminal
        at its :meth:`shown`, if one came): from here keys act, and keys sent before
        that frame never do. A stale owner (replaced by another) changes nothing."""
        if self.pending is owner:
            self.pending = None
            self.barrier = max(self.barrier, now if self.shown_at is None else min(self.shown_at, now))
            self.shown_at = None
            if self.kept and self.on_open is not None:
                self.on_open()

    MAX_KEPT = 32  # a held key's repeats: the newest ones are the ones that may count

    def keep(self, event: Any) -> None:
        """A key (anything with a ``time``) that came while a screen waited to be drawn."""
        self.kept.append(event)
        del self.kept[:-self.MAX_KEPT]

    def take_kept(self) -> list[Any]:
        kept, self.kept = self.kept, []
        return kept

    def abandon(self, owner: object) -> None:
        """``owner`` went away undrawn (the app closed it): it holds the keys no more."""
        if self.pending is owner:
            self.pending = None

    def hold(self, now: float, settle: float) -> None:
        """From ``now``, refuse keys until ``settle`` quiet seconds have passed."""
        self.settle = settle
        self.opens_at = max(self.opens_at or now, now + settle)

    def admits(self, at: float) -> bool:
        """May a key sent at ``at`` act? (A refused one restarts a hold's wait.)"""
        if self.pending is not None or at < self.barrier:
            return False
        if self.opens_at is None:
            return True
        if at >= self.opens_at:
            self.opens_at = None
            return True
        self.opens_at = max(self.opens_at, at + self.settle)
        return False

    def ready(self, now: float) -> bool:
        """Would a key sent ``now`` be taken?"""
        return self.pending is None and now >= self.barrier and (self.opens_at is None or now >= self.opens_at)


class HandoffKeys:
    """The key a hand-off asks for: chosen at random as each hand-off opens, from
    letters that do nothing at the table, never the one asked for last. A key
    pressed before the hand-off was on screen (a double tap, a held Enter, the next
    player's eager finger) cannot know it. Not the game's random: no game is
    changed by it, so it is not seeded."""

    POOL = tuple("bdgjkmvwxz")  # no table key (enter, space, digits, h o u l c t s p r f), no i/l/o

    def __init__(self, rng: Optional[random.Random] = None) -> None:
        """``rng``: a test's seeded generator; by default the system's (what
        ``secrets.choice`` uses, without loading hashlib at start), which nobody at the
        table can foresee."""
        self.pick: Callable[[Sequence[str]], str] = (rng or random.SystemRandom()).choice
        self.last: Optional[str] = None

    def choose(self, busy: Collection[str] = ()) -> str:
        """A key from the pool that is not in ``busy`` (bound on the screens below)
        and not the last one asked for."""
        free = [k for k in self.POOL if k not in busy and k.upper() not in busy and k != self.last]
        if not free:  # a family bound every letter: still never the last one
            free = [k for k in self.POOL if k != self.last]
        self.last = self.pick(free)
        return self.last


def flush_typed_ahead() -> None:
    """Drop the terminal's pending input (keys and clicks not yet read), where the
    game's input is a terminal. Keys already read are refused by their times."""
    import sys

    try:
        import termios

        stream = sys.__stdin__
        if stream is not None and stream.isatty():
            termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):  # no terminal here (a browser, a test): nothing is waiting in one
        pass


def frame_out(gate: KeyGate, owner: object, now: float) -> None:
    """``owner`` (a hand-off, or the screen showing the hand it revealed) has its
    first frame out (reported at ``now``): what was typed before it is refused by the
    gate. The terminal's unread input was dropped as the frame went out
    (:func:`frame_sent`); with no such frame (no terminal), it is dropped now."""
    if gate.pending is owner and gate.shown_at is None:
        flush_typed_ahead()
    gate.drawn(owner, now)


def frame_sent(gate: KeyGate, now: float, screen: object) -> None:
    """A frame of ``screen`` went to the terminal at ``now``. If it is the first of
    the screen waiting to be seen, the input not yet read was typed before it, so
    it is dropped; input that comes after it counts, whatever frames follow."""
    if gate.shown(screen, now):
        flush_typed_ahead()
