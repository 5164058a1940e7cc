"""Saves and review for every rules preset (issue 6, "Saves and review").

The preset is part of every save; a classic or up-and-down save replays; the
scoresheet, statistics (S4 counts "no trump" on its own) and replay show number bids
and the turned trump card; the players view can be filtered by preset, in the CLI
and in the app (Pilot). Expected values come from the raw save files (the record's
log) and the rules in ``oh-hell.md``, never from the code under test.
"""

from __future__ import annotations

import csv
import io
import json
import random
import shutil
from pathlib import Path

import pytest
from helpers import check_record_json, record_rounds
from test_ui_driver import delivered, until
from test_ui_saves import open_review, open_saved_games, text_of
from textual.widgets import ContentSwitcher, DataTable, Static

from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.cli import main
from ohseven_tui.engine import record as records
from ohseven_tui.engine import registry
from ohseven_tui.engine.registry import game_spec
from ohseven_tui.games.ohhell import Game, Seat, StackedDeal, make_pack, make_rules, parse_card
from ohseven_tui.storage import SaveError, load_save, save_data, write_save
from ohseven_tui.ui.app import OhSevenApp

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves"
IDS = sorted(p.stem for p in SAMPLES.glob("*.json"))
CLASSIC, UP_AND_DOWN = "sim-61-0001", "sim-62-0001"
SIZES = {"classic": [7, 6, 5, 4, 3, 2, 1], "up-and-down": [7, 6, 5, 4, 3, 2, 2, 3, 4, 5, 6, 7]}  # H2, U2
SUIT_LABEL = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
SIZE = (140, 45)


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    monkeypatch.setenv("COLUMNS", "250")


def raw(save_id: str) -> dict:
    return json.loads((SAMPLES / f"{save_id}.json").read_text(encoding="utf-8"))


def taken(rnd: dict, seat: int) -> int:
    return sum(t["winner"] == seat for t in rnd["tricks"])


def h6(bid: int, took: int) -> int:
    return 10 + took if bid == took else 0


def u6(bid: int, took: int) -> int:
    return bid if bid == took else -abs(bid - took)


def played(preset: str, players: int, seed: int, stacked=()) -> Game:
    seats = [Seat(name, "easy") for name in ("Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus")[:players]]
    game = Game(make_rules(preset, players), seed=seed, seats=seats, stacked_deals=stacked)
    return play_game(game, [make_bot("easy", seed + s) for s in range(players)])


def no_trump_game() -> Game:
    """A classic game whose every hand is stacked with no turned card (H3: no trump)."""
    rng = random.Random(9)
    deals = []
    for size in SIZES["classic"]:
        pack = make_pack(range(2, 15))
        rng.shuffle(pack)
        deals.append(StackedDeal(tuple(tuple(pack[i * size:(i + 1) * size]) for i in range(3)), None))
    return played("classic", 3, 4, deals)


def scores(capsys, save_dir, *argv) -> tuple[int, str, str]:
    rc = main(["scores", *argv, "--save-dir", str(save_dir)])
    out, err = capsys.readouterr()
    return rc, out, err


def sheet_rows(out: str) -> list[list[str]]:
    sheet = out[out.index("Scoresheet"):out.index("Table statistics")]
    return [[c.strip() for c in line.split("│")[1:-1]] for line in sheet.splitlines() if line.startswith("│")]


# ---------------------------------------------------------------------------- storage
@pytest.mark.parametrize("preset,players", [("classic", 4), ("up-and-down", 3)])
def test_the_preset_is_part_of_every_save_and_a_save_replays(tmp_path, preset, players):
    game = played(preset, players, 17)
    data = save_data(game)
    assert data["summary"]["game"] == preset and data["record"]["rules"]["preset"] == preset
    assert data["summary"]["rules_text"].startswith(game_spec(preset).label)
    path = write_save(tmp_path / "g.json", game)
    saved = load_save(path)
    assert saved.game.rules == game.rules and saved.finished
    assert records.to_record(saved.game) == records.to_record(game)
    check_record_json(json.loads(path.read_text(encoding="utf-8"))["record"])


