"""Issue 36, section 2: hints that do what they say, in the real app (Pilot).

- After ``h``, Enter plays, bids, passes or discards what the hint said: the hinted
  card becomes the cursor's, the hinted cards the ones picked, the hinted choice the
  picker's (a card bid, a pass of cards, a card to play, an auction bid or pass, a
  discard, who leads, a striker rank).
- A pass or discard hint marks every card it names.
- The mark under a hinted card reads as a hint (★, or * with ASCII suits), not as
  cut-off text (it was ``┗━ … ━┛``).

What the hint said is read from the screen (its words), and what was done from the
game's record; nothing expected is worked out by the code under test.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from test_ui_driver import delivered, play_game, table, text, until, wait_for_input

from ohseven_tui.engine import registry
from ohseven_tui.engine.cards import Card, parse_card, rank_label
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.games.ohhell import Game, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.passing import PassScreen
from ohseven_tui.ui.screens.pick import PickCardsScreen, PickScreen
from ohseven_tui.ui.screens.sevenforseven.auction import AuctionScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import CardFace, HandView

SIZE = (120, 40)
SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
CARD = re.compile(r"(10|[0-9AKQJ])([♠♥♦♣])|(?<![A-Za-z])JK(?![A-Za-z])")
ASCII_CARD = re.compile(r"(?<![A-Za-z0-9])(10|[0-9AKQJ])([SHDC])(?![A-Za-z])")


def hint_line(app) -> str:
    return next((line for line in text(app).splitlines() if "Hint:" in line), "")


def said(line: str) -> str:
    """What the hint says to do: its words from "Hint:" to the reason."""
    return line.split("Hint:", 1)[1].split(": ", 1)[0].strip()


def cards_in(words: str, ascii: bool = False) -> list[Card]:
    if ascii:
        return [parse_card(rank + suit) for rank, suit in ASCII_CARD.findall(words)]
    found = []
    for match in CARD.finditer(words):
        rank, suit = match.group(1), match.group(2)
        found.append(parse_card("JK") if rank is None else parse_card(rank + SUIT_LETTER.get(suit, suit)))
    return found


def drawn_marks(app, screen) -> dict[Card, str]:
    """Each card of the hand on ``screen`` and what is drawn in its bottom border, as
    the screen shows it."""
    lines = text(app).splitlines()
    out = {}
    for face in screen.query(CardFace):
        if face.card is None or not face.display:
            continue
        region = face.region
        bottom = lines[region.y + region.height - 1][region.x:region.x + region.width]
        out[face.card] = bottom.strip("╰╯┗┛╚╝─━═ ")
    return out


async def next_choice(pilot, kinds: tuple) -> Any:
    """Go on (Enter on the screens between turns) to the next screen of ``kinds``, or the game's end."""
    from textual._time import get_time

    app = pilot.app
    while True:
        screen = await wait_for_input(pilot, also=kinds)
        await until(pilot, lambda: app.key_gate.ready(get_time()), "the screen takes a key")
        if isinstance(screen, (*kinds, GameOverScreen)):
            return screen
        await pilot.press("enter")  # a round's summary, its scoresheet


async def ask_hint(pilot, screen) -> str:
    """Press h and wait for its words."""
    app = pilot.app
    await pilot.press("h")
    line = await until(pilot, lambda: hint_line(app), "the hint's words")
    return said(line)


async def enter_and_see(pilot, screen, game) -> Any:
    """Press Enter; the action seat 0 took, or None if the screen refused it."""
    done = len(game.history)
    await pilot.press("enter")

    def outcome():
        mine = next((a for a in game.history[done:] if getattr(a, "seat", None) == 0), None)
        if mine is not None:
            return ("done", mine)
        message = screen.query("#message")
        if message and message.first().has_class("error"):
            return ("refused", str(message.first().render()))
        return None

    kind, what = await until(pilot, outcome, "the Enter taken or refused")
    assert kind == "done", f"Enter after the hint was refused: {what}"
    return what


