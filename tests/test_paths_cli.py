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
import time
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


def test_a_blank_ohseven_save_dir_counts_as_unset(place):
    # The README's rule: a variable set to nothing but spaces is the default folder (as
    # `OHSEVEN_SAVE_DIR= ohseven ...` in a shell means), not a folder named by spaces.
    work, home, _ = place
    default = home / "xdg_data_home" / "ohseven" / "saves"  # the XDG data folder the fixture sets
    made = ohseven(place, "simulate", "--players", "3", "--games", "1", "--seed", "1", "--save-dir", str(default))
    assert made.returncode == 0, made.stderr
    for blank in ("", "  "):
        listed = ohseven(place, "scores", "list", OHSEVEN_SAVE_DIR=blank)
        assert listed.returncode == 0 and "sim-1-0001" in listed.stdout, (blank, listed.stdout, listed.stderr)
    assert everything_under(work) == []  # no folder named by spaces


# Issue 36, section 4: a save folder that cannot be one is refused at start, in one
# line naming it, instead of a main menu and then one toast per move (play) or "No
# saved games" (scores). Tests run as root, where a folder's mode does not stop a
# write: a plain file and a path under /proc are the folders nobody can write.
def unusable_folders(tmp_path: Path) -> list[str]:
    plain = tmp_path / "a-plain-file"
    plain.write_text("not a folder")
    folders = [str(plain), str(plain / "saves"), "/proc/1/nope"]
    if os.geteuid() != 0:  # a folder without write permission stops anyone but root
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        folders += [str(locked), str(locked / "saves")]
    return folders


def assert_names_the_folder(result: subprocess.CompletedProcess, folder: str, command: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stdout[-2000:], result.stderr[-2000:])
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"ohseven {command}:") and folder in lines[0], lines[0]
    assert "terminal" not in lines[0]  # refused for the folder, before anything asks for a terminal


@pytest.mark.parametrize("how", ["flag", "environment"])
def test_play_refuses_a_save_folder_it_cannot_write_in_one_line(place, tmp_path, how):
    for folder in unusable_folders(tmp_path):
        if how == "flag":
            result = ohseven(place, "play", "--save-dir", folder)
        else:
            result = ohseven(place, "play", OHSEVEN_SAVE_DIR=folder)
        assert_names_the_folder(result, folder, "play")


@pytest.mark.parametrize("command", [("serve", "--port", "0"), ("host", "--headless", "--port", "0")],
                         ids=lambda c: c[0])
def test_commands_that_save_games_refuse_a_folder_they_cannot_write(place, tmp_path, command):
    for folder in unusable_folders(tmp_path):
        assert_names_the_folder(ohseven(place, *command, "--save-dir", folder), folder, command[0])


@pytest.mark.parametrize("action", ["list", "players"])
def test_scores_refuses_a_folder_that_cannot_exist(place, tmp_path, action):
    plain = tmp_path / "a-plain-file"
    plain.write_text("not a folder")
    for folder in (str(plain), str(plain / "saves"), "/proc/1/nope"):
        assert_names_the_folder(ohseven(place, "scores", action, "--save-dir", folder), folder,
                                f"scores {action}")


def test_scores_reads_a_folder_not_made_yet_as_no_saves(place, tmp_path):
    """A folder that could be made (as play would make it) holds no games yet: not an error."""
    folder = tmp_path / "not-yet" / "saves"
    result = ohseven(place, "scores", "list", "--save-dir", str(folder))
    assert result.returncode == 0, result.stderr
    assert "No saved games" in result.stdout and str(folder) in result.stdout
    assert not (tmp_path / "not-yet").exists()  # reading makes nothing


def test_play_refusing_a_folder_draws_no_screen(place, tmp_path):
    """On a terminal: the one line and exit 2, and never the main menu."""
    from pty_app import TerminalApp

    _, _, env = place
    plain = tmp_path / "a-plain-file"
    plain.write_text("not a folder")
    with TerminalApp(["play", "--save-dir", str(plain)], env) as term:
        deadline = time.monotonic() + FAIL_SAFE  # only a fail-safe: waits for the app, not the clock
        while term.read(0.1) and "New game" not in term.text():  # until the terminal closes, or a menu
            assert time.monotonic() < deadline, "the app neither ended nor drew a menu"
        shown = term.output.decode("utf-8", "replace")
        assert "\x1b[?1049h" not in shown and "New game" not in term.text()  # no alternate screen, no menu
        assert term.proc.wait(timeout=FAIL_SAFE) == 2
    lines = shown.strip().splitlines()
    assert len(lines) == 1 and str(plain) in lines[0], lines


@pytest.mark.parametrize("command", [("play",), ("tutorial",), ("serve", "--port", "0"),
                                     ("host", "--port", "0")],
                         ids=lambda c: c[0])
def test_a_settings_folder_that_cannot_be_written_is_refused_in_one_line(place, tmp_path, command):
    """The settings are written when a player changes one (and the last setup after
    every New game): a folder that cannot hold them is said at start, in one line,
    as a save folder is, not found out at the first change."""
    for folder in unusable_folders(tmp_path):
        assert_names_the_folder(ohseven(place, *command, OHSEVEN_CONFIG_DIR=folder), folder, command[0])
