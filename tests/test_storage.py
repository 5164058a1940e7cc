"""Saved games on disk (issue 5, sections 1-3): where saves live, the save format,
atomic writes, autosave and resume, finishing a game, the last setup.

Every test uses a temporary directory, never the user's.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import platformdirs
import pytest

from ohseven_tui import storage
from ohseven_tui.engine import record as records
from ohseven_tui.games.ohhell import DEAL, Game, Phase, Seat, make_rules
from ohseven_tui.storage import (
    SaveError,
    clear_autosave,
    finish_game,
    list_saves,
    load_autosave,
    load_save,
    load_setup,
    save_dirs,
    save_setup,
    write_autosave,
)


@pytest.fixture(autouse=True)
def _no_user_dirs(monkeypatch, tmp_path):
    """Point the env override at a temporary directory: nothing reaches the user's."""
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


@pytest.fixture
def dirs(tmp_path):
    return save_dirs(tmp_path / "saves")


def new_game(players=4, passing=False, seed=11, names=None) -> Game:
    names = names or [f"P{i + 1}" for i in range(players)]
    return Game(make_rules("oh-seven", players, passing=passing), seed=seed, seats=[Seat(n, "easy") for n in names])


def step(game: Game, bots, count: int) -> None:
    """Apply ``count`` actions, bots choosing, seats in order (like play_game)."""
    for _ in range(count):
        if game.is_over:
            return
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
        else:
            game.apply(bots[seats[0]].choose(game.observation(seats[0])))


