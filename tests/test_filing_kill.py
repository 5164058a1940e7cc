"""Filing a finished game survives a kill at the two moments that used to go wrong
(issue 10, section 2).

A child process plays a game to its end, autosaving after every action as the app
does, then files it. ``OHSEVEN_TEST_KILL_AT`` makes it SIGKILL itself at one exact
point of the filing (storage._kill_point), never at a timed moment:

- ``finished-written``: the finished save is written, the autosave not yet cleared.
  The next start must not file the game a second time.
- ``finished-temp``: the finished save's temp file is written, not yet renamed. The
  next start must file the game once and sweep the temp file from the saves folder.

"The next start" is a second, unhooked child doing what the app does when it opens:
looking for an unfinished game.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from ohseven_tui.storage import KILL_VAR, list_saves, save_dirs

CHILD = r"""
import random, sys
from ohseven_tui.games.ohhell import DEAL, Game, make_rules
from ohseven_tui.storage import finish_game, save_dirs, write_autosave

dirs = save_dirs(sys.argv[1])
game = Game(make_rules("oh-seven", 3), seed=4)
rng = random.Random(4)
while not game.is_over:
    seats = game.to_act()
    game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(seats[0])))
    write_autosave(dirs, game)
finish_game(dirs, game)
print("filed")
"""

NEXT_START = r"""
import sys
from ohseven_tui.storage import load_autosave, save_dirs
print(load_autosave(save_dirs(sys.argv[1])))
"""


def run(script: str, save_dir, kill_at=None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop(KILL_VAR, None)
    if kill_at:
        env[KILL_VAR] = kill_at
    return subprocess.run([sys.executable, "-c", script, str(save_dir)], capture_output=True, text=True,
                          env=env, timeout=120)


def saves_folder(save_dir) -> set:
    return {p.name for p in save_dir.iterdir() if p.name != ".state"}


@pytest.mark.parametrize("point", ["finished-written", "finished-temp"])
def test_a_kill_while_filing_never_files_the_game_twice_nor_leaves_a_temp(tmp_path, point):
    save_dir = tmp_path / "saves"
    dirs = save_dirs(save_dir)
    killed = run(CHILD, save_dir, kill_at=point)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert "filed" not in killed.stdout
    assert dirs.autosave.exists()  # killed before the autosave was cleared
    before = saves_folder(save_dir)
    if point == "finished-temp":
        assert len(before) == 1 and next(iter(before)).endswith(".tmp")  # the killed write's temp file
    else:
        assert len(before) == 1 and next(iter(before)).endswith(".json")
    for _ in range(2):  # start twice: the second start must change nothing either
        started = run(NEXT_START, save_dir)
        assert started.returncode == 0, started.stderr
        assert started.stdout.strip() == "None"  # the finished game is no unfinished game
        saves, warnings = list_saves(dirs)
        assert warnings == [] and len(saves) == 1 and saves[0].finished
        assert not dirs.autosave.exists()
        assert not [n for n in saves_folder(save_dir) if n.endswith(".tmp")]
        assert len(saves_folder(save_dir)) == 1


ASIDE = r"""
import random, sys
from ohseven_tui.games.ohhell import DEAL, Game, make_rules
from ohseven_tui.storage import put_aside_autosave, save_dirs, write_autosave

dirs = save_dirs(sys.argv[1])
game = Game(make_rules("oh-seven", 3), seed=5)
rng = random.Random(5)
for _ in range(30):
    seats = game.to_act()
    game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(seats[0])))
    write_autosave(dirs, game)
put_aside_autosave(dirs)
print("aside")
"""

PUT_ASIDE_AGAIN = r"""
import sys
from ohseven_tui.storage import load_autosave, put_aside_autosave, save_dirs
dirs = save_dirs(sys.argv[1])
print(len(load_autosave(dirs).history))
print(put_aside_autosave(dirs).name)
"""


@pytest.mark.parametrize("point", ["aside-temp", "aside-written"])
def test_a_kill_while_putting_a_game_aside_loses_nothing_and_files_it_once(tmp_path, point):
    save_dir = tmp_path / "saves"
    dirs = save_dirs(save_dir)
    killed = run(ASIDE, save_dir, kill_at=point)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert dirs.autosave.exists()  # still the unfinished game: Continue resumes it
    again = run(PUT_ASIDE_AGAIN, save_dir)  # the next start: the player puts it aside again
    assert again.returncode == 0, again.stderr
    assert again.stdout.split()[0] == "30"
    saves, warnings = list_saves(dirs)
    assert warnings == [] and len(saves) == 1 and not saves[0].finished and len(saves[0].game.history) == 30
    assert saves_folder(save_dir) == {saves[0].path.name} and not dirs.autosave.exists()
