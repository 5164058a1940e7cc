"""The scoresheet and the statistics, as Rich renderables (public results only)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ...games.ohhell import RoundResult, game_stats, trump_counts_text
from ..plain import printable


@dataclass(frozen=True)
class RoundSoFar:
    """The round in play: its R11 points are already in the totals, so the sheet
    shows them too (the seats would otherwise disagree with it)."""

    bonus: tuple[int, ...]
    bids: Optional[tuple[int, ...]]  # once a bid stands
    taken: tuple[int, ...]


def round_so_far(obs) -> Optional[RoundSoFar]:
    """The round being passed, bid or played, or None between rounds."""
    if not obs.round_number or obs.round_number <= len(obs.results):
        return None
    return RoundSoFar(tuple(obs.bonus), tuple(obs.bids) if obs.bids is not None else None, tuple(obs.taken))


def scoresheet(results: Sequence[RoundResult], names: Sequence[str], rounds: int,
               hand_sizes: Optional[Sequence[int]] = None, current: Optional[RoundSoFar] = None) -> Table:
    """Rows are players, columns rounds. Each cell: bid/tricks (+rebid bonus) on
    top, the round's points and the running total below. ``hand_sizes`` (Oh Hell,
    where they vary) puts each round's hand size under its number. ``current``
    fills the next column with the round in play: bid/tricks so far, the rebid
    points already won, and the running total with them."""
    narrow = rounds > 8  # twelve rounds: no padding, totals on their own line, to fit 80 columns
    table = Table(box=None, padding=(0, 0 if narrow else 1), pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("Player", no_wrap=True, max_width=12)
    for r in range(1, rounds + 1):
        head = f"R{r}" if hand_sizes is None else f"R{r}\n{hand_sizes[r - 1]}c"
        table.add_column(head, justify="right", no_wrap=True, min_width=5 if narrow else 6)
    table.add_column("Total", justify="right", no_wrap=True, style="bold", min_width=7 if narrow else None)
    totals = [0] * len(names)
    cells = [[] for _ in names]
    for result in results:
        for s in range(len(names)):
            totals[s] += result.round_points[s]
            top = Text(f"{result.bids[s]}/{result.taken[s]}")
            if result.bonus[s]:
                top.append(f" +{result.bonus[s]}", style="bold")
            bottom = Text(f"{result.round_points[s]:+d}", style="bold" if result.bids[s] == result.taken[s] else "")
            bottom.append(f"{chr(10) if narrow else ''}→{totals[s]}", style="dim")  # narrow: own line
            cells[s].append(Text("\n").join([top, bottom]))
    if current is not None and len(results) < rounds:
        for s in range(len(names)):
            totals[s] += current.bonus[s]
            top = Text(f"{current.bids[s]}/{current.taken[s]}" if current.bids is not None else "…", style="dim")
            if current.bonus[s]:
                top.append(f" +{current.bonus[s]}", style="bold")
            cells[s].append(Text("\n").join([top, Text(f"→{totals[s]}", style="dim")]))
    best = max(totals) if results or current is not None else None
    for s, name in enumerate(names):
        row = list(cells[s]) + [Text("") for _ in range(rounds - len(cells[s]))]
        total = Text(str(totals[s]))
        if best is not None and totals[s] == best and min(totals) < best:  # all level: nobody leads
            total.append(" ★")
        table.add_row(Text(printable(name)), *row, total)
    return table


LEGEND = "Each round: bid/tricks (+ rebid bonus), then the round's points → running total. ★ highest total."
IN_PLAY = "The round in play shows bid/tricks so far and any rebid point already won."
LEGENDS = {
    "classic": "Each round (hand size under it, c = cards): bid/tricks, then the round's points "
               "(exact: 10 + tricks, a miss 0) → running total. ★ highest total.",
    "up-and-down": "Each round (hand size under it, c = cards): bid/tricks, then the round's points "
                   "(exact: the bid, a miss loses the difference) → running total. ★ highest total.",
}


def legend(preset: str, in_play: bool = False) -> str:
    """The scoresheet's key for a preset (only Oh-Seven has the rebid bonus)."""
    key = LEGENDS.get(preset, LEGEND)
    return f"{key}\n{IN_PLAY}" if in_play else key


def sheet_for(obs) -> Table:
    """The scoresheet for an observation's game, with its preset's rounds."""
    rules = obs.rules
    sizes = rules.hand_sizes if rules.preset != "oh-seven" else None
    return scoresheet(obs.results, [printable(s.name) for s in obs.seats], rules.rounds, hand_sizes=sizes,
                      current=round_so_far(obs))


def _pct(x: float) -> str:
    return f"{x:.0%}"


def statistics(results: Sequence[RoundResult], names: Sequence[str], *, ascii: bool = False) -> Group:
    """S1-S10 for the app. ``ascii`` is kept for callers: S4 names suits in words now."""
    stats = game_stats(results, len(names))
    t = stats.table
    avg = f"{t.average_top_bid:.1f}" if t.average_top_bid is not None else "-"
    head = Text.assemble(
        ("Table: ", "bold"),
        f"S1 players {t.players} · S2 zero bids {_pct(t.zero_bid_rate)} · S3 average top bid {avg} · "
        f"S4 trump {trump_counts_text(t.trump_counts)}",  # worded as the CLI's
    )
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("Player", no_wrap=True, max_width=12)
    for label in ("Pts/round", "Zero bids", "Top bids", "Filled", "Over", "Under"):
        table.add_column(label, justify="right", no_wrap=True)
    for s, seat in enumerate(stats.seats):
        table.add_row(
            Text(printable(names[s])), f"{seat.points_per_round:.2f}", _pct(seat.zero_bid_rate), _pct(seat.top_bid_rate),
            _pct(seat.fill_rate), _pct(seat.overflow_rate), _pct(seat.underfill_rate),
        )
    note = Text("Per player: S5 points per round, S6 zero-bid, S7 top-bid, S8 fill (took the bid), "
                "S9 overflow and S10 underfill rates.", style="dim")
    return Group(head, table, note)
