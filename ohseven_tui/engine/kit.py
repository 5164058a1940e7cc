"""The parts every trick-taking family repeats, in one place: the seats and seed a
game is built with, copying a state for search, and who leads the trick in play.
A family's state and observation use these instead of writing them again."""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, Collection, Optional, Sequence, TypeVar

from .protocol import GameSpec, GameView, Seat

__all__ = ["ObservedRules", "checked_seats", "checked_seed", "copy_state", "default_seats", "trick_leader"]

S = TypeVar("S")


@lru_cache(maxsize=None)
def default_seats(players: int) -> tuple[Seat, ...]:
    """``Seat 1`` ... ``Seat n``, all human (frozen, so games may share them)."""
    return tuple(Seat(f"Seat {i + 1}") for i in range(players))


def checked_seats(seats: Optional[Sequence[Any]], players: int) -> tuple[Seat, ...]:
    """The seats a game is built with: the default ones where none are given, a bare
    name as a human's seat; ValueError unless there is one for each player."""
    if seats is None:
        return default_seats(players)
    out = tuple(s if isinstance(s, Seat) else Seat(str(s)) for s in seats)
    if len(out) != players:
        raise ValueError(f"{players} players need {players} seats, not {len(out)}")
    return out


def checked_seed(seed: Any) -> int:
    """The seed, which must be a whole number (a record's, the command line's)."""
    if type(seed) is not int:
        raise ValueError(f"the seed must be an integer, not {seed!r}")
    return seed


def copy_state(state: S, shared: Collection[str], memo: dict[int, Any]) -> S:
    """A deep copy of ``state`` (a ``__deepcopy__`` body) whose attributes named in
    ``shared`` (values that never change: rules, seats, the seed, the pack) are
    shared with the original instead of copied: search clones states by the thousand."""
    new = object.__new__(type(state))
    for key, value in state.__dict__.items():
        setattr(new, key, value if key in shared else copy.deepcopy(value, memo))
    return new


def trick_leader(trick: Sequence[tuple[int, Any]], tricks: Sequence[Any], leader: Optional[int]) -> Optional[int]:
    """Who leads the trick in play: its first card's seat; before its first card,
    the last trick's winner; before any trick, the hand's leader."""
    if trick:
        return trick[0][0]
    if tricks:
        winner: Optional[int] = tricks[-1].winner
        return winner
    return leader


class ObservedRules:
    """For an observation that carries its game's rules (``rules.game``, the
    registered name; ``rules.options``) and seats: the spec, the view and the number
    of players."""

    rules: Any
    seats: tuple[Seat, ...]

    @property
    def spec(self) -> GameSpec:
        from . import registry

        return registry.game_spec(self.rules.game)

    @property
    def view(self) -> GameView:
        return self.spec.view(self.rules.options)

    @property
    def players(self) -> int:
        return len(self.seats)
