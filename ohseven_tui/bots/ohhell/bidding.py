"""Bidding for the Oh Hell family: the card-bid model of Oh-Seven (R8-R13: a
bid is a card laid face down, the top bid's suit is trump, R16 scores it), the
card pass (R6), and number bids for the classic and up-and-down games (H4, U4).

The model judges a hand under a plain trump suit (R9, H3), so a card's suit here
is its printed one (``card & 3``): this family has no bowers or strikers.

Number bids: the usual Oh Hell trick estimate. Each card gets a chance of taking
a trick from the card model (which already counts trump honours and length, side
aces and guarded kings, and ruffs from short side suits), scaled for a 52-card
pack and this hand size. The chances give a distribution of tricks; the bid is
the number with the best expected score under the game's scoring (H6 or U6). The
dealer's hook (H4) bars one number: the bid then moves to the allowed neighbour
with the better expectation, which is the nearer one to the estimate.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Iterable, Optional, Sequence

from ...games.ohhell import BidNumber, Observation, Scoring, round_points
from ..base import Hint
from ..bidding import distribution
from ..bidding import expected_scores as _expected_scores

NO_TRUMP = -1
TOP_BOOST = 1.18  # fitted on normal self-play (4 players): the top bidder beats its estimate
OTHER_DAMP = 0.9  # and the others fall short of theirs
WILD = 0.2  # prior chance that a seat bids at random (as a beginner or the easy bot does)
FILL_TAME = 0.45  # share of rounds a sensible bidder makes its bid (normal: ~50%)
FILL_WILD = 0.15  # and a random one (easy: ~13%)
# Share of bids at each rank 0..7 in normal self-play, by player count
# (a few rounds of refitting normal against itself).
OPP_BIDS: dict = {
    2: (0.0033, 0.0217, 0.1357, 0.3182, 0.191, 0.1989, 0.114, 0.0171),
    3: (0.0101, 0.2461, 0.3099, 0.2057, 0.1272, 0.0794, 0.0197, 0.0018),
    4: (0.084, 0.4001, 0.2571, 0.1289, 0.082, 0.0401, 0.0074, 0.0003),
    5: (0.1501, 0.448, 0.1891, 0.1196, 0.0589, 0.0294, 0.0048, 0.0),
    6: (0.2305, 0.455, 0.1519, 0.089, 0.0499, 0.021, 0.0026, 0.0002),
    7: (0.3234, 0.4118, 0.1335, 0.0696, 0.0436, 0.0158, 0.0023, 0.0),
    8: (0.4037, 0.3765, 0.1149, 0.0555, 0.0345, 0.0134, 0.0015, 0.0),
    9: (0.453, 0.3375, 0.1128, 0.0511, 0.0321, 0.0118, 0.0014, 0.0001),
}


class BidModel:
    """Trick estimates for a hand at a table of ``players`` with ``decks`` decks.

    Each card gets a chance of taking a trick for a given trump suit: high cards
    with few higher cards out (weighted by the share of the other cards that are
    in play at all), long trumps, and ruffs from short side suits. The chances are
    scaled so an average hand expects its share of the tricks, 7/players.
    """

    def __init__(self, players: int, decks: int, ranks: tuple = tuple(range(8)), hand_size: int = 7):
        self.players = players
        self.decks = decks
        self.ranks = ranks
        self.hand_size = hand_size
        pack = len(ranks) * 4 * decks
        self.top_code = (max(ranks) + 1) * 4
        self.low_rank = min(ranks)
        # Share of the cards I cannot see that are in someone's hand.
        self.in_play = hand_size * (players - 1) / max(1, pack - hand_size)
        per_suit = len(ranks) * decks
        # Chance an opponent holds none of the other cards of a suit I hold L of.
        opp_share = hand_size / max(1, pack - hand_size)
        self._no_ruff = [((1 - (1 - opp_share) ** max(0, per_suit - length))) ** (players - 1)
                         for length in range(per_suit + 1)]
        # One deck: a card's higher cards out are a whole number, so its chance's
        # powers are looked up (the same floats as card_chances_any computes).
        span = max(ranks) - min(ranks) + 2
        self._trump_pow = [0.95 * 0.5 ** (float(k) * self.in_play) for k in range(span)]
        self._side_pow = [0.9 * 0.42 ** (float(k) * self.in_play) for k in range(span)]
        self._seventy = [0.7**i for i in range(span)]
        self.scale = 1.0
        self.scale = self._calibrate()
        self._opp_bid_cdf = self._opponent_bids()

    def _calibrate(self) -> float:
        rng = random.Random(7)
        pack = [r * 4 + s for r in self.ranks for s in range(4)] * self.decks
        total = 0.0
        samples = 200
        for _ in range(samples):
            hand = sorted(rng.sample(pack, self.hand_size), reverse=True)
            trump = rng.randrange(4)
            total += sum(self.card_chances(hand, trump))
        mean = total / samples
        return (self.hand_size / self.players) / mean if mean else 1.0

    def _opponent_bids(self) -> list:
        """Each opponent's bid ranks: normal self-play's (OPP_BIDS) where measured,
        else a binomial around the fair share; and uniform, for wild bidders."""
        size = self.hand_size
        probs = OPP_BIDS.get(self.players) if size == 7 and len(self.ranks) == 8 else None
        if probs is None:
            p = min(0.95, 1.0 / self.players)
            probs = [_comb(size, k) * p**k * (1 - p) ** (size - k) for k in range(size + 1)]
        total = sum(probs)
        self._tame = [q / total for q in probs]
        self._wild = [1.0 / len(probs)] * len(probs)
        self._tame_cdf = _cdf(self._tame)
        self._wild_cdf = _cdf(self._wild)
        return _cdf([(1 - WILD) * q + WILD * w for q, w in zip(self._tame, self._wild)])

    def wildness(self, ranks, fills=()) -> float:
        """Chance that a seat bids wildly (at random), given bid ranks it showed
        and, for finished rounds, whether it made its bid (True/False)."""
        w = WILD
        for r in ranks:
            if 0 <= r < len(self._tame):
                a = w * self._wild[r]
                w = a / (a + (1 - w) * max(self._tame[r], 1e-4))
        for made in fills:
            a = w * (FILL_WILD if made else 1 - FILL_WILD)
            w = a / (a + (1 - w) * (FILL_TAME if made else 1 - FILL_TAME))
        return w

    def card_chances(self, hand: list, trump: int) -> list:
        """Per card of ``hand`` (same order): the chance it takes a trick."""
        if self.decks != 1:
            return self.card_chances_any(hand, trump)
        lengths = [0, 0, 0, 0]
        for c in hand:
            lengths[c & 3] += 1
        top = self.top_code
        trump_pow = self._trump_pow
        side_pow = self._side_pow
        seventy = self._seventy
        no_ruff = self._no_ruff
        longest = len(no_ruff) - 1
        chances: list[float] = []
        seen = [0, 0, 0, 0]
        trump_index = []
        last = top
        for c in hand:  # highest first: seen counts my higher cards of the suit
            if c >= last:  # not highest first, or a twin: count the general way
                return self.card_chances_any(hand, trump)
            last = c
            s = c & 3
            i = seen[s]
            seen[s] += 1
            higher = (top - c - 1) // 4 - i  # the suit's codes above c that I do not hold
            if s == trump:
                p = trump_pow[higher]
                extra = lengths[s] - 2
                if extra > 0 and i >= 1:
                    p = max(p, min(0.85, 0.25 * extra + 0.1 * i))
                trump_index.append(len(chances))
            else:
                p = side_pow[higher] * no_ruff[min(lengths[s], longest)] * seventy[i]
            chances.append(p)
        return self._ruffs_and_scale(chances, lengths, trump, trump_index)

    def card_chances_any(self, hand: list, trump: int) -> list:
        """:meth:`card_chances` for any number of decks (a card may have a twin)."""
        decks = self.decks
        counts: dict[int, int] = {}
        for c in hand:
            counts[c] = counts.get(c, 0) + 1
        lengths = [0, 0, 0, 0]
        for c in hand:
            lengths[c & 3] += 1
        in_play = self.in_play
        top = self.top_code
        chances: list[float] = []
        seen = [0, 0, 0, 0]  # my cards of the suit already above this one
        trump_index = []
        for c in hand:  # hand is highest first, so seen counts my higher cards
            s = c & 3
            higher = 0.0
            code = c + 4
            while code < top:
                higher += decks - counts.get(code, 0)
                code += 4
            higher += (decks - counts[c]) * 0.5  # an identical copy: first played wins
            h = higher * in_play
            i = seen[s]
            seen[s] += 1
            if s == trump:
                p = 0.95 * 0.5**h
                extra = lengths[s] - 2
                if extra > 0 and i >= 1:
                    p = max(p, min(0.85, 0.25 * extra + 0.1 * i))
                trump_index.append(len(chances))
            else:
                p = 0.9 * 0.42**h * self._no_ruff[min(lengths[s], len(self._no_ruff) - 1)] * 0.7**i
            chances.append(p)
        return self._ruffs_and_scale(chances, lengths, trump, trump_index)

    def _ruffs_and_scale(self, chances: list, lengths: list, trump: int, trump_index: list) -> list:
        if trump >= 0 and trump_index:
            ruffs = []
            for s in range(4):
                if s != trump:
                    if lengths[s] == 0:
                        ruffs.append(0.6)
                    elif lengths[s] == 1:
                        ruffs.append(0.35)
            ruffs.sort(reverse=True)
            low_trumps = trump_index[::-1]  # lowest trump first
            for r, idx in zip(ruffs, low_trumps):
                p = chances[idx]
                chances[idx] = p + (1 - p) * r
        scale = self.scale
        return [min(0.97, p * scale) for p in chances]

    def distribution(self, chances: list) -> list:
        """P(tricks = k): a sum of independent chances (Poisson binomial)."""
        return distribution(chances)

    def no_ruff(self, length: int) -> float:
        """Chance that no opponent is void in a side suit I hold ``length`` cards of."""
        return self._no_ruff[min(length, len(self._no_ruff) - 1)]

    def top_chance(self, card: int, wild: Optional[list] = None) -> float:
        """Chance that ``card`` is the top bid (R9): every opponent bids lower.
        ``wild`` is each opponent's chance of bidding at random (default WILD)."""
        r = card >> 2
        s = card & 3
        if wild is None:
            one = _below(self._opp_bid_cdf, r, s)
            return one ** (self.players - 1)
        tame = _below(self._tame_cdf, r, s)
        rand = _below(self._wild_cdf, r, s)
        chance = 1.0
        for w in wild:
            chance *= (1 - w) * tame + w * rand
        return chance

    def outbid_wild(self, card: int, wild: Optional[list] = None) -> float:
        """Given that some opponent bid above ``card``, the chance it bid at random."""
        r = card >> 2
        s = card & 3
        above_tame = 1 - _below(self._tame_cdf, r, s)
        above_wild = 1 - _below(self._wild_cdf, r, s)
        ws = wild if wild is not None else [WILD] * (self.players - 1)
        num = sum(w * above_wild for w in ws)
        den = num + sum((1 - w) * above_tame for w in ws)
        return num / den if den else 0.0

    def evaluate(self, hand: list, allowed: list, extra_chances: Sequence[float] = (), wild: Optional[list] = None) -> list:
        """For each allowed bid card: (expected points, card, tricks if top, tricks
        otherwise, chance of top). Best first."""
        per_suit = len(self.ranks) * self.decks
        lengths = [0, 0, 0, 0]
        for c in hand:
            lengths[c & 3] += 1
        top_dists = []
        other_dists = []
        top_means = []
        other_mean = 0.0
        # Someone else's trump is likelier a suit I am short in (they are long in it).
        weights = [(per_suit - lengths[t]) ** 2 for t in range(4)]
        total_w = sum(weights) or 1
        by_trump = []
        for t in range(4):
            ch = self.card_chances(hand, t)
            if extra_chances:
                ch = ch + list(extra_chances)
            by_trump.append(ch)
            # The top bidder leads and holds the trumps; the others, less.
            top_ch = [min(0.97, p * TOP_BOOST) for p in ch]
            low = [p * OTHER_DAMP for p in ch]
            top_dists.append(self.distribution(top_ch))
            top_means.append(sum(top_ch))
            other_dists.append(self.distribution(low))
            other_mean += sum(low) * weights[t] / total_w
        size = len(top_dists[0])
        other = [sum(other_dists[t][k] * weights[t] for t in range(4)) / total_w for k in range(size)]
        # Outbid by a random bidder, trump is any suit (a little likelier one I am
        # short in) and nobody is long in it: no damping then.
        short = [per_suit - lengths[t] for t in range(4)]
        total_short = sum(short) or 1
        loose = [0.0] * size
        loose_mean = 0.0
        for t in range(4):
            d = self.distribution(by_trump[t])
            loose_mean += sum(by_trump[t]) * short[t] / total_short
            for k in range(size):
                loose[k] += d[k] * short[t] / total_short
        out = []
        done = set()
        share = min(1.0, 1.5 / max(1, self.players - 1))
        capped = {}
        for card in allowed:
            if card in done:
                continue
            done.add(card)
            r = card >> 2
            top = self.top_chance(card, wild)
            # Outbid: someone bid above r, so expects more than r tricks; I share the rest.
            cap = max(0.0, (self.hand_size - r - 1) * share)
            dist, mean = other, other_mean
            if mean > cap:
                key = r
                if key not in capped:
                    f = cap / mean
                    mixed = [0.0] * size
                    for t in range(4):
                        d = self.distribution([p * OTHER_DAMP * f for p in by_trump[t]])
                        for k in range(size):
                            mixed[k] += d[k] * weights[t] / total_w
                    capped[key] = mixed
                dist, mean = capped[key], cap
            # The cap holds for a sensible outbidder, not for a random one.
            w = self.outbid_wild(card, wild)
            rest = (1 - w) * _expected_points(r, dist) + w * _expected_points(r, loose)
            mean = (1 - w) * mean + w * loose_mean
            value = top * _expected_points(r, top_dists[card & 3]) + (1 - top) * rest
            out.append((value, card, top_means[card & 3], mean, top))
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    def choose_bid(self, hand: list, allowed: list) -> int:
        return self.evaluate(hand, allowed)[0][1]

    def hand_value(self, hand: list, missing: int, plan: Sequence[int] = ()) -> float:
        """Best expected points for a hand short of ``missing`` unknown cards,
        bidding one of the ``plan`` cards (any card of the hand if none is left)."""
        avg = (self.hand_size / self.players) / self.hand_size
        allowed = [c for c in plan if c in hand] or hand
        return self.evaluate(hand, allowed, [avg] * missing)[0][0]

    def choose_pass(self, hand: list, count: int) -> list:
        """Pass the cards that most disturb the plan: greedily, the card whose loss
        leaves the best expected points for the hand (an unknown card arrives).
        The plan is the hand's two best bid cards, which it keeps if it can."""
        keep = list(hand)
        plan = [row[1] for row in self.evaluate(keep, keep)[:2]]
        passed = []
        for step in range(count):
            best: Optional[tuple[float, int]] = None
            choices = [c for c in dict.fromkeys(keep) if c not in plan] or list(dict.fromkeys(keep))
            for c in choices:
                rest = list(keep)
                rest.remove(c)
                v = self.hand_value(rest, step + 1, plan)
                if best is None or v > best[0] or (v == best[0] and c < best[1]):
                    best = (v, c)
            assert best is not None  # choices is never empty: the hand has more cards than it passes
            keep.remove(best[1])
            passed.append(best[1])
        return passed