def test_a_summary_whose_rules_disagree_with_the_record_is_refused(tmp_path):
    data = raw(CLASSIC)
    data["summary"]["rules"]["preset"] = "oh-seven"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert "\n" not in str(info.value) and "rules" in str(info.value) and str(path) in str(info.value)


@pytest.mark.parametrize("save_id", [CLASSIC, UP_AND_DOWN])
def test_samples_replay_by_their_rules(save_id):
    data = raw(save_id)
    preset = data["record"]["rules"]["preset"]
    check_record_json(data["record"])  # H1-H7 / U1-U7 from the JSON alone
    saved = load_save(SAMPLES / f"{save_id}.json")
    assert saved.game.rules.preset == preset and saved.finished
    assert [r["hand_size"] for r in data["record"]["rounds"]] == SIZES[preset]
    assert [r.turned.text() for r in saved.game.results()] == [r["deals"][0]["turned"] for r in data["record"]["rounds"]]


# ---------------------------------------------------------------------------- CLI
def test_show_a_classic_game(capsys):
    rc, out, err = scores(capsys, SAMPLES, "show", CLASSIC)
    assert rc == 0 and err == ""
    rec = raw(CLASSIC)["record"]
    names = [s["name"] for s in rec["seats"]]
    n = len(names)
    header = next(line for line in out.splitlines() if "Round" in line and "Player" in line)
    assert "Cards" in header and "Bonus" not in header  # no R11 bonus in Oh Hell
    rows = sheet_rows(out)
    assert len(rows) == 7 * n
    running = [0] * n
    for i, rnd in enumerate(rec["rounds"]):
        mine = rows[i * n:(i + 1) * n]
        turned = rnd["deals"][0]["turned"]
        assert mine[0][1] == str(SIZES["classic"][i])
        assert mine[0][2] == f"{SUIT_LABEL[turned[-1]]} ({turned} turned)"
        for s, row in enumerate(mine):
            bid, took = rnd["bids"][s], taken(rnd, s)
            running[s] += h6(bid, took)
            dealer = " (dealer)" if s == rnd["dealer"] else ""
            assert row[3:] == [names[s] + dealer, str(bid), str(took), f"{h6(bid, took):+d}", str(running[s])]
    assert running == rec["totals"]
    assert "10 + tricks" in out and "*" not in "".join(r[4] for r in rows)


