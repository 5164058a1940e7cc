"""A long table drawn line by line, in the look of Rich's default table (a heavy
head box), for lists of thousands of rows: Rich lays a whole table out before it
prints a line, about half a millisecond a row; this writes each row as it comes,
so a pipe gets every row at once and a pager shows its first page at once.

Cells are plain text (made printable by the caller). With a width, the widest
columns are narrowed to fit and their cells wrap onto more lines, as Rich folds
them; without one (a pipe), every row is one line.
"""

from __future__ import annotations

from typing import Iterable, Iterator, Optional, Sequence

from rich.cells import cell_len as _cell_len

__all__ = ["Column", "fit_widths", "table_lines"]


def cell_len(text: str) -> int:
    """Cells a text takes on a terminal (ASCII: one each, the common case, fast)."""
    return len(text) if text.isascii() else _cell_len(text)


class Column:
    def __init__(self, head: str, *, right: bool = False, wrap: bool = True) -> None:
        self.head = head
        self.right = right  # numbers: flush right
        self.wrap = wrap  # False: never narrowed (an id, a date)


def _pad(text: str, width: int, right: bool) -> str:
    gap = " " * max(0, width - cell_len(text))
    return gap + text if right else text + gap


def _wrap(text: str, width: int) -> list[str]:
    """Words onto lines of at most ``width`` cells; a longer word is cut (folded)."""
    if cell_len(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if cell_len(candidate) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = ""
        while cell_len(word) > width:  # fold a word longer than the column
            cut = 0
            while cut < len(word) and cell_len(word[:cut + 1]) <= width:
                cut += 1
            lines.append(word[:max(cut, 1)])
            word = word[max(cut, 1):]
        line = word
    lines.append(line)
    return lines


def fit_widths(columns: Sequence[Column], widths: list[int], room: Optional[int],
               words: Optional[Sequence[int]] = None) -> list[int]:
    """``widths`` (each column's widest cell) narrowed until the table fits ``room``
    cells, the widest wrapping column first: down to its longest word while that
    is enough (words wrap whole), then further (long words fold). Unchanged when
    there is no room limit."""
    widths = list(widths)
    if room is None:
        return widths
    frame = 3 * len(columns) + 1  # a border and a space each side of every cell
    longest = list(words) if words is not None else [0] * len(columns)
    for floor in ([max(4, cell_len(c.head), w) for c, w in zip(columns, longest)],
                  [max(4, cell_len(c.head)) for c in columns]):
        while sum(widths) + frame > room:
            flexible = [i for i, c in enumerate(columns) if c.wrap and widths[i] > floor[i]]
            if not flexible:
                break
            widest = max(flexible, key=lambda i: widths[i] - floor[i])
            widths[widest] -= 1
    return widths


def table_lines(columns: Sequence[Column], rows: Sequence[Sequence[str]], room: Optional[int] = None,
                bold: bool = False) -> Iterator[str]:
    """The table, a line at a time: the head box, then each row (wrapped within
    ``room`` cells when given), then the bottom border."""
    widths = [cell_len(c.head) for c in columns]
    words = [0] * len(columns)
    for row in rows:
        for i, cell in enumerate(row):
            n = cell_len(cell)
            if n > widths[i]:
                widths[i] = n
            if room is not None and n > words[i]:
                words[i] = max(words[i], *(cell_len(w) for w in cell.split(" ")))
    widths = fit_widths(columns, widths, room, words)
    on, off = ("\x1b[1m", "\x1b[0m") if bold else ("", "")
    yield "┏" + "┳".join("━" * (w + 2) for w in widths) + "┓"
    yield "┃" + "┃".join(f" {on}{_pad(c.head, w, c.right)}{off} " for c, w in zip(columns, widths)) + "┃"
    yield "┡" + "╇".join("━" * (w + 2) for w in widths) + "┩"
    for row in rows:
        yield from _row_lines(columns, row, widths)
    yield "└" + "┴".join("─" * (w + 2) for w in widths) + "┘"


def _row_lines(columns: Sequence[Column], row: Sequence[str], widths: Sequence[int]) -> Iterable[str]:
    lengths = [cell_len(cell) for cell in row]
    if all(n <= w for n, w in zip(lengths, widths)):  # one line: the common case, and every row into a pipe
        yield "│" + "│".join(f" {' ' * (w - n)}{cell} " if col.right else f" {cell}{' ' * (w - n)} "
                             for cell, n, w, col in zip(row, lengths, widths, columns)) + "│"
        return
    cells = [_wrap(cell, w) if n > w else [cell] for cell, n, w in zip(row, lengths, widths)]
    for k in range(max(len(c) for c in cells)):
        yield "│" + "│".join(f" {_pad(c[k] if k < len(c) else '', w, col.right)} "
                             for c, w, col in zip(cells, widths, columns)) + "│"
