"""Watten's scoresheet from public information: per hand the striker rank, the
trump, the stake it was played for and how it ended (three tricks, W9, or went,
W10), and the two sides' running points to the target (W11)."""

from __future__ import annotations

from typing import Any, Optional

from ...engine.cards import rank_label
from ...engine.protocol import SheetCell, SheetRound, SheetView
from .log import WENT, HandResult
from .observation import Observation

__all__ = ["sheet_view", "side_names", "ended_text", "raises_text"]

SIDE_LETTERS = ("A", "B")


def side_names(obs: Any) -> tuple[str, str]:
    """The partnerships by their players' names: "Ann & Cy"."""
    names = [s.name for s in obs.seats]
    return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")


def ended_text(result: HandResult, sides: tuple[str, str]) -> str:
    if result.ended == WENT:
        return f"{sides[1 - result.winner]} went"
    return f"{sides[result.winner]} took three tricks"


def raises_text(result: HandResult) -> str:
    if not result.raises:
        return ""
    answers = ", ".join("held" if r.answer == "hold" else "went" for r in result.raises)
    word = "raise" if len(result.raises) == 1 else "raises"
    return f"{len(result.raises)} {word} ({answers})"


def _contract(result: HandResult) -> str:
    striker = rank_label(result.striker) if result.striker is not None else "-"
    trump = result.trump.label if result.trump is not None else "-"
    return f"striker {striker}, trump {trump}"


def _label(result: HandResult) -> str:
    """A finished hand's column head: striker rank and trump, then how it ended: the
    sides' tricks (A–B) when a side took three, "went" when a raise was answered so."""
    named = f"{rank_label(result.striker)}{result.trump.symbol}" if result.striker is not None and \
        result.trump is not None else "-"
    a, b = result.side_tricks
    return f"H{result.number}\n{named}\n{'went' if result.ended == WENT else f'{a}–{b}'}"


def sheet_view(obs: Observation) -> SheetView:
    sides = side_names(obs)
    names = tuple(s.name for s in obs.seats)
    target = obs.target
    rounds = []
    for r in obs.results:
        cells, rows, lines, seats = [], [], [], []
        for s in range(obs.players):
            side = s & 1
            won = r.winner == side
            points = r.stake if won else 0
            total = r.totals[side]
            own = sum(1 for t in r.tricks if t.winner == s)  # the player's own; the side's beside it
            cells.append(SheetCell(str(r.side_tricks[side]), f"+{points}" if won else "", points, won, total))
            rows.append((SIDE_LETTERS[side], str(own), str(r.side_tricks[side]), f"+{points}" if won else "0",
                         f"{total}/{target}"))
            word = "trick" if r.side_tricks[side] == 1 else "tricks"
            lines.append(f"{r.side_tricks[side]} {word}, {'+' + str(points) if won else '0'} = {total}")
            seats.append({"seat": s, "player": names[s], "side": SIDE_LETTERS[side], "tricks": own,
                          "side_tricks": r.side_tricks[side], "points": points, "total": total, "won": won})
        ended = ended_text(r, sides)
        head = (str(r.number), rank_label(r.striker) if r.striker is not None else "-",
                r.trump.label if r.trump is not None else "-", str(r.stake), ended)
        data = {"round": r.number, "dealer": r.dealer, "striker": rank_label(r.striker) if r.striker else None,
                "trump": r.trump.letter if r.trump is not None else None, "stake": r.stake,
                "ended": r.ended, "winner_side": SIDE_LETTERS[r.winner],
                "raises": [{"seat": x.seat, "answer": x.answer, "stake": x.stake} for x in r.raises],
                "seats": seats}
        rounds.append(SheetRound(r.number, _label(r), head, raises_text(r), r.dealer, tuple(cells),
                                 tuple(rows), contract=_contract(r), lines=tuple(lines), data=data))
    totals = list(obs.totals)
    current: Optional[SheetRound] = None
    finished = len(obs.results)
    if obs.round_number > finished:
        cells = [SheetCell(str(obs.side_tricks[s & 1]), "", None, False, totals[s]) for s in range(obs.players)]
        current = SheetRound(obs.round_number, f"H{obs.round_number}", (str(obs.round_number),),
                             f"in play, stake {obs.stake}", obs.dealer, tuple(cells), ())
    count = max(obs.round_number, finished)
    view = obs.view
    return SheetView(
        names=names,
        total_rounds=count,
        labels=tuple(_label(obs.results[n - 1]) if n <= finished else f"H{n}" for n in range(1, count + 1)),
        rounds=tuple(rounds),
        current=current,
        totals=tuple(totals),
        round_columns=("Hand", "Striker", "Trump", "Stake", "Ended"),
        seat_columns=("Side", "Tricks", "Side tricks", "Points", "Total"),
        legend=view.legend,
        in_play_legend=view.in_play_legend,
        notes=f"Sides: A = {sides[0]}, B = {sides[1]}. {view.scoring_note}",
        mark_dealer=True,
        contract_label="Contract",
        lines_legend="Each cell: the side's tricks, the hand's points = the side's running total.",
    )
