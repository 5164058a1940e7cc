"""The Textual app (built out by the TUI issue)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static


class OhSevenApp(App):
    TITLE = "Oh-Seven"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Oh-Seven: the table is being built. Try `ohseven simulate`.")
        yield Footer()
