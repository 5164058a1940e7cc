"""The normal bot's Seven for Seven heuristics, each with the one-line reason the
hint key shows.

- Auction (V8-V12): it values its hand under every candidate contract (trump suit
  x bower rank): bowers, trump length and side aces make expected tricks, a
  trick is worth 4 points on average (28 / 7), the captain's draws add a little,
  and each lieutenant brings the average share of a seat (4 points); the best
  contract's estimate, scaled back as measured, is what the hand is worth. It
  opens (with a better than middling hand) with a jump to a contract it makes
  about four times in five, else passes, jumps a third of the way to its
  ceiling over another bid, and never bids more than 3 points past its worth. It raises its factor while its
  side's chance of winning the contract (its hand read against the contract, as measured) reaches a step's mark.
- Discards (V15): keep trumps and side aces, throw the shortest side suit to make
  voids.
- Leader (V17): with trumps to drive, the captain leads; else her left lieutenant.
- Play (V18): never overtake a partner's winning card; win a trick from the other
  side as cheaply as it can; as the trio on lead, keep the trumps for the later
  tricks, worth more (V20): a low side card through trick 3, its best side card
  after, trumps only when nothing else is left.
"""

from __future__ import annotations

import math
from typing import Any, Optional, Sequence

from ...engine.actions import DEAL, Deal, Play
from ...engine.cards import JOKER, Card, Suit, rank_label
from ...engine.tricks import TrumpContext, bowers
from ...games.sevenforseven import (
    AuctionPass,
    BasicBid,
    ChooseLeader,
    Discard,
    FactorBid,
    Observation,
    Phase,
    lieutenants_of,
)
from ...games.sevenforseven.actions import MAX_POINTS
from ..base import Hint

__all__ = ["decide", "hand_tricks", "estimate", "best_contract", "worth", "bid_levels", "next_bid", "factor_wanted",
           "choose_card", "discard_cards", "choose_leader", "POINTS_PER_TRICK", "LIEUTENANT_SHARE", "MARGIN",
           "OPEN_ROOM", "OPEN_AT", "FACTOR_ODDS", "contract_odds", "sure_tricks"]

POINTS_PER_TRICK = 4.0  # 28 points over 7 tricks
LIEUTENANT_SHARE = 4.0  # a seat's average share of the 28 points
DRAW_VALUE = 1.0  # points a drawn card adds, on average
WORTH_SLOPE = 0.955  # the trio's trick points over the best contract's estimate (measured: see ``worth``)
WORTH_BASE = -1.35
OPEN_ROOM = 6.0  # open this far under the hand's worth: such a contract is made about 4 times in 5
MARGIN = -3.0  # bid at most this far under the hand's worth: 3 points over it, as measured (see bid_levels)
WEAK_MARGIN = 1.0  # a hand worth less than OPEN_AT bids at most its worth less this
OPEN_AT = 18.0  # a hand worth less (about half the hands) leaves the opening to another seat
# contract_odds: logistic fits over 21,000 seats of 3,000 hands of normal bots (their
# bidding; the factors do not change who makes a contract). A step to factor k+1 needs
# the side's chance at FACTOR_ODDS[k-1]: each step wins or loses the contract's points
# once more, so any chance over half pays on average, and the ladder keeps a little
# room for the fit's error. Measured (300 deals, each played in all 7 seatings), one
# seat of this bot among six of the rule before it (a factor only with two of the top
# bowers, up to x3) scored 5.3 points a hand more [3.7, 6.9]; six of it against one of
# the rule before, 4.8 more [3.3, 6.4]. A ladder from 55% to 75% gained 2.1 [1.3, 2.9].
CAPTAIN_ODDS = (0.027, 0.41)  # on (her hand's worth under the contract - its points)
LIEUTENANT_ODDS = (-0.434, 0.005, 0.42)  # on (the contract's points, her expected tricks under it)
QUARTET_ODDS = (1.014, -0.016, -0.536)
FACTOR_ODDS = (0.52, 0.54, 0.56, 0.58, 0.6)  # the side's chance for each factor step, x2 to x6
LATE_TRICKS = 4  # from trick 4 (4 cards left) a trick is worth 4 points or more (V20)
ALL_RANKS = tuple(range(2, 15))
PICTURES = (11, 12, 13)
_SAME_COLOUR = (3, 2, 1, 0)  # clubs-spades, diamonds-hearts (V2)


