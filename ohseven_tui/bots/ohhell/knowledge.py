"""What one seat of an Oh Hell game knows, from its Observation only: the shared
card knowledge (``bots.knowledge``) plus the bids and tricks, under the hand's
plain trump (R9, H3). Cards known in other hands: revealed bid cards of this deal
(bid cards stay in the hand, R8) and what this seat passed (R6)."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from ...engine.tricks import plain_trump
from ...games.ohhell import Observation, Rules
from ..knowledge import TrickKnowledge
from ..tables import Tables, tables_for

__all__ = ["Knowledge", "pack_of", "tables_of"]


@lru_cache(maxsize=64)
def _pack(ranks: tuple, decks: int) -> tuple:
    top = (max(ranks) + 1) * 4
    pack = [0] * top
    for r in ranks:
        for s in range(4):
            pack[r * 4 + s] = decks
    return tuple(pack)


def pack_of(rules: Rules) -> tuple:
    """Copies of each card code in the pack (R3, H1)."""
    return _pack(tuple(rules.ranks), rules.decks)


def tables_of(rules: Rules, trump) -> Tables:
    """The trick tables of a hand with this plain trump suit (an int or Suit; None
    or -1 for no trump)."""
    return _tables(tuple(rules.ranks), rules.decks, None if trump is None or trump < 0 else int(trump))


@lru_cache(maxsize=256)
def _tables(ranks: tuple, decks: int, trump) -> Tables:
    pack = _pack(ranks, decks)
    return tables_for(plain_trump(trump), tuple(c for c, k in enumerate(pack) if k))


class Knowledge(TrickKnowledge):
    __slots__ = ("trick", "trump", "bids", "taken")

    def __init__(self, obs: Observation) -> None:
        n = obs.players
        tables = tables_of(obs.rules, obs.trump)
        tricks = [(t.leader, t.cards) for t in obs.tricks]
        if obs.trick:
            tricks.append((obs.trick[0][0], tuple(c for _, c in obs.trick)))
        super().__init__(obs.seat, n, obs.hand, tables, pack_of(obs.rules), tricks,
                         out_of_play=(obs.turned,) if obs.turned is not None else (),  # H3: in no hand
                         held=_held(obs, n))
        self.trick = [c for _, c in obs.trick]  # cards in play order
        self.trump = tables.trump
        self.bids = list(obs.bids) if obs.bids is not None else None
        self.taken = list(obs.taken)

    @property
    def need(self) -> int:
        assert self.bids is not None  # asked in play, once the bids stand
        return self.bids[self.seat] - self.taken[self.seat]


def _held(obs: Observation, n: int) -> list:
    """Cards each other seat was seen to hold: its bid cards of this deal and
    what this seat passed to it."""
    held: list = [None] * n
    for number, attempt in obs.bid_attempts:
        if number != obs.deal_number:
            continue
        for s, c in enumerate(attempt.bids):
            if s != obs.seat and not isinstance(c, bool) and hasattr(c, "suit"):
                if held[s] is None:
                    held[s] = Counter()
                held[s][c] += 1
    if obs.pass_count and obs.passed is not None and obs.received is not None:
        to = obs.pass_to
        if to is not None and to != obs.seat:
            if held[to] is None:
                held[to] = Counter()
            for c, k in Counter(obs.passed).items():
                held[to][c] = max(held[to][c], k)
    return held
