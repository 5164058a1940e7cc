"""``ohseven scores`` over the sample saves in ``saves/`` (issue 5, section 5).

Expected figures come from the rules applied to the raw JSON of the files (bids and
tricks in the record's log), or, for ``redeal-2p``, from its scripted first deal by
hand; never from the code under test.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest
from helpers import printed_tables

from ohseven_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves"
IDS = sorted(p.stem for p in SAMPLES.glob("*.json"))
# The Oh Hell family's samples: their records carry its rules (preset, players, passing) and its
# rounds log (bids, tricks, deals); the tests that check those read only these.
HELL_IDS = [i for i in IDS if {"rules", "rounds"} <= set(json.loads((SAMPLES / f"{i}.json").read_text(encoding="utf-8"))["record"])]


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    monkeypatch.setenv("COLUMNS", "250")


@pytest.fixture(scope="module", autouse=True)
def _samples_unchanged():
    """No command changes a sample file."""
    before = {p.name: p.read_bytes() for p in SAMPLES.iterdir() if p.is_file()}
    yield
    after = {p.name: p.read_bytes() for p in SAMPLES.iterdir() if p.is_file()}
    assert after == before


def raw(save_id: str) -> dict:
    return json.loads((SAMPLES / f"{save_id}.json").read_text(encoding="utf-8"))


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main(["scores", *argv, "--save-dir", str(SAMPLES)])
    out, err = capsys.readouterr()
    return rc, out, err


def r16(bid: int, took: int) -> int:
    return bid + 2 if bid == took else -abs(bid - took)


def points_by_rules(preset: str, bid: int, took: int) -> int:
    """R16 (oh-seven), H6 (classic: exact 10 + tricks, a miss 0), U6 (exact: the bid)."""
    if preset == "classic":
        return 10 + took if bid == took else 0
    if preset == "up-and-down":
        return bid if bid == took else -abs(bid - took)
    return r16(bid, took)


def test_samples_cover_what_the_issue_asks():
    seen_players, passing, rebids, redeals = set(), set(), 0, 0
    for save_id in HELL_IDS:
        rec = raw(save_id)["record"]
        seen_players.add(rec["rules"]["players"])
        passing.add(rec["rules"]["passing"])
        for rnd in rec["rounds"]:
            redeals += len(rnd["deals"]) - 1
            rebids += sum(a["outcome"] != "stands" for d in rnd["deals"] for a in d["bid_attempts"])
    assert {2, 4, 5, 9} <= seen_players and passing == {True, False}
    assert rebids >= 1 and redeals >= 1


def test_list_shows_every_sample(capsys):
    rc, out, err = run(capsys, "list")
    assert rc == 0 and err == ""
    for save_id in IDS:
        assert save_id in out
    for col in ("ID", "Date", "Game", "Players", "Winner", "Scores"):
        assert col in out
    # The redeal game's winner, from its raw totals.
    data = raw("redeal-2p")
    totals = data["record"]["totals"]
    winner = data["record"]["seats"][totals.index(max(totals))]["name"]
    row = next(line for line in out.splitlines() if "redeal-2p" in line)
    assert winner in row and "oh-seven" in row


def order(out: str) -> list[str]:
    found = []
    for line in out.splitlines():
        for save_id in IDS:
            if f" {save_id} " in line and save_id not in found:
                found.append(save_id)
    return found


def test_list_sorts(capsys):
    _, out, _ = run(capsys, "list", "--sort", "id")
    assert order(out) == IDS
    _, out, _ = run(capsys, "list", "--sort", "id", "--reverse")
    assert order(out) == IDS[::-1]
    _, out, _ = run(capsys, "list", "--sort", "players")
    counts = [len(raw(i)["record"]["seats"]) for i in order(out)]
    assert counts == sorted(counts) and len(counts) == len(IDS)
    _, out, _ = run(capsys, "list", "--sort", "score")
    best = [max(raw(i)["record"]["totals"]) for i in order(out)]
    assert best == sorted(best, reverse=True)


def test_list_bad_sort_is_one_line_exit_2(capsys):
    rc, out, err = run(capsys, "list", "--sort", "colour")
    assert rc == 2 and len(err.strip().splitlines()) == 1 and "colour" in err


def csv_rows(capsys, save_id):
    rc, out, err = run(capsys, "export", save_id, "--format", "csv")
    assert rc == 0 and err == ""
    return list(csv.DictReader(io.StringIO(out)))


@pytest.mark.parametrize("save_id", HELL_IDS)
def test_export_csv_is_the_scoresheet_by_the_rules(capsys, save_id):
    data = raw(save_id)["record"]
    n = data["rules"]["players"]
    preset = data["rules"]["preset"]
    rows = csv_rows(capsys, save_id)
    assert len(rows) == len(data["rounds"]) * n
    running = [0] * n
    for i, rnd in enumerate(data["rounds"]):
        mine = rows[i * n:(i + 1) * n]
        tricks = [0] * n
        for t in rnd["tricks"]:
            tricks[t["winner"]] += 1
        assert sum(tricks) == len(rnd["deals"][-1]["hands"][0])  # every card of the hand is played
        turned = rnd["deals"][-1]["turned"]
        for s, row in enumerate(mine):
            bid, took, bonus = rnd["bids"][s], tricks[s], rnd["bonus"][s]
            running[s] += points_by_rules(preset, bid, took) + bonus  # R16 (H6, U6) + R11 = R17
            assert (int(row["round"]), int(row["seat"])) == (i + 1, s)
            assert row["player"] == data["seats"][s]["name"]
            assert (int(row["bid"]), int(row["tricks"])) == (bid, took)
            assert int(row["points"]) == points_by_rules(preset, bid, took)
            assert int(row["bonus"]) == bonus
            assert int(row["hand_size"]) == sum(tricks) and row["turned"] == (turned or "")
            assert int(row["total"]) == running[s]
    assert running == data["totals"]


def test_redeal_game_by_hand(capsys):
    """redeal-2p round 1: seven scripted attempts summing to 7 (R11). Ben's card is
    higher in attempts 1-4 (7S>0S, 6H>1S, 5H>2S, 4H>3S), Ann's in 5-7 (4S>3H, 5S>2H,
    6S>1H): Ann +3, Ben +4; then the redeal (R13) keeps those points."""
    rows = csv_rows(capsys, "redeal-2p")
    ann, ben = rows[0], rows[1]
    assert (ann["player"], ben["player"]) == ("Ann", "Ben")
    assert (int(ann["bonus"]), int(ben["bonus"])) == (3, 4)
    rc, out, _ = run(capsys, "show", "redeal-2p")
    assert rc == 0
    assert "6 rebids, 1 redeal" in out  # 8 attempts over 2 deals: 6 rebids, then the redeal


def test_show_has_scoresheet_and_statistics(capsys):
    rc, out, err = run(capsys, "show", "sim-29-0001")
    assert rc == 0 and err == ""
    for words in ("Scoresheet", "Bid", "Tricks", "Points", "Bonus", "Total",
                  "players", "zero-bid rate", "average top bid", "trump selection",
                  "pts/round", "zero bids", "top bids", "filled", "over", "under"):
        assert words in out
    data = raw("sim-29-0001")["record"]
    sheet = out[out.index("Scoresheet"):out.index("* the standing top bid")]
    rows = [[c.strip() for c in line.split("│")[1:-1]] for line in sheet.splitlines() if line.startswith("│")]
    assert len(rows) == 7 * 5
    # The last round's rows end with each player's final total (R4 totals in the record).
    assert [(r[2], int(r[-1])) for r in rows[-5:]] == [(s["name"], t) for s, t in zip(data["seats"], data["totals"])]
    # Every row: bid (with * for the top bid), tricks, R16 points.
    for r in rows:
        bid, took = int(r[3].rstrip("*")), int(r[4])
        assert int(r[5]) == r16(bid, took)


def test_export_json_statistics_by_hand(capsys):
    rc, out, _ = run(capsys, "export", "sim-18-0001", "--format", "json")
    assert rc == 0
    exported = json.loads(out)
    data = raw("sim-18-0001")["record"]
    bids = [b for r in data["rounds"] for b in r["bids"]]
    table = exported["stats"]["table"]
    assert table["players"] == 9  # S1
    assert table["zero_bid_rate"] == pytest.approx(bids.count(0) / len(bids))  # S2
    assert table["average_top_bid"] == pytest.approx(sum(max(r["bids"]) for r in data["rounds"]) / 7)  # S3
    trumps = {}
    for r in data["rounds"]:
        trumps[r["trump"]] = trumps.get(r["trump"], 0) + 1
    assert table["trump_counts"] == trumps  # S4
    for s, seat in enumerate(exported["stats"]["seats"]):
        own = [(r["bids"][s], sum(t["winner"] == s for t in r["tricks"])) for r in data["rounds"]]
        assert seat["fill_rate"] == pytest.approx(sum(b == t for b, t in own) / 7)  # S8
        assert seat["overflow_rate"] == pytest.approx(sum(b < t for b, t in own) / 7)  # S9
        assert seat["underfill_rate"] == pytest.approx(sum(b > t for b, t in own) / 7)  # S10
        assert seat["points_per_round"] == pytest.approx(data["totals"][s] / 7)  # S5
    assert exported["winners"] == [data["seats"][s]["name"] for s in data["winners"]]


def test_export_md_is_a_markdown_scoresheet(capsys):
    rc, out, _ = run(capsys, "export", "sim-4-0001", "--format", "md")
    assert rc == 0
    names = [s["name"] for s in raw("sim-4-0001")["record"]["seats"]]
    header = next(line for line in out.splitlines() if line.startswith("| Round"))
    assert header == "| Round | Trump | " + " | ".join(names) + " |"
    assert sum(line.startswith("| ") and line[2].isdigit() for line in out.splitlines()) >= 7
    assert "| underfill |" in out


def who(seat: dict) -> str:
    """A seat's player as the review groups them: a human by name, a bot by strength."""
    player = seat.get("player", "human")
    return seat["name"] if player == "human" else f"{player} bot"