def _cards(cards: Sequence[Any]) -> str:
    return " ".join(Card.from_code(int(c)).pretty() for c in cards)


def _contract(points: int, suit: int, rank: int) -> str:
    """A contract as the auction writes it (12♠10): a hint then names its bid once."""
    return f"{points}{Suit(suit).symbol}{rank_label(rank)}"


# ---------------------------------------------------------------- hand values


def _trump_value(card: int, ctx: TrumpContext, trump: int, rank: int) -> float:
    if card == JOKER:
        return 1.0
    if card >> 2 == rank:
        suit = card & 3
        return 0.9 if suit == trump else 0.8 if suit == _SAME_COLOUR[trump] else 0.65
    r = card >> 2
    return 0.55 if r == 14 else 0.4 if r == 13 else 0.3 if r == 12 else 0.2


def hand_tricks(hand: Sequence[int], trump: int, rank: int) -> float:
    """Expected tricks of a hand under a contract: bowers, trump length, side aces."""
    ctx = bowers(trump, rank)
    suit = ctx.suit
    total = 0.0
    trumps = 0
    side: dict[int, int] = {}
    for c in hand:
        if suit[c] == trump:
            trumps += 1
            total += _trump_value(c, ctx, trump, rank)
        else:
            side[suit[c]] = side.get(suit[c], 0) + 1
    if trumps > 2:
        total += 0.25 * (trumps - 2)
    for c in hand:
        s = suit[c]
        if s != trump:
            r = c >> 2
            if r == 14:
                total += 0.45
            elif r == 13 and side[s] >= 2:
                total += 0.15
    return total


def estimate(hand: Sequence[int], trump: int, rank: int, draws: int) -> float:
    """The trio's trick points if this hand were the captain's under this contract."""
    return POINTS_PER_TRICK * hand_tricks(hand, trump, rank) + DRAW_VALUE * draws + 2 * LIEUTENANT_SHARE


def best_contract(hand: Sequence[int], pictures: bool, draws: int) -> tuple[float, int, int]:
    """(estimate, suit, rank) of the best candidate contract."""
    best = (-1.0, 0, 2)
    for rank in (PICTURES if pictures else ALL_RANKS):
        for trump in range(4):
            e = estimate(hand, trump, rank, draws)
            if e > best[0]:
                best = (e, trump, rank)
    return best


# ---------------------------------------------------------------- the auction


def worth(hand: Sequence[int], pictures: bool, draws: int) -> tuple[float, int, int]:
    """(trick points, suit, rank): what the hand makes as captain with its best
    contract, on average. ``estimate`` of the best of 52 contracts runs high (the
    best of many guesses is the luckiest one), so it is scaled back as measured:
    1,500 deals played out by normal bots, the trio took 0.955 x estimate - 1.35."""
    est, trump, rank = best_contract(hand, pictures, draws)
    return WORTH_SLOPE * est + WORTH_BASE, trump, rank


def bid_levels(value: float) -> tuple[int, int]:
    """(opening, ceiling) for a hand worth ``value`` trick points: it opens low
    enough to make the contract about four times in five, and never bids more
    than 3 points past what it expects to make (``MARGIN``; a hand it would not
    open with stops a point under its worth). The trio takes about 10 trick
    points more than the quartet, so a contract is worth a small risk: one seat
    against six of the earlier bots (which climbed a point at a time to their
    estimate), a ceiling at the worth less 1 lost 2.9 points a hand [1.8, 4.0],
    at the worth plus 1 it lost 1.1 [0.0, 2.2] (200 deals each); at plus 3 it
    gained 0.9 [-0.0, +1.8] and the earlier bot among six of these lost 0.3
    [-1.2, +0.6] (400 deals each)."""
    margin = MARGIN if value >= OPEN_AT else WEAK_MARGIN  # a hand too weak to open does not compete past its worth
    return int(value - OPEN_ROOM), min(MAX_POINTS, int(value - margin))


