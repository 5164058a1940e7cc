"""Issue 19, section 8: every command reads a path the same way, as a shell would: a
leading ``~`` or ``~user`` is that home folder, and a ``~user`` with no such user is
a bad path: one readable line on stderr and exit 2, like every other bad path, with
nothing written. The same for ``--save-dir`` on every command and for the
OHSEVEN_SAVE_DIR and OHSEVEN_CONFIG_DIR variables. Runs the real ``ohseven`` in a
child process, in an empty working folder, with its home and user folders in a
temporary folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NO_USER = "~no-such-user-ohseven"
BAD = f"{NO_USER}/x"
FAIL_SAFE = 120  # seconds: a command that hangs (an app started without a terminal) fails instead


@pytest.fixture
def place(tmp_path):
    """An empty working folder and a home, and the environment that points there."""
    work, home = tmp_path / "work", tmp_path / "home"
    work.mkdir()
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("OHSEVEN_")}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT))
    for var in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[var] = str(home / var.lower())
    return work, home, env


def ohseven(place, *args: str, **env: str) -> subprocess.CompletedProcess:
    work, _, base = place
    return subprocess.run([sys.executable, "-m", "ohseven_tui", *args], cwd=work, env={**base, **env},
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=FAIL_SAFE)


def everything_under(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*"))


def assert_refused_in_one_line(place, result: subprocess.CompletedProcess, *names: str) -> None:
    work, home, _ = place
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert "no-such-user-ohseven" in lines[0]  # it names what was wrong
    for name in names:
        assert name in lines[0]
    assert everything_under(work) == [] and everything_under(home) == []  # nothing written


SAVE_DIR_COMMANDS = [
    ("scores", "list"), ("scores", "players"), ("scores", "show", "sim-1-0001"),
    ("scores", "export", "sim-1-0001", "--format", "csv"),
    ("play", "--humans", "0"), ("play", "--continue"), ("tutorial",),
    ("simulate", "--players", "3", "--games", "1"), ("serve", "--port", "0"),
]


@pytest.mark.parametrize("command", SAVE_DIR_COMMANDS, ids=lambda c: " ".join(c))
def test_a_save_dir_of_an_unknown_user_is_refused_in_one_line(place, command):
    assert_refused_in_one_line(place, ohseven(place, *command, "--save-dir", BAD), "--save-dir")


@pytest.mark.parametrize("command", [c for c in SAVE_DIR_COMMANDS if c[0] != "simulate"],
                         ids=lambda c: " ".join(c))
def test_ohseven_save_dir_of_an_unknown_user_is_refused_in_one_line(place, command):
    assert_refused_in_one_line(place, ohseven(place, *command, OHSEVEN_SAVE_DIR=BAD), "OHSEVEN_SAVE_DIR")


@pytest.mark.parametrize("command", [("play", "--humans", "0"), ("play", "--continue"), ("tutorial",),
                                     ("serve", "--port", "0")],
                         ids=lambda c: " ".join(c))
def test_ohseven_config_dir_of_an_unknown_user_is_refused_in_one_line(place, command):
    assert_refused_in_one_line(place, ohseven(place, *command, OHSEVEN_CONFIG_DIR=BAD), "OHSEVEN_CONFIG_DIR")


def test_simulate_reads_a_tilde_as_the_home_folder_and_scores_finds_the_games_there(place):
    work, home, _ = place
    result = ohseven(place, "simulate", "--players", "3", "--games", "2", "--seed", "1", "--save-dir", "~/sims")
    assert result.returncode == 0, result.stderr
    assert everything_under(work) == []  # not ./~/sims
    written = sorted(p.name for p in (home / "sims").iterdir())
    assert written == ["sim-1-0001.json", "sim-1-0002.json"]
    listed = ohseven(place, "scores", "list", "--save-dir", "~/sims")
    assert listed.returncode == 0, listed.stderr
    assert "sim-1-0001" in listed.stdout and "sim-1-0002" in listed.stdout
    from_env = ohseven(place, "scores", "list", OHSEVEN_SAVE_DIR="~/sims")
    assert from_env.stdout == listed.stdout


def test_an_empty_save_dir_is_refused_in_one_line(place):
    work, home, _ = place
    for command in (("scores", "list"), ("simulate", "--players", "3", "--games", "1")):
        result = ohseven(place, *command, "--save-dir", "")
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert len(result.stderr.splitlines()) == 1 and "--save-dir" in result.stderr
        assert everything_under(work) == [] and everything_under(home) == []