def test_players_across_saves(capsys):
    """Games and wins per player (a bot by its strength, never by a seat's name),
    once per game however many seats they held."""
    rc, out, err = run(capsys, "players")
    assert rc == 0 and err == ""
    games: dict[str, set] = {}
    wins: dict[str, set] = {}
    for save_id in IDS:
        rec = raw(save_id)["record"]
        for s, seat in enumerate(rec["seats"]):
            games.setdefault(who(seat), set()).add(save_id)
            if s in rec["winners"]:
                wins.setdefault(who(seat), set()).add(save_id)
    shown = {row["Player"]: row for row in printed_tables(out)["All games"]}
    assert set(shown) == set(games)
    for name in games:
        assert int(shown[name]["Games"]) == len(games[name])
        assert int(shown[name]["Wins"]) == len(wins.get(name, ()))
    assert "Easy 1" not in out  # a seat's name is not a player


def test_players_rates_of_the_oh_hell_family(capsys):
    """S8-S10 pooled over every seat the easy bot held in the Oh Hell family's
    samples, from the raw logs: shares of all those seats' rounds."""
    fill = over = under = rounds = points = 0
    for save_id in HELL_IDS:
        rec = raw(save_id)["record"]
        for r in rec["rounds"]:
            for s, _ in enumerate(rec["seats"]):
                bid, took = r["bids"][s], sum(t["winner"] == s for t in r["tricks"])
                fill, over, under, rounds = fill + (bid == took), over + (bid < took), under + (bid > took), rounds + 1
        points += sum(rec["totals"])
    _, out, _ = run(capsys, "players")
    family = next(rows for title, rows in printed_tables(out).items() if title.startswith("Oh-Seven and Oh Hell"))
    row = next(r for r in family if r["Player"] == "easy bot")
    assert int(row["Rounds"]) == rounds
    assert row["Points/round"] == f"{points / rounds:+.2f}"
    assert [row["Fill"], row["Overflow"], row["Underfill"]] == [f"{fill / rounds:.0%}", f"{over / rounds:.0%}",
                                                                f"{under / rounds:.0%}"]
    # Only the rates a family keeps: the Oh Hell family's table has no Watten column.
    assert "Held" not in row and "Made" not in row


