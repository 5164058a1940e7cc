"""A key held down (its repeats queued at once) on a screen that closes with it
closes that screen once: the repeats already queued for it never close the screens
under it. Found by tests/test_handoff_streams.py: a held Enter on "There is an
unfinished game" dismissed it, then the table under it, then failed (no screen
left to close) with a traceback."""

from __future__ import annotations

import pytest
from test_handoff_keys import send
from test_ui_driver import delivered, key_path, until

from ohseven_tui import storage
from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp


def game(seed: int) -> Game:
    return Game(make_rules("oh-seven", 3), seed=seed,
                seats=[Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy")])


@pytest.mark.parametrize("key", ["enter", "escape", "c"])
async def test_a_held_key_on_the_unfinished_game_question_closes_it_once(tmp_path, key):
    waiting = game(1)
    waiting.apply(waiting.legal_actions()[0])  # dealt: a game in play
    storage.write_autosave(storage.save_dirs(tmp_path), waiting)
    app = OhSevenApp(game=game(2), bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "UnfinishedGameScreen", "the question")
        question = key_path(app)
        for _ in range(12):  # a held key: its repeats all queued before the first is handled
            send(app, key)
        await until(pilot, lambda: type(app.screen).__name__ != "UnfinishedGameScreen", "an answer")
        # Every repeat handled: those the question took, then those the screen after it takes.
        await delivered(pilot, "the repeats sent to the question", question)
        await delivered(pilot, "the repeats after it")
        names = [type(s).__name__ for s in app.screen_stack]
        assert names[0] == "Screen" and len(names) >= 2, names  # the answer's screen, nothing popped past it
        assert app.return_code is None  # still running: no error closed it


async def test_a_held_escape_on_leave_this_game_closes_only_the_question(tmp_path):
    app = OhSevenApp(game=game(3), bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "BidScreen", "the bid")
        send(app, "escape")
        await until(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen", "leave this game?")
        question = key_path(app)
        for _ in range(12):
            send(app, "n")  # "No", held
        await until(pilot, lambda: type(app.screen).__name__ != "ConfirmScreen", "the answer")
        # Every repeat handled: those the question took, then those the bid screen takes.
        await delivered(pilot, "the repeats sent to the question", question)
        await delivered(pilot, "the repeats after it")
        assert [type(s).__name__ for s in app.screen_stack] == ["Screen", "TableScreen", "BidScreen"]
