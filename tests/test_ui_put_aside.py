"""No game is ever lost (issue 10, section 2), through the real app with Pilot:
a new game never silently replaces the unfinished one. New game -> Start (and
``ohseven play`` with game flags, in a terminal) asks: continue it, or put it aside.
A game put aside is listed in Saved games as unfinished, can be resumed from there,
autosaves, and is filed once when it ends, over its own entry."""

from __future__ import annotations

import random

import pytest
from test_ui_driver import until
from test_ui_saves import listed, notices, open_saved_games, select
from test_ui_saves_autosave import game_at_anns_card, one_action_from_the_end, table_of
from textual.widgets import DataTable

from ohseven_tui.games.ohhell import DEAL, Game, Seat, make_rules
from ohseven_tui.storage import (
    game_id,
    list_saves,
    load_autosave,
    load_save,
    put_aside_autosave,
    save_dirs,
    write_autosave,
)
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.setup import GameSetup

SIZE = (140, 45)


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


@pytest.fixture
def dirs(tmp_path):
    return save_dirs(tmp_path / "saves")


def history(game: Game) -> list[str]:
    return [str(a) for a in game.history]


async def settle(pilot, done) -> None:
    """Let the app run until ``done()`` holds (a wait on the app, the clock only a fail-safe)."""
    await pilot.pause()
    await until(pilot, done, "the app got there")


def screen_name(app) -> str:
    return type(app.screen).__name__


async def new_game_from_the_menu(pilot) -> None:
    await pilot.pause()
    await pilot.press("n")  # New game on the main menu
    await settle(pilot, lambda: screen_name(pilot.app) == "SetupScreen")
    await pilot.press("ctrl+s")  # Start
    await pilot.pause()


async def test_new_game_from_the_menu_asks_and_put_aside_keeps_the_unfinished_game(dirs):
    waiting = game_at_anns_card()
    write_autosave(dirs, waiting)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await new_game_from_the_menu(pilot)
        assert screen_name(app) == "UnfinishedGameScreen"
        assert history(load_autosave(dirs)) == history(waiting)  # nothing replaced while it asks
        await pilot.press("a")  # put it aside and start the new game
        await settle(pilot, lambda: table_of(app) is not None)
        new = table_of(app).table.game
        assert history(new) != history(waiting) and game_id(new) != game_id(waiting)
        (entry,), warnings = list_saves(dirs)
        assert warnings == [] and not entry.finished and history(entry.game) == history(waiting)
        assert any("put aside" in n.lower() for n in notices(app))


async def test_new_game_from_the_menu_can_continue_the_unfinished_game_instead(dirs):
    waiting = game_at_anns_card(seed=4)
    write_autosave(dirs, waiting)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await new_game_from_the_menu(pilot)
        assert screen_name(app) == "UnfinishedGameScreen"
        await pilot.press("c")
        await settle(pilot, lambda: table_of(app) is not None)
        assert history(table_of(app).table.game) == history(waiting)
    assert list_saves(dirs) == ([], [])


async def test_back_from_the_question_changes_nothing(dirs):
    waiting = game_at_anns_card(seed=5)
    write_autosave(dirs, waiting)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await new_game_from_the_menu(pilot)
        assert screen_name(app) == "UnfinishedGameScreen"
        await pilot.press("escape")
        await settle(pilot, lambda: screen_name(app) == "SetupScreen")
    assert history(load_autosave(dirs)) == history(waiting)
    assert list_saves(dirs) == ([], [])


async def test_play_with_game_flags_in_a_terminal_asks_too(dirs):
    """``ohseven play --players 3`` builds the app with a setup: it asks on start."""
    waiting = game_at_anns_card(seed=6)
    write_autosave(dirs, waiting)
    setup = GameSetup.default(players=3)
    app = OhSevenApp(setup=setup, save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: screen_name(app) == "UnfinishedGameScreen")
        assert history(load_autosave(dirs)) == history(waiting)
        await pilot.press("escape")  # back: the main menu, the game still waiting
        await settle(pilot, lambda: screen_name(app) == "MenuScreen")
    assert history(load_autosave(dirs)) == history(waiting)


async def test_a_put_aside_game_is_listed_unfinished_resumed_and_filed_once_over_its_entry(dirs):
    almost = one_action_from_the_end()  # two easy bots, one action left
    write_autosave(dirs, almost)
    entry = put_aside_autosave(dirs)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        assert listed(app) == [entry.stem]
        row = app.screen.query_one(DataTable).get_row_at(0)
        assert any("unfinished" in str(cell) for cell in row)
        await pilot.press("c")  # continue the selected game
        await settle(pilot, lambda: table_of(app) is not None and table_of(app).table.game.is_over)
        finished = table_of(app).table.game
        await settle(pilot, lambda: not dirs.autosave.exists())
    (only,), warnings = list_saves(dirs)
    assert warnings == [] and only.path == entry and only.finished
    assert history(only.game) == history(finished) and len(finished.history) == len(almost.history) + 1


