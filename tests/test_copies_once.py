"""A game is counted once however many files hold it (issue 35, item 7). Found by
hand: 150 saves plus a copy of each listed 300 games and gave the bots 300 games,
while the export showed 150 distinct game ids. The list says which games have
copies. Expected counts come from the files (their ``game_id``s), never from the
index."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import printed_tables
from index_saves import played

from ohseven_tui.cli import main
from ohseven_tui.storage import save_data, save_dirs
from ohseven_tui.storage.index import SaveFilter, open_index

GAMES = 6


def write(path: Path, game, date: str, game_id: str) -> Path:
    path.write_text(json.dumps(save_data(game, date=date, game_id=game_id)), encoding="utf-8")
    return path


@pytest.fixture
def folder(tmp_path) -> Path:
    """Six games, each in two files (a copy under another name), the first also in a third."""
    out = tmp_path / "saves"
    out.mkdir()
    for k in range(GAMES):
        game = played("oh-seven", [("Ann", "human"), ("Bot", "easy"), ("Cy", "normal")], seed=500 + k)
        path = write(out / f"g{k}.json", game, f"2026-03-0{1 + k}T10:00:00Z", f"game{k}")
        shutil.copyfile(path, out / f"g{k}-copy.json")
    shutil.copyfile(out / "g0.json", out / "g0-backup.json")
    return out


def game_ids(folder: Path) -> dict[str, set[str]]:
    """Per game id: the files that hold it."""
    found: dict[str, set[str]] = {}
    for path in folder.glob("*.json"):
        found.setdefault(json.loads(path.read_text(encoding="utf-8"))["game_id"], set()).add(path.stem)
    return found


def counted(folder: Path, capsys, *argv: str) -> list[dict]:
    assert main(["scores", "export", "--all", "--format", "json", "--save-dir", str(folder), *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)


def test_copies_count_once_in_the_list_the_players_and_the_export(folder, capsys):
    ids = game_ids(folder)
    assert len(ids) == GAMES and sum(len(f) for f in ids.values()) == 2 * GAMES + 1
    rows = counted(folder, capsys)
    assert sorted(r["game_id"] for r in rows) == sorted(ids)  # each game once
    assert main(["scores", "players", "--no-pager", "--save-dir", str(folder)]) == 0
    table = {r["Player"]: int(r["Games"]) for r in printed_tables(capsys.readouterr()[0])["All games"]}
    assert table == {"Ann": GAMES, "easy bot": GAMES, "normal bot": GAMES}
    with open_index(save_dirs(folder)) as index:
        index.refresh()
        assert index.count(SaveFilter()) == GAMES
        record = index.versus_bots("Ann", "ohhell")
    assert {h.label: h.games for h in record} == {"easy bot": GAMES, "normal bot": GAMES}


def test_the_list_says_which_games_have_copies(folder, capsys):
    assert main(["scores", "list", "--no-pager", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr()[0]
    lines = [line for line in out.splitlines() if line.startswith("│")]
    assert len(lines) == GAMES
    ids = game_ids(folder)
    for files in ids.values():
        (line,) = [line for line in lines if any(f"│ {f} " in line for f in files)]
        more = len(files) - 1
        assert f"(+{more})" in line, line
    assert "same game in" in out  # the legend says what (+N) means


def test_a_copy_removed_or_its_original_removed_still_counts_the_game_once(folder, capsys):
    (folder / "g1-copy.json").unlink()
    (folder / "g2.json").unlink()
    rows = counted(folder, capsys)
    assert sorted(r["game_id"] for r in rows) == sorted(game_ids(folder))
    with open_index(save_dirs(folder)) as index:
        index.refresh()
        (ann,) = [p for p in index.players() if p.who == "human:Ann"]
    assert ann.games == GAMES
    for path in folder.glob("*.json"):
        path.unlink()
    assert counted(folder, capsys) == []
    with open_index(save_dirs(folder)) as index:
        index.refresh()
        assert index.players() == []


def test_the_finished_file_counts_when_an_earlier_unfinished_copy_is_beside_it(tmp_path, capsys):
    folder = tmp_path / "saves"
    folder.mkdir()
    seats = [("Ann", "human"), ("Bot", "easy"), ("Cy", "normal")]
    whole = played("oh-seven", seats, seed=9)
    part = played("oh-seven", seats, seed=9, upto=2)
    write(folder / "a-early.json", part, "2026-03-01T10:00:00Z", "one")
    write(folder / "b-done.json", whole, "2026-03-02T10:00:00Z", "one")
    assert len(game_ids(folder)) == 1
    (row,) = counted(folder, capsys)
    assert row["id"] == "b-done" and row["finished"]
