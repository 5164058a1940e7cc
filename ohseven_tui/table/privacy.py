"""Who may look: the one owner of whether a human's hand may be face up.

Headless (no Textual), so the rule can be read and tested on its own. In hot-seat
(two or more humans at one screen) a hand is face up only in its owner's *window*:
from the hand-off that owner confirmed to the end of that owner's action. Any
shared screen and any other seat's turn ends the window. With one human nobody
else is at the screen, so that hand may always be up.
"""

from __future__ import annotations

from typing import Iterable, Optional

__all__ = ["Lookout"]


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
