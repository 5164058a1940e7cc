"""What the table tells, as data: lines of words and cards, no Textual or Rich.

A family's narrator (``ui/screens/<family>/narration.py``) turns one applied
action, with the observations before and after it, into a :class:`Told`; the
table draws it (cards in their suit colours) into its log. Being plain data, a
narration is tested without an app (tests/test_ui_narration.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Union

from ..engine.cards import Card, Suit

__all__ = ["Part", "Line", "Told", "Summary", "line", "out_of", "plural", "joined"]

Part = Union[str, Card, Suit]  # words, a card, or a suit symbol (drawn in its colour)


@dataclass(frozen=True)
class Line:
    """One line of the table's log (or one stretch of its status line)."""

    parts: tuple[Part, ...]
    style: str = ""  # "bold", "dim", "bold reverse" or ""
    # A stretch of the status line it may leave out where the whole would take two
    # rows and one would do without it (what another part of the screen also shows):
    # 0 keeps it; the highest number goes first, the stretches of one number together.
    spare: int = 0

    def text(self, ascii: bool = False) -> str:
        """The line as plain words (cards as ``7♠``, or ``7S`` with ``ascii``)."""
        out = []
        for part in self.parts:
            if isinstance(part, Card):
                out.append(part.pretty(ascii))
            elif isinstance(part, Suit):
                out.append(part.letter if ascii else part.symbol)
            else:
                out.append(part)
        return "".join(out)


def line(*parts: Part, style: str = "", spare: int = 0) -> Line:
    return Line(tuple(parts), style, spare)


@dataclass(frozen=True)
class Told:
    """What one action adds to the log: ``clear`` starts it afresh (a new deal)."""

    lines: tuple[Line, ...] = ()
    clear: bool = False

    def texts(self, ascii: bool = False) -> list[str]:
        return [ln.text(ascii) for ln in self.lines]


NOTHING = Told()


@dataclass(frozen=True)
class Summary:
    """A finished round in the family's own words, for the round summary screen:
    a table of one row a seat (cells in the family's columns) and lines under it.
    ``tones`` says, per row, how that seat's round went: "good" (made its bid, its
    side made its contract), "bad" (missed) or "" (neither)."""

    title: str
    columns: tuple[str, ...]  # the table's headers ("" for none)
    rows: tuple[tuple[Line, ...], ...]  # one per seat, in seat order
    tones: tuple[str, ...] = ()
    notes: tuple[Line, ...] = ()  # under the table (trump, contract, ...)

    def texts(self, ascii: bool = False) -> list[str]:
        """Each row as plain words, cells joined by two spaces (for tests and logs)."""
        return ["  ".join(text for text in (cell.text(ascii) for cell in row) if text) for row in self.rows]


def out_of(number: int, total: Optional[int], sep: str = "/") -> str:
    """'3/7', or '3' when the game has no fixed number of rounds."""
    return f"{number}{sep}{total}" if total else str(number)


def plural(count: int, word: str, words: Optional[str] = None) -> str:
    """'1 card', '3 cards', '1,200 games'."""
    return f"{count:,} {word if count == 1 else (words or word + 's')}"


def joined(items: Iterable[tuple[Part, ...]], sep: str = ", ") -> tuple[Part, ...]:
    """Parts of several items, with ``sep`` between them."""
    out: list[Part] = []
    for i, item in enumerate(items):
        if i:
            out.append(sep)
        out.extend(item)
    return tuple(out)