def _cdf(probs) -> list:
    out = []
    acc = 0.0
    for q in probs:
        acc += q
        out.append(acc)
    out[-1] = 1.0
    return out


def _below(cdf: list, rank: int, suit: int) -> float:
    """P(a bid card is below rank/suit): lower ranks, or the same rank in a lower suit."""
    below = cdf[rank - 1] if rank > 0 else 0.0
    at = cdf[rank] - below if rank < len(cdf) else 0.0
    return min(1.0, below + at * suit / 4)


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def _expected_points(bid: int, dist: list) -> float:
    """R16 expectation: exact -> bid + 2, miss -> -|bid - tricks|."""
    total = 0.0
    for k, p in enumerate(dist):
        total += p * (bid + 2 if k == bid else -abs(bid - k))
    return total


@lru_cache(maxsize=64)
def bid_model(players: int, decks: int, ranks: tuple = tuple(range(8)), hand_size: int = 7) -> BidModel:
    return BidModel(players, decks, ranks, hand_size)


# ---------------------------------------------------------------- the models of an observation


def card_model(obs: Observation) -> BidModel:
    """The card-bid model for this table (and the pass, and bid inference)."""
    rules = obs.rules
    return bid_model(obs.players, rules.decks, tuple(rules.ranks), obs.hand_size or 7)


