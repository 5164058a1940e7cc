"""The table screen's defects a walkthrough at 80x24 found (the table screen's
footer, log and borders; docs/playing.md "Watching the bots", "Keys").
Each test drives the real app through Pilot."""

from __future__ import annotations

from test_ui_driver import drawn, handled, table, text, until

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import Flow, TableScreen


def footer_line(app) -> str:
    return text(app).rstrip("\n").splitlines()[-1]


async def test_watch_mode_paused_during_a_won_trick_drops_go_on_once_it_is_swept():
    # Watching (no human), paused while "Bea wins the trick" is on show: once the trick
    # is swept the footer must not still offer space (Go on), which does nothing then.
    game = Game(make_rules("oh-seven", 3), seed=2, seats=[Seat(n, "easy") for n in ("Ann", "Bea", "Cid")])
    app = OhSevenApp(game=game, bot_delay=1.2)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen)
                    and app.screen.controller.state is Flow.TRICK, "a won trick on show")
        screen = table(app)
        await pilot.press("p")
        await until(pilot, lambda: screen.controller.paused, "paused")
        await drawn(pilot, "the pause drawn")
        assert "Go on" in footer_line(app)  # the trick is still on show
        await until(pilot, lambda: screen.controller.state is not Flow.TRICK, "the trick swept")
        await handled(pilot, screen, "the sweep's end")
        await drawn(pilot, "the swept table")
        assert "PAUSED" in text(app)
        footer = footer_line(app)
        assert "Go on" not in footer and "p Resume" in footer, footer
