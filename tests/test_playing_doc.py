"""docs/playing.md against `ohseven play`: every game flag in its table starts at
the table, every run flag alone opens the menu, the `--game` row names every
registered game, and no line of prose is repeated."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ohseven_tui.cli import build_parser
from ohseven_tui.commands.play import setup_from_args
from ohseven_tui.engine import registry

DOC = Path(__file__).resolve().parent.parent / "docs" / "playing.md"
# A value for each placeholder the tables use.
VALUES = {"G": "classic", "N": "4", "LIST": "easy", "NAME=VALUE": "passing=true", "S": "0",
          "NAME": "textual-light", "DIR": "/tmp/ohseven-doc-test"}


def table_rows(header: str) -> list[str]:
    """The first cell of each row of the table whose header's first cell is ``header``."""
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {header} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(line.split("|")[1].strip().strip("`"))
    return rows


def argv(row: str) -> list[str]:
    flag, *placeholder = row.split()
    return [flag, *(VALUES[p] for p in placeholder)]


GAME_FLAGS = table_rows("game flag")
RUN_FLAGS = table_rows("run flag")


def test_the_doc_has_both_tables():
    assert {"--game G", "--seed N", "--passing"} <= set(GAME_FLAGS)
    assert {"--bot-delay S", "--save-dir DIR", "--ascii"} <= set(RUN_FLAGS)


@pytest.mark.parametrize("row", GAME_FLAGS)
def test_each_game_flag_in_the_doc_starts_at_the_table(row):
    args = build_parser().parse_args(["play", *argv(row)])
    assert setup_from_args(args) is not None


@pytest.mark.parametrize("row", RUN_FLAGS)
def test_each_run_flag_alone_opens_the_menu_and_still_applies(row):
    args = build_parser().parse_args(["play", *argv(row)])
    assert setup_from_args(args) is None
    with_game = build_parser().parse_args(["play", "--players", "3", *argv(row)])
    assert setup_from_args(with_game) is not None


def test_every_flag_of_play_is_in_the_doc():
    documented = {row.split()[0] for row in GAME_FLAGS + RUN_FLAGS + table_rows("flag")}
    parser = build_parser()
    play = next(a for a in parser._actions if a.dest == "command").choices["play"]
    flags = {o for a in play._actions for o in a.option_strings if o.startswith("--") and o != "--help"}
    flags.discard("--rules")  # --game's old name, said in its row
    assert flags <= documented, f"flags of ohseven play missing from docs/playing.md: {sorted(flags - documented)}"


def test_the_game_row_names_every_registered_game():
    doc = DOC.read_text(encoding="utf-8")
    row = next(line for line in doc.splitlines() if line.startswith("| `--game G` |"))
    for spec in registry.games():
        assert f"`{spec.name}`" in row, f"the --game row does not name {spec.name}"


def test_no_line_of_prose_is_repeated():
    lines = [line.strip() for line in DOC.read_text(encoding="utf-8").splitlines()]
    prose = [line for line in lines if len(line) > 20 and not line.startswith(("|", "```", "ohseven "))]
    repeated = [line for line, count in Counter(prose).items() if count > 1]
    assert not repeated, f"docs/playing.md repeats: {repeated}"
    assert not re.search(r"\bthe the\b", " ".join(lines))
