"""A row of labelled choices with a cursor (a striker rank, a trump suit, a seat
to lead, hold or go). Keys are bound on the screen; a click on a choice posts
:class:`ChoicePicker.Chosen`. Labels are drawn as plain text."""

from __future__ import annotations

from typing import Optional, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from ..plain import printable


class ChoiceBox(Static):
    DEFAULT_CSS = """
    ChoiceBox {
        width: 100%;
        height: 3;
        border: round $foreground 60%;
        content-align: center middle;
        text-align: center;
        padding: 0 1;
        margin: 0 1 0 0;
    }
    ChoiceBox.-cursor { border: heavy $accent; text-style: bold; }
    """

    def __init__(self, index: int, label: str) -> None:
        super().__init__(Text(printable(label)), id=f"choice-{index}")
        self.index = index

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(ChoicePicker.Chosen(self.index))


class ChoicePicker(Widget):
    DEFAULT_CSS = """
    ChoicePicker { height: auto; layout: vertical; padding: 0 1; }
    ChoicePicker #choices-title { height: 1; color: $text-muted; }
    ChoicePicker #choices-row { height: auto; layout: grid; grid-size: 9; grid-gutter: 0; grid-rows: 3; height: auto; }
    ChoicePicker.-compact #choices-row { grid-rows: 1; grid-gutter: 0 0; }
    ChoicePicker.-compact ChoiceBox { height: 1; border: none; background: $boost; }
    ChoicePicker.-compact ChoiceBox.-cursor { background: $accent; color: $text; }
    """

    class Chosen(Message):
        """A choice was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, labels: Sequence[str], title: str = "", *, cursor: int = 0, id: Optional[str] = None) -> None:
        super().__init__(id=id)
        self.labels = tuple(labels)
        self.title = title
        self.cursor = cursor if 0 <= cursor < len(self.labels) else 0

    def compose(self) -> ComposeResult:
        yield Static(Text(printable(self.title)), id="choices-title")
        with Widget(id="choices-row"):
            for i, label in enumerate(self.labels):
                yield ChoiceBox(i, label)

    def on_mount(self) -> None:
        self._fit()
        self._paint()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        # As many columns as the widest label allows: one row for ranks or suits,
        # a grid of names for seven seats at 80 columns. A grid of more than one row
        # is drawn compact, a line a choice, not a box: boxes took the room of the
        # words above them (the captain's choice of leader at 80x24, the trump
        # suit at 60x15).
        widest = max((len(printable(label)) for label in self.labels), default=1) + 5
        width = self.size.width - 2 if self.size.width > 2 else 76
        columns = max(1, min(len(self.labels), width // widest))
        self.query_one("#choices-row").styles.grid_size_columns = columns
        self.set_class(len(self.labels) > columns, "-compact")

    def relabel(self, labels: Sequence[str]) -> None:
        """New words for the same choices (the suits drawn as letters, a setting)."""
        self.labels = tuple(labels)
        for box in self.query(ChoiceBox):
            box.update(Text(printable(self.labels[box.index])))

    def move(self, step: int) -> None:
        if self.labels:
            self.cursor = (self.cursor + step) % len(self.labels)
            self._paint()

    def select(self, index: int) -> bool:
        if 0 <= index < len(self.labels):
            self.cursor = index
            self._paint()
            return True
        return False

    @property
    def current(self) -> int:
        return self.cursor

    def _paint(self) -> None:
        for box in self.query(ChoiceBox):
            box.set_class(box.index == self.cursor, "-cursor")
