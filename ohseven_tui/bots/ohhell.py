"""Number bidding for the Oh Hell presets (classic H4, up-and-down U4).

The usual Oh Hell trick estimate: each card gets a chance of taking a trick from
the normal bot's card model (policy.BidModel, which already counts trump honours
and length, side aces and guarded kings, and ruffs from short side suits), scaled
for a 52-card pack and this hand size. The chances give a distribution of tricks;
the bid is the number with the best expected score under the preset's scoring
(H6 or U6). The dealer's hook (H4) bars one number: the bid then moves to the
allowed neighbour with the better expectation, which is the nearer one to the
estimate. Play is the normal bot's (policy.choose_play handles any trump or none).
"""

from __future__ import annotations

from typing import Optional

from ..games.ohhell import BidNumber, Observation, round_points
from .policy import bid_model

PRESETS = ("oh-seven", "classic", "up-and-down")


def model_for(obs: Observation):
    rules = obs.rules
    return bid_model(obs.players, rules.decks, tuple(rules.ranks), obs.hand_size or len(obs.hand) or 1)


def card_chances(obs: Observation, hand=None) -> list:
    """Each card's chance of taking a trick, with the turned card (H3) known to
    be out of play: it counts as one of ours when judging which cards are higher."""
    hand = sorted(obs.hand if hand is None else hand, reverse=True)
    trump = trump_of(obs)
    return chances_for(model_for(obs), hand, trump, obs.turned)


def trump_of(obs: Observation) -> int:
    """The trump suit as an int, -1 for none. While bidding, observation.trump is
    not set yet: the turned card's suit will be trump (H3)."""
    if obs.trump is not None:
        return int(obs.trump)
    return int(obs.turned) & 3 if obs.turned is not None else -1


def chances_for(model, hand: list, trump: int, turned=None) -> list:
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
        chances = [min(0.97, p / max(model._no_ruff[min(_length(hand, c & 3), len(model._no_ruff) - 1)], 0.05))
                   for c, p in zip(hand, chances)]
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


def _length(hand, suit) -> int:
    return sum(1 for c in hand if c & 3 == suit)


def expected_scores(scoring, dist: list, numbers) -> list:
    """(expected points, number) for each bid number, best first (ties: lower)."""
    out = []
    for b in numbers:
        ev = sum(p * round_points(scoring, b, k) for k, p in enumerate(dist))
        out.append((ev, b))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out


def choose_number(obs: Observation, numbers=None):
    """(bid number, estimated tricks, expected points) for this seat's hand."""
    model = model_for(obs)
    chances = card_chances(obs)
    dist = model.distribution(chances)
    estimate = sum(chances)
    if numbers is None:
        numbers = [a.number for a in obs.legal_actions if type(a) is BidNumber]
    ranked = expected_scores(obs.rules.scoring, dist, numbers)
    ev, number = ranked[0]
    return number, estimate, ev, ranked


def bid_hint(obs: Observation):
    """The normal bot's number bid and a one-line reason (a Hint)."""
    from .normal import Hint

    number, estimate, ev, ranked = choose_number(obs)
    action = BidNumber(obs.seat, number)
    hook: Optional[int] = obs.hook
    tricks = "trick" if number == 1 else "tricks"
    if hook is not None:
        reason = f"Bid {number}: you may not bid {hook}; your hand is worth about {estimate:.1f} tricks"
    else:
        reason = f"Bid {number} {tricks}: your hand is worth about {estimate:.1f}"
    return Hint(action, reason)


# ---------------------------------------------------------------- strong
NUMBER_CANDIDATES = 3  # the estimate's best few numbers are searched


def search_number_bid(bot, obs: Observation, preferred, start):
    """The strong bot's number bid: determinized Monte Carlo over the estimate's
    best few numbers. Each sample deals the hidden cards, gives every other seat
    the normal bot's bid for its sampled hand (or the bid it already made, H4), plays the hand out with the normal
    policy and scores this seat's bid by the preset's rule."""
    from .knowledge import Knowledge
    from .strong import Sampler, playout

    know = Knowledge(obs)
    me = know.seat
    n = know.n
    model = model_for(obs)
    numbers = [a.number for a in obs.legal_actions if type(a) is BidNumber]
    _, _, _, ranked = choose_number(obs, numbers)
    candidates = [preferred.number] + [b for _, b in ranked if b != preferred.number]
    candidates = candidates[:NUMBER_CANDIDATES]
    if len(candidates) == 1:
        return preferred
    trump = trump_of(obs)
    turned = obs.turned
    scoring = obs.rules.scoring
    all_numbers = range(obs.hand_size + 1)
    sampler = Sampler(know, obs.hand_counts, bot.rng)
    leader = (obs.dealer + 1) % n  # H5, U5
    said = dict(getattr(obs, "bids_made", ()) or ())  # H4: bids already made stand

    def other_bid(hand):
        dist = model.distribution(chances_for(model, sorted(hand, reverse=True), trump, turned))
        return expected_scores(scoring, dist, all_numbers)[0][1]

    def one_sample():
        hands = sampler.sample()
        bids = [said[s] if s in said else other_bid(hands[s]) if s != me else 0 for s in range(n)]
        out = []
        for number in candidates:
            if bot.late():
                return None, 0.0
            bids[me] = number
            taken = playout([list(h) for h in hands], [], leader, trump, bids, [0] * n, list(know.unplayed), [0] * n, n)
            out.append(round_points(scoring, number, taken[me]))
        return out, 1.0

    best = bot._run(candidates, one_sample, start)
    return preferred if best is None else BidNumber(me, best)

