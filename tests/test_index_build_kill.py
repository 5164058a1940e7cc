"""A cold index build that is killed takes its helpers with it (issue 35, item 3).

Builds of many files read them in worker processes. Found by hand: after SIGTERM,
SIGKILL or SIGHUP of ``ohseven scores list`` mid-build, its two workers and a
resource tracker were re-parented to PID 1 and still alive 10-90 s later. Here a
real ``scores list`` starts a cold build of a few thousand files, is killed once
its workers are up, and every process it started must be gone soon after."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from index_saves import hashes, make_pool

from ohseven_tui.storage.index import PARALLEL_FROM

FILES = max(3000, 6 * PARALLEL_FROM)  # long enough a build to be killed in the middle
GONE_WITHIN = 15.0  # seconds; the "a few seconds", with room for a busy machine
FAIL_SAFE = 300.0  # only so that a hung build ends the test


def _children() -> dict[int, list[int]]:
    """Every live process's children, from /proc (zombies count as gone)."""
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if state != "Z":
            kids.setdefault(int(ppid), []).append(int(entry))
    return kids


def _descendants(pid: int) -> set[int]:
    kids = _children()
    found: set[int] = set()
    todo = [pid]
    while todo:
        for kid in kids.get(todo.pop(), []):
            if kid not in found:
                found.add(kid)
                todo.append(kid)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def many(tmp_path_factory) -> Path:
    pool = make_pool(tmp_path_factory.mktemp("pool") / "saves", per_game=2)
    folder = tmp_path_factory.mktemp("many") / "saves"
    folder.mkdir()
    for k in range(FILES):
        shutil.copyfile(pool[k % len(pool)], folder / f"copy-{k:05d}.json")
    return folder


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_killing_a_cold_build_leaves_no_process_behind(many, tmp_path, sig):
    folder = tmp_path / "saves"
    shutil.copytree(many, folder)  # each kill starts cold: no index yet
    before = hashes(folder)
    env = {**os.environ, "OHSEVEN_CONFIG_DIR": str(tmp_path / "config")}
    run = subprocess.Popen([sys.executable, "-m", "ohseven_tui", "scores", "list", "--no-pager",
                            "--save-dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env=env, start_new_session=True)
    try:
        started = time.monotonic()
        family: set[int] = set()
        while len(family) < 2:  # its workers (and the resource tracker) are up
            assert run.poll() is None, "the build ended before it could be killed: make FILES larger"
            assert time.monotonic() - started < FAIL_SAFE, "no worker ever started"
            family = _descendants(run.pid)
            time.sleep(0.02)
        family |= _descendants(run.pid)
        os.kill(run.pid, sig)
        run.wait(FAIL_SAFE)
        killed = time.monotonic()
        while (left := [p for p in family if _alive(p)]) and time.monotonic() - killed < GONE_WITHIN:
            time.sleep(0.1)
        assert left == [], f"{len(left)} of the build's {len(family)} processes outlived it by {GONE_WITHIN} s"
        assert hashes(folder) == before  # and no save touched
    finally:
        if run.poll() is None:
            run.kill()
        for pid in _descendants(run.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
