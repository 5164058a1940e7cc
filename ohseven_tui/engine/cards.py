"""Cards, suits and packs.

A card is a small int: ``rank * 4 + suit``. With suits numbered Clubs=0 ..
Spades=3, plain int order is exactly the Oh-Seven bid order (R2, R9): higher rank
first, then Spades > Hearts > Diamonds > Clubs. Cards of the same suit compare by
rank. The two copies of a card in a two-deck pack are the same value (R3).

The Joker (V2) is code 60, above every ranked card. It has no suit of its own: a
family's trump context (``engine.tricks``) says which suit it belongs to.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Iterable

from ..safetext import quoted

__all__ = ["Suit", "Card", "SUITS", "JOKER", "MAX_CODE", "parse_card", "parse_cards", "rank_label", "make_pack"]


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def label(self) -> str:
        return ("Clubs", "Diamonds", "Hearts", "Spades")[self]

    @classmethod
    def parse(cls, text: str) -> "Suit":
        t = text.strip().upper()
        for suit in cls:
            if t in (suit.letter, suit.symbol, suit.label.upper(), suit.name):
                return suit
        raise ValueError(f"not a suit: {quoted(text)}")


SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # highest first

# Ranks 0..7 are Oh-Seven's; 2..14 (J=11 .. A=14) are the 52-card Oh Hell pack's.
_RANK_LABELS = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
MAX_RANK = 14
JOKER = (MAX_RANK + 1) * 4  # 60
MAX_CODE = JOKER


def rank_label(rank: int) -> str:
    return _RANK_LABELS.get(rank, str(rank))


class Card(int):
    """One card. Immutable, hashable, and interned: ``Card(5, Suit.SPADES)``."""

    __slots__ = ()

    def __new__(cls, rank: int, suit: int) -> "Card":
        if not 0 <= rank <= MAX_RANK or not 0 <= suit <= 3:
            raise ValueError(f"no such card: rank {rank}, suit {suit}")
        return _CARDS[rank * 4 + suit]

    @classmethod
    def from_code(cls, code: int) -> "Card":
        return _CARDS[code]

    @property
    def is_joker(self) -> bool:
        return int(self) == JOKER

    @property
    def rank(self) -> int:
        return int(self) >> 2

    @property
    def suit(self) -> Suit:
        return Suit(int(self) & 3)

    @property
    def code(self) -> int:
        return int(self)

    def text(self) -> str:
        """ASCII name used in records and on the command line: ``5S``, ``10H``, ``AS``, ``JK``."""
        return _TEXTS[self]  # made once: a long record's log names millions of cards

    def pretty(self, ascii: bool = False) -> str:
        if int(self) == JOKER:
            return "JK"  # one width everywhere: an emoji joker is two cells in some terminals
        return rank_label(self.rank) + ("CDHS" if ascii else "♣♦♥♠")[int(self) & 3]

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Card({self.text()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.from_code, (int(self),))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: Any) -> "Card":
        return self


_CARDS = tuple(int.__new__(Card, code) for code in range(MAX_CODE + 1))
_TEXTS = tuple("JK" if code == JOKER else rank_label(code >> 2) + "CDHS"[code & 3] for code in range(MAX_CODE + 1))

_LABEL_TO_RANK = {rank_label(r): r for r in range(MAX_RANK + 1)}
_LABEL_TO_RANK["T"] = 10


def parse_card(text: str) -> Card:
    """Parse ``5S``, ``5♠``, ``10h``, ``AS`` (case-insensitive)."""
    t = text.strip().upper()
    if t in ("JK", "JOKER"):
        return _CARDS[JOKER]
    if len(t) < 2:
        raise ValueError(f"not a card: {quoted(text)}")
    suit = Suit.parse(t[-1])
    rank = _LABEL_TO_RANK.get(t[:-1])
    if rank is None:
        raise ValueError(f"not a card: {quoted(text)}")
    return _CARDS[rank * 4 + suit]


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def make_pack(ranks: Iterable[int], decks: int = 1) -> list[Card]:
    """Every card of one or more decks, highest first (R3: copies are identical)."""
    one = sorted((_CARDS[r * 4 + s] for r in ranks for s in range(4)), reverse=True)
    return one * decks
