"""Bad save files (issue 5, section 6). Each kind of bad input has its own test id,
and for each one: a one-line message naming the file and no traceback; the list
skips it with a warning; ``scores show BAD`` exits 2; and the file is byte-for-byte
unchanged after every command. Nothing is unpickled or evaluated.

Tests run as root in CI, and root ignores file modes, so the permission tests drop
to the ``nobody`` user (effective uid only, restored after) around the one call
that must be refused; a control call in the same context shows it can read
otherwise. They skip only if the process cannot change its effective uid.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import stat
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from ohseven_tui import storage
from ohseven_tui.cli import main
from ohseven_tui.games.ohhell import Game, make_rules
from ohseven_tui.storage import SaveError, list_saves, load_autosave, load_save, save_dirs, write_autosave

ROOT = Path(__file__).resolve().parents[1]
GOOD = ROOT / "saves" / "sim-7-0001.json"  # a real 2-player sample game


@pytest.fixture(autouse=True)
def _no_user_dirs(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    monkeypatch.setenv("COLUMNS", "200")


def good_data() -> dict:
    return json.loads(GOOD.read_text(encoding="utf-8"))


def _truncated() -> bytes:
    raw = GOOD.read_bytes()
    return raw[: len(raw) // 2]


def _wrong_version() -> bytes:
    data = good_data()
    data["version"] = 99
    return json.dumps(data).encode()


def _wrong_types() -> bytes:
    data = good_data()
    data["record"]["seed"] = "seven"
    return json.dumps(data).encode()


def _illegal_actions() -> bytes:
    """Swap two plays in one trick: the second seat now plays out of turn (R14)."""
    data = good_data()
    actions = data["record"]["actions"]
    i = next(i for i, a in enumerate(actions) if " play " in a and " play " in actions[i + 1])
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    return json.dumps(data).encode()


def _deeply_nested() -> bytes:
    return b"[" * 200_000 + b"]" * 200_000  # deeper than Python's recursion limit


def _nested_past_the_depth_check() -> bytes:
    return b'{"format": "ohseven-save", "a": ' + b"[" * 500 + b"]" * 500 + b"}"


HUGE = storage.MAX_BYTES + 1


# name -> (bytes maker, or None for the sparse huge file; words the message must have)
CASES = {
    "empty": (lambda: b"", "is empty"),
    "truncated": (_truncated, "cut short"),
    "not-json": (lambda: b"Scores: Ann 12, Ben 9\n", "not valid JSON"),
    "wrong-version": (_wrong_version, "format version 99"),
    "wrong-field-types": (_wrong_types, "'seed' field must be an integer"),
    "illegal-actions": (_illegal_actions, "is illegal"),
    "huge": (None, "10 MB"),
    "deeply-nested": (_deeply_nested, "nested too deeply"),
    "nested-500": (_nested_past_the_depth_check, "nested too deeply"),
}


def write_case(directory: Path, name: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"bad-{name}.json"
    make = CASES[name][0]
    if make is None:
        with open(path, "wb") as fh:  # sparse: 10 MB + 1 byte without writing them
            fh.write(b'{"format": "ohseven-save", "pad": "')
            fh.truncate(HUGE)
    else:
        path.write_bytes(make())
    return path


def snapshot(path: Path):
    st = path.stat()
    return path.read_bytes(), st.st_size, st.st_mtime_ns


@pytest.fixture
def saves_dir(tmp_path):
    d = tmp_path / "saves"
    d.mkdir()
    shutil.copy(GOOD, d / "good.json")
    return d


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


# ---------------------------------------------------------------------------- each case
@pytest.mark.parametrize("case", list(CASES))
def test_load_gives_one_line_naming_the_file(tmp_path, case):
    path = write_case(tmp_path, case)
    with pytest.raises(SaveError) as err:
        load_save(path)
    message = one_line(str(err.value))
    assert str(path) in message
    assert CASES[case][1] in message


@pytest.mark.parametrize("case", list(CASES))
def test_list_skips_the_bad_file_with_a_warning(saves_dir, case):
    bad = write_case(saves_dir, case)
    saves, warnings = list_saves(save_dirs(saves_dir))
    assert [s.id for s in saves] == ["good"]
    assert len(warnings) == 1 and str(bad) in warnings[0] and "\n" not in warnings[0]


@pytest.mark.parametrize("case", list(CASES))
def test_cli_show_bad_exits_2_with_one_line(saves_dir, case, capsys):
    bad = write_case(saves_dir, case)
    assert main(["scores", "show", bad.stem, "--save-dir", str(saves_dir)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    line = one_line(err)
    assert str(bad) in line and CASES[case][1] in line


@pytest.mark.parametrize("case", list(CASES))
def test_cli_export_bad_exits_2(saves_dir, case, capsys):
    bad = write_case(saves_dir, case)
    assert main(["scores", "export", bad.stem, "--format", "json", "--save-dir", str(saves_dir)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and str(bad) in one_line(err)


@pytest.mark.parametrize("case", list(CASES))
def test_cli_list_and_players_warn_and_go_on(saves_dir, case, capsys):
    bad = write_case(saves_dir, case)
    assert main(["scores", "list", "--save-dir", str(saves_dir)]) == 0
    out, err = capsys.readouterr()
    assert "good" in out and bad.stem not in out
    assert str(bad) in one_line(err) and "skipped" in err
    assert main(["scores", "players", "--save-dir", str(saves_dir)]) == 0
    out, err = capsys.readouterr()
    assert "easy bot" in out and str(bad) in one_line(err)  # the good save's bots, by strength


@pytest.mark.parametrize("case", list(CASES))
def test_bad_autosave_is_reported_and_kept(tmp_path, case):
    dirs = save_dirs(tmp_path / "saves")
    write_case(dirs.state, case).rename(dirs.autosave)
    before = dirs.autosave.read_bytes()
    with pytest.raises(SaveError) as err:
        load_autosave(dirs)
    message = one_line(str(err.value))
    assert str(dirs.autosave) in message and CASES[case][1] in message
    # It was set aside, every byte kept, so a new game's autosave cannot overwrite it.
    kept = [p for p in dirs.state.iterdir() if p.name.startswith("autosave-unreadable-")]
    assert len(kept) == 1 and kept[0].read_bytes() == before and kept[0].name in message
    assert not dirs.autosave.exists() and load_autosave(dirs) is None
    write_autosave(dirs, Game(make_rules("oh-seven", 2), seed=1))
    assert kept[0].read_bytes() == before


@pytest.mark.parametrize("case", list(CASES))
def test_bad_file_unchanged_after_every_command(saves_dir, case, capsys):
    bad = write_case(saves_dir, case)
    before = snapshot(bad)
    good_before = snapshot(saves_dir / "good.json")
    for argv in (["list"], ["list", "--sort", "winner"], ["show", bad.stem], ["show", "good"], ["players"],
                 ["export", bad.stem, "--format", "csv"], ["export", bad.stem, "--format", "md"]):
        main(["scores", *argv, "--save-dir", str(saves_dir)])
    list_saves(save_dirs(saves_dir))
    capsys.readouterr()
    assert snapshot(bad) == before
    assert snapshot(saves_dir / "good.json") == good_before
    # Nothing new among the saves; the state folder (hidden) holds only the saves index.
    assert sorted(p.name for p in saves_dir.iterdir() if p.name != ".state") == sorted(["good.json", bad.name])
    state = saves_dir / ".state"
    assert not state.exists() or {p.name for p in state.iterdir()} <= {
        "saves-index.sqlite3", "saves-index.sqlite3-wal", "saves-index.sqlite3-shm"}


def test_huge_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = write_case(tmp_path, "huge")
    opened = []
    real_open = open

    def spy(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(storage.files, "open", spy, raising=False)
    with pytest.raises(SaveError, match="10 MB"):
        load_save(path)
    assert str(path) not in opened


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("summary", [1, 2], "'summary' field must be an object"),
        ("date", 20261130, "'date' field must be a date"),
        ("record", "deal", "'record' field must be an object"),
        ("record.actions", {"0": "deal"}, "'actions' field must be a list"),
        ("record.seats", [{"name": 7}, {"name": "B"}], "seat 0"),
        ("summary.totals", ["a", "b"], "'totals' must be a list of whole numbers"),
        ("version", "1", "'version' field must be a whole number"),
    ],
)
def test_more_wrong_field_types(tmp_path, field, value, words):
    data = good_data()
    target = data
    *parents, key = field.split(".")
    for p in parents:
        target = target[p]
    target[key] = value
    path = tmp_path / "types.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as err:
        load_save(path)
    assert words in one_line(str(err.value)) and str(path) in str(err.value)


# ---------------------------------------------------------------------------- never unpickled or evaluated
class _Marker:
    def __init__(self, path: str):
        self.path = path

    def __reduce__(self):
        return (os.mkdir, (self.path,))


def test_a_pickle_is_never_unpickled(saves_dir, tmp_path, capsys):
    marker = tmp_path / "unpickled"
    (saves_dir / "pickled.json").write_bytes(pickle.dumps(_Marker(str(marker))))
    with pytest.raises(SaveError):
        load_save(saves_dir / "pickled.json")
    assert main(["scores", "list", "--save-dir", str(saves_dir)]) == 0
    assert main(["scores", "show", "pickled", "--save-dir", str(saves_dir)]) == 2
    capsys.readouterr()
    assert not marker.exists()


def test_python_source_is_never_evaluated(saves_dir, tmp_path, capsys):
    marker = tmp_path / "evaluated"
    (saves_dir / "code.json").write_text(f"__import__('os').mkdir({str(marker)!r})")
    with pytest.raises(SaveError, match="not valid JSON"):
        load_save(saves_dir / "code.json")
    assert main(["scores", "show", "code", "--save-dir", str(saves_dir)]) == 2
    capsys.readouterr()
    assert not marker.exists()


def test_real_command_never_shows_a_traceback(tmp_path):
    """The installed entry point, in a subprocess, over a directory of every bad kind."""
    d = tmp_path / "saves"
    d.mkdir()
    shutil.copy(GOOD, d / "good.json")
    for case in CASES:
        write_case(d, case)
    env = dict(os.environ, COLUMNS="200")
    run = [sys.executable, "-m", "ohseven_tui", "scores"]
    r = subprocess.run([*run, "list", "--save-dir", str(d)], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert "good" in r.stdout
    assert len(r.stderr.strip().splitlines()) == len(CASES)
    for case in ("empty", "huge", "deeply-nested", "illegal-actions"):
        r = subprocess.run([*run, "show", f"bad-{case}", "--save-dir", str(d)],
                           capture_output=True, text=True, env=env, timeout=60)
        assert r.returncode == 2 and r.stdout == ""
        assert str(d / f"bad-{case}.json") in one_line(r.stderr)


# ---------------------------------------------------------------------------- no read permission
@contextmanager
def unprivileged():
    """Act as ``nobody`` (euid/egid only) when running as root, where file modes
    would not apply; as any other user, the modes already apply."""
    if os.geteuid() != 0:
        yield
        return
    try:
        os.setegid(65534)
        os.seteuid(65534)
    except OSError as exc:  # no CAP_SETUID here
        os.setegid(0)
        pytest.skip(f"running as root and cannot drop to nobody to test file modes: {exc}")
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@pytest.fixture
def open_dir():
    """A directory ``nobody`` can reach (pytest's tmp_path is private to root)."""
    base = Path(tempfile.mkdtemp(prefix="ohseven-perm-"))
    base.chmod(0o755)
    yield base
    for p in [base, *base.rglob("*")]:
        if p.is_dir():
            p.chmod(0o755)
    shutil.rmtree(base)


def _warm_up(saves_dir: Path, capsys) -> None:
    """Import everything the commands use while root can still read the interpreter's files."""
    for argv in (["list"], ["show", "good"], ["players"]):
        main(["scores", *argv, "--save-dir", str(saves_dir)])
    capsys.readouterr()


def _readable_copy(base: Path) -> Path:
    d = base / "saves"
    d.mkdir()
    shutil.copy(GOOD, d / "good.json")
    (d / "good.json").chmod(0o644)
    d.chmod(0o755)
    return d


def test_saves_directory_without_read_permission(open_dir, capsys):
    d = _readable_copy(open_dir)
    _warm_up(d, capsys)
    with unprivileged():  # control: as this user, the directory is readable
        saves, warnings = list_saves(save_dirs(d))
    assert [s.id for s in saves] == ["good"] and warnings == []
    before = snapshot(d / "good.json")
    d.chmod(0o000)
    with unprivileged():
        saves, warnings = list_saves(save_dirs(d))
        list_rc = main(["scores", "list", "--save-dir", str(d)])
        list_out, list_err = capsys.readouterr()
        show_rc = main(["scores", "show", "good", "--save-dir", str(d)])
        show_out, show_err = capsys.readouterr()
    d.chmod(0o755)
    assert saves == [] and len(warnings) == 1
    assert str(d) in warnings[0] and "permission denied" in warnings[0]
    assert list_rc == 2 and str(d) in one_line(list_err) and "permission denied" in list_err
    assert show_rc == 2 and show_out == "" and "permission denied" in one_line(show_err)
    assert str(d / "good.json") in show_err
    assert snapshot(d / "good.json") == before


def test_save_file_without_read_permission_is_skipped(open_dir, capsys):
    d = _readable_copy(open_dir)
    shutil.copy(GOOD, d / "locked.json")
    _warm_up(d, capsys)
    (d / "locked.json").chmod(0o000)
    with unprivileged():
        saves, warnings = list_saves(save_dirs(d))
        show_rc = main(["scores", "show", "locked", "--save-dir", str(d)])
        _, show_err = capsys.readouterr()
    assert [s.id for s in saves] == ["good"]
    assert len(warnings) == 1 and str(d / "locked.json") in warnings[0] and "permission denied" in warnings[0]
    assert show_rc == 2 and "permission denied" in one_line(show_err)
    assert stat.S_IMODE((d / "locked.json").stat().st_mode) == 0  # left exactly as it was


@pytest.mark.parametrize("cut", [b'{"format": "ohseven-save", "vers', b'{"format": "ohseven-save", "version": 1, "da',
                                 b'{"format": "ohseven-save", "version": 1,', b'{"format": "ohs'])
def test_a_file_cut_inside_a_string_is_called_cut_short_in_plain_words(tmp_path, cut):
    """A kill mid-write leaves a file that may end inside a string: it is cut short,
    not 'not valid JSON (Unterminated string starting at at line 1 ...)'."""
    path = tmp_path / "cut.json"
    path.write_bytes(cut)
    with pytest.raises(SaveError) as err:
        load_save(path)
    reason = err.value.reason
    assert reason.startswith("is cut short"), reason
    assert " at at " not in reason


def test_a_bad_character_inside_a_string_names_where_in_plain_words(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"format": "ohseven-save\x01", "version": 1}')
    with pytest.raises(SaveError) as err:
        load_save(path)
    assert "not valid JSON" in err.value.reason and " at at " not in err.value.reason, err.value.reason
