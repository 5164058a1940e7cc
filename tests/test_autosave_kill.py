"""Autosave survives SIGKILL (issue 5, section 3).

A subprocess plays a game, autosaving after every action and reporting each
completed save on stdout. It is killed with SIGKILL at seeded random moments; then
the autosave must load, hold exactly the actions the uninterrupted game would have
played, and lose at most the action in flight: it holds either every action whose
save was reported, or one more (saved, but killed before it could report).
Each new child resumes from the autosave, so resuming is killed and checked too.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from ohseven_tui.games.ohhell import Game, make_rules
from ohseven_tui.storage import list_saves, load_autosave, save_dirs

KILLS = 30
RULES = dict(players=4, passing=True)

# The child: resume or start, then play on. Each choice depends only on the seed
# and the number of actions so far, so kills and resumes never change the game.
CHILD = r"""
import random, sys
from ohseven_tui.games.ohhell import DEAL, Game, make_rules
from ohseven_tui.storage import load_autosave, save_dirs, write_autosave

dirs = save_dirs(sys.argv[1])
seed = int(sys.argv[2])
game = load_autosave(dirs) or Game(make_rules("oh-seven", 4, passing=True), seed=seed)
out = sys.stdout
out.write("ready %d\n" % len(game.history)); out.flush()
while not game.is_over:
    seats = game.to_act()
    if not seats:
        game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
    else:
        acts = game.legal_actions(seats[0])
        game.apply(acts[random.Random(seed * 100003 + len(game.history)).randrange(len(acts))])
    write_autosave(dirs, game)
    out.write("%d\n" % len(game.history)); out.flush()
out.write("done\n"); out.flush()
"""


def reference_actions(seed: int) -> list:
    game = Game(make_rules("oh-seven", **RULES), seed=seed)
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
        else:
            acts = game.legal_actions(seats[0])
            game.apply(acts[random.Random(seed * 100003 + len(game.history)).randrange(len(acts))])
    return [str(a) for a in game.history]


def test_autosave_always_loads_after_sigkill(tmp_path):
    rng = random.Random(20261130)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("OHSEVEN_SAVE_DIR", None)
    seed = 1
    save_dir = tmp_path / f"game-{seed}"
    reference = reference_actions(seed)
    kills = 0
    checked_mid_game = 0
    # Count the kills that land mid-game, not the attempts: on a busy machine more
    # games may end before their kill (then another starts); that only takes longer.
    while checked_mid_game < KILLS:
        assert kills < 10 * KILLS, f"only {checked_mid_game} of {kills} kills landed mid-game"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(save_dir), str(seed)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )
        ready = child.stdout.readline()
        assert ready.startswith("ready"), child.stderr.read()
        last = int(ready.split()[1])
        remaining = len(reference) - last
        # Kill at a random point of the game, not of the clock: after a random
        # number of reported saves, then a random sub-millisecond moment, which
        # lands in the middle of a write often enough.
        for _ in range(rng.randint(0, max(0, remaining - 2))):
            line = child.stdout.readline().strip()
            if line.isdigit():
                last = int(line)
        time.sleep(rng.uniform(0.0, 0.002))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        # Read the rest through the same buffered pipe as readline: communicate()
        # reads the raw descriptor and would drop lines readline had buffered.
        rest, err = child.stdout.read(), child.stderr.read()
        child.stdout.close()
        child.stderr.close()
        kills += 1
        lines = rest.split("\n")
        complete = [x for x in lines[:-1] if x]  # a line without its newline was cut by the kill
        if "done" in complete or child.returncode == 0:
            # The game ended before the kill: start another one.
            seed += 1
            save_dir = tmp_path / f"game-{seed}"
            reference = reference_actions(seed)
            continue
        assert child.returncode == -signal.SIGKILL, err
        game = load_autosave(save_dirs(save_dir))  # must never raise
        if game is None and save_dir.exists() and any(save_dir.glob("*.json")):
            # Killed after the game's last autosave but before it said "done": the
            # autosave held the finished game, which loading filed with the saves.
            (filed,) = list_saves(save_dirs(save_dir))[0]
            assert [str(a) for a in filed.game.history] == reference
            seed += 1
            save_dir = tmp_path / f"game-{seed}"
            reference = reference_actions(seed)
            continue
        held = 0 if game is None else len(game.history)
        # Lines read before the kill and lines left in the pipe are all reports.
        reported = max([last] + [int(x) for x in complete if x.isdigit()])
        assert reported <= held <= reported + 1, (reported, held)
        assert [str(a) for a in (game.history if game else [])] == reference[:held]
        checked_mid_game += 1
        # Only the autosave, and at most one temp file: the killed write's own (each
        # new process sweeps the ones its killed predecessors left).
        state = save_dir / ".state"
        leftovers = {p.name for p in state.iterdir()} if state.exists() else set()
        temps = {n for n in leftovers if n.startswith(".autosave.json.") and n.endswith(".tmp")}
        assert leftovers <= {"autosave.json"} | temps and len(temps) <= 1, leftovers
        if remaining <= 3:  # little left: move on to a fresh game
            seed += 1
            save_dir = tmp_path / f"game-{seed}"
            reference = reference_actions(seed)
    assert checked_mid_game == KILLS
