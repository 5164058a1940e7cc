"""Who played a seat (issue 20, section 2), in all five games, in new saves
(``storage.save_data`` writes ``summary.seats``) and old ones (the same JSON
without it, and the repo's sample records): a human by name, a bot by strength.
A human "Ann" and a bot seat also named "Ann" never pool; bots of one strength
pool whatever their seats are called. Checked through ``SaveIndex.rows``,
``SaveFilter(player=...)`` and ``ohseven scores players``.

Expected players come from the raw JSON: each record seat's ``player`` field.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import printed_tables
from index_saves import GAMES, played, players_of, who, write

from ohseven_tui.cli import main
from ohseven_tui.storage import save_dirs
from ohseven_tui.storage.index import SaveFilter, open_index

ROOT = Path(__file__).resolve().parents[1]
OLD_SAMPLES = [*sorted((ROOT / "saves").glob("*.json")), *sorted((ROOT / "tests/fixtures/saves-v1").glob("*.json"))]


def seats_for(game: str, k: int) -> list[tuple[str, str]]:
    """Human Ann and a normal bot called Ann at one table (k even), or only the bot
    Ann (k odd); the other seats bots of two strengths and a human Bo."""
    n = players_of(game)
    out = [("Ann", "human"), ("Ann", "normal"), ("Bo", "human"), ("Zed", "normal")] if k % 2 == 0 else \
        [("Ann", "normal"), ("Bo", "human"), ("Cy", "easy"), ("Zed", "normal")]
    extra = [("Eve", "easy"), ("Fay", "easy"), ("Gus", "easy")]
    return (out + extra)[:n]


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """Per game: two games, each saved new (``-new``) and old (``-old``)."""
    out = tmp_path_factory.mktemp("identity") / "saves"
    out.mkdir()
    for g, game in enumerate(GAMES):
        for k in range(2):
            state = played(game, seats_for(game, k), seed=40 + 2 * g + k)
            date = f"2026-05-{10 + 2 * g + k:02d}T10:00:00Z"
            # Two games as far as counting goes (copies of one game count once): one per format.
            write(out / f"{game}-{k}-new.json", state, date, game_id=f"{game}-{k}-new")
            write(out / f"{game}-{k}-old.json", state, date, old=True, game_id=f"{game}-{k}-old")
    return out


def raw(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_new_saves_record_seats_and_old_ones_do_not(folder):
    for path in folder.glob("*.json"):
        summary = raw(path)["summary"]
        assert ("seats" in summary) == path.stem.endswith("-new")
        if "seats" in summary:
            seats = raw(path)["record"]["seats"]
            assert [s["kind"] for s in summary["seats"]] == \
                ["human" if s["player"] == "human" else "bot" for s in seats]


@pytest.mark.parametrize("game", GAMES)
def test_new_and_old_saves_give_the_same_players(folder, game):
    with open_index(save_dirs(folder)) as index:
        index.refresh()
        rows = {r.id: r for r in index.rows(SaveFilter(game=game))}
    assert len(rows) == 4
    for k in range(2):
        new, old = rows[f"{game}-{k}-new"], rows[f"{game}-{k}-old"]
        expected = tuple(who(s) for s in raw(folder / f"{game}-{k}-old.json")["record"]["seats"])
        assert new.whos == old.whos == expected
        assert new.names == old.names
    # The human Ann and the bot called Ann are two players at one table.
    assert rows[f"{game}-0-new"].whos[:2] == ("human:Ann", "bot:normal")


def files_where(folder: Path, test) -> set[str]:
    return {p.stem for p in folder.glob("*.json") if any(test(s) for s in raw(p)["record"]["seats"])}


@pytest.mark.parametrize("player,test", [
    ("Ann", lambda s: s["player"] == "human" and s["name"] == "Ann"),
    ("normal bot", lambda s: s["player"] == "normal"),
    ("easy bot", lambda s: s["player"] == "easy"),
    ("Zed", lambda s: False),  # only ever a bot's seat name
])
def test_filter_by_player_is_by_identity(folder, player, test):
    with open_index(save_dirs(folder)) as index:
        index.refresh()
        found = {r.id for r in index.rows(SaveFilter(player=player))}
    assert found == files_where(folder, test)




def expected_players(paths) -> dict[str, tuple[int, int]]:
    """Per player label: (games, wins), from the raw records: a game counts once
    however many seats the player held; a shared win counts."""
    games: dict[str, set] = {}
    wins: dict[str, set] = {}
    for p in paths:
        record = raw(p)["record"]
        for s, seat in enumerate(record["seats"]):
            label = seat["name"] if seat["player"] == "human" else f"{seat['player']} bot"
            games.setdefault(label, set()).add(p)
            if s in record["winners"]:
                wins.setdefault(label, set()).add(p)
    return {label: (len(g), len(wins.get(label, ()))) for label, g in games.items()}


def players_table(capsys, folder: Path, *argv: str) -> dict[str, tuple[int, int]]:
    assert main(["scores", "players", "--save-dir", str(folder), *argv]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return {r["Player"]: (int(r["Games"]), int(r["Wins"])) for r in printed_tables(out)["All games"]}


def test_scores_players_never_pools_a_bot_with_a_human(capsys, folder):
    shown = players_table(capsys, folder)
    assert shown == expected_players(folder.glob("*.json"))
    assert "Zed" not in shown and "Cy" not in shown  # bots' seat names are not players
    # Ann is the human only: half the files (those where she sat), not every file with a seat called Ann.
    assert shown["Ann"][0] == len(files_where(folder, lambda s: s["player"] == "human" and s["name"] == "Ann"))
    assert shown["Ann"][0] < len(files_where(folder, lambda s: s["name"] == "Ann"))


@pytest.mark.parametrize("game", GAMES)
def test_scores_players_per_game_new_and_old_alike(capsys, folder, game):
    shown = players_table(capsys, folder, "--game", game)
    assert shown == expected_players(folder.glob(f"{game}-*.json"))
    new = expected_players(folder.glob(f"{game}-*-new.json"))
    old = expected_players(folder.glob(f"{game}-*-old.json"))
    assert new == old and {label: (2 * g, 2 * w) for label, (g, w) in new.items()} == shown


def test_the_repos_old_sample_records(tmp_path, capsys):
    """The samples in saves/ and the version 1 fixtures carry no summary.seats:
    their seats count by the record's ``player`` field."""
    folder = tmp_path / "saves"
    folder.mkdir()
    for p in OLD_SAMPLES:
        shutil.copy(p, folder / f"{p.parent.name}-{p.name}")
    assert all("seats" not in raw(p)["summary"] for p in folder.glob("*.json"))
    with open_index(save_dirs(folder)) as index:
        result = index.refresh()
        assert result.warnings == []
        for row in index.rows():
            assert row.whos == tuple(who(s) for s in raw(folder / f"{row.id}.json")["record"]["seats"])
    shown = players_table(capsys, folder)
    assert shown == expected_players(folder.glob("*.json"))
    assert {"easy bot", "normal bot", "strong bot"} <= set(shown)
    assert not any(label.startswith("Easy ") for label in shown)  # "Easy 1" is a bot's seat, not a player
