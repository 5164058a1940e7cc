"""Issue 35, "What to build", second bullet: every text field a save file can hold
(seat names, the bot a seat names, the date, the file name, option names and
values, the game's name, its id, its actions and stacked deals, the summary's
own strings, the app's state) filled with hostile text by hypothesis, through
``scores list``, ``show``, ``players``, ``export`` (csv, json, md, and ``--all``)
and the app's Saved games list: no raw control character (C0, DEL, C1), lone
surrogate or bidi control ever reaches stdout, stderr or the screen.

A field the loader refuses makes the file one warning line: that line is checked
the same way. The check reads the output's characters directly (``RAW`` below),
never the code under test; JSON may carry the characters as ``\\u001b`` escapes.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import io
import json
import os
import re
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from index_saves import GAMES, played, players_of  # noqa: E402

from ohseven_tui.cli import main  # noqa: E402
from ohseven_tui.engine import record as records  # noqa: E402
from ohseven_tui.engine.errors import RecordError  # noqa: E402
from ohseven_tui.storage import save_data  # noqa: E402

# ---------------------------------------------------------------------------- what may never be written raw
BIDI = {chr(c) for c in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))}


def raw(text: str, allowed: str = "\n") -> list[str]:
    """Every character of ``text`` that must not reach a terminal as it is: C0
    controls (but ``allowed``), DEL, C1 controls, lone surrogates, bidi controls."""
    return [c for c in text if c not in allowed and (
        ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF or c in BIDI)]


ESCAPE = re.compile(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4}|[ntr])")  # what a character shown escaped looks like


def assert_clean(what: str, text: str) -> None:
    found = raw(text)
    assert not found, f"{what}: raw {sorted(set(found))!r} in {text[:2000]!r}"


# ---------------------------------------------------------------------------- hostile text
SEQUENCES = ["\x1b[2J", "\x1b[H", "\x1b]0;t\x07", "\x1b]8;;http://x\x1b\\l\x1b]8;;\x1b\\", "\x9b31m", "\x9d0;t\x9c",
             "\x1bP+q\x1b\\", "\x7f", "\x00", "\r", "\t", "\n", "\x08", "\u202e", "\u202d", "\u2066", "\u2067",
             "\u2068", "\u2069", "\u200e", "\u200f", "\u061c", "\udcff", "\udc80", "\ud800", "[b]", "[/]", "=cmd"]
HOSTILE = st.one_of(
    st.sampled_from(SEQUENCES),
    st.characters(min_codepoint=0, max_codepoint=0x9F, categories=["Cc"]),
    st.sampled_from(sorted(BIDI)),
    st.characters(min_codepoint=0xDC80, max_codepoint=0xDCFF, categories=["Cs"]),
)
PLAIN = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x2FF, exclude_categories=["Cc", "Cs"]), max_size=6)


@st.composite
def hostile_text(draw) -> str:
    """At least one hostile piece among ordinary letters; sometimes very long."""
    pieces = draw(st.lists(st.tuples(PLAIN, HOSTILE), min_size=1, max_size=4))
    text = "".join(a + b for a, b in pieces) + draw(PLAIN)
    if draw(st.integers(0, 9)) == 0:
        text = text * draw(st.sampled_from([300, 3000]))
    return text


# ---------------------------------------------------------------------------- save files holding it
def _bases() -> list[dict]:
    """A finished and an unfinished save of each game, a person in seat 0."""
    out = []
    for k, name in enumerate(GAMES):
        seats = [("Ann", "human")] + [(f"Bot {i}", "easy") for i in range(1, players_of(name))]
        for upto in (None, 1):
            game = played(name, seats, seed=7 + k, upto=upto)
            out.append(save_data(game, date=f"2026-03-0{1 + k}T10:00:00Z"))
    return out


BASES = _bases()


def _replayed(data: dict, record: dict) -> dict:
    """A save of ``record`` (changed seats) with a summary and log that agree."""
    game = records.from_record(record, check_log=False)
    return save_data(game, date=data["date"])


def _seat(data: dict, text: str, key: str, seat: int = 0) -> dict:
    record = copy.deepcopy(data["record"])
    record["seats"][seat][key] = text
    try:
        return _replayed(data, record)
    except RecordError:  # a seat the engine refuses: the file holds it all the same
        return {**data, "record": record}


def _record(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data["record"])
    return data


def _first_option(record: dict) -> str:
    return next((k for k in record["options"] if k != "players"), "players")


# Each field: how a save holds the text there (a new dict from the base's). The loader
# takes the first group as they are; it refuses the second (then: a warning line).
FIELDS = {
    "name": lambda d, t: _seat(d, t, "name"),
    "name-bot": lambda d, t: _seat(d, t, "name", seat=1),
    "date": lambda d, t: {**d, "date": t},
    "rules_text": lambda d, t: {**d, "summary": {**d["summary"], "rules_text": t}},
    "app": lambda d, t: {**d, "app": {"note": t, t[:50]: [t]}},
    "extra": lambda d, t: {**d, "note": t, "summary": {**d["summary"], "note": t}},
    "bot": lambda d, t: _seat(d, t, "player", seat=1),  # a bot this ohseven lacks: listed by its name
    # refused
    "option-value": lambda d, t: _record(d, lambda r: r["options"].__setitem__(_first_option(r), t)),
    "option-name": lambda d, t: _record(d, lambda r: r["options"].__setitem__(t, True)),
    "game": lambda d, t: _record(d, lambda r: r.__setitem__("game", t)),
    "action": lambda d, t: _record(d, lambda r: r["actions"].__setitem__(len(r["actions"]) // 2, t)),
    "stacked": lambda d, t: _record(d, lambda r: r.__setitem__("stacked_deals", [t])),
    "record-format": lambda d, t: _record(d, lambda r: r.__setitem__("format", t)),
    "game_id": lambda d, t: {**d, "game_id": t},
    "format": lambda d, t: {**d, "format": t},
    "summary-player": lambda d, t: {**d, "summary": {**d["summary"], "players": [t, *d["summary"]["players"][1:]]}},
    "summary-game": lambda d, t: {**d, "summary": {**d["summary"], "game": t}},
}


def file_stem(text: str) -> str:
    """``text`` as a file name can hold it: no '/' or NUL, a leading '.' (hidden)
    made visible, lone surrogates only where they stand for bytes (\\udc80-\\udcff,
    as Python reads a name that is not UTF-8), at most 200 bytes."""
    text = text.replace("/", "|").replace("\x00", "0")
    text = "".join(c for c in text if not 0xD800 <= ord(c) <= 0xDC7F)
    if not text or text.startswith("."):
        text = "x" + text
    text = text[:200]
    while len(os.fsencode(text)) > 200:
        text = text[:-1]
    return text


def write_folder(folder: Path, base: dict, texts: dict[str, str]) -> dict[str, Path]:
    """One save per field, the field's text in it; the file-name field is a good
    save named with its text. Written as a hostile file would be (ASCII JSON, so a
    lone surrogate is its escape). Returns the paths by field."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for field, text in texts.items():
        if field == "file":
            data, path = base, folder / os.fsdecode(os.fsencode(file_stem(text) + ".json"))
        else:
            data, path = FIELDS[field](base, text), folder / f"{field}.json"
        if field != "game_id":  # each its own game, so none is counted as another's copy and left out
            data = {**data, "game_id": "t-" + field.replace("_", "-")}
        path.write_text(json.dumps(data), encoding="ascii")
        paths[field] = path
    return paths


