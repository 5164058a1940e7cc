"""The round scoresheet, shown after every round (and on request with ``t``)."""

from __future__ import annotations

from typing import Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Observation
from .autoclose import AutoClose
from ..widgets.scoresheet import legend, sheet_for
from ..plain import printable


class ScoresheetScreen(AutoClose, Screen[None]):
    CSS_PATH = "scoresheet.tcss"
    BINDINGS = [Binding("enter", "close", "Continue"), Binding("p", "app.pause", "Pause", show=False),
                Binding("s", "skip", show=False), Binding("plus,equals_sign", "app.speed(-1)", show=False),
                Binding("minus", "app.speed(1)", show=False), Binding("escape", "close", "Close", show=False)]

    def __init__(self, obs: Observation, *, final: bool = False, review: bool = False,
                 auto: Optional[float] = None) -> None:
        super().__init__()
        self.obs = obs
        self.review = review
        self.auto = auto

    def compose(self) -> ComposeResult:
        obs = self.obs
        names = [printable(s.name) for s in obs.seats]
        if obs.results:
            last = obs.results[-1]
            title = f"Scoresheet after round {last.number} of {obs.rules.rounds}"
        else:
            title = "Scoresheet: no round finished yet"
        yield Static(Text(title), id="sheet-title")
        with VerticalScroll(id="sheet-body"):
            yield Static(sheet_for(obs), id="sheet")
            yield Static(Text(legend(obs.rules.preset)), id="sheet-legend")
        yield Footer()
