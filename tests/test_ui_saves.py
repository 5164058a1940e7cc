"""Saved games in the app (issue 5, section 4), driven through the real app with
Pilot: the main menu's "Saved games", the sortable list, delete after a
confirmation, one game's review (scoresheet, S1-S10, chart, replay), the players
view, and a notice (and a running app) for every unreadable file.

Expected values come from the raw save files or, for ``redeal-2p``, from its
scripted deal worked out by hand.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from helpers import record_players
from test_storage_bad_input import CASES, unprivileged, write_case
from test_ui_driver import FAIL_SAFE, delivered, refreshed, text, until
from textual.widgets import ContentSwitcher, DataTable, OptionList, Static

from ohseven_tui.engine import parse_card
from ohseven_tui.ui.app import OhSevenApp

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves"
IDS = sorted(p.stem for p in SAMPLES.glob("*.json"))
SIZE = (140, 45)


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


@pytest.fixture
def save_dir(tmp_path):
    d = tmp_path / "saves"
    shutil.copytree(SAMPLES, d, ignore=shutil.ignore_patterns("*.py", "*.sh", "*.md"))
    return d


def raw(save_id: str) -> dict:
    return json.loads((SAMPLES / f"{save_id}.json").read_text(encoding="utf-8"))


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


def text_of(widget: Static) -> str:
    from rich.console import Console

    console = Console(width=200, record=True, color_system=None)
    with console.capture() as cap:
        console.print(widget.content)
    return cap.get()


async def menu_options(pilot, wanted: str) -> list:
    """The main menu's option ids, once ``wanted`` is among them (the menu looks
    for saves and an unfinished game after its first paint)."""
    def ids() -> list:
        menu = pilot.app.screen.query_one(OptionList)
        return [menu.get_option_at_index(i).id for i in range(menu.option_count)]

    await pilot.pause()
    return await until(pilot, lambda: wanted in (now := ids()) and now, f"{wanted!r} on the menu")


async def choose_from_menu(pilot, option: str) -> None:
    ids = await menu_options(pilot, option)
    assert option in ids
    app = pilot.app
    screen = app.screen
    menu = screen.query_one(OptionList)
    for _ in range(ids.index(option) - (menu.highlighted or 0)):
        await pilot.press("down")
    await pilot.press("enter")
    await until(pilot, lambda: app.return_code is not None or app.screen is not screen, f"{option!r} taken")


async def open_saved_games(pilot, *, wait: bool = True) -> None:
    """Menu -> Saved games; with ``wait``, until the list has been read."""
    app = pilot.app
    await choose_from_menu(pilot, "saved")
    assert type(app.screen).__name__ == "SavedGamesScreen"
    screen = app.screen
    if wait:
        await until(pilot, lambda: not screen.reading, "the saves read")  # in a worker thread
        await app.workers.wait_for_complete()  # and the list's page shown after the reading
        table = screen.query_one(DataTable)
        await until(pilot, lambda: not (table._require_update_dimensions or table._new_rows), "the columns sized")
        await refreshed(pilot, [table], "the list drawn")


async def rows_sized(pilot, count: int) -> None:
    """Until the list holds ``count`` rows and has sized its columns to them (it
    does that when idle, a frame or more after the rows land)."""
    table = pilot.app.screen.query_one(DataTable)
    await until(pilot, lambda: table.row_count == count and not (table._require_update_dimensions or table._new_rows),
                f"{count} rows, their columns sized")
    await pilot.pause()


def listed(app) -> list[str]:
    """The saves' ids in the list's order (each row's key: below 120 columns the
    list shows no id column)."""
    table = app.screen.query_one(DataTable)
    return [str(row.key.value) for row in table.ordered_rows]


async def select(pilot, save_id: str) -> None:
    rows = listed(pilot.app)
    assert save_id in rows, (save_id, rows)
    table = pilot.app.screen.query_one(DataTable)
    for _ in range(len(rows)):  # a row a step, each waited for
        if rows[table.cursor_row] == save_id:
            break
        row = table.cursor_row
        await pilot.press("down")
        await until(pilot, lambda row=row: table.cursor_row != row, "the cursor a row down")
    assert rows[table.cursor_row] == save_id


async def test_menu_opens_the_list_of_every_save(save_dir):
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        assert sorted(listed(app)) == IDS
        table = app.screen.query_one(DataTable)
        row = table.get_row(IDS[IDS.index("redeal-2p")])
        data = raw("redeal-2p")
        totals = data["record"]["totals"]
        assert str(row[4]) == data["record"]["seats"][totals.index(max(totals))]["name"]  # winner
        assert row[3] == "2"
        for name, total in zip(["Ann", "Ben"], totals):
            assert f"{name} {total}" in row[5]
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen", "the menu")


async def resort(pilot, *keys: str) -> None:
    """Press the list's sort keys and wait for the page read again in that order."""
    await pilot.press(*keys)
    await delivered(pilot, f"{keys!r}")  # the sort changed: the page is read again in a worker
    await pilot.app.workers.wait_for_complete()


