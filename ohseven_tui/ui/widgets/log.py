"""A short log of what happened at the table: the newest lines, wrapped to fit.

A plain widget rather than RichLog: it never changes size, so writing a line
repaints it without a layout pass (cheap during fast bot play)."""

from __future__ import annotations

from collections import deque

from rich.console import Group
from rich.text import Text
from textual.widget import Widget


class TableLog(Widget):
    DEFAULT_CSS = """
    TableLog { width: 1fr; height: 1fr; }
    """

    def __init__(self, *, id: str | None = None, max_lines: int = 60) -> None:
        super().__init__(id=id)
        self.lines: deque[Text] = deque(maxlen=max_lines)

    def write(self, line: Text) -> None:
        self.lines.append(line)
        self.refresh()

    def clear(self) -> None:
        self.lines.clear()
        self.refresh()

    def render(self):
        width = max(1, self.content_size.width)
        height = max(1, self.content_size.height)
        out: list[Text] = []
        for line in reversed(self.lines):
            wrapped = line.wrap(self.app.console, width)
            out[:0] = list(wrapped)
            if len(out) >= height:
                break
        return Group(*out[-height:])

    @property
    def plain(self) -> str:
        return "\n".join(t.plain for t in self.lines)