class RandomSeat:
    """A seeded random legal choice from the seat's observation (kept here so these
    tests do not move when the bots change)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, observation):
        return self.rng.choice(observation.legal_actions)


def bots_for(game: Game, seed=5):
    return [RandomSeat(seed * 16 + s) for s in range(game.players)]


def play_game(game: Game, bots) -> Game:
    while not game.is_over:
        step(game, bots, 1)
    return game


def finished_game(players=4, passing=False, seed=11, names=None) -> Game:
    game = new_game(players, passing, seed, names)
    return play_game(game, bots_for(game))


def files_in(directory: Path) -> dict:
    return {p.relative_to(directory).as_posix(): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


# ---------------------------------------------------------------------------- where saves live
def test_default_dirs_are_the_platform_data_and_state_dirs(monkeypatch):
    monkeypatch.delenv("OHSEVEN_SAVE_DIR", raising=False)
    d = save_dirs()
    assert d.saves == platformdirs.user_data_path("ohseven") / "saves"
    assert d.state == platformdirs.user_state_path("ohseven")
    assert d.autosave.parent == d.state and d.setup.parent == d.state


def test_save_dir_argument_overrides_both(tmp_path):
    d = save_dirs(tmp_path / "mine")
    assert d.saves == tmp_path / "mine"
    assert d.state == tmp_path / "mine" / ".state"


def test_env_var_overrides_and_argument_beats_env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "from-env"))
    assert save_dirs().saves == tmp_path / "from-env"
    assert save_dirs().state == tmp_path / "from-env" / ".state"
    assert save_dirs(tmp_path / "arg").saves == tmp_path / "arg"


def test_save_dirs_creates_nothing(tmp_path):
    save_dirs(tmp_path / "not-yet")
    assert not (tmp_path / "not-yet").exists()


# ---------------------------------------------------------------------------- format
def test_save_file_is_the_record_plus_a_scoresheet_summary(dirs):
    game = finished_game(names=["Ann", "Bob", "Cy", "Di"])
    path = finish_game(dirs, game)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "ohseven-save" and data["version"] == 1
    assert data["record"] == records.to_record(game)
    summary = data["summary"]
    assert summary["players"] == ["Ann", "Bob", "Cy", "Di"]
    assert summary["game"] == "oh-seven" and summary["options"] == {"players": 4, "passing": False}
    assert summary["finished"] is True
    # Totals and winner, from the round logs by R17 (sum of round points) and R4 (highest total).
    totals = [sum(r["round_points"][s] for r in data["record"]["rounds"]) for s in range(4)]
    assert summary["totals"] == totals
    assert summary["winners"] == [n for n, t in zip(summary["players"], totals) if t == max(totals)]
    assert data["date"].endswith("Z") and data["date"][:2] == "20"


def test_a_save_loads_back_to_the_same_game(dirs):
    game = finished_game(players=5, passing=True, seed=3)
    saved = load_save(finish_game(dirs, game))
    assert [str(a) for a in saved.game.history] == [str(a) for a in game.history]
    assert saved.game.totals == game.totals and saved.game.results() == game.results()
    assert saved.finished and saved.id == saved.path.stem


def test_bare_engine_record_from_an_older_simulate_still_loads(tmp_path):
    """Before save files had a summary, simulate wrote bare records: they still load."""
    game = finished_game(players=2, seed=9)
    path = tmp_path / "old.json"
    path.write_text(records.dumps(game), encoding="utf-8")
    saved = load_save(path)
    assert saved.game.totals == game.totals and saved.finished


@pytest.mark.parametrize("version, words", [(2, "newer ohseven"), (0, "does not exist")])
def test_other_format_versions_are_refused_clearly(tmp_path, version, words):
    game = finished_game(players=2, seed=9)
    data = storage.save_data(game)
    data["version"] = version
    path = tmp_path / "v.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_save(path)
    assert words in str(err.value) and str(path) in str(err.value)


def test_summary_that_disagrees_with_the_record_is_refused(tmp_path):
    game = finished_game(players=2, seed=9)
    data = storage.save_data(game)
    data["summary"]["totals"] = [t + 100 for t in data["summary"]["totals"]]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="summary's 'totals' does not match"):
        load_save(path)


# ---------------------------------------------------------------------------- atomic writes
def test_write_goes_through_a_temp_file_fsync_and_replace(dirs, monkeypatch):
    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}") if os.path.exists(f"/proc/self/fd/{fd}") else fd))
        return real_fsync(fd)

    def replace(src, dst):
        events.append(("replace", str(src), str(dst)))
        return real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    game = new_game()
    step(game, bots_for(game), 5)
    write_autosave(dirs, game)
    kinds = [e[0] for e in events]
    assert "replace" in kinds
    rep = events[kinds.index("replace")]
    tmp, target = Path(rep[1]), Path(rep[2])
    assert target == dirs.autosave and tmp.parent == target.parent and tmp != target
    # The temp file was fsynced before the rename.
    assert any(e[0] == "fsync" and str(e[1]) == str(tmp) for e in events[: kinds.index("replace")])
    assert not tmp.exists()
    assert [p.name for p in dirs.state.iterdir()] == ["autosave.json"]


def test_a_failed_write_leaves_the_old_autosave_whole(dirs, monkeypatch):
    game = new_game()
    bots = bots_for(game)
    step(game, bots, 10)
    write_autosave(dirs, game)
    before = dirs.autosave.read_bytes()
    step(game, bots, 3)

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError) as err:
        write_autosave(dirs, game)
    assert "No space left" in str(err.value) and str(dirs.autosave) in str(err.value)
    assert dirs.autosave.read_bytes() == before
    assert [p.name for p in dirs.state.iterdir()] == ["autosave.json"]  # no temp file left


# ---------------------------------------------------------------------------- autosave and resume
def observations(game: Game):
    return [game.observation(s) for s in range(game.players)]


@pytest.mark.parametrize("players, passing, actions", [(4, False, 1), (4, True, 3), (5, True, 40), (9, False, 120), (2, True, 90)])
def test_resume_same_phase_same_hands_same_seat(dirs, players, passing, actions):
    game = new_game(players, passing, seed=players * 100 + actions)
    bots = bots_for(game)
    step(game, bots, actions)
    write_autosave(dirs, game)
    resumed = load_autosave(dirs)
    assert resumed.phase is game.phase
    assert resumed.to_act() == game.to_act() and resumed.current_seat == game.current_seat
    assert observations(resumed) == observations(game)  # hands, face-down choices, trick, totals
    # And the resumed game goes on exactly as the original would.
    bots2 = bots_for(game, seed=77)
    bots3 = bots_for(game, seed=77)
    play_game(game, bots2)
    play_game(resumed, bots3)
    assert resumed.totals == game.totals and resumed.results() == game.results()


def test_resume_mid_simultaneous_bid_keeps_face_down_choices(dirs):
    game = new_game(4, False, seed=21)
    game.apply(DEAL)
    first = game.legal_actions(0)[0]
    game.apply(first)  # seat 0 has laid a card face down; seats 1-3 still owe one
    write_autosave(dirs, game)
    resumed = load_autosave(dirs)
    assert resumed.phase is Phase.BID and resumed.to_act() == (1, 2, 3)
    assert resumed.observation(0).my_bid == first.card


def test_autosave_after_every_action_and_app_state_kept(dirs):
    game = new_game(2, False, seed=4)
    bots = bots_for(game)
    for _ in range(30):
        step(game, bots, 1)
        write_autosave(dirs, game, app={"viewing_seat": 1})
        assert len(load_autosave(dirs).history) == len(game.history)
    assert storage.load_autosave_save(dirs).app == {"viewing_seat": 1}


def test_no_autosave_is_none_and_clear_is_idempotent(dirs):
    assert load_autosave(dirs) is None
    clear_autosave(dirs)
    write_autosave(dirs, new_game())
    clear_autosave(dirs)
    assert load_autosave(dirs) is None and not dirs.autosave.exists()


def test_finished_game_moves_to_saves_and_clears_autosave(dirs):
    game = new_game(4, True, seed=8)
    bots = bots_for(game)
    while not game.is_over:
        step(game, bots, 1)
        if not game.is_over:
            write_autosave(dirs, game)
    assert dirs.autosave.exists()
    path = finish_game(dirs, game)
    assert path.parent == dirs.saves and path.suffix == ".json"
    assert not dirs.autosave.exists()
    saves, warnings = list_saves(dirs)
    assert [s.path for s in saves] == [path] and warnings == []
    assert saves[0].game.totals == game.totals


def test_finish_game_never_overwrites_an_existing_save(dirs, monkeypatch):
    monkeypatch.setattr(storage.saves, "new_save_name", lambda game, when=None: "same-name")
    dirs.saves.mkdir(parents=True)
    mine = dirs.saves / "same-name.json"
    mine.write_bytes(b"the user's own file")
    path = finish_game(dirs, finished_game(players=2, seed=1))
    assert path.name == "same-name-2.json"
    assert mine.read_bytes() == b"the user's own file"


def test_write_save_refuses_to_replace_unless_asked(tmp_path):
    target = tmp_path / "x.json"
    target.write_text("keep me")
    game = finished_game(players=2, seed=2)
    with pytest.raises(SaveError, match="already exists"):
        storage.write_save(target, game)
    assert target.read_text() == "keep me"
    storage.write_save(target, game, replace=True)
    assert load_save(target).game.totals == game.totals


def test_list_ignores_the_state_dir_hidden_and_other_files(dirs):
    finish_game(dirs, finished_game(players=2, seed=1))
    write_autosave(dirs, new_game())
    (dirs.saves / ".half-written.json.123.tmp").write_text("{")
    (dirs.saves / "notes.txt").write_text("not a save")
    saves, warnings = list_saves(dirs)
    assert len(saves) == 1 and warnings == []


def test_list_of_a_missing_directory_is_empty(tmp_path):
    assert list_saves(save_dirs(tmp_path / "none")) == ([], [])


# ---------------------------------------------------------------------------- last setup
def test_setup_round_trip(dirs):
    assert load_setup(dirs) is None
    setup = {"players": 5, "passing": True, "names": ["Ann", "Bot 2"], "bots": ["human", "easy"]}
    save_setup(dirs, setup)
    assert load_setup(dirs) == setup
    assert dirs.setup.parent == dirs.state


def test_corrupt_setup_is_a_one_line_error_and_kept(dirs):
    dirs.state.mkdir(parents=True)
    dirs.setup.write_text('{"format": "ohseven-setup", "setup": ')
    with pytest.raises(SaveError) as err:
        load_setup(dirs)
    assert str(dirs.setup) in str(err.value) and "\n" not in str(err.value)
    kept = list(dirs.state.glob("setup-unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == '{"format": "ohseven-setup", "setup": '
    save_setup(dirs, {"players": 2})  # the next setup cannot overwrite the bad one
    assert kept[0].read_text() == '{"format": "ohseven-setup", "setup": '


def test_delete_save_only_inside_the_saves_dir(dirs, tmp_path):
    path = finish_game(dirs, finished_game(players=2, seed=3))
    outside = tmp_path / "elsewhere.json"
    outside.write_text("mine")
    with pytest.raises(SaveError, match="not deleted"):
        storage.delete_save(dirs, outside)
    assert outside.read_text() == "mine"
    storage.delete_save(dirs, path)
    assert not path.exists()


def test_autosave_of_a_finished_game_is_filed_on_load(dirs):
    """Stopped after the last action but before the game was filed: loading finishes the move."""
    game = finished_game(players=3, seed=6)
    write_autosave(dirs, game)
    assert load_autosave(dirs) is None
    assert not dirs.autosave.exists()
    saves, warnings = list_saves(dirs)
    assert warnings == [] and len(saves) == 1 and saves[0].game.totals == game.totals


def test_a_killed_writes_temp_file_is_swept_by_the_next_process_only(tmp_path, monkeypatch):
    import subprocess
    import sys

    from ohseven_tui import storage

    d = save_dirs(tmp_path / "s")
    d.state.mkdir(parents=True)
    # A process that is gone for sure: run one and wait for it to exit.
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    stale = d.state / f".autosave.json.{gone.pid}.tmp"
    stale.write_text("{half a save")
    alive = d.state / f".autosave.json.{os.getppid()}.tmp"  # a live writer's file
    alive.write_text("{being written")
    other = d.state / "notes.1.tmp"  # not one of ours
    other.write_text("keep me")
    monkeypatch.setattr(storage.files, "_swept", set())
    write_autosave(d, new_game(3))
    assert not stale.exists()
    assert alive.read_text() == "{being written"
    assert other.read_text() == "keep me"
    assert load_autosave(d) is not None
