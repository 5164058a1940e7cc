"""``ohseven simulate`` can take a while (the normal bot looks ahead at each card):
on a terminal it says which game it is playing, on standard error, and clears
that line before the results; piped or with --json it adds nothing."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

from helpers import cli_env


def test_on_a_terminal_it_says_which_game_it_is_playing(tmp_path):
    master, slave = pty.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "ohseven_tui", "simulate", "--games", "3", "--seed", "1"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave, text=True,
                              env=cli_env(tmp_path), timeout=120)
        os.close(slave)
        slave = -1
        seen = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        if slave >= 0:
            os.close(slave)
        os.close(master)
    assert proc.returncode == 0
    text = seen.decode()
    for k in (1, 2, 3):
        assert f"game {k} of 3" in text
    assert text.endswith("\r")  # the line is cleared: the terminal's next output starts clean
    assert "\x1b" not in text
    assert proc.stdout.startswith("3 games of")


def test_piped_it_prints_the_results_alone(tmp_path):
    for extra in ((), ("--json",)):
        proc = subprocess.run([sys.executable, "-m", "ohseven_tui", "simulate", "--games", "2", "--seed", "1", *extra],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, env=cli_env(tmp_path), timeout=120)
        assert proc.returncode == 0 and proc.stderr == ""