async def test_list_sorts(save_dir):
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        await resort(pilot, "o")  # date -> id
        assert listed(app) == IDS
        await resort(pilot, "v")
        assert listed(app) == IDS[::-1]
        await resort(pilot, "o")  # -> game (a version 1 record names it in its rules)
        names = [raw(i)["record"].get("game") or raw(i)["record"]["rules"]["preset"] for i in listed(app)]
        assert names == sorted(names)
        await resort(pilot, "o")  # -> players
        counts = [record_players(raw(i)["record"]) for i in listed(app)]
        assert counts == sorted(counts)
        await resort(pilot, "o", "o")  # -> winner, score
        best = [max(raw(i)["record"]["totals"]) for i in listed(app)]
        assert best == sorted(best, reverse=True)


async def test_delete_only_after_confirmation(save_dir):
    app = OhSevenApp(save_dir=save_dir)
    others = {p.name: p.read_bytes() for p in save_dir.iterdir() if p.is_file() and p.stem != "sim-4-0001"}
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        await select(pilot, "sim-4-0001")
        await pilot.press("x")
        await until(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen", "the question")
        assert type(app.screen).__name__ == "ConfirmScreen"
        await pilot.press("n")
        await until(pilot, lambda: "Kept sim-4-0001." in notices(app), "the answer taken (the list says so)")
        assert (save_dir / "sim-4-0001.json").exists() and "sim-4-0001" in listed(app)
        await pilot.press("x")
        await until(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen", "the question again")
        await pilot.press("y")
        await until(pilot, lambda: "Deleted sim-4-0001." in notices(app), "the answer taken (the list says so)")
        await app.workers.wait_for_complete()  # and the list read again
        assert not (save_dir / "sim-4-0001.json").exists()
        assert sorted(listed(app)) == [i for i in IDS if i != "sim-4-0001"]
    # The save files: the state folder (.state) holds the prefs the menu keeps (the tutorial offered).
    assert {p.name: p.read_bytes() for p in save_dir.iterdir() if p.is_file()} == others


async def test_every_unreadable_file_gets_a_notice_and_the_app_goes_on(save_dir):
    bad = {case: write_case(save_dir, case) for case in CASES}
    before = {case: path.read_bytes() for case, path in bad.items()}
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        assert sorted(listed(app)) == IDS  # the bad files are skipped
        # The first few get a notice each (a folder of many bad files is not a
        # storm of them); the status line counts them (w lists every one: the next test).
        shown = notices(app)
        status = text_of(app.screen.query_one("#saves-status", Static))
        assert f"{len(CASES)} files could not be read" in status and len(CASES) > 1
        named = [path for path in bad.values() if any(str(path) in n for n in shown)]
        assert len(named) == min(5, len(CASES)) and any(f"{len(CASES) - 5} more" in n for n in shown)
        for case, path in bad.items():
            mine = [n for n in shown if str(path) in n]
            assert len(mine) <= 1 and all(CASES[case][1] in n and "\n" not in n for n in mine)
        await select(pilot, "sim-7-0001")  # still works: open a good game
        listing = app.screen
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not listing, "the game opened")
        assert type(app.screen).__name__ == "GameReviewScreen"
    assert {case: path.read_bytes() for case, path in bad.items()} == before


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_every_unreadable_file_can_be_read_on_screen_however_many(save_dir, size):
    """The status line has room for a few; the player still gets to read every file
    that was skipped and why (w lists them), not the first three lines of them."""
    from ohseven_tui.ui.snapshot import screen_text

    bad = {case: write_case(save_dir, case) for case in CASES}
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=size) as pilot:
        await open_saved_games(pilot)
        listing = app.screen
        assert "w lists" in screen_text(app) and notices(app)
        await pilot.press("w")
        await until(pilot, lambda: app.screen is not listing and app.screen.is_mounted, "the unreadable files")
        assert not notices(app)  # the notices said the same, and would cover the list

        def inside_the_box() -> str:  # the lines between the box's sides, run together (they wrap)
            lines = [line.split("│")[1] for line in screen_text(app).splitlines() if line.count("│") >= 2]
            return "".join("".join(lines).split())

        frames = [inside_the_box()]
        for _ in range(40):  # what does not fit scrolls: the arrow keys
            await pilot.press("down")
            await delivered(pilot, "down")
            await refreshed(pilot, [app.focused or app.screen], "the scroll drawn")
            frames.append(inside_the_box())
        for case, path in bad.items():
            whole = "".join(f"{path.name}:".split()), "".join(CASES[case][1].split())
            assert any(whole[0] in f and whole[1] in f.split(whole[0], 1)[1].split("skipped")[0] for f in frames), case
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is listing, "the list again")
        assert type(app.screen).__name__ == "SavedGamesScreen"


