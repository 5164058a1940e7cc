"""A saved-games index that cannot be used as it is (issue 20, section 1): corrupt
(garbage, a truncated database), locked by another program, made by a newer
schema, or in a state folder that cannot be written. Each still gives the right
answers (those of a full replay of the folder, tests/index_saves.py), exactly one
notice (the CLI: one line on stderr, exit 0), and the save files stay byte for
byte as they were. A missing saves folder creates nothing.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from index_saves import assert_agrees, hashes, make_pool

from ohseven_tui.storage import index as index_module
from ohseven_tui.storage import save_dirs
from ohseven_tui.storage.index import index_path, open_index


@pytest.fixture(autouse=True)
def _no_racy_window(monkeypatch):
    """Files here are seconds old: without this, whether a row is read again
    (inside the index's racy window) would depend on the machine's pace."""
    monkeypatch.setattr(index_module, "RACY_NS", 0)


@pytest.fixture(scope="module")
def pool(tmp_path_factory) -> Path:
    return make_pool(tmp_path_factory.mktemp("pool") / "saves", per_game=2)[0].parent


@pytest.fixture
def saves(pool, tmp_path) -> Path:
    """A folder of saves of all five games, its index built and closed."""
    folder = tmp_path / "saves"
    folder.mkdir()
    for p in pool.iterdir():
        (folder / p.name).write_bytes(p.read_bytes())
    with open_index(save_dirs(folder)) as index:
        result = index.refresh()
    assert result.notice == "" and result.read == len(list(pool.iterdir()))
    return folder


def index_file(folder: Path) -> Path:
    return index_path(save_dirs(folder))


def checkpointed(folder: Path) -> bytes:
    """The index file's bytes with everything in it (the WAL folded in)."""
    path = index_file(folder)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path.read_bytes()


def clobber(folder: Path, data: bytes) -> None:
    path = index_file(folder)
    for p in path.parent.glob(path.name + "-*"):
        p.unlink()
    path.write_bytes(data)


def garbage(folder: Path) -> None:
    clobber(folder, bytes(range(256)) * 40)


def truncated_half(folder: Path) -> None:
    data = checkpointed(folder)
    clobber(folder, data[: len(data) // 2])


def truncated_header(folder: Path) -> None:
    clobber(folder, checkpointed(folder)[:60])  # less than sqlite's 100-byte header


def newer(folder: Path) -> None:
    conn = sqlite3.connect(index_file(folder))
    conn.execute(f"PRAGMA user_version = {index_module.SCHEMA + 1}")
    conn.close()


DAMAGE = {"garbage": garbage, "truncated": truncated_half, "header only": truncated_header, "newer schema": newer}


def scores(folder: Path, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ohseven_tui", "scores", *argv, "--save-dir", str(folder)],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_index_is_rebuilt_with_one_notice(saves, damage):
    before = hashes(saves)
    DAMAGE[damage](saves)
    with open_index(save_dirs(saves)) as index:
        result = index.refresh()
        assert len(result.notice.splitlines()) == 1 and "rebuilt" in result.notice
        assert str(index_file(saves)) in result.notice
        assert_agrees(index, saves, result.warnings)
        assert index.take_notice() == ""  # once
    with open_index(save_dirs(saves)) as index:  # the rebuilt file is a good index: no notice again
        result = index.refresh()
        assert result.notice == "" and result.read == 0
        assert_agrees(index, saves, result.warnings)
    assert hashes(saves) == before


@pytest.mark.parametrize("damage", DAMAGE)
def test_the_cli_says_it_in_one_line_and_exits_0(saves, damage):
    before = hashes(saves)
    DAMAGE[damage](saves)
    done = scores(saves, "list")
    assert done.returncode == 0
    assert len(done.stderr.splitlines()) == 1 and "rebuilt" in done.stderr and "Traceback" not in done.stderr
    for p in saves.glob("*.json"):
        assert f" {p.stem} " in done.stdout
    done = scores(saves, "players")
    assert done.returncode == 0 and done.stderr == ""
    assert hashes(saves) == before


def test_damage_found_after_opening_is_rebuilt_too(saves):
    """The index goes bad under an open connection (another program wrote garbage
    over it): the next query rebuilds it, with one notice."""
    before = hashes(saves)
    index = open_index(save_dirs(saves))
    try:
        assert index.refresh().notice == ""
        path = index_file(saves)
        # Zero the tables' pages (the header and schema page stay): reads now fail.
        data = bytearray(checkpointed(saves))
        page = int.from_bytes(data[16:18], "big")
        data[page:] = b"\xff" * (len(data) - page)
        path.write_bytes(bytes(data))
        result = index.refresh()
        assert len(result.notice.splitlines()) == 1
        assert_agrees(index, saves, result.warnings)
    finally:
        index.close()
    assert hashes(saves) == before


class Locker:
    """Another process holding the index until :meth:`release`: in exclusive
    locking mode (nobody else can read or write it, WAL or not), or else holding
    its write lock (others read, but cannot write)."""

    def __init__(self, path: Path, exclusive_mode: bool = True) -> None:
        code = (
            "import sqlite3, sys\n"
            f"c = sqlite3.connect({str(path)!r}, isolation_level=None, timeout=60)\n"
            + ("c.execute('PRAGMA locking_mode = EXCLUSIVE')\n" if exclusive_mode else "")
            + "c.execute('BEGIN EXCLUSIVE')\n"
            "c.execute('SELECT count(*) FROM saves').fetchone()\n"
            "print('locked', flush=True)\n"
            "sys.stdin.readline()\n"
            "c.execute('ROLLBACK')\n"
        )
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == "locked"

    def release(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("\n")
        self.proc.stdin.close()
        assert self.proc.wait(timeout=60) == 0


def test_a_locked_index_is_bypassed_with_one_notice(saves, monkeypatch):
    monkeypatch.setattr(index_module, "BUSY_MS", 100)  # the lock is never let go: no need to wait long
    before = hashes(saves)
    path = index_file(saves)
    locker = Locker(path)
    try:
        with open_index(save_dirs(saves)) as index:
            result = index.refresh()
            assert len(result.notice.splitlines()) == 1 and "locked" in result.notice
            assert_agrees(index, saves, result.warnings)
        done = scores(saves, "list")
        assert done.returncode == 0 and len(done.stderr.splitlines()) == 1 and "locked" in done.stderr
        assert sorted(p.stem for p in saves.glob("*.json")) == \
            sorted(p.stem for p in saves.glob("*.json") if f" {p.stem} " in done.stdout)
    finally:
        locker.release()
    with open_index(save_dirs(saves)) as index:  # let go: the index is used again, as it was
        result = index.refresh()
        assert result.notice == "" and result.read == 0
        assert_agrees(index, saves, result.warnings)
    assert hashes(saves) == before
    assert sqlite3.connect(path).execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_locked_index_found_after_opening(saves, monkeypatch):
    """Another program takes the write lock while the index is open (exclusive
    locking mode cannot be had while another connection is open) and a new file
    must be written: the refresh reads the files directly, with one notice."""
    monkeypatch.setattr(index_module, "BUSY_MS", 100)
    before = hashes(saves)
    index = open_index(save_dirs(saves))
    try:
        locker = Locker(index_file(saves), exclusive_mode=False)
        try:
            (saves / "copy.json").write_bytes(next(saves.glob("*.json")).read_bytes())
            result = index.refresh()
            assert len(result.notice.splitlines()) == 1 and "locked" in result.notice
            assert_agrees(index, saves, result.warnings)
        finally:
            locker.release()
    finally:
        index.close()
    before["copy.json"] = hashes(saves)["copy.json"]
    assert hashes(saves) == before


def unwritable_by_chmod(folder: Path) -> None:
    state = save_dirs(folder).state
    for p in state.iterdir():
        p.unlink()
    state.chmod(0o555)


def state_is_a_file(folder: Path) -> None:
    state = save_dirs(folder).state
    for p in state.iterdir():
        p.unlink()
    state.rmdir()
    state.write_text("not a folder\n")


def index_is_a_folder(folder: Path) -> None:
    path = index_file(folder)
    for p in path.parent.glob(path.name + "*"):
        p.unlink()
    path.mkdir()


UNWRITABLE = {"chmod": unwritable_by_chmod, "state is a file": state_is_a_file,
              "index is a folder": index_is_a_folder}


@pytest.mark.parametrize("how", UNWRITABLE)
def test_a_state_folder_that_cannot_be_written(saves, how):
    """The index cannot be made: the files are read directly, one notice says so
    (and never that the index was rebuilt), and nothing is written anywhere."""
    UNWRITABLE[how](saves)
    state = save_dirs(saves).state
    try:
        if how == "chmod" and os.access(state, os.W_OK):
            pytest.skip("chmod does not stop this user (root) writing")
        before = hashes(saves)
        state_before = sorted(os.listdir(state)) if state.is_dir() else state.read_bytes()
        with open_index(save_dirs(saves)) as index:
            result = index.refresh()
            assert len(result.notice.splitlines()) == 1, result.notice
            assert "directly" in result.notice and "rebuilt" not in result.notice, result.notice
            assert_agrees(index, saves, result.warnings)
        done = scores(saves, "players")
        assert done.returncode == 0 and len(done.stderr.splitlines()) == 1 and "rebuilt" not in done.stderr
        assert hashes(saves) == before
        assert (sorted(os.listdir(state)) if state.is_dir() else state.read_bytes()) == state_before
    finally:
        if state.is_dir():
            state.chmod(0o755)


def test_a_missing_saves_folder_creates_nothing(tmp_path):
    folder = tmp_path / "never" / "saves"
    with open_index(save_dirs(folder)) as index:
        result = index.refresh()
        assert (result.notice, result.warnings, index.count(), index.players()) == ("", [], 0, [])
    for argv in (["list"], ["players"], ["export", "--all", "--format", "json"]):
        done = scores(folder, *argv)
        assert done.returncode == 0 and done.stderr == ""
    assert list(tmp_path.iterdir()) == []


def test_one_folder_is_one_index_however_its_path_is_spelled(saves, monkeypatch):
    """Issue 35 item 4: `saves`, `./saves` and the absolute path were three folders
    to the index, and each change of spelling re-read every file."""
    monkeypatch.chdir(saves.parent)
    for spelling in ("saves", "./saves", str(saves), str(saves) + "/", "saves/../saves"):
        with open_index(save_dirs(Path(spelling))) as index:
            result = index.refresh()
        assert result.read == 0 and result.notice == "", (spelling, result)


# ---------------------------------------------------------------------------- issue 35, item 5
def test_a_locked_index_reads_only_the_changed_file(saves, monkeypatch):
    """Found by hand: with the index locked by another program, one new file made the
    next look read every file (0.42 s -> 23.3 s at 10,000). The index can still be
    read: a copy of it in memory takes the one change, and the notice says so."""
    monkeypatch.setattr(index_module, "BUSY_MS", 100)
    files = len(list(saves.glob("*.json")))
    index = open_index(save_dirs(saves))
    try:
        locker = Locker(index_file(saves), exclusive_mode=False)
        try:
            (saves / "new.json").write_bytes(next(saves.glob("*.json")).read_bytes())
            result = index.refresh()
            assert result.read == 1, (result.read, files)
            assert len(result.notice.splitlines()) == 1 and "locked" in result.notice
            assert "copy" in result.notice and f"1 of {files + 1} files read" in result.notice
            assert_agrees(index, saves, result.warnings)
        finally:
            locker.release()
    finally:
        index.close()


def test_an_index_that_cannot_be_written_is_read_as_it_is(saves, monkeypatch):
    """Found by hand: a state folder that cannot be written gave "could not be read"
    and a read of every file. The index is read as it is (a copy in memory), only
    the changed file is read, and the notice says the index cannot be written.
    (Tests run as root, where chmod stops nothing: the write is refused by hand.)"""
    files = len(list(saves.glob("*.json")))
    real = index_module._connect

    def read_only(path):
        conn = real(path)
        conn.close()
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(index_module, "_connect", read_only)
    (saves / "new.json").write_bytes(next(saves.glob("*.json")).read_bytes())
    before = hashes(saves)
    with open_index(save_dirs(saves)) as index:
        result = index.refresh()
        assert result.read == 1
        assert len(result.notice.splitlines()) == 1
        assert "cannot be written" in result.notice and "could not be read" not in result.notice
        assert f"1 of {files + 1} files read" in result.notice
        assert_agrees(index, saves, result.warnings)
    assert hashes(saves) == before


def test_an_index_nobody_may_write_is_read_as_it_is(pool):
    """Found by benchmarks/saves.py (issue 35, item 5): an index its reader may not
    write (the file and its folder another user's, no -wal or -shm beside it: the
    last writer closed it) made one new file read every file again. SQLite cannot
    open such a WAL database even read-only (it would make the -shm file); nobody
    writes it while no -wal file is there, so it is read as unchanging."""
    import shutil
    import tempfile

    from test_storage_bad_input import unprivileged

    base = Path(tempfile.mkdtemp(prefix="ohseven-ro-"))
    try:
        base.chmod(0o755)
        folder = base / "saves"
        folder.mkdir()
        for p in pool.iterdir():
            (folder / p.name).write_bytes(p.read_bytes())
            (folder / p.name).chmod(0o644)
        with open_index(save_dirs(folder)) as index:
            index.refresh()
        state = save_dirs(folder).state
        assert sorted(os.listdir(state)) == [index_module.INDEX_NAME]  # closed: no -wal, no -shm
        (folder / "new.json").write_bytes(next(pool.iterdir()).read_bytes())
        (folder / "new.json").chmod(0o644)
        before = hashes(folder)
        with unprivileged():
            assert not os.access(state, os.W_OK, effective_ids=os.access in os.supports_effective_ids)
            with open_index(save_dirs(folder)) as index:
                result = index.refresh()
                assert result.read == 1, (result.read, result.notice)
                assert len(result.notice.splitlines()) == 1 and "copy" in result.notice, result.notice
                assert_agrees(index, folder, result.warnings)
        assert hashes(folder) == before
        assert sorted(os.listdir(state)) == [index_module.INDEX_NAME]
    finally:
        shutil.rmtree(base)
