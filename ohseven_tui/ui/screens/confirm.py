"""A yes/no question."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..plain import plain_lines
from ..widgets.keys import KeysFooter


class ConfirmScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen #confirm-box { width: 56; height: auto; border: round $warning; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(plain_lines(self.question))  # it quotes names and file names: never markup
            yield Static("[b]y[/b] yes · [b]n[/b] no")
        yield KeysFooter()  # y / n, not the keys of the screen under it

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
