"""Review the last finished trick (``l`` at the table, on the round summary and
on the scoresheet).

It reads the game's ``TableView.last_trick`` (see docs/architecture.md): the
game's latest finished trick, so at the start of a round it is still the round
before's. A family that draws no table shows that no trick has been played.
"""

from __future__ import annotations

from typing import Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine.protocol import TableTrick
from ...table.source import Observation
from ..cards import card_text
from ..plain import printable
from ..widgets.keys import KeysFooter


def last_trick(obs: Observation) -> Optional[TableTrick]:
    """The game's latest finished trick as its table shows it (the family's
    ``GameSpec.table``; at a round's start, still the round before's), or None:
    none finished yet, or a family that draws no table."""
    spec = obs.spec
    return spec.table(obs).last_trick if spec.table is not None else None


def last_trick_line(obs: Observation, *, ascii: bool, dark: bool) -> Text:
    """'Last trick of round 3: Ann 7♠ · Bea 2♠ — Ann took it.' (there must be one:
    see :func:`last_trick`)."""
    last = last_trick(obs)
    assert last is not None
    line = Text(f"Last trick of {obs.view.round_word} {last.round}: ", style="bold")
    for i, (seat, card) in enumerate(last.cards):
        if i:
            line.append(" · ")
        line.append(f"{printable(obs.seats[seat].name)} ")
        line.append_text(card_text(card, ascii=ascii, dark=dark))
    if last.winner is not None:
        line.append(f" — {printable(obs.seats[last.winner].name)} took it.")
    return line


def trick_text(obs: Observation, *, ascii: bool, dark: bool) -> Text:
    """The last trick, a seat a line: 'Trick 7 of round 1', then 'Bea  7♥  led  won the trick'."""
    last = last_trick(obs)
    if last is None:
        return Text("No trick has been finished yet.")
    body = Text(f"Trick {last.number} of {obs.view.round_word} {last.round}", style="bold")
    width = max(len(printable(obs.seats[seat].name)) for seat, _ in last.cards) + 2
    for i, (seat, card) in enumerate(last.cards):
        body.append(f"\n{printable(obs.seats[seat].name):<{width}}")
        body.append_text(card_text(card, ascii=ascii, dark=dark))
        if i == 0:
            body.append("  led", style="dim")
        if seat == last.winner:
            body.append("  won the trick", style="bold")
    return body


class LastTrickScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    LastTrickScreen { align: center middle; }
    LastTrickScreen #trick-box { width: 44; max-width: 100%; height: auto; max-height: 100%;
                                 border: round $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,enter,l", "close", "Close")]

    def __init__(self, obs: Observation) -> None:
        super().__init__()
        self.obs = obs

    def compose(self) -> ComposeResult:
        ascii = getattr(self.app, "ascii_cards", False)
        with Vertical(id="trick-box"):
            yield Static(trick_text(self.obs, ascii=ascii, dark=self.app.current_theme.dark))
            yield Static(Text("Press Enter or Esc to go back.", style="dim"))
        yield KeysFooter()  # its own keys, not the ones of the screen under it

    def action_close(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
