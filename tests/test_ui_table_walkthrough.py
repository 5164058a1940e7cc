"""The table screen's defects a walkthrough at 80x24 found (the table screen's
footer, log and borders; docs/playing.md "Watching the bots", "Keys").
Each test drives the real app through Pilot."""

from __future__ import annotations

from test_ui_driver import drawn, handled, play_game, table, text, until

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import Flow, TableScreen
from ohseven_tui.ui.widgets.hand import HandView


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


async def test_an_undo_is_said_once_at_80_columns(tmp_path):
    # At 80-109 columns the log's newest line shows above the hand, beside the message
    # line: the taken-back card was told in both ("Ann took back 7♥." and "You took back 7♥.").
    seats = [Seat("Ann", "human")] + [Seat(n, "easy") for n in ("Bea", "Cid", "Dot")]
    game = Game(make_rules("oh-seven", 4), seed=11, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_game(pilot, stop=lambda s: isinstance(s, TableScreen))
        assert isinstance(screen, TableScreen) and screen.acting == 0
        screen.set_delay(30)  # the bots' pace is undo's window; long enough for the test
        played = len(game.history)
        card = screen.query_one(HandView).current
        await pilot.press("enter")
        await until(pilot, lambda: len(game.history) > played, "the Enter's card played")
        await pilot.press("u")
        await until(pilot, lambda: screen.acting == 0 and "took back" in text(app), "the undo taken")
        await handled(pilot, screen, "the undo's words")
        await drawn(pilot, "the table after the undo")
        shown = text(app)
        assert shown.count(f"took back {card.pretty()}") == 1, shown
