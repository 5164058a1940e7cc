"""Watten in the real app (Pilot, no screen mocked): the striker rank and trump
suit named on their screens (W4), the criticals and strikers marked in the hand
(W5), the raise key at a turn to play and the answer (W10), and hot-seat privacy
on every frame with a raise answered by the other human."""

from __future__ import annotations

from test_ui_driver import delivered, text, wait_for_input
from test_ui_privacy import FrameWatch
from watten_helpers import SEED_DEALER_3, stacked

from ohseven_tui.engine import registry
from ohseven_tui.engine.cards import Card, Suit, parse_card
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.pick import PickScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import MARK, HandView
from ohseven_tui.ui.widgets.log import TableLog

CRITICALS = {parse_card("KH"), parse_card("7D"), parse_card("7C")}  # W5, from the rules text

# Seat 3 deals first (SEED_DEALER_3), so Ann (seat 0) is eldest: she names the striker.
DEAL = stacked("KH 9H 9S 7D 8C", "AH QH JH 10H 8H", "AS KS QS JS 10S", "AD KD QD JD 10D")


def _game(*players: str, deals=(DEAL,)):
    names = ("Ann", "Bo", "Cy", "Di")
    seats = tuple(Seat(n, p) for n, p in zip(names, players))
    return registry.new_game("watten", {}, seed=SEED_DEALER_3, seats=seats, stacked_deals=deals)


def _footer_keys(app) -> str:
    return text(app).splitlines()[-1]


async def test_w4_the_striker_is_named_on_its_screen_and_the_hand_marks_w5_trumps():
    game = _game("human", "easy", "easy", "easy")
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_input(pilot, also=(PickScreen,))
        assert isinstance(screen, PickScreen) and "striker rank" in text(app)
        labels = [label for label, _ in screen.choices]
        assert labels == ["A", "K", "Q", "J", "10", "9", "8", "7"]  # W2's ranks, highest first
        await pilot.press(str(labels.index("9") + 1), "enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)  # the dealer (a bot) names trump; Ann leads
        assert isinstance(screen, TableScreen) and screen.acting == 0
        obs = game.observe(0)
        assert obs.striker == 9 and obs.trump is not None
        chief = Card(9, obs.trump)
        held = set(game.hands[0])
        # W5 read from the rules: criticals, then the chief striker (unless a critical), then the other strikers
        expected = {c: "critical" for c in held & CRITICALS}
        if chief in held and chief not in CRITICALS:
            expected[chief] = "chief striker"
        expected.update({c: "striker" for c in held if c.rank == 9 and c not in expected})
        hand = screen.query_one(HandView)
        assert hand.marks == expected
        shown = text(app)
        assert shown.count(MARK) == len(expected) + 1  # one under each marked card, one before their names
        for name in set(expected.values()):
            assert name in shown
        assert f"Striker 9 · Trump {Suit(obs.trump).symbol}" in shown  # the trump line, always in view
        assert "Raise" in _footer_keys(app)


async def test_w10_the_raise_key_raises_and_is_gone_until_the_other_side_raises():
    game = _game("human", "easy", "easy", "easy")
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_input(pilot, also=(PickScreen,))
        await pilot.press("enter")  # striker A
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, TableScreen) and screen.acting == 0 and "Raise" in _footer_keys(app)
        await pilot.press("r")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        answers = [type(a).__name__ for a in game.history if type(a).__name__ in ("Hold", "Go")]
        assert [type(a).__name__ for a in game.history].count("Raise") == 1 and len(answers) == 1
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert "Ann raises to 3; Bo answers." in table.query_one(TableLog).plain
        if answers == ["Hold"]:  # Bo's answer (a bot): Ann still plays her card, and may not raise again
            assert isinstance(screen, TableScreen) and screen.acting == 0
            assert game.observe(0).stake == 3
            assert "Raise" not in _footer_keys(app)
            before = len(game.history)
            await pilot.press("r")
            await delivered(pilot, "r")
            assert len(game.history) == before  # nothing happens: W10, not twice in a row
        else:  # Bo went: the hand is over, Ann's side scores the stake before the raise
            assert isinstance(screen, RoundSummaryScreen)
            assert game.results()[0].stake == 2 and game.results()[0].winner == 0


async def test_hot_seat_the_answer_is_private_to_its_side_and_no_frame_shows_another_hand():
    """Ann and Bo are opponents at one screen. Each raises at the first chance in a
    hand and the other answers on their own screen after a hand-off: hold the first
    time, go the next. Every frame is checked (test_ui_privacy.FrameWatch)."""
    game = _game("human", "human", "easy", "easy", deals=())
    app = OhSevenApp(game=game, bot_delay=0)
    answered = []
    async with app.run_test(size=(100, 30)) as pilot:
        watch = FrameWatch(app, game)
        raised_in: set = set()
        for _ in range(3000):
            screen = await wait_for_input(pilot, also=(PickScreen,))
            if isinstance(screen, GameOverScreen) or len(game.results()) >= 3:
                break
            if await watch.go_past_shared(pilot, screen):
                continue
            if isinstance(screen, PickScreen):
                labels = [label for label, _ in screen.choices]
                if labels[0].startswith("Hold"):
                    go = len(answered) % 2 == 1
                    answered.append("go" if go else "hold")
                    await pilot.press("2" if go else "1", "enter")
                else:
                    await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen) and screen.acting is not None
            key = (game.round_number, screen.acting)
            if key not in raised_in and "Raise" in _footer_keys(app):
                raised_in.add(key)
                await pilot.press("r")
                continue
            hand = screen.query_one(HandView)
            await pilot.press(str(hand.legal_indices[0] + 1), "enter")
    assert not watch.breaches, watch.breaches[:3]
    # the watch saw both kinds of frame (how many depends on the machine's pace)
    assert watch.face_up_frames > 20 and watch.hidden_frames > 5, (watch.face_up_frames, watch.hidden_frames)
    assert "hold" in answered and "go" in answered
    assert len(game.results()) >= 3


async def test_w10_r_when_a_raise_is_not_allowed_says_why_in_one_line():
    from ohseven_tui.games.watten import DEAL as DEAL_ACTION
    from ohseven_tui.games.watten import Hold, NameStriker, NameTrump, Raise

    game = _game("human", "easy", "easy", "easy")
    for action in (DEAL_ACTION, NameStriker(0, 14), NameTrump(3, Suit.HEARTS), Raise(0), Hold(1)):
        game.apply(action)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, TableScreen) and screen.acting == 0
        assert "Raise" not in _footer_keys(app)  # offered only when it is allowed
        before = len(game.history)
        await pilot.press("r")
        await delivered(pilot, "r")
        message = str(screen.query_one("#message").render())
        # W10, the rules' words: Ann's side raised last, so it waits for the other side's raise;
        # on one row at 80 columns (it wrapped with "(W10)" alone on the second)
        assert "raised last" in message and "W10" in message, message
        assert len(message) <= 78, message
        assert len(game.history) == before and screen.acting == 0
