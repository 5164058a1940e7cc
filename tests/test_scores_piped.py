"""``ohseven scores`` into a pipe (issue 10, section 4): no terminal, so no width
to fit. Every table row is one line, no cell wraps or is cut, whatever $COLUMNS
says. The commands run as a child process with stdout a pipe, as ``| grep`` has it.

Expected text comes from the raw save files, never from the code under test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves"
IDS = sorted(p.stem for p in SAMPLES.glob("*.json"))
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def record(save_id: str) -> dict:
    return json.loads((SAMPLES / f"{save_id}.json").read_text(encoding="utf-8"))["record"]


def piped(columns, *argv) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    if columns is not None:
        env["COLUMNS"] = columns
    done = subprocess.run([sys.executable, "-m", "ohseven_tui", "scores", *argv, "--save-dir", str(SAMPLES)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    assert done.returncode == 0 and done.stderr == ""
    return done.stdout.splitlines()


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("│").split("│")]


WIDTHS = [None, "40"]  # no $COLUMNS (Rich's 80) and a narrow one


@pytest.mark.parametrize("columns", WIDTHS)
def test_list_into_a_pipe_is_one_line_per_game(columns):
    lines = piped(columns, "list")
    rows = [line for line in lines if line.startswith("│")]
    assert len(rows) == len(IDS)  # no continuation lines
    for save_id in IDS:
        rec = record(save_id)
        (row,) = [r for r in rows if cells(r)[0] == save_id]
        rules = rec.get("rules")  # a version 1 record's; a later one names its game
        if rules is None:
            assert cells(row)[2] == rec["game"]
        else:
            assert cells(row)[2] == rules["preset"] + (", passing" if rules.get("passing") else "")
        for seat, total in zip(rec["seats"], rec["totals"]):
            assert f"{seat['name']} {total}" in cells(row)[5]


@pytest.mark.parametrize("columns", WIDTHS)
def test_players_into_a_pipe_is_one_line_per_player(columns):
    # A player is a human by name or a bot by strength ("easy bot"), once per table.
    players = {seat["name"] if seat.get("player", "human") == "human" else f"{seat['player']} bot"
               for save_id in IDS for seat in record(save_id)["seats"]}
    lines = piped(columns, "players")
    head, rows = None, []
    for line in lines + [""]:
        if line.startswith("┃"):
            head = line.strip().strip("┃").split("┃")
        elif line.startswith("│"):
            rows.append((len(head), cells(line)))
    assert rows and all(len(row) == width and all(row) for width, row in rows)  # nothing wrapped or cut
    assert sorted({row[0] for _, row in rows}) == sorted(players)
    # A table for every game family of the samples, each only with its own rates.
    assert sum(1 for line in lines if line.startswith("┃")) == 1 + len(
        {record(i).get("game") or "ohhell" for i in IDS})  # a version 1 record is an Oh Hell family game


@pytest.mark.parametrize("columns", WIDTHS)
def test_show_into_a_pipe_cuts_and_wraps_nothing(columns):
    rec = record("redeal-2p")
    names = [seat["name"] for seat in rec["seats"]]
    lines = piped(columns, "show", "redeal-2p")
    text = "\n".join(lines)
    for head in ("Round", "Trump", "Player", "Bid", "Tricks", "Points", "Bonus", "Total", "pts/round",
                 "under"):
        assert head in text
    assert "…" not in text
    # Each seat's line of the scoresheet and of the player statistics names a player.
    sheet = [cells(line) for line in lines if line.startswith("│") and len(cells(line)) == 8]
    assert len(sheet) == len(rec["rounds"]) * len(names) and all(row[2] in names for row in sheet)
    per_player = [cells(line) for line in lines if line.startswith("│") and len(cells(line)) == 7]
    assert [row[0] for row in per_player] == names
    # S4 on one line, every suit's count in it (counted from the record).
    trumps = Counter(rnd["trump"] for rnd in rec["rounds"] if rnd["trump"])
    (s4,) = [line for line in lines if "trump selection" in line]
    for letter, count in trumps.items():
        assert f"{SUIT_NAMES[letter]} {count}" in s4


@pytest.mark.parametrize("argv", [["list"], ["players"], ["show", IDS[0]], ["export", "--all", "--format", "csv"]])
def test_a_reader_that_stops_after_one_line_ends_no_command_with_an_error(argv):
    """``| head -1``: players and show exited 1 with no message (list and export, 0)."""
    with subprocess.Popen([sys.executable, "-m", "ohseven_tui", "scores", *argv, "--save-dir", str(SAMPLES)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.readline()
        child.stdout.close()  # as head does after its line
        err = child.stderr.read().decode()
        assert child.wait(timeout=120) == 0 and err == "", (argv, child.returncode, err)