def number_model(obs: Observation) -> BidModel:
    rules = obs.rules
    return bid_model(obs.players, rules.decks, tuple(rules.ranks), obs.hand_size or len(obs.hand) or 1)


# ---------------------------------------------------------------- number bids (H4, U4)


def card_chances(obs: Observation, hand: Optional[list] = None) -> list:
    """Each card's chance of taking a trick, with the turned card (H3) known to
    be out of play: it counts as one of ours when judging which cards are higher."""
    hand = sorted(obs.hand if hand is None else hand, reverse=True)
    trump = trump_of(obs)
    return chances_for(number_model(obs), hand, trump, obs.turned)


def trump_of(obs: Observation) -> int:
    """The trump suit as an int, -1 for none. While bidding, observation.trump is
    not set yet: the turned card's suit will be trump (H3)."""
    if obs.trump is not None:
        return int(obs.trump)
    return int(obs.turned.suit) if obs.turned is not None else -1


def chances_for(model: BidModel, hand: list, trump: int, turned: Optional[int] = None) -> list:
    if not hand:
        return []
    chances = model.card_chances(hand, trump)
    if turned is not None and int(turned) & 3 == trump:
        # A trump below the turned card has one fewer card out above it.
        with_turned = sorted(hand + [int(turned)], reverse=True)
        boosted = model.card_chances(with_turned, trump)
        t = with_turned.index(int(turned))
        boosted = boosted[:t] + boosted[t + 1 :]
        # Keep the length/ruff terms of the real hand: only raise trump honours.
        chances = [max(p, q) if c & 3 == trump and c < int(turned) else p for c, p, q in zip(hand, chances, boosted)]
    if trump < 0:
        # No trump: nothing is ruffed, so a side card keeps its honour chance.
        chances = [min(0.97, p / max(model.no_ruff(_length(hand, c & 3)), 0.05)) for c, p in zip(hand, chances)]
    if trump >= 0:
        # A trump with every higher trump in this hand or turned up is a sure trick.
        seen = set(int(c) for c in hand)
        if turned is not None:
            seen.add(int(turned))
        top = model.top_code
        for k, c in enumerate(hand):
            if c & 3 == trump and all(x in seen for x in range(c + 4, top, 4)):
                chances[k] = 0.98
    return chances


