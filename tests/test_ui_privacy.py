"""Hot-seat privacy, checked on every frame the app draws (issue 10).

A human's cards may be face up only between the hand-off that human confirmed and
the end of that human's action; any shared screen (reveal, scoresheet, last trick,
help, menu) or any other seat's action ends that window. The window is tracked
here by the test itself, from what the driver pressed and from the game's history,
never from the app's own idea of it. Every frame is read as text and every
face-up card box in it is checked against that window.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Optional

import pytest
from helpers import hands
from test_ui_driver import choose, wait_for_input

from ohseven_tui.games.ohhell import BidNumber, Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.choose import ChooseScreen
from ohseven_tui.ui.screens.confirm import ConfirmScreen
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.help import HelpScreen
from ohseven_tui.ui.screens.last_trick import LastTrickScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.number_bid import NumberBidScreen
from ohseven_tui.ui.screens.ohhell.passing import PassScreen
from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView

# A face-up card in a hand is drawn as a box: "│ 7♠  │" (or heavy "┃ 7♠  ┃" at the cursor).
CARD_FACE = re.compile(r"[│┃] ?((?:10|[0-9JQKA])[♠♥♦♣]|JK) +[│┃]")  # the Joker (V2) too
CARD_BACK = re.compile(r"[│┃] ?░+ ?[│┃]")
# Private words about a hand: a hint, the cards picked to pass, what was passed and
# received, the cards still unbid. Outside the window none of them may show.
PRIVATE_TEXT = re.compile(r"Hint:|chosen: press Enter|chosen: pick|You passed|have not bid with this round:")
FACE_DOWN_TITLE = re.compile(r"face down \((\d+) cards?\)")
SHARED = (RevealScreen, RoundSummaryScreen, ScoresheetScreen, LastTrickScreen, HelpScreen, GameOverScreen, ConfirmScreen)


def frame_text(app: OhSevenApp) -> str:
    """The whole screen as the compositor draws it (as ``screen_text``, the screens
    behind a modal included), read straight from its strips: every frame is read,
    so this must be cheap."""
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return "\n".join("".join(segment.text for strip in line for segment in strip) for line in update.strips)


class FrameWatch:
    """Records every frame and the window the test allows at that moment."""

    def __init__(self, app: OhSevenApp, game: Game) -> None:
        self.app = app
        self.game = game
        self.window: Optional[tuple[int, int]] = None  # (seat, len(history) when opened)
        self.under: list[object] = []  # the screens already open when the window opened
        self.frames = 0
        self.face_up_frames = 0
        self.hidden_frames = 0  # table frames with card backs and no face showing
        self.breaches: list[str] = []
        display = app._display

        def watched(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is not None and not app._batch_count:
                self.frame(screen)

        app._display = watched

    def open(self, seat: int) -> None:
        self.window = (seat, len(self.game.history))
        # A shared screen opened after this ends the window (as the app's lookout does);
        # one already open under the hand-off (a scoresheet someone was reading) does not.
        self.under = list(self.app.screen_stack)

    def close(self) -> None:
        self.window = None

    async def go_past_shared(self, pilot, screen) -> bool:
        """A hand-off (the human named confirms: their window opens) or a round's
        summary or scoresheet (every window ends): press Enter past it. True if
        ``screen`` was one of them."""
        if isinstance(screen, HandoffScreen):
            self.open(seat_named(self.game, screen.player))
            await pilot.press(screen.key)  # the letter it names
            return True
        if isinstance(screen, (RoundSummaryScreen, ScoresheetScreen)):
            self.close()
            await pilot.press("enter")
            return True
        return False

    def owner(self, screen) -> Optional[int]:
        """The seat whose cards this frame may show, or None."""
        if self.window is None:
            return None
        seat, length = self.window
        if len(self.game.history) != length:  # that seat acted, or anyone else did
            self.window = None
        elif isinstance(screen, ChooseScreen) and screen.obs.seat != seat:
            self.window = None
        elif not isinstance(screen, (TableScreen, ChooseScreen, HandoffScreen)) \
                and not any(screen is s for s in self.under):
            self.window = None  # a shared screen opened within the window
        return self.window[0] if self.window else None

    def frame(self, screen) -> None:
        self.frames += 1
        shown = frame_text(self.app)
        faces = CARD_FACE.findall(shown)
        owner = self.owner(screen)
        where = f"frame {self.frames} on {type(screen).__name__}, {len(self.game.history)} actions in"
        if owner is None and PRIVATE_TEXT.search(shown):
            line = next(line for line in shown.splitlines() if PRIVATE_TEXT.search(line))
            self.breaches.append(f"{where}: private words outside any window: {line.strip()!r}")
        title = FACE_DOWN_TITLE.search(shown)
        if title and len(CARD_BACK.findall(shown)) != int(title.group(1)):
            self.breaches.append(f"{where}: {title.group(0)} but {len(CARD_BACK.findall(shown))} card backs drawn")
        if not faces:
            if CARD_BACK.search(shown):
                self.hidden_frames += 1
            return
        self.face_up_frames += 1
        if owner is None:
            self.breaches.append(f"{where}: face-up cards {faces} outside any human's window")
            return
        held = Counter(c.pretty() for c in self.game.hands[owner])
        if Counter(faces) - held:
            self.breaches.append(f"{where}: cards {faces} shown in {self.game.seats[owner].name}'s window "
                                 f"are not all {self.game.seats[owner].name}'s")


def seat_named(game: Game, name: str) -> int:
    return next(s for s, info in enumerate(game.seats) if info.name == name)


async def play_hot_seat(pilot, game: Game, watch: FrameWatch, pick_bid, limit: int = 8000, rounds: int = 99):
    """Play to the game-over screen (or to the end of ``rounds`` rounds) as the humans
    would, looking once a round at the scoresheet, the last trick, the help or the
    menu in the middle of a turn."""
    looked: set = set()
    peeks = ("t", "l", "f1", "escape")
    for _ in range(limit):
        screen = await wait_for_input(pilot, also=(LastTrickScreen, HelpScreen, ConfirmScreen))
        if isinstance(screen, GameOverScreen) or len(game.results()) >= rounds:
            return screen
        if isinstance(screen, HandoffScreen):
            watch.open(seat_named(game, screen.player))  # the human at the screen confirms
            await pilot.press(screen.key)
            continue
        if isinstance(screen, SHARED):
            watch.close()
            if isinstance(screen, ConfirmScreen):
                await pilot.press("n")  # "Leave this game?" No
            else:
                await pilot.press("escape" if isinstance(screen, (LastTrickScreen, HelpScreen)) else "enter")
            continue
        seat = screen.obs.seat if isinstance(screen, ChooseScreen) else screen.acting
        if isinstance(screen, (PassScreen, BidScreen, TableScreen)):
            # The hand drawn for the seat to act is all of that seat's hand, nobody else's.
            assert sorted(screen.query_one(HandView).cards) == sorted(game.hands[seat]), (seat, type(screen))
        key = (game.round_number, seat, type(screen).__name__)
        rebid = isinstance(screen, BidScreen) and bool(screen.obs.bid_attempts)
        if key not in looked and (game.round_number > 1 or rebid):
            looked.add(key)
            # Leave private words on screen (a hint, a card picked), then look away.
            await pilot.press("h", *(["1"] if isinstance(screen, PassScreen) else []))
            await pilot.press(peeks[len(looked) % len(peeks)])
            continue
        if isinstance(screen, PassScreen):
            hand = screen.query_one(HandView)
            for i in sorted(hand.picked - set(range(screen.obs.pass_count))):
                await pilot.press(str(i + 1))  # unpicked: a hint picks the cards it names
            for i in range(screen.obs.pass_count):
                if i not in hand.picked:
                    await pilot.press(str(i + 1))
            await pilot.press("enter")
        elif isinstance(screen, BidScreen):
            await choose(pilot, screen, pick_bid(screen), mouse=False)
        elif isinstance(screen, NumberBidScreen):
            number = next(a.number for a in screen.obs.legal_actions if isinstance(a, BidNumber))
            await pilot.press(str(number), "enter")
        elif isinstance(screen, TableScreen):
            hand = screen.query_one(HandView)
            await choose(pilot, screen, hand.legal_indices[0], mouse=False)
    raise AssertionError("the game did not end")


def card_index(screen: BidScreen, wanted: str) -> int:
    """The index in the bid screen's hand of an unbid card whose text is ``wanted``
    (a card such as '7S') or whose rank is ``wanted`` (a digit)."""
    hand = screen.query_one(HandView)
    legal = hand.legal_indices
    for i in legal:
        card = hand.cards[i]
        if card.text() == wanted or (len(wanted) == 1 and str(card.rank) == wanted):
            return i
    raise AssertionError(f"no unbid {wanted} in {[c.text() for c in hand.cards]}")


def assert_private(watch: FrameWatch, game: Game, *, redeal: bool = True, whole: bool = True) -> None:
    assert game.is_over or not whole
    assert not watch.breaches, f"{len(watch.breaches)} frames leak a hand, first: " + "; ".join(watch.breaches[:3])
    assert watch.face_up_frames > 50 and watch.hidden_frames > 50, (watch.face_up_frames, watch.hidden_frames)
    if not redeal:
        return
    first = game.results()[0]
    assert first.redeals >= 1 and first.attempts >= 8  # R11/R13: the script forced seven rebids and a redeal


# Seat 2 (a bot) can only bid ranks 0 and 1; for each of its bids the two humans
# answer with a pair that makes the sum 7 (R11), so seven bids fail and R13 redeals.
TWO_HUMANS_DEAL = hands(
    "1S 2C 2D 2H 2S 3C 3D",
    "6S 5C 5D 5H 4S 3H 3S",
    "0C 0D 0H 0S 1C 1D 1H",
)
ANSWERS = {0: [("1", "6"), ("2", "5"), ("2", "5"), ("2", "5")], 1: [("2", "4"), ("3", "3"), ("3", "3")]}


async def test_two_humans_and_a_bot_never_see_each_others_cards_on_any_frame():
    rules = make_rules("oh-seven", 3, passing=True)
    game = Game(rules, seed=11, seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")],
                stacked_deals=[TWO_HUMANS_DEAL])
    answers = {rank: list(pairs) for rank, pairs in ANSWERS.items()}
    planned: dict[int, str] = {}

    def pick_bid(screen: BidScreen) -> int:
        if game.round_number == 1 and len(game.round.deals) == 1:
            seat = screen.obs.seat
            if seat not in planned:  # the first human of this attempt plans both answers
                bot_rank = game._pending[2].rank  # the test peeks; the app never does
                ann, bea = answers[bot_rank].pop()
                planned.update({0: ann, 1: bea})
            return card_index(screen, planned.pop(seat))
        return screen.query_one(HandView).legal_indices[0]

    app = OhSevenApp(game=game, bot_delay=0.01)
    async with app.run_test(size=(100, 30)) as pilot:
        watch = FrameWatch(app, game)
        await play_hot_seat(pilot, game, watch, pick_bid)
    assert_private(watch, game)


# Two decks (R3): Ann and Bea hold the same seven cards, all above everyone else's,
# and always bid the same one, so the top bid is never unique (R10): seven rebids.
FIVE_DEAL = hands(
    "7S 7H 7D 7C 6S 6H 6D",
    "7S 7H 7D 7C 6S 6H 6D",
    "0S 0H 0D 0C 1S 1H 1D",
    "5S 5H 5D 5C 4S 4H 4D",
    "2S 2H 2D 2C 3S 3H 3D",
)


async def test_three_humans_and_two_bots_never_see_each_others_cards_on_any_frame():
    rules = make_rules("oh-seven", 5, passing=True)
    seats = [Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy"), Seat("Dot", "human"),
             Seat("Eve", "normal")]
    game = Game(rules, seed=12, seats=seats, stacked_deals=[FIVE_DEAL])

    def pick_bid(screen: BidScreen) -> int:
        hand = screen.query_one(HandView)
        if game.round_number == 1 and len(game.round.deals) == 1 and screen.obs.seat in (0, 1):
            return max(hand.legal_indices, key=lambda i: hand.cards[i])  # the same top card for both
        return hand.legal_indices[0]

    # Four rounds: the rebids and the redeal (round 1), then each kind of pass
    # (R6: 1 left, 2 right, 3 left); rounds 5-7 repeat them. The two-human game
    # above plays on to the game-over screen.
    app = OhSevenApp(game=game, bot_delay=0.01)
    async with app.run_test(size=(100, 30)) as pilot:
        watch = FrameWatch(app, game)
        await play_hot_seat(pilot, game, watch, pick_bid, rounds=4)
    assert len(game.results()) == 4
    assert [rules.passes_in_round(r) for r in range(1, 4)] == [(1, 1), (2, -1), (3, 1)]
    assert_private(watch, game, whole=False)


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
async def test_oh_hell_hot_seat_never_shows_another_humans_cards_on_any_frame(preset):
    """Classic bids in turn (a bot bids between the humans, H4); up-and-down bids at
    once and face down (U4), then its reveal is a shared screen. Three hands each
    (the whole games are Oh-Seven's, above): the flow repeats from there."""
    game = Game(make_rules(preset, 3), seed=13,
                seats=[Seat("Ann", "human"), Seat("Cid", "normal"), Seat("Bea", "human")])
    app = OhSevenApp(game=game, bot_delay=0.01)
    async with app.run_test(size=(100, 30)) as pilot:
        watch = FrameWatch(app, game)
        await play_hot_seat(pilot, game, watch, lambda screen: screen.query_one(HandView).legal_indices[0], rounds=3)
    assert len(game.results()) == 3
    assert_private(watch, game, redeal=False, whole=False)
