"""A player's page after a game is continued (issue 37, section 1's third item):
the page shows the coach's accuracy for the game as its file is now. A game put
aside and analysed, then continued and finished into the same save file (its id
unchanged), has a stale analysis of the earlier file: the page must not show it.
An analysis made from an identical copy of the file is the same game's and is
shown.

The accuracy expected is read from the stored rows themselves (sqlite, the JSON
each holds), never from the page's code.
"""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from test_coach_analysis import put_aside_in_round_2
from test_coach_pages import open_page_of_ann
from test_ui_driver import text, until

from ohseven_tui import storage
from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.coach.store import STORE_NAME, stored_analysis

pytest.importorskip("textual")

from ohseven_tui.ui.app import OhSevenApp  # noqa: E402


def rows(dirs) -> list[tuple[str, list[dict]]]:
    """(save id, judged decisions) of every stored fair analysis."""
    con = sqlite3.connect(dirs.state / STORE_NAME)
    found = con.execute("SELECT save_id, data FROM analyses WHERE view = 'fair'").fetchall()
    con.close()
    return [(save_id, [d for d in json.loads(data)["decisions"] if d["judged"]]) for save_id, data in found]


@pytest.fixture
def continued(tmp_path):
    """Ann's game put aside in round 2 and analysed, then continued to its end into
    the same save file (not analysed again)."""
    dirs = storage.save_dirs(tmp_path / "saves")
    game = put_aside_in_round_2()
    storage.write_autosave(dirs, game)
    path = storage.put_aside_autosave(dirs)
    assert path is not None
    saved = storage.load_save(path)
    stored_analysis(saved.game, dirs.state, samples=2, game_id=saved.game_id, save_id=saved.id)
    play_game(game, [make_bot("normal", s) for s in range(3)])
    assert game.is_over
    assert storage.finish_game(dirs, game) == path  # the put-aside entry, replaced
    assert [save_id for save_id, _ in rows(dirs)] == [path.stem]  # the earlier file's analysis, under its id
    return dirs, path


async def test_a_continued_games_page_does_not_show_the_earlier_files_analysis(continued):
    dirs, _ = continued
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=(120, 60)) as pilot:
        await open_page_of_ann(pilot)
        await until(pilot, lambda: "Accuracy" in text(app) or "analysed" in text(app), "the accuracy line")
        shown = " ".join(text(app).split())
        assert "no game analysed" in shown, shown[shown.find("Accuracy"):][:200]
        assert "1 of 1 games analysed" not in shown


async def test_a_continued_game_analysed_from_a_copy_of_its_file_shows_that_analysis(continued):
    dirs, path = continued
    copy = path.with_name("a-copy.json")
    shutil.copyfile(path, copy)
    saved = storage.load_save(copy)
    stored_analysis(saved.game, dirs.state, samples=2, game_id=saved.game_id, save_id=saved.id)
    finished = [judged for save_id, judged in rows(dirs) if save_id == "a-copy"]
    assert len(finished) == 1 and max(d["round"] for d in finished[0]) > 2  # the whole game's
    accuracy = sum(d["loss"] == 0 for d in finished[0]) / len(finished[0])
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=(120, 60)) as pilot:
        await open_page_of_ann(pilot)
        await until(pilot, lambda: "analysed" in text(app), "the accuracy line")
        shown = " ".join(text(app).split())
        assert "1 of 1 games analysed" in shown, shown[shown.find("Accuracy"):][:200]
        assert f"{accuracy:.0%}" in shown
