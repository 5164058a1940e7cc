"""Choose one of a few named actions, with your own hand in view: a striker rank, a
trump suit, the seat that leads, hold or go. Any family's phase screen may open it
(``ui/screens/<family>/SCREENS``): the choices are (label, action) pairs the family
words, and the engine judges the one chosen (its reason is shown when it says no).
The hand is drawn in the game's own order and marks (``TableView``) when the game
declares a table."""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ..plain import plain, printable
from ..widgets.choices import ChoicePicker
from ..widgets.hand import HandView
from .choose import ChooseScreen

__all__ = ["PickScreen"]


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

    def compose_picker(self) -> ComposeResult:
        yield ChoicePicker([label for label, _ in self.choices], self.picker_title, cursor=self.start, id="picker")

    def setup(self) -> None:
        obs = self.obs
        me = printable(obs.seats[obs.seat].name)
        self.query_one("#choose-title", Static).update(plain(f" {me} · {self.title_text}"))
        self.query_one("#context", Static).update(Text(self.plain(printable(self.context_text))))
        self.query_one("#prompt", Static).update(Text(self.plain(printable(self.prompt_text))))
        hand, groups, marks = list(obs.hand), [len(obs.hand)], {}
        table = getattr(obs.spec, "table", None)
        if table is not None:
            picture = table(obs)
            if sorted(c for g in picture.hand_by_suit for c in g) == sorted(hand) and picture.hand_by_suit:
                hand = [c for g in picture.hand_by_suit for c in g]
                groups = [len(g) for g in picture.hand_by_suit]
            marks = dict(picture.hand_marks)
        self.query_one(HandView).set_hand(hand, hand, title=f"{me}'s hand", active=False, groups=groups,
                                          marks=marks)

    def action_move(self, step: int) -> None:
        self.query_one(ChoicePicker).move(step)

    def action_number(self, index: int) -> None:
        if not self.query_one(ChoicePicker).select(index):
            self.say(f"Choose 1 to {len(self.choices)}.", error=True)

    def action_confirm(self) -> None:
        action = self.choices[self.query_one(ChoicePicker).current][1]
        if self._try(action):
            self.dismiss(action)

    def on_choice_picker_chosen(self, message: ChoicePicker.Chosen) -> None:
        self.query_one(ChoicePicker).select(message.index)
        self.action_confirm()
