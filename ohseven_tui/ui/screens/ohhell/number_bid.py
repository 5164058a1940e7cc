"""Number bidding (classic and up-and-down): name how many tricks you will take.

Classic (H4): in turn from the dealer's left, the bids so far are public, and the
dealer may not make them add up to the hand size (the hook). Up-and-down (U4):
everyone at once, face down, as Oh-Seven's card bids.
"""

from __future__ import annotations

from typing import Any, Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ....games.ohhell import BidNumber, Observation
from ...narration import out_of
from ...plain import plain, printable
from ...widgets.numbers import NumberPicker
from ..choose import ChooseScreen
from .narration import trump_words


class NumberBidScreen(ChooseScreen):
    BINDINGS = [
        Binding("enter", "confirm", "Bid"),
        Binding("left", "move(-1)", "Select", key_display="←→/0-9"),
        Binding("right", "move(1)", "Select", show=False),
        Binding("0", "number(-1)", "Select", show=False),
    ]

    def __init__(self, obs: Observation, *, bids_so_far: Optional[dict] = None, **kwargs) -> None:
        super().__init__(obs, **kwargs)
        self.bids_so_far = dict(bids_so_far or {})

    def compose_picker(self) -> ComposeResult:
        yield NumberPicker(self.obs.hand_size, self.obs.hook, id="picker")

    def setup(self) -> None:
        obs = self.obs
        me = printable(obs.seats[obs.seat].name)
        name = lambda s: printable(obs.seats[s].name)  # noqa: E731
        size = obs.hand_size
        in_turn = obs.view.bids_in_turn
        self.query_one("#choose-title", Static).update(plain(
            f" {me} · round {out_of(obs.round_number, obs.view.rounds)} · {size} card{'s' if size != 1 else ''}"
            " · bidding"))
        words = trump_words(obs, self.ascii)
        context = Text(self.plain(f"{words[0].upper()}{words[1:]}. "))
        if in_turn:
            context.append(f"{name(obs.dealer)} deals; bidding goes round from {name((obs.dealer + 1) % obs.players)}.")
            if self.bids_so_far:
                made = ", ".join(f"{name(s)} {b}" for s, b in self.bids_so_far.items())
                total = sum(self.bids_so_far.values())
                context.append(f"\nBids so far: {made} (total {total} of {size}).")
            else:
                context.append("\nYou bid first.")
            if obs.hook is not None:
                context.append(f"\nYou deal, so the bids may not add up to {size}: you may not bid {obs.hook}.",
                               style="bold")
        else:
            context.append("Everyone bids at once, face down; the bids are shown together.")
        self.query_one("#context", Static).update(context)
        self.query_one("#prompt", Static).update(
            f"How many tricks will you take? 0-{size}: a number key or ←→, then Enter (or click a number).")
        self.lay_hand(obs.hand, title=f"{me}'s hand", active=False)

    def footer_key_display(self, binding: Binding) -> Optional[str]:
        return f"←→/0-{min(self.obs.hand_size, 9)}" if binding.action == "move(-1)" else None

    def follow_hint(self, action: Any) -> Optional[str]:
        """The hinted number selected: Enter bids it."""
        if isinstance(action, BidNumber):
            self.query_one(NumberPicker).select(action.number)
        return None

    def action_move(self, step: int) -> None:
        self.query_one(NumberPicker).move(step)

    def action_number(self, index: int) -> None:
        # The inherited keys 1-9 call number(0..8); "0" calls number(-1).
        number = index + 1
        if not self.query_one(NumberPicker).select(number):
            self.say(f"Bid from 0 to {self.obs.hand_size}.", error=True)

    def action_confirm(self) -> None:
        number = self.query_one(NumberPicker).current
        if self._try(BidNumber(self.obs.seat, number)):
            self.dismiss(number)

    def on_number_picker_chosen(self, message: NumberPicker.Chosen) -> None:
        self.query_one(NumberPicker).select(message.number)
        self.action_confirm()