def next_bid(value: float, standing: int) -> Optional[int]:
    """The points to bid over a standing ``standing`` (0: nothing stands), or None
    to pass: open at the opening level; over a bid, jump a third of the way to
    the ceiling, never below the opening level nor past the ceiling (half the
    way measured worse: the earlier bots gained 0.9 [0.2, 1.5] a hand on it)."""
    opening, ceiling = bid_levels(value)
    if standing + 1 > ceiling or standing == 0 and (opening < 1 or value < OPEN_AT):
        return None
    return min(ceiling, max(opening, standing + 1 + (ceiling - standing - 1) // 3 if standing else opening))


def sure_tricks(hand: Sequence[int], suit: int, rank: int, joker: bool) -> int:
    """Tricks the hand takes whoever leads: the top trumps it holds in an unbroken
    run from the highest (V7: the overbower, the right bower, the left bower)."""
    tops = ([JOKER] if joker else []) + [rank << 2 | suit, rank << 2 | _SAME_COLOUR[suit]]
    held = set(int(c) for c in hand)
    run = 0
    while run < len(tops) and tops[run] in held:
        run += 1
    return run


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z))


def captain_odds(value: float, points: int) -> float:
    """The chance a captain whose hand is worth ``value`` makes a ``points`` contract."""
    return _logistic(CAPTAIN_ODDS[0] + CAPTAIN_ODDS[1] * (value - points))


def ladder(chance: float) -> int:
    """The factor a seat raises to while its side's chance is ``chance``."""
    return 1 + sum(chance >= mark for mark in FACTOR_ODDS)


def contract_odds(obs: Observation, hand: Sequence[int]) -> tuple[float, str]:
    """The chance, as this seat sees it, that the proposed trio makes the standing
    contract (V21), and why in a few words. Fitted on 3,000 hands of normal bots
    (``CAPTAIN_ODDS`` and the others; checked on 3,000 more): the captain reads her
    hand's worth under the contract against its points; a lieutenant or a quartet
    seat reads its own expected tricks under the contract (the contract's points
    say little more: the captain bid them for her hand). A quartet seat whose sure
    tricks (V20: at least 1 + 2 + ... points) leave the trio short knows it fails."""
    standing = obs.standing
    assert standing is not None
    suit, rank, points = int(standing.suit), standing.rank, standing.points
    me = obs.seat
    draws = 2 if obs.joker else 1
    if me == standing.seat:
        value = WORTH_SLOPE * estimate(hand, suit, rank, draws) + WORTH_BASE
        return captain_odds(value, points), f"your hand is worth about {value:.0f}"
    tricks = hand_tricks(hand, suit, rank)
    trumps = sum(1 for c in hand if bowers(suit, rank).suit[c] == suit)
    held = f"your {trumps} trump{'s' if trumps != 1 else ''}"
    if me in lieutenants_of(standing.seat):
        a, b, c = LIEUTENANT_ODDS
        return _logistic(a + b * points + c * tricks), f"with {held}"
    sure = sure_tricks(hand, suit, rank, obs.joker)
    if sure and points > MAX_POINTS - sure * (sure + 1) // 2:
        return 0.0, f"your {sure} sure trick{'s' if sure > 1 else ''} leave the trio short"
    a, b, c = QUARTET_ODDS
    return _logistic(a + b * points + c * tricks), f"with {held} against it"


def factor_wanted(obs: Observation, hand: Sequence[int], value: float) -> tuple[bool, str]:
    """V12, V22: a factor step wins or loses the contract's points once more, by
    whether this seat's side wins the contract: raise while the side's chance
    (``contract_odds``) reaches the next of ``FACTOR_ODDS``."""
    standing = obs.standing
    assert standing is not None
    me = obs.seat
    factor = obs.factors[me]
    if factor > len(FACTOR_ODDS) or FactorBid(me) not in obs.legal_actions:
        return False, ""
    made, why = contract_odds(obs, hand)
    trio = me == standing.seat or me in lieutenants_of(standing.seat)
    chance = made if trio else 1.0 - made
    if chance < FACTOR_ODDS[factor - 1]:
        return False, ""
    verb = "makes" if trio else "fails"
    return True, (f"Raise your factor to ×{factor + 1}: {why}, your trio {verb} the {standing.points} contract "
                  f"about {chance:.0%} of the time" if trio else
                  f"Raise your factor to ×{factor + 1}: {why}, the trio {verb} its {standing.points} contract "
                  f"about {chance:.0%} of the time")


