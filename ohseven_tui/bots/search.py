"""Determinized Monte Carlo, the parts every family's search shares: a sampler
that deals the cards a seat cannot see consistently with what it knows, a playout
that plays a hand to its end with a trick policy for every seat, and the budget
loop that runs paired samples over candidates until the time is spent or one
candidate is clearly best.

A sample is only started when the slowest sample so far still fits, and a sample
still running at the hard stop (budget + 5%, e.g. on a busy machine) is dropped
between two candidates, so a decision returns within the budget plus a small margin.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any, Callable, Optional, Sequence

from .knowledge import TrickKnowledge
from .play import choose_play, choose_play_mask
from .tables import MaskTables, Tables

__all__ = ["Budget", "Sampler", "playout", "play_until", "play_card", "softened", "play_until_masks",
           "play_card_mask", "softened_mask", "SAFETY", "HARD_STOP", "MIN_SAMPLES", "IRRELEVANT"]

SAFETY = 0.97  # aim a little under the budget: the last sample may run long
HARD_STOP = 1.05  # a sample still running at budget x this is dropped half-way
MIN_SAMPLES = 24  # before a candidate may be declared clearly best
IRRELEVANT = 0.1  # points per round: a smaller difference is not worth more time


# ---------------------------------------------------------------- playout


def play_card(hands: list, cards: list, turn: int, card: int, t: Tables, taken: list, unplayed: list,
              voids: list, n: int) -> tuple[list, int]:
    """``turn`` plays ``card`` (mutates the lists); returns the trick in play and
    the next seat to play (the winner, when the card completed the trick)."""
    if cards:
        led = t.suit[cards[0]]
        if t.suit[card] != led:
            voids[turn] |= 1 << led
    hands[turn].remove(card)
    unplayed[card] -= 1
    cards.append(card)
    if len(cards) == n:
        turn = (turn + 1 + t.winner(cards)) % n  # the leader is the seat after this one
        taken[turn] += 1
        return [], turn
    return cards, (turn + 1) % n


def playout(hands: list, cards: list, turn: int, t: Tables, targets: Sequence[int], taken: list,
            unplayed: list, voids: list, n: int, policy: Callable[..., Any] = choose_play) -> list:
    """Play the hand to its end (mutates its arguments) with ``policy`` for every
    seat, each playing to its target number of tricks; return the tricks taken
    per seat. ``cards`` is the trick in play (cards in play order), ``turn`` the
    seat to play to it."""
    play_until(hands, cards, turn, t, targets, taken, unplayed, voids, n, 0, policy)
    return taken


def softened(policy: Callable[..., Any], random: Callable[[], float], share: float) -> Callable[..., Any]:
    """``policy``, except that a ``share`` of its cards are a random legal card
    instead (``random`` the bot's seeded draw): a playout less bound to one
    heuristic's habits."""
    if share <= 0:
        return policy

    def play(seat: int, hand: list, cards: list, t: Tables, need: int, n: int, unplayed: list, voids: list):
        if random() >= share:
            return policy(seat, hand, cards, t, need, n, unplayed, voids)
        legal = t.ctx.playable(hand, cards) if cards else hand
        return legal[int(random() * len(legal))], "random"

    return play


def play_until(hands: list, cards: list, turn: int, t: Tables, targets: Sequence[int], taken: list,
               unplayed: list, voids: list, n: int, left: int, policy: Callable[..., Any] = choose_play) -> int:
    """Play with ``policy`` as :func:`playout` does, but stop at the start of the
    first trick whose leader holds ``left`` cards or fewer (0: the hand's end);
    return that leader (the seat to lead)."""
    suit = t.suit
    winner = t.winner
    while hands[turn] and (cards or len(hands[turn]) > left):
        hand = hands[turn]
        card = policy(turn, hand, cards, t, targets[turn] - taken[turn], n, unplayed, voids)[0]
        if cards:
            led = suit[cards[0]]
            if suit[card] != led:
                voids[turn] |= 1 << led
        hand.remove(card)
        unplayed[card] -= 1
        cards.append(card)
        if len(cards) == n:
            turn = (turn + 1 + winner(cards)) % n
            taken[turn] += 1
            cards = []
        else:
            turn = (turn + 1) % n
    return turn


# ---------------------------------------------------------------- playout on bitmasks
#
# The same playout for single-deck packs with every hand a bitmask of card codes
# (``engine.fast``): several times cheaper a card. ``unplayed`` is a mask too, so
# the functions return it; the policy is :func:`~.play.choose_play_mask`.


def play_card_mask(hands: list, cards: list, turn: int, card: int, mt: MaskTables, taken: list, unplayed: int,
                   voids: list, n: int) -> tuple[list, int, int]:
    """:func:`play_card` on masks: (the trick in play, the next seat, unplayed)."""
    if cards:
        led = mt.tables.suit[cards[0]]
        if mt.tables.suit[card] != led:
            voids[turn] |= 1 << led
    hands[turn] ^= 1 << card
    unplayed &= ~(1 << card)
    cards.append(card)
    if len(cards) == n:
        turn = (turn + 1 + _winner(cards, mt)) % n
        taken[turn] += 1
        return [], turn, unplayed
    return cards, (turn + 1) % n, unplayed


def _winner(cards: list, mt: MaskTables) -> int:
    """The index of the card that wins a complete trick (R15: the first of the
    highest keys, as ``TrumpContext.winner``)."""
    row = mt.row[cards[0]]
    keys = [row[c] for c in cards]
    return keys.index(max(keys))


def softened_mask(policy: Callable[..., int], random: Callable[[], float], share: float) -> Callable[..., int]:
    """:func:`softened` on masks: the random card is the k-th highest legal one,
    as the k-th of a sorted hand's legal list."""
    if share <= 0:
        return policy

    def play(seat: int, hand: int, cards: list, mt: MaskTables, need: int, n: int, unplayed: int, voids: list):
        if random() >= share:
            return policy(seat, hand, cards, mt, need, n, unplayed, voids)
        legal = hand & mt.must[cards[0]] or hand if cards else hand
        k = int(random() * legal.bit_count())
        while k:
            legal ^= 1 << (legal.bit_length() - 1)
            k -= 1
        return legal.bit_length() - 1

    return play


def play_until_masks(hands: list, cards: list, turn: int, mt: MaskTables, targets: Sequence[int], taken: list,
                     unplayed: int, voids: list, n: int, left: int = 0,
                     policy: Callable[..., int] = choose_play_mask) -> int:
    """:func:`play_until` on masks (``hands`` a mask per seat, mutated): stop at
    the start of the first trick whose leader holds ``left`` cards or fewer (0:
    the hand's end); return that leader."""
    suit = mt.tables.suit
    row = mt.row
    must = mt.must
    direct = policy is choose_play_mask  # no random draw to keep in step: a forced card needs no call
    while hands[turn] and (cards or hands[turn].bit_count() > left):
        hand = hands[turn]
        legal = hand & must[cards[0]] or hand if cards else hand
        if direct and not legal & (legal - 1):
            card = legal.bit_length() - 1
        else:
            card = policy(turn, hand, cards, mt, targets[turn] - taken[turn], n, unplayed, voids)
        if cards:
            led = suit[cards[0]]
            if suit[card] != led:
                voids[turn] |= 1 << led
        hands[turn] ^= 1 << card
        unplayed ^= 1 << card
        cards.append(card)
        if len(cards) == n:
            keys = row[cards[0]]
            ks = [keys[c] for c in cards]
            turn = (turn + 1 + ks.index(max(ks))) % n
            taken[turn] += 1
            cards = []
        else:
            turn = (turn + 1) % n
    return turn


# ---------------------------------------------------------------- sampler


def _shuffle(cards: list, random: Callable[[], float]) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = int(random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


class Sampler:
    """Deals the cards a seat cannot see to the other seats, consistently with
    what it knows: voids shown, cards it knows a seat holds, cards played."""

    def __init__(self, know: TrickKnowledge, hand_counts: Sequence[int], rng: Any) -> None:
        n = know.n
        me = know.seat
        self.n = n
        self.me = me
        self.rng = rng
        self.suit = know.tables.suit
        self.known = [sorted(k.elements(), reverse=True) for k in know.known]
        pool: Counter = Counter()
        for code, k in enumerate(know.unplayed):
            if k:
                pool[code] = k
        pool.subtract(Counter(know.hand))
        slots = [0] * n
        for s in range(n):
            if s == me:
                continue
            known = self.known[s]
            if len(known) > hand_counts[s]:  # cannot happen with honest observations
                known = self.known[s] = known[: hand_counts[s]]
            pool.subtract(Counter(known))
            slots[s] = hand_counts[s] - len(known)
        self.pool = sorted((c for c in (+pool).elements()), reverse=True)
        self.slots = slots
        self.voids = list(know.voids)
        self.my_hand = list(know.hand)
        others = [s for s in range(n) if s != me]
        self.order = sorted(others, key=lambda s: -bin(self.voids[s]).count("1"))

    def sample(self) -> list:
        """One deal of the hidden cards: a hand (list) per seat, highest first
        (as a dealt hand is held, so a policy's ties fall as at the table)."""
        hands = self._deal()
        for h in hands:
            h.sort(reverse=True)
        return hands

    def sample_masks(self) -> list:
        """:meth:`sample` as a bitmask per seat (single-deck packs): the same deal
        for the same random numbers."""
        masks = []
        for h in self._deal():
            m = 0
            for c in h:
                m |= 1 << c
            masks.append(m)
        return masks

    def _deal(self) -> list:
        pool = list(self.pool)
        for attempt in range(30):
            _shuffle(pool, self.rng.random)
            hands = self._fill(pool, self.voids if attempt < 29 else [0] * self.n)
            if hands is not None:
                return hands
        raise RuntimeError("no deal agrees with what this seat knows")

    def _fill(self, pool: list, voids: list) -> Optional[list]:
        hands: list = [None] * self.n
        hands[self.me] = list(self.my_hand)
        suit = self.suit
        rest = pool
        for s in self.order:
            want = self.slots[s]
            mask = voids[s]
            take = list(self.known[s])
            if mask:
                left = []
                got = 0
                for c in rest:
                    if got < want and not mask >> suit[c] & 1:
                        take.append(c)
                        got += 1
                    else:
                        left.append(c)
                if got < want:
                    return None
                rest = left
            else:
                if len(rest) < want:
                    return None
                take.extend(rest[:want])
                rest = rest[want:]
            hands[s] = take
        return hands


# ---------------------------------------------------------------- budget loop


class Budget:
    """Seconds per decision, on an injectable clock (tests check the deadline
    logic without timing anything), and an optional cap on samples.
    ``stop_early``: stop once one candidate is clearly best (or all are within
    IRRELEVANT points); False spends the whole budget (or sample cap)."""

    def __init__(self, budget: float, clock: Callable[[], float] = time.perf_counter,
                 max_samples: Optional[int] = None, stop_early: bool = True) -> None:
        if not budget > 0:
            raise ValueError(f"the strong bot's budget must be positive, not {budget!r}")
        self.budget = float(budget)
        self.clock = clock
        self.max_samples = max_samples
        self.stop_early = stop_early
        # Figures of the last run, for benchmarks and tests.
        self.last_samples = 0
        self.last_scores: dict = {}
        self._hard_end = float("inf")

    def run(self, candidates: Sequence[Any], one_sample: Callable[[], tuple], start: float) -> Any:
        """Call ``one_sample()`` (returns a score per candidate and the sample's
        weight, or (None, 0.0) once ``late()``) while the budget allows; return the
        candidate with the best weighted mean, or None without a sample."""
        clock = self.clock
        end = start + self.budget * SAFETY
        self._hard_end = start + self.budget * HARD_STOP
        k = len(candidates)
        sums = [0.0] * k
        rows = []
        slowest = 0.0
        samples = 0
        total_w = 0.0
        cap = self.max_samples
        while True:
            now = clock()
            if now + slowest > end or (samples == 0 and now - start > self.budget / 2):
                break
            if cap is not None and samples >= cap:
                break
            scores, weight = one_sample()
            after = clock()
            slowest = max(slowest, after - now)
            samples += 1
            if weight <= 0:
                continue
            rows.append((scores, weight))
            total_w += weight
            for i in range(k):
                sums[i] += weight * scores[i]
            if self.stop_early and samples >= MIN_SAMPLES and samples % 8 == 0 and _settled(rows, sums, k):
                break
        self.last_samples = samples
        if not rows:
            return None
        self.last_scores = {c: sums[i] / total_w for i, c in enumerate(candidates)}
        best = max(range(k), key=lambda i: (sums[i], -i))  # ties: the earlier (the heuristic's) wins
        return candidates[best]

    def late(self) -> bool:
        """Past the hard stop? Samples check between candidates, so a sample slowed
        down by a busy machine is dropped rather than finished late."""
        return self.clock() > self._hard_end

    def reset(self) -> None:
        self.last_samples = 0
        self.last_scores = {}


def _settled(rows: list, sums: list, k: int) -> bool:
    """Is the best candidate clearly better (paired, about 3 standard errors) than
    each other, or else surely within IRRELEVANT points of it?"""
    best = max(range(k), key=lambda i: sums[i])
    total = sum(w for _, w in rows)
    n_eff = total * total / sum(w * w for _, w in rows)
    if n_eff < 2:
        return False
    for j in range(k):
        if j == best:
            continue
        diffs = [(r[best] - r[j], w) for r, w in rows]
        mean = sum(d * w for d, w in diffs) / total
        var = sum(w * (d - mean) ** 2 for d, w in diffs) / total
        if var == 0:
            if mean <= 0:
                return False
            continue
        se = (var / n_eff) ** 0.5
        if mean < 3 * se and mean + 3 * se > IRRELEVANT:
            return False
    return True
