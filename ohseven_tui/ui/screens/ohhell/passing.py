"""Card passing (R6, R7): choose exactly the right number of cards, face down."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ....engine import Pass
from ...plain import plain, printable
from ...widgets.hand import HandView
from ..choose import ChooseScreen


class PassScreen(ChooseScreen):
    BINDINGS = [
        Binding("space", "pick", "Pick/unpick"),  # not "toggle": DOMNode.action_toggle(attribute) is Textual's
        Binding("enter", "confirm", "Pass"),
    ]

    def setup(self) -> None:
        obs = self.obs
        me = printable(obs.seats[obs.seat].name)
        count = obs.pass_count
        word = "card" if count == 1 else "cards"
        side = "left" if obs.pass_direction > 0 else "right"
        to = printable(obs.seats[obs.pass_to].name)
        self.query_one("#choose-title", Static).update(plain(f" {me} · round {obs.round_number} · card passing"))
        self.query_one("#context", Static).update(Text(
            f"Every player passes {count} {word} face down at the same time; you see what you get "
            "once everyone has chosen."))
        self.query_one("#prompt", Static).update(plain(f"Pass {count} {word} to the {side}, to {to}."))
        self.say("Pick with Space or a number key (or click a card), then press Enter.")
        self.query_one(HandView).set_hand(obs.hand, obs.hand, title=f"{me}'s hand", active=True)

    def _count_text(self) -> str:
        hand = self.query_one(HandView)
        need = self.obs.pass_count
        picked = len(hand.picked)
        if picked == need:
            them = "it" if need == 1 else "them"
            return f"{self.plain(str(self.cards(hand.picked_cards)))} chosen: press Enter to pass {them}."
        more = need - picked
        if more > 0:
            return f"{picked} of {need} chosen: pick {more} more."
        return f"{picked} chosen: that is {-more} too many; unpick {-more}."

    def action_pick(self) -> None:
        self.query_one(HandView).toggle()
        self.say(self._count_text())

    def action_number(self, index: int) -> None:
        hand = self.query_one(HandView)
        if hand.select(index):
            hand.toggle(index)
            self.say(self._count_text())

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        hand = self.query_one(HandView)
        hand.select(message.index)
        hand.toggle(message.index)
        self.say(self._count_text())

    def action_confirm(self) -> None:
        cards = self.query_one(HandView).picked_cards
        if self._try(Pass(self.obs.seat, cards)):
            self.dismiss(cards)
