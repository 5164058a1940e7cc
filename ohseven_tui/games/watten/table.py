"""Watten's card table (``GameSpec.table``): seats with their side's tricks and
points, the trick with the card winning it (W5, W8), the trump line (striker
rank, trump suit, the criticals, the stake and any open raise) and the viewer's
hand under the hand's trump context (criticals and strikers are trumps)."""

from __future__ import annotations

from typing import Any

from ...engine.cards import Card, rank_label
from ...engine.protocol import TableSeat, TableTrick, TableView
from .log import Phase
from .observation import Observation
from .rules import CRITICALS
from .sheet import side_names

__all__ = ["table_view"]

_TURNS = (Phase.STRIKER, Phase.TRUMP, Phase.PLAY, Phase.ANSWER)


def table_view(obs: Observation) -> TableView:
    playing = obs.phase in (Phase.PLAY, Phase.ANSWER)
    turn = obs.to_act[0] if obs.phase in _TURNS and obs.to_act else None
    seats = []
    for seat, info in enumerate(obs.seats):
        side = seat & 1
        cells: tuple[tuple[str, str], ...] = ()
        if obs.round_number:
            cells = (("tricks", str(obs.side_tricks[side])),)  # the side's; its points are the seat's score
        mark = ""
        if obs.open_raise is not None and playing:
            if seat == obs.open_raise.seat:
                mark = "raised"
            elif seat == obs.open_raise.answerer:
                mark = "answers"
        elif obs.phase in _TURNS and seat == obs.eldest:
            mark = "eldest"
        seats.append(TableSeat(
            name=info.name, player=info.player, dealer=bool(obs.round_number) and seat == obs.dealer,
            to_act=seat == turn, cells=cells, score=str(obs.totals[seat]), mark=mark,
            hand_count=obs.hand_counts[seat], side=side,
        ))
    ctx = obs.context
    trick = None
    if obs.trick and ctx is not None:
        trick = TableTrick(tuple(obs.trick), winning=ctx.winner([c for _, c in obs.trick]), complete=False,
                           number=len(obs.tricks) + 1, round=obs.round_number)
    last = obs.last_trick.on_table() if obs.last_trick is not None else None  # the round before's, at a start
    groups: list[list[Card]] = []
    marks: list[tuple[Any, str]] = []
    if ctx is not None:
        ordered = [Card.from_code(c) for c in ctx.order(obs.hand)]
        by_rank = sorted(obs.hand, key=lambda c: (ctx.suit[c] == ctx.trump, ctx.strength[c], c), reverse=True)
        for card in ordered:
            if groups and ctx.suit[groups[-1][0]] == ctx.suit[card]:
                groups[-1].append(card)
            else:
                groups.append([card])
        for card in ordered:
            if card in CRITICALS:
                marks.append((card, "critical"))
            elif card == ctx.chief:
                marks.append((card, "chief striker"))
            elif card.rank == obs.striker:
                marks.append((card, "striker"))
        hand_by_rank = tuple(Card.from_code(c) for c in by_rank)
    else:
        for card in obs.hand:  # highest first, in suit groups until the trump is named
            for g in groups:
                if g[0].suit == card.suit:
                    g.append(card)
                    break
            else:
                groups.append([card])
        hand_by_rank = tuple(obs.hand)
    return TableView(
        seats=tuple(seats), trick=trick, last_trick=last, trump=_trump_line(obs), side_names=side_names(obs),
        hand_by_suit=tuple(tuple(g) for g in groups), hand_by_rank=hand_by_rank, tricks_done=len(obs.tricks),
        round_number=obs.round_number, hand_marks=tuple(marks),
    )


def _trump_line(obs: Observation) -> tuple[Any, ...]:
    if not obs.round_number:
        return ()
    parts: list[Any] = []
    if obs.striker is not None:
        parts.append(f"Striker {rank_label(obs.striker)}")
    else:
        parts.append(f"Striker: {obs.seats[obs.eldest].name} names a rank")
    if obs.trump is not None:
        parts += [" · Trump ", obs.trump]  # one line at 80 columns: the symbol says the suit
        ctx = obs.context
        if ctx is not None and ctx.chief is not None:
            parts += [" · chief ", Card.from_code(ctx.chief)]
        elif ctx is not None:
            parts.append(" · no chief striker")
    elif obs.striker is not None:
        parts.append(f" · Trump: {obs.seats[obs.dealer].name} names a suit")
    parts.append(" · criticals ")
    for i, c in enumerate(CRITICALS):
        parts += [c] if i == 0 else [" ", c]
    parts.append(f" · stake {obs.stake}")
    if obs.open_raise is not None:
        r = obs.open_raise
        parts.append(f" · raised to {r.stake}: {obs.seats[r.answerer].name} holds or goes")
    return tuple(parts)
