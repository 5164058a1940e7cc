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
    _shown: tuple[list[Line], bool, bool] | None = None  # the last lines, to fit again on a resize

    @property
    def rows(self) -> int:
        """The rows it takes now."""
        return self._rows

    def show(self, lines: Iterable[Line], *, ascii: bool = False, dark: bool = True) -> None:
        lines = list(lines)
        self._shown = (lines, ascii, dark)
        width = self.content_size.width or max(1, self.app.size.width - 2)
        text = one_row(lines, width, ascii=ascii, dark=dark)
        self._rows = fit_rows(self, text, self._rows)

    def on_resize(self) -> None:
        # What was left out to fit a narrow screen comes back on a wide one (and the
        # other way): the table shows the line again only when its seats change.
        if self._shown is not None:
            lines, ascii, dark = self._shown
            self.show(lines, ascii=ascii, dark=dark)


def one_row(lines: list[Line], width: int, *, ascii: bool = False, dark: bool = True) -> Text:
    """The status line in ``width`` cells where leaving out spare stretches does it:
    the highest ``spare`` first (those of one number together), then any left out
    that fits again is put back. Else the whole, as two rows of it would take anyway."""
    whole = status_text(lines, ascii=ascii, dark=dark)
    if whole.cell_len <= width:
        return whole

    def without(numbers: set[int]) -> Text:
        return status_text([ln for ln in lines if ln.spare not in numbers], ascii=ascii, dark=dark)

    numbers = sorted({ln.spare for ln in lines if ln.spare}, reverse=True)
    left_out: list[int] = []
    for number in numbers:
        left_out.append(number)
        if without(set(left_out)).cell_len <= width:
            break
    else:
        return whole
    for number in reversed(left_out[:-1]):  # the more telling of those left out first
        if without(set(left_out) - {number}).cell_len <= width:
            left_out.remove(number)
    return without(set(left_out))


def fit_rows(widget: Static, text: Text, rows: int) -> int:
    """Show ``text`` in ``widget`` (whose height follows its text); a layout pass
    only when its number of rows changes. Returns the rows it takes now."""
    width = widget.content_size.width or max(1, widget.app.size.width - 2)
    now = 1 if text.cell_len <= width else 2
    widget.update(text, layout=now != rows)
    return now