def _length(hand: list, suit: int) -> int:
    return sum(1 for c in hand if c & 3 == suit)


def expected_scores(scoring: Scoring, dist: list, numbers: Iterable[int]) -> list:
    """(expected points, number) for each bid number, best first (ties: lower)."""
    return _expected_scores(lambda b, k: round_points(scoring, b, k), dist, numbers)


# Measured in classic 4-player play against sensible bidders (normal): the more
# the earlier bids claim, the less my doubtful cards win. Fewer claimed than
# fair does not make them likelier (raising measured worse).
CONTEST = 2.5  # how far the earlier bids' excess claim lowers my doubtful cards' chances
CONTEST_FLOOR = 0.5  # never below half
SURE = 0.9  # a card this likely to win is not contested


def contest(obs: Observation, model: BidModel) -> float:
    """How much the bids named before this seat's (H4) claim beyond their fair
    share of the hand's tricks, as a share of the hand: each counted by how
    sensible its bidder looks (a random bidder's number says nothing)."""
    size = obs.hand_size or len(obs.hand) or 1
    fair = size / obs.players
    excess = 0.0
    for seat, number in obs.bids_made:
        if seat == obs.seat:
            continue
        shown = [r.bids[seat] for r in obs.results if r.hand_size == size]
        fills = [r.bids[seat] == r.taken[seat] for r in obs.results]
        wild = model.wildness(shown + [number], fills)
        excess += (1 - wild) * (number - fair)
    return excess / size


