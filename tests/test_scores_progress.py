"""``ohseven scores`` reading a big folder for the first time: a progress bar on a
terminal (the real command on a pseudo-terminal), nothing of it into a pipe; the
list is the same either way (issue 20, section 1)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyte")
from pty_app import TerminalApp  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves"
COPIES = 8  # 80 files: past the few a bar is not worth drawing for


def big_folder(tmp_path: Path) -> Path:
    d = tmp_path / "saves"
    d.mkdir()
    for k in range(COPIES):
        for f in SAMPLES.glob("*.json"):
            shutil.copy(f, d / f"{f.stem}-copy{k}.json")
    return d


def env(tmp_path: Path) -> dict:
    return dict(os.environ, OHSEVEN_SAVE_DIR=str(tmp_path / "unused"), XDG_STATE_HOME=str(tmp_path / "state"))


def settled(d: Path) -> None:
    """Wait until every file is older than the index's racy window: a file changed
    within it is read again at the next look (one clock tick may hide a rewrite)."""
    import time

    from ohseven_tui.storage.index import RACY_NS

    newest = max(f.stat().st_ctime_ns for f in d.glob("*.json"))
    while time.time_ns() - newest <= RACY_NS:
        time.sleep(0.1)


def test_a_cold_read_shows_progress_on_a_terminal(tmp_path):
    d = big_folder(tmp_path)
    settled(d)
    with TerminalApp(["scores", "list", "--no-pager", "--save-dir", str(d)], env(tmp_path), size=(200, 50)) as term:
        while term.read(5.0):
            pass
        shown = term.output.decode("utf-8", "replace")
    assert "Reading saved games" in shown
    assert f"{len(list(d.glob('*.json')))}" in shown  # the count of files, in the bar and the title
    # Warm: nothing to read, no bar.
    with TerminalApp(["scores", "list", "--no-pager", "--save-dir", str(d)], env(tmp_path), size=(200, 50)) as term:
        while term.read(5.0):
            pass
        assert "Reading saved games" not in term.output.decode("utf-8", "replace")


def test_a_cold_read_into_a_pipe_prints_no_progress(tmp_path):
    d = big_folder(tmp_path)
    done = subprocess.run([sys.executable, "-m", "ohseven_tui", "scores", "list", "--save-dir", str(d)],
                          capture_output=True, text=True, env=env(tmp_path), cwd=ROOT, timeout=300)
    assert done.returncode == 0 and done.stderr == ""
    rows = [line for line in done.stdout.splitlines() if line.startswith("│")]
    # Each sample is there COPIES times: a game counts once, its row saying how many more files hold it.
    assert len(rows) == len(list(SAMPLES.glob("*.json"))) and all(f"(+{COPIES - 1})" in r for r in rows)
