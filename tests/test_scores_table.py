"""The list's own table drawing (commands/tables.py): in the look of Rich's table,
every row one line into a pipe, fitted and wrapped to a terminal's width, and
through the user's pager on a terminal (issue 20: thousands of rows)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ohseven_tui.commands.tables import Column, table_lines

COLUMNS = [Column("ID", wrap=False), Column("Date", wrap=False), Column("Game"), Column("Players"),
           Column("Winner"), Column("Scores")]
ROWS = [["sim-1", "2026-01-02 10:00", "oh-seven, passing", "4", "Ann [b]x", "Ann 12  Bea -3  Cid 7  Dot 0"],
        ["g-2", "2026-01-03 11:30", "seven-for-seven", "7", "Eve, Fay", "Eve 131  Fay 131  Gus 65  Hal -40  "
         "Ivy 12  Jo 9  Kim 1"],
        ["g-3", "2026-01-04 12:00", "watten", "4", "Zoë ♠", "Zoë ♠ 15  Ünal 9  龍 15  Ola 9"]]


def test_unbounded_it_draws_what_rich_draws():
    table = Table(title_justify="left")
    for c in COLUMNS:
        table.add_column(c.head)
    for row in ROWS:
        table.add_row(*(Text(cell) for cell in row))  # cells are text, never markup
    console = Console(width=10_000, record=True, file=open(os.devnull, "w"), color_system=None)
    console.print(table)
    rich_lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert list(table_lines(COLUMNS, ROWS)) == rich_lines


@pytest.mark.parametrize("room", [80, 100, 120])
def test_fitted_every_line_fits_and_every_word_is_kept(room):
    lines = list(table_lines(COLUMNS, ROWS, room))
    assert all(cell_len(line) <= room for line in lines), [cell_len(x) for x in lines]
    body = " ".join(lines)
    for row in ROWS:
        for cell in row:
            for word in cell.split():
                assert word in body  # wrapped at spaces, never cut inside a word this short
    ids = [line.split("│")[1].strip() for line in lines if line.startswith("│") and line.split("│")[1].strip()]
    assert ids == [row[0] for row in ROWS]  # an id is never wrapped: one per row, in order


def test_a_long_word_is_folded_not_lost():
    rows = [["x", "d", "g", "1", "w", "A" * 90]]
    lines = list(table_lines(COLUMNS, rows, 70))
    assert all(cell_len(line) <= 70 for line in lines)
    assert "".join(line.split("│")[6].strip() for line in lines if line.startswith("│")) == "A" * 90


SAMPLES = Path(__file__).resolve().parents[1] / "saves"


def sample_saves(tmp_path) -> Path:
    """A saves folder holding a copy of the project's sample saves."""
    d = tmp_path / "saves"
    d.mkdir()
    for f in SAMPLES.glob("*.json"):
        shutil.copy(f, d)
    return d


@pytest.mark.skipif(shutil.which("cat") is None, reason="needs cat as the pager")
def test_on_a_terminal_the_list_goes_through_the_pager(tmp_path):
    pytest.importorskip("pyte")
    from pty_app import TerminalApp

    d = sample_saves(tmp_path)
    env = dict(os.environ, PAGER="cat", OHSEVEN_SAVE_DIR=str(tmp_path / "x"))
    with TerminalApp(["scores", "list", "--save-dir", str(d)], env, size=(100, 40)) as term:
        while term.read(5.0):
            pass
        shown = term.output.decode("utf-8", "replace")
    for f in SAMPLES.glob("*.json"):
        assert f.stem in shown
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown).replace("\r", "")
    lines = [line for line in plain.split("\n") if line.startswith(("│", "┃", "┏", "└"))]
    assert lines and all(cell_len(line) <= 100 for line in lines)  # fitted to the terminal


@pytest.mark.skipif(shutil.which("sed") is None, reason="needs sed as the pager")
@pytest.mark.parametrize("command", [["show", "sim-9-0001"], ["players"], ["list"]], ids=" ".join)
def test_on_a_terminal_every_long_output_goes_through_the_pager_unless_no_pager(tmp_path, command):
    """A scoresheet of seven rounds is longer than a terminal: show and players page
    like list, and each takes --no-pager (the pager here marks every line it shows)."""
    pytest.importorskip("pyte")
    from pty_app import TerminalApp

    d = sample_saves(tmp_path)
    env = dict(os.environ, PAGER="sed s/^/PAGED:/", OHSEVEN_SAVE_DIR=str(tmp_path / "x"))
    shown = {}
    for flags in ([], ["--no-pager"]):
        with TerminalApp(["scores", *command, *flags, "--save-dir", str(d)], env, size=(100, 40)) as term:
            while term.read(5.0):
                pass
            text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", term.output.decode("utf-8", "replace"))
        shown[bool(flags)] = [line for line in text.replace("\r", "").split("\n") if line.strip()]
    paged, direct = shown[False], shown[True]
    assert len(paged) > 10 and all(line.startswith("PAGED:") for line in paged), paged[:3]
    assert len(direct) == len(paged) and not any("PAGED:" in line for line in direct), direct[:3]
