"""What one seat knows, derived from its Observation only, in the plain form the
policy functions use: unplayed card counts, voids, cards known to be in other
seats' hands (revealed bid cards, cards this seat passed)."""

from __future__ import annotations

from collections import Counter

from ..games.ohhell import Observation


class Knowledge:
    __slots__ = ("seat", "n", "hand", "trick", "trump", "bids", "taken", "unplayed", "voids", "played_by", "known", "pack")

    def __init__(self, obs: Observation):
        rules = obs.rules
        n = obs.players
        self.seat = obs.seat
        self.n = n
        self.hand = list(obs.hand)
        self.trick = list(obs.trick)
        self.trump = int(obs.trump) if obs.trump is not None else -1
        self.bids = list(obs.bids) if obs.bids is not None else None
        self.taken = list(obs.taken)
        top = (max(rules.ranks) + 1) * 4
        pack = [0] * top
        for r in rules.ranks:
            for s in range(4):
                pack[r * 4 + s] = rules.decks
        self.pack = pack
        unplayed = list(pack)
        if obs.turned is not None:  # H3: the turned card is in no hand
            unplayed[obs.turned] -= 1
        voids = [0] * n
        played_by = [[] for _ in range(n)]
        tricks = [(t.leader, t.cards) for t in obs.tricks]
        if obs.trick:
            tricks.append((obs.trick[0][0], tuple(c for _, c in obs.trick)))
        for leader, cards in tricks:
            led = cards[0] & 3
            for i, c in enumerate(cards):
                s = (leader + i) % n
                unplayed[c] -= 1
                played_by[s].append(c)
                if c & 3 != led:
                    voids[s] |= 1 << led
        self.unplayed = unplayed
        self.voids = voids
        self.played_by = played_by
        self.known = self._known_cards(obs)

    def _known_cards(self, obs: Observation) -> list:
        """Cards each other seat surely still holds: its bid cards of this deal
        (bid cards stay in the hand, R8) and what this seat passed to it, less
        what it has played since."""
        n = self.n
        known = [Counter() for _ in range(n)]
        for number, attempt in obs.bid_attempts:
            if number != obs.deal_number:
                continue
            for s, c in enumerate(attempt.bids):
                if s != self.seat and not isinstance(c, bool) and hasattr(c, "suit"):
                    known[s][c] += 1
        if obs.pass_count and obs.passed is not None and obs.received is not None:
            to = obs.pass_to
            if to is not None and to != self.seat:
                mine = Counter(obs.passed)
                for c, k in mine.items():
                    known[to][c] = max(known[to][c], k)
        for s in range(n):
            if s == self.seat:
                continue
            for c in self.played_by[s]:
                if known[s][c] > 0:
                    known[s][c] -= 1
            known[s] = +known[s]
        known[self.seat] = Counter()
        return known

    @property
    def need(self) -> int:
        return self.bids[self.seat] - self.taken[self.seat]
