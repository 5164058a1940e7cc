"""Hostile files and arguments (issue 10, section 3): files that block, names with
newlines and escapes, huge quoted input. Each gets one short readable line, the
rest is still listed, and nothing hangs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hostile import assert_terminal_safe

from ohseven_tui.engine import parse_action

ROOT = Path(__file__).resolve().parents[1]
GOOD = ROOT / "saves" / "sim-7-0001.json"


def ohseven(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="200", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "ohseven_tui", *argv], cwd=ROOT, capture_output=True,
                          env=env, timeout=timeout)


@pytest.fixture
def saves(tmp_path) -> Path:
    d = tmp_path / "saves"
    d.mkdir()
    shutil.copy(GOOD, d / "good.json")
    return d


def test_a_fifo_and_a_symlink_to_it_are_refused_without_blocking(saves):
    os.mkfifo(saves / "x.json")
    os.symlink(saves / "x.json", saves / "link.json")
    r = ohseven("scores", "list", "--save-dir", str(saves), timeout=30)
    assert r.returncode == 0 and b"good" in r.stdout
    err = r.stderr.decode().splitlines()
    assert len(err) == 2 and any("x.json" in e for e in err) and any("link.json" in e for e in err)
    assert all("not a regular file" in e for e in err)


def test_a_file_that_says_it_is_regular_but_blocks_never_hangs(saves):
    """/proc/kmsg is a 'regular' file of size 0 whose read blocks. Stand-in: a FIFO
    that os.stat reports as a regular file; the read must still not block."""
    fifo = saves / "kmsg.json"
    os.mkfifo(fifo)
    script = textwrap.dedent(f"""
        import os, stat, sys
        real_stat = os.stat
        def lying_stat(path, *a, **k):
            st = real_stat(path, *a, **k)
            if os.path.basename(str(path)) == "kmsg.json":  # like /proc/kmsg: S_IFREG, size 0
                return os.stat_result((stat.S_IFREG | 0o400,) + tuple(st)[1:6] + (0,) + tuple(st)[7:])
            return st
        os.stat = lying_stat
        from ohseven_tui.storage import list_saves, save_dirs
        saves, warnings = list_saves(save_dirs({str(saves)!r}))
        print([s.id for s in saves])
        print(warnings)
    """)
    r = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    ids, warnings = r.stdout.splitlines()
    assert ids == "['good']"
    assert "kmsg.json" in warnings and "not a regular file" in warnings


def test_a_file_name_with_a_newline_and_escapes_gives_one_line(saves):
    (saves / "bad\nname\x1b[2J.json").write_text("{not json", encoding="utf-8")
    r = ohseven("scores", "list", "--save-dir", str(saves))
    assert r.returncode == 0 and b"good" in r.stdout
    assert_terminal_safe(r.stderr)
    err = r.stderr.decode().splitlines()
    assert len(err) == 1 and "bad\\nname\\x1b[2J.json" in err[0]


@pytest.mark.parametrize("save_id", ["x" * 100_000, "two\nlines", "\x1b]0;PWNED\x07", "[/]"],
                         ids=["long", "newline", "osc", "markup"])
def test_show_with_a_hostile_id_is_one_short_line(saves, save_id):
    for command in ("show", "export"):
        r = ohseven("scores", command, save_id, "--save-dir", str(saves))
        assert r.returncode == 2 and r.stdout == b"" and b"Traceback" not in r.stderr
        assert_terminal_safe(r.stderr)
        err = r.stderr.decode()
        assert err.count("\n") == 1 and len(err) < 600, err[:200]


def test_a_huge_action_in_a_save_gives_a_short_line(saves):
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    data["record"]["actions"][3] = "A" * 1_000_000
    (saves / "huge-action.json").write_text(json.dumps(data), encoding="utf-8")
    r = ohseven("scores", "list", "--save-dir", str(saves))
    assert r.returncode == 0 and b"good" in r.stdout
    err = r.stderr.decode()
    assert err.count("\n") == 1 and len(err) < 600 and "huge-action.json" in err


def test_parse_action_quotes_at_most_a_short_piece():
    for text in ("Z" * 1_000_000, "0 play 7" + "Z" * 1_000_000, "0 bid 99" + "9" * 1_000_000 + "S"):
        with pytest.raises(ValueError) as info:
            parse_action(text)
        assert len(str(info.value)) < 200
    with pytest.raises(ValueError) as info:
        parse_action("bad\naction\x1b")
    assert "\n" not in str(info.value) and "\x1b" not in str(info.value)


@pytest.mark.parametrize("argv", [["play", "--players", "9" * 100_000], ["play", "--bots", "x\ny" * 1000],
                                  ["scores", "list", "--sort", "\x1b[2J" + "z" * 100_000]],
                         ids=["players", "bots", "sort"])
def test_argument_errors_are_one_short_line(argv):
    r = ohseven(*argv)
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert_terminal_safe(r.stderr)
    err = r.stderr.decode()
    assert err.count("\n") == 1 and len(err) < 600, err[:200]


def test_a_lone_surrogate_name_is_saved_as_its_json_escape_and_loads_back(tmp_path):
    """An autosave of a game loaded with such a name must not fail to encode."""
    from helpers import play_first_legal

    from ohseven_tui.games.ohhell import Game, Seat, make_rules
    from ohseven_tui.storage import load_save, write_save

    game = Game(make_rules("oh-seven", 2), seed=1, seats=[Seat("\ud800Fay"), Seat("Bea")])
    play_first_legal(game)
    path = write_save(tmp_path / "s.json", game)
    assert "\\ud800Fay" in path.read_text(encoding="utf-8")
    assert load_save(path).names == ["\ud800Fay", "Bea"]


def test_a_file_name_that_is_not_utf8_gives_one_line(saves):
    """Python reads such a name with surrogate escapes (\\udcff): it must still print."""
    with open(os.path.join(os.fsencode(saves), b"bad\xff.json"), "wb") as fh:
        fh.write(b"{not json")
    r = ohseven("scores", "list", "--save-dir", str(saves))
    assert r.returncode == 0 and b"good" in r.stdout and b"Traceback" not in r.stderr
    assert_terminal_safe(r.stderr)
    err = r.stderr.decode().splitlines()
    assert len(err) == 1 and "bad\\udcff.json" in err[0]


@pytest.mark.parametrize("date", ["\x1b[2J\x1b[H\x1b]0;pwned", "2026-01-01\u202eT10:00", "2026\x07\x9b31m"])
def test_scores_list_draws_a_hostile_date_escaped(saves, date):
    """Issue 35 (1): every field of a file reaches the terminal escaped, the date too
    (it was printed raw: the screen cleared and the window's title set)."""
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    data["date"] = date
    (saves / "dated.json").write_text(json.dumps(data), encoding="utf-8")
    done = ohseven("scores", "list", "--save-dir", str(saves), "--no-pager")
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == 0, done.stderr
    assert_terminal_safe(out)
    assert "\u202e" not in out and "\x1b" not in out and "\x07" not in out
