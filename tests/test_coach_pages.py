"""The coach's figures on the player's page and the screens it opens from, at 80x24
(issue 37, section 1's third item; issue 36, section 3): the page shows a
player's accuracy over their last games of each family beside points per round,
only from stored analyses, saying how many are analysed; the game-over screen
says there is more below; the players list and a player's page show "Seven for
Seven" whole.

The accuracy expected is read from the stored rows themselves (sqlite, the JSON
each holds), not from the page's code.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
from test_ui_driver import drawn, text, until

from ohseven_tui import storage
from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.coach.store import STORE_NAME, stored_analysis
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat

pytest.importorskip("textual")

from textual.widgets import DataTable  # noqa: E402

from ohseven_tui.ui.app import OhSevenApp  # noqa: E402
from ohseven_tui.ui.screens.gameover import GameOverScreen  # noqa: E402
from ohseven_tui.ui.screens.players import PlayerScreen, PlayersScreen  # noqa: E402

SIZE = (80, 24)


def game_of(name: str, seed: int):
    spec = registry.game_spec(name)
    n = spec.check_options({})["players"]
    seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", "normal") for i in range(1, n)]
    game = registry.new_game(name, {}, seed=seed, seats=seats)
    play_game(game, [make_bot("normal", seed + s) for s in range(n)])
    return game


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """Ann's games: three of Oh-Seven (two analysed), one of Seven for Seven and
    one of Watten (none analysed)."""
    folder = tmp_path_factory.mktemp("saves")
    dirs = storage.save_dirs(folder)
    ids = {}
    for name, seed in [("oh-seven", 1), ("oh-seven", 2), ("oh-seven", 3), ("seven-for-seven", 4), ("watten", 5)]:
        path = storage.finish_game(dirs, game_of(name, seed))
        ids.setdefault(name, []).append(path.stem)
    for save_id in ids["oh-seven"][:2]:
        saved = storage.load_save(dirs.saves / f"{save_id}.json")
        stored_analysis(saved.game, dirs.state, samples=2, game_id=saved.game_id, save_id=saved.id)
    return dirs, ids


def stored_accuracy(dirs) -> dict[str, float]:
    con = sqlite3.connect(dirs.state / STORE_NAME)
    rows = con.execute("SELECT save_id, data FROM analyses WHERE view = 'fair'").fetchall()
    con.close()
    out = {}
    for save_id, data in rows:
        judged = [d for d in json.loads(data)["decisions"] if d["judged"]]
        out[save_id] = sum(d["loss"] == 0 for d in judged) / len(judged)
    return out


async def open_page_of_ann(pilot, check=lambda: True):
    """The players list (the index read), then Ann's page."""
    app = pilot.app
    await app.push_screen(PlayersScreen())
    await until(pilot, lambda: app.screen.query_one(DataTable).row_count > 0, "the players")
    await drawn(pilot, "the players drawn")
    assert check(), "the players list cuts the family's name"
    table = app.screen.query_one(DataTable)
    table.move_cursor(row=table.get_row_index("human:Ann"))
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, PlayerScreen) and "By game family" in text(app),
                "Ann's page")


async def test_the_players_page_shows_accuracy_from_stored_analyses_beside_points(saves):
    dirs, ids = saves
    accuracy = stored_accuracy(dirs)
    assert sorted(accuracy) == sorted(ids["oh-seven"][:2])
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=(120, 60)) as pilot:
        await open_page_of_ann(pilot)
        await until(pilot, lambda: "Accuracy" in text(app), "the accuracy chart")
        shown = " ".join(text(app).split())
        assert "2 of 3 games analysed" in shown
        mean = sum(accuracy.values()) / len(accuracy)
        assert f"{mean:.0%}" in shown
        for value in accuracy.values():
            assert f"{value:.0%}" in shown
        # Families without an analysis say so; nothing was analysed to show the page.
        assert "no game analysed" in shown
        assert sorted(stored_accuracy(dirs)) == sorted(accuracy)


async def test_the_players_list_and_page_show_seven_for_seven_whole_at_80x24(saves):
    dirs, _ = saves
    label = registry.family_label(registry.game_spec("seven-for-seven").family)
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=SIZE) as pilot:
        await open_page_of_ann(pilot, check=lambda: label in text(app))
        await until(pilot, lambda: isinstance(app.screen, PlayerScreen) and "By game family" in text(app),
                    "a player's page")
        assert label in text(app), "the player's page cuts the family's name"


async def test_game_over_at_80x24_says_there_is_more_below_until_the_end_is_in_sight(tmp_path):
    game = registry.new_game("oh-seven", {"players": 5}, seed=5)
    play_game(game, [make_bot("easy", s) for s in range(5)])
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen) and "more below" in text(app),
                    "the game-over screen says there is more below")
        await pilot.press("end")
        await until(pilot, lambda: "more below" not in text(app), "the line goes at the end")
        await pilot.press("home")
        await until(pilot, lambda: "more below" in text(app), "and comes back")
