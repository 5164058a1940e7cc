"""The strong bot's Oh Hell search: determinized Monte Carlo over the normal
heuristics for a card (R14), a card bid (R8-R13) and a number bid (H4, U4).

For a decision it samples the hidden hands so they agree with everything the
seat knows (voids shown, cards it passed, revealed bid cards still unplayed, cards
played), plays every candidate out in each sample with the normal policy for all
seats, and keeps the candidate with the best mean points for the round. Every
candidate sees the same samples, so the comparison is paired. The budget loop is
the strong bot's (``bot.run``, ``bot.late``: ``bots.search.Budget``).
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from typing import Any, Callable, Sequence

from ...engine.fast import cards_of, fast_tricks, mask_of
from ...games.ohhell import Bid, BidNumber, BidStyle, Observation, Phase, Play, Scoring, round_points
from ..endgame import solve, solve_value
from ..play import choose_play, choose_play_mask
from ..search import Sampler, play_card, play_card_mask, play_until, play_until_masks, playout, softened, softened_mask
from ..tables import MaskTables, mask_tables
from .bidding import card_model, chances_for, choose_number, expected_scores, number_model, trump_of
from .knowledge import Knowledge, tables_of

__all__ = ["search", "BID_CANDIDATES", "NUMBER_CANDIDATES", "BID_SIGMA"]

BID_CANDIDATES = 4  # the card model's best few bid cards are searched
NUMBER_CANDIDATES = 3  # the estimate's best few numbers are searched
BID_SIGMA = 0.8  # ranks: how far a seat's bid may stray from the normal model's
NUMBER_WILD = 0.2  # the share of a number bid's likelihood that ignores the hand (a seat may bid anything)


def points(bid: int, taken: int) -> int:
    """R16."""
    return bid + 2 if bid == taken else -abs(bid - taken)


def search(bot: Any, obs: Observation, preferred: Any, start: float) -> Any:
    """The strong bot's action for ``obs``; ``preferred`` is the normal bot's, kept
    when the search has nothing to compare or no time."""
    kind = type(obs.legal_actions[0])
    if kind is Play and obs.phase is Phase.PLAY:
        return search_play(bot, obs, preferred, start)
    if kind is Bid:
        return search_bid(bot, obs, preferred, start)
    if kind is BidNumber:
        return search_number_bid(bot, obs, preferred, start)
    return preferred


# ---------------------------------------------------------------- play


def search_play(bot: Any, obs: Observation, preferred: Play, start: float) -> Play:
    know = Knowledge(obs)
    me = know.seat
    cards = _distinct_cards(obs, know, preferred.card)
    if len(cards) == 1:
        return Play(me, cards[0])
    sampler = Sampler(know, obs.hand_counts, bot.rng)
    n = know.n
    tables = know.tables
    bids = know.bids
    assert bids is not None  # the search plays cards: the bids stand
    scoring = obs.rules.scoring
    rivalry = _rivalry(bot)

    # Samples weighted by how well they explain the other seats' bids (card bids R8, numbers H4/U4).
    weigh = None
    if obs.rules.bid_style is BidStyle.CARD:
        if bot.infer_from_bids:
            weigh = _bid_likelihood(obs, know, card_model(obs))
    elif getattr(bot, "infer_number_bids", False):
        weigh = _number_bid_likelihood(obs, know)

    tail = _tail(bot, obs)
    if tail and len(know.hand) <= tail:  # the whole rest of the hand, exactly: one solve serves every card
        ft = fast_tricks(tables.ctx)
        payoff = _payoff(scoring, tuple(bids))

        def solved_sample():
            hands = sampler.sample_masks()
            weight = weigh([cards_of(h) for h in hands]) if weigh is not None else 1.0
            vals = solve(hands, know.trick, me, list(know.taken), ft, payoff)
            return [_value(vals[c], me, rivalry) for c in cards], weight

        best = bot.run(cards, solved_sample, start)
        return preferred if best is None else Play(me, best)

    if _fast(bot, obs):
        mt = mask_tables(tables)
        fast_policy = _policy_mask(bot)
        unplayed_mask = _unplayed_mask(know.unplayed)

        def fast_sample():
            hands = sampler.sample_masks()
            weight = weigh([cards_of(h) for h in hands]) if weigh is not None else 1.0
            out = []
            for card in cards:
                if bot.late():
                    return None, 0.0
                hs = list(hands)
                voids = list(know.voids)
                taken = list(know.taken)
                trick, turn, unplayed = play_card_mask(hs, list(know.trick), me, card, mt, taken, unplayed_mask,
                                                       voids, n)
                out.append(_finish_masks(tail, hs, trick, turn, mt, bids, taken, unplayed, voids, n, me, scoring,
                                         fast_policy, rivalry))
            return out, weight

        best = bot.run(cards, fast_sample, start)
        return preferred if best is None else Play(me, best)

    policy = _policy(bot)

    def one_sample():
        hands = sampler.sample()
        weight = weigh(hands) if weigh is not None else 1.0
        out = []
        for card in cards:
            if bot.late():
                return None, 0.0
            hs = [list(h) for h in hands]
            voids = list(know.voids)
            unplayed = list(know.unplayed)
            taken = list(know.taken)
            trick, turn = play_card(hs, list(know.trick), me, card, tables, taken, unplayed, voids, n)
            out.append(_finish(tail, hs, trick, turn, tables, bids, taken, unplayed, voids, n, me, scoring,
                               policy, rivalry))
        return out, weight

    best = bot.run(cards, one_sample, start)
    return preferred if best is None else Play(me, best)


def _policy(bot: Any) -> Callable[..., Any]:
    """The playouts' card policy: the normal bot's, a share of it random (``rollout_random``)."""
    return softened(choose_play, bot.rng.random, getattr(bot, "rollout_random", 0.0))


def _policy_mask(bot: Any) -> Callable[..., int]:
    """:func:`_policy` for hands held as bitmasks."""
    return softened_mask(choose_play_mask, bot.rng.random, getattr(bot, "rollout_random", 0.0))


def _rivalry(bot: Any) -> float:
    """How much the other seats' mean points count against this seat's (``StrongBot.rivalry``)."""
    return float(getattr(bot, "rivalry", 0.0))


def _fast(bot: Any, obs: Observation) -> bool:
    """Play the samples out on bitmask hands? Single-deck packs only (a mask holds
    one copy of a card), unless the bot asks for the list playout (``fast_playout``)."""
    return obs.rules.decks == 1 and getattr(bot, "fast_playout", True)


def _value(points: Sequence[float], me: int, rivalry: float) -> float:
    """A sample's worth to ``me``: its points, less ``rivalry`` x the other seats'
    mean (a trick that breaks a rival's bid is worth something to a player who
    wants to win the game, not only to score)."""
    if not rivalry:
        return points[me]
    others = (sum(points) - points[me]) / (len(points) - 1)
    return points[me] - rivalry * others


def _seat_points(scoring: Scoring, targets: Sequence[int], taken: Sequence[int], me: int, rivalry: float) -> float:
    if not rivalry:
        return round_points(scoring, targets[me], taken[me])
    return _value([round_points(scoring, b, t) for b, t in zip(targets, taken)], me, rivalry)


def _unplayed_mask(unplayed: Sequence[int]) -> int:
    return mask_of(c for c, k in enumerate(unplayed) if k > 0)


def _finish_masks(tail: int, hands: list, trick: list, turn: int, mt: MaskTables, targets: Sequence[int],
                  taken: list, unplayed: int, voids: list, n: int, me: int, scoring: Scoring,
                  policy: Callable[..., int] = choose_play_mask, rivalry: float = 0.0) -> float:
    """:func:`_finish` with a bitmask per hand (mutated)."""
    turn = play_until_masks(hands, trick, turn, mt, targets, taken, unplayed, voids, n, tail, policy)
    if tail and hands[turn]:
        ft = fast_tricks(mt.tables.ctx)
        return _value(solve_value(hands, [], turn, taken, ft, _payoff(scoring, tuple(targets))), me, rivalry)
    return _seat_points(scoring, targets, taken, me, rivalry)


def _tail(bot: Any, obs: Observation) -> int:
    """Cards per hand from which a sample is played exactly (0: never). The solver's
    bitmask hands hold one copy of a card: single-deck packs only."""
    return getattr(bot, "endgame", 0) if obs.rules.decks == 1 else 0


@lru_cache(maxsize=4096)
def _payoff(scoring: Scoring, bids: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """Each seat's points (R16, H6, U6) for its tricks taken, as the solver asks."""
    return lambda taken: tuple([round_points(scoring, b, t) for b, t in zip(bids, taken)])


