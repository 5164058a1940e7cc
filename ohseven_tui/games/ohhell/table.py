"""The Oh Hell family's card table (``GameSpec.table``): seats with bid, tricks
taken and score, the trick with the card winning it (R15 under this hand's
trump), the trump line (R9 top bid, H3 turned card) and the hand by suit,
trumps first. Public facts of one observation only."""

from __future__ import annotations

from typing import Any, Optional

from ...engine.cards import Card
from ...engine.protocol import TableSeat, TableTrick, TableView
from ...engine.tricks import plain_trump
from .log import Phase
from .observation import Observation

__all__ = ["table_view"]

_PLAYING = (Phase.PLAY, Phase.ROUND_OVER, Phase.GAME_OVER)
_FACE_DOWN = (Phase.PASS, Phase.BID)


def table_view(obs: Observation) -> TableView:
    view = obs.view
    in_turn = obs.phase is Phase.BID and view.bids_in_turn
    said = dict(obs.bids_made) if in_turn else {}
    playing = obs.bids is not None and obs.phase in _PLAYING
    turn = obs.to_act[0] if (obs.phase is Phase.PLAY or in_turn) and obs.to_act else None
    marked = bool(view.top_bid_mark) and obs.trump is not None
    seats = []
    for seat, info in enumerate(obs.seats):
        cells: tuple[tuple[str, str], ...] = ()
        if playing:
            assert obs.bids is not None
            cells = (("bid", str(obs.bids[seat])), ("took", str(obs.taken[seat])))
        elif seat in said:
            cells = (("bid", str(said[seat])),)
        seats.append(TableSeat(
            name=info.name,
            player=info.player,
            dealer=bool(obs.round_number) and seat == obs.dealer,
            to_act=seat == turn,
            acted=obs.phase in _FACE_DOWN and bool(obs.acted) and obs.acted[seat],
            cells=cells,
            score=str(obs.totals[seat]),
            mark="*" if playing and marked and seat in obs.top_bidders else "",
            hand_count=obs.hand_counts[seat] if obs.hand_counts else 0,
        ))
    ctx = plain_trump(obs.trump)
    trick = None
    if obs.trick:
        cards = [c for _, c in obs.trick]
        trick = TableTrick(tuple(obs.trick), winning=ctx.winner(cards), complete=False,
                           number=len(obs.tricks) + 1, round=obs.round_number)
    last = obs.last_trick.on_table() if obs.last_trick is not None else None  # the round before's, at a start
    ordered = [Card.from_code(c) for c in ctx.order(obs.hand)]
    groups: list[list[Card]] = []
    for card in ordered:
        if groups and ctx.suit[groups[-1][0]] == ctx.suit[card]:
            groups[-1].append(card)
        else:
            groups.append([card])
    return TableView(
        seats=tuple(seats),
        trick=trick,
        last_trick=last,
        trump=_trump_line(obs),
        hand_by_suit=tuple(tuple(g) for g in groups),
        hand_by_rank=tuple(obs.hand),  # int order is rank, then suit (R2)
        tricks_done=len(obs.tricks),
        round_number=obs.round_number,
    )


def _trump_line(obs: Observation) -> tuple[Any, ...]:
    if not obs.round_number:
        return ()
    if obs.turned is not None:  # H3
        return ("Trump ", obs.turned.suit, f" {obs.turned.suit.label}", " · turned ", obs.turned)
    top: Optional[Card] = None
    if obs.bid_cards is not None and obs.top_bidders:
        top = obs.bid_cards[obs.top_bidders[0]]
    if obs.trump is not None and top is not None:  # R9
        who = obs.seats[obs.top_bidders[0]].name
        return ("Trump ", obs.trump, f" {obs.trump.label}", " · top bid ", top, f" ({who})")
    if obs.view.bid_input == "card" and obs.phase in _FACE_DOWN:
        return ("Trump: the suit of the top bid card",)
    if obs.trump is None and obs.phase in _PLAYING:
        return ("No trump this round",)
    return ()
