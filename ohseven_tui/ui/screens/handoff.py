"""Hot-seat privacy: an opaque screen that hides the table (every hand) until the
named player has the keyboard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..plain import plain, plain_lines, printable


class HandoffScreen(Screen[None]):
    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("enter", "ready", "Ready"), Binding("space", "ready", show=False)]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(plain(f"Pass to {self.player} — press Enter"), id="handoff-title")
            with Center():
                yield Static(plain_lines(f"Only {printable(self.player)} should look at the screen now.\n"
                                         "Everyone's cards are hidden until then."), id="handoff-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Footer).compact = True

    def action_ready(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
