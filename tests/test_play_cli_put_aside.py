"""``ohseven play`` never silently replaces an unfinished game (issue 10, section 2).

With no terminal it cannot ask, so it refuses in one line that names the flags
that decide: ``--continue`` resumes the unfinished game, ``--put-aside`` keeps it
with the saved games and starts the new one. The app itself (which asks, in a
terminal) is tested in test_ui_put_aside.py; here it is never started: its run()
is replaced by a recorder, and stdin/stdout are pipes, as in a script.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from ohseven_tui.cli import main
from ohseven_tui.commands import play
from ohseven_tui.games.ohhell import Game, make_rules
from ohseven_tui.storage import list_saves, load_autosave, save_dirs, write_autosave
from ohseven_tui.ui.app import OhSevenApp


@pytest.fixture
def dirs(tmp_path):
    return save_dirs(tmp_path / "saves")


def unfinished(dirs, seed: int = 2) -> Game:
    game = Game(make_rules("oh-seven", 3), seed=seed)
    rng = random.Random(seed)
    for _ in range(12):
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(seats[0])))
    write_autosave(dirs, game)
    return game


@pytest.fixture
def started(monkeypatch):
    """Each app that play would have run: (start setup, resume flag)."""
    runs = []
    monkeypatch.setattr(OhSevenApp, "run", lambda self, *a, **k: runs.append((self.start_setup, self.resume)))
    monkeypatch.setattr(play, "no_terminal", lambda: None)  # as in a terminal (test_play_needs_a_terminal.py)
    return runs


def history(game) -> list[str]:
    return [str(a) for a in game.history]


def test_without_a_terminal_a_new_game_over_an_unfinished_one_is_refused_in_one_line(tmp_path, dirs):
    waiting = unfinished(dirs)
    proc = subprocess.run([sys.executable, "-m", "ohseven_tui", "play", "--players", "3", "--save-dir", str(dirs.saves)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=30)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert "unfinished game" in lines[0] and "--continue" in lines[0] and "--put-aside" in lines[0]
    assert history(load_autosave(dirs)) == history(waiting)
    assert list_saves(dirs) == ([], [])


def test_put_aside_flag_keeps_the_unfinished_game_and_starts_the_new_one(dirs, started, capsys):
    waiting = unfinished(dirs)
    assert main(["play", "--players", "3", "--put-aside", "--save-dir", str(dirs.saves)]) == 0
    assert len(started) == 1 and started[0][0] is not None and started[0][1] is False
    assert load_autosave(dirs) is None
    (entry,), _ = list_saves(dirs)
    assert not entry.finished and history(entry.game) == history(waiting)
    err = capsys.readouterr().err
    assert entry.id in err and len(err.strip().splitlines()) == 1


def test_continue_flag_without_a_terminal_resumes_as_before(dirs, started):
    unfinished(dirs)
    assert main(["play", "--continue", "--save-dir", str(dirs.saves)]) == 0
    assert started == [(None, True)]


def test_no_unfinished_game_starts_without_a_question(dirs, started):
    assert main(["play", "--players", "3", "--save-dir", str(dirs.saves)]) == 0
    assert len(started) == 1


def test_continue_and_put_aside_together_are_a_usage_error(dirs, started, capsys):
    unfinished(dirs)
    assert main(["play", "--continue", "--put-aside", "--save-dir", str(dirs.saves)]) == 2
    assert started == [] and "--continue" in capsys.readouterr().err


def test_options_before_any_command_are_plays(dirs, started):
    """`ohseven --save-dir DIR` opens the menu with those saves (it said 'invalid choice')."""
    unfinished(dirs)
    assert main(["--continue", "--save-dir", str(dirs.saves)]) == 0
    assert started == [(None, True)]