def _finish(tail: int, hands: list, trick: list, turn: int, tables: Any, targets: Sequence[int], taken: list,
            unplayed: list, voids: list, n: int, me: int, scoring: Scoring,
            policy: Callable[..., Any] = choose_play, rivalry: float = 0.0) -> float:
    """This seat's points for the rest of a sampled hand (mutates the lists): the
    normal policy for every seat, then, once every hand holds ``tail`` cards or
    fewer, exact play (``bots.endgame``). With ``rivalry``, less that share of the
    other seats' mean points (:func:`_value`)."""
    if tail:
        turn = play_until(hands, trick, turn, tables, targets, taken, unplayed, voids, n, tail, policy)
        if hands[turn]:
            ft = fast_tricks(tables.ctx)
            return _value(solve_value([mask_of(h) for h in hands], [], turn, taken, ft,
                                      _payoff(scoring, tuple(targets))), me, rivalry)
    else:
        playout(hands, trick, turn, tables, targets, taken, unplayed, voids, n, policy)
    return _seat_points(scoring, targets, taken, me, rivalry)


# ---------------------------------------------------------------- card bids


def search_bid(bot: Any, obs: Observation, preferred: Bid, start: float) -> Bid:
    know = Knowledge(obs)
    me = know.seat
    n = know.n
    model = card_model(obs)
    hand = list(obs.hand)
    allowed = [a.card for a in obs.legal_actions]
    ranked = [row[1] for row in model.evaluate(hand, allowed)]
    cards = [preferred.card] + [c for c in ranked if c != preferred.card]
    cards = cards[:BID_CANDIDATES]
    if len(cards) == 1:
        return preferred
    size = obs.hand_size or len(hand)
    # Cards each seat has bid with in this deal (R12), from the revealed attempts.
    bid_with: list = [[] for _ in range(n)]
    for number, attempt in obs.bid_attempts:
        if number == obs.deal_number:
            for s, c in enumerate(attempt.bids):
                bid_with[s].append(c)
    sampler = Sampler(know, obs.hand_counts, bot.rng)
    pack_unplayed = list(know.pack)
    rules = obs.rules
    tail = _tail(bot, obs)
    fast = _fast(bot, obs)
    policy = _policy_mask(bot) if fast else _policy(bot)
    pack_mask = _unplayed_mask(pack_unplayed)
    rivalry = _rivalry(bot)

    def next_bid(hand_s, used):
        left = Counter(hand_s)
        left.subtract(used)
        allowed_s = [c for c in dict.fromkeys(sorted(hand_s, reverse=True)) if left[c] > 0]
        return model.choose_bid(sorted(hand_s, reverse=True), allowed_s)

    def one_sample():
        hands = sampler.sample()
        masks = [mask_of(h) for h in hands] if fast else None
        others_seq: dict = {}  # seat -> that seat's successive bids (independent of mine)

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
            if bot.late():
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
            tables = tables_of(rules, top & 3)  # R9: the top bid's suit is trump
            if masks is not None:
                out.append(bonus + _finish_masks(tail, list(masks), [], leader, mask_tables(tables), numbers,
                                                 [0] * n, pack_mask, [0] * n, n, me, rules.scoring, policy,
                                                 rivalry))
            else:
                out.append(bonus + _finish(tail, [list(h) for h in hands], [], leader, tables, numbers, [0] * n,
                                           list(pack_unplayed), [0] * n, n, me, rules.scoring, policy,
                                                 rivalry))
        return out, 1.0

    best = bot.run(cards, one_sample, start)
    return preferred if best is None else Bid(me, best)


