"""``ohseven simulate --rules oh-seven|classic|up-and-down`` (issue 6, CLI).

Player counts outside a preset's range and bots that do not play a preset are
refused with one line and exit 2; the games played follow the preset (rounds per
game from H2/U2, records checked by the independent JSON checker).
"""

from __future__ import annotations

import json

import pytest
from helpers import check_record_json

from ohseven_tui.bots import bot_presets, bots_for
from ohseven_tui.cli import main
from ohseven_tui.storage import load_save

ROUNDS = {"oh-seven": 7, "classic": 7, "up-and-down": 12}  # R4, H2, U2


def simulate(capsys, *argv):
    rc = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


def one_line_error(rc, out, err):
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err.strip()


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
@pytest.mark.parametrize("players", [2, 8, 9])
def test_player_counts_outside_the_preset_are_refused(capsys, preset, players):
    err = one_line_error(*simulate(capsys, "--rules", preset, "--players", str(players), "--bots",
                                   ",".join(["easy"] * players), "--games", "1"))
    assert f"{preset} is for 3 to 7 players, not {players}" in err  # H1, U1


def test_unknown_rules_and_passing_outside_oh_seven_are_refused(capsys):
    err = one_line_error(*simulate(capsys, "--rules", "bridge", "--games", "1"))
    assert "bridge" in err and "classic" in err and "up-and-down" in err
    err = one_line_error(*simulate(capsys, "--rules", "classic", "--passing", "--games", "1"))
    assert "passing" in err


def test_easy_plays_every_preset():
    assert set(bot_presets("easy")) >= set(ROUNDS)
    for preset in ROUNDS:
        assert "easy" in bots_for(preset)


def test_a_bot_that_does_not_play_the_preset_is_refused_by_name(capsys, bots_only_play):
    # Whatever the bots declare today: make normal and strong Oh-Seven-only here.
    bots_only_play("normal", "oh-seven")
    bots_only_play("strong", "oh-seven")
    err = one_line_error(*simulate(capsys, "--rules", "classic", "--bots", "normal,easy,easy", "--players", "3",
                                   "--games", "1"))
    assert err == "ohseven simulate: the normal bot does not play classic yet; bots that do: easy"
    err = one_line_error(*simulate(capsys, "--rules", "up-and-down", "--bots", "strong,normal,easy,normal",
                                   "--games", "1"))
    assert "the strong and normal bots do not play up-and-down" in err and err.endswith("bots that do: easy")
    # Oh-Seven is still theirs.
    rc, out, err = simulate(capsys, "--bots", "normal,easy,easy", "--players", "3", "--games", "1", "--json")
    assert rc == 0 and err == ""


def test_without_bots_every_seat_gets_a_bot_that_plays_the_preset(capsys, bots_only_play):
    bots_only_play("normal", "oh-seven")
    rc, out, err = simulate(capsys, "--rules", "classic", "--games", "1", "--json")
    assert rc == 0 and err == ""
    assert {s["bot"] for s in json.loads(out)["seats"]} == {"easy"}


@pytest.mark.parametrize("preset,players", [("classic", 3), ("classic", 7), ("up-and-down", 5), ("oh-seven", 4)])
def test_games_follow_the_preset_and_save_replayable_files(capsys, tmp_path, preset, players):
    bots = ",".join(["easy"] * players)
    rc, out, err = simulate(capsys, "--rules", preset, "--players", str(players), "--bots", bots, "--games", "2",
                            "--seed", "5", "--json", "--save-dir", str(tmp_path))
    assert rc == 0 and err == ""
    data = json.loads(out)
    assert data["rules"] == preset and data["players"] == players and data["passing"] is False
    files = sorted(tmp_path.glob("sim-5-*.json"))
    assert [f.name for f in files] == ["sim-5-0001.json", "sim-5-0002.json"]
    totals = [0] * players
    for f in files:
        saved = load_save(f)  # replays the record
        raw = json.loads(f.read_text(encoding="utf-8"))
        assert raw["summary"]["game"] == preset and raw["record"]["rules"]["preset"] == preset
        assert saved.game.rules.preset == preset and saved.finished
        assert len(raw["record"]["rounds"]) == ROUNDS[preset]
        check_record_json(raw["record"])
        totals = [t + x for t, x in zip(totals, raw["record"]["totals"])]
    assert [s["total"] for s in data["seats"]] == totals
    for s in data["seats"]:
        assert s["mean_points_per_round"] == pytest.approx(s["total"] / (2 * ROUNDS[preset]), abs=1e-4)


def test_text_output_names_the_preset(capsys):
    rc, out, err = simulate(capsys, "--rules", "up-and-down", "--bots", "easy,easy,easy", "--players", "3",
                            "--games", "2")
    assert rc == 0 and err == ""
    assert out.splitlines()[0] == f"2 games of up-and-down, 3 players, seed 0, {2 * 12} rounds"
