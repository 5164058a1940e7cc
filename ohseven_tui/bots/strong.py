"""The strong bot: determinized Monte Carlo over the normal policy.

For a bid or a card it samples the hidden hands so they agree with everything the
seat knows (voids shown, cards it passed, revealed bid cards still unplayed, cards
played), plays every candidate out in each sample with the normal policy for all
seats, and keeps the candidate with the best mean points for the round. Every
candidate sees the same samples, so the comparison is paired.

It stops when its time budget is spent (or earlier, once one candidate is clearly
best). A sample is only started when the slowest sample so far still fits, and
a sample still running at the hard stop (budget + 5%, e.g. on a busy machine)
is dropped between two candidates, so a decision returns within the budget plus
a small margin.
"""

from __future__ import annotations

import gc
import math
import time
from collections import Counter

from ..games.ohhell import Bid, BidNumber, Observation, Phase, Play, round_points
from .base import bot_rng
from .knowledge import Knowledge
from .normal import decide, model_for
from .policy import choose_play, trick_winner

DEFAULT_BUDGET = 0.5  # seconds per decision
BID_CANDIDATES = 4  # the normal model's best few bid cards are searched
SAFETY = 0.97  # aim a little under the budget: the last sample may run long
HARD_STOP = 1.05  # a sample still running at budget x this is dropped half-way
MIN_SAMPLES = 24  # before a candidate may be declared clearly best
IRRELEVANT = 0.1  # points per round: a smaller difference is not worth more time
BID_SIGMA = 0.8  # ranks: how far a seat's bid may stray from the normal model's


def points(bid: int, taken: int) -> int:
    """R16."""
    return bid + 2 if bid == taken else -abs(bid - taken)


def playout(hands, trick, turn, trump, bids, taken, unplayed, voids, n) -> list:
    """Play the round to its end with the normal policy for every seat (mutates
    its arguments) and return the tricks taken per seat."""
    while hands[turn]:
        hand = hands[turn]
        card = choose_play(turn, hand, trick, trump, bids[turn] - taken[turn], n, unplayed, voids)[0]
        if trick:
            led = trick[0][1] & 3
            if card & 3 != led:
                voids[turn] |= 1 << led
        hand.remove(card)
        unplayed[card] -= 1
        trick.append((turn, card))
        if len(trick) == n:
            turn = trick_winner(trick, trump)[0]
            taken[turn] += 1
            trick = []
        else:
            turn = (turn + 1) % n
    return taken