async def test_corrupt_autosave_gives_a_notice_and_the_menu_works(tmp_path):
    d = tmp_path / "saves"
    state = d / ".state"
    state.mkdir(parents=True)
    (state / "autosave.json").write_bytes(b'{"format": "ohseven-save", "vers')
    app = OhSevenApp(save_dir=d, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen" and app.screen.is_mounted, "the menu")
        assert any(str(state / "autosave.json") in n for n in notices(app))
        assert type(app.screen).__name__ == "MenuScreen"
        ids = await menu_options(pilot, "saved")
        assert "continue" not in ids and "new" in ids and "saved" in ids
    kept = list(state.glob("autosave-unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == b'{"format": "ohseven-save", "vers'


async def open_review(pilot, save_id):
    await open_saved_games(pilot)
    await select(pilot, save_id)
    listing = pilot.app.screen
    await pilot.press("enter")  # the game is read in a worker thread, then its review opens
    await until(pilot, lambda: pilot.app.screen is not listing and pilot.app.screen.is_mounted, "the review")
    screen = pilot.app.screen
    assert type(screen).__name__ == "GameReviewScreen" and screen.saved.id == save_id
    return screen


async def test_review_scoresheet_statistics_and_chart(save_dir):
    app = OhSevenApp(save_dir=save_dir)
    data = raw("sim-29-0001")["record"]
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_review(pilot, "sim-29-0001")
        switcher = screen.query_one(ContentSwitcher)
        assert switcher.current == "scoresheet"
        sheet = text_of(screen.query_one("#review-sheet", Static))
        for seat, total in zip(data["seats"], data["totals"]):
            line = next(ln for ln in sheet.splitlines() if ln.startswith(seat["name"]))
            assert line.split()[-1].rstrip("★") == str(total) or line.split()[-2] == str(total)
        # Round 1 cell of seat 0: bid/tricks from the raw log.
        r1 = data["rounds"][0]
        took = sum(t["winner"] == 0 for t in r1["tricks"])
        first = next(ln for ln in sheet.splitlines() if ln.startswith(data["seats"][0]["name"]))
        assert f"{r1['bids'][0]}/{took}" in first
        await pilot.press("t")
        await delivered(pilot, "the keys")
        assert switcher.current == "statistics"
        stats = text_of(screen.query_one("#review-stats", Static))
        for label in ("players: 5", "zero bids:", "average top bid:", "trump:", "Pts/round", "Zero bids",
                      "Top bids", "Filled", "Over", "Under"):
            assert label in stats
        await pilot.press("c")
        await delivered(pilot, "c")
        assert switcher.current == "chart"
        # The chart is mounted when first shown; its legend filled as it mounts.
        await until(pilot, lambda: (found := screen.query("#review-chart .chart-legend")) and str(found.first().render()),
                    "the chart's legend")
        legend = str(screen.query_one("#review-chart .chart-legend", Static).render())
        for seat in data["seats"]:
            assert seat["name"] in legend  # the chart itself: test_ui_chart.py
        totals = text_of(screen.query_one("#review-totals", Static))
        running = [0] * 5
        for r in data["rounds"]:
            running = [x + p for x, p in zip(running, r["round_points"])]
        for s, seat in enumerate(data["seats"]):
            line = next(ln for ln in totals.splitlines() if f" {seat['name']} " in ln)
            assert line.split()[-1] == str(running[s]) == str(data["totals"][s])


async def test_replay_steps_through_a_redealt_round(save_dir):
    """redeal-2p, round 1, by hand: deal 1 (Ann 0S-6S, Ben 7S 6H-1H), seven bid
    attempts summing to 7, deal 2, one standing bid, seven tricks, the score: 18 steps."""
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_review(pilot, "redeal-2p")
        await pilot.press("r")
        await delivered(pilot, "the keys")
        assert screen.query_one(ContentSwitcher).current == "replay"
        titles = []
        for _ in range(18):
            step = screen.current_step
            titles.append(step.title)
            body = text_of(screen.query_one("#replay-body", Static))
            if len(titles) == 1:
                assert [c.text() for c in step.hands[0]] == "6S 5S 4S 3S 2S 1S 0S".split()
                assert [c.text() for c in step.hands[1]] == "7S 6H 5H 4H 3H 2H 1H".split()
            if 2 <= len(titles) <= 8:
                k = len(titles) - 2
                ann, ben = parse_card(f"{k}S"), parse_card("7S 6H 5H 4H 3H 2H 1H".split()[k])
                assert f"bids {ann.pretty()}" in body and f"bids {ben.pretty()}" in body
            await pilot.press("right")
            await delivered(pilot, "the keys")
        assert titles[0] == "Round 1: the deal (deal 1 of 2)"
        assert titles[1] == "Round 1: bid (deal 1 of 2)"
        assert titles[2:8] == [f"Round 1: rebid {k} (deal 1 of 2)" for k in range(1, 7)]
        assert titles[8] == "Round 1: the deal (deal 2 of 2)"
        assert titles[9] == "Round 1: bid (deal 2 of 2)"
        assert titles[10:17] == [f"Round 1: trick {t} of 7" for t in range(1, 8)]
        assert titles[17] == "Round 1: the score"
        assert screen.current_step.title.startswith("Round 2: the deal")  # stepped on into round 2
        await pilot.press("left")
        await delivered(pilot, "the keys")
        assert screen.current_step.title == "Round 1: the score"
        assert "+3 rebid" in text_of(screen.query_one("#replay-body", Static))  # Ann's R11 points
        await pilot.press("home")
        await delivered(pilot, "the keys")
        assert screen.current_step.title == titles[0]
        await pilot.press("]")
        await pilot.press("]")
        await delivered(pilot, "the keys")
        assert screen.current_step.title.startswith("Round 3: the deal")
        # Back a trick at a time: hands grow by one card per trick (7 - tricks played).
        await pilot.press("end")
        await delivered(pilot, "the keys")
        await pilot.press("left")
        await delivered(pilot, "the keys")
        step = screen.current_step
        assert step.title == "Round 3: trick 7 of 7" and all(len(h) == 0 for h in step.hands)
        await pilot.press("left")
        await delivered(pilot, "the keys")
        assert all(len(h) == 1 for h in screen.current_step.hands)


async def wait_for_rows(pilot, table_id: str) -> DataTable:
    """The table once the screen's worker has filled it."""
    app = pilot.app

    async def filled() -> DataTable | None:
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = app.screen.query_one(table_id, DataTable)
        return table if table.row_count else None

    return await until(pilot, filled, f"rows in {table_id}")


async def test_players_view_player_page_and_their_games(tmp_path):
    """People by name, bots by strength (a bot seat named Ann is not Ann), per
    game family with only its own rates; a player's page; their games."""
    from identity_saves import expected_players, write_identity_saves

    from ohseven_tui.engine.registry import family_label
    from ohseven_tui.engine.registry import games as all_games

    d = tmp_path / "saves"
    paths = write_identity_saves(d, repeats=2)
    expected = expected_players(paths)
    assert {"Ann", "normal bot", "easy bot"} <= set(expected)
    app = OhSevenApp(save_dir=d)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        listing = app.screen
        await pilot.press("p")
        await until(pilot, lambda: app.screen is not listing, "the players' list")
        assert type(app.screen).__name__ == "PlayersScreen"
        table = await wait_for_rows(pilot, "#players-table")
        heads = [str(c.label) for c in table.columns.values()]
        rows = {str(table.get_row_at(i)[0]): dict(zip(heads, map(str, table.get_row_at(i))))
                for i in range(table.row_count)}
        assert set(rows) == set(expected)
        for name, row in rows.items():
            assert (int(row["Games"]), int(row["Wins"])) == (len(expected[name]["games"]),
                                                             len(expected[name]["wins"])), name
        # f: each family in turn, with the rates it declares and no other.
        families = list(dict.fromkeys(spec.family for spec in all_games()))
        for _ in families:
            await pilot.press("f")
            await pilot.pause()
            title = text_of(app.screen.query_one("#players-title", Static))
            family = next(f for f in families if family_label(f) in title)
            spec = next(sp for sp in all_games() if sp.family == family)
            game = spec.new_game(spec.check_options({}), seed=0)
            declared = [t.label for t in spec.stats(game.observe(0)).tallies]
            table = app.screen.query_one("#players-table", DataTable)
            heads = [str(c.label) for c in table.columns.values()]
            assert heads[5:] == declared, (family, heads)
        # Ann's page: the person, not the bot seat named Ann.
        await pilot.press("f")  # back to every family
        await delivered(pilot, "f")
        table = app.screen.query_one("#players-table", DataTable)
        names = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        table.move_cursor(row=names.index("Ann"))
        players = app.screen
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not players and app.screen.is_mounted, "Ann's page")
        await app.workers.wait_for_complete()  # read in a worker
        assert type(app.screen).__name__ == "PlayerScreen"
        title = text_of(app.screen.query_one("#player-title", Static))
        ann = expected["Ann"]
        n = len(ann['games'])
        assert f"Ann (a person): {n} {'game' if n == 1 else 'games'}, {len(ann['wins'])} won" in title
        chart = text_of(app.screen.query_one("#player-chart", Static))
        marks = sorted(line.strip() for line in chart.splitlines() if line.strip() and set(line.strip()) <= {"W", "·"})
        # A chart per game family, oldest first (the files' dates are a day apart in write order).
        from ohseven_tui.engine.registry import game_spec

        dated = sorted(ann["games"], key=lambda i: json.loads((d / f"{i}.json").read_text())["date"])
        family = {i: game_spec(json.loads((d / f"{i}.json").read_text())["record"]["game"]).family for i in dated}
        want = sorted("".join("W" if i in ann["wins"] else "·" for i in dated if family[i] == f)
                      for f in set(family.values()))
        assert marks == want
        versus = text_of(app.screen.query_one("#player-versus", Static))
        for bot in ("easy bot", "normal bot"):
            line = next(ln for ln in versus.splitlines() if bot in ln)
            both = ann["games"] & expected[bot]["games"]
            won = {i for i in both if i in ann["wins"] and i not in expected[bot]["wins"]}
            assert [c.strip() for c in line.split("│") if c.strip()][1:3] == [str(len(both)), str(len(won))]
        # g: the list of Ann's games only.
        page = app.screen
        await pilot.press("g")
        await until(pilot, lambda: app.screen is not page and app.screen.is_mounted, "the list of Ann's games")
        await until(pilot, lambda: not app.screen.reading, "her games read")
        await app.workers.wait_for_complete()
        assert type(app.screen).__name__ == "SavedGamesScreen"
        assert sorted(listed(app)) == sorted(ann["games"])
        assert "with Ann" in text_of(app.screen.query_one("#saves-title", Static))


async def test_header_click_sorts_and_enter_opens_one_review(save_dir):
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        table = app.screen.query_one(DataTable)
        x = 1
        for key, column in table.columns.items():
            if key.value == "players":
                break
            x += column.get_render_width(table)
        listing = app.screen
        await pilot.click("#saves-table", offset=(x, 0))
        await until(pilot, lambda: listing.sort_key != "date", "the header's click heard")
        await app.workers.wait_for_complete()  # the page read again in that order
        assert app.screen.sort_key == "players"
        counts = [record_players(raw(i)["record"]) for i in listed(app)]
        assert counts == sorted(counts)
        await pilot.click("#saves-table", offset=(x, 0))  # again: reversed
        await until(pilot, lambda: listing.reverse, "the header's second click heard")
        await app.workers.wait_for_complete()
        counts = [record_players(raw(i)["record"]) for i in listed(app)]
        assert counts == sorted(counts, reverse=True)
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not listing, "the game opened")
        assert type(app.screen).__name__ == "GameReviewScreen"
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is listing, "the list again")
        assert type(app.screen).__name__ == "SavedGamesScreen"


