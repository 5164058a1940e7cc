"""Storage on the game protocol (issue 11): a save's summary names the game and its
options generically, every save of the previous version still loads and checks,
old files keep the game ids they had (nothing is filed twice), and the review
reads each game's own statistics.

Expected values come from the files' raw JSON or from the rules, not from the code
under test.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ohseven_tui import storage
from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.storage import SaveError, load_save, save_data, write_save

ROOT = Path(__file__).resolve().parents[1]
OLD = sorted((ROOT / "saves").glob("*.json")) + sorted((ROOT / "tests" / "fixtures" / "saves-v1").glob("*.json"))


def _seats_for(name: str, players: int) -> int:
    """``players``, or the nearest count the game allows (a four-only game plays at 4)."""
    low, high = registry.game_spec(name).players
    return min(max(players, low), high)


def _players(name: str) -> int:
    """3 where the game allows it, else its own default count (Seven for Seven is for 7)."""
    spec = registry.game_spec(name)
    return 3 if spec.players[0] <= 3 <= spec.players[1] else spec.players_option.default


def played(name: str, players: int, seed: int, **options):
    players = _seats_for(name, players)
    seats = [Seat(f"P{s}", "easy") for s in range(players)]
    game = registry.new_game(name, {"players": players, **options}, seed=seed, seats=seats)
    return play_game(game, [make_bot("easy", seed + s) for s in range(players)])


@pytest.mark.parametrize("name", [spec.name for spec in registry.games()])
def test_a_summary_names_the_game_and_its_options(name):
    spec = registry.game_spec(name)
    players = spec.players_option.default
    data = save_data(played(name, players, 3))
    summary = data["summary"]
    assert summary["game"] == name
    assert summary["options"] == spec.check_options({"players": players})
    assert "rules" not in summary  # the old preset form is read, no longer written
    assert summary["rules_text"] == spec.describe(summary["options"])


def test_a_new_summary_that_disagrees_with_the_record_is_refused(tmp_path):
    game = played(registry.default_game().name, 3, 5)
    for key, value in (("game", "no-such-game"), ("options", {"players": 4})):
        data = save_data(game)
        data["summary"][key] = value
        path = tmp_path / f"{key}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(SaveError) as info:
            load_save(path)
        assert f"summary's {key!r}" in str(info.value) and "\n" not in str(info.value)


def test_an_old_summary_with_rules_still_checks(tmp_path):
    """A version 1 summary (``rules: {preset, players, passing}``) loads, and a wrong
    player count in it is still caught."""
    path = ROOT / "tests" / "fixtures" / "saves-v1" / "classic-4p.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["summary"]["rules"] == {"preset": "classic", "players": 4, "passing": False}
    assert load_save(path).game.spec.name == "classic"
    data["summary"]["rules"]["players"] = 5
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="summary's 'rules'"):
        load_save(bad)


def _old_id(record: dict) -> str:
    """The id the previous version derived for a file without one: a hash of the
    record's rules, seats, seed, deals and actions (docs/save-format.md)."""
    keys = ("rules", "seats", "seed", "stacked_deals", "actions")
    if record.get("version") != 1 and "game" in record:  # a later record: its game and options
        keys = ("game", "options", "seats", "seed", "stacked_deals", "actions")
    text = json.dumps({k: record.get(k) for k in keys}, sort_keys=True, ensure_ascii=True)
    return "old-" + hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def _is_old(path: Path) -> bool:
    """Written by the previous version: its record is a version 1 one (no game name)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    rec = data["record"] if data.get("format") == "ohseven-save" else data
    return rec.get("version") == 1 or "game" not in rec


@pytest.mark.parametrize("path", [p for p in OLD if _is_old(p)], ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_old_files_keep_their_game_ids(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    expected = data.get("game_id") or _old_id(data["record"] if data["format"] == "ohseven-save" else data)
    assert load_save(path).game_id == expected


def test_a_new_file_without_an_id_gets_a_stable_id_from_what_the_game_is(tmp_path):
    game = played(registry.default_game().name, 3, 8)
    a = load_save(write_save(tmp_path / "a.json", game)).game_id
    b = load_save(write_save(tmp_path / "b.json", game, date="2020-01-01T00:00:00Z")).game_id
    other = load_save(write_save(tmp_path / "c.json", played(registry.default_game().name, 3, 9))).game_id
    assert a == b != other and a.startswith("old-")


def test_filter_and_sort_by_game(tmp_path):
    names = [spec.name for spec in registry.games()]
    for i, name in enumerate(names):
        write_save(tmp_path / f"{i}.json", played(name, _players(name), i))
    saves, warnings = storage.list_saves(storage.save_dirs(tmp_path))
    assert warnings == [] and len(saves) == len(names)
    for name in names:
        assert [s.game.spec.name for s in storage.filter_saves(saves, name)] == [name]
    assert [s.game.spec.name for s in storage.sort_saves(saves, "rules")] == sorted(names)


def test_player_summaries_pool_each_games_own_statistics(tmp_path):
    """Each game's statistics view declares what pools across games (its tallies):
    a summary is their sum over the games a name played."""
    games = [played(spec.name, 3, 11 + i) for i, spec in enumerate(registry.games())
             if spec.players[0] <= 3 <= spec.players[1]]
    for i, game in enumerate(games):
        write_save(tmp_path / f"{i}.json", game)
    saves, _ = storage.list_saves(storage.save_dirs(tmp_path))
    rows = {p.name: p for p in storage.player_summaries(saves)}
    for s in range(3):
        row = rows[f"P{s}"]
        rounds = sum(len(g.results()) for g in games)
        assert row.games == len(games) and row.rounds == rounds
        for game in games:
            obs = game.observe(s)
            for tally in game.spec.stats(obs).tallies:
                assert tally.key in row.counts
        for key, count in row.counts.items():
            expected = sum(t.counts[s] for g in games for t in g.spec.stats(g.observe(s)).tallies if t.key == key)
            assert count == expected
            # a rate is over the chances a tally declares (else the rounds) of the games that keep it
            counted = sum(t.of[s] if t.of is not None else len(g.results())
                          for g in games for t in g.spec.stats(g.observe(s)).tallies if t.key == key)
            assert row.counted[key] == counted
            assert row.rate(key) == (pytest.approx(expected / counted) if counted else None)
