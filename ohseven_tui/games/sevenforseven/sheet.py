"""Seven for Seven's scoresheet, from public information only: per counted hand
the contract, the captain, the sides, every factor, each side's trick points,
made or failed, and each player's score (V21, V22)."""

from __future__ import annotations

from typing import Any, Optional

from ...engine.cards import rank_label
from ...engine.protocol import SheetCell, SheetRound, SheetView
from .actions import bid_label
from .log import HandResult

__all__ = ["sheet_view", "contract_text", "role_of"]

HANDS = 7


def contract_text(points: int, suit: Any, rank: int) -> str:
    """"13 ♥ Hearts, bowers 7" in words."""
    return f"{points} {suit.symbol} {suit.label}, bowers {rank_label(rank)}"


def role_of(result: HandResult, seat: int) -> str:
    if seat == result.captain:
        return "C"
    if seat in result.lieutenants:
        return "L"
    return "Q"


def _factor(f: int) -> str:
    return f"×{f}" if f > 1 else ""


def _head(r: Any) -> str:
    c = r.contract
    return f"{bid_label(c.points, c.suit, c.rank)}\n{r.trio_points}–{r.quartet_points} {'✓' if r.made else '✗'}"


def sheet_view(obs: Any) -> SheetView:
    n = obs.players
    names = tuple(s.name for s in obs.seats)
    # A finished hand's column head: the contract, then trio–quartet trick points, made ✓ or failed ✗
    labels = tuple(f"H{h}" if h > len(obs.results) else
                   f"H{h}\n{_head(obs.results[h - 1])}" for h in range(1, HANDS + 1))
    totals = [0] * n
    rounds = []
    for r in obs.results:
        c = r.contract
        cells, rows, lines, seats = [], [], [], []
        for s in range(n):
            totals[s] += r.round_points[s]
            role = role_of(r, s)
            trio = s in r.trio
            good = trio == r.made
            side_pts = r.trio_points if trio else r.quartet_points
            cells.append(SheetCell(f"{role}{_factor(r.factors[s])}", "", r.round_points[s], good, totals[s]))
            rows.append((role, f"×{r.factors[s]}", str(r.markers[s]), str(side_pts), f"{r.round_points[s]:+d}",
                         str(totals[s])))
            lines.append(f"{role} ×{r.factors[s]}, side {side_pts}, {r.round_points[s]:+d} = {totals[s]}")
            seats.append({"seat": s, "player": names[s], "role": {"C": "captain", "L": "lieutenant",
                                                                     "Q": "quartet"}[role],
                          "factor": r.factors[s], "took": r.markers[s], "side_points": side_pts,
                          "points": r.round_points[s], "total": totals[s]})
        contract = contract_text(c.points, c.suit, c.rank)
        result = "made" if r.made else "failed"
        head = (str(r.number), bid_label(c.points, c.suit, c.rank), names[r.captain],
                ", ".join(names[s] for s in r.trio), str(r.trio_points), str(r.quartet_points), result)
        note = f"{r.passed_out} passed out" if r.passed_out else ""
        data = {"round": r.number, "dealer": r.dealer, "contract_points": c.points, "trump": c.suit.letter,
                "bower_rank": rank_label(c.rank), "captain": r.captain, "lieutenants": list(r.lieutenants),
                "trio_points": r.trio_points, "quartet_points": r.quartet_points, "made": r.made,
                "passed_out": r.passed_out, "seats": seats}
        rounds.append(SheetRound(r.number, labels[r.number - 1], head, note, r.dealer, tuple(cells), tuple(rows),
                                 contract=f"{contract} ({names[r.captain]}, {result})", lines=tuple(lines),
                                 data=data))
    current: Optional[SheetRound] = None
    if obs.round_number and obs.round_number > len(obs.results):
        cells = []
        for s in range(n):
            if obs.contract is not None:
                role = "C" if s == obs.captain else "L" if s in obs.lieutenants else "Q"
                top = f"{role}{_factor(obs.factors[s])}"
            else:
                top = "…"
            cells.append(SheetCell(top, "", None, False, totals[s]))
        number = obs.round_number
        current = SheetRound(number, labels[number - 1], (str(number),), "in play", obs.dealer, tuple(cells), ())
    view = obs.view
    return SheetView(
        names=names,
        total_rounds=HANDS,
        labels=labels,
        rounds=tuple(rounds),
        current=current,
        totals=tuple(totals),
        round_columns=("Hand", "Contract", "Captain", "Trio", "Trio pts", "Quartet pts", "Result"),
        seat_columns=("Role", "Factor", "Took", "Side pts", "Points", "Total"),
        legend=view.legend,
        in_play_legend=view.in_play_legend,
        notes=f"C captain, L lieutenant, Q quartet; ×2.. the factor. {view.contract_note} {view.scoring_note}",
        mark_dealer=True,
        contract_label="Contract",
        lines_legend="Each cell: role ×factor, the side's trick points, the hand's points = running total.",
    )