TEXTS = st.fixed_dictionaries({"file": hostile_text(), **{f: hostile_text() for f in FIELDS}})


# ---------------------------------------------------------------------------- the commands
def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def check_commands(folder: Path, paths: dict[str, Path], texts: dict[str, str], shown: str) -> None:
    where = ("--save-dir", str(folder))
    path = paths[shown]
    ident = path.stem if shown != "file" else str(path)  # a path for a name `show` may not take as an id
    commands = [
        ("scores", "list", "--no-pager", *where),
        ("scores", "players", "--no-pager", *where),
        ("scores", "export", "--all", "--format", "csv", *where),
        ("scores", "export", "--all", "--format", "json", *where),
        ("scores", "show", ident, "--no-pager", *where),
        *(("scores", "export", ident, "--format", f, *where) for f in ("csv", "json", "md")),
    ]
    for argv in commands:
        code, out, err = run(*argv)
        if argv[1] == "list" and raw(texts["name"]):  # the names were shown, escaped (not left out)
            assert ESCAPE.search(out), out[:2000]
        what = " ".join(argv[:3] if argv[2] != "--all" else argv[:5])
        assert code in (0, 2), (what, code, err)
        assert_clean(f"{what} stdout", out)
        assert_clean(f"{what} stderr", err)
        if code == 2:  # a refused file: one warning line
            assert out == "" and err.count("\n") == 1, (what, err)
        if "json" in argv and code == 0:
            json.loads(out)  # still JSON: the characters are escaped, not cut


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(base=st.integers(0, len(BASES) - 1), texts=TEXTS, shown=st.sampled_from(["file", *FIELDS]))
@example(base=0, texts={f: "\x1b[2J\x1b[H\x1b]0;pwned\x07\u202e\x9b31m\x7f\udcff" for f in ["file", *FIELDS]},
         shown="file")
