"""The seats around the table, drawn by the game's family (``render_seats`` in
its UI package, see ``ui.families``) from one observation; a family without one
gets names, whose turn and totals."""

from __future__ import annotations

from typing import Any, Optional

from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from ..plain import printable


def seat_kind(player: str) -> str:
    return "" if player == "human" else player


class SeatsView(Static):
    DEFAULT_CSS = """
    SeatsView { height: auto; width: auto; padding: 0 1; }
    """

    def show(self, obs: Any, viewer: Optional[int], *, ascii: bool, dark: bool, humans: int,
             number_bids: Optional[dict] = None) -> None:
        from ..families import family_ui

        # The table screen fixes this widget's size, so no layout pass is needed.
        fixed = self.styles.width is not None and self.styles.width.is_cells
        render = family_ui(obs.spec).seats_renderer() or plain_seats
        table = render(obs, viewer, ascii=ascii, dark=dark, humans=humans, number_bids=number_bids)
        if fixed:  # as wide as the seats need (a layout pass only when that changes): no heading is cut
            console = self.app.console
            need = Measurement.get(console, console.options.update_width(200), table).maximum + 2  # padding
            if self.styles.width is None or need != self.styles.width.value:
                self.styles.width = need
        self.update(table, layout=not fixed)


def plain_seats(obs: Any, viewer: Optional[int], *, humans: int, **_: Any) -> Table:
    """Names, the seat to act and the totals: the seats of a family that draws none."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, expand=False, show_edge=False,
                  caption="▶ to act", caption_style="dim", caption_justify="left")
    table.add_column("", width=1, no_wrap=True)
    table.add_column("Seat", no_wrap=True, max_width=16, overflow="ellipsis")
    table.add_column("", no_wrap=True, style="dim", max_width=6)
    table.add_column("Score", justify="right", no_wrap=True)
    turn = obs.to_act[0] if len(obs.to_act) == 1 else None
    for seat, info in enumerate(obs.seats):
        marker = Text("▶", style="bold") if seat == turn else Text(" ")
        name = Text(printable(info.name), style="bold" if seat == viewer else "")
        kind = "you" if seat == viewer and humans == 1 else seat_kind(info.player)
        table.add_row(marker, name, kind, str(obs.totals[seat]))
    return table
