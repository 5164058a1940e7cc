"""Review the last finished trick (``l`` at the table)."""

from __future__ import annotations

from typing import Any, Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ...engine.protocol import TableTrick
from ..cards import card_text
from ..plain import printable


def last_trick(obs: Any) -> Optional[TableTrick]:
    """The last complete trick this observation's table shows (its family's
    ``GameSpec.table``), or None: none finished yet, or a family without a table."""
    spec = obs.spec
    return spec.table(obs).last_trick if spec.table is not None else None


def last_trick_line(obs: Any, *, ascii: bool, dark: bool) -> Text:
    """'Last trick of round 3: Ann 7♠ · Bea 2♠ — Ann took it.' (there must be one:
    see :func:`last_trick`)."""
    last = last_trick(obs)
    assert last is not None
    line = Text(f"Last trick of round {last.round}: ", style="bold")
    for i, (seat, card) in enumerate(last.cards):
        if i:
            line.append(" · ")
        line.append(f"{printable(obs.seats[seat].name)} ")
        line.append_text(card_text(card, ascii=ascii, dark=dark))
    if last.winner is not None:
        line.append(f" — {printable(obs.seats[last.winner].name)} took it.")
    return line


class LastTrickScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    LastTrickScreen { align: center middle; }
    LastTrickScreen #trick-box { width: 44; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,enter,l", "close", "Close")]

    def __init__(self, obs: Any) -> None:
        super().__init__()
        self.obs = obs

    def compose(self) -> ComposeResult:
        obs = self.obs
        ascii = getattr(self.app, "ascii_cards", False)
        dark = self.app.current_theme.dark
        last = last_trick(obs)
        with Vertical(id="trick-box"):
            if last is None:
                yield Static("No trick has been finished yet this round.")
            else:
                body = Text(f"Trick {last.number} of round {last.round}\n", style="bold")
                for i, (seat, card) in enumerate(last.cards):
                    body.append(f"{printable(obs.seats[seat].name):<14}")
                    body.append_text(card_text(card, ascii=ascii, dark=dark))
                    if i == 0:
                        body.append("  led", style="dim")
                    if seat == last.winner:
                        body.append("  won the trick", style="bold")
                    body.append("\n")
                yield Static(body)
            yield Static(Text("Press Enter or Esc to go back.", style="dim"))
        yield Footer()  # its own keys, not the ones of the screen under it

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
