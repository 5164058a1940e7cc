"""One rule for who is the same person (issue 35, item 2): a person's name matches
whatever its case, in any script (Unicode case folding: ``ärger`` is Ärger,
``zoë`` is ZOË, ``STRASSE`` is Straße), and ``list``, ``players``, a player's page
and the record against the bots all use that one rule. Found by hand: ``--player
ärger`` found none of Ärger's games (SQLite folds ASCII only), and ``--player Ann``
counted the person "ann" in ``list`` (15 games) while ``players`` said Ann played 6.

Expected counts come from the save files written here, grouped by Python's
``str.casefold`` of each record's human names, never from the index."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import printed_tables
from index_saves import played, write

from ohseven_tui.cli import main
from ohseven_tui.storage import save_dirs
from ohseven_tui.storage.index import SaveFilter, open_index

# How many games each spelling played: three people, each under two or more spellings.
SPELLINGS = {"Ärger": 3, "ärger": 1, "Zoë": 2, "ZOË": 1, "Ann": 2, "ann": 1, "Straße": 1, "STRASSE": 1}
GAME = "oh-seven"


def folded(name: str) -> str:
    return name.casefold()


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("people") / "saves"
    out.mkdir()
    k = 0
    for name, count in SPELLINGS.items():
        for _ in range(count):
            game = played(GAME, [(name, "human"), ("Bot", "easy"), ("Cy", "normal")], seed=300 + k)
            write(out / f"g{k:02d}.json", game, f"2026-02-{1 + k:02d}T10:00:00Z")
            k += 1
    return out


def people(folder: Path) -> dict[str, set[str]]:
    """Per folded name: the ids of the games that person played, from the files."""
    found: dict[str, set[str]] = {}
    for path in folder.glob("*.json"):
        for seat in json.loads(path.read_text(encoding="utf-8"))["record"]["seats"]:
            if seat.get("player", "human") == "human":
                found.setdefault(folded(seat["name"]), set()).add(path.stem)
    return found


@pytest.mark.parametrize("asked", ["ärger", "ÄRGER", "Ärger", "zoë", "ZOË", "Zoë", "ann", "ANN", "Ann",
                                   "strasse", "STRASSE", "Straße"])
def test_a_name_finds_every_game_of_that_person_whatever_its_case(folder, capsys, asked):
    want = people(folder)[folded(asked)]
    assert main(["scores", "export", "--all", "--format", "json", "--player", asked, "--save-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert {row["id"] for row in json.loads(out)} == want


def test_players_lists_each_person_once_with_all_their_games(folder, capsys):
    assert main(["scores", "players", "--no-pager", "--save-dir", str(folder)]) == 0
    out, err = capsys.readouterr()
    rows = printed_tables(out)["All games"]
    humans = {r["Player"]: int(r["Games"]) for r in rows if not r["Player"].endswith(" bot")}
    expected = people(folder)
    assert sorted(folded(p) for p in humans) == sorted(expected)
    for shown, games in humans.items():
        assert shown in SPELLINGS  # a spelling the person used, never a folded one
        assert games == len(expected[folded(shown)]), shown
    # The spelling shown is the one the person used most.
    assert {"Ärger", "Zoë", "Ann"} <= set(humans)


def test_a_player_s_page_and_record_against_the_bots_count_every_spelling(folder):
    expected = people(folder)
    with open_index(save_dirs(folder)) as index:
        index.refresh()
        for asked in ("human:ärger", "human:ZOË", "human:ann"):
            page = index.player(asked, SaveFilter())
            assert page is not None, asked
            want = expected[folded(asked.partition(":")[2])]
            assert page.row.games == len(want), asked
            record = index.versus_bots(asked.partition(":")[2].upper(), page.row.families.__iter__().__next__())
            assert {h.label: h.games for h in record} == {"easy bot": len(want), "normal bot": len(want)}, asked
