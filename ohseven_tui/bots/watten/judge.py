"""The coach's judge for Watten (``bots.judge``): the strong search's candidates
as actions, its scores as points, and the labels' thresholds.

Points are the hand's for this seat's side less the other side's (a hand won
at stake 2 is +2, lost -2; W10), as the search counts an answer. A card's
score (won +1, lost -1) is scaled by the stake.

Where the seat may raise (W10), the raise is weighed beside the cards, deal by
deal, and in the player's favour, as nobody knows how the other side would
answer: when the seat raised, the opponent who answers reads its own cards in
each deal as the normal bot does (``normal.answer_choice``: its side's chance,
lowered for what a raise says), going (this side wins the stake as it is) or
holding (this seat plays its best card, the search's best, at the raised
stake); when the seat did not raise, the opponent answers knowing the deal
(going when this side would win, holding when it would lose), which makes a
raise worth no more than the best card. So a raise counts as a loss only when
it is worse than a card even against the normal bot's answers, and not raising
never does.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional, Sequence

from ...engine.actions import Play
from ...engine.cards import Card, Suit
from ...games.watten import Go, Hold, NameStriker, NameTrump, Observation, Phase, Raise
from ...games.watten.log import RaiseLog
from ..judge import Judge, Row, Thresholds, Weighed
from .normal import answer_choice

__all__ = ["JUDGE", "THRESHOLDS"]

# A hand is worth 2 or 3 points to the side that wins it (W10), net 4 to 6 between
# the sides: a card that turns a likely win into a likely loss costs a point or two.
THRESHOLDS = Thresholds(fine=0.2, mistake=0.8, blunder=2.0, unit="points for the hand, your side's less theirs")


def thresholds(obs: Observation) -> Thresholds:
    return THRESHOLDS


def _holds(obs: Observation, hands: Sequence[Sequence[int]]) -> bool:
    """Would the opponent who answers a raise by ``obs.seat`` hold it, reading only
    its own cards in this deal (the normal bot's answer)?"""
    me = obs.seat
    answerer = (me + 1) % 4
    raised = RaiseLog(me, answerer, len(obs.tricks) + 1, obs.stake + 1, None)
    theirs = replace(obs, seat=answerer, phase=Phase.ANSWER, open_raise=raised, legal_actions=(),
                     hand=tuple(sorted((Card.from_code(c) for c in hands[answerer]), reverse=True)))
    return answer_choice(theirs)[0]


def _with_raise(obs: Observation, plays: tuple[Any, ...], rows: Sequence[Row], deals: Sequence[Any],
                raised: bool) -> Optional[Weighed]:
    stake = obs.stake
    me = obs.seat
    total = sum(w for _, w in rows)
    means = [sum(r[i] * w for r, w in rows) / total for i in range(len(plays))]
    best = max(range(len(plays)), key=lambda i: means[i])
    out = []
    for (r, w), deal in zip(rows, deals):
        if raised:
            if deal is None:
                return None
            holds = _holds(obs, deal)
        else:
            holds = r[best] < 0  # they would hold exactly where this side loses
        value = (stake + 1) * r[best] if holds else float(stake)
        out.append((tuple(stake * v for v in r) + (value,), w))
    return Weighed(plays + (Raise(me),), tuple(out), complete=True)


def weigh(obs: Observation, taken: Any, candidates: tuple[Any, ...], rows: Sequence[Row],
          deals: Sequence[Any] = ()) -> Optional[Weighed]:
    me = obs.seat
    kind = type(taken)
    if not candidates:
        return None
    if kind in (Hold, Go):
        return Weighed(tuple(candidates), tuple(rows), complete=True)
    if kind is NameStriker:
        return Weighed(tuple(NameStriker(me, r) for r in candidates), tuple(rows), complete=True)
    if kind is NameTrump:
        return Weighed(tuple(NameTrump(me, Suit(s)) for s in candidates), tuple(rows), complete=True)
    if kind not in (Play, Raise):
        return None
    plays = tuple(Play(me, Card.from_code(c)) for c in candidates)
    if Raise(me) in obs.legal_actions and rows:
        return _with_raise(obs, plays, rows, deals, kind is Raise)
    return Weighed(plays, tuple((tuple(obs.stake * v for v in r), w) for r, w in rows), complete=True)


JUDGE = Judge(thresholds, weigh)