async def test_unreadable_saves_directory_gives_a_notice_and_the_app_goes_on(capsys):
    """As root, file modes do not apply: the list is read as ``nobody`` (euid only),
    the way test_storage_bad_input does it."""
    base = Path(tempfile.mkdtemp(prefix="ohseven-perm-ui-"))
    base.chmod(0o755)
    d = base / "saves"
    shutil.copytree(SAMPLES, d, ignore=shutil.ignore_patterns("*.py", "*.sh", "*.md"))
    try:
        app = OhSevenApp(save_dir=d)
        async with app.run_test(size=SIZE) as pilot:
            await open_saved_games(pilot)  # warm up: every module imported while root reads them
            assert sorted(listed(app)) == IDS
            await pilot.press("escape")
            await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen", "the menu")
            d.chmod(0o000)
            with unprivileged():
                await open_saved_games(pilot)
            assert listed(app) == []
            assert any(str(d) in n and "permission denied" in n for n in notices(app))
            await pilot.press("escape")
            await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen", "the menu")
            assert type(app.screen).__name__ == "MenuScreen"  # still running
    finally:
        d.chmod(0o755)
        shutil.rmtree(base)


def hold_the_reading_back(monkeypatch):
    """Make the saved games screen's reading wait for the returned event."""
    import threading

    from ohseven_tui.storage import index

    release = threading.Event()
    real_read = index._facts_chunk

    def slow_read(folder, items):
        release.wait(FAIL_SAFE)  # a fail-safe only: each test releases it
        return real_read(folder, items)

    monkeypatch.setattr(index, "_facts_chunk", slow_read)
    return release


