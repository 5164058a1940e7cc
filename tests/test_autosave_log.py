"""The table server's autosave as a log (storage.AutosaveLog, issue 22 §2 and §4's
load figures): written whole once, then one appended line per action; read back by
the same loaders as any autosave, a line cut short by a kill left out, a bad line
one readable error with the file kept.
"""

from __future__ import annotations

import random

import pytest

from ohseven_tui import storage
from ohseven_tui.engine.registry import game_spec
from ohseven_tui.storage import AutosaveLog, SaveError, save_dirs


@pytest.fixture
def dirs(tmp_path):
    return save_dirs(tmp_path / "saves")


def random_game(name: str = "oh-seven", seed: int = 3):
    spec = game_spec(name)
    return spec.new_game(spec.check_options({"players": 4}), seed=seed), random.Random(seed)


def play(game, rng, count: int, log=None) -> None:
    for _ in range(count):
        seats = game.to_act()
        game.apply(rng.choice(game.legal_actions(seats[0] if seats else None)))
        if log is not None:
            log.write(game)


def texts(game) -> list[str]:
    return [game.spec.action_text(a) for a in game.history]


def test_each_action_is_one_appended_line_and_loads_back(dirs):
    game, rng = random_game()
    log = AutosaveLog(dirs, app={"host": True})
    log.write(game)
    first = dirs.autosave.read_bytes()
    assert first.count(b"\n") == 1
    play(game, rng, 25, log)
    raw = dirs.autosave.read_bytes()
    assert raw.startswith(first)  # never rewritten: only appended to
    assert raw.count(b"\n") == 26
    saved = storage.load_autosave_save(dirs)
    assert saved is not None
    assert texts(saved.game) == texts(game)
    assert saved.app == {"host": True}
    assert saved.game_id == storage.game_id(game)
    log.close()


def test_a_line_cut_short_by_a_kill_is_left_out(dirs):
    game, rng = random_game()
    log = AutosaveLog(dirs)
    play(game, rng, 12, log)
    log.close()
    with open(dirs.autosave, "ab") as f:
        f.write(b'["half a mo')  # the write a kill cut short: no newline
    loaded = storage.load_autosave(dirs)
    assert loaded is not None and texts(loaded) == texts(game)


@pytest.mark.parametrize("line", [b"not json", b'{"a": 1}', b"[1, 2]", b'["no such move"]', b"\xff\xfe"])
def test_a_bad_line_is_one_readable_error_and_the_file_is_kept(dirs, line):
    game, rng = random_game()
    log = AutosaveLog(dirs)
    play(game, rng, 5, log)
    log.close()
    with open(dirs.autosave, "ab") as f:
        f.write(line + b"\n")
    before = dirs.autosave.read_bytes()
    with pytest.raises(SaveError) as caught:
        storage.load_autosave(dirs)
    message = str(caught.value)
    assert "\n" not in message and "autosave" in message
    kept = [p for p in dirs.state.iterdir() if p.name.startswith("autosave-unreadable")]
    assert len(kept) == 1 and kept[0].read_bytes() == before


def test_another_game_or_a_failed_write_starts_the_file_over(dirs):
    game, rng = random_game()
    log = AutosaveLog(dirs)
    play(game, rng, 6, log)
    other, rng2 = random_game("classic", seed=5)
    play(other, rng2, 3)
    log.write(other)
    assert dirs.autosave.read_bytes().count(b"\n") == 1
    log.close()  # as after a failed write
    play(other, rng2, 2, None)
    log.write(other)
    assert dirs.autosave.read_bytes().count(b"\n") == 1
    loaded = storage.load_autosave(dirs)
    assert loaded is not None and texts(loaded) == texts(other)


def test_filing_the_finished_game_clears_its_log(dirs):
    game, rng = random_game("classic", seed=9)
    log = AutosaveLog(dirs)
    while not game.is_over:
        play(game, rng, 1, log)
        if game.is_over:
            break
    log.close()
    assert dirs.autosave.exists()
    path = storage.finish_game(dirs, game)
    assert not dirs.autosave.exists()
    assert texts(storage.load_save(path).game) == texts(game)


def test_a_pretty_printed_autosave_still_loads(dirs):
    """An autosave over several lines that is not a log (a save file copied there)."""
    game, rng = random_game()
    play(game, rng, 8)
    storage.write_save(dirs.autosave, game, replace=True)
    assert dirs.autosave.read_bytes().count(b"\n") > 2
    loaded = storage.load_autosave(dirs)
    assert loaded is not None and texts(loaded) == texts(game)
