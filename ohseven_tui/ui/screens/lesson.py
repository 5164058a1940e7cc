"""A tutorial's step: a note over the top of the table, closed by Enter.

It opens while the table waits (never during a human's action), stays clear of
the hand at the bottom, and is drawn as plain text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..cards import ascii_suits
from ..widgets.keys import KeysFooter

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp


class LessonScreen(ModalScreen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    DEFAULT_CSS = """
    LessonScreen { align: center top; background: $background 15%; }
    LessonScreen #lesson-box {
        width: 78; max-width: 100%; height: auto; max-height: 16;
        margin-top: 1; border: round $accent; background: $surface; padding: 0 1;
        overflow-y: auto;
    }
    LessonScreen #lesson-title { text-style: bold; color: $accent; }
    LessonScreen #lesson-go-on { color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "close", "Go on"), Binding("space", "close", show=False),
                Binding("escape", "leave", "Leave the tutorial")]

    def __init__(self, title: str, text: str, *, step: int, steps: int, last: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = text
        self.step = step
        self.steps = steps
        self.last = last

    def compose(self) -> ComposeResult:
        plain = ascii_suits if getattr(self.app, "ascii_cards", False) else (lambda t: t)
        with Vertical(id="lesson-box"):
            yield Static(Text(plain(f"Tutorial {self.step}/{self.steps} · {self.title_text}")), id="lesson-title")
            yield Static(Text(plain(self.body)), id="lesson-text")
            go_on = "Press Enter for the main menu." if self.last else "Press Enter to go on."
            yield Static(Text(go_on), id="lesson-go-on")
        yield KeysFooter(compact=True)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_leave(self) -> None:
        from ..messages import LeaveTable

        self.app.post_message(LeaveTable())
