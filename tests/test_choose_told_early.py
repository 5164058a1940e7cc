"""News that reaches a bid, pass or pick screen before it is drawn (a friend
goes away just as the bid opens, over a network) is shown once the screen is
up, not lost and not a crash. CI met it: the table told the waiting note to a
bid screen pushed but not yet composed, and the app stopped on ``NoMatches``."""

from __future__ import annotations

import pytest
from test_ui_driver import until, wait_for_input

from ohseven_tui.engine.protocol import Seat
from ohseven_tui.games.ohhell import Game, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.choose import ChooseScreen
from ohseven_tui.ui.snapshot import screen_text


@pytest.fixture(autouse=True)
def config(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(tmp_path / "config"))


def _game() -> Game:
    """Oh-Seven for four, Ann the person, seed 11: her bid comes first."""
    seats = [Seat(n, "human" if i == 0 else "easy") for i, n in enumerate(("Ann", "Bea", "Cid", "Dot"))]
    return Game(make_rules("oh-seven", 4), seed=11, seats=seats)


class _Chooser(ChooseScreen):
    def setup(self) -> None:
        self.say("Choose a card.")


async def test_a_line_told_before_the_chooser_is_drawn_shows_when_it_is(tmp_path):
    game = _game()
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, ChooseScreen)
        early = _Chooser(screen.obs, table=screen.table)
        early.say("Bea is away: the table waits for her.")  # before it is pushed, let alone drawn
        app.push_screen(early)
        await until(pilot, lambda: app.screen is early and early.is_mounted, "the chooser up")
        await until(pilot, lambda: "Bea is away" in screen_text(app), "the early line shown")
        assert "Choose a card." not in screen_text(app)  # the later line is the one shown


async def test_a_chooser_pushed_as_the_app_closes_is_no_crash(tmp_path):
    """CI met it twice: the bid screen was pushed just as the app closed (a test's
    end; a player's quit), its children were never mounted, and its on_mount's look
    for the seats stopped the app with NoMatches."""
    game = _game()
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, ChooseScreen)
        late = _Chooser(screen.obs, table=screen.table)
        app.push_screen(late)
        app.exit()
    assert app._exception is None, app._exception


async def test_a_table_pushed_as_the_app_closes_is_no_crash(tmp_path):
    """The same for the table screen: a game opened just as the app closes."""
    from ohseven_tui.table.local import LocalTable
    from ohseven_tui.ui.screens.table import TableScreen

    app = OhSevenApp(bot_delay=0, save_dir=tmp_path / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game = _game()
        app.push_screen(TableScreen(LocalTable(game)))
        app.exit()
    assert app._exception is None, app._exception


async def test_the_table_shown_to_a_chooser_not_yet_drawn_is_no_crash(tmp_path):
    """CI met it a third time: the table's news (the others' moves) reached a bid
    screen pushed as the app closed, whose seats were never mounted."""
    app = OhSevenApp(game=_game(), bot_delay=0, save_dir=tmp_path / "saves")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        late = _Chooser(screen.obs, table=screen.table)
        app.push_screen(late)
        late.show_seats()  # its children are not mounted yet
        app.exit()
    assert app._exception is None, app._exception
