"""What just happened is readable at every size (issue 19, section 4): below the
width where the log sits beside the table, an event line over the status line
shows the log's newest line. Each check names what happened from the game's own
history (who bid, who held, who took the trick), never from the line itself."""

from __future__ import annotations

from test_ui_driver import delivered, text, wait_for_input
from watten_helpers import SEED_DEALER_3, stacked

from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import BidNumber, Play
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.ohhell.number_bid import NumberBidScreen
from ohseven_tui.ui.screens.pick import PickScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView
from ohseven_tui.ui.widgets.log import TableLog

NAMES = ("Ann", "Bea", "Cid", "Dot")


def event_row(app) -> str:
    """The event line's rows as drawn on the screen."""
    table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
    region = table.query_one("#event").region
    assert region.height >= 1, "no event line on screen"
    rows = text(app).splitlines()[region.y:region.y + region.height]
    return " ".join(" ".join(rows).split())


def last_trick_winner(game) -> str:
    obs = game.observe(0)
    trick = obs.spec.table(obs).last_trick
    assert trick is not None and trick.winner is not None
    return NAMES[trick.winner]


async def test_at_80x24_the_bots_bids_and_a_won_trick_show_on_the_event_line():
    seats = [Seat(NAMES[0], "human")] + [Seat(n, "easy") for n in NAMES[1:]]
    game = registry.new_game("classic", {"players": 4}, seed=2, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0)
    bids_seen = tricks_seen = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(60):
            screen = await wait_for_input(pilot)
            if isinstance(screen, NumberBidScreen):
                await pilot.press("enter")
                continue
            if not isinstance(screen, TableScreen):
                await pilot.press("enter")
                continue
            last = game.history[-1]
            row = event_row(app)
            if isinstance(last, BidNumber) and last.seat != 0:  # the bots bid after Ann: their total is told
                total = sum(game.observe(0).bids)  # this round's
                assert "bids" in row and str(total) in row, row
                bids_seen += 1
            if isinstance(last, Play) and not game.observe(0).trick:  # that card ended a trick
                assert last_trick_winner(game) in row and "trick" in row, row
                tricks_seen += 1
            if bids_seen and tricks_seen:
                break
            hand = screen.query_one(HandView)
            await pilot.press(str(hand.legal_indices[0] + 1), "enter")
    assert bids_seen and tricks_seen, (bids_seen, tricks_seen)


async def test_at_80x24_a_bots_trump_and_a_watten_hold_show_on_the_event_line_and_at_60x15_in_the_log(tmp_path):
    deal = stacked("KH 9H 9S 7D 8C", "AH QH JH 10H 8H", "AS KS QS JS 10S", "AD KD QD JD 10D")
    for size in ((80, 24), (60, 15)):
        seats = [Seat(NAMES[0], "human")] + [Seat(n, "easy") for n in NAMES[1:]]
        game = registry.new_game("watten", {}, seed=SEED_DEALER_3, seats=seats, stacked_deals=(deal,))
        app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path / f"{size[0]}")
        async with app.run_test(size=size) as pilot:
            await wait_for_input(pilot, also=(PickScreen,))
            await pilot.press("enter")  # Ann names the striker rank
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
            await wait_for_input(pilot)  # Dot, the dealer, names trump; Ann leads
            trump = game.observe(0).trump
            if size == (80, 24):
                row = event_row(app)
                assert NAMES[3] in row and "trump" in row and trump.symbol in row, row
            await pilot.press("r")  # and raises; Bea answers
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
            await wait_for_input(pilot)
            answer = next(a for a in reversed(game.history) if type(a).__name__ in ("Hold", "Go"))
            assert type(answer).__name__ == "Hold", "this deal's bot holds (the test needs a hold)"
            if size == (80, 24):
                row = event_row(app)
            else:  # the compact table shows the log itself
                table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
                assert table.query_one(TableLog).region.width > 10
                row = " ".join(text(app).split())
            assert NAMES[answer.seat] in row and "hold" in row and "3" in row, row
