"""The number picker for Oh Hell bids (H4, U4): one box per number 0..n, a cursor,
and the hook's barred number struck through. Keys are bound on the screen; a click
on a number posts :class:`NumberPicker.Chosen`."""

from __future__ import annotations

from typing import Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

MAX_NUMBER = 13


class NumberBox(Static):
    DEFAULT_CSS = """
    NumberBox {
        width: 5;
        height: 3;
        border: round $foreground 60%;
        content-align: center middle;
        text-align: center;
        margin: 0 1 0 0;
    }
    NumberBox.-cursor { border: heavy $accent; text-style: bold; }
    NumberBox.-barred { opacity: 55%; border: round $error 60%; }
    NumberBox.-barred.-cursor { border: heavy $error; }
    """

    def __init__(self, number: int) -> None:
        super().__init__(str(number), id=f"bid-{number}")
        self.number = number

    def on_click(self, event) -> None:
        event.stop()
        self.post_message(NumberPicker.Chosen(self.number))


class NumberPicker(Widget):
    DEFAULT_CSS = """
    NumberPicker { height: 4; layout: vertical; padding: 0 1; }
    NumberPicker #numbers-title { height: 1; color: $text-muted; }
    NumberPicker #numbers-row { height: 3; layout: horizontal; }
    """

    class Chosen(Message):
        """A number was clicked."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, top: int, barred: Optional[int] = None, *, id: Optional[str] = None) -> None:
        super().__init__(id=id)
        self.top = min(top, MAX_NUMBER)
        self.barred = barred
        self.cursor = 0 if barred != 0 or top == 0 else 1

    def compose(self) -> ComposeResult:
        yield Static("", id="numbers-title")
        with Widget(id="numbers-row"):
            for k in range(self.top + 1):
                yield NumberBox(k)

    def on_mount(self) -> None:
        title = f"Your bid: 0 to {self.top} tricks"
        if self.barred is not None:
            title += f" · you may not bid {self.barred}"
        self.query_one("#numbers-title", Static).update(Text(title))
        self._paint()

    def move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % (self.top + 1)
        self._paint()

    def select(self, number: int) -> bool:
        if 0 <= number <= self.top:
            self.cursor = number
            self._paint()
            return True
        return False

    @property
    def current(self) -> int:
        return self.cursor

    def _paint(self) -> None:
        for box in self.query(NumberBox):
            barred = box.number == self.barred
            box.set_class(box.number == self.cursor, "-cursor")
            box.set_class(barred, "-barred")
            box.update(Text(str(box.number), style="strike" if barred else ""))
