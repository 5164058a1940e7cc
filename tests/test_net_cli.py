"""``ohseven host``'s bad arguments: one readable line on stderr, exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from net_helpers import ROOT

BAD = [
    (["--game", "watten", "--players", "3"], "4 to 4 players"),
    (["--players", "3", "--bots", "easy,easy,easy"], "1 to 3 human seats"),
    (["--players", "4", "--humans", "2", "--bots", "easy,easy,easy"], "3 strengths but there are 2 bot seats"),
    (["--port", "http"], "--port must be a whole number"),
    (["--port", "70000"], "--port must be from 0 to 65535"),
    (["--bot-delay", "-1"], "--bot-delay"),
    (["--bots", "superhuman"], "--bots takes"),
    (["--continue"], "no table to continue"),
    (["--bind", "203.0.113.1", "--port", "0"], "cannot listen on 203.0.113.1:0"),
]


@pytest.mark.parametrize("args,words", BAD, ids=[b[1] for b in BAD])
def test_bad_arguments_get_one_line_and_exit_2(tmp_path, args, words):
    env = dict(os.environ, OHSEVEN_SAVE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "ohseven_tui", "host", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    assert not list(tmp_path.rglob("table.json"))  # nothing left to continue