def cards_of(action) -> list[Card]:
    card = getattr(action, "card", None)
    return [card] if card is not None else list(getattr(action, "cards", ()))


async def test_oh_seven_enter_after_a_hint_bids_passes_and_plays_what_it_said_and_marks_it():
    seats = [Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy")]
    game = Game(make_rules("oh-seven", 3, passing=True), seed=5, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0)
    moved = Counter()  # the turns where the hint named another card than the one selected
    async with app.run_test(size=SIZE) as pilot:
        while not (moved["BidScreen"] and moved["PassScreen"] and moved["TableScreen"] >= 3):
            screen = await play_game(pilot, stop=lambda s: isinstance(s, (BidScreen, PassScreen, TableScreen,
                                                                          GameOverScreen)))
            assert not isinstance(screen, GameOverScreen), moved
            before = screen.query_one(HandView).current
            words = await ask_hint(pilot, screen)
            named = cards_in(words)
            assert named, words
            marks = drawn_marks(app, screen)
            # Every card the hint names is marked so a player reads it as a hint; no other card is.
            assert {c for c, mark in marks.items() if mark == "★"} == set(named), (words, marks)
            assert "…" not in marks.values() and "★" in hint_line(app), (hint_line(app), marks)
            if isinstance(screen, PassScreen) or named != [before]:
                moved[type(screen).__name__] += 1
            action = await enter_and_see(pilot, screen, table(app).table.game)
            assert sorted(cards_of(action)) == sorted(named), (words, action)


SEVEN_NAMES = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus")
SEED_ANN_BIDS = 6  # Ann bids first, and the hint's first advice is a basic bid (12 points)
SEED_ANN_FIRST = 0  # Ann bids first (seat 6 deals)


def seven_game(seed: int):
    seats = tuple(Seat(n, "human" if i == 0 else "normal") for i, n in enumerate(SEVEN_NAMES))
    return registry.new_game("seven-for-seven", {}, seed=seed, seats=seats)


def auction_matches(action, words: str) -> bool:
    kind = type(action).__name__
    if kind == "AuctionPass":
        return words.lower() == "pass"
    if kind == "FactorBid":
        return "factor" in words.lower()
    wanted = re.fullmatch(r"bid (\d+)([♠♥♦♣])(\w+)", words, re.IGNORECASE)  # "Bid 12♦K": the reason names it
    return (kind == "BasicBid" and wanted is not None and int(wanted.group(1)) == action.points
            and action.suit.symbol == wanted.group(2) and rank_label(action.rank) == wanted.group(3))


async def test_seven_for_seven_enter_after_an_auction_hint_bids_or_passes_what_it_said():
    game = seven_game(SEED_ANN_BIDS)
    app = OhSevenApp(game=game, bot_delay=0)
    followed = []
    async with app.run_test(size=SIZE) as pilot:
        while isinstance(screen := await wait_for_input(pilot, also=(AuctionScreen, PickScreen, PickCardsScreen)),
                         AuctionScreen):
            words = await ask_hint(pilot, screen)
            # The footer names what Enter does now: it said "⏎ Bid" while Enter passed or raised the factor.
            enter = "⏎ Pass" if words.lower() == "pass" else "⏎ Factor" if "factor" in words.lower() else "⏎ Bid"
            await until(pilot, lambda enter=enter: enter in text(app).splitlines()[-1], f"{enter!r} in the footer")
            footer = text(app).splitlines()[-1]
            assert footer.count("⏎") == 1, footer
            action = await enter_and_see(pilot, screen, game)
            assert auction_matches(action, words), (words, action)
            followed.append(type(action).__name__)
    assert followed[0] == "BasicBid" and followed[0] != followed[-1], followed  # a bid first, a pass later


async def test_seven_for_seven_an_auction_hint_names_its_basic_bid_once():
    """V9: a hinted basic bid is said once, in the auction's own notation ("Bid 12♦K: your
    hand is worth..."), found trying the app in tmux: the hint read "bid 15♦K: Bid 15 ♦
    bowers K: your hand is worth...", the same bid twice in two notations."""
    game = seven_game(SEED_ANN_BIDS)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_input(pilot, also=(AuctionScreen,))
        assert isinstance(screen, AuctionScreen)
        words = await ask_hint(pilot, screen)
        line = hint_line(app)
        bid = re.fullmatch(r"bid (\d+)([♠♥♦♣])(\w+)", words, re.IGNORECASE)
        assert bid is not None, line  # the first advice of this deal is a basic bid
        assert len(re.findall(r"\bbid\b", line, re.IGNORECASE)) == 1, line
        assert len(re.findall(rf"\b{bid.group(1)}\b", line)) == 1, line  # its points named once


async def test_seven_for_seven_discard_and_leader_hints_are_what_enter_does_and_mark_every_card():
    game = seven_game(SEED_ANN_FIRST)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_input(pilot, also=(AuctionScreen,))
        assert isinstance(screen, AuctionScreen)
        await pilot.press("2", "8", "enter")  # the most points there are: Ann is captain
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        while isinstance(screen := await wait_for_input(pilot, also=(AuctionScreen, PickCardsScreen)),
                         AuctionScreen):
            await pilot.press("p")  # the others may raise their factors: Ann's 28 stands
        assert isinstance(screen, PickCardsScreen)
        words = await ask_hint(pilot, screen)
        named = cards_in(words)
        assert len(named) == screen.count, words
        marks = drawn_marks(app, screen)
        assert {c for c, mark in marks.items() if mark == "★"} == set(named), (words, marks)
        action = await enter_and_see(pilot, screen, game)
        assert type(action).__name__ == "Discard" and sorted(action.cards) == sorted(named), (words, action)
        screen = await wait_for_input(pilot, also=(PickScreen,))
        assert isinstance(screen, PickScreen)  # who leads
        words = await ask_hint(pilot, screen)
        leads = re.fullmatch(r"seat (\d+) leads", words)
        assert leads, words
        action = await enter_and_see(pilot, screen, game)
        assert type(action).__name__ == "ChooseLeader" and action.leader + 1 == int(leads.group(1)), (words, action)


def watten_matches(action, words: str) -> bool:
    kind = type(action).__name__
    if kind == "Play":
        return cards_in(words) == [action.card]
    if kind == "NameStriker":
        return words == f"striker {rank_label(action.rank)}"
    if kind == "NameTrump":
        return words == f"trump {action.suit.symbol}"
    return words.lower() == kind.lower()  # raise, hold, go


async def test_watten_enter_after_a_hint_names_the_rank_plays_the_card_or_raises():
    """Ann plays every decision by the hint and Enter alone, until a hint at the
    table has said raise (not a card: Enter raises then)."""
    from watten_helpers import SEED_DEALER_3

    names = ("Ann", "Bo", "Cy", "Di")
    seats = tuple(Seat(n, "human" if i == 0 else "normal") for i, n in enumerate(names))
    game = registry.new_game("watten", {}, seed=SEED_DEALER_3, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0)
    followed: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        while "Raise" not in followed:
            screen = await next_choice(pilot, (PickScreen, TableScreen))
            assert not isinstance(screen, GameOverScreen), followed
            words = await ask_hint(pilot, screen)
            action = await enter_and_see(pilot, screen, game)
            assert watten_matches(action, words), (words, action)
            followed.append(type(action).__name__)
    assert "NameStriker" in followed and "Play" in followed, followed


async def test_the_hint_mark_with_ascii_suits_is_an_ascii_star():
    seats = [Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy")]
    game = Game(make_rules("oh-seven", 3, passing=True), seed=5, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await play_game(pilot, stop=lambda s: isinstance(s, PassScreen))
        words = await ask_hint(pilot, screen)
        named = cards_in(words, ascii=True)
        assert named, words
        marks = drawn_marks(app, screen)
        assert {c for c, mark in marks.items() if mark == "*"} == set(named), (words, marks)
        assert "★" not in text(app) and hint_line(app).lstrip().startswith("*"), hint_line(app)
