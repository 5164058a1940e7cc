"""``ohseven scores analyse ID`` end to end (issue 37, section 2): a real saved game
(normal bots played every seat through the engine, one seat marked a person's),
the command in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.storage import write_save

ROOT = Path(__file__).resolve().parent.parent
NAME = "Ann [bold]\x1b[31m"  # markup and a control character: shown as typed, escaped
SAMPLES = "8"


def run(*args: str, save_dir: Path, timeout: float = 120):
    env = {**os.environ, "OHSEVEN_SAVE_DIR": str(save_dir), "OHSEVEN_CONFIG_DIR": str(save_dir / "config")}
    return subprocess.run([sys.executable, "-m", "ohseven_tui", "scores", "analyse", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    folder = tmp_path_factory.mktemp("saves")
    seats = [Seat(NAME, "human"), Seat("Bea", "normal"), Seat("Cy", "normal")]
    game = registry.new_game("oh-seven", {"players": 3}, seed=42, seats=seats)
    play_game(game, [make_bot("normal", s) for s in range(3)])
    assert game.is_over
    write_save(folder / "ann-game.json", game, game_id="anngame1")
    bots = [Seat(f"Normal {s + 1}", "normal") for s in range(4)]
    watten = registry.new_game("watten", {}, seed=3, seats=bots)
    play_game(watten, [make_bot("normal", s) for s in range(4)])
    write_save(folder / "bots-only.json", watten)
    return folder


def test_it_prints_the_decisions_the_accuracy_and_the_biggest_mistakes(saves):
    out = run("ann-game", "--samples", SAMPLES, save_dir=saves)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "\x1b" not in text  # the name's control character is shown escaped
    assert "Ann [bold]\\x1b[31m" in text
    assert "Accuracy" in text
    assert "Biggest mistakes" in text
    assert "Loss by round" in text
    data = json.loads(run("ann-game", "--samples", SAMPLES, "--json", save_dir=saves).stdout)
    seat = data["seats"][0]
    judged = [d for d in seat["decisions"] if d["judged"]]
    assert f"{sum(d['loss'] == 0 for d in judged)} of {len(judged)}" in text
    for d in judged:
        if d["loss"] > 0:
            assert f"{d['loss']:.2f}" in text


def test_it_prints_the_loss_by_kind_of_decision(saves):
    """Where the points went by kind of decision (the action's first word in the
    record's words: a bid, a card played), as the benchmark breaks it down: how
    many of each, their mean and total loss. Expected from the JSON's decisions."""
    out = run("ann-game", "--samples", SAMPLES, save_dir=saves)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Loss by kind of decision" in text
    seat = json.loads(run("ann-game", "--samples", SAMPLES, "--json", save_dir=saves).stdout)["seats"][0]
    kinds: dict[str, list[float]] = {}
    for d in seat["decisions"]:
        if d["judged"]:
            kinds.setdefault(d["taken"].split()[0], []).append(d["loss"])
    assert set(kinds) == {"bid", "play"}
    rows = [[cell for cell in line.split() if cell not in "│┃"]
            for line in text[text.index("Loss by kind of decision"):].splitlines()]
    for kind, losses in kinds.items():
        row = next(r for r in rows if r[:1] == [kind])
        assert row[1:4] == [str(len(losses)), f"{sum(losses) / len(losses):.2f}", f"{sum(losses):.2f}"], row
    assert seat["kinds"] == [{"kind": k, "decisions": len(v), "loss": sum(v)}
                             for k, v in sorted(kinds.items(), key=lambda kv: (-sum(kv[1]), kv[0]))]


def test_json_is_the_fair_analysis_of_the_person(saves):
    out = run("ann-game", "--samples", SAMPLES, "--json", save_dir=saves)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["view"] == "fair" and data["samples"] == int(SAMPLES) and data["game"] == "oh-seven"
    assert [s["name"] for s in data["seats"]] == [NAME]
    seat = data["seats"][0]
    assert seat["decisions"] and seat["thresholds"]["fine"] > 0
    assert {d["label"] for d in seat["decisions"] if d["judged"]} <= {"fine", "inaccuracy", "mistake", "blunder"}
    assert "\x1b" not in out.stdout  # JSON escapes it (\u001b)


def test_it_is_stored_once_and_the_same_when_made_again(saves):
    first = run("ann-game", "--samples", SAMPLES, "--json", save_dir=saves)
    store = saves / ".state" / "analyses.sqlite3"
    assert store.is_file()
    again = run("ann-game", "--samples", SAMPLES, "--json", save_dir=saves)
    store.unlink()
    fresh = run("ann-game", "--samples", SAMPLES, "--json", save_dir=saves)
    assert first.stdout == again.stdout == fresh.stdout
    assert store.is_file()


def test_a_bot_seat_by_name(saves):
    out = run("bots-only", "--seat", "Normal 2", "--samples", SAMPLES, save_dir=saves)
    assert out.returncode == 0, out.stderr
    assert "Normal 2" in out.stdout


@pytest.mark.parametrize("args, words", [
    (["no-such-game"], "no such saved game"),
    (["ann-game", "--seat", "Nobody\x1b"], "no seat named"),
    (["ann-game", "--samples", "0"], "--samples"),
    (["ann-game", "--samples", "many"], "--samples"),
    (["bots-only"], "--seat"),
])
def test_bad_input_is_one_line_and_exit_2(saves, args, words):
    out = run(*args, save_dir=saves)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert words in lines[0]
    assert "Traceback" not in out.stderr and "\x1b" not in out.stderr


def test_the_help_names_the_default_sample_count(saves):
    from ohseven_tui.coach import DEFAULT_SAMPLES

    out = run("--help", save_dir=saves)
    assert out.returncode == 0
    assert f"(default {DEFAULT_SAMPLES})" in " ".join(out.stdout.split())


def test_open_is_the_other_view_labelled_and_stored_apart(saves):
    """Issue 37, section 4: --open plays each action out from the real cards; it says
    so, its JSON is the open view, and the fair view stays as it was."""
    fair = run("ann-game", "--samples", SAMPLES, "--json", save_dir=saves)
    out = run("ann-game", "--samples", SAMPLES, "--open", save_dir=saves)
    assert out.returncode == 0, out.stderr
    assert "WITH ALL HANDS OPEN" in out.stdout and "not a fair" in out.stdout
    opened = json.loads(run("ann-game", "--samples", SAMPLES, "--open", "--json", save_dir=saves).stdout)
    assert opened["view"] == "open"
    again = run("ann-game", "--samples", SAMPLES, "--json", save_dir=saves)
    assert json.loads(again.stdout)["view"] == "fair"
    assert again.stdout == fair.stdout
    assert "WITH ALL HANDS OPEN" not in run("ann-game", "--samples", SAMPLES, save_dir=saves).stdout


def test_an_unfinished_game_is_analysed_on_its_finished_rounds_only(tmp_path):
    """Privacy, as in the app: the round in play of a put-aside game still has cards
    in its players' hands ("best was 7♥" would tell one), so the command leaves that
    round out, in its table, its JSON and its accuracy, and says so."""
    from test_coach_analysis import put_aside_in_round_2

    from ohseven_tui.engine import record

    game = put_aside_in_round_2()
    write_save(tmp_path / "ann-aside.json", game, game_id="annaside")
    # Ann's decisions (two legal actions or more) before round 2's first deal, from the record replayed.
    rec = record.to_record(game)
    state = registry.new_game(rec["game"], rec["options"], seed=rec["seed"], seats=game.seats)
    deals = [i for i, a in enumerate(game.history) if type(a).__name__ == "Deal"]
    round_2 = deals[len(rec["rounds"][0]["deals"])]
    first_round = later = 0
    for i, action in enumerate(game.history):
        if getattr(action, "seat", None) == 0 and len(state.legal_actions(0)) > 1:
            first_round, later = (first_round + 1, later) if i < round_2 else (first_round, later + 1)
        state.apply(action)
    assert first_round and later
    data = json.loads(run("ann-aside", "--samples", SAMPLES, "--json", save_dir=tmp_path).stdout)
    decisions = data["seats"][0]["decisions"]
    assert len(decisions) == first_round and {d["round"] for d in decisions} == {1}
    out = run("ann-aside", "--samples", SAMPLES, save_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    judged = [d for d in decisions if d["judged"]]
    assert f"of {len(judged)} decisions" in " ".join(out.stdout.split())
    assert "round in play" in out.stdout


def _games_of_hands():
    return [spec for spec in registry.games() if spec.view({}).round_word != "round"]


@pytest.mark.parametrize("spec", _games_of_hands(), ids=lambda spec: spec.name)
def test_a_game_of_hands_is_told_by_hand(spec, tmp_path):
    """A game that plays hands (its view's round word) is told by hand, as its accuracy
    line ("points for the hand") and its scoresheet are: "Loss by hand", a "Hand" column,
    "Hand 3, decision 2"; found trying the CLI on a Watten game: "Round" throughout."""
    word = spec.view({}).round_word
    n = spec.players[0]
    seats = [Seat(f"Normal {s + 1}", "normal") for s in range(n)]
    game = registry.new_game(spec.name, {}, seed=5, seats=seats)
    play_game(game, [make_bot("normal", s) for s in range(n)])
    write_save(tmp_path / "hands.json", game)
    out = run("hands", "--seat", "Normal 1", "--samples", "4", save_dir=tmp_path)
    assert out.returncode == 0, out.stderr
    assert f"Loss by {word}" in out.stdout and f"┃ {word.capitalize()} " in out.stdout, out.stdout
    assert "round" not in out.stdout.lower(), out.stdout
