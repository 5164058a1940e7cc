"""Actions. Each names the seat that takes it, so simultaneous phases can accept
seats in any order. ``Play`` and ``Bid`` are interned (``Play(seat, card)`` returns
a shared instance), which keeps the play loop allocation-free.
"""

from __future__ import annotations

from typing import Any, Iterable, Union

from ..safetext import quoted
from .cards import MAX_CODE, Card, parse_card

__all__ = ["Deal", "Pass", "Bid", "BidNumber", "Play", "Action", "DEAL", "SeatAction", "action_text", "parse_action"]

_MAX_SEATS = 9
_MAX_CODE = MAX_CODE + 1


class Deal:
    """Shuffle and deal the next hand (the table's action: at game start, after a
    round, and for a redeal). The cards come from the game's seeded RNG."""

    __slots__ = ()
    seat = None

    def __new__(cls) -> "Deal":
        return DEAL

    def __repr__(self) -> str:
        return "Deal()"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Deal, ())

    def __copy__(self) -> "Deal":
        return self

    def __deepcopy__(self, memo: Any) -> "Deal":
        return self


DEAL = object.__new__(Deal)


class Pass:
    """Lay ``cards`` face down to pass to the neighbour (R6)."""

    __slots__ = ("seat", "cards")
    seat: int
    cards: tuple[Card, ...]

    def __init__(self, seat: int, cards: Iterable[Card]) -> None:
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "cards", tuple(sorted(cards, reverse=True)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is Pass and other.seat == self.seat and other.cards == self.cards

    def __hash__(self) -> int:
        return hash((Pass, self.seat, self.cards))

    # Immutable, so copies may share it; the default copy protocol would call the
    # refusing __setattr__ (game.clone() of a game with passes failed).
    def __reduce__(self) -> tuple[Any, ...]:
        return (Pass, (self.seat, self.cards))

    def __copy__(self) -> "Pass":
        return self

    def __deepcopy__(self, memo: Any) -> "Pass":
        return self

    def __repr__(self) -> str:
        return f"Pass({self.seat}, [{', '.join(c.text() for c in self.cards)}])"


class SeatAction:
    """A family's own action by one seat (a contract bid, a raise): immutable, equal
    by value, hashable, and its own copy, so records and clones may share it.
    ``_key()`` is its value: by default its ``_fields`` (the constructor's
    arguments, in order), which also rebuild it from a pickle or a record."""

    __slots__ = ("seat",)
    seat: int
    _fields: tuple[str, ...] = ("seat",)

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._fields)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, SeatAction) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._key())

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(repr(v) for v in self._key())})"


class _CardAction:
    __slots__ = ("seat", "card")
    _table: tuple[tuple[Any, ...], ...]
    seat: int
    card: Card

    def __new__(cls, seat: int, card: int) -> Any:
        try:
            if seat >= 0 and card >= 0:
                return cls._table[seat][card]
        except (IndexError, TypeError):
            pass
        raise ValueError(f"no such {cls.__name__.lower()}: seat {seat!r}, card {card!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.seat, self.card))

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: Any) -> Any:
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seat}, {self.card.text()})"


class Bid(_CardAction):
    """Lay ``card`` face down as this round's bid (R8)."""

    __slots__ = ()


class Play(_CardAction):
    """Play ``card`` to the current trick (R14)."""

    __slots__ = ()


def _intern(cls: type[_CardAction]) -> None:
    rows = []
    for seat in range(_MAX_SEATS):
        row = []
        for code in range(_MAX_CODE):
            obj = object.__new__(cls)
            object.__setattr__(obj, "seat", seat)
            object.__setattr__(obj, "card", Card.from_code(code))
            row.append(obj)
        rows.append(tuple(row))
    cls._table = tuple(rows)


_intern(Bid)
_intern(Play)


class BidNumber:
    """Name a number of tricks (Oh Hell presets, H4/U4)."""

    __slots__ = ("seat", "number")
    _table: tuple[tuple["BidNumber", ...], ...] = ()
    seat: int
    number: int

    def __new__(cls, seat: int, number: int) -> "BidNumber":
        if type(seat) is int and type(number) is int and 0 <= seat < _MAX_SEATS and 0 <= number < _MAX_NUMBER:
            return cls._table[seat][number]
        obj = object.__new__(cls)  # out of range: kept for the engine to refuse by name
        object.__setattr__(obj, "seat", seat)
        object.__setattr__(obj, "number", number)
        return obj

    def __copy__(self) -> "BidNumber":
        return self

    def __deepcopy__(self, memo: Any) -> "BidNumber":
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (BidNumber, (self.seat, self.number))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __eq__(self, other: object) -> bool:
        return type(other) is BidNumber and other.seat == self.seat and other.number == self.number

    def __hash__(self) -> int:
        return hash((BidNumber, self.seat, self.number))

    def __repr__(self) -> str:
        return f"BidNumber({self.seat}, {self.number})"


_MAX_NUMBER = 21


def _intern_numbers() -> None:
    rows = []
    for seat in range(_MAX_SEATS):
        row = []
        for number in range(_MAX_NUMBER):
            obj = object.__new__(BidNumber)
            object.__setattr__(obj, "seat", seat)
            object.__setattr__(obj, "number", number)
            row.append(obj)
        rows.append(tuple(row))
    BidNumber._table = tuple(rows)


_intern_numbers()

Action = Union[Deal, Pass, Bid, BidNumber, Play]


def action_text(action: Action) -> str:
    """The record's text for an action: ``deal``, ``2 pass 3S 5H``, ``1 bid 5S``,
    ``1 bid 3`` (a number bid), ``0 play 7H``."""
    if isinstance(action, Deal):
        return "deal"
    if isinstance(action, Pass):
        return " ".join([str(action.seat), "pass", *(c.text() for c in action.cards)])
    if isinstance(action, Bid):
        return f"{action.seat} bid {action.card.text()}"
    if isinstance(action, BidNumber):
        return f"{action.seat} bid {action.number}"
    if isinstance(action, Play):
        return f"{action.seat} play {action.card.text()}"
    raise TypeError(f"not an action: {action!r}")


def parse_action(text: str) -> Action:
    """Inverse of :func:`action_text`. Raises ValueError with a readable message."""
    if not isinstance(text, str):
        raise ValueError(f"an action must be a string, not {type(text).__name__}")
    parts = text.split()
    if parts == ["deal"]:
        return DEAL
    if len(parts) < 3 or not parts[0].isdigit() or int(parts[0]) >= _MAX_SEATS:
        raise ValueError(f"not an action: {quoted(text)}")
    seat, verb, args = int(parts[0]), parts[1], parts[2:]
    if verb == "pass":
        return Pass(seat, [parse_card(a) for a in args])
    if verb == "bid" and len(args) == 1:
        if args[0].isdigit():
            return BidNumber(seat, int(args[0]))
        bid: Bid = Bid(seat, parse_card(args[0]))
        return bid
    if verb == "play" and len(args) == 1:
        play: Play = Play(seat, parse_card(args[0]))
        return play
    raise ValueError(f"not an action: {quoted(text)}")
