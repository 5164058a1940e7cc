"""Seven for Seven in the real app (Pilot, no screen mocked): the auction screen
offers only totals above the standing bid and refuses a factor before any basic
bid in one line (V9, V12); the captain's draw is marked and her discard chosen on
the hand (V15); she names the leader (V17); the table badges the trio (V11); and
in hot-seat no frame shows one human's cards to another (V16)."""

from __future__ import annotations

from test_ui_driver import text, wait_for_input
from test_ui_privacy import FrameWatch

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.pick import PickCardsScreen, PickScreen
from ohseven_tui.ui.screens.sevenforseven.auction import AuctionScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView

NAMES = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus")
SEED_ANN_FIRST = 0  # seat 6 deals the first hand, so Ann (seat 0) bids first (V8)
INPUT = (AuctionScreen, PickScreen, PickCardsScreen)


def _game(humans=(0,), bot="normal"):
    seats = tuple(Seat(n, "human" if i in humans else bot) for i, n in enumerate(NAMES))
    return registry.new_game("seven-for-seven", {}, seed=SEED_ANN_FIRST, seats=seats)


def _kinds(game) -> list[str]:
    return [type(a).__name__ for a in game.history]


async def _bid_28(pilot, screen: AuctionScreen) -> None:
    """Type the most points there are (V20: 28), keep the suit and bower rank, bid."""
    await pilot.press("2", "8", "enter")


async def test_v9_v12_the_auction_offers_totals_above_the_standing_bid_and_refuses_an_early_factor():
    game = _game()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_input(pilot, also=INPUT)
        assert isinstance(screen, AuctionScreen) and screen.obs.standing is None
        assert "No basic bid yet" in text(app)
        await pilot.press("f")  # V12: a factor bid needs a basic bid standing
        await pilot.pause()
        assert app.screen is screen and "FactorBid" not in _kinds(game)
        message = str(screen.query_one("#message").render())
        assert message and "\n" not in message.strip()  # the engine's reason, one line
        await pilot.press("3", "enter")  # 3 points, the suit and rank it proposes
        bid = next(a for a in game.history if type(a).__name__ == "BasicBid")  # the bots may have bid since
        assert bid.seat == 0 and bid.points == 3
        screen = await wait_for_input(pilot, also=INPUT)
        if isinstance(screen, AuctionScreen):  # round again: only totals above the standing one
            standing = screen.obs.standing
            assert screen.lowest == standing.points + 1
            await pilot.press("left")  # below the lowest total is never offered
            assert screen.points >= standing.points + 1
            if standing.points > 3:
                await pilot.press("3")
                await pilot.pause()
                assert screen.points >= standing.points + 1
                assert "would not top the standing bid" in text(app)


async def test_v15_v17_the_captain_discards_her_marked_draw_names_the_leader_and_leads():
    game = _game()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot, also=INPUT)
        await _bid_28(pilot, screen)
        while True:  # the others may still raise their factors (V12); Ann passes
            screen = await wait_for_input(pilot, also=INPUT)
            if not isinstance(screen, AuctionScreen):
                break
            await pilot.press("p")
        obs = game.observe(0)
        assert obs.captain == 0 and obs.contract.points == 28
        assert isinstance(screen, PickCardsScreen)
        drawn = list(obs.drawn)
        assert len(drawn) == 2 and len(obs.hand) == 9  # V15: two from the kitty
        hand = screen.query_one(HandView)
        marked = [hand.cards[i] for i in sorted(hand.new)]
        assert sorted(marked) == sorted(drawn)  # the drawn cards are marked "+"
        await pilot.press("enter")  # nothing picked: refused, nothing changes
        await pilot.pause()
        assert app.screen is screen and "Discard" not in _kinds(game)
        await pilot.press("1", "2", "enter")
        assert _kinds(game)[-1] == "Discard" and len(game.observe(0).hand) == 7
        screen = await wait_for_input(pilot, also=INPUT)
        assert isinstance(screen, PickScreen) and "who leads" in text(app)
        labels = [label for label, _ in screen.choices]
        assert len(labels) == 7 and labels[0] == "Ann (you)"
        assert labels[2] == "Cy (trio)" and labels[1] == "Bea (quartet)"  # V11: two to her left is a lieutenant
        await pilot.press("enter")  # the cursor starts on the captain herself
        screen = await wait_for_input(pilot, also=INPUT)
        assert isinstance(screen, TableScreen) and screen.acting == 0
        shown = text(app)
        assert "Contract 28" in shown and "Trio" in shown and "Quartet" in shown


async def test_hot_seat_a_hand_of_seven_for_seven_shows_no_human_another_humans_cards_on_any_frame():
    """Ann (captain) and Cy (her lieutenant) share the screen with five bots: the
    auction, both private draws and discards, the leader and seven tricks."""
    game = _game(humans=(0, 2))
    app = OhSevenApp(game=game, bot_delay=0)
    discards = set()
    saw_top = False
    async with app.run_test(size=(100, 30)) as pilot:
        watch = FrameWatch(app, game)
        bid = False
        for _ in range(3000):
            screen = await wait_for_input(pilot, also=INPUT)
            if isinstance(screen, GameOverScreen) or game.results():
                break
            if await watch.go_past_shared(pilot, screen):
                continue
            if isinstance(screen, AuctionScreen):
                if screen.obs.seat == 0 and not bid:
                    bid = True
                    await _bid_28(pilot, screen)
                else:
                    if screen.obs.standing is not None and screen.obs.standing.points == 28:
                        keys = text(app).splitlines()[-1]  # no basic bid is left: the footer says so
                        assert "Bid" not in keys and "Pass" in keys, keys
                        saw_top = True
                    await pilot.press("p")
                continue
            if isinstance(screen, PickCardsScreen):
                discards.add(screen.obs.seat)
                await pilot.press(*[str(i + 1) for i in range(screen.count)], "enter")
                continue
            if isinstance(screen, PickScreen):
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen) and screen.acting is not None
            hand = screen.query_one(HandView)
            await pilot.press(str(hand.legal_indices[0] + 1), "enter")
    assert game.results(), "the hand did not end"
    assert discards == {0, 2}  # both humans drew and discarded in private
    assert saw_top  # Cy's auction screen after Ann's 28
    assert not watch.breaches, watch.breaches[:3]
    # the watch saw both kinds of frame (how many depends on the machine's pace)
    assert watch.face_up_frames > 20 and watch.hidden_frames > 5, (watch.face_up_frames, watch.hidden_frames)
