"""Seven for Seven's own actions: the auction's basic bid, factor bid and pass
(V8-V12), the draw from the kitty and the discard (V15) and the captain's choice of
leader (V17). Card play is
the engine's ``Play`` and the deal the engine's ``DEAL``.

Every action is immutable, hashable and equal by value; basic bids are interned
(the auction offers hundreds of them at every turn)."""

from __future__ import annotations

from typing import Any, Iterable

from ...engine.actions import DEAL, Deal, Play, SeatAction
from ...engine.actions import action_text as engine_action_text
from ...engine.actions import parse_action as engine_parse_action
from ...engine.cards import Card, Suit, parse_card, rank_label
from ...safetext import quoted

__all__ = ["BasicBid", "FactorBid", "AuctionPass", "Draw", "Discard", "ChooseLeader", "action_text", "parse_action",
           "bid_label", "MAX_POINTS", "MAX_FACTOR", "SEATS", "RANKS", "PICTURES"]

SEATS = 7
MAX_POINTS = 28  # 1 + 2 + ... + 7 (V6, V20)
MAX_FACTOR = 6  # V12 (ruling): the die's highest face
RANKS = tuple(range(2, 15))  # V6: any rank 2..A
PICTURES = (11, 12, 13)  # V6: J, Q, K
_RANKS = frozenset(RANKS)


class _Action(SeatAction):
    __slots__ = ()


def _set(obj: Any, **values: Any) -> None:
    for name, value in values.items():
        object.__setattr__(obj, name, value)


class BasicBid(_Action):
    """V9: name a trump suit, a bower rank and the trio's trick points."""

    __slots__ = ("suit", "rank", "points")
    suit: Suit
    rank: int
    points: int
    _table: dict[tuple[int, int, int, int], "BasicBid"] = {}

    def __new__(cls, seat: int, suit: int, rank: int, points: int) -> "BasicBid":
        found = cls._table.get((seat, suit, rank, points)) if type(seat) is int else None
        if found is not None:
            return found
        obj = object.__new__(cls)
        known = (type(seat) is int and 0 <= seat < SEATS and type(suit) in (int, Suit) and 0 <= suit <= 3
                 and rank in _RANKS and type(points) is int and 1 <= points <= MAX_POINTS)
        _set(obj, seat=seat, suit=Suit(suit) if known else suit, rank=rank, points=points)
        if known:  # interned when first made (not at import: ten thousand bids cost start-up 20 ms)
            cls._table[(seat, int(suit), rank, points)] = obj
        # else out of range: kept for the engine to refuse in words
        return obj

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, int(self.suit), self.rank, self.points)

    def label(self) -> str:
        return bid_label(self.points, self.suit, self.rank)


def bid_label(points: int, suit: Any, rank: int) -> str:
    """"13♥7": points, trump suit, bower rank."""
    symbol = Suit(suit).symbol if type(suit) in (int, Suit) and 0 <= int(suit) <= 3 else "?"
    return f"{points}{symbol}{rank_label(rank)}"




class FactorBid(_Action):
    """V12: raise one's own factor by one step."""

    __slots__ = ()

    def __init__(self, seat: int) -> None:
        _set(self, seat=seat)

    def _key(self) -> tuple[Any, ...]:
        return (self.seat,)


class AuctionPass(_Action):
    """V8: make no bid this turn."""

    __slots__ = ()

    def __init__(self, seat: int) -> None:
        _set(self, seat=seat)

    def _key(self) -> tuple[Any, ...]:
        return (self.seat,)


class Draw(_Action):
    """V15: the kitty's next cards go to the captain or a lieutenant. No seat
    chooses it: the table applies it (like a deal), so that the record lists it."""

    __slots__ = ("cards",)
    cards: tuple[Card, ...]

    def __init__(self, seat: int, cards: Iterable[Any]) -> None:
        _set(self, seat=seat, cards=tuple(cards))  # in kitty order, as dealt to it

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, self.cards)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Draw, (self.seat, self.cards))


class Discard(_Action):
    """V15: lay cards face down, out of play for the hand."""

    __slots__ = ("cards",)
    cards: tuple[Card, ...]

    def __init__(self, seat: int, cards: Iterable[Any]) -> None:
        _set(self, seat=seat, cards=tuple(sorted(cards, reverse=True)))

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, self.cards)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Discard, (self.seat, self.cards))


class ChooseLeader(_Action):
    """V17: the captain names who leads to the first trick (herself included)."""

    __slots__ = ("leader",)
    leader: int

    def __init__(self, seat: int, leader: int) -> None:
        _set(self, seat=seat, leader=leader)

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, self.leader)


def action_text(action: Any) -> str:
    """A record's text: ``3 bid 13 H 7``, ``3 factor``, ``3 pass``, ``3 draw 5H KS``, ``3 discard 5H KS``,
    ``3 lead 5``, ``deal``, ``0 play 7H``."""
    kind = type(action)
    if kind is BasicBid:
        return f"{action.seat} bid {action.points} {Suit(action.suit).letter} {rank_label(action.rank)}"
    if kind is FactorBid:
        return f"{action.seat} factor"
    if kind is AuctionPass:
        return f"{action.seat} pass"
    if kind is Discard:
        return " ".join([str(action.seat), "discard", *(c.text() for c in action.cards)])
    if kind is Draw:
        return " ".join([str(action.seat), "draw", *(c.text() for c in action.cards)])
    if kind is ChooseLeader:
        return f"{action.seat} lead {action.leader}"
    if kind is Deal or kind is Play:
        return engine_action_text(action)
    raise TypeError(f"not an action of Seven for Seven: {action!r}")


_RANK = {rank_label(r): r for r in RANKS}
_RANK["T"] = 10


def parse_action(text: str) -> Any:
    """Inverse of :func:`action_text`; ValueError in one sentence."""
    if not isinstance(text, str):
        raise ValueError(f"an action must be a string, not {type(text).__name__}")
    parts = text.split()
    if parts == ["deal"]:
        return DEAL
    if len(parts) < 2 or not parts[0].isdigit() or int(parts[0]) >= SEATS:
        raise ValueError(f"not an action: {quoted(text)}")
    seat, verb, args = int(parts[0]), parts[1], parts[2:]
    if verb == "pass" and not args:
        return AuctionPass(seat)
    if verb == "factor" and not args:
        return FactorBid(seat)
    if verb == "bid" and len(args) == 3 and args[0].isdigit() and args[2].upper() in _RANK:
        try:
            suit = Suit.parse(args[1])
        except ValueError:
            raise ValueError(f"not an action: {quoted(text)}") from None
        return BasicBid(seat, int(suit), _RANK[args[2].upper()], int(args[0]))
    if verb == "draw" and args:
        return Draw(seat, [parse_card(a) for a in args])
    if verb == "discard" and args:
        return Discard(seat, [parse_card(a) for a in args])
    if verb == "lead" and len(args) == 1 and args[0].isdigit():
        return ChooseLeader(seat, int(args[0]))
    if verb == "play":
        return engine_parse_action(text)
    raise ValueError(f"not an action: {quoted(text)}")
