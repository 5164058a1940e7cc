"""The bid reveal: every bid card at once, then trump and leader, or why a rebid
(R10, R11) or a redeal (R13) follows."""

from __future__ import annotations

from typing import Optional

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ....games.ohhell import STANDS, Bid, Observation, Phase
from ...cards import ascii_suits, card_text, cards_text
from ...plain import printable
from ...widgets.keys import KeysFooter
from ..autoclose import AutoClose
from ..boxes import FitsBody


class RevealScreen(AutoClose, FitsBody, ModalScreen[None]):
    CSS_PATH = "reveal.tcss"
    BOX, BODY = "reveal-box", "reveal-body"  # the bids scroll; what they lead to stays in sight
    BINDINGS = [Binding("enter", "close", "Continue"), Binding("p", "app.pause", "Pause", show=False),
                Binding("s", "skip", show=False), Binding("plus,equals_sign", "app.speed(-1)", show=False),
                Binding("minus", "app.speed(1)", show=False), Binding("space", "close", show=False)]

    def __init__(self, obs: Observation, *, show_unbid: bool = False, auto: Optional[float] = None) -> None:
        super().__init__()
        self.obs = obs
        self.show_unbid = show_unbid
        self.auto = auto

    def compose(self) -> ComposeResult:
        from .narration import outcome_text

        obs = self.obs
        ascii = getattr(self.app, "ascii_cards", False)
        dark = self.app.current_theme.dark
        name = lambda s: printable(obs.seats[s].name)  # noqa: E731
        deal, attempt = obs.bid_attempts[-1]
        same_deal = [a for d, a in obs.bid_attempts if d == deal]
        title = "Bids revealed"
        if len(same_deal) > 1:
            title += f" (rebid {len(same_deal) - 1})"
        top = max(attempt.bids)
        table = Table(box=None, padding=(0, 2), show_header=False, pad_edge=False)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True, style="dim")
        numbers = not hasattr(top, "suit")  # Oh Hell: number bids, no top-bid trump
        if numbers:
            title = f"Bids, round {obs.round_number}: {obs.hand_size} card{'s' if obs.hand_size != 1 else ''} each"
        for seat, card in enumerate(attempt.bids):
            if numbers:
                dealer = "dealer" if seat == obs.dealer else ""
                table.add_row(Text(name(seat)), Text(str(card), style="bold"), Text(dealer))
                continue
            mark = Text("")
            if card == top:
                mark = Text("top bid" if attempt.outcome == STANDS else "top", style="bold")
            if attempt.bonus[seat]:
                mark = Text(f"top · +{attempt.bonus[seat]} point", style="bold")
            table.add_row(Text(name(seat)), card_text(card, ascii=ascii, dark=dark), mark)
        outcome = outcome_text(attempt, obs, name)
        if ascii:
            outcome = ascii_suits(outcome)
        # The bids scroll on a small screen (nine seats at 60x15): what they lead to stays in sight.
        body = [Static(Text(title), id="reveal-title"), VerticalScroll(Static(table, id="reveal-bids"),
                                                                       id="reveal-body"),
                Static(Text(outcome), id="reveal-outcome")]
        if attempt.outcome != STANDS and obs.phase is Phase.BID:
            line = Text("Everyone bids again, with a card they have not bid with yet this round.")
            if self.show_unbid:
                legal = [a.card for a in obs.legal_actions if isinstance(a, Bid)]
                line.append("\nYou may still bid: ")
                line.append_text(cards_text(legal, ascii=ascii, dark=dark))
            body.append(Static(line, id="reveal-next"))
        if obs.phase is Phase.DEAL:
            body.append(Static(Text("REDEAL", style="bold reverse"), id="reveal-redeal"))
        with Vertical(id="reveal-box"):
            yield from body
            yield Static(Text("Press Enter to continue.", style="dim"))
        yield KeysFooter()
