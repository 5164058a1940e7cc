"""The Saved games screen while its index is built, and at small sizes (issue 35,
item 10; issue 36, section 3, the Saved games items). Found in tmux with 1,087
saves: a cold build showed an empty list under "Reading the saved games… 200 of
1087 files (the list is kept up to date)" until every file was read. At 60x15 the
Scores column was cut ("Ann 3  Bea"); at 80x24 `o` offered a sort by the id, a
column that is not shown there.

Expected names and totals come from the games the tests play, never from the list.
"""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

import pytest
from index_saves import played
from test_ui_driver import delivered, handled, until
from test_ui_saves import listed, open_saved_games, text_of
from textual.widgets import DataTable, Static

from ohseven_tui.storage import index as index_module
from ohseven_tui.storage import save_data
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.snapshot import screen_text

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves"


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(tmp_path / "config"))


@pytest.fixture
def samples(tmp_path):
    d = tmp_path / "saves"
    shutil.copytree(SAMPLES, d, ignore=shutil.ignore_patterns("*.py", "*.sh", "*.md"))
    return d


def game_of(path: Path) -> str:
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    return record.get("game") or record["rules"]["preset"]


def status(app) -> str:
    return text_of(app.screen.query_one("#saves-status", Static))


def title(app) -> str:
    return text_of(app.screen.query_one("#saves-title", Static))


async def test_rows_show_while_the_index_is_built_and_f_works_meanwhile(samples, monkeypatch):
    # Three files a batch; every batch after the first waits until the test lets it.
    monkeypatch.setattr(index_module, "CHUNK", 3)
    release = threading.Event()
    real = index_module._facts_chunk
    batches = []

    def gated(folder, items):
        batches.append(len(items))
        if len(batches) > 1:
            release.wait(60)
        return real(folder, items)

    monkeypatch.setattr(index_module, "_facts_chunk", gated)
    files = sorted(samples.glob("*.json"))
    app = OhSevenApp(save_dir=samples)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_saved_games(pilot, wait=False)
        table = app.screen.query_one(DataTable)
        # The first batch's games are listed while the rest are still being read.
        await until(pilot, lambda: table.row_count == 3, "the first batch's rows", fail_safe=60)
        said = status(app)
        assert f"Reading the saved games… 3 of {len(files)} files" in said, said
        assert "(the list is kept up to date)" in said, said
        assert "3 games so far" in title(app), title(app)
        # f (one game at a time) while reading: taken at once, and kept.
        await pilot.press("f")
        await pilot.pause()
        chosen = app.screen.where.game
        assert chosen is not None and chosen in title(app)
        release.set()
        await app.workers.wait_for_complete()
        await until(pilot, lambda: "Reading" not in status(app), "the build's end")
        assert type(app.screen).__name__ == "SavedGamesScreen"
        assert app.screen.where.game == chosen
        assert sorted(listed(app)) == sorted(p.stem for p in files if game_of(p) == chosen)
        n = len(listed(app))
        assert f"{n} {'game' if n == 1 else 'games'}" in title(app)


async def test_the_build_status_counts_in_thousands(samples, monkeypatch):
    # The counts are read as numbers: "1,234 of 10,000", not "1234 of 10000".
    from ohseven_tui.ui.screens.saved_games import SavedGamesScreen

    app = OhSevenApp(save_dir=samples)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_saved_games(pilot)
        screen = app.screen
        assert isinstance(screen, SavedGamesScreen)
        screen._progress(1234, 10_000)
        await pilot.pause()
        assert "Reading the saved games… 1,234 of 10,000 files" in status(app), status(app)