def test_every_text_field_reaches_the_cli_escaped(tmp_path_factory, base, texts, shown):
    folder = tmp_path_factory.mktemp("saves")
    paths = write_folder(folder, BASES[base], texts)
    check_commands(folder, paths, texts, shown)


@pytest.mark.parametrize("field", ["date", "bot"])
def test_a_lone_surrogate_in_a_date_or_a_bot_is_listed_escaped(tmp_path, field):
    """What the property test found first: a lone surrogate (``\\udcff``, as a file
    holds it in ASCII JSON) in a save's date or in the bot its seat names stopped
    the index with a UnicodeEncodeError (sqlite cannot hold one): a traceback from
    ``list``, ``players`` and ``export --all``, and no list in the app."""
    paths = write_folder(tmp_path, BASES[0], {field: "\udcff\x1b[2J2026-03-01"})
    for command in ("list", "players"):
        code, out, err = run("scores", command, "--no-pager", "--save-dir", str(tmp_path))
        assert code == 0 and err == "", err
        assert_clean(command, out)
        if command == ("list" if field == "date" else "players"):  # where it is shown: as escapes
            assert "\\udcff\\x1b[2J" in out, out
    code, out, _ = run("scores", "export", "--all", "--format", "json", "--save-dir", str(tmp_path))
    assert code == 0 and not raw(out)
    game = json.loads(out)[0]
    saved = game["date"] if field == "date" else game["seats"][1]["bot"]
    assert saved.endswith("\x1b[2J2026-03-01")  # the rest of the text kept
    assert paths[field].stem == field


# ---------------------------------------------------------------------------- the app's list
async def _app_list(folder: Path, size: tuple[int, int]) -> str:
    from test_ui_driver import delivered, refreshed, until
    from test_ui_saves import open_saved_games
    from textual.widgets import DataTable

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.snapshot import screen_text

    app = OhSevenApp(save_dir=folder)
    async with app.run_test(size=size) as pilot:
        await open_saved_games(pilot)  # the files read: their rows are in the list
        listing = app.screen
        table = listing.query_one(DataTable)
        await until(pilot, lambda: not (table._require_update_dimensions or table._new_rows), "the columns sized")
        await refreshed(pilot, [table], "the list drawn")
        text = screen_text(app)
        assert type(app.screen).__name__ == "SavedGamesScreen"
        assert table.row_count >= 1  # the loadable files are listed
        await pilot.press("w")  # the unreadable files, with why
        if listing.warnings:
            await until(pilot, lambda: app.screen is not listing and app.screen.is_mounted, "the unreadable files")
        else:  # none: w does nothing
            await delivered(pilot, "w")
        await refreshed(pilot, [app.screen], "the screen drawn")
        return text + "\n" + screen_text(app)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(base=st.integers(0, len(BASES) - 1), texts=TEXTS, size=st.sampled_from([(160, 50), (80, 30)]))
@example(base=0, texts={f: "\x1b[2J\x1b]0;pwned\x07\u202e\x9b31m\udcff" for f in ["file", *FIELDS]}, size=(160, 50))
def test_every_text_field_reaches_the_saved_games_list_escaped(tmp_path_factory, base, texts, size):
    folder = tmp_path_factory.mktemp("saves")
    write_folder(folder, BASES[base], texts)
    text = asyncio.run(_app_list(folder, size))
    assert_clean("the Saved games screen", text)
    if raw(texts["name"][:8]):  # the names were drawn, escaped (not left out)
        assert ESCAPE.search(text), text
