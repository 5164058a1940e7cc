"""A hand of up to 13 cards (issue 33 §3): a game declares the most cards a hand can
hold (``GameSpec.max_hand``), the hand makes room for them (two rows from 10 cards
on, all 13 inside 80 columns, each numbered), none is dropped, and the number keys
reach every card (a digit pressed again goes on: 1, 10, 11, 12, 13)."""

from __future__ import annotations

import random
import re

from helpers import random_action
from test_ui_driver import refreshed, until
from textual.app import App, ComposeResult
from textual.binding import Binding

from ohseven_tui.engine import parse_card, registry
from ohseven_tui.ui.snapshot import screen_text
from ohseven_tui.ui.widgets.hand import CardFace, HandView
from ohseven_tui.ui.widgets.keys import number_keys

# A bridge hand: four suit groups, the widest faces a hand can show ("10").
THIRTEEN = [parse_card(t) for t in ("AS", "KS", "10S", "4S", "QH", "10H", "9H", "KD", "10D", "3D", "AC", "10C", "2C")]
GROUPS = [4, 3, 3, 3]


class OneHand(App[None]):
    BINDINGS = [Binding(str(d), f"digit({d})") for d in range(1, 10)]

    def __init__(self, slots: int) -> None:
        super().__init__()
        self.slots = slots

    def compose(self) -> ComposeResult:
        yield HandView(id="hand", slots=self.slots)

    def on_mount(self) -> None:
        self.query_one(HandView).set_hand(THIRTEEN, THIRTEEN, title="Your hand", active=True, groups=GROUPS)

    def action_digit(self, digit: int) -> None:
        self.query_one(HandView).digit(digit)


def faces_on_screen(app: App) -> list[str]:
    text = screen_text(app)
    return [c.pretty() for c in THIRTEEN if c.pretty() in text]


async def hand_laid_out(pilot) -> None:
    """Wait until the hand has a face for each of its cards, each given its card, and
    then laid out (a hand given more cards than its slots mounts the rest first)."""
    app = pilot.app
    hand = app.query_one(HandView)

    def laid_out() -> bool:
        faces = app.query(CardFace)
        return len(faces) >= len(hand.cards) and all(hasattr(face, "card") for face in faces)

    await until(pilot, laid_out, f"a face given each of the hand's {len(hand.cards)} cards")
    await refreshed(pilot, [hand, *app.query(CardFace)], "the hand laid out")


async def test_thirteen_cards_show_whole_in_80_columns():
    app = OneHand(13)
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_laid_out(pilot)
        text = screen_text(app)
        assert len(faces_on_screen(app)) == 13, text
        for number in range(1, 14):  # each card's number on its top edge
            assert re.search(rf"[─━] {number} [─━]", text), (number, text)
        row = app.query_one("#hand-row")
        assert max(face.region.right for face in row.children) <= 80


async def test_a_hand_given_more_cards_than_its_slots_drops_none():
    app = OneHand(9)  # a game that declared too few
    async with app.run_test(size=(80, 24)) as pilot:
        await hand_laid_out(pilot)
        assert len(faces_on_screen(app)) == 13


async def test_the_number_keys_reach_every_card():
    app = OneHand(13)
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(HandView)
        reached = []
        for key in ["1", "1", "1", "1", "1", "1"]:
            await pilot.press(key)
            reached.append(hand.cursor + 1)
        assert reached == [1, 10, 11, 12, 13, 1]
        for digit in range(2, 10):
            await pilot.press(str(digit))
            assert hand.cursor + 1 == digit
            await pilot.press(str(digit))  # only one card starts with it: it stays
            assert hand.cursor + 1 == digit


def test_a_hand_of_seven_keeps_its_one_press_a_card():
    """With fewer than ten cards each digit is one card, as before."""
    hand = HandView(slots=7)
    hand.cards = tuple(THIRTEEN[:7])
    hand.cursor = 0
    assert [hand.digit(d) for d in (1, 7, 3, 1, 1)] == [0, 6, 2, 0, 0]
    assert hand.digit(8) is None


def test_a_digit_after_another_key_starts_again_at_its_own_card():
    hand = HandView(slots=13)
    hand.cards = tuple(THIRTEEN)
    assert [hand.digit(1), hand.digit(1)] == [0, 9]
    hand.move(1)  # an arrow: the next 1 is card 1 again
    assert hand.digit(1) == 0


def test_the_footer_names_every_number():
    assert number_keys(13) == "←→/1-13"
    assert number_keys(7) == "←→/1-7"


def test_no_game_deals_a_hand_past_its_declared_most():
    """Every registered game, random play over two rounds: no seat ever holds more
    cards than its game declares (the hand's room is made from that)."""
    for spec in registry.games():
        for players in sorted({spec.players[0], spec.players[1]}):
            game = spec.new_game({"players": players}, seed=players)
            rng = random.Random(players)
            for _ in range(400):
                if game.is_over or len(game.results()) >= 2:
                    break
                for seat in range(players):
                    held = len(game.observe(seat).hand)
                    assert held <= spec.max_hand, (spec.name, players, seat, held)
                game.apply(random_action(game, rng) if game.to_act() else game.legal_actions()[0])
