"""A crash exits non-zero with one line naming a crash log, and the traceback is in
that log in the state folder (issue 10, section 3). The crash is real: the app's
test-only hook (OHSEVEN_TEST_CRASH=mount) raises inside on_mount, in a child process
that runs on a pseudo-terminal like a player's."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_on_a_terminal(argv: list[str], env: dict, timeout: float = 60) -> tuple[int, str]:
    """Run ``argv`` with stdin, stdout and stderr on a pty; the exit code and all output."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, close_fds=True)
    os.close(slave)
    out = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    os.close(master)
    rc = proc.wait(timeout=10)
    return rc, out.decode("utf-8", "replace")


def test_a_crash_exits_1_with_one_line_and_a_crash_log(tmp_path):
    save_dir = tmp_path / "saves"
    env = dict(os.environ, OHSEVEN_TEST_CRASH="mount", TERM="xterm-256color")
    rc, out = run_on_a_terminal([sys.executable, "-m", "ohseven_tui", "play", "--save-dir", str(save_dir)], env)
    assert rc == 1
    # What stays on the terminal after the app restored it: the last lines, escapes dropped.
    plain = re.sub(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-_])", "", out)
    lines = [line for line in plain.replace("\r", "").splitlines() if line.strip()]
    assert "Traceback" not in plain
    crash_lines = [line.lstrip("\x07") for line in lines if "ohseven: crashed" in line]  # after the app's bell
    assert len(crash_lines) == 1, lines[-5:]
    logs = sorted((save_dir / ".state").glob("crash-*.log"))
    assert len(logs) == 1
    assert str(logs[0]) in crash_lines[0]
    text = logs[0].read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: crash on purpose (OHSEVEN_TEST_CRASH=mount)" in text
    assert "on_mount" in text
