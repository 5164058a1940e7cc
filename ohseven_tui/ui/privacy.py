"""Who may look: the one owner of whether a human's hand may be face up.

Headless (no Textual), so the rule can be read and tested on its own. In hot-seat
(two or more humans at one screen) a hand is face up only in its owner's *window*:
from the hand-off that owner confirmed to the end of that owner's action. Any
shared screen and any other seat's turn ends the window. With one human nobody
else is at the screen, so that hand may always be up.
"""

from __future__ import annotations

from typing import Iterable, Optional


class Lookout:
    def __init__(self, humans: Iterable[int]) -> None:
        self.humans = tuple(humans)
        self.window: Optional[int] = None

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def may_show(self, seat: Optional[int]) -> bool:
        """May ``seat``'s hand be face up now?"""
        if seat is None or seat not in self.humans:
            return False
        return not self.hot_seat or self.window == seat

    def needs_handoff(self, seat: int) -> bool:
        """Must the screen be handed to ``seat`` before its hand is shown?"""
        return self.hot_seat and self.window != seat

    def open(self, seat: int) -> None:
        """``seat`` confirmed the hand-off: it is at the screen."""
        self.window = seat

    def close(self) -> None:
        """The action ended, a shared screen opened, or another seat is to act."""
        self.window = None

    def keeps_window(self, screen: object) -> bool:
        """Does opening ``screen`` keep the window? Only a screen private to the
        window's owner does (its own passing or bidding screen)."""
        owner = getattr(screen, "private_to", None)
        return owner is not None and owner == self.window


class KeyGate:
    """Hot-seat: no key typed ahead acts for the next player.

    After :meth:`hold`, a key (or a click) is taken only once ``settle`` seconds
    have passed with no key arriving. A refused key starts the wait again, so a
    key already queued, a double tap or a held key's auto-repeat never gets
    through; the first key after a quiet moment does, and opens the gate.
    Times are the keys' own (when the terminal sent them), not when they are read.
    """

    def __init__(self) -> None:
        self.opens_at: Optional[float] = None  # None: open
        self.settle = 0.0

    @property
    def holding(self) -> bool:
        return self.opens_at is not None

    def hold(self, now: float, settle: float) -> None:
        """From ``now``, refuse keys until ``settle`` quiet seconds have passed."""
        self.settle = settle
        self.opens_at = max(self.opens_at or now, now + settle)

    def admits(self, at: float) -> bool:
        """May a key sent at ``at`` act? (A refused one restarts the wait.)"""
        if self.opens_at is None:
            return True
        if at >= self.opens_at:
            self.opens_at = None
            return True
        self.opens_at = max(self.opens_at, at + self.settle)
        return False

    def ready(self, now: float) -> bool:
        """Would a key sent ``now`` be taken?"""
        return self.opens_at is None or now >= self.opens_at
