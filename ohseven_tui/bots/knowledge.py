"""What one seat has seen of the cards, in the plain form the heuristics and the
sampler use: unplayed card counts, voids (by effective suit), what each seat
played, and cards known to be in other seats' hands.

A family's bot package builds this from its own observation (it alone knows where
the tricks, the turned card or a revealed bid are); everything here is read from
the hand's trump context, never from a card's printed suit.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping, Optional, Sequence

from .tables import Tables

__all__ = ["TrickKnowledge"]


class TrickKnowledge:
    """``unplayed[code]``: copies of a card not seen in a trick (nor out of play);
    ``voids[seat]``: bitmask of the effective suits a seat has shown out of;
    ``played_by[seat]``: its cards in this hand's tricks, in order; ``known[seat]``:
    a Counter of cards it surely still holds (never for this seat)."""

    __slots__ = ("seat", "n", "hand", "tables", "pack", "unplayed", "voids", "played_by", "known")

    def __init__(self, seat: int, n: int, hand: Sequence[int], tables: Tables, pack: Sequence[int],
                 tricks: Iterable[tuple[int, Sequence[int]]], out_of_play: Iterable[int] = (),
                 held: Sequence[Optional[Mapping[int, int]]] = ()) -> None:
        """``pack[code]``: copies in the pack; ``tricks``: (leader, cards) of this
        hand's tricks, the one in play last; ``held``: per seat, cards it was seen
        to hold (revealed or passed to it) before it played any of them, or None."""
        self.seat = seat
        self.n = n
        self.hand = list(hand)
        self.tables = tables
        self.pack = list(pack)
        unplayed = list(pack)
        for c in out_of_play:
            unplayed[c] -= 1
        suit = tables.suit
        voids = [0] * n
        played_by: list[list[int]] = [[] for _ in range(n)]
        for leader, cards in tricks:
            led = suit[cards[0]]
            for i, c in enumerate(cards):
                s = (leader + i) % n
                unplayed[c] -= 1
                played_by[s].append(c)
                if suit[c] != led:
                    voids[s] |= 1 << led
        self.unplayed = unplayed
        self.voids = voids
        self.played_by = played_by
        known: list[Counter[int]] = []
        for s in range(n):
            seen = held[s] if s < len(held) else None
            if s == seat or not seen:
                known.append(Counter())
                continue
            k = Counter(seen)
            for c in played_by[s]:
                if k[c] > 0:
                    k[c] -= 1
            known.append(+k)
        self.known = known
