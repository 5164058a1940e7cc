"""The Oh Hell family's seats around the table: name, bid, tricks taken, score,
and the card each seat put on the current trick. Rendered from one observation
and its game's declared view (``obs.view``: bids said in turn, the top-bid mark);
the generic ``widgets.seats.SeatsView`` draws it."""

from __future__ import annotations

from typing import Optional

from rich.table import Table
from rich.text import Text

from ....games.ohhell import Observation, Phase
from ...cards import card_text, dealer_mark
from ...plain import printable
from ...widgets.seats import fit_columns, kind_cell

HEADS = ["", "Seat", "", "Bid", "Took", "Score", "Trick"]
NAME, KIND = 1, 2


def render_seats(obs: Observation, viewer: Optional[int], *, ascii: bool, dark: bool, humans: int,
                 room: Optional[int] = None, away: tuple[int, ...] = ()) -> Table:
    """Bids made in turn (H4) show as they are made, from the observation's own
    ``bids_made``. ``room``: the cells the table may take; where
    they are too few the bots' strengths go first, then the "you" column, then a
    long name is cut."""
    n = obs.players
    view = obs.view
    top_mark = view.top_bid_mark  # "* top bid (trump)" where a top bid sets trump
    in_turn = obs.phase is Phase.BID and view.bids_in_turn
    number_bids = dict(obs.bids_made) if in_turn else {}
    dealer = f"{dealer_mark(ascii=ascii)} dealer"
    if in_turn:
        caption = f"▶ to bid · {dealer}"
    elif obs.phase in (Phase.PASS, Phase.BID):
        caption = f"✓ has chosen, face down · {dealer}"
    else:
        caption = f"▶ to play · {dealer}" + (f" · {top_mark}" if top_mark else "")
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=False, show_edge=False,
                  caption=caption,
                  caption_style="dim", caption_justify="left")
    # The card each seat has on the table: the current trick, or the finished
    # one (kept on show until the next card is led), with its winner marked.
    on_table: dict[int, Text] = {}
    if obs.trick:
        for i, (seat, card) in enumerate(obs.trick):
            t = card_text(card, ascii=ascii, dark=dark)
            if i == 0:
                t.append(" led", style="dim")
            on_table[seat] = t
    elif obs.tricks and obs.phase in (Phase.PLAY, Phase.ROUND_OVER, Phase.GAME_OVER):
        last = obs.tricks[-1]
        for i, card in enumerate(last.cards):
            seat = last.seat_of(i, n)
            t = card_text(card, ascii=ascii, dark=dark, dim=True)
            if seat == last.winner:
                t = card_text(card, ascii=ascii, dark=dark)
                t.append(" won", style="bold")
            on_table[seat] = t

    turn = obs.to_act[0] if (obs.phase is Phase.PLAY or in_turn) and obs.to_act else None
    playing = obs.bids is not None and obs.phase in (Phase.PLAY, Phase.ROUND_OVER, Phase.GAME_OVER)
    rows: list[list[Text]] = []
    for seat in range(n):
        info = obs.seats[seat]
        marker = Text("▶", style="bold") if seat == turn else Text(" ")
        name = Text(printable(info.name), style="bold" if seat == viewer else "")
        if seat == obs.dealer and obs.round_number:
            name.append(" " + dealer_mark(ascii=ascii), style="dim")
        name.truncate(16, overflow="ellipsis")
        kind = kind_cell(seat, info, viewer, humans, away)
        if obs.phase in (Phase.PASS, Phase.BID) and obs.acted and obs.acted[seat]:
            status = Text("✓", style="dim")
        else:
            status = Text("")
        if playing:
            assert obs.bids is not None  # playing means the bids stand
            bid = Text(str(obs.bids[seat]))
            if top_mark and seat in obs.top_bidders and obs.trump is not None:
                bid = Text(f"{obs.bids[seat]}", style="bold")
                bid.append("*")
            took = Text(str(obs.taken[seat]))
            if obs.taken[seat] > obs.bids[seat]:
                took.stylize("bold")
        elif in_turn and number_bids and seat in number_bids:
            bid = Text(str(number_bids[seat]))
            took = Text("")
        else:
            bid = status
            took = Text("")
        rows.append([marker, name, kind, bid, took, Text(str(obs.totals[seat])), on_table.get(seat, Text(""))])

    shown, name_width = fit_columns(HEADS, rows, room, shrink=NAME)
    if name_width is not None:  # too narrow: the bots' strengths go, then "you"
        for row in rows:
            if row[KIND].plain != "you":
                row[KIND] = Text("")
        shown, name_width = fit_columns(HEADS, rows, room, drop=(KIND,), shrink=NAME)
    columns = [dict(width=1), dict(max_width=name_width or 16, overflow="ellipsis"), dict(style="dim"),
               dict(justify="right"), dict(justify="right"), dict(justify="right"), {}]
    for head, on, kwargs in zip(HEADS, shown, columns):
        if on:
            table.add_column(head, no_wrap=True, **kwargs)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*(cell for cell, on in zip(row, shown) if on))
    return table
