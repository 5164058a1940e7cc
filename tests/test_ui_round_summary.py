"""The round summary and the last trick between rounds (issue 12, §1-2), driven
through the real app. Round 1 is scripted to its last card (a stacked deal, every
bid and play written out), so the outcome below is worked out by hand from the
rules, not read from the code under test."""

from __future__ import annotations

import re

import pytest
from helpers import act, hands, play_first_legal
from test_ui_driver import delivered, drawn, text, wait_for_input
from test_ui_privacy import FrameWatch

from ohseven_tui.games.ohhell import DEAL, BidNumber, Game, Phase, Seat, make_rules, parse_card, parse_cards
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.last_trick import LastTrickScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.table import TableScreen

# Ann holds spades, Bea hearts, Cid diamonds (one deck, R3).
SPLIT_SUITS = hands("7S 6S 5S 4S 0H 1H 2H", "7H 6H 5H 4H 3H 0C 1C", "7D 6D 5D 4D 3D 2D 0D")
# Bids 7 + 0 + 0 = 7: a rebid, and Ann's 7S is the top bid: +1 point to Ann (R11).
# Then 4S, 1C, 3D (sum 8) stand: trump spades, Ann leads (R9).
BIDS = ("deal", "0 bid 7S", "1 bid 0C", "2 bid 0D", "0 bid 4S", "1 bid 1C", "2 bid 3D")
# Ann's four spades take tricks 1-4 (R15: nobody else holds trump); then her low
# hearts lose to Bea's 5H, 6H, 7H (tricks 5-7). Taken: Ann 4, Bea 3, Cid 0.
PLAYS = ("0 play 7S", "1 play 0C", "2 play 0D", "0 play 6S", "1 play 1C", "2 play 2D",
         "0 play 5S", "1 play 3H", "2 play 3D", "0 play 4S", "1 play 4H", "2 play 4D",
         "0 play 0H", "1 play 5H", "2 play 5D", "1 play 6H", "2 play 6D", "0 play 1H",
         "1 play 7H", "2 play 7D")  # trick 7 waits for Ann's last card, 2H


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path))


def last_card_to_play(seats=(("Ann", "human"), ("Bea", "easy"), ("Cid", "easy"))) -> Game:
    game = Game(make_rules("oh-seven", 3), seed=1, seats=[Seat(n, p) for n, p in seats], stacked_deals=[SPLIT_SUITS])
    act(game, *BIDS, *PLAYS)
    return game


def row(shown: str, *words: str) -> bool:
    """Some line of the screen holds every one of ``words``, in this order."""
    pattern = r".*".join(re.escape(w) for w in words)
    return any(re.search(pattern, ln) for ln in shown.splitlines())


def assert_round_1_last_trick(shown: str) -> None:
    # Trick 7: Bea led 7H, Cid 7D, Ann 2H; Bea's heart is highest, no trump: Bea's (R15).
    assert "Trick 7 of round 1" in shown
    assert row(shown, "Bea", "7♥", "led", "won the trick")
    assert row(shown, "Cid", "7♦") and row(shown, "Ann", "2♥")


async def test_l_at_the_start_of_round_2_shows_round_1s_last_trick():
    app = OhSevenApp(game=last_card_to_play(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, TableScreen) and screen.acting == 0
        await pilot.press("enter")  # Ann's 2H ends round 1
        for _ in range(5):  # on through the round's screens to round 2's bid
            screen = await wait_for_input(pilot)
            if isinstance(screen, BidScreen):
                break
            await pilot.press("enter")
        assert isinstance(screen, BidScreen) and screen.obs.round_number == 2
        await pilot.press("l")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot, also=(LastTrickScreen,)), LastTrickScreen)
        assert_round_1_last_trick(text(app))
        await pilot.press("escape")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), BidScreen)


def assert_round_1_summary(shown: str) -> None:
    # R16: an exact bid scores bid + 2, a miss loses the difference; R17 adds R11's point.
    assert "Round 1 of 7 over" in shown
    assert row(shown, "✓", "Ann", "made 4", "+1 rebid", "+7", "7")  # 4 + 2 + 1
    assert row(shown, "✗", "Bea", "missed by 2 (bid 1, took 3)", "-2", "-2")
    assert row(shown, "✗", "Cid", "missed by 3 (bid 3, took 0)", "-3", "-3")
    assert not row(shown, "Bea", "rebid") and not row(shown, "Cid", "rebid")
    assert "Trump was ♠: Ann's 4♠ was the top bid." in shown
    assert "Last trick of round 1: Bea 7♥ · Cid 7♦ · Ann 2♥ — Bea took it." in shown


