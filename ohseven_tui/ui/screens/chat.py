"""The table's chat (c at a networked table): every line heard at this table so
far, newest last, and one line to everyone (a watcher only reads)."""

from __future__ import annotations

from typing import Optional, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...net.protocol import MAX_CHAT  # the table cuts a line there: the box stops there
from ..plain import printable
from ..widgets.keys import KeysFooter
from ..widgets.text_field import TextField


class ChatScreen(ModalScreen[Optional[str]]):
    """Dismissed with the line to send, or None (Esc). ``history``: (name, text) per
    line heard so far; ``speak``: False for a watcher, who only reads."""

    DEFAULT_CSS = """
    ChatScreen { align: center bottom; }
    ChatScreen #chat-box { width: 100%; height: auto; max-height: 90%; border: round $accent; background: $surface;
                           padding: 0 1; margin-bottom: 1; }
    ChatScreen #chat-history { height: auto; max-height: 20; }
    ChatScreen Input, ChatScreen Input:focus { border: none; height: 1; padding: 0; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, history: Sequence[tuple[str, str]] = (), *, speak: bool = True) -> None:
        super().__init__()
        self.history = tuple(history)
        self.speak = speak

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            said = Text("\n".join(f"{printable(name)}: {printable(text)}" for name, text in self.history)
                        or "Nothing said at this table yet.")  # a Text: the players' words are never markup
            with VerticalScroll(id="chat-history"):
                yield Static(said, id="chat-lines")
            if self.speak:
                yield Static("Say to the table (Enter sends, Esc goes back):")
                yield TextField(max_length=MAX_CHAT, id="chat-line")
            else:
                yield Static("You are watching: the seats speak, you read (Esc goes back).")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#chat-history", VerticalScroll).scroll_end(animate=False)
        if self.speak:
            self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
