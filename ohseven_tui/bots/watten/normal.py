"""The normal bot's Watten heuristics (W4, W5, W10), each with the one-line reason
the hint key shows:

- the striker rank (eldest hand): the rank it holds most of, criticals aside;
- the trump suit (the dealer): the suit of its striker (a chief striker) and of
  its most and best cards;
- card play with its partner (``play.choose_card``): never overtake a partner's
  sure trick, lead a sure trump (a critical) while the side needs tricks;
- raising when its side's chance to win the hand (``odds``) reaches
  ``RAISE_AT``, and as a bluff ``BLUFF`` of its first chances (through its own
  seeded RNG); answering a raise by going when its chance, lowered for what the
  raise says, no longer pays for the higher stake.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.actions import DEAL, Play
from ...engine.cards import Card, Suit, rank_label
from ...games.watten import CRITICALS, RANKS, Go, Hold, NameStriker, NameTrump, Observation, Phase, Raise
from ..base import Hint
from .odds import AFTER_A_RAISE, hold_pays, power, win_chance
from .play import choose_card, sure_count

__all__ = ["decide", "striker_choice", "trump_choice", "unseen", "answer_choice", "wants_raise", "chance",
           "first_chance", "RAISE_AT", "BLUFF"]

RAISE_AT = 0.7  # the side's chance to win from which it raises
BLUFF = 0.05  # of its first chances to raise in a hand, when not raising for strength

_PACK = tuple(Card(r, s) for r in RANKS for s in range(4))
_CRITS = frozenset(int(c) for c in CRITICALS)


def unseen(obs: Observation) -> list[int]:
    """Cards this seat has not seen: in another hand or out of play (W3)."""
    seen = set(int(c) for c in obs.hand)
    seen.update(int(c) for c in obs.played_cards())
    return [int(c) for c in _PACK if int(c) not in seen]


def striker_choice(hand: Any) -> tuple[int, str]:
    """W4: the rank held most often (criticals do not count), ties to the higher."""
    counts = {r: sum(1 for c in hand if c.rank == r and int(c) not in _CRITS) for r in RANKS}
    rank = max(RANKS, key=lambda r: (counts[r], r))
    held = counts[rank]
    why = (f"Name {rank_label(rank)}: you hold {held} of them, each a striker" if held > 1
           else f"Name {rank_label(rank)}: your best single card becomes a striker")
    return rank, why


def _suit_value(hand: Any, striker: int, suit: int) -> float:
    value = 0.0
    for c in hand:
        if int(c) in _CRITS:
            continue
        if c.rank == striker:
            value += 6.0 if int(c) & 3 == suit else 0.0  # the chief striker
        elif int(c) & 3 == suit:
            value += 1.0 + c.rank / 14
    return value


def trump_choice(hand: Any, striker: int) -> tuple[int, str]:
    """W4: the dealer's trump, for its chief striker and its longest, best suit."""
    suit = max(range(4), key=lambda s: (_suit_value(hand, striker, s), s))
    name = Suit(suit).label
    if any(c.rank == striker and int(c) & 3 == suit and int(c) not in _CRITS for c in hand):
        return suit, f"Trump {name}: your {rank_label(striker)} of {name} becomes the chief striker"
    held = sum(1 for c in hand if int(c) & 3 == suit and c.rank != striker and int(c) not in _CRITS)
    return suit, f"Trump {name}: your longest and best suit ({held} card{'s' if held != 1 else ''})"


def _my_sure(obs: Observation) -> int:
    ctx = obs.context
    if ctx is None:
        return 0
    danger = unseen(obs) + [int(c) for _, c in obs.trick]  # a card already on the table may beat mine
    return sure_count([int(c) for c in obs.hand], ctx.strength, ctx.trump, ctx.suit, danger)


def chance(obs: Observation, shift: float = 0.0) -> float:
    """This seat's side's chance to win the hand (``odds``), from its own cards."""
    ctx = obs.context
    if ctx is None:
        return 0.5
    me = obs.seat
    their_cards = obs.hand_counts[(me + 1) % 4] + obs.hand_counts[(me + 3) % 4]
    hand_power = power([int(c) for c in obs.hand], unseen(obs), their_cards, ctx.strength, ctx.suit, ctx.trump)
    side = obs.side
    return win_chance(hand_power, obs.side_tricks[side], obs.side_tricks[1 - side], shift)


