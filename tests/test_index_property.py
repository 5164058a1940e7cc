"""The saved-games index agrees with a full replay of its folder (issue 20, Tests):
random steps add a save, change one (another game's bytes; the same size with
other bytes, its modification time kept or not), delete one, corrupt one
(truncated, garbage, not JSON, a folder named like a save) or touch one (the
same bytes, a new modification time). After each step the index is brought up
to date and what it lists (ids, dates, games, names, players, totals, winners,
finished), its warnings (one per bad file) and its players' figures per family
are those of a full replay (tests/index_saves.py: ``load_save`` and each
family's ``spec.sheet`` / ``spec.stats``, the players from the raw JSON).
Deleting the index file loses nothing: the answers after it are the same.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from index_saves import assert_agrees, folder_facts, make_pool

from ohseven_tui.storage import index as index_module
from ohseven_tui.storage import save_dirs
from ohseven_tui.storage.index import index_path, open_index

POOL_DIR = Path(tempfile.mkdtemp(prefix="ohseven-index-pool-"))
POOL: list[bytes] = [p.read_bytes() for p in make_pool(POOL_DIR, per_game=2)]
shutil.rmtree(POOL_DIR)


def same_size_variant(data: bytes) -> bytes:
    """Other bytes of the same length that are still a good save of the same
    game: another date, and the human Ann renamed Ana everywhere she appears."""
    doc = json.loads(data)
    date = doc["date"]
    other = date.replace(date[5:7], "12" if date[5:7] != "12" else "11", 1)
    out = data.replace(date.encode(), other.encode()).replace(b'"Ann"', b'"Ana"')
    assert len(out) == len(data) and out != data
    return out


CORRUPT = {
    "truncated": lambda data: data[: len(data) // 2],
    "garbage": lambda data: bytes((i * 151 + 7) % 256 for i in range(300)),
    "not JSON": lambda data: b"not a saved game {\n",
    "a JSON list": lambda data: b"[1, 2, 3]\n",
}


class Folder(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(prefix="ohseven-index-prop-"))
        self.saves = self.tmp / "saves"
        self.saves.mkdir()
        self.dirs = save_dirs(self.saves)
        # Every file here is new: inside the racy window every row would be read again
        # at each refresh, and the stamps (size, times, inode) would never be compared.
        self.racy, index_module.RACY_NS = index_module.RACY_NS, 0
        self.index = open_index(self.dirs)  # kept open over the steps, as the app keeps it
        self.made = 0
        self.clock = 1_800_000_000 * 10**9  # modification times the steps set (never the machine's clock)

    def teardown(self) -> None:
        index_module.RACY_NS = self.racy
        self.index.close()
        shutil.rmtree(self.tmp, ignore_errors=True)

    # -- helpers -----------------------------------------------------------------
    def names(self) -> list[str]:
        return sorted(p.name for p in self.saves.glob("*.json"))

    def pick(self, i: int) -> Path:
        names = self.names()
        return self.saves / names[i % len(names)]

    def put(self, path: Path, data: bytes, *, atomic: bool = False) -> None:
        if path.is_dir():
            path.rmdir()
        if atomic:  # as the app writes: a new file renamed over the old one
            tmp = path.with_name("." + path.name + ".tmp")
            tmp.write_bytes(data)
            os.replace(tmp, path)
        else:  # as an editor or a copy writes: the same file, new bytes
            with open(path, "wb") as fh:
                fh.write(data)
        self.tick(path)

    def tick(self, path: Path) -> None:
        self.clock += 10**9
        os.utime(path, ns=(self.clock, self.clock))

    def has_files(self) -> bool:
        return bool(self.names())

    def has_good_files(self) -> bool:
        return any(p.is_file() and p.read_bytes() in POOL for p in self.saves.glob("*.json"))

    # -- steps -------------------------------------------------------------------
    @rule(k=st.integers(0, len(POOL) - 1))
    def add(self, k: int) -> None:
        self.made += 1
        self.put(self.saves / f"game-{self.made}.json", POOL[k])

    @precondition(has_files)
    @rule(i=st.integers(0, 99), k=st.integers(0, len(POOL) - 1), atomic=st.booleans())
    def replace(self, i: int, k: int, atomic: bool) -> None:
        path = self.pick(i)
        data = POOL[k] if not path.is_file() or path.read_bytes() != POOL[k] else POOL[(k + 1) % len(POOL)]
        self.put(path, data, atomic=atomic)

    @precondition(has_good_files)
    @rule(i=st.integers(0, 99), keep_mtime=st.booleans())
    def same_size(self, i: int, keep_mtime: bool) -> None:
        """Other bytes of the same size; ``keep_mtime``: its modification time kept
        too (a copy with ``cp -p`` or ``rsync -t``, a backup restored, or a clock
        too coarse to tell two writes apart)."""
        good = [p for p in self.saves.glob("*.json") if p.is_file() and p.read_bytes() in POOL]
        path = sorted(good)[i % len(good)]
        st_before = os.stat(path)
        with open(path, "r+b") as fh:
            fh.write(same_size_variant(path.read_bytes()))
        if keep_mtime:
            os.utime(path, ns=(st_before.st_atime_ns, st_before.st_mtime_ns))
        else:
            self.tick(path)

    @precondition(has_files)
    @rule(i=st.integers(0, 99))
    def delete(self, i: int) -> None:
        path = self.pick(i)
        if path.is_dir():
            path.rmdir()
        else:
            path.unlink()

    @precondition(has_files)
    @rule(i=st.integers(0, 99), how=st.sampled_from(sorted(CORRUPT)))
    def corrupt(self, i: int, how: str) -> None:
        path = self.pick(i)
        self.put(path, CORRUPT[how](path.read_bytes() if path.is_file() else b"{}"))

    @rule()
    def folder_named_like_a_save(self) -> None:
        self.made += 1
        (self.saves / f"folder-{self.made}.json").mkdir()

    @precondition(has_files)
    @rule(i=st.integers(0, 99))
    def touch(self, i: int) -> None:
        self.tick(self.pick(i))

    @rule()
    def delete_the_index(self) -> None:
        """Deleting the index loses nothing: a new one gives the same answers."""
        self.index.close()
        path = index_path(self.dirs)
        for p in path.parent.glob(path.name + "*"):
            p.unlink()
        self.index = open_index(self.dirs)

    # -- the check ---------------------------------------------------------------
    @invariant()
    def agrees_with_a_full_replay(self) -> None:
        result = self.index.refresh()
        assert result.notice == ""
        assert result.files == len(self.names())
        assert_agrees(self.index, self.saves, result.warnings, fast=True)
        _, warnings = folder_facts(self.saves, fast=True)
        assert len(result.warnings) == len(warnings) == sum(
            1 for p in self.saves.glob("*.json") if not (p.is_file() and p.read_bytes() in _good_bytes()))


def _good_bytes() -> set[bytes]:
    return set(POOL) | {same_size_variant(d) for d in POOL} | {
        same_size_variant(same_size_variant(d)) for d in POOL}


Folder.TestCase.settings = settings(max_examples=15, stateful_step_count=12, deadline=None,
                                    suppress_health_check=[HealthCheck.too_slow])
test_index_agrees_with_a_full_replay = Folder.TestCase


def test_the_same_size_variant_is_a_good_save_of_other_bytes(tmp_path):
    """The test's own tool: a same-size rewrite is still a save, with another date."""
    for data in POOL[:3]:
        variant = same_size_variant(data)
        (tmp_path / "a.json").write_bytes(data)
        (tmp_path / "b.json").write_bytes(variant)
        facts, warnings = folder_facts(tmp_path)
        assert warnings == [] and facts["a"].date != facts["b"].date


