"""The table's one flow state (issue 11, UI): what the table is doing is a Flow,
not seven flags; the end of the game stays the end."""

from __future__ import annotations

from test_ui_driver import play_game, table, wait_for_input

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.table import LocalTable
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen
from ohseven_tui.ui.screens.table import Flow, TableScreen


def test_only_ready_and_playing_let_the_game_move_on():
    assert {f for f in Flow if not f.blocked} == {Flow.READY, Flow.PLAYING}


def solo() -> Game:
    seats = [Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy")]
    return Game(make_rules("oh-seven", 3), seed=5, seats=seats)


def test_over_is_final_and_playing_names_its_seat():
    screen = TableScreen(LocalTable(solo()))
    assert screen.controller.state is Flow.READY and screen.acting is None
    screen.controller.set_state(Flow.PLAYING, 0)
    assert screen.acting == 0 and not screen.controller.state.blocked
    screen.controller.set_state(Flow.SHOWING)
    assert screen.acting is None and screen.controller.state.blocked
    screen.controller.set_state(Flow.OVER)
    screen.controller.set_state(Flow.READY)  # a bots' worker ending after the last move
    assert screen.controller.state is Flow.OVER and screen.controller.state.blocked


async def test_the_flow_follows_the_game_through_its_screens():
    app = OhSevenApp(game=solo(), bot_delay=0)
    seen = set()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen) and table(app).controller.state is Flow.CHOOSING

        def note(screen) -> None:
            flow = table(app).controller.state
            if isinstance(screen, RevealScreen):
                assert flow is Flow.SHOWING
            elif isinstance(screen, BidScreen):
                assert flow is Flow.CHOOSING
            elif isinstance(screen, TableScreen):
                assert flow is Flow.PLAYING and screen.acting == 0
            seen.add(flow)

        over = await play_game(pilot, on_turn=note)
        assert isinstance(over, GameOverScreen) and table(app).controller.state is Flow.OVER
    assert {Flow.SHOWING, Flow.CHOOSING, Flow.PLAYING} <= seen