def first_chance(obs: Observation) -> bool:
    """The seat's first turn of the hand to raise: no trick taken, nothing raised."""
    return not obs.tricks and not obs.raises and all(seat != obs.seat for seat, _ in obs.trick)


def wants_raise(obs: Observation, rng: Optional[Any] = None) -> tuple[bool, str]:
    """W10: raise when the side's chance reaches ``RAISE_AT``, or the sure trumps
    make three; with an RNG, bluff: at its first chance of a hand, ``BLUFF``
    of the time (the hint, without one, never bluffs)."""
    mine = obs.side_tricks[obs.side]
    sure = _my_sure(obs)
    if mine + sure >= 3:
        return True, f"Raise: your side has {mine} trick{'s' if mine != 1 else ''} and you hold {sure} sure"
    p = chance(obs)
    if p >= RAISE_AT:
        return True, f"Raise: your side wins this hand about {p:.0%} of the time"
    if rng is not None and first_chance(obs) and rng.random() < BLUFF:
        return True, "Raise: a bluff (they may go)"
    return False, ""


def answer_choice(obs: Observation) -> tuple[bool, str]:
    """W10: hold while the side's chance, lowered for what the raise says, pays
    for the higher stake (``odds.hold_pays``); else go."""
    mine = obs.side_tricks[obs.side]
    sure = _my_sure(obs)
    if mine + sure >= 3:
        return True, "Hold: your sure trumps make three tricks"
    assert obs.open_raise is not None
    raised_to = obs.open_raise.stake
    p = chance(obs, AFTER_A_RAISE)
    if hold_pays(p, raised_to):
        return True, f"Hold: your side still wins about {p:.0%} of the time, worth playing for {raised_to}"
    return False, f"Go: your side wins only about {p:.0%} of the time against a raise; lose {raised_to - 1}, not {raised_to}"


_PLAY_REASONS = {
    "only": "Your only legal card",
    "lead-sure": "Lead your sure trump: your side needs the tricks",
    "lead-low": "Lead your least useful card and keep your trumps",
    "lead-trump-low": "Lead your lowest trump",
    "partner-sure": "Your partner's trick is sure: do not overtake, throw your least useful card",
    "partner-hope": "Leave the trick to your partner and keep your trumps",
    "overtake-sure": "Take it over with a card nobody can beat",
    "cannot-win": "You cannot win this trick: throw your least useful card",
    "win-last": "Win it cheaply: you play last",
    "win-sure": "Win with the cheapest card nobody can beat",
    "win-try": "Try to win it with your cheapest card that beats the table",
}


def _play(obs: Observation, plays: list) -> Hint:
    ctx = obs.context
    assert ctx is not None
    seat = obs.seat
    playable = [int(a.card) for a in plays]
    trick = [int(c) for _, c in obs.trick]
    leader = obs.trick[0][0] if obs.trick else seat
    card, why = choose_card(seat, playable, trick, leader, ctx.keys, ctx.strength, ctx.suit, ctx.trump, unseen(obs))
    action = Play(seat, Card.from_code(card))
    if action not in plays:  # defensive: the policy only picks legal cards
        action = plays[0]
    return Hint(action, _PLAY_REASONS.get(why, "The normal bot's choice"))


def decide(obs: Observation, rng: Optional[Any] = None) -> Hint:
    """The normal policy for one observation: its action and the reason."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError(f"seat {obs.seat} has nothing to do now")
    first = legal[0]
    if first is DEAL:
        return Hint(DEAL, "Deal the next hand")
    if obs.phase is Phase.STRIKER:
        rank, why = striker_choice(obs.hand)
        return Hint(NameStriker(obs.seat, rank), why)
    if obs.phase is Phase.TRUMP:
        assert obs.striker is not None
        suit, why = trump_choice(obs.hand, obs.striker)
        return Hint(NameTrump(obs.seat, Suit(suit)), why)
    if obs.phase is Phase.ANSWER:
        hold, why = answer_choice(obs)
        return Hint(Hold(obs.seat) if hold else Go(obs.seat), why)
    plays = [a for a in legal if type(a) is Play]
    if Raise(obs.seat) in legal:
        raise_it, why = wants_raise(obs, rng)
        if raise_it:
            return Hint(Raise(obs.seat), why)
    return _play(obs, plays)
