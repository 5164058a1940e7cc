"""The seats around the table, drawn by the game's family (``render_seats`` in
its UI package, see ``ui.families``) from one observation; a family without one
gets names, whose turn and totals."""

from __future__ import annotations

from typing import Any, Optional

from rich.cells import cell_len
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ..plain import printable


def seat_kind(player: str) -> str:
    return "" if player == "human" else player


def kind_cell(seat: int, info: Any, viewer: Optional[int], humans: int, away: tuple[int, ...] = ()) -> Text:
    """The seat's second column: "you", "away" (its player gone for now), or a bot's strength."""
    if seat in away:
        return Text("away", style="bold yellow")
    return Text("you" if seat == viewer and humans == 1 else seat_kind(info.player))


def fit_columns(heads: list[str], rows: list[list[Text]], room: Optional[int], *,
                drop: tuple[int, ...] = (), shrink: Optional[int] = None) -> tuple[list[bool], Optional[int]]:
    """Which columns show, and the widest ``shrink`` may be, for a table with a gap
    of two cells between columns to fit ``room`` cells: a column with no heading
    and nothing in it never shows; the ``drop`` columns go first, in order, then
    column ``shrink`` gives way (cut with "…"), never a heading or a number. No
    room given: everything else shows."""
    widths = [max([cell_len(h)] + [row[i].cell_len for row in rows]) for i, h in enumerate(heads)]
    shown = [w > 0 for w in widths]

    def total() -> int:
        kept = [w for w, on in zip(widths, shown) if on]
        return sum(kept) + 2 * (len(kept) - 1)

    if room is None:
        return shown, None
    for col in drop:
        if total() <= room:
            break
        shown[col] = False
    if shrink is None or total() <= room:
        return shown, None
    return shown, max(4, widths[shrink] - (total() - room))


def fit_rows(table: Table, rows: Optional[int]) -> int:
    """Drop the key under ``table`` (its caption), then its headings, while it needs
    more than ``rows`` rows (None: no limit). The rows it needs now."""
    need = table.row_count + table.show_header + bool(table.caption)
    if rows is not None and need > rows and table.caption:
        table.caption = None
        need -= 1
    if rows is not None and need > rows and table.show_header:
        table.show_header = False
        need -= 1
    return need


class SeatsView(Static):
    DEFAULT_CSS = """
    SeatsView { height: auto; width: auto; padding: 0 1; }
    """

    # The cells the seats' table may take (the screen sets it from its width, and
    # shows the seats again when it changes); None: no limit.
    room: Optional[int] = None
    # The rows it may take (a small screen: the compact list); short of them, the key
    # under the seats goes first, then the headings, so that every seat's row shows.
    rows: Optional[int] = None

    def show(self, obs: Any, viewer: Optional[int], *, ascii: bool, dark: bool, humans: int,
             away: tuple[int, ...] = ()) -> None:
        """``away``: the seats whose players are gone for now (a table server waits for them)."""
        from ..families import family_ui

        # The table screen fixes this widget's size, so no layout pass is needed.
        fixed = self.styles.width is not None and self.styles.width.is_cells
        render = family_ui(obs.spec).seats_renderer() or plain_seats
        table = render(obs, viewer, ascii=ascii, dark=dark, humans=humans, room=self.room, away=away)
        need = fit_rows(table, self.rows)
        if fixed and self.styles.height is not None and self.styles.height.value != need:
            self.styles.height = need
        if fixed:  # as wide as the seats need (a layout pass only when that changes): no heading is cut
            console = self.app.console
            need = Measurement.get(console, console.options.update_width(200), table).maximum + 2  # padding
            if self.styles.width is None or need != self.styles.width.value:
                self.styles.width = need
        self.update(table, layout=not fixed)


def plain_seats(obs: Any, viewer: Optional[int], *, humans: int, room: Optional[int] = None,
                away: tuple[int, ...] = (), **_: Any) -> Table:
    """Names, the seat to act and the totals: the seats of a family that draws none."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=False, show_edge=False,
                  caption="▶ to act", caption_style="dim", caption_justify="left")
    turn = obs.to_act[0] if len(obs.to_act) == 1 else None
    rows = []
    for seat, info in enumerate(obs.seats):
        marker = Text("▶", style="bold") if seat == turn else Text(" ")
        name = Text(printable(info.name), style="bold" if seat == viewer else "")
        name.truncate(16, overflow="ellipsis")
        kind = kind_cell(seat, info, viewer, humans, away)
        rows.append([marker, name, kind, Text(str(obs.totals[seat]))])
    heads = ["", "Seat", "", "Score"]
    shown, name_width = fit_columns(heads, rows, room, drop=(2,), shrink=1)
    table.add_column("", width=1, no_wrap=True)
    table.add_column("Seat", no_wrap=True, max_width=name_width or 16, overflow="ellipsis")
    if shown[2]:
        table.add_column("", no_wrap=True, style="dim")
    table.add_column("Score", justify="right", no_wrap=True)
    for row in rows:
        table.add_row(*(cell for cell, on in zip(row, shown) if on))
    return table
