"""Text from players and files, made safe to show: one headless module (no textual,
no rich) that the engine, storage, the CLI and the app all use.

A player name or a save file can hold anything: terminal escape sequences, other
control characters, a lone surrogate (which cannot be encoded), bidi controls that
reorder what follows them, or a megabyte of text. :func:`printable` shows each such
character as a visible escape (``\\x1b``, ``\\u202e``), so nothing raw reaches the
terminal and nothing is silently lost; :func:`one_line` also cuts to a length, for
error messages that quote input.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["printable", "one_line", "quoted", "clean_name", "clean_code", "drop_unsafe", "drop_sequences", "csv_cell", "escape_json_output", "is_unsafe", "LIMIT"]

LIMIT = 80  # characters of quoted input in one error line

# Bidi embedding, override and isolate controls, and the marks: they reorder or hide
# the text around them, so they are shown escaped too.
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def is_unsafe(ch: str) -> bool:
    """A control character (C0, DEL, C1), a lone surrogate, or a bidi control."""
    return unicodedata.category(ch) in ("Cc", "Cs") or ch in _BIDI


_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff" + "".join(sorted(_BIDI)) + "]")


def printable(text: object) -> str:
    """``text`` with every unsafe character (see :func:`is_unsafe`) shown as an escape,
    newlines and tabs included: the result is one line that any terminal and any
    encoder take as it is. Everything else (emoji, right-to-left letters, brackets)
    is kept."""
    return _UNSAFE.sub(lambda m: _escape(m.group()), str(text))


def clean_name(text: str) -> str:
    """A name a player types (or pastes) for a new game, with every unsafe character
    dropped (a line break or tab becomes a space) and the spaces tidied: a new name
    never needs escaping. Names already in saves are shown with :func:`printable`."""
    return " ".join(drop_unsafe(text).split())


# A control sequence as a terminal reads it (ECMA-48), 7-bit or C1: a CSI to its final
# byte; an OSC, DCS, SOS, PM or APC string to its BEL or ST (or the text's end); any
# other ESC with its intermediate and final bytes.
_SEQUENCE = re.compile(
    "(?:\x1b\\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?"
    "|(?:\x1b[\\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\\\|\x9c)?"
    "|\x1b[\x20-\x2f]*[\x30-\x7e]?")


def drop_sequences(text: str) -> str:
    """``text`` without its control sequences, each dropped whole (ESC and all)."""
    return _SEQUENCE.sub("", text)


def drop_unsafe(text: str) -> str:
    """``text`` without its control sequences (each dropped whole, so none leaves
    its letters behind: ``Es\\x1b[31mcx`` is ``Escx``) and its other unsafe
    characters; a line break or tab becomes a space."""
    text = drop_sequences(str(text))
    return "".join(" " if ch in "\t\n\r" else ch for ch in text if ch in "\t\n\r" or not is_unsafe(ch))


def clean_code(text: str) -> str:
    """A join code as typed or pasted: no spaces, tabs, line breaks or control characters."""
    return "".join(drop_unsafe(text).split())


def one_line(text: object, limit: int = LIMIT) -> str:
    """:func:`printable`, cut to about ``limit`` characters with an ellipsis and the
    original length, so one error line stays one short line."""
    shown = printable(text)
    if len(shown) <= limit:
        return shown
    return f"{shown[:limit]}… ({len(str(text))} characters)"


def quoted(text: object, limit: int = LIMIT) -> str:
    """``text`` in quotes for a message (``'...'``), made one short printable line."""
    return f"'{one_line(text, limit)}'"


_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet will not run: text that starts with ``= + - @`` (or a
    tab or carriage return) gets a leading ``'``, as the OWASP advice on CSV injection
    says. Numbers (``-3`` as an int, or text that is only a number) are left alone,
    so negative scores stay numbers. Text is made printable as well."""
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        value = "'" + value
    return printable(value)


def escape_json_output(text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with every unsafe
    character written as a ``\\uXXXX`` escape. Still valid JSON that loads to the
    same values: outside strings JSON has no such characters, and json.dumps already
    escaped the quote and backslash inside them. A lone surrogate becomes its escape,
    which json.loads reads back as the same lone surrogate. Newlines and tabs are
    left: raw, they can only be the indentation json.dumps wrote between values."""
    return _UNSAFE.sub(lambda m: m.group() if m.group() in "\n\t" else f"\\u{ord(m.group()):04x}", text)
