"""Hostile names in saves, through every ``ohseven scores`` command and every export
format, run as a real process so the raw bytes on stdout and stderr are what is
checked (issue 10, section 3).
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import NAMES, assert_terminal_safe, write_hostile_saves

from ohseven_tui.safetext import printable

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def hostile_dir(tmp_path_factory) -> Path:
    base = tmp_path_factory.mktemp("hostile-saves")
    write_hostile_saves(base, ["hostile-0", "hostile-1", "[b]x\x1b]0;T\x07[@click=quit]"])  # a hostile file name too
    return base


def ohseven(*argv: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="200", PYTHONIOENCODING="utf-8")  # strict: a surrogate would raise
    return subprocess.run([sys.executable, "-m", "ohseven_tui", *argv], cwd=ROOT, capture_output=True,
                          env=env, timeout=60)


def ids(base: Path) -> list[str]:
    return sorted(p.stem for p in base.glob("*.json"))


def check(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in proc.stderr
    assert_terminal_safe(proc.stdout)
    assert_terminal_safe(proc.stderr)
    return proc.stdout.decode("utf-8")


def test_list_and_players_show_every_game_and_name_safely(hostile_dir):
    out = check(ohseven("scores", "list", "--save-dir", str(hostile_dir)))
    for save_id in ids(hostile_dir):
        assert printable(save_id) in out
    out = check(ohseven("scores", "players", "--save-dir", str(hostile_dir)))
    for name, survives in NAMES:
        assert survives in out, name


def test_show_every_hostile_game(hostile_dir):
    for save_id in ids(hostile_dir):
        out = check(ohseven("scores", "show", save_id, "--save-dir", str(hostile_dir)))
        assert "Scoresheet" in out
    text = "".join(check(ohseven("scores", "show", i, "--save-dir", str(hostile_dir))) for i in ids(hostile_dir))
    assert "Ann [ace]" in text and "[/]" in text and "x[/b]" in text


@pytest.mark.parametrize("fmt", ["csv", "json", "md"])
def test_export_every_format_is_safe(hostile_dir, fmt):
    for save_id in ids(hostile_dir):
        out = check(ohseven("scores", "export", save_id, "--format", fmt, "--save-dir", str(hostile_dir)))
        raw = json.loads((hostile_dir / f"{save_id}.json").read_text(encoding="utf-8"))
        names = raw["record"]["seats"]
        if fmt == "json":  # still valid JSON, and it loads back to the very same names
            assert json.loads(out)["players"] == [s["name"] for s in names]
        if fmt == "csv":
            rows = list(csv.DictReader(io.StringIO(out)))
            for row in rows:
                assert not row["player"].startswith(("=", "+", "@")), row["player"]
                assert not row["player"].startswith("-") or row["player"] == "-3"
        if fmt == "md":
            assert "Ann [ace]" in out or "Ann [ace]" not in [s["name"] for s in names]


def test_csv_keeps_negative_scores_as_numbers_and_quotes_formulas(hostile_dir):
    seen_formula = seen_negative = False
    for save_id in ids(hostile_dir):
        out = check(ohseven("scores", "export", save_id, "--format", "csv", "--save-dir", str(hostile_dir)))
        for row in csv.DictReader(io.StringIO(out)):
            if row["player"] == "'=cmd|' /C calc'!A0":
                seen_formula = True
            if row["points"].startswith("-"):
                int(row["points"])  # a number, not "'-3"
                seen_negative = True
    assert seen_formula and seen_negative
