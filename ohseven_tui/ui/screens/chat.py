"""One line to everyone at a networked table (c at the table)."""

from __future__ import annotations

from typing import Optional

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...net.protocol import MAX_CHAT  # the table cuts a line there: the box stops there
from ..widgets.keys import KeysFooter
from ..widgets.text_field import TextField


class ChatScreen(ModalScreen[Optional[str]]):
    """Dismissed with the line to send, or None (Esc)."""

    DEFAULT_CSS = """
    ChatScreen { align: center bottom; }
    ChatScreen #chat-box { width: 100%; height: auto; border: round $accent; background: $surface; padding: 0 1;
                           margin-bottom: 1; }
    ChatScreen Input, ChatScreen Input:focus { border: none; height: 1; padding: 0; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="chat-box"):
            yield Static("Say to the table (Enter sends, Esc goes back):")
            yield TextField(max_length=MAX_CHAT, id="chat-line")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
