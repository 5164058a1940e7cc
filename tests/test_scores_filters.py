"""``ohseven scores`` over the index (issue 20, section 3): ``list`` filters by
game, player, dates and finished / put aside and sorts by date, game or score;
``players`` takes the same filters; ``export --all`` writes every save as CSV (a
row per seat, formula-safe) or JSON (round-trips); piped ``list`` stays one row
per line. Bad dates and sort keys are one line, exit 2.

Expected figures come from the save files' JSON (dates, the record's seats and
totals, the summary's finished flag), never from the code under test.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import printed_tables
from hostile import NAMES, assert_terminal_safe, write_hostile_saves
from index_saves import GAMES, played, write

from ohseven_tui.cli import main

# (file stem, game, seats [(name, player)], date, unfinished after this many rounds or None)
SAVES = [
    ("a", "oh-seven", [("Ann", "human"), ("Ann", "normal"), ("Bo", "easy"), ("Cy", "human")],
     "2026-02-28T12:00:00Z", None),
    ("b", "classic", [("Bo", "human"), ("Ann", "easy"), ("Cy", "normal"), ("Dee", "easy")],
     "2026-03-01T00:00:00Z", None),  # the first moment of 1 March
    ("c", "up-and-down", [("ann", "human"), ("Bo", "normal"), ("Cy", "easy"), ("Dee", "easy")],
     "2026-03-01T23:59:59Z", None),  # its last second
    ("d", "watten", [("Dee", "human"), ("Eve", "easy"), ("Fay", "human"), ("Gus", "normal")],
     "2026-03-02T00:00:00Z", 1),  # put aside after a hand
    ("e", "seven-for-seven", [("Ann", "normal"), ("Bo", "easy"), ("Cy", "easy"), ("Dee", "easy"),
                              ("Eve", "easy"), ("Fay", "easy"), ("Gus", "human")],
     "2026-03-15T08:00:00Z", None),
    ("f", "oh-seven", [("Hal", "human"), ("Ivy", "easy"), ("Jo", "easy")], "2026-04-01T09:00:00Z", 2),
    ("g", "classic", [("Ann", "human"), ("Kit", "strong"), ("Lu", "strong")], "2025-12-31T23:00:00Z", None),
]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("filters") / "saves"
    out.mkdir()
    for k, (stem, game, seats, date, upto) in enumerate(SAVES):
        write(out / f"{stem}.json", played(game, seats, seed=7 + k, upto=upto), date, old=k % 2 == 1)
    return out


def raw(folder: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))}


def game_of(data: dict) -> str:
    record = data["record"]
    return record.get("game") or record["rules"]["preset"]


def run(capsys, folder: Path, *argv: str) -> tuple[int, str, str]:
    rc = main(["scores", *argv, "--save-dir", str(folder)])
    out, err = capsys.readouterr()
    return rc, out, err


def listed(out: str) -> list[str]:
    """The IDs of ``scores list``'s rows, in order."""
    return [line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│")]


def test_every_game_is_in_the_folder(folder):
    assert {game_of(d) for d in raw(folder).values()} == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_list_by_game(capsys, folder, game):
    rc, out, err = run(capsys, folder, "list", "--game", game)
    assert rc == 0 and err == ""
    assert sorted(listed(out)) == sorted(i for i, d in raw(folder).items() if game_of(d) == game)


@pytest.mark.parametrize("player", ["Ann", "ann", "Bo", "Gus", "normal bot", "strong bot", "easy bot", "Nobody"])
def test_list_by_player(capsys, folder, player):
    """A human by name (any case), a bot by strength: never a seat's name alone
    (the normal bot called Ann is not Ann; a human is never "normal bot")."""
    def plays(seat: dict) -> bool:
        if player.endswith(" bot"):
            return seat["player"] == player[:-4]
        return seat["player"] == "human" and seat["name"].lower() == player.lower()

    rc, out, err = run(capsys, folder, "list", "--player", player)
    assert rc == 0 and err == ""
    expected = sorted(i for i, d in raw(folder).items() if any(plays(s) for s in d["record"]["seats"]))
    assert sorted(listed(out)) == expected
    if not expected:
        assert "No saved games with Nobody" in out


@pytest.mark.parametrize("state", ["finished", "aside"])
def test_list_finished_or_put_aside(capsys, folder, state):
    rc, out, err = run(capsys, folder, "list", f"--{state}")
    assert rc == 0 and err == ""
    assert sorted(listed(out)) == sorted(i for i, d in raw(folder).items()
                                         if d["summary"]["finished"] == (state == "finished"))
    assert {"finished": 5, "aside": 2}[state] == len(listed(out))


@pytest.mark.parametrize("since,until", [("2026-03-01", None), (None, "2026-03-01"), ("2026-03-01", "2026-03-01"),
                                         ("2026-03-02", "2026-03-15"), (None, "2025-12-31"), ("2027-01-01", None)])
def test_list_by_dates_both_ends_whole_days(capsys, folder, since, until):
    argv = ["list"] + (["--since", since] if since else []) + (["--until", until] if until else [])
    rc, out, err = run(capsys, folder, *argv)
    assert rc == 0 and err == ""
    expected = sorted(i for i, d in raw(folder).items()
                      if (since is None or d["date"][:10] >= since) and (until is None or d["date"][:10] <= until))
    assert sorted(listed(out)) == expected


def test_until_includes_the_whole_last_day(capsys, folder):
    rc, out, _ = run(capsys, folder, "list", "--until", "2026-03-01", "--since", "2026-03-01")
    assert sorted(listed(out)) == ["b", "c"]  # 00:00:00 and 23:59:59 of that day, not 2 March's midnight


def test_filters_combine(capsys, folder):
    rc, out, _ = run(capsys, folder, "list", "--player", "Ann", "--game", "oh-seven", "--finished")
    assert rc == 0
    expected = sorted(i for i, d in raw(folder).items()
                      if game_of(d) == "oh-seven" and d["summary"]["finished"]
                      and any(s["name"] == "Ann" and s["player"] == "human" for s in d["record"]["seats"]))
    assert sorted(listed(out)) == expected == ["a"]


def test_sort_by_date_game_and_score(capsys, folder):
    data = raw(folder)
    _, out, _ = run(capsys, folder, "list")
    assert listed(out) == sorted(data, key=lambda i: data[i]["date"], reverse=True)  # newest first
    _, out, _ = run(capsys, folder, "list", "--reverse")
    assert listed(out) == sorted(data, key=lambda i: data[i]["date"])
    _, out, _ = run(capsys, folder, "list", "--sort", "game")
    games = [game_of(data[i]) for i in listed(out)]
    assert games == sorted(games) and sorted(listed(out)) == sorted(data)
    for game in GAMES:  # one game's saves together, by its options, then in ID order
        ids = [i for i in listed(out) if game_of(data[i]) == game]
        rules = [json.dumps(data[i]["record"]["options"], sort_keys=True) for i in ids]
        assert rules == sorted(rules)
        for r in set(rules):
            same = [i for i, o in zip(ids, rules) if o == r]
            assert same == sorted(same)
    _, out, _ = run(capsys, folder, "list", "--sort", "score")
    tops = [max(data[i]["record"]["totals"]) for i in listed(out)]
    assert tops == sorted(tops, reverse=True) and len(tops) == len(data)
    _, old, _ = run(capsys, folder, "list", "--sort", "rules")  # the old name of game
    assert listed(old) == listed(run(capsys, folder, "list", "--sort", "game")[1])


@pytest.mark.parametrize("argv", [
    ["list", "--since", "2026-13-01"], ["list", "--until", "yesterday"], ["list", "--since", "2026-02-30"],
    ["players", "--until", "01/03/2026"], ["export", "--all", "--since", "\x1b[2J2026"],
    ["list", "--sort", "colour"], ["export", "--all", "--sort", "\x1b]0;x\x07"],
    ["list", "--finished", "--aside"], ["list", "--game", "bridge"], ["players", "--game", "\x1b[31mred"],
])
def test_bad_dates_sorts_and_games_are_one_line_exit_2(capsys, folder, argv):
    rc, out, err = run(capsys, folder, *argv)
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert_terminal_safe(err)




def test_players_takes_the_filters(capsys, folder):
    data = raw(folder)
    rc, out, err = run(capsys, folder, "players", "--game", "watten")
    assert rc == 0 and err == ""
    seats = data["d"]["record"]["seats"]
    players = {s["name"] if s["player"] == "human" else f"{s['player']} bot" for s in seats}
    assert {row["Player"] for row in printed_tables(out)["All games"]} == players
    assert len(printed_tables(out)) == 2  # all games, and the Watten family's table only
    rc, out, _ = run(capsys, folder, "players", "--since", "2026-03-02")
    expected = {i for i, d in data.items() if d["date"][:10] >= "2026-03-02"}
    ann = [r for r in printed_tables(out)["All games"] if r["Player"] == "normal bot"]
    assert int(ann[0]["Games"]) == sum(any(s["player"] == "normal" for s in data[i]["record"]["seats"])
                                       for i in expected)


# ---------------------------------------------------------------------------- export --all
@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("hostile") / "saves"
    out.mkdir()
    write_hostile_saves(out, ["hostile-0", "=HYPERLINK(x)", "@SUM(1)"])
    return out


def test_export_all_csv_is_a_row_per_seat_and_formula_safe(capsys, hostile):
    rc, out, err = run(capsys, hostile, "export", "--all", "--format", "csv")
    assert rc == 0 and err == ""
    assert_terminal_safe(out)
    rows = list(csv.DictReader(io.StringIO(out)))
    data = raw(hostile)
    assert len(rows) == sum(len(d["record"]["seats"]) for d in data.values())
    for row in rows:
        for cell in row.values():
            if cell and cell[0] in "=+-@\t\r":
                float(cell)  # only a number may start so (a negative score)
        record = data[row["id"].lstrip("'")]["record"]
        seat = record["seats"][int(row["seat"])]
        assert int(row["total"]) == record["totals"][int(row["seat"])]
        assert row["won"] == str(int(int(row["seat"]) in record["winners"]))
        assert row["kind"] == ("human" if seat["player"] == "human" else "bot")
    shown = "".join(r["name"] for r in rows)
    for _, survives in NAMES:
        if survives is not None:
            assert survives in shown


def test_export_all_json_round_trips(capsys, hostile):
    """json.loads of the export gives every save's values as its file holds them,
    the hostile names included (a lone surrogate as its escape, read back the same)."""
    rc, out, err = run(capsys, hostile, "export", "--all", "--format", "json")
    assert rc == 0 and err == ""
    assert_terminal_safe(out)
    exported = {g["id"]: g for g in json.loads(out)}
    data = raw(hostile)
    assert set(exported) == set(data)
    for ident, d in data.items():
        record, g = d["record"], exported[ident]
        assert (g["date"], g["game"], g["finished"], g["totals"], g["winners"]) == \
            (d["date"], game_of(d), d["summary"]["finished"], record["totals"], record["winners"])
        assert [s["name"] for s in g["seats"]] == [s["name"] for s in record["seats"]]
        assert [s["kind"] for s in g["seats"]] == ["human" if s["player"] == "human" else "bot"
                                                  for s in record["seats"]]


def test_export_all_takes_the_filters(capsys, folder):
    rc, out, _ = run(capsys, folder, "export", "--all", "--format", "json", "--aside")
    assert rc == 0
    assert sorted(g["id"] for g in json.loads(out)) == sorted(i for i, d in raw(folder).items()
                                                               if not d["summary"]["finished"])


def test_piped_list_is_one_row_per_line(hostile):
    """Names with newlines and escapes, a pipe, a narrow $COLUMNS: a row per save."""
    env = {**os.environ, "COLUMNS": "30"}
    done = subprocess.run([sys.executable, "-m", "ohseven_tui", "scores", "list", "--save-dir", str(hostile)],
                          capture_output=True, env=env, timeout=300)
    assert done.returncode == 0 and done.stderr == b""
    assert_terminal_safe(done.stdout)
    rows = [line for line in done.stdout.decode().splitlines() if line.startswith("│")]
    assert len(rows) == len(raw(hostile))
    for p in hostile.glob("*.json"):
        assert sum(line.split("│")[1].strip() == p.stem for line in rows) == 1

