"""The normal bot's Oh Hell heuristics: card passes (R6), card bids (R8-R13) and
number bids (H4, U4) from the bid models, trick play to the bid from the shared
play heuristics (``bots.play``), each with the one-line reason the hint key shows;
and when the normal bot looks ahead (``look``: card plays and number bids)."""

from __future__ import annotations

from ...games.ohhell import DEAL, Bid, BidNumber, Observation, Pass, Phase, Play
from ..base import Hint
from ..play import choose_play
from .bidding import bid_hint, card_model
from .knowledge import Knowledge
from .strong import NUMBER_CANDIDATES

__all__ = ["decide", "look", "looked", "opponent_wildness", "LOOK_SAMPLES", "LOOK_WORK", "LOOK_FEWEST"]

LOOK_SAMPLES = 16  # the most deals the normal bot tries when it looks ahead
LOOK_WORK = 2000  # and the most work: samples x candidates x cards still in hands, at 4 seats (p99 near 4 ms)
LOOK_FEWEST = 6  # fewer deals than this say too little: the rules of thumb play alone


def _cards(cards) -> str:
    return " ".join(c.pretty() for c in cards)


def _tricks(k: int) -> str:
    return f"{k} trick" if k == 1 else f"{k} tricks"


def decide(obs: Observation, rng=None) -> Hint:
    """The normal policy for one observation: its action and the reason."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError(f"seat {obs.seat} has nothing to do now")
    first = legal[0]
    if first is DEAL:
        return Hint(DEAL, "Deal the next hand")
    if len(legal) == 1 and obs.phase is not Phase.PLAY:
        return Hint(first, "Your only choice")
    kind = type(first)
    if kind is Pass:
        return _pass(obs)
    if kind is Bid:
        return _bid(obs, legal)
    if kind is Play:
        return _play(obs, legal)
    if kind is BidNumber:  # H4, U4
        return bid_hint(obs)
    action = (rng.choice(legal) if rng is not None else legal[0])
    return Hint(action, "A legal choice")


def look(obs: Observation) -> int:
    """How many deals the normal bot tries before a card play or a number bid
    (0: its rules of thumb alone). Card bids and passes stay rules of thumb: the
    search's bid model assumes sensible bidders, and against random ones (the
    easy bot) it bid worse than the rules of thumb."""
    legal = obs.legal_actions
    if len(legal) < 2:
        return 0
    kind = type(legal[0])
    if kind is Play and obs.phase is Phase.PLAY:
        candidates = len(legal)
    elif kind is BidNumber:
        candidates = 2 * NUMBER_CANDIDATES  # a bid's sample also weighs the deal by the bids made: twice the work
    else:
        return 0
    # A sample's cost grows with the cards in play, and per card with the seats
    # (each is dealt and weighed) and the decks (two play out on lists, not masks).
    work = candidates * sum(obs.hand_counts) * obs.players * obs.rules.decks // 4
    samples = min(LOOK_SAMPLES, LOOK_WORK // max(1, work))
    return samples if samples >= LOOK_FEWEST else 0


def looked(obs: Observation, rule: Hint, action) -> Hint:
    """The hint where the look-ahead overrules the rule of thumb. Short enough to
    stand whole on an 80-column table beside the move the hint names."""
    return Hint(action, f"Looking ahead, this does better than {_move(rule.action)}, the rule of thumb")


def _move(action) -> str:
    if isinstance(action, BidNumber):
        return f"bidding {action.number}"
    return action.card.pretty()


def _pass(obs: Observation) -> Hint:
    model = card_model(obs)
    cards = model.choose_pass(list(obs.hand), obs.pass_count)
    action = Pass(obs.seat, cards)
    if action not in obs.legal_actions:  # defensive: never return an illegal pass
        action = obs.legal_actions[0]
    fit = "it fits" if len(action.cards) == 1 else "they fit"
    return Hint(action, f"Pass {_cards(action.cards)}: {fit} your bidding plan least")


def opponent_wildness(obs: Observation, model) -> list:
    """Each other seat's chance of bidding at random, from the bid ranks it has
    shown: this round's revealed attempts and earlier rounds' standing bids."""
    shown: list[list[int]] = [[] for _ in range(obs.players)]
    fills: list[list[bool]] = [[] for _ in range(obs.players)]
    for result in obs.results:
        for s, b in enumerate(result.bids):
            shown[s].append(b)
            fills[s].append(b == result.taken[s])
    for _, attempt in obs.bid_attempts:
        for s, c in enumerate(attempt.bids):
            shown[s].append(int(c) >> 2)
    return [model.wildness(shown[s], fills[s]) for s in range(obs.players) if s != obs.seat]


def _bid(obs: Observation, legal) -> Hint:
    model = card_model(obs)
    allowed = [a.card for a in legal]
    value, card, if_top, otherwise, top = model.evaluate(list(obs.hand), allowed, wild=opponent_wildness(obs, model))[0]
    action = Bid(obs.seat, card)
    suit = card.pretty()[-1]
    again = "Rebid" if obs.bid_with else "Bid"
    return Hint(
        action,
        f"{again} {card.pretty()} for {_tricks(card.rank)}: about {if_top:.1f} if {suit} is trump, "
        f"{otherwise:.1f} otherwise ({top:.0%} chance of top bid)",
    )


_PLAY_REASONS = {
    "only": "Your only legal card",
    "sure-duck": "Lose this one: your top trumps will make the {need} you still need",
    "sure-win": "Take it with a top trump: you still need {need}",
    "cannot-win": "You cannot win this trick: throw your least useful card",
    "shed": "You cannot win this trick: shed a high card, your top cards can take {need}",
    "win-last": "Win with your most dangerous card: this makes your bid, low cards stay to duck",
    "win-cheap": "Win cheaply: you still need {need}",
    "win-safe": "Win with the cheapest card nobody can beat: you still need {need}",
    "win-try": "Go for it: you still need {need}",
    "ruff": "Trump it: you still need {need}",
    "duck": "Duck: you already have your {bid}",
    "over-duck": "Duck: you are already over your bid of {bid}",
    "forced": "Every card wins here: lose your highest",
    "forced-low": "Every card wins so far: play low and hope someone beats it",
    "over-control": "Over your bid: take it with your highest card and keep low cards to lose later",
    "lead-top-trump": "Lead your highest trump: you need every remaining trick",
    "lead-high": "Lead high: you need every remaining trick",
    "lead-best": "Lead your best side card: one more trick makes your bid",
    "cash": "Cash a sure winner: you still need {need}",
    "void-for-ruff": "Lead your singleton so you can trump that suit later",
    "lead-low": "Lead low and keep your winners: you still need {need}",
    "lead-duck": "Lead a card others can beat: you already have your {bid}",
    "lead-forced": "Lead your least dangerous card",
}


def _play(obs: Observation, legal) -> Hint:
    know = Knowledge(obs)
    seat = obs.seat
    need = know.need
    card, why = choose_play(seat, know.hand, know.trick, know.tables, need, know.n, know.unplayed, know.voids)
    action = Play(seat, card)
    if action not in legal:  # defensive: the policy only picks legal cards
        action = legal[0]
    assert know.bids is not None  # a card play: the bids stand
    bid = know.bids[seat]
    if why in ("duck", "lead-duck") and need < 0:
        why = "over-duck"
    if why == "duck" and bid == 0:
        reason = "Duck: you bid 0"
    else:
        reason = _PLAY_REASONS.get(why, "The normal bot's choice").format(need=_tricks(max(need, 0)), bid=_tricks(bid))
    return Hint(action, reason)