@pytest.mark.parametrize("argv", [["show", "no-such-game"], ["export", "no-such-game"], ["export", "sim-1-0001", "--format", "xls"]])
def test_errors_are_one_line_exit_2(capsys, argv):
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_show_accepts_a_path(capsys, tmp_path):
    shutil.copy(SAMPLES / "sim-7-0001.json", tmp_path / "mine.json")
    rc = main(["scores", "show", str(tmp_path / "mine.json")])
    out, _ = capsys.readouterr()
    assert rc == 0 and "mine" in out


def test_empty_or_missing_save_dir(capsys, tmp_path):
    rc = main(["scores", "list", "--save-dir", str(tmp_path / "nothing-here")])
    out, err = capsys.readouterr()
    assert rc == 0 and "No saved games" in out and err == ""
    assert not (tmp_path / "nothing-here").exists()  # reviewing creates nothing


def test_scores_without_action_is_one_line(capsys):
    assert main(["scores"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_env_var_names_the_save_dir(capsys, monkeypatch):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(SAMPLES))
    assert main(["scores", "list"]) == 0
    assert "redeal-2p" in capsys.readouterr().out


def test_show_an_unfinished_game_by_path(capsys, tmp_path):
    """An autosave is a save file too: show it by path, rounds so far only."""
    import random

    from ohseven_tui.games.ohhell import Game, make_rules
    from ohseven_tui.storage import save_dirs, write_autosave

    game = Game(make_rules("oh-seven", 3), seed=5)
    rng = random.Random(5)
    while len(game.results()) < 2:
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(seats[0])))
    dirs = save_dirs(tmp_path / "s")
    path = write_autosave(dirs, game)
    rc = main(["scores", "show", str(path)])
    out, err = capsys.readouterr()
    assert rc == 0 and err == ""
    assert "Unfinished: 2 of 7 rounds played" in out
    rc = main(["scores", "export", str(path), "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rc == 0 and len(rows) == 2 * 3


def test_save_dir_that_is_a_file_is_one_line_exit_2(capsys, tmp_path):
    f = tmp_path / "file"
    f.write_text("not a directory")
    assert main(["scores", "list", "--save-dir", str(f)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and str(f) in err
    assert f.read_text() == "not a directory"


def _games_of_hands():
    from ohseven_tui.engine import registry

    return [spec for spec in registry.games() if spec.view({}).round_word != "round"]


@pytest.mark.parametrize("spec", _games_of_hands(), ids=lambda spec: spec.name)
def test_export_md_of_a_game_of_hands_heads_its_rows_hand(spec, tmp_path, capsys):
    """The Markdown scoresheet of a game that plays hands heads its first column with the
    game's word ("| Hand |"), as ``scores show`` does; found trying the CLI: "| Round |"."""
    from ohseven_tui.bots import make_bot, play_game
    from ohseven_tui.engine import registry
    from ohseven_tui.engine.protocol import Seat
    from ohseven_tui.storage import write_save

    word = spec.view({}).round_word.capitalize()
    n = spec.players[0]
    game = registry.new_game(spec.name, {}, seed=2, seats=[Seat(f"P{s}", "normal") for s in range(n)])
    play_game(game, [make_bot("normal", s) for s in range(n)])
    write_save(tmp_path / "hands.json", game)
    rc = main(["scores", "export", "hands", "--format", "md", "--save-dir", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert rc == 0
    header = next(line for line in out.splitlines() if line.startswith("| ") and "P0" in line)
    assert header.startswith(f"| {word} |"), header