def _stay_pays(obs: Observation, hand: Sequence[int], value: float, points: int) -> bool:
    """Does raising the factor on the standing contract pay more than taking it over
    with a ``points`` bid? Each is valued as the side's trick points (the contract's
    points for the trio, the rest for the quartet; the hand's worth as captain) plus
    the contract's points won or lost at the factor the seat would raise to."""
    standing = obs.standing
    assert standing is not None
    made, _ = contract_odds(obs, hand)
    trio = obs.seat in lieutenants_of(standing.seat)
    chance = made if trio else 1.0 - made
    # Staying keeps the steps already bid (V12), at least; a basic bid wipes them (V9).
    factor = max(obs.factors[obs.seat], ladder(chance))
    stay = (standing.points if trio else MAX_POINTS - standing.points) + \
        standing.points * (2 * chance - 1) * factor
    mine = captain_odds(value, points)
    return stay >= value + points * (2 * mine - 1) * ladder(mine)


def _auction(obs: Observation) -> Hint:
    me = obs.seat
    hand = [int(c) for c in obs.hand]
    draws = 2 if obs.joker else 1
    standing = obs.standing
    value, trump, rank = worth(hand, obs.pictures, draws)
    wanted, why = factor_wanted(obs, hand, value) if standing is not None else (False, "")
    stays = False  # a bid would pay, but keeping this seat's factor on the standing contract pays more
    points = None
    if standing is None or standing.seat != me:
        points = next_bid(value, standing.points if standing is not None else 0)
        # A bid over the standing contract gives up this seat's factor on it: weighed
        # whenever a step is wanted or already bid (a seat at x6 wants no more steps).
        staking = wanted or standing is not None and obs.factors[me] > 1
        stays = points is not None and staking and _stay_pays(obs, hand, value, points)
        if points is not None and not stays:
            bid = BasicBid(me, trump, rank, points)
            return Hint(bid, f"Bid {_contract(points, trump, rank)}: your hand is worth bidding up to "
                             f"{bid_levels(value)[1]}: as captain your trio should take about {value:.0f} trick "
                             f"points, and all three of you score them")
    if wanted:
        return Hint(FactorBid(me), why)
    if standing is not None:
        if standing.seat == me:
            return Hint(AuctionPass(me), "Pass: your bid stands")
        if stays:
            return Hint(AuctionPass(me), f"Pass: keep your ×{obs.factors[me]} on the standing {standing.points} "
                                         f"contract; bidding {points} over it would wipe every factor, and "
                                         f"that pays less")
        return Hint(AuctionPass(me), f"Pass: your hand is worth bidding up to {bid_levels(value)[1]}, not more than "
                                     f"{standing.points}")
    return Hint(AuctionPass(me), f"Pass: your best contract is worth about {value:.0f} trick points, too few to open "
                                 f"with")


# ---------------------------------------------------------------- discards and the leader


def discard_cards(hand: Sequence[int], count: int, ctx: TrumpContext) -> list[int]:
    """Keep trumps and side aces; throw the shortest side suit first (voids), low first."""
    suit = ctx.suit
    trump = ctx.trump
    length: dict[int, int] = {}
    for c in hand:
        length[suit[c]] = length.get(suit[c], 0) + 1

    def keep(c: int) -> float:
        if suit[c] == trump:
            return 100.0 + ctx.strength[c]
        if c >> 2 == 14:
            return 50.0
        return length[suit[c]] * 10.0 + (c >> 2)

    return sorted(hand, key=keep)[:count]