def _bid_likelihood(obs: Observation, know: Knowledge, model):
    """How well a sampled deal explains the bids the other seats stand by: each
    bid against the normal model's trick estimate for that seat's whole hand
    (what it holds now plus what it has played)."""
    n = know.n
    me = know.seat
    others = [s for s in range(n) if s != me]
    played = know.played_by

    # The cards each seat had bid with before its standing bid (R12), this deal.
    earlier: list = [[] for _ in range(n)]
    attempts = [a for number, a in obs.bid_attempts if number == obs.deal_number]
    for a in attempts[:-1]:
        for s, c in enumerate(a.bids):
            earlier[s].append(c)
    standing = obs.bid_cards
    assert standing is not None  # weighed in play, once the bid cards stand

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


def _number_bid_likelihood(obs: Observation, know: Knowledge):
    """How well a sampled deal explains the numbers the other seats bid (H4, U4):
    per seat, the normal model's chance that its whole hand (held now plus played)
    takes exactly its bid, mixed with a small chance that it bid anything."""
    n = know.n
    me = know.seat
    others = [s for s in range(n) if s != me]
    played = know.played_by
    bids = know.bids
    assert bids is not None  # weighed in play, once the bids stand
    model = number_model(obs)
    trump = trump_of(obs)
    turned = obs.turned
    size = obs.hand_size or 1
    wild = NUMBER_WILD / (size + 1)

    def weigh(hands) -> float:
        w = 1.0
        for s in others:
            whole = sorted(hands[s] + played[s], reverse=True)
            dist = model.distribution(chances_for(model, whole, trump, turned))
            b = bids[s]
            w *= wild + (1 - NUMBER_WILD) * (dist[b] if b < len(dist) else 0.0)
        return w

    return weigh


