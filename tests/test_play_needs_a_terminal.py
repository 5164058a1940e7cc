"""The app reads keys from standard input and draws on standard error (Textual's
way). Started where either is not a terminal (``ohseven play </dev/null``, a cron
job, ``2>log``) there is nobody to play: one line says so and the exit is 2, at
once, instead of an app that spins on an input that can never give a key."""

from __future__ import annotations

import os
import pty
import subprocess
import sys

import pytest
from helpers import cli_env

COMMANDS = [("play", "--humans", "0"), ("play",), ("tutorial",), ("join", "127.0.0.1:9", "--code", "x"),
            ("host", "--players", "3", "--port", "0")]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_with_no_terminal_to_read_keys_from_the_app_refuses_in_one_line(tmp_path, command):
    proc = subprocess.run([sys.executable, "-m", "ohseven_tui", *command], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, env=cli_env(tmp_path), timeout=60)
    assert proc.returncode == 2, proc.stderr[-500:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "standard input" in lines[0] and "terminal" in lines[0], proc.stderr[-500:]
    assert "\x1b" not in proc.stderr + proc.stdout
    assert not (tmp_path / "saves").exists() or not any((tmp_path / "saves").rglob("*.json"))


def test_with_the_screen_sent_to_a_file_the_app_refuses_in_one_line(tmp_path):
    """Keys from a terminal, but standard error (where the app draws) redirected."""
    master, slave = pty.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "ohseven_tui", "play", "--humans", "0"], stdin=slave,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=cli_env(tmp_path),
                              timeout=60)
    finally:
        os.close(slave)
        os.close(master)
    assert proc.returncode == 2, proc.stderr[-500:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "standard error" in lines[0] and "terminal" in lines[0], proc.stderr[-500:]