def choose_leader(obs: Observation) -> tuple[int, str]:
    ctx = obs.context
    assert ctx is not None and obs.captain is not None
    trumps = [c for c in obs.hand if ctx.suit[c] == ctx.trump]
    if len(trumps) >= 3 or JOKER in obs.hand:
        return obs.seat, f"Lead yourself: drive out the trumps with your {len(trumps)}"
    left = lieutenants_of(obs.captain)[0]
    return left, f"Let {obs.seats[left].name}, your lieutenant, lead: you hold only {len(trumps)} trumps"


# ---------------------------------------------------------------- play


def _low(cards: Sequence[int], ctx: TrumpContext) -> int:
    """The cheapest card to give away: a plain card before a trump, low first."""
    trump = ctx.trump
    return min(cards, key=lambda c: (ctx.suit[c] == trump, ctx.strength[c]))


def choose_card(seat: int, hand: Sequence[int], trick: Sequence[int], leader: int, ctx: TrumpContext,
                trio_side: Sequence[bool]) -> tuple[int, str]:
    """The card to play and why (``trio_side[s]``: seat s is in the trio)."""
    legal = ctx.playable(hand, trick)
    if len(legal) == 1:
        return legal[0], "Your only legal card"
    trump = ctx.trump
    strength = ctx.strength
    if not trick:
        trumps = [c for c in legal if ctx.suit[c] == trump]
        plain = [c for c in legal if ctx.suit[c] != trump]
        if trio_side[seat] and trumps:
            if not plain:
                return max(trumps, key=strength.__getitem__), "Lead your highest trump: only trumps are left"
            # V20: trick k is worth k points, so the trio keeps its trumps for the later
            # tricks (22 of the 28 points are in tricks 4 to 7) and leads a side card: a
            # low one while the tricks are cheap, its best once they are not.
            if len(hand) > LATE_TRICKS:
                return _low(plain, ctx), "Lead a low side card: keep your trumps for the later tricks, worth more"
            return max(plain, key=strength.__getitem__), "Lead your best side card: keep your trumps for the last tricks"
        aces = [c for c in plain if c >> 2 == 14]
        if aces:
            return aces[0], "Lead a side ace"
        return _low(plain or legal, ctx), "Lead low"
    row = ctx.keys[ctx.suit[trick[0]]]
    keys = [row[c] for c in trick]
    best = max(keys)
    winner = (leader + keys.index(best)) % 7
    if trio_side[winner] == trio_side[seat]:
        return _low(legal, ctx), "Your partner is winning the trick: do not overtake, play low"
    winners = [c for c in legal if row[c] > best]
    if winners:
        return min(winners, key=strength.__getitem__), "Win the trick as cheaply as you can"
    return _low(legal, ctx), "You cannot win this trick: play low"


# ---------------------------------------------------------------- the policy


def decide(obs: Observation, rng: Any = None) -> Hint:
    """The normal policy for one observation: its action and the reason."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError(f"seat {obs.seat} has nothing to do now")
    first = legal[0]
    if type(first) is Deal or first is DEAL:
        return Hint(DEAL, "Deal the next hand")
    if obs.phase is Phase.AUCTION:
        return _auction(obs)
    ctx = obs.context
    assert ctx is not None
    if obs.phase is Phase.DISCARD:
        count = len(first.cards)
        cards = discard_cards([int(c) for c in obs.hand], count, ctx)
        action = Discard(obs.seat, [Card.from_code(c) for c in cards])
        return Hint(action, f"Discard {_cards(action.cards)}: keep your trumps and make a void")
    if obs.phase is Phase.LEAD:
        leader, why = choose_leader(obs)
        return Hint(ChooseLeader(obs.seat, leader), why)
    if obs.phase is Phase.PLAY:
        trio = [s in obs.trio for s in range(7)]
        trick = [int(c) for _, c in obs.trick]
        leader = obs.trick[0][0] if obs.trick else obs.seat
        card, why = choose_card(obs.seat, [int(c) for c in obs.hand], trick, leader, ctx, trio)
        return Hint(Play(obs.seat, card), why)
    chosen: Optional[Any] = rng.choice(legal) if rng is not None else first
    return Hint(chosen, "A legal choice")
