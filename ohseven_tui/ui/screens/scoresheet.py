"""The round scoresheet, shown after every round (and on request with ``t``)."""

from __future__ import annotations

from typing import Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...table.source import Observation
from ..narration import out_of
from ..widgets.keys import KeysFooter
from ..widgets.scoresheet import legend, sheet_for
from .autoclose import AutoClose
from .last_trick import last_trick, last_trick_line


class ScoresheetScreen(AutoClose, Screen[None]):
    CSS_PATH = "scoresheet.tcss"
    BINDINGS = [Binding("enter", "close", "Continue"), Binding("p", "app.pause", "Pause", show=False),
                Binding("s", "skip", show=False), Binding("plus,equals_sign", "app.speed(-1)", show=False),
                Binding("minus", "app.speed(1)", show=False), Binding("escape", "close", "Close", show=False),
                Binding("l", "last_trick", "Last trick")]

    def __init__(self, obs: Observation, *, final: bool = False, review: bool = False,
                 auto: Optional[float] = None) -> None:
        super().__init__()
        self.obs = obs
        self.review = review
        self.auto = auto

    @property
    def key_settle(self) -> Optional[float]:
        """Opened with t (``review``), the player's next key is meant for it: taken at
        once. Opened by itself at a round's end, it waits for a quiet moment."""
        return None if self.review else super().key_settle

    def compose(self) -> ComposeResult:
        obs = self.obs
        view = obs.view
        sheet = obs.spec.sheet(obs)
        in_play = sheet.current is not None
        if in_play:
            title = f"Scoresheet during {view.round_word} {out_of(obs.round_number, view.rounds, ' of ')}"
        elif sheet.rounds:
            title = f"Scoresheet after {view.round_word} {out_of(sheet.rounds[-1].number, view.rounds, ' of ')}"
        else:
            title = f"Scoresheet: no {view.round_word} finished yet"
        yield Static(Text(title), id="sheet-title")
        with VerticalScroll(id="sheet-body"):
            # The round's last trick stays in view until the player moves on.
            if not self.review and last_trick(obs) is not None:
                yield Static(last_trick_line(obs, ascii=getattr(self.app, "ascii_cards", False),
                                             dark=self.app.current_theme.dark), id="sheet-last-trick")
            yield Static(sheet_for(obs), id="sheet")
            yield Static(Text(legend(obs, in_play)), id="sheet-legend")
        yield KeysFooter()

    def action_last_trick(self) -> None:
        from .last_trick import LastTrickScreen

        self.app.push_screen(LastTrickScreen(self.obs))
