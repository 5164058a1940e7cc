"""The Oh Hell family's scoresheet, from public information only (an observation's
results and the round in play): R11 rebid points, R16/H6/U6 points, R17 totals."""

from __future__ import annotations

from typing import Optional

from ...engine.protocol import SheetCell, SheetRound, SheetView
from .log import RoundResult
from .observation import Observation
from .rules import BidStyle

__all__ = ["sheet_view", "trump_label"]


def trump_label(result: RoundResult, card_bids: bool) -> str:
    """Oh-Seven: the top bid's suit. Oh Hell: the turned card's suit, or no trump (H3)."""
    if card_bids:
        return result.trump.label if result.trump is not None else "none"
    if result.turned is None:
        return "no trump"
    return f"{result.trump.label} ({result.turned.text()} turned)" if result.trump is not None else "no trump"


def _notes(result: RoundResult) -> str:
    notes = []
    if result.attempts > 1 + result.redeals:
        rebids = result.attempts - 1 - result.redeals  # the last attempt of a redealt deal is no rebid
        notes.append(f"{rebids} rebid{'s' if rebids != 1 else ''}")
    if result.redeals:
        notes.append(f"{result.redeals} redeal{'s' if result.redeals != 1 else ''}")
    return ", ".join(notes)


def sheet_view(obs: Observation) -> SheetView:
    rules = obs.rules
    n = obs.players
    card_bids = rules.bid_style is BidStyle.CARD
    sizes = not card_bids  # hand sizes vary (H2, U2): each round is labelled with its size
    labels = tuple(f"R{r}" if not sizes else f"R{r}\n{rules.hand_sizes[r - 1]}c" for r in range(1, rules.rounds + 1))
    totals = [0] * n
    rounds = []
    names = tuple(s.name for s in obs.seats)
    for result in obs.results:
        cells, rows, lines, seats = [], [], [], []
        for s in range(n):
            totals[s] += result.round_points[s]
            cells.append(SheetCell(f"{result.bids[s]}/{result.taken[s]}",
                                   f"+{result.bonus[s]}" if result.bonus[s] else "",
                                   result.round_points[s], result.bids[s] == result.taken[s], totals[s]))
            top_bid = s in result.top_bidders
            bid = f"{result.bids[s]}{'*' if card_bids and top_bid else ''}"
            row = [bid, str(result.taken[s]), f"{result.points[s]:+d}"]
            if card_bids:
                row.append(f"+{result.bonus[s]}" if result.bonus[s] else "")
            row.append(str(totals[s]))
            rows.append(tuple(row))
            mark = bid if card_bids else f"{result.bids[s]}{' (d)' if s == result.dealer else ''}"
            bonus = f" +{result.bonus[s]}" if result.bonus[s] else ""
            lines.append(f"{mark} / {result.taken[s]}, {result.points[s]:+d}{bonus} = {totals[s]}")
            seats.append({"seat": s, "player": names[s], "bid": result.bids[s], "tricks": result.taken[s],
                          "points": result.points[s], "bonus": result.bonus[s],
                          "round_points": result.round_points[s], "total": totals[s], "top_bidder": top_bid})
        head = [str(result.number)]
        if sizes:
            head.append(str(result.hand_size))
        trump = trump_label(result, card_bids)
        head.append(trump)
        # The export's keys, in the order a CSV row lists them after the seat's own.
        data = {"round": result.number, "trump": result.trump.letter if result.trump is not None else None,
                "hand_size": result.hand_size, "turned": result.turned.text() if result.turned is not None else None,
                "dealer": result.dealer, "bid_attempts": result.attempts, "redeals": result.redeals, "seats": seats}
        rounds.append(SheetRound(result.number, labels[result.number - 1], tuple(head), _notes(result),
                                 result.dealer, tuple(cells), tuple(rows),
                                 contract=trump if card_bids else f"{result.hand_size} card{'' if result.hand_size == 1 else 's'}, {trump}",
                                 lines=tuple(lines), data=data))
    current: Optional[SheetRound] = None
    if obs.round_number and obs.round_number > len(obs.results):
        cells = []
        for s in range(n):
            totals[s] += obs.bonus[s]  # R11 points won this round are already in the totals
            top = f"{obs.bids[s]}/{obs.taken[s]}" if obs.bids is not None else "…"
            cells.append(SheetCell(top, f"+{obs.bonus[s]}" if obs.bonus[s] else "", None, False, totals[s]))
        number = obs.round_number
        current = SheetRound(number, labels[number - 1], (str(number),), "in play", obs.dealer, tuple(cells), ())
    round_columns = ("Round", "Cards", "Trump") if sizes else ("Round", "Trump")
    seat_columns = ("Bid", "Tricks", "Points", "Bonus", "Total") if card_bids else ("Bid", "Tricks", "Points", "Total")
    view = obs.view
    notes = (f"* the standing top bid (its suit is trump). {view.scoring_note}" if card_bids
             else f"{view.contract_note} {view.scoring_note}")
    lines_legend = ("Each cell: bid / tricks, points (+ rebid bonus) = running total; * top bid." if card_bids
                    else f"Each cell: bid / tricks, points = running total; (d) the dealer. {notes}")
    return SheetView(
        names=names,
        total_rounds=rules.rounds,
        labels=labels,
        rounds=tuple(rounds),
        current=current,
        totals=tuple(totals),
        round_columns=round_columns,
        seat_columns=seat_columns,
        legend=view.legend,
        in_play_legend=view.in_play_legend,
        notes=notes,
        mark_dealer=not card_bids,  # the dealer bids last and may be hooked (H4)
        contract_label="Trump",
        lines_legend=lines_legend,
    )
