"""Choose one of a few named actions, with your own hand in view: a striker rank, a
trump suit, the seat that leads, hold or go. Any family's phase screen may open it
(``ui/screens/<family>/SCREENS``): the choices are (label, action) pairs the family
words, and the engine judges the one chosen (its reason is shown when it says no).
The hand is drawn in the game's own order and marks (``TableView``) when the game
declares a table."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ..hints import hinted_cards
from ..plain import plain, printable
from ..widgets.choices import ChoicePicker
from ..widgets.hand import HandView
from .choose import ChooseScreen, hand_in_order

__all__ = ["PickScreen", "PickCardsScreen", "hand_in_order"]


class PickScreen(ChooseScreen):
    BINDINGS = [
        Binding("enter", "confirm", "Choose"),
        Binding("left", "move(-1)", "Select", key_display="←→/1-9"),
        Binding("right", "move(1)", "Select", show=False),
    ]

    def __init__(self, obs: Any, *, title: str, choices: Sequence[tuple[str, Any]], context: str = "",
                 prompt: str = "", picker_title: str = "", cursor: int = 0, **kwargs: Any) -> None:
        super().__init__(obs, **kwargs)
        if not choices:
            raise ValueError("a pick needs at least one choice")
        self.title_text = title
        self.choices = tuple(choices)
        self.context_text = context
        self.prompt_text = prompt or "←→ or a number key, then Enter (or click one)."
        self.picker_title = picker_title
        self.start = cursor

    def choice_count(self) -> Optional[int]:
        return len(self.choices)

    def compose_picker(self) -> ComposeResult:
        yield ChoicePicker(self._labels(), self.picker_title, cursor=self.start, id="picker")

    def _labels(self) -> list[str]:
        """The family's words for the choices, suits as letters where the settings say (♥ Hearts: H Hearts)."""
        return [self.plain(label) for label, _ in self.choices]

    def refresh_look(self) -> None:
        super().refresh_look()
        if self.is_mounted:
            self.query_one(ChoicePicker).relabel(self._labels())

    def setup(self) -> None:
        obs = self.obs
        me = printable(obs.seats[obs.seat].name)
        self.query_one("#choose-title", Static).update(plain(f" {me} · {self.title_text}"))
        self.query_one("#context", Static).update(Text(self.plain(printable(self.context_text))))
        self.query_one("#prompt", Static).update(Text(self.plain(printable(self.prompt_text))))
        self.lay_hand(obs.hand, title=f"{me}'s hand", active=False)

    def action_move(self, step: int) -> None:
        self.query_one(ChoicePicker).move(step)

    def action_number(self, index: int) -> None:
        if not self.query_one(ChoicePicker).select(index):
            self.say(f"Choose 1 to {len(self.choices)}.", error=True)

    def action_confirm(self) -> None:
        action = self.choices[self.query_one(ChoicePicker).current][1]
        if self._try(action):
            self.dismiss(action)

    def follow_hint(self, action: Any) -> Optional[str]:
        """The hinted choice under the picker's cursor."""
        index = next((i for i, (_, choice) in enumerate(self.choices) if choice == action), None)
        if index is not None:
            self.query_one(ChoicePicker).select(index)
        return None

    def on_choice_picker_chosen(self, message: ChoicePicker.Chosen) -> None:
        self.query_one(ChoicePicker).select(message.index)
        self.action_confirm()


class PickCardsScreen(ChooseScreen):
    """Choose exactly ``count`` cards of your own hand (a discard): ``make(cards)``
    is the family's action for them, judged by the engine. ``new`` cards (just
    drawn) are marked on the hand."""

    BINDINGS = [
        Binding("space", "pick", "Pick/unpick"),  # not "toggle": DOMNode.action_toggle(attribute) is Textual's
        Binding("enter", "confirm", "Confirm"),
    ]

    def __init__(self, obs: Any, *, title: str, count: int, make: Any, context: str = "", prompt: str = "",
                 new: Sequence[Any] = (), verb: str = "discard", **kwargs: Any) -> None:
        super().__init__(obs, **kwargs)
        self.title_text = title
        self.count = count
        self.make = make
        self.context_text = context
        self.prompt_text = prompt
        self.new = tuple(new)
        self.verb = verb

    def setup(self) -> None:
        obs = self.obs
        me = printable(obs.seats[obs.seat].name)
        self.query_one("#choose-title", Static).update(plain(f" {me} · {self.title_text}"))
        self.query_one("#context", Static).update(Text(self.plain(printable(self.context_text))))
        word = "card" if self.count == 1 else "cards"
        self.query_one("#prompt", Static).update(Text(self.plain(printable(
            self.prompt_text or f"Choose {self.count} {word} to {self.verb}."))))
        self.say("Pick with Space or a number key (or click a card), then press Enter.")
        self.lay_hand(obs.hand, title=f"{me}'s hand", active=True, new=self.new)

    def _count_text(self) -> str:
        hand = self.query_one(HandView)
        need, picked = self.count, len(hand.picked)
        if picked == need:
            them = "it" if need == 1 else "them"
            return f"{self.plain(str(self.cards(hand.picked_cards)))} chosen: press Enter to {self.verb} {them}."
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
        action = self.make(self.query_one(HandView).picked_cards)
        if self._try(action):
            self.dismiss(action)

    def follow_hint(self, action: Any) -> Optional[str]:
        """The hinted cards are the ones picked (and marked): Enter passes or discards them."""
        cards = hinted_cards(action)
        if cards:
            self.query_one(HandView).show_hint(cards, pick=True)
        return None
