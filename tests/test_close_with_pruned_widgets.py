"""Quitting while something still draws: the app's closing prunes every screen's
widgets, and news that arrives then (a table's message, a timer) can look one up
that is gone. That is no crash: no crash report, no error raised. CI met it twice
(a host's waiting room, a joining player's bidding screen). The same lookup
before the closing is still a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from ohseven_tui.ui import app as app_module
from ohseven_tui.ui.app import OhSevenApp


class News(Message):
    pass


class Told(Static):
    def on_unmount(self) -> None:
        self.app.post_message(News())  # news reaching the app as its screens close


class TableLike(Screen):
    def compose(self):
        yield Told("here", id="here")


class NewsApp(OhSevenApp):
    CSS_PATH = str(Path(app_module.__file__).with_name(str(OhSevenApp.CSS_PATH)))

    def on_news(self, message: News) -> None:
        self.screen.query_one("#here")  # drawn where it was


async def test_a_lookup_of_a_pruned_widget_while_the_app_closes_is_no_crash(tmp_path):
    app = NewsApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(TableLike())
        await pilot.pause()
    assert app._exception is None and app.crash_report is None


async def test_the_same_lookup_before_the_closing_is_still_a_crash(tmp_path):
    app = NewsApp(save_dir=tmp_path)
    with pytest.raises(NoMatches):
        async with app.run_test(size=(80, 24)) as pilot:
            screen = TableLike()
            await app.push_screen(screen)
            await screen.query_one("#here").remove()
            await pilot.pause()
    assert app.crash_report is not None
