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
    """One line, or two where one would cut it; a repaint needs a layout pass only
    when that changes."""

    DEFAULT_CSS = """
    StatusLine { height: auto; max-height: 2; }
    """

    _rows = 1

    @property
    def rows(self) -> int:
        """The rows it takes now."""
        return self._rows

    def show(self, lines: Iterable[Line], *, ascii: bool = False, dark: bool = True) -> None:
        lines = list(lines)
        text = status_text(lines, ascii=ascii, dark=dark)
        width = self.content_size.width or max(1, self.app.size.width - 2)
        spares = [i for i, ln in enumerate(lines) if ln.spare]
        while text.cell_len > width and spares:  # the last spare stretch first, till one row does
            del lines[spares.pop()]
            shorter = status_text(lines, ascii=ascii, dark=dark)
            if shorter.cell_len <= width:
                text = shorter  # else the whole, as two rows of it would take anyway
        self._rows = fit_rows(self, text, self._rows)


def fit_rows(widget: Static, text: Text, rows: int) -> int:
    """Show ``text`` in ``widget`` (whose height follows its text); a layout pass
    only when its number of rows changes. Returns the rows it takes now."""
    width = widget.content_size.width or max(1, widget.app.size.width - 2)
    now = 1 if text.cell_len <= width else 2
    widget.update(text, layout=now != rows)
    return now