async def test_resuming_a_put_aside_game_autosaves_it(dirs):
    waiting = game_at_anns_card(seed=7)
    write_autosave(dirs, waiting)
    entry = put_aside_autosave(dirs)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        await pilot.press("c")
        await settle(pilot, lambda: table_of(app) is not None and table_of(app).acting == 0)
        await pilot.press("enter")  # Ann plays her selected card
        await settle(pilot, lambda: dirs.autosave.exists())
    saved = load_autosave(dirs)
    assert len(saved.history) == len(waiting.history) + 1 and history(saved)[:-1] == history(waiting)
    assert game_id(saved) == load_save(entry).game_id


async def test_resuming_a_put_aside_game_over_another_unfinished_one_asks_and_keeps_both(dirs):
    first = game_at_anns_card(seed=8)
    write_autosave(dirs, first)
    entry = put_aside_autosave(dirs)
    second = game_at_anns_card(seed=9)
    write_autosave(dirs, second)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        await select(pilot, entry.stem)
        await pilot.press("c")
        await settle(pilot, lambda: screen_name(app) == "UnfinishedGameScreen")
        await pilot.press("a")  # put the other one aside, resume this one
        await settle(pilot, lambda: table_of(app) is not None)
        assert history(table_of(app).table.game) == history(first)
    saves, warnings = list_saves(dirs)
    assert warnings == [] and sorted(len(s.game.history) for s in saves) == sorted(
        [len(first.history), len(second.history)])
    assert {tuple(history(s.game)) for s in saves} == {tuple(history(first)), tuple(history(second))}


async def test_resuming_an_entry_whose_game_went_on_resumes_its_latest_move(dirs):
    """Put aside, resumed, played on and left: the autosave is the same game, later.
    Continuing the old entry picks up the later moves, and says so."""
    game = game_at_anns_card(seed=10)
    write_autosave(dirs, game)
    entry = put_aside_autosave(dirs)
    later = load_save(entry).game
    rng = random.Random(1)
    for _ in range(3):
        seats = later.to_act()
        later.apply(DEAL if not seats else rng.choice(later.legal_actions(seats[0])))
    write_autosave(dirs, later)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        await pilot.press("c")
        await settle(pilot, lambda: table_of(app) is not None)
        assert history(table_of(app).table.game)[:len(later.history)] == history(later)
        assert any("latest" in n for n in notices(app))
    assert [s.path for s in list_saves(dirs)[0]] == [entry]


async def test_reviewing_a_put_aside_game_never_replays_the_round_in_play(dirs):
    """Its hands are still in play: whoever resumes it may be at the screen."""
    from helpers import play_first_legal

    from ohseven_tui.games.ohhell import Phase, Play

    game = Game(make_rules("oh-seven", 3), seed=4,
                seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")])
    play_first_legal(game, until=lambda g: g.round_number == 2 and g.phase is Phase.PLAY
                     and sum(isinstance(a, Play) for a in g.history) == 21 + 2)
    write_autosave(dirs, game)
    put_aside_autosave(dirs)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        await pilot.press("enter")
        await settle(pilot, lambda: screen_name(app) == "GameReviewScreen")
        await pilot.press("r")
        titles = set()
        for key in ["right"] * 40 + ["]"] * 3 + ["end", "right", "right"]:
            await pilot.press(key)
            titles.add(str(app.screen.query_one("#replay-title").render()).split("  ·  ")[0])
    assert any(t.startswith("Round 1") for t in titles)
    assert not any(t.startswith("Round 2") for t in titles), titles


async def test_leaving_a_resumed_put_aside_game_before_a_move_says_where_it_is(dirs):
    """Found by the new-user walkthrough: leaving a game resumed from Saved games
    before any move said "Continue on the menu resumes it", but there was no
    Continue (nothing new to autosave); the game is where it was, in Saved games."""
    waiting = game_at_anns_card(seed=7)
    write_autosave(dirs, waiting)
    put_aside_autosave(dirs)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=5)
    async with app.run_test(size=SIZE) as pilot:
        await open_saved_games(pilot)
        await pilot.press("c")
        await settle(pilot, lambda: table_of(app) is not None and table_of(app).acting == 0)
        await pilot.press("escape")
        await settle(pilot, lambda: screen_name(app) == "ConfirmScreen")
        shown = " ".join(str(w.render()) for w in app.screen.query("Static"))
        assert not dirs.autosave.exists()
        assert "Continue on the menu" not in shown and "Saved games" in shown, shown
        await pilot.press("y")
        await settle(pilot, lambda: screen_name(app) == "MenuScreen")