async def test_the_list_is_read_in_a_worker_while_the_screen_stays_live(save_dir, monkeypatch):
    # Hold the reading back: the screen is already up, says it is reading, and
    # answers keys; the rows arrive once the files are read.
    release = hold_the_reading_back(monkeypatch)
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot, wait=False)
        from textual.widgets import ProgressBar

        bar = app.screen.query_one(ProgressBar)
        await until(pilot, lambda: bar.total, "the worker has counted the files to read")
        assert "Reading the saved games" in text_of(app.screen.query_one("#saves-status", Static))
        assert bar.display and bar.total == len(IDS) and bar.progress == 0  # a progress bar while reading
        await pilot.press("o")  # sort by the next column: handled while reading
        await delivered(pilot, "o")
        assert "sorted by id" in text_of(app.screen.query_one("#saves-title", Static))
        assert listed(app) == []
        release.set()
        await app.workers.wait_for_complete()
        await rows_sized(pilot, len(IDS))
        assert sorted(listed(app)) == IDS
        assert "Reading" not in text_of(app.screen.query_one("#saves-status", Static))
        assert not bar.display


async def test_the_screen_is_drawn_while_reading_and_the_rows_once_reading_ends(save_dir, monkeypatch):
    # The screen's own "still reading" flag must not be Textual's Widget.loading:
    # that covers the whole screen with a loading indicator (it looked frozen).
    # Look at what the compositor draws, not at the table's rows.
    from test_ui_driver import text

    release = hold_the_reading_back(monkeypatch)
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot, wait=False)
        status = app.screen.query_one("#saves-status", Static)
        await until(pilot, lambda: text_of(status).strip(), "the status line says something")
        await refreshed(pilot, [status], "the status line drawn")
        drawn = text(app)
        assert "Reading the saved games" in drawn and "Saved games in" in drawn
        release.set()
        await app.workers.wait_for_complete()
        await rows_sized(pilot, len(IDS))
        await refreshed(pilot, [app.screen.query_one(DataTable), status], "the rows and the status drawn")
        drawn = text(app)
        for save_id in IDS:
            assert save_id in drawn
        assert "Reading the saved games" not in drawn


