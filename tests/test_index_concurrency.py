"""Two programs updating one saved-games index at once (issue 20, section 1:
"two terminals, the app and scores at once") never corrupt it.

Two real processes (spawned: their own interpreter and sqlite connections) bring
the same index up to date over and over, one through ``open_index(...).refresh()``
as the app does and one through ``ohseven scores list`` (``cli.main``), while this
process adds save files. A barrier starts every round in all three at once, so
the updates really overlap (nothing here waits on the clock). Rounds start from
no index at all (both make it at once) and from a warm one. Afterwards sqlite's
``PRAGMA integrity_check`` is ok and the index's rows are the folder's files
(before anyone refreshes it again), and it agrees with a full replay.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sqlite3
import threading
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from index_saves import assert_agrees, make_pool

from ohseven_tui.storage import save_dirs
from ohseven_tui.storage.index import index_path, open_index

STEPS = 8  # refreshes per process per round
ROUNDS = 3
TIMEOUT = 600  # a barrier wait that long means a process is stuck, not slow


def refresher(folder: str, barrier, out, how: str) -> None:
    """One program: at each barrier, bring the index up to date (and read it)."""
    try:
        out.put((how, refreshes(folder, barrier, how)))
    except BaseException as exc:
        barrier.abort()  # the others stop waiting for this one
        out.put((how, [f"raised {exc!r}"]))
        raise


def refreshes(folder: str, barrier, how: str) -> list[str]:
    os.environ["OHSEVEN_SAVE_DIR"] = folder
    notices = []
    for _ in range(STEPS + 1):
        barrier.wait(TIMEOUT)
        if how == "api":
            with open_index(save_dirs(Path(folder))) as index:
                result = index.refresh()
                index.rows()
                index.players()
            notices += [result.notice] if result.notice else []
        else:
            from ohseven_tui.cli import main

            err = io.StringIO()
            with redirect_stdout(io.StringIO()), redirect_stderr(err):
                rc = main(["scores", "list", "--save-dir", folder])
            notices += [f"exit {rc}"] if rc else []
            # A bad file's warning is not a notice (a file removed between the
            # folder's listing and its reading may be warned about once, too).
            notices += [line for line in err.getvalue().splitlines() if ": skipped " not in line]
    return notices


@pytest.fixture(scope="module")
def pool(tmp_path_factory) -> list[bytes]:
    return [p.read_bytes() for p in make_pool(tmp_path_factory.mktemp("pool"), per_game=2)]


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_two_processes_update_one_index_at_once(tmp_path, pool, round_):
    saves = tmp_path / "saves"
    saves.mkdir()
    dirs = save_dirs(saves)
    for k in range(3):
        (saves / f"first-{k}.json").write_bytes(pool[k])
    if round_ == ROUNDS - 1:  # a warm start: the index exists, both only update it
        with open_index(dirs) as index:
            index.refresh()
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(3)
    out = ctx.Queue()
    procs = [ctx.Process(target=refresher, args=(str(saves), barrier, out, how)) for how in ("api", "cli")]
    for p in procs:
        p.start()
    added = 0
    results = []
    try:
        for step in range(STEPS):
            barrier.wait(TIMEOUT)
            # While both update the index: new saves, one bad file, one removed.
            for _ in range(4 + 2 * (step % 3)):
                added += 1
                (saves / f"r{round_}-{added}.json").write_bytes(pool[(added + round_) % len(pool)])
            if step == 3:
                (saves / "bad.json").write_bytes(b"{ not a save")
            if step == 5:
                (saves / "first-0.json").unlink()
        barrier.wait(TIMEOUT)  # the last update, with every file in place
    except threading.BrokenBarrierError:
        pass  # a process failed: its result says how
    finally:
        results = [out.get(timeout=TIMEOUT) for _ in procs]
        for p in procs:
            p.join(TIMEOUT)
    assert [p.exitcode for p in procs] == [0, 0]
    for how, notices in results:
        # Waiting too long for the other's write may bypass the index (one "locked"
        # notice, files read directly): never a damaged index.
        assert all("locked" in n for n in notices), (how, notices)

    path = index_path(dirs)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        files = sorted(f for (f,) in conn.execute("SELECT file FROM saves"))
    finally:
        conn.close()
    assert files == sorted(p.name for p in saves.glob("*.json"))
    with open_index(dirs) as index:
        result = index.refresh()
        assert result.notice == ""
        assert len(result.warnings) == 1 and "bad.json" in result.warnings[0]
        assert_agrees(index, saves, result.warnings)
