"""``ohseven simulate`` (issue 2, section 6), run as a real subprocess.

The tests read the bot names from the output, so they hold whichever bot is the default.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ohseven_tui.engine import record

ROOT = Path(__file__).resolve().parent.parent
ROUNDS_PER_GAME = 7  # R4


def simulate(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "ohseven_tui", "simulate", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        timeout=120,
    )


def run_json(*args):
    out = simulate(*args, "--json")
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    return out


def test_json_prints_exactly_one_object_with_the_documented_keys():
    out = run_json("--players", "5", "--games", "3", "--seed", "11", "--passing")
    assert out.stdout.endswith("\n") and out.stdout.count("\n") == 1
    data = json.loads(out.stdout)
    assert set(data) == {"games", "seed", "game", "options", "rules", "players", "passing", "seats"}
    assert data["games"] == 3 and data["seed"] == 11 and data["players"] == 5
    assert data["rules"] == "oh-seven" and data["passing"] is True
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2, 3, 4]
    for seat in data["seats"]:
        assert set(seat) == {"seat", "bot", "total", "mean_points_per_round", "fill_rate"}
        assert isinstance(seat["bot"], str) and seat["bot"]
        assert type(seat["total"]) is int
        assert seat["mean_points_per_round"] == pytest.approx(seat["total"] / (3 * ROUNDS_PER_GAME), abs=1e-4)
        assert 0.0 <= seat["fill_rate"] <= 1.0


def test_passing_off_by_default_and_four_players():
    data = json.loads(run_json("--games", "1").stdout)
    assert data["passing"] is False and data["players"] == 4 and len(data["seats"]) == 4


def test_text_output_shows_each_seats_total_and_mean_points_per_round():
    args = ("--players", "3", "--games", "2", "--seed", "4")
    text = simulate(*args)
    assert text.returncode == 0 and text.stderr == ""
    data = json.loads(run_json(*args).stdout)
    rows = {}
    for line in text.stdout.splitlines():
        parts = line.split()
        if parts and parts[0].isdigit() and len(parts) >= 5 and parts[1] in {s["bot"] for s in data["seats"]}:
            rows[int(parts[0])] = parts
    assert sorted(rows) == [0, 1, 2], text.stdout
    for seat in data["seats"]:
        parts = rows[seat["seat"]]
        assert int(parts[2]) == seat["total"]
        assert float(parts[3]) == pytest.approx(seat["total"] / (2 * ROUNDS_PER_GAME), abs=1e-3)


def test_same_arguments_give_byte_identical_output():
    args = ("--players", "6", "--games", "3", "--seed", "99", "--passing")
    first, second = run_json(*args), run_json(*args)
    assert first.stdout == second.stdout
    text1, text2 = simulate(*args), simulate(*args)
    assert text1.stdout == text2.stdout and text1.returncode == 0
    other = run_json("--players", "6", "--games", "3", "--seed", "100", "--passing")
    assert other.stdout != first.stdout  # the seed matters


def _record_of(data: dict) -> dict:
    """A file written by --save-dir: a bare record, or a save holding one."""
    if data.get("format") == "ohseven-record":
        return data
    assert isinstance(data.get("record"), dict), sorted(data)
    return data["record"]


def test_save_dir_writes_one_record_per_game_that_replays_to_the_same_totals(tmp_path):
    save_dir = tmp_path / "games"
    out = run_json("--players", "3", "--games", "4", "--seed", "21", "--passing", "--save-dir", str(save_dir))
    data = json.loads(out.stdout)
    files = sorted(save_dir.glob("*.json"))
    assert len(files) == 4
    totals = [0, 0, 0]
    for path in files:
        rec = _record_of(json.loads(path.read_text(encoding="utf-8")))
        game = record.loads(json.dumps(rec))  # replays every action and checks the log
        assert game.is_over and len(game.results()) == ROUNDS_PER_GAME
        assert game.rules.players == 3 and game.rules.passing
        assert [s.player for s in game.seats] == [s["bot"] for s in data["seats"]]
        totals = [t + g for t, g in zip(totals, game.totals)]
    assert totals == [s["total"] for s in data["seats"]]
    # the same run without --save-dir prints the same figures
    assert run_json("--players", "3", "--games", "4", "--seed", "21", "--passing").stdout == out.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "1"),
        ("--players", "10"),
        ("--players", "four"),
        ("--games", "0"),
        ("--games", "-3"),
        ("--seed", "abc"),
        ("--seed", "1.5"),
        ("--bogus",),
        ("--players",),
        ("--rules", "bridge"),
    ],
)
def test_bad_arguments_one_line_exit_code_2_no_traceback(args):
    out = simulate(*args, "--games", "1") if "--games" not in args else simulate(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].strip(), out.stderr


def test_save_dir_that_is_a_file_is_refused_in_one_line(tmp_path):
    blocker = tmp_path / "file.txt"
    blocker.write_text("keep me", encoding="utf-8")
    out = simulate("--games", "1", "--save-dir", str(blocker))
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert blocker.read_text(encoding="utf-8") == "keep me"


def test_save_dir_never_overwrites_another_game_and_never_rewrites_its_own(tmp_path):
    """Nothing is lost: a second run with other rules into the same folder keeps the
    first run's save (the new game gets a free name), and the same run again leaves
    its files exactly as they were (the games are filed already)."""
    save_dir = tmp_path / "games"
    first = simulate("--game", "up-and-down", "--games", "1", "--save-dir", str(save_dir))
    assert first.returncode == 0, first.stderr
    (path,) = save_dir.glob("*.json")
    before = path.read_bytes()
    stat = path.stat()
    second = simulate("--game", "classic", "--games", "1", "--save-dir", str(save_dir))
    assert second.returncode == 0, second.stderr
    assert path.read_bytes() == before  # the up-and-down game is still there
    files = sorted(save_dir.glob("*.json"))
    assert len(files) == 2
    games = {json.loads(f.read_text())["record"]["game"] for f in files}
    assert games == {"up-and-down", "classic"}
    again = simulate("--game", "up-and-down", "--games", "1", "--save-dir", str(save_dir))
    assert again.returncode == 0, again.stderr
    assert sorted(save_dir.glob("*.json")) == files  # not filed twice
    assert path.read_bytes() == before and path.stat().st_mtime_ns == stat.st_mtime_ns  # not rewritten


def _games_by_hand():
    from ohseven_tui.engine import registry

    return [spec for spec in registry.games() if spec.view({}).round_word != "round"]


@pytest.mark.parametrize("spec", _games_by_hand(), ids=lambda spec: spec.name)
def test_a_game_of_hands_says_points_per_hand(spec):
    """The text output's mean column speaks the game's own word (a game of hands: "per
    hand"), as its headline does ("23 hands"); found trying the CLI: "per round"."""
    word = spec.view({}).round_word
    out = simulate("--game", spec.name, "--games", "1", "--seed", "1")
    assert out.returncode == 0, out.stderr
    headline, header = out.stdout.splitlines()[:2]
    assert f" {word}" in headline and f"per {word}" in header and "per round" not in header, out.stdout
