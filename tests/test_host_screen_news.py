"""News from the hosted table (someone joined, left or moved) reaching the host's
screens when their widgets are not there: CI met it at a test's end, the app
closing (its screens' children already pruned) while the table's process still
told of a change, and the app stopped on ``NoMatches``."""

from __future__ import annotations

from test_net_ui import hosted_table, in_the_waiting_room
from test_ui_driver import until

from ohseven_tui.ui.screens.host import HostPanel, HostScreen


async def test_news_after_the_waiting_room_s_widgets_are_gone_is_no_crash(tmp_path):
    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(110, 30)) as pilot:
        await in_the_waiting_room(pilot)
        screen = app.screen
        assert isinstance(screen, HostScreen)
        await until(pilot, lambda: screen.started, "the table started")
        await screen.query_one("#host-body").remove()  # as the app's closing prunes them
        app.host_changed()
        screen.say("Bea joined.")
        await pilot.pause()
    assert app._exception is None, app._exception


async def test_news_before_the_panel_is_drawn_shows_once_it_is(tmp_path):
    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(110, 30)) as pilot:
        await in_the_waiting_room(pilot)
        await until(pilot, lambda: app.screen.started, "the table started")
        panel = HostPanel(server, None)
        app.push_screen(panel)
        app.host_changed()  # before the panel's children are mounted
        await until(pilot, lambda: app.screen is panel and panel.is_mounted, "the panel up")
        await pilot.pause()
    assert app._exception is None, app._exception