async def test_the_round_summary_says_who_made_their_bid_who_missed_by_how_much_and_the_rebid_point():
    app = OhSevenApp(game=last_card_to_play(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(await wait_for_input(pilot), TableScreen)
        await pilot.press("enter")  # Ann's 2H ends round 1
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), RoundSummaryScreen)
        assert_round_1_summary(text(app))
        # The last trick, seat by seat, from the summary and from the scoresheet after it.
        await pilot.press("l")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot, also=(LastTrickScreen,)), LastTrickScreen)
        assert_round_1_last_trick(text(app))
        await pilot.press("escape")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), RoundSummaryScreen)
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), ScoresheetScreen)
        await pilot.press("l")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot, also=(LastTrickScreen,)), LastTrickScreen)
        assert_round_1_last_trick(text(app))
        await pilot.press("escape", "enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen) and screen.obs.round_number == 2


async def test_the_round_summary_is_shared_in_hot_seat_every_frame_face_down():
    """Ann and Bea at one keyboard: the summary, the last trick over it and the
    scoresheet after it are shared screens. Every frame is read (test_ui_privacy)."""
    game = last_card_to_play((("Ann", "human"), ("Bea", "human"), ("Cid", "easy")))
    app = OhSevenApp(game=game, bot_delay=0)
    summary_frames = []
    async with app.run_test(size=(100, 30)) as pilot:
        watch = FrameWatch(app, game)
        frame = watch.frame

        def counted(screen) -> None:
            if isinstance(screen, RoundSummaryScreen):
                summary_frames.append(watch.owner(screen))
            frame(screen)

        watch.frame = counted
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        watch.open(0)
        await pilot.press(screen.key)
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), TableScreen)
        await pilot.press("h")  # private words on screen, then the last card
        await delivered(pilot, "h")
        await drawn(pilot, "the hint drawn")
        assert "Hint:" in text(app)
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), RoundSummaryScreen)
        assert_round_1_summary(text(app))
        await pilot.press("l")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot, also=(LastTrickScreen,)), LastTrickScreen)
        await pilot.press("escape", "enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), ScoresheetScreen)
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)  # round 2: each human bids behind the hand-off
        assert isinstance(screen, HandoffScreen) and game.round_number == 2
    assert summary_frames and all(owner is None for owner in summary_frames)
    assert not watch.breaches, watch.breaches[:3]
    assert watch.face_up_frames > 0  # Ann's own last card, in her window


# Classic (H1-H7): Ann holds the seven top spades and the turned 2S makes spades
# trump (H3), so Ann takes every trick.
CLASSIC_DEAL = ((parse_cards("AS KS QS JS 10S 9S 8S".split()), parse_cards("AH KH QH JH 10H 9H 8H".split()),
                 parse_cards("AD KD QD JD 10D 9D 8D".split())), parse_card("2S"))


async def test_number_bids_say_made_and_missed_in_the_summary():
    game = Game(make_rules("classic", 3), seed=2, stacked_deals=[CLASSIC_DEAL],
                seats=[Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy")])
    game.apply(DEAL)
    bids = {0: 7, 1: 0, 2: 1}  # 8 in all: never the hook's 7 (H4)
    while game.phase is Phase.BID:
        seat = game.to_act()[0]
        game.apply(BidNumber(seat, bids[seat]))
    play_first_legal(game, lambda g: len(g.round.tricks) == 6)  # Ann leads the last trick
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(await wait_for_input(pilot), TableScreen)
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), RoundSummaryScreen)
        shown = text(app)
        # H6: exact, 10 + tricks; any miss, 0. No rebids in Oh Hell: no rebid words.
        assert row(shown, "✓", "Ann", "made 7", "+17", "17")
        assert row(shown, "✓", "Bea", "made 0", "+10", "10")
        assert row(shown, "✗", "Cid", "missed by 1 (bid 1, took 0)", "+0", "0")
        assert "rebid" not in shown
        assert "Trump was ♠ (2♠ turned)." in shown


async def test_the_last_rounds_summary_comes_before_the_game_over_screen():
    game = last_card_to_play()
    # Rounds 2-7 by first legal actions, to the game's last card (Ann's or a bot's).
    play_first_legal(game, lambda g: g.round_number == 7 and g.phase is Phase.PLAY
                     and sum(len(h) for h in g.hands) == 1)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        if isinstance(await wait_for_input(pilot), TableScreen):
            await pilot.press("enter")
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), RoundSummaryScreen)
        assert "Round 7 of 7 over" in text(app)
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), GameOverScreen)


def test_up_and_down_summary_words_without_the_app():
    """The family's words alone (plain data): U6, an exact bid scores the bid, a miss
    loses the difference."""
    from ohseven_tui.ui.screens.ohhell import round_summary

    game = Game(make_rules("up-and-down", 3), seed=2, stacked_deals=[CLASSIC_DEAL],
                seats=[Seat("Ann"), Seat("Bea"), Seat("Cid")])
    game.apply(DEAL)
    for seat in game.to_act():
        game.apply(BidNumber(seat, (7, 0, 2)[seat]))
    play_first_legal(game, lambda g: sum(len(h) for h in g.hands) == 1)  # Ann takes all 7 (trump ♠)
    before = game.observation(1)  # any seat's: the summary is public
    play_first_legal(game, lambda g: g.phase is not Phase.PLAY)  # the last card
    after = game.observation(1)
    summary = round_summary(before, after, lambda s: ("Ann", "Bea", "Cid")[s])
    assert summary is not None
    assert summary.texts() == ["Ann  made 7  +7  7", "Bea  made 0  +0  0", "Cid  missed by 2 (bid 2, took 0)  -2  -2"]
    assert summary.tones == ("good", "good", "bad")
    assert round_summary(after, after, str) is None  # nothing finished between the two
