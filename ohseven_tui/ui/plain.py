"""Text from players and files, for the screen: always a Rich ``Text`` (never parsed
as markup) with every control character shown escaped (see ``safetext``)."""

from __future__ import annotations

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


__all__ = ["plain", "plain_lines", "printable", "sentence"]