def seven_for_seven_folder(tmp_path: Path) -> tuple[Path, list[tuple[str, int]]]:
    """A Seven for Seven game put aside after one hand (seven seats, the longest
    game name) and a finished Oh-Seven game before it: (folder, the first's scores)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    seats = [("Ann", "human"), ("Bea", "human"), ("Cyrus", "easy"), ("Dee", "normal"), ("Evangeline", "human"),
             ("Fay", "easy"), ("Gus", "normal")]
    game = played("seven-for-seven", seats, seed=5, upto=1)
    (folder / "s4s.json").write_text(json.dumps(save_data(game, date="2026-04-02T10:00:00Z")), encoding="utf-8")
    other = played("oh-seven", [("Ann", "human"), ("Bea", "easy"), ("Cy", "normal")], seed=6)
    (folder / "o7.json").write_text(json.dumps(save_data(other, date="2026-04-01T10:00:00Z")), encoding="utf-8")
    return folder, [(name, total) for (name, _), total in zip(seats, game.totals)]


@pytest.mark.parametrize("start", [(60, 15), (100, 30)], ids=["opened-small", "resized-small"])
async def test_scores_are_whole_at_60x15(tmp_path, start):
    folder, scores = seven_for_seven_folder(tmp_path)
    app = OhSevenApp(save_dir=folder)
    async with app.run_test(size=start) as pilot:
        await open_saved_games(pilot)
        await until(pilot, lambda: "2026-04-02" in screen_text(app), "the rows")
        if start != (60, 15):
            await pilot.resize_terminal(60, 15)
            await pilot.pause()
        shown = await until(pilot, lambda: all(f"{n} {t}" in screen_text(app) for n, t in scores)
                            and screen_text(app), "every score of the first game whole", fail_safe=30)
        assert "Scores" in shown


async def test_no_sort_by_a_column_that_is_not_shown(samples):
    app = OhSevenApp(save_dir=samples)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved_games(pilot)
        heads = next(line for line in screen_text(app).splitlines() if "Date" in line and "Scores" in line)
        offered = []
        for _ in range(6):
            await pilot.press("o")
            await delivered(pilot, "o")
            offered.append(app.screen.sort_key)
        assert "id" not in offered and "players" not in offered, offered
        assert {"date", "game", "winner", "score"} <= set(offered)
        assert "ID" not in heads.split()


async def test_long_names_and_winners_leave_each_total_in_sight_at_60x15(tmp_path):
    # A 20-character name (the list's longest) as the winner and in the scores: the
    # name is cut (…) so that its total stays beside it, inside 60 columns.
    import re

    folder = tmp_path / "saves"
    folder.mkdir()
    seats = [("Maximiliana-Theodora", "human"), ("Bea", "easy"), ("ChristopherColumbusX", "normal")]
    game = played("up-and-down", seats, seed=6)  # a longer game name: less room
    assert tuple(game.winners) == (0,), game.totals  # the long name wins
    for k in range(4):  # rows enough for a scrollbar, which takes two columns more
        (folder / f"long-{k}.json").write_text(json.dumps(save_data(
            game, date=f"2026-04-0{k + 1}T10:00:00Z", game_id=f"long{k}")), encoding="utf-8")
    app = OhSevenApp(save_dir=folder)
    async with app.run_test(size=(60, 15)) as pilot:
        await open_saved_games(pilot)
        await until(pilot, lambda: "2026-04-04" in screen_text(app), "the rows")
        for (name, _), total in zip(seats, game.totals):
            whole = re.compile(rf"{re.escape(name[:4])}\S*… {total}(\s|$)|{re.escape(name)} {total}(\s|$)")
            await until(pilot, lambda whole=whole: whole.search(screen_text(app)), f"{name}'s total", fail_safe=30)


async def test_leaving_during_the_build_is_quiet(samples, monkeypatch):
    # Escape while the index is built: the build goes on in its thread and ends
    # without touching the screen that is gone (no NoMatches, the app runs on).
    monkeypatch.setattr(index_module, "CHUNK", 3)
    release = threading.Event()
    real = index_module._facts_chunk
    batches = []

    def gated(folder, items):
        batches.append(len(items))
        if len(batches) > 1:
            release.wait(60)
        return real(folder, items)

    monkeypatch.setattr(index_module, "_facts_chunk", gated)
    app = OhSevenApp(save_dir=samples)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_saved_games(pilot, wait=False)
        table = app.screen.query_one(DataTable)
        await until(pilot, lambda: table.row_count == 3, "the first batch's rows", fail_safe=60)
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen", "the menu")
        release.set()
        await app.workers.wait_for_complete()  # the build's last words to the screen are said (or not)
        await handled(pilot, app, "what the build left for the app")
        await handled(pilot, app.screen, "what the build left for the menu")
        assert type(app.screen).__name__ == "MenuScreen" and app.return_code is None