def _shuffle(cards: list, random) -> None:
    for i in range(len(cards) - 1, 0, -1):
        j = int(random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


class Sampler:
    """Deals the cards a seat cannot see to the other seats, consistently with
    what it knows."""

    def __init__(self, know: Knowledge, hand_counts, rng):
        n = know.n
        me = know.seat
        self.n = n
        self.me = me
        self.rng = rng
        self.known = [sorted(k.elements(), reverse=True) for k in know.known]
        pool = Counter()
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
        """One deal of the hidden cards: a hand (list) per seat."""
        pool = list(self.pool)
        for attempt in range(30):
            _shuffle(pool, self.rng.random)
            hands = self._fill(pool, self.voids if attempt < 29 else [0] * self.n)
            if hands is not None:
                return hands
        raise RuntimeError("no deal agrees with what this seat knows")

    def _fill(self, pool, voids):
        hands = [None] * self.n
        hands[self.me] = list(self.my_hand)
        rest = pool
        for s in self.order:
            want = self.slots[s]
            mask = voids[s]
            take = list(self.known[s])
            if mask:
                left = []
                got = 0
                for c in rest:
                    if got < want and not mask >> (c & 3) & 1:
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


class StrongBot:
    """Determinized Monte Carlo with the normal policy as the playout policy.

    ``budget`` is seconds per decision; ``clock`` is injectable so tests can
    check the deadline logic without timing anything. ``infer_from_bids``
    also weights each sampled deal by how well it explains the other seats'
    standing bids (off by default: it measured no better, see the report)."""

    name = "strong"
    presets = ("oh-seven", "classic", "up-and-down")  # number bids: ohhell.py

    def __init__(
        self,
        seed: int = 0,
        budget: float = DEFAULT_BUDGET,
        clock=time.perf_counter,
        max_samples=None,
        infer_from_bids: bool = False,
    ):
        if not budget > 0:
            raise ValueError(f"the strong bot's budget must be positive, not {budget!r}")
        self.rng = bot_rng(seed)
        self.budget = float(budget)
        self.clock = clock
        self.max_samples = max_samples
        self.infer_from_bids = infer_from_bids
        # Figures of the last decision, for benchmarks and tests.
        self.last_samples = 0
        self.last_elapsed = 0.0
        self.last_scores: dict = {}
        self._hard_end = float("inf")

    # ------------------------------------------------------------------ api
    def choose(self, observation: Observation):
        start = self.clock()
        self.last_samples = 0
        self.last_scores = {}
        legal = observation.legal_actions
        fallback = decide(observation, self.rng)
        action = fallback.action
        if len(legal) > 1:
            first = legal[0]
            # No garbage-collector pause in the middle of a timed search.
            collecting = gc.isenabled()
            gc.disable()
            try:
                if type(first) is Play and observation.phase is Phase.PLAY:
                    action = self._search_play(observation, action, start)
                elif type(first) is Bid:
                    action = self._search_bid(observation, action, start)
                elif type(first) is BidNumber:  # Oh Hell presets
                    from .ohhell import search_number_bid

                    action = search_number_bid(self, observation, action, start)
            finally:
                if collecting:
                    gc.enable()
        self.last_elapsed = self.clock() - start
        return action

    # ------------------------------------------------------------------ loop
    def _run(self, candidates, one_sample, start):
        """Call ``one_sample()`` (returns a score per candidate and the sample's
        weight) while the budget allows; return the candidate with the best
        weighted mean."""
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
            if samples >= MIN_SAMPLES and samples % 8 == 0 and _settled(rows, sums, k):
                break
        self.last_samples = samples
        if not rows:
            return None
        self.last_scores = {c: sums[i] / total_w for i, c in enumerate(candidates)}
        best = max(range(k), key=lambda i: (sums[i], -i))  # ties: the earlier (normal's) wins
        return candidates[best]

    def late(self) -> bool:
        """Past the hard stop? Samples check between candidates, so a sample slowed
        down by a busy machine is dropped rather than finished late."""
        return self.clock() > self._hard_end

    # ------------------------------------------------------------------ play
    def _search_play(self, obs: Observation, preferred, start):
        know = Knowledge(obs)
        me = know.seat
        cards = _distinct_cards(obs, know, preferred.card)
        if len(cards) == 1:
            return Play(me, cards[0])
        sampler = Sampler(know, obs.hand_counts, self.rng)
        n = know.n
        trump = know.trump
        bids = know.bids
        bid = bids[me]
        scoring = obs.rules.scoring

        weigh = _bid_likelihood(obs, know, model_for(obs)) if self.infer_from_bids else None

        def one_sample():
            hands = sampler.sample()
            weight = weigh(hands) if weigh is not None else 1.0
            out = []
            for card in cards:
                if self.late():
                    return None, 0.0
                hs = [list(h) for h in hands]
                trick = list(know.trick)
                voids = list(know.voids)
                unplayed = list(know.unplayed)
                taken = list(know.taken)
                hand = hs[me]
                if trick and card & 3 != trick[0][1] & 3:
                    voids[me] |= 1 << (trick[0][1] & 3)
                hand.remove(card)
                unplayed[card] -= 1
                trick.append((me, card))
                if len(trick) == n:
                    turn = trick_winner(trick, trump)[0]
                    taken[turn] += 1
                    trick = []
                else:
                    turn = (me + 1) % n
                playout(hs, trick, turn, trump, bids, taken, unplayed, voids, n)
                out.append(round_points(scoring, bid, taken[me]))  # R16, H6 or U6
            return out, weight

        best = self._run(cards, one_sample, start)
        return preferred if best is None else Play(me, best)

    # ------------------------------------------------------------------ bid
    def _search_bid(self, obs: Observation, preferred, start):
        know = Knowledge(obs)
        me = know.seat
        n = know.n
        model = model_for(obs)
        hand = list(obs.hand)
        allowed = [a.card for a in obs.legal_actions]
        ranked = [row[1] for row in model.evaluate(hand, allowed)]
        cards = [preferred.card] + [c for c in ranked if c != preferred.card]
        cards = cards[:BID_CANDIDATES]
        if len(cards) == 1:
            return preferred
        size = obs.hand_size or len(hand)
        # Cards each seat has bid with in this deal (R12), from the revealed attempts.
        bid_with = [[] for _ in range(n)]
        for number, attempt in obs.bid_attempts:
            if number == obs.deal_number:
                for s, c in enumerate(attempt.bids):
                    bid_with[s].append(c)
        sampler = Sampler(know, obs.hand_counts, self.rng)
        pack_unplayed = list(know.pack)

        def next_bid(hand_s, used):
            left = Counter(hand_s)
            left.subtract(used)
            allowed_s = [c for c in dict.fromkeys(sorted(hand_s, reverse=True)) if left[c] > 0]
            return model.choose_bid(sorted(hand_s, reverse=True), allowed_s)

        def one_sample():
            hands = sampler.sample()
            others_seq = {}  # seat -> that seat's successive bids (independent of mine)

            def other_bid(s, attempt):
                seq = others_seq.setdefault(s, [])
                while len(seq) <= attempt:
                    used = bid_with[s] + seq
                    if len(used) >= size:
                        return None
                    seq.append(next_bid(hands[s], used))
                return seq[attempt]

            out = []
            for card in cards:
                if self.late():
                    return None, 0.0
                mine = [card]
                bonus = 0
                attempt = 0
                result = None
                while True:
                    bids = [other_bid(s, attempt) if s != me else mine[attempt] for s in range(n)]
                    if any(b is None for b in bids):
                        break
                    top = max(bids)
                    holders = [s for s in range(n) if bids[s] == top]
                    if sum(b >> 2 for b in bids) == size:  # R11
                        if me in holders:
                            bonus += 1
                    elif len(holders) == 1:  # R9: the bid stands
                        result = (bids, top, holders[0])
                        break
                    # R12: rebid with a card not yet bid with
                    attempt += 1
                    used = bid_with[me] + mine
                    if len(used) >= size:
                        break  # R13: a redeal
                    mine.append(next_bid(hands[me], used))
                if result is None:
                    out.append(bonus)
                    continue
                bids, top, leader = result
                numbers = [b >> 2 for b in bids]
                taken = playout(
                    [list(h) for h in hands], [], leader, top & 3, numbers, [0] * n, list(pack_unplayed), [0] * n, n
                )
                out.append(bonus + points(numbers[me], taken[me]))
            return out, 1.0

        best = self._run(cards, one_sample, start)
        return preferred if best is None else Bid(me, best)


def _bid_likelihood(obs: Observation, know: Knowledge, model):
    """How well a sampled deal explains the bids the other seats stand by: each
    bid against the normal model's trick estimate for that seat's whole hand
    (what it holds now plus what it has played)."""
    n = know.n
    me = know.seat
    trump = know.trump
    bids = know.bids
    tops = set(obs.top_bidders)
    others = [s for s in range(n) if s != me]
    played = know.played_by

    # The cards each seat had bid with before its standing bid (R12), this deal.
    earlier = [[] for _ in range(n)]
    attempts = [a for number, a in obs.bid_attempts if number == obs.deal_number]
    for a in attempts[:-1]:
        for s, c in enumerate(a.bids):
            earlier[s].append(c)
    standing = obs.bid_cards

    def weigh(hands) -> float:
        err = 0.0
        for s in others:
            whole = sorted(hands[s] + played[s], reverse=True)
            left = Counter(whole)
            left.subtract(earlier[s])
            allowed = [c for c in dict.fromkeys(whole) if left[c] > 0]
            # What would the normal bot have bid with this hand?
            guess = model.evaluate(whole, allowed)[0][1]
            d = (guess >> 2) - (standing[s] >> 2)
            err += d * d
        return math.exp(-err / (2 * BID_SIGMA**2))

    return weigh


def _distinct_cards(obs: Observation, know: Knowledge, preferred) -> list:
    """Legal cards, one per run of equivalent cards (same suit, no outstanding card
    between or equal to them); the normal policy's card first."""
    hand = know.hand
    unplayed = know.unplayed
    legal = sorted(dict.fromkeys(a.card for a in obs.legal_actions))
    groups = []
    for c in legal:
        last = groups[-1][-1] if groups else None
        if last is not None and last & 3 == c & 3 and all(
            unplayed[x] - hand.count(x) <= 0 for x in range(last, c + 1, 4)
        ):
            groups[-1].append(c)
        else:
            groups.append([c])
    cards = []
    for g in groups:
        cards.append(preferred if preferred in g else g[0])
    cards.remove(preferred)
    return [preferred] + cards


def _settled(rows, sums, k) -> bool:
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
