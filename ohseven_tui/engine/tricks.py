"""The trick-taking core every family and every bot playout shares.

A :class:`TrumpContext` is the hand's trump rules as two tables indexed by card
code: each card's *effective* suit (a bower or a striker belongs to the trump
suit) and its *strength*. Trumps are strong by ``TRUMP`` over any plain card, so
one comparison ranks a trick:

- a card counts only if it is of the suit led or a trump (R15, V19, W8);
- strictly stronger wins, so among equals the one played first wins (R15, V7, W5).

Contexts are cached and immutable: building one per hand costs nothing in a
playout, and the tables are plain tuples for the hot loop.
"""

from __future__ import annotations

from enum import Enum
from functools import lru_cache
from typing import Iterable, Optional, Sequence

from .cards import JOKER, MAX_CODE, Card

__all__ = ["TRUMP", "Follow", "TrumpContext", "plain_trump", "plain_winner", "bowers", "criticals", "NO_SUIT"]

TRUMP = 1000  # added to a trump's strength: any trump beats any plain card
NO_SUIT = -1  # a trump context without a trump suit (Oh Hell's last cards)
_CODES = MAX_CODE + 1


class Follow(str, Enum):
    SUIT = "suit"  # R14, V18: follow the led card's effective suit if you can
    CHIEF_STRIKER = "chief-striker"  # W7: only a led chief striker to trick 1 forces a trump


class TrumpContext:
    """One hand's trump rules. ``suit[c]`` and ``strength[c]`` for a card code ``c``."""

    __slots__ = ("trump", "suit", "strength", "follow", "chief", "keys")

    def __init__(self, trump: int, suit: Sequence[int], strength: Sequence[int],
                 follow: Follow = Follow.SUIT, chief: Optional[int] = None) -> None:
        self.trump = trump
        self.suit: tuple[int, ...] = tuple(suit)
        self.strength: tuple[int, ...] = tuple(strength)
        self.follow = follow
        self.chief = chief  # W5: the chief striker's code, if there is one
        # keys[led][c]: what card c is worth in a trick led in suit ``led`` (its
        # strength if it follows or trumps, else -1), so a trick's winner is the
        # first of its highest keys: two C-level calls in the hot loop.
        self.keys: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.strength[c] if self.suit[c] in (led, trump) else -1 for c in range(len(self.suit)))
            for led in range(4)
        )

    def suit_of(self, card: int) -> int:
        return self.suit[card]

    def is_trump(self, card: int) -> bool:
        return self.trump != NO_SUIT and self.suit[card] == self.trump

    def winner(self, cards: Sequence[int]) -> int:
        """The index, in play order, of the card that wins a complete trick: the
        first of the highest keys (strictly stronger wins, so the first of equals)."""
        row = self.keys[self.suit[cards[0]]]
        keys = [row[c] for c in cards]
        return keys.index(max(keys))

    def playable(self, hand: Sequence[int], trick: Sequence[int], first_trick: bool = False) -> list[int]:
        """The cards of ``hand`` that may be played to ``trick`` (cards so far, in order)."""
        if not trick:
            return list(hand)
        suit = self.suit
        if self.follow is Follow.SUIT:
            led = suit[trick[0]]
            follow = [c for c in hand if suit[c] == led]
            return follow or list(hand)
        if first_trick and trick[0] == self.chief:  # W7
            trump = self.trump
            trumps = [c for c in hand if suit[c] == trump]
            return trumps or list(hand)
        return list(hand)

    def must_follow(self, hand: Sequence[int], trick: Sequence[int], card: int, first_trick: bool = False) -> bool:
        """True when ``card`` breaks the follow rule (the hand holds a card that must be played)."""
        if not trick:
            return False
        suit = self.suit
        if self.follow is Follow.SUIT:
            led = suit[trick[0]]
            return suit[card] != led and any(suit[c] == led for c in hand)
        if first_trick and trick[0] == self.chief:
            trump = self.trump
            return suit[card] != trump and any(suit[c] == trump for c in hand)
        return False

    def order(self, cards: Iterable[int]) -> list[int]:
        """Cards strongest first within their effective suit, trumps first."""
        return sorted(cards, key=lambda c: (self.suit[c] == self.trump, self.suit[c], self.strength[c]), reverse=True)

    def __repr__(self) -> str:
        return f"<TrumpContext trump={self.trump} follow={self.follow.value}>"


