"""Bidding (R8-R12): lay one card face down; its rank is the bid."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ....engine import Bid
from ...plain import plain, printable
from ...widgets.hand import HandView
from ..choose import ChooseScreen


class BidScreen(ChooseScreen):
    BINDINGS = [Binding("enter", "confirm", "Bid this card")]

    def setup(self) -> None:
        obs = self.obs
        me = printable(obs.seats[obs.seat].name)
        name = lambda s: printable(obs.seats[s].name)  # noqa: E731
        title = f" {me} · round {obs.round_number} · bidding"
        attempts = [a for d, a in obs.bid_attempts if d == obs.deal_number]
        if attempts:
            title += f" · rebid {len(attempts)}"
        if obs.deal_number > 1:
            title += f" · deal {obs.deal_number}"
        self.query_one("#choose-title", Static).update(plain(title))
        context = Text()
        if obs.received is not None and obs.passed is not None:
            context.append("You passed ")
            context.append_text(self.cards(obs.passed))
            context.append(f" to {name(obs.pass_to)} and received ")
            context.append_text(self.cards(obs.received))
            context.append(f" from {name(obs.pass_from)} (marked +).\n")
        if attempts:
            from .narration import outcome_text

            last = attempts[-1]
            context.append("Last bids: ")
            for seat, card in enumerate(last.bids):
                if seat:
                    context.append(", ")
                context.append(f"{name(seat)} ")
                context.append_text(self.cards([card]))
            context.append("\n" + self.plain(outcome_text(last, obs, name)) + "\n")
            legal = [a.card for a in obs.legal_actions if isinstance(a, Bid)]
            context.append("Bid again with a card you have not bid with this round: ")
            context.append_text(self.cards(legal))
        else:
            context.append(self.plain("Your bid card's rank is the number of tricks you aim to take. The highest "
                                      "card bid sets trump (ties: ♠ > ♥ > ♦ > ♣) and its bidder leads."))
        self.query_one("#context", Static).update(context)
        self.query_one("#prompt", Static).update(
            Text("Choose your bid card: Enter or a click. It stays face down until all bid."))
        legal = [a.card for a in obs.legal_actions if isinstance(a, Bid)]
        self.lay_hand(legal, title=f"{me}'s hand", active=True, new=obs.received or ())

    def action_confirm(self) -> None:
        card = self.query_one(HandView).current
        if card is not None and self._try(Bid(self.obs.seat, card)):
            self.dismiss(card)

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        self.query_one(HandView).select(message.index)
        self.action_confirm()