@pytest.mark.parametrize("keep_mtime", [False, True])
def test_a_same_size_rewrite_is_read_again(tmp_path, keep_mtime, monkeypatch):
    """One step of the property test, named: another game of the same size written
    over a save (its modification time kept too, as ``cp -p`` keeps it)."""
    saves = tmp_path / "saves"
    saves.mkdir()
    path = saves / "game.json"
    path.write_bytes(POOL[0])
    monkeypatch.setattr(index_module, "RACY_NS", 0)  # the file is new: compare its stamps, not the window
    with open_index(save_dirs(saves)) as index:
        index.refresh()
        before = os.stat(path)
        with open(path, "r+b") as fh:
            fh.write(same_size_variant(POOL[0]))
        if keep_mtime:
            os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
        result = index.refresh()
        assert_agrees(index, saves, result.warnings)


@pytest.mark.parametrize("window", [0, 10**18])
def test_a_file_read_in_the_racy_window_is_read_again(tmp_path, monkeypatch, window):
    """A file changed within RACY_NS of being read may change again unseen on a
    coarse clock: its row is read again at the next refresh; outside it, not."""
    monkeypatch.setattr(index_module, "RACY_NS", window)
    saves = tmp_path / "saves"
    saves.mkdir()
    for k in range(3):
        (saves / f"g{k}.json").write_bytes(POOL[k])
    with open_index(save_dirs(saves)) as index:
        assert index.refresh().read == 3
        assert index.refresh().read == (3 if window else 0)
        assert_agrees(index, saves)