def _distinct_cards(obs: Observation, know: Knowledge, preferred) -> list:
    """Legal cards, one per run of equivalent cards (same suit, no outstanding card
    between or equal to them); the normal policy's card first."""
    hand = know.hand
    unplayed = know.unplayed
    t = know.tables
    suit = t.suit
    strength = t.strength
    legal = sorted(dict.fromkeys(a.card for a in obs.legal_actions), key=t.order.__getitem__)
    groups: list = []
    for c in legal:
        last = groups[-1][-1] if groups else None
        if last is not None and suit[last] == suit[c] and all(
            unplayed[x] - hand.count(x) <= 0 for x in t.of_suit[suit[c]] if strength[last] <= strength[x] <= strength[c]
        ):
            groups[-1].append(c)
        else:
            groups.append([c])
    cards = []
    for g in groups:
        cards.append(preferred if preferred in g else g[0])
    cards.remove(preferred)
    return [preferred] + cards


# ---------------------------------------------------------------- number bids


def search_number_bid(bot: Any, obs: Observation, preferred: BidNumber, start: float) -> BidNumber:
    """Determinized Monte Carlo over the estimate's best few numbers. Each sample
    deals the hidden cards, gives every other seat the normal bot's bid for its
    sampled hand (or the bid it already made, H4), plays the hand out with the
    normal policy and scores this seat's bid by the game's rule."""
    know = Knowledge(obs)
    me = know.seat
    n = know.n
    model = number_model(obs)
    numbers = [a.number for a in obs.legal_actions if type(a) is BidNumber]
    _, _, _, ranked = choose_number(obs, numbers)
    candidates = [preferred.number] + [b for _, b in ranked if b != preferred.number]
    candidates = candidates[:NUMBER_CANDIDATES]
    if len(candidates) == 1:
        return preferred
    trump = trump_of(obs)
    tables = tables_of(obs.rules, trump)
    turned = obs.turned
    scoring = obs.rules.scoring
    all_numbers = range(obs.hand_size + 1)
    sampler = Sampler(know, obs.hand_counts, bot.rng)
    leader = (obs.dealer + 1) % n  # H5, U5
    said = dict(obs.bids_made or ())  # H4: bids already made stand
    tail = _tail(bot, obs)
    fast = _fast(bot, obs)
    policy = _policy_mask(bot) if fast else _policy(bot)
    mt = mask_tables(tables)
    unplayed_mask = _unplayed_mask(know.unplayed)
    rivalry = _rivalry(bot)

    def other_bid(hand):
        dist = model.distribution(chances_for(model, sorted(hand, reverse=True), trump, turned))
        return expected_scores(scoring, dist, all_numbers)[0][1]

    weight = _bids_made_likelihood(obs) if getattr(bot, "infer_number_bids", False) else None

    def one_sample():
        hands = sampler.sample()
        bids = [said[s] if s in said else other_bid(hands[s]) if s != me else 0 for s in range(n)]
        masks = [mask_of(h) for h in hands] if fast else []
        w = weight(hands) if weight is not None else 1.0
        out = []
        for number in candidates:
            if bot.late():
                return None, 0.0
            bids[me] = number
            if fast:
                out.append(_finish_masks(tail, list(masks), [], leader, mt, bids, [0] * n,
                                         unplayed_mask, [0] * n, n, me, scoring, policy, rivalry))
            else:
                out.append(_finish(tail, [list(h) for h in hands], [], leader, tables, bids, [0] * n,
                                   list(know.unplayed), [0] * n, n, me, scoring, policy, rivalry))
        return out, w

    best = bot.run(candidates, one_sample, start)
    return preferred if best is None else BidNumber(me, best)


def _bids_made_likelihood(obs: Observation) -> Callable[[list], float] | None:
    """While the numbers are bid (H4): how well a sampled deal explains the numbers
    the other seats have bid so far, as in play (``_number_bid_likelihood``): each
    bidder's chance that its hand takes exactly its number, mixed with a bid that
    says nothing. None when no other seat has bid."""
    bidders = [(s, b) for s, b in (obs.bids_made or ()) if s != obs.seat]
    if not bidders:
        return None
    model = number_model(obs)
    trump = trump_of(obs)
    turned = obs.turned
    wild = NUMBER_WILD / (obs.hand_size + 1)

    def weigh(hands: list) -> float:
        w = 1.0
        for s, b in bidders:
            dist = model.distribution(chances_for(model, sorted(hands[s], reverse=True), trump, turned))
            w *= wild + (1 - NUMBER_WILD) * (dist[b] if b < len(dist) else 0.0)
        return w

    return weigh