def choose_number(obs: Observation, numbers: Optional[list] = None) -> tuple[int, float, float, list]:
    """(bid number, estimated tricks, expected points, ranked) for this seat's hand."""
    model = number_model(obs)
    chances = card_chances(obs)
    excess = contest(obs, model) if obs.bids_made else 0.0
    if excess > 0:
        # Tricks the earlier bidders claim are harder for my doubtful cards to win.
        f = max(CONTEST_FLOOR, 1 - CONTEST * excess)
        chances = [p if p >= SURE else p * f for p in chances]
    dist = model.distribution(chances)
    estimate = sum(chances)
    if numbers is None:
        numbers = [a.number for a in obs.legal_actions if type(a) is BidNumber]
    ranked = expected_scores(obs.rules.scoring, dist, numbers)
    ev, number = ranked[0]
    return number, estimate, ev, ranked


def bid_hint(obs: Observation) -> Hint:
    """The normal bot's number bid and a one-line reason."""
    number, estimate, ev, ranked = choose_number(obs)
    action = BidNumber(obs.seat, number)
    hook: Optional[int] = obs.hook
    tricks = "trick" if number == 1 else "tricks"
    if hook is not None:
        reason = f"Bid {number}: you may not bid {hook}; your hand is worth about {estimate:.1f} tricks"
    else:
        reason = f"Bid {number} {tricks}: your hand is worth about {estimate:.1f}"
        nearest = round(float(f"{estimate:.1f}"))
        if number > nearest:  # the score table pays more for the higher bid: say so, or the reason contradicts it
            reason += f", and {number} scores more than {nearest} on average"
    return Hint(action, reason)
