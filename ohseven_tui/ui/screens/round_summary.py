"""The round summary: how a finished round went, before its scoresheet.

The screen is the same for every family; the words are the family's
(``round_summary`` in ``ui/screens/<family>/``, a :class:`~..narration.Summary`):
who made their bid or contract, who missed and by how much, bonus points. Under
them, the round's last trick. It shows public information only, so in hot-seat it
is a shared screen (every hand face down behind it).
"""

from __future__ import annotations

from typing import Optional

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...table.source import Observation
from ..cards import line_text
from ..narration import Summary
from ..widgets.keys import KeysFooter
from .autoclose import AutoClose
from .boxes import FitsBody
from .last_trick import last_trick, last_trick_line

MARKS = {"good": ("✓", "text-success", "green"), "bad": ("✗", "text-error", "red")}  # mark, theme colour, fallback


class RoundSummaryScreen(AutoClose, FitsBody, ModalScreen[None]):
    CSS_PATH = "round_summary.tcss"
    BOX, BODY = "summary-box", "summary-body"  # the rows scroll; the line under them stays in sight
    BINDINGS = [Binding("enter", "close", "Scoresheet"), Binding("escape,space,t", "close", show=False),
                Binding("l", "last_trick", "Last trick"), Binding("p", "app.pause", "Pause", show=False),
                Binding("s", "skip", show=False), Binding("plus,equals_sign", "app.speed(-1)", show=False),
                Binding("minus", "app.speed(1)", show=False)]

    def __init__(self, obs: Observation, summary: Summary, *, then: str = "the scoresheet",
                 auto: Optional[float] = None) -> None:
        super().__init__()
        self.obs = obs  # the observation just after the round: its last trick
        self.summary = summary
        self.then = then  # what Enter goes on to
        self.auto = auto

    def compose(self) -> ComposeResult:
        ascii = getattr(self.app, "ascii_cards", False)
        dark = self.app.current_theme.dark
        summary = self.summary
        colours = self.app.theme_variables
        table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=any(summary.columns),
                      header_style="bold")
        table.add_column("", no_wrap=True)  # the tone's mark
        for i, header in enumerate(summary.columns):
            table.add_column(header, no_wrap=i == 0, justify="right" if header else "left")
        for i, row in enumerate(summary.rows):
            tone = summary.tones[i] if i < len(summary.tones) else ""
            mark, variable, fallback = MARKS.get(tone, ("", "", ""))
            cells = [Text(mark, style=f"bold {colours.get(variable, fallback)}" if mark else "")]
            cells.extend(line_text(cell, ascii=ascii, dark=dark) for cell in row)
            table.add_row(*cells)
        with Vertical(id="summary-box"):
            yield Static(Text(summary.title), id="summary-title")
            with VerticalScroll(id="summary-body"):
                yield Static(table, id="summary-table")
                for note in summary.notes:
                    yield Static(line_text(note, ascii=ascii, dark=dark), classes="summary-note")
                if last_trick(self.obs) is not None:
                    yield Static(last_trick_line(self.obs, ascii=ascii, dark=dark), id="summary-last-trick")
            yield Static(Text(f"Enter: {self.then} · l: the last trick, seat by seat", style="dim"))
        yield KeysFooter()

    def action_last_trick(self) -> None:
        from .last_trick import LastTrickScreen

        self.app.push_screen(LastTrickScreen(self.obs))
