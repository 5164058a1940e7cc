"""The table's status line: the round, the phase, the trump and whose turn,
drawn from the family's status lines (``ui.narration.Line``)."""

from __future__ import annotations

from typing import Iterable

from rich.text import Text
from textual.widgets import Static

from ..cards import line_text
from ..narration import Line


def status_text(lines: Iterable[Line], *, ascii: bool = False, dark: bool = True) -> Text:
    out = Text()
    for ln in lines:
        out.append_text(line_text(ln, ascii=ascii, dark=dark))
    return out


class StatusLine(Static):
    """One line; a repaint never needs a layout pass (its size is fixed)."""

    DEFAULT_CSS = """
    StatusLine { height: 1; }
    """

    def show(self, lines: Iterable[Line], *, ascii: bool = False, dark: bool = True) -> None:
        self.update(status_text(lines, ascii=ascii, dark=dark), layout=False)
