"""Seven for Seven's card table (``GameSpec.table``): seats with their bid or
role and factor and trick points, the trick with the card winning it under the
contract (V7, V19), the contract line and the hand grouped under the contract's
trump order (bowers and the Joker are trumps). Public facts of one observation."""

from __future__ import annotations

from typing import Any

from ...engine.cards import JOKER, Card, rank_label
from ...engine.protocol import TableSeat, TableTrick, TableView
from ...engine.tricks import plain_trump
from .actions import AuctionPass, BasicBid, FactorBid, bid_label
from .log import Phase

__all__ = ["table_view"]


def _last_said(obs: Any) -> dict[int, str]:
    said: dict[int, str] = {}
    for a in obs.auction:
        if type(a) is BasicBid:
            said[a.seat] = bid_label(a.points, a.suit, a.rank)
        elif type(a) is FactorBid:
            said[a.seat] = "factor"
        elif type(a) is AuctionPass:
            said[a.seat] = "pass"
    return said


_SAME_COLOUR = {0: 3, 3: 0, 1: 2, 2: 1}  # clubs/spades black, diamonds/hearts red (V2)


def _marks(obs: Any) -> tuple[tuple[Any, str], ...]:
    """V7's five bowers among the viewer's cards."""
    c = obs.contract
    if c is None:
        return ()
    out = []
    for card in obs.hand:
        if card == JOKER:
            out.append((card, "overbower"))
        elif card.rank == c.rank:
            name = ("right bower" if card.suit == c.suit else
                    "left bower" if int(card.suit) == _SAME_COLOUR[int(c.suit)] else "underbower")
            out.append((card, name))
    return tuple(out)


def _badge(obs: Any, seat: int, auction: bool) -> str:
    """C the captain, L a lieutenant (V11); * the standing bid in the auction."""
    if obs.captain is not None and obs.trio:
        return "C" if seat == obs.captain else ("L" if seat in obs.trio else "")
    return "*" if auction and obs.standing is not None and seat == obs.standing.seat else ""


def table_view(obs: Any) -> TableView:
    contract = obs.contract
    auction = obs.phase is Phase.AUCTION
    said = _last_said(obs) if auction else {}
    seats = []
    for seat, info in enumerate(obs.seats):
        cells: list[tuple[str, str]] = []
        side = None
        if contract is not None:
            side = obs.side_of(seat)  # the side shows in its colour and the badge (C, L)
            if obs.factors[seat] > 1:
                cells.append(("factor", f"×{obs.factors[seat]}"))
            cells.append(("took", str(obs.markers[seat])))  # trick points (V20); 19 cells fit 7 seats at 80
        elif auction:
            if seat in said:
                cells.append(("bid", said[seat]))
            if obs.factors[seat] > 1:
                cells.append(("factor", f"×{obs.factors[seat]}"))
        seats.append(TableSeat(
            name=info.name, player=info.player, dealer=bool(obs.round_number) and seat == obs.dealer,
            to_act=seat in obs.to_act, cells=tuple(cells), score=str(obs.totals[seat]),
            mark=_badge(obs, seat, auction),
            hand_count=obs.hand_counts[seat], side=side,
        ))
    ctx = obs.context if contract is not None else plain_trump(None)
    trick = None
    if obs.trick:
        cards = [c for _, c in obs.trick]
        trick = TableTrick(tuple(obs.trick), winning=ctx.winner(cards), number=len(obs.tricks) + 1,
                           round=obs.round_number)
    last = obs.last_trick.on_table() if obs.last_trick is not None else None  # the round before's, at a start
    if contract is not None:  # V7: bowers and the Joker in the trump group, strongest first
        ordered = [Card.from_code(c) for c in ctx.order(obs.hand)]
    else:  # no contract yet: plain suits, the Joker (no suit of its own) first
        ordered = sorted(obs.hand, key=lambda c: (c == JOKER, c & 3, c), reverse=True)
    groups: list[list[Card]] = []
    for card in ordered:
        same = groups and (ctx.suit[groups[-1][0]] == ctx.suit[card] if contract is not None
                           else groups[-1][0] != JOKER and card != JOKER and groups[-1][0] & 3 == card & 3)
        if same:
            groups[-1].append(card)
        else:
            groups.append([card])
    return TableView(
        seats=tuple(seats), trick=trick, last_trick=last, trump=_trump_line(obs), trump_short=_trump_line(obs, short=True),
        side_names=("Trio", "Quartet") if contract is not None else (),
        hand_by_suit=tuple(tuple(g) for g in groups), hand_by_rank=tuple(ordered),
        tricks_done=len(obs.tricks), round_number=obs.round_number, hand_marks=_marks(obs),
    )


def _trump_line(obs: Any, short: bool = False) -> tuple[Any, ...]:
    """The contract (or the auction's standing bid); ``short``: without the suit's
    name, for a narrow table (the suit's symbol stays)."""
    if not obs.round_number:
        return ()
    c = obs.contract
    if c is not None:
        trio, quartet = obs.side_points
        who = obs.seats[obs.captain].name
        suit = "" if short else f" {c.suit.label} ·"
        return (f"Contract {c.points} · trump ", c.suit, f"{suit} bowers {rank_label(c.rank)} · "
                f"captain {who} · trio {trio}/{c.points}, quartet {quartet}")
    if short:
        return ()
    if obs.standing is not None:
        b = obs.standing
        return (f"Standing bid {bid_label(b.points, b.suit, b.rank)} by {obs.seats[b.seat].name}",)
    if obs.phase is Phase.AUCTION:
        return ("Auction: no basic bid yet",)
    return ()
