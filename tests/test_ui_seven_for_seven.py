"""Seven for Seven in the real app (Pilot, no screen mocked): the auction screen
offers only totals above the standing bid and refuses a factor before any basic
bid in one line (V9, V12); the captain's draw is marked and her discard chosen on
the hand (V15); she names the leader (V17); the table badges the trio (V11); and
in hot-seat no frame shows one human's cards to another (V16)."""

from __future__ import annotations

from test_ui_driver import delivered, drawn, text, until, wait_for_input
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
        await delivered(pilot, "f")
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
                await delivered(pilot, "3")
                await drawn(pilot, "the refusal said")
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
        await delivered(pilot, "Enter")
        assert app.screen is screen and "Discard" not in _kinds(game)
        await pilot.press("1", "2", "enter")
        assert _kinds(game)[-1] == "Discard" and len(game.observe(0).hand) == 7
        screen = await wait_for_input(pilot, also=INPUT)
        assert isinstance(screen, PickScreen) and "who leads" in text(app)
        labels = [label for label, _ in screen.choices]
        assert len(labels) == 7 and labels[0] == "Ann (you)"
        assert labels[2] == "Cy (trio)" and labels[1] == "Bea (quartet)"  # V11: two to her left is a lieutenant
        await pilot.press("enter")  # the cursor starts on the captain herself
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
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


async def _to_auction_of(pilot, seat: int, bid_for_others) -> AuctionScreen:
    """Go past hand-offs; at another seat's auction screen, ``bid_for_others(pilot, screen)``;
    return the first auction screen of ``seat``."""
    from ohseven_tui.ui.screens.handoff import HandoffScreen

    for _ in range(50):
        screen = await wait_for_input(pilot, also=INPUT + (HandoffScreen,))
        if isinstance(screen, HandoffScreen):
            await pilot.press(screen.key)
        elif isinstance(screen, AuctionScreen) and screen.obs.seat == seat:
            return screen
        elif isinstance(screen, AuctionScreen):
            await bid_for_others(pilot, screen)
        else:
            raise AssertionError(f"left the auction: {type(screen).__name__}")
    raise AssertionError("no auction turn came")


async def _lowest_bid(pilot, screen: AuctionScreen) -> None:
    await pilot.press("enter")  # the lowest total, with that seat's own suit and rank


def _picker_line(screen: AuctionScreen) -> str:
    return str(screen.query_one("#picker").render())


async def test_v9_the_auction_keeps_the_suit_and_bower_rank_of_your_last_bid():
    """Ann sets her own suit and bower rank and bids; at her next turn the bid line
    still holds them (not the hand's suggestion again), and typing only the points
    bids them."""
    from ohseven_tui.engine.cards import Suit, rank_label

    game = _game(humans=(0, 1), bot="easy")  # Bea, a second human, always bids over Ann
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await _to_auction_of(pilot, 0, _lowest_bid)
        suggested = (screen.suit, screen.rank)
        await pilot.press("up")  # the bower rank
        await pilot.press("right", "right", "right")
        await pilot.press("up")  # the trump suit
        await pilot.press("right")
        mine = (screen.suit, screen.rank)
        assert mine[0] != suggested[0] and mine[1] != suggested[1]
        await pilot.press("5", "enter")
        first = [a for a in game.history if type(a).__name__ == "BasicBid" and a.seat == 0]
        assert [(a.suit, a.rank, a.points) for a in first] == [(*mine, 5)]
        screen = await _to_auction_of(pilot, 0, _lowest_bid)
        assert screen.obs.standing is not None and screen.obs.standing.seat != 0
        assert (screen.suit, screen.rank) == mine
        line = _picker_line(screen)
        assert Suit(mine[0]).label in line and f"Bowers   {rank_label(mine[1])}" in line, line
        points = screen.lowest + 1
        await pilot.press(*str(points), "enter")  # only the points typed
        bids = [a for a in game.history if type(a).__name__ == "BasicBid" and a.seat == 0]
        assert [(a.suit, a.rank, a.points) for a in bids[1:]] == [(*mine, points)]


async def test_v14_the_auction_shows_the_standing_bid_at_60x15():
    """At the smallest table the bid line still says which bid stands, and whose it is."""
    from ohseven_tui.engine.cards import rank_label

    game = _game(humans=(0, 1), bot="easy")
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(60, 15)) as pilot:
        screen = await _to_auction_of(pilot, 0, _lowest_bid)
        assert "No bid stands" in text(app) or "No basic bid yet" in text(app)
        await pilot.press("enter")
        screen = await _to_auction_of(pilot, 0, _lowest_bid)
        s = screen.obs.standing
        assert s is not None
        shown = text(app)
        # the standing bid and its bidder together (a short screen words it above the bid line, issue 36)
        assert f"{s.points}{s.suit.symbol}{rank_label(s.rank)} by {game.seats[s.seat].name}" in " ".join(
            shown.split()), shown


def _select_keys(app) -> list[str]:
    """What the footer shows for the keys that select a card or a choice."""
    from textual.widgets._footer import FooterKey

    return [k.key_display for k in app.screen.query(FooterKey) if k.action == "move(-1)"]


async def test_the_footer_names_the_number_keys_there_are_cards_or_choices_for():
    """Nine cards in the captain's hand are 1-9; seven seats to lead are 1-7; a
    hand of three at the table is 1-3 (the footer never offers a key that selects nothing)."""
    game = _game()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await wait_for_input(pilot, also=INPUT)
        await _bid_28(pilot, screen)
        while True:
            screen = await wait_for_input(pilot, also=INPUT)
            if not isinstance(screen, AuctionScreen):
                break
            await pilot.press("p")
        assert isinstance(screen, PickCardsScreen) and len(game.observe(0).hand) == 9
        assert _select_keys(app) == ["←→/1-9"]
        await pilot.press("1", "2", "enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot, also=INPUT)
        assert isinstance(screen, PickScreen) and len(screen.choices) == 7
        assert _select_keys(app) == ["←→/1-7"]
        await pilot.press("enter")
        while True:
            screen = await wait_for_input(pilot, also=INPUT)
            assert isinstance(screen, TableScreen)
            await pilot.pause()
            held = len(game.observe(0).hand)
            assert _select_keys(app) == [f"←→/1-{held}" if held > 1 else "←→/1"], held
            if held == 3:
                break
            await pilot.press("enter")


async def test_the_auction_footer_keeps_its_own_keys():
    """The auction's ←→ change the points, not a card: no card numbers there."""
    from textual.widgets._footer import FooterKey

    app = OhSevenApp(game=_game(), bot_delay=0)
    async with app.run_test(size=(120, 30)) as pilot:
        screen = await wait_for_input(pilot, also=INPUT)
        assert isinstance(screen, AuctionScreen)
        await until(pilot, lambda: [k for k in app.screen.query(FooterKey) if k.action == "move(-1)"], "the footer's keys")
        assert [k.key_display for k in app.screen.query(FooterKey) if k.action == "move(-1)"] == ["←→"]
