"""A shared corpus of hostile names and strings (issue 10, section 3), and the checks
that output made from them is safe to put on a terminal.

NAMES fit a seat name (at most 14 characters, so the setup screen can take them);
STRINGS are longer or stranger texts for saves, file names and error messages.
Each entry says why it is there. ``survives`` is the text that must still be seen
as it is (None when the string is only there to be made harmless).
"""

from __future__ import annotations

import re
import unicodedata

# (name, what must still show) — each at most 14 characters.
NAMES: list[tuple[str, str | None]] = [
    ("[/]", "[/]"),  # closes a markup tag that was never opened: MarkupError
    ("x[/b]", "x[/b]"),
    ("Ann [ace]", "Ann [ace]"),  # looks like a tag; must keep its text
    ("[b]Bold[/b]", "[b]Bold[/b]"),
    ("[@click=quit]", "[@click=quit]"),  # a Textual action link
    ("\x1b[2JAnn", "Ann"),  # ANSI: clear screen
    ("\x1b]0;PWN\x07", "PWN"),  # OSC: set the terminal title
    ("Bea\x07\x08\x7f", "Bea"),  # bell, backspace, DEL
    ("Cid\x9b31m", "Cid"),  # C1 CSI
    ("Dot\r\nEli", "Dot"),  # a newline in a name
    ("\ud800Fay", "Fay"),  # a lone surrogate
    ("\u202eGus", "Gus"),  # right-to-left override
    ("שלום", "שלום"),  # right-to-left letters
    ("🂡🎴😀👨‍👩‍👧", "🂡🎴😀"),  # wide emoji and a ZWJ sequence
    ("=cmd|' /C c'!A", "cmd"),  # a spreadsheet formula
    ("@SUM(1+1)", "SUM(1+1)"),
    ("-3", "-3"),
    ("ABCDEFGHIJKLMN", "ABCDEFGHIJKLMN"),  # exactly 14 characters, the limit
]

# Longer strings: full escape sequences, a formula, a name past the limit, a huge one.
STRINGS: list[str] = [
    "\x1b[2J\x1b]0;PWNED\x07Ann",
    "=cmd|' /C calc'!A0",
    "+1+1",
    "Zoë\u2066isolate\u2069",
    "a name much longer than fourteen characters",
    "x" * 5000,
    "\x00nul",
    "[red]red[/red] [link=http://x]l[/link]",
]

ALL = [n for n, _ in NAMES] + STRINGS

_ESC_FREE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # what may never be written raw (\t and \n may)


def raw_controls(text: str) -> list[str]:
    """The raw control characters (other than newline and tab), lone surrogates and
    bidi controls in ``text``: the output must have none."""
    bidi = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    return [c for c in text if _ESC_FREE.match(c) or unicodedata.category(c) == "Cs" or c in bidi]


def assert_terminal_safe(text: str | bytes) -> None:
    """No ESC, no other raw control byte, no lone surrogate, no bidi control."""
    if isinstance(text, bytes):
        assert b"\x1b" not in text, "an ESC byte reached the output"
        text = text.decode("utf-8")  # also fails on a lone surrogate's bytes
    assert "\x1b" not in text, "an ESC byte reached the output"
    found = raw_controls(text)
    assert not found, f"raw control characters in the output: {found!r}"


def hostile_tables() -> list[list[str]]:
    """The whole corpus cut into tables of 2 to 9 names (one game each)."""
    names = list(dict.fromkeys(ALL))
    tables = [names[i:i + 9] for i in range(0, len(names), 9)]
    if len(tables[-1]) < 2:
        tables[-1].append("Pad")
    return tables


def write_hostile_saves(directory, file_names=None) -> list:
    """One finished game per table of :func:`hostile_tables`, written as a hostile
    file would be: ASCII JSON, so the lone surrogate is the escape ``\\ud800``.
    ``file_names`` (stems) default to ``hostile-K``. Returns the paths."""
    import json
    from pathlib import Path

    from helpers import play_first_legal

    from ohseven_tui.games.ohhell import Game, Seat, make_rules
    from ohseven_tui.storage import save_data

    paths = []
    for k, names in enumerate(hostile_tables()):
        # Human seats: the players summary lists humans by name (bots by strength).
        game = Game(make_rules("oh-seven", len(names)), seed=k, seats=[Seat(n, "human") for n in names])
        play_first_legal(game)
        data = save_data(game, date=f"2026-01-0{k + 1}T10:00:00Z")
        stem = file_names[k] if file_names and k < len(file_names) else f"hostile-{k}"
        path = Path(directory) / f"{stem}.json"
        path.write_text(json.dumps(data), encoding="ascii")
        paths.append(path)
    return paths