async def test_the_footer_names_the_delete_key_the_readme_names(save_dir):
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        from ohseven_tui.ui.snapshot import screen_text

        footer = screen_text(app).rstrip("\n").splitlines()[-1]
        assert "x Delete" in footer, footer


@pytest.mark.parametrize("size", [SIZE, (100, 40)], ids=["wide", "narrow"])
async def test_rows_drawn_before_the_columns_are_sized_are_drawn_again(save_dir, monkeypatch, size):
    # On a busy machine a frame can be drawn after the rows land and before the
    # table sizes its columns to them (it does that when idle). Each cell was then
    # drawn in its header's width and kept in the table's caches: a winner's name
    # stayed cut off. Draw such a frame on purpose, right after the rows land.
    from ohseven_tui.ui.screens.saved_games import SavedGamesScreen
    from ohseven_tui.ui.snapshot import screen_text

    fill = SavedGamesScreen.fill

    def fill_then_draw(self) -> None:
        fill(self)
        screen_text(self.app)

    monkeypatch.setattr(SavedGamesScreen, "fill", fill_then_draw)
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=size) as pilot:
        await open_saved_games(pilot)
        await rows_sized(pilot, len(IDS))
        drawn = screen_text(app)
        for save_id in IDS:
            data = raw(save_id)
            seat, total = data["record"]["seats"][0], data["record"]["totals"][0]  # the first in Scores
            assert f"{seat['name']} {total}" in drawn, save_id
            if size == SIZE:
                assert save_id in drawn


async def test_one_saved_game_is_counted_as_one_game(tmp_path):
    # The list's title counted "1 game(s)".
    folder = tmp_path / "one"
    folder.mkdir()
    one = sorted(p for p in SAMPLES.glob("*.json"))[0]
    shutil.copy(one, folder / one.name)
    app = OhSevenApp(save_dir=folder)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        shown = " ".join(text(app).split())
        assert "1 game," in shown and "game(s)" not in shown, shown