def _rank(code: int) -> int:
    return code >> 2


@lru_cache(maxsize=None)
def plain_trump(trump: Optional[int]) -> TrumpContext:
    """A plain trump suit (R9, H3): each card keeps its suit; rank orders a suit."""
    t = NO_SUIT if trump is None else int(trump)
    suit = [c & 3 for c in range(_CODES)]
    strength = [(c >> 2) + (TRUMP if c & 3 == t else 0) for c in range(_CODES)]
    return TrumpContext(t, suit, strength)


def plain_winner(cards: Sequence[int], trump: int) -> int:
    """``plain_trump(trump).winner(cards)`` without the tables, for the hot loops of
    a family whose hands always have a plain trump suit (``trump`` is NO_SUIT for
    none): a card's suit is its own (``c & 3``) and, within a suit, int order is
    rank order. Strictly higher wins, so the first of two identical cards wins."""
    best = cards[0]
    best_suit = best & 3
    win = i = 0
    for c in cards:  # the first card meets itself and changes nothing: cheaper than a slice
        s = c & 3
        if s == best_suit:
            if c > best:
                win = i
                best = c
        elif s == trump:
            win = i
            best = c
            best_suit = s
        i += 1
    return win


def _same_colour(suit: int) -> int:
    # Clubs 0 / Spades 3 are black, Diamonds 1 / Hearts 2 red.
    return {0: 3, 3: 0, 1: 2, 2: 1}[suit]


@lru_cache(maxsize=None)
def bowers(trump: int, bower_rank: int) -> TrumpContext:
    """V7: the Joker, the right bower, the left bower, two equal underbowers, then
    the trump suit; every other suit loses its bower-rank card to the trumps."""
    trump = int(trump)
    suit = [c & 3 for c in range(_CODES)]
    strength = [(c >> 2) + (TRUMP if c & 3 == trump else 0) for c in range(_CODES)]
    top = TRUMP + 100
    suit[JOKER] = trump
    strength[JOKER] = top + 4
    for s in range(4):
        code = bower_rank * 4 + s
        suit[code] = trump
        if s == trump:
            strength[code] = top + 3
        elif s == _same_colour(trump):
            strength[code] = top + 2
        else:
            strength[code] = top + 1  # the two underbowers are equal
    return TrumpContext(trump, suit, strength)


@lru_cache(maxsize=None)
def criticals(striker_rank: int, trump: int, crits: tuple[int, ...] = ()) -> TrumpContext:
    """W5: the criticals (in ``crits`` order, highest first), the chief striker, the
    other strikers (equal), the trump suit, then plain cards; W7's follow rule."""
    trump = int(trump)
    suit = [c & 3 for c in range(_CODES)]
    strength = [(c >> 2) + (TRUMP if c & 3 == trump else 0) for c in range(_CODES)]
    top = TRUMP + 100
    for s in range(4):
        code = striker_rank * 4 + s
        suit[code] = trump
        strength[code] = top + 1
    chief: Optional[int] = None
    if striker_rank * 4 + trump not in crits:
        chief = striker_rank * 4 + trump
        strength[chief] = top + 2
    for i, code in enumerate(crits):
        suit[code] = trump
        strength[code] = top + 10 + len(crits) - i
    return TrumpContext(trump, suit, strength, Follow.CHIEF_STRIKER, chief)


def card_list(cards: Iterable[int]) -> list[Card]:
    return [Card.from_code(int(c)) for c in cards]
