"""The scoresheet grid and the statistics, as Rich renderables, drawn from what a
game declares (``spec.sheet(obs)`` -> SheetView, ``spec.stats(obs)`` -> StatsView),
public information only. Nothing here knows one game from another.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from rich.cells import cell_len, set_cell_size
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from ...engine.protocol import SheetRound, SheetView, StatsView
from ..plain import printable

__all__ = ["FitSheet", "round_so_far", "scoresheet", "sheet_for", "legend", "statistics"]


def round_so_far(obs: Any) -> Optional[SheetRound]:
    """The round being passed, bid or played (its column of the scoresheet, with
    any points already won in it), or None between rounds."""
    return obs.spec.sheet(obs).current


def _cell(top: str, extra: str, bottom: Text, dim: bool = False) -> Text:
    head = Text(top, style="dim" if dim else "")
    if extra:
        head.append(f" {extra}", style="bold")
    return Text("\n").join([head, bottom])


def scoresheet(sheet: SheetView, *, narrow: Optional[bool] = None, columns: Optional[Sequence[int]] = None,
               total: bool = True) -> Table:
    """Rows are players, columns rounds (``sheet.labels``: "R3", or "R3\\n5c" where
    hand sizes vary). Each cell: what the seat did (bid/tricks, + a bonus) on top,
    the round's points and the running total below. The round in play, if any,
    fills the next column: what it did so far, and the total with points already won.

    ``narrow``: one space between columns and the running total on its own line
    (default: when there are more than eight rounds). ``columns``: the rounds
    (0-based) to draw, all by default; ``total``: draw the Total column."""
    rounds = sheet.total_rounds
    if narrow is None:
        narrow = rounds > 8
    shown = list(range(len(sheet.labels))) if columns is None else list(columns)
    # Narrow: a space left of each column only, so right-aligned cells never run together.
    table = Table(box=None, padding=(0, 0, 0, 1) if narrow else (0, 1), pad_edge=False, show_edge=False,
                  header_style="bold")
    table.add_column("Player", no_wrap=True)
    for i in shown:
        table.add_column(sheet.labels[i], justify="right", no_wrap=True, min_width=5 if narrow else 6)
    if total:
        table.add_column("Total", justify="right", no_wrap=True, style="bold")
    n = len(sheet.names)
    cells: list[list[Text]] = [[] for _ in range(n)]
    for r in sheet.rounds:
        for s, c in enumerate(r.cells):
            points = Text(f"{c.points:+d}" if c.points is not None else "", style="bold" if c.good else "")
            points.append(f"{chr(10) if narrow else ''}→{c.total}", style="dim")  # narrow: own line
            cells[s].append(_cell(c.top, c.extra, points))
    current = sheet.current if len(sheet.rounds) < rounds else None
    if current is not None:
        for s, c in enumerate(current.cells):
            cells[s].append(_cell(c.top, c.extra, Text(f"→{c.total}", style="dim"), dim=True))
    totals = sheet.totals
    best = max(totals) if totals and (sheet.rounds or current is not None) else None
    for s, name in enumerate(sheet.names):
        row = list(cells[s]) + [Text("") for _ in range(len(sheet.labels) - len(cells[s]))]
        mark = Text(str(totals[s]))
        if best is not None and totals[s] == best and min(totals) < best:  # all level: nobody leads
            mark.append(" ★")
        table.add_row(Text(_short(printable(name))), *(row[i] for i in shown), *((mark,) if total else ()))
    return table


NAME_CELLS = 12  # a name longer than this is cut, with "…", in the grid (the title and review name it whole)


def _short(name: str) -> str:
    return name if cell_len(name) <= NAME_CELLS else set_cell_size(name, NAME_CELLS - 1) + "…"


class FitSheet:
    """The scoresheet at whatever width it is drawn: the usual grid if it fits,
    else the narrow grid, else the rounds in blocks one under the other (each
    with the players' names, the Total after the last), so no cell and no total
    is ever cut."""

    def __init__(self, sheet: SheetView) -> None:
        self.sheet = sheet

    def _width(self, console: Console, options: ConsoleOptions, table: Table) -> int:
        return Measurement.get(console, options.update_width(10_000), table).maximum

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        sheet, width = self.sheet, options.max_width
        for narrow in (False, True) if sheet.total_rounds <= 8 else (True,):
            table = scoresheet(sheet, narrow=narrow)
            if self._width(console, options, table) <= width:
                yield table
                return
        blocks: list[list[int]] = [[]]
        for i in range(len(sheet.labels)):
            trial = scoresheet(sheet, narrow=True, columns=blocks[-1] + [i], total=i == len(sheet.labels) - 1)
            if blocks[-1] and self._width(console, options, trial) > width:
                blocks.append([i])
            else:
                blocks[-1].append(i)
        for k, block in enumerate(blocks):
            if k:
                yield Text("")
            yield scoresheet(sheet, narrow=True, columns=block, total=k == len(blocks) - 1)


def sheet_for(obs: Any) -> FitSheet:
    """The scoresheet for an observation's game, as its family declares it, fitted to its width."""
    return FitSheet(obs.spec.sheet(obs))


def legend(source: Any, in_play: bool = False) -> str:
    """The scoresheet's key: from a SheetView, an observation (its game's view),
    or a registered game's name. ``in_play`` adds the key for the round in play."""
    if isinstance(source, SheetView):
        key, more = source.legend, source.in_play_legend
    elif isinstance(source, str):
        from ...engine.registry import game_spec

        view = game_spec(source).view({})
        key, more = view.legend, view.in_play_legend
    else:
        view = source.view
        key, more = view.legend, view.in_play_legend
    return f"{key}\n{more}" if in_play and more else key


def statistics(source: Any, names: Optional[Sequence[str]] = None, *, ascii: bool = False) -> Group:
    """The game's statistics for the app: a StatsView (``names`` are the seats'),
    or an observation (its game's statistics, its seats' names). ``ascii`` is kept
    for callers: the statistics name suits in words."""
    if isinstance(source, StatsView):
        stats = source
        if names is None:
            raise TypeError("statistics(StatsView) needs the seats' names")
    elif hasattr(source, "spec"):
        stats = source.spec.stats(source)
        names = names if names is not None else [s.name for s in source.seats]
    else:  # the old call, statistics(results, names): results do not say which game they are
        raise TypeError("statistics() takes an observation or a StatsView (game.spec.stats(obs)), not results")
    # Labels in words; the rule ids stay in the data (and the rules' own pages).
    head = Text.assemble(("Table: ", "bold"), " · ".join(f"{s.label}: {s.value}" for s in stats.table))
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("Player", no_wrap=True, max_width=12)
    for _, label in stats.columns:
        table.add_column(label, justify="right", no_wrap=True)
    for name, values in zip(names, stats.seats):
        table.add_row(Text(printable(name)), *(Text(v) for v in values))
    parts: list[Any] = [head, table]
    if stats.note:
        parts.append(Text(stats.note, style="dim"))
    return Group(*parts)
