"""V10: when seven passes in a row end an auction with no basic bid, the hand is
passed out and dealt again; the auction screen of the new deal says so. Found trying
the app in tmux: the seventh pass brought new cards and an auction screen whose only
trace of it was "deal 2" in its title (the table's log, which tells it, is under the
auction screen). The passes are made through the engine before the app starts; the
app is then driven with Pilot."""

from __future__ import annotations

from test_ui_driver import text, until, wait_for_input

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.sevenforseven.auction import AuctionScreen

NAMES = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus")


def _pass(game) -> None:
    """The one seat to act passes (or the table deals)."""
    seats = game.to_act()
    if not seats:
        game.apply(game.legal_actions()[0])
        return
    game.apply(next(a for a in game.observe(seats[0]).legal_actions if type(a).__name__ == "AuctionPass"))


async def test_v10_the_auction_of_a_deal_after_a_passed_out_one_says_why_the_cards_changed():
    seats = tuple(Seat(n, "human" if i == 0 else "normal") for i, n in enumerate(NAMES))
    game = registry.new_game("seven-for-seven", {}, seed=0, seats=seats)
    while game.observe(0).deal_number < 2:  # the deal, seven passes: passed out, dealt again
        _pass(game)
    while tuple(game.to_act()) != (0,) and game.observe(0).deal_number == 2:  # the new deal, to Ann's turn
        _pass(game)
    assert game.observe(0).deal_number == 2 and game.observe(0).standing is None
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot, also=(AuctionScreen,))
        assert isinstance(screen, AuctionScreen)
        await until(pilot, lambda: "Factors:" in text(app), "the auction's facts")
        shown = " ".join(text(app).split())
        assert "passed out" in shown, shown
