"""No game is ever lost (issue 10, section 2), at the storage level: a game's id
is kept in every save of it, an unfinished game can be put aside with the saves,
and filing is idempotent (one game, one entry, whatever the order of events).
The UI and CLI tests are in test_ui_put_aside.py and test_play_cli_put_aside.py."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from ohseven_tui import storage
from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.storage import (
    finish_game,
    game_id,
    list_saves,
    load_autosave,
    load_save,
    put_aside_autosave,
    save_dirs,
    write_autosave,
)

SAMPLES = Path(__file__).resolve().parents[1] / "saves"


@pytest.fixture
def dirs(tmp_path):
    return save_dirs(tmp_path / "saves")


def a_game(seed: int = 3, players: int = 3) -> Game:
    return Game(make_rules("oh-seven", players), seed=seed, seats=[Seat(f"P{i}", "easy") for i in range(players)])


def play(game: Game, count: int, rng: random.Random) -> Game:
    for _ in range(count):
        if game.is_over:
            break
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(seats[0])))
    return game


def history(game: Game) -> list[str]:
    return [str(a) for a in game.history]


def test_put_aside_keeps_the_game_with_the_saves_marked_unfinished(dirs):
    game = play(a_game(), 20, random.Random(1))
    write_autosave(dirs, game)
    path = put_aside_autosave(dirs)
    assert path.parent == dirs.saves
    assert not dirs.autosave.exists() and load_autosave(dirs) is None
    (entry,), warnings = list_saves(dirs)
    assert warnings == [] and entry.path == path and not entry.finished
    assert history(entry.game) == history(game)
    assert json.loads(path.read_text(encoding="utf-8"))["summary"]["finished"] is False


def test_put_aside_without_an_autosave_does_nothing(dirs):
    assert put_aside_autosave(dirs) is None
    assert not dirs.saves.exists()


def test_a_resumed_put_aside_game_keeps_its_id_and_is_filed_once_over_its_entry(dirs):
    rng = random.Random(2)
    game = play(a_game(seed=5), 15, rng)
    write_autosave(dirs, game)
    entry = put_aside_autosave(dirs)
    resumed = load_save(entry)  # the saved games list's Continue
    assert game_id(resumed.game) == resumed.game_id == game_id(game)
    while not resumed.game.is_over:  # the table: an autosave after every action
        play(resumed.game, 1, rng)
        write_autosave(dirs, resumed.game)
        assert json.loads(dirs.autosave.read_text(encoding="utf-8"))["game_id"] == game_id(game)
    filed = finish_game(dirs, resumed.game)
    assert filed == entry  # the put-aside entry is replaced by the finished game
    (only,), _ = list_saves(dirs)
    assert only.finished and history(only.game) == history(resumed.game)
    assert not dirs.autosave.exists()


def test_putting_the_same_game_aside_again_updates_its_one_entry(dirs):
    rng = random.Random(3)
    game = play(a_game(seed=6), 12, rng)
    write_autosave(dirs, game)
    first = put_aside_autosave(dirs)
    resumed = load_save(first).game
    play(resumed, 10, rng)
    write_autosave(dirs, resumed)
    assert put_aside_autosave(dirs) == first
    (entry,), _ = list_saves(dirs)
    assert history(entry.game) == history(resumed) and len(entry.game.history) == len(game.history) + 10


def test_filing_one_game_twice_makes_one_entry(dirs):
    game = play(a_game(seed=7), 10_000, random.Random(4))
    write_autosave(dirs, game)
    first = finish_game(dirs, game)
    write_autosave(dirs, game)  # as if the autosave had come back
    assert finish_game(dirs, game) == first
    assert load_autosave(dirs) is None and not dirs.autosave.exists()
    assert len(list_saves(dirs)[0]) == 1


def test_another_games_autosave_is_never_cleared_by_filing(dirs):
    rng = random.Random(5)
    other = play(a_game(seed=8), 10, rng)
    write_autosave(dirs, other)
    finish_game(dirs, play(a_game(seed=9), 10_000, rng))
    assert history(load_autosave(dirs)) == history(other)


def test_two_new_games_with_one_seed_are_two_games(dirs):
    """The id is not derived from the deal: the same seed twice is two games."""
    a, b = play(a_game(seed=1), 10_000, random.Random(6)), play(a_game(seed=1), 10_000, random.Random(6))
    assert game_id(a) != game_id(b)
    finish_game(dirs, a)
    finish_game(dirs, b)
    assert len(list_saves(dirs)[0]) == 2


def test_saves_without_an_id_still_load_with_one_derived_from_the_game(tmp_path):
    """Every copy of an old file gets the same id; different games differ."""
    d = tmp_path / "old"
    shutil.copytree(SAMPLES, d, ignore=shutil.ignore_patterns("*.py", "*.sh", "*.md"))
    shutil.copy(d / "sim-4-0001.json", d / "copy-of-sim-4.json")
    assert all("game_id" not in json.loads(p.read_text(encoding="utf-8")) for p in d.glob("*.json"))
    saves, warnings = list_saves(save_dirs(d))
    assert warnings == []
    ids = {s.id: s.game_id for s in saves}
    assert ids["copy-of-sim-4"] == ids["sim-4-0001"] == load_save(d / "sim-4-0001.json").game_id
    assert len(set(ids.values())) == len(ids) - 1
    assert all(ids.values())


def test_an_old_finished_autosave_already_filed_is_not_filed_again(tmp_path):
    """Files from before ids: the kill between filing and clearing still files once."""
    d = save_dirs(tmp_path / "s")
    d.state.mkdir(parents=True)
    shutil.copy(SAMPLES / "sim-7-0001.json", d.saves / "sim-7-0001.json")
    shutil.copy(SAMPLES / "sim-7-0001.json", d.autosave)
    assert load_autosave(d) is None and not d.autosave.exists()
    assert [s.id for s in list_saves(d)[0]] == ["sim-7-0001"]


@pytest.mark.parametrize("bad", ["", "a b", "x" * 65, 7, None])
def test_a_bad_game_id_is_one_line_naming_the_field(tmp_path, dirs, bad):
    game = play(a_game(), 5, random.Random(7))
    write_autosave(dirs, game)
    data = json.loads(dirs.autosave.read_text(encoding="utf-8"))
    data["game_id"] = bad
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(storage.SaveError, match="'game_id' field") as info:
        load_save(path)
    assert "\n" not in str(info.value)
