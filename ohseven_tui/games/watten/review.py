"""Watten's saved-game replay (``GameSpec.review``): the steps of one finished
hand, all public once it is over: the deal (W3), the striker rank and trump suit
(W4), each trick with the raises made in it (W5-W10), and how the hand ended."""

from __future__ import annotations

from typing import Any, Callable, Optional

from ...engine.actions import Play
from ...engine.cards import Card, rank_label
from ...engine.kit import round_deals
from ...engine.protocol import ReviewStep
from ...safetext import printable
from .actions import Go, Hold, NameStriker, NameTrump, Raise
from .log import WENT
from .rules import context

__all__ = ["hand_steps"]


def _places(game: Any, round_index: int) -> dict[Any, list[int]]:
    """Where each step's actions are in the game's history: "contract" (striker and
    trump), and each trick by its number from 1, with the raises and answers made
    in it (W10)."""
    places: dict[Any, list[int]] = {}
    plays = 0
    for deal in round_deals(game.history, [1] * len(game.hand_logs), round_index):
        for i, action in deal:
            kind = type(action)
            if kind is NameStriker or kind is NameTrump:
                places.setdefault("contract", []).append(i)
            elif kind is Raise or kind is Hold or kind is Go:
                places.setdefault(plays // 4 + 1, []).append(i)
            elif kind is Play:
                places.setdefault(plays // 4 + 1, []).append(i)
                plays += 1
    return places


def hand_steps(game: Any, round_index: int, label: Optional[Callable[[Card], str]] = None) -> list[ReviewStep]:
    label = label or Card.text
    log = game.hand_logs[round_index]
    places = _places(game, round_index)
    names = [printable(s.name) for s in game.seats]
    number = log.number
    hands = [sorted(h, reverse=True) for h in log.hands]
    steps = [ReviewStep(number, f"Hand {number}: the deal", tuple(tuple(h) for h in hands),
                        tuple("dealer" if s == log.dealer else "" for s in range(4)),
                        f"{names[log.dealer]} deals 5 cards to each seat, 3 then 2; 12 stay out of play (W3).")]
    if log.striker is None or log.trump is None:
        return steps
    ctx = context(log.striker, log.trump)
    notes = ["" for _ in range(4)]
    notes[log.eldest] = f"names striker {rank_label(log.striker)}"
    notes[log.dealer] = f"names trump {log.trump.label}"
    chief = f"; the chief striker is {label(Card.from_code(ctx.chief))}" if ctx.chief is not None else \
        "; there is no chief striker (it would be a critical)"
    steps.append(ReviewStep(number, f"Hand {number}: striker and trump", tuple(tuple(h) for h in hands),
                            tuple(notes), f"Striker {rank_label(log.striker)}, trump {log.trump.label}{chief} (W4, W5).",
                            tuple(places.get("contract", ()))))
    tricks = list(log.tricks)
    count = len(tricks) + (1 if log.unfinished else 0)
    for i in range(count):
        if i < len(tricks):
            t = tricks[i]
            plays = t.plays
        else:
            t = None
            plays = log.unfinished
        notes = ["" for _ in range(4)]
        for k, (seat, card) in enumerate(plays):
            hands[seat].remove(card)
            won = t is not None and seat == t.winner
            notes[seat] = f"{'leads' if k == 0 else 'plays'} {label(card)}{', wins' if won else ''}"
        raised = [r for r in log.raises if r.trick == i + 1]
        said = "; ".join(f"{names[r.seat]} raises to {r.stake}, {names[r.answerer]} "
                         f"{'holds' if r.answer == 'hold' else 'goes'}" for r in raised)
        summary = f"{names[t.winner]} takes the trick (W8)." if t is not None else "The hand ends before this trick is done."
        if said:
            summary = f"{said} (W10). {summary}"
        if plays:
            summary = f"{names[plays[0][0]]} leads. {summary}"
        steps.append(ReviewStep(number, f"Hand {number}: trick {i + 1}", tuple(tuple(h) for h in hands),
                                tuple(notes), summary, tuple(places.get(i + 1, ()))))
    if log.finished:
        side = f"{names[log.winner]} & {names[log.winner + 2]}"
        how = ": the other side went (W10)," if log.ended == WENT else " with three tricks (W9)"
        # A raise before the next trick's first card, answered by going, is told here.
        late = [r for r in log.raises if r.trick > count]
        said = "; ".join(f"{names[r.seat]} raises to {r.stake}, {names[r.answerer]} "
                         f"{'holds' if r.answer == 'hold' else 'goes'}" for r in late)
        steps.append(ReviewStep(number, f"Hand {number}: the score", tuple(tuple(h) for h in hands),
                                tuple("" for _ in range(4)),
                                (f"{said} (W10). " if said else "") + f"{side} win the hand{how} and score {log.points}.",
                                tuple(i for t, found in places.items() if isinstance(t, int) and t > count
                                      for i in found)))
    return steps