def test_show_and_export_a_no_trump_game(capsys, tmp_path):
    write_save(tmp_path / "nt.json", no_trump_game())
    rc, out, err = scores(capsys, tmp_path, "show", "nt")
    assert rc == 0 and err == ""
    rows = sheet_rows(out)
    assert [r[2] for r in rows[::3]] == ["no trump"] * 7
    s4 = next(line for line in out.splitlines() if "trump turned" in line)  # S4 "trump turned" in Oh Hell
    assert "no trump 7" in s4  # S4 counts "no trump" as its own entry
    rc, out, _ = scores(capsys, tmp_path, "export", "nt", "--format", "json")
    data = json.loads(out)
    assert data["stats"]["table"]["trump_counts"] == {"no trump": 7}
    assert all(r["trump"] is None and r["turned"] is None for r in data["rounds"])
    rc, out, _ = scores(capsys, tmp_path, "export", "nt", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {(r["trump"], r["turned"]) for r in rows} == {("", "")}
    rc, out, _ = scores(capsys, tmp_path, "export", "nt", "--format", "md")
    assert sum(", no trump |" in line for line in out.splitlines()) == 7


def test_export_json_of_an_up_and_down_game(capsys):
    rc, out, err = scores(capsys, SAMPLES, "export", UP_AND_DOWN, "--format", "json")
    assert rc == 0 and err == ""
    exported = json.loads(out)
    rec = raw(UP_AND_DOWN)["record"]
    n = rec["rules"]["players"]
    assert exported["game"] == "up-and-down"
    assert [r["hand_size"] for r in exported["rounds"]] == SIZES["up-and-down"]
    trumps = {}
    for mine, rnd in zip(exported["rounds"], rec["rounds"]):
        turned = rnd["deals"][0]["turned"]
        assert mine["turned"] == turned and mine["trump"] == turned[-1]  # U3
        trumps[turned[-1]] = trumps.get(turned[-1], 0) + 1
        for s, line in enumerate(mine["seats"]):
            assert line["bid"] == rnd["bids"][s] and line["points"] == u6(rnd["bids"][s], taken(rnd, s))
    table = exported["stats"]["table"]
    assert table["trump_counts"] == trumps  # S4
    assert table["average_top_bid"] == pytest.approx(sum(max(r["bids"]) for r in rec["rounds"]) / 12)  # S3
    for s in range(n):
        assert exported["stats"]["seats"][s]["points_per_round"] == pytest.approx(rec["totals"][s] / 12)  # S5
    assert exported["winners"] == [rec["seats"][s]["name"] for s in rec["winners"]]


def test_export_md_of_a_classic_game(capsys):
    rc, out, _ = scores(capsys, SAMPLES, "export", CLASSIC, "--format", "md")
    assert rc == 0
    rec = raw(CLASSIC)["record"]
    lines = [line for line in out.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(lines) == 7
    for line, rnd, size in zip(lines, rec["rounds"], SIZES["classic"]):
        turned = rnd["deals"][0]["turned"]
        cards = "card" if size == 1 else "cards"
        assert line.startswith(f"| {rnd['round']} | {size} {cards}, {SUIT_LABEL[turned[-1]]} ({turned} turned) |")
        cells = [c.strip() for c in line.split("|")[3:-1]]
        d = rnd["dealer"]
        assert cells[d].startswith(f"{rnd['bids'][d]} (d) / {taken(rnd, d)}")


def by_rules(preset):
    """Games and wins per player over the samples of one preset (a bot by its
    strength, once per game), and their rounds: every seat's, added up."""
    games, wins, rounds = {}, {}, {}
    for save_id in IDS:
        rec = raw(save_id)["record"]
        game = rec["rules"]["preset"] if "rules" in rec else rec["game"]  # version 1 names it in its rules
        if preset is not None and game != preset:
            continue
        for s, seat in enumerate(rec["seats"]):
            player = seat.get("player", "human")
            name = seat["name"] if player == "human" else f"{player} bot"
            games.setdefault(name, set()).add(save_id)
            if s in rec["winners"]:
                wins.setdefault(name, set()).add(save_id)
            rounds[name] = rounds.get(name, 0) + record_rounds(rec)
    return ({n: len(g) for n, g in games.items()}, {n: len(wins.get(n, ())) for n in games}, rounds)


@pytest.mark.parametrize("preset", ["classic", "up-and-down", "oh-seven"])
def test_players_filtered_by_rules(capsys, preset):
    rc, out, err = scores(capsys, SAMPLES, "players", "--rules", preset)
    assert rc == 0 and err == ""
    games, wins, rounds = by_rules(preset)
    assert f"of {preset}" in out.splitlines()[0]
    table = [[c.strip() for c in line.split("│")[1:-1]] for line in out.splitlines() if line.startswith("│")]
    # Player, Games, Finished, Wins (then the family's own columns); Finished is test_win_rates'
    every, family = [r for r in table if len(r) == 4], [r for r in table if len(r) > 4]
    assert {row[0] for row in every} == set(games) == {row[0] for row in family}
    for row in every:
        assert (int(row[1]), int(row[3])) == (games[row[0]], wins[row[0]])
    for row in family:  # the family's own table: its rounds, played by every seat
        assert (int(row[1]), int(row[3]), int(row[4])) == (games[row[0]], wins[row[0]], rounds[row[0]])


def test_list_filtered_by_rules_and_a_bad_preset(capsys):
    rc, out, _ = scores(capsys, SAMPLES, "list", "--rules", "classic")
    assert rc == 0 and CLASSIC in out and not any(i in out for i in IDS if i != CLASSIC)
    rc, out, err = scores(capsys, SAMPLES, "players", "--rules", "bridge")
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1 and "bridge" in err


# ---------------------------------------------------------------------------- app (Pilot)
@pytest.fixture
def save_dir(tmp_path):
    d = tmp_path / "saves"
    shutil.copytree(SAMPLES, d, ignore=shutil.ignore_patterns("*.py", "*.sh", "*.md"))
    return d


def body(screen) -> str:
    return text_of(screen.query_one("#replay-body", Static))


async def test_review_replays_a_classic_round_with_the_turned_card_and_number_bids(save_dir):
    rec = raw(CLASSIC)["record"]
    names = [s["name"] for s in rec["seats"]]
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_review(pilot, CLASSIC)
        sheet = text_of(screen.query_one("#review-sheet", Static))
        first = next(line for line in sheet.splitlines() if line.startswith(names[0]))
        r1 = rec["rounds"][0]
        assert f"{r1['bids'][0]}/{taken(r1, 0)}" in first
        await pilot.press("r")
        await delivered(pilot, "r")
        assert screen.query_one(ContentSwitcher).current == "replay"
        for index in (0, 6):  # round 1 (7 cards) and round 7 (1 card)
            rnd = rec["rounds"][index]
            turned = parse_card(rnd["deals"][0]["turned"])
            assert screen.current_step.title == f"Round {index + 1}: the deal"
            text = body(screen)
            size = SIZES["classic"][index]
            assert f"deals {size} card" in text and f"turns up {turned.pretty()}" in text
            assert all(len(h) == size for h in screen.current_step.hands)
            await pilot.press("right")
            await delivered(pilot, "right")
            assert screen.current_step.title == f"Round {index + 1}: bids"
            text = body(screen)
            for s, bid in enumerate(rnd["bids"]):
                line = next(line for line in text.splitlines() if line.startswith(names[s]))
                assert f"bids {bid}" in line and (("(dealer)" in line) == (s == rnd["dealer"]))
            assert f"Trump: {turned.suit.label} ({turned.pretty()} turned)" in text
            hook = size - (sum(rnd["bids"]) - rnd["bids"][rnd["dealer"]])
            assert (f"could not bid {hook} (the hook)" in text) == (0 <= hook <= size)
            for _ in range(5):
                await pilot.press("]")
            await pilot.press("]")
            await delivered(pilot, "]")
        # The last round's score step names H6.
        await pilot.press("end")
        await delivered(pilot, "end")
        assert screen.current_step.title == "Round 7: the score" and "10 + tricks" in body(screen)


async def test_review_of_a_no_trump_game(tmp_path):
    d = tmp_path / "saves"
    write_save(d / "nt.json", no_trump_game())
    app = OhSevenApp(save_dir=d)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_review(pilot, "nt")
        await pilot.press("t")
        await delivered(pilot, "t")
        assert "no trump 7" in text_of(screen.query_one("#review-stats", Static))  # S4
        await pilot.press("r")
        await delivered(pilot, "r")
        assert "no card is left to turn, so there is no trump" in body(screen)
        await pilot.press("right")
        await delivered(pilot, "right")
        assert "No trump this hand." in body(screen)


async def test_players_view_filters_by_rules(save_dir):
    """The players of each game's saves (the list's game filter, passed on), first
    over every family, then in the game's family with its rounds."""
    from ohseven_tui.storage.index import SaveFilter
    from ohseven_tui.ui.screens.players import PlayersScreen

    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        for preset in (None, *(spec.name for spec in registry.games())):
            games, wins, rounds = by_rules(preset)
            app.push_screen(PlayersScreen(SaveFilter(game=preset)))

            async def filled(games=games) -> bool:
                """The worker has filled the list (or there is nothing to fill it with)."""
                await app.workers.wait_for_complete()
                await pilot.pause()
                return bool(app.screen.query_one(DataTable).row_count or not games)

            await until(pilot, filled, "the players' list filled")
            table = app.screen.query_one(DataTable)
            rows = {str(table.get_row_at(i)[0]): table.get_row_at(i) for i in range(table.row_count)}
            assert set(rows) == set(games)
            for name, row in rows.items():
                assert (int(row[1]), int(row[2])) == (games[name], wins[name])
            title = text_of(app.screen.query_one("#players-title", Static))
            assert (f"of {preset}" if preset else "all game families") in title
            if preset is not None and games:
                await pilot.press("f")
                await delivered(pilot, "f")
                table = app.screen.query_one(DataTable)
                rows = {str(table.get_row_at(i)[0]): table.get_row_at(i) for i in range(table.row_count)}
                for name, row in rows.items():
                    assert int(row[3]) == rounds[name]
            players = app.screen
            await pilot.press("escape")
            await until(pilot, lambda players=players: app.screen is not players, "the players' list closed")
