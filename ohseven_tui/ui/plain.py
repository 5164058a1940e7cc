"""Text from players and files, for the screen: always a Rich ``Text`` (never parsed
as markup) with every control character shown escaped (see ``safetext``)."""

from __future__ import annotations

import os
import re
from typing import Iterator

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.text import Text

from ..safetext import printable


def plain(text: object, style: str = "") -> Text:
    """One line of plain, printable text (a name, a file name, a message quoting them)."""
    return Text(printable(text), style=style)


def plain_lines(text: object, style: str = "") -> Text:
    """Like :func:`plain`, keeping the message's own line breaks."""
    return Text("\n".join(printable(line) for line in str(text).split("\n")), style=style)


def sentence(text: str) -> str:
    """An engine reason ("you must follow ♣") as a sentence on screen."""
    return text[:1].upper() + text[1:]


def path_rows(lead: str, path: object, width: int) -> list[str]:
    """``lead`` and ``path`` (printable) in rows of ``width`` cells, broken only after a
    folder's separator, so that each row reads as whole names; a name longer than a
    row is cut in its middle with "…". The lead goes on a row of its own where the
    path's first name does not fit beside it."""
    seps = re.escape(os.sep + (os.altsep or ""))
    names = re.findall(rf"[^{seps}]*[{seps}]|[^{seps}]+$", printable(path))
    width = max(width, 3)
    rows = [lead]
    for name in names:
        if cell_len(name) > width:
            name = _cut_middle(name, width)
        gap = " " if rows == [lead] and lead else ""
        if cell_len(rows[-1] + gap + name) <= width:
            rows[-1] += gap + name
        else:
            rows.append(name)
    return [row for row in rows if row]


def _cut_middle(name: str, width: int) -> str:
    """``name`` in ``width`` cells: its start, "…", its end (a separator it ends with kept)."""
    sep = name[-1] if name[-1:] in (os.sep, os.altsep or os.sep) else ""
    body = name[:len(name) - len(sep)]
    keep = max(width - cell_len(sep) - 1, 0)
    head, tail = (keep + 1) // 2, keep // 2
    while True:
        cut = body[:head] + "…" + (body[len(body) - tail:] if tail else "") + sep
        if cell_len(cut) <= width or head + tail == 0:
            return cut
        if head > tail:
            head -= 1
        else:
            tail -= 1


class PathText:
    """A Rich renderable: :func:`path_rows` at the width it is drawn in (a widget's
    height follows it, so a resize breaks the path anew)."""

    def __init__(self, lead: str, path: object, style: str = "") -> None:
        self.lead = lead
        self.path = path
        self.style = style

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield Text("\n".join(path_rows(self.lead, self.path, options.max_width)), style=self.style)


__all__ = ["plain", "plain_lines", "printable", "sentence", "path_rows", "PathText"]
