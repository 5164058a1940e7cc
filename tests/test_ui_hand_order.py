"""One way to read your hand (issue 19, section 5): every screen that shows your
hand and lets number keys pick from it lays the hand out in the player's one
chosen order (the settings' hand sort, the table's ``o``), so the same number key
picks the same card on that screen and on the table beneath it. The card a hint
suggests during bidding is marked on the hand, as at the table."""

from __future__ import annotations

import re

import pytest
from test_ui_driver import delivered, play_game, table, wait_for_input

from ohseven_tui.bots import hint
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.games.ohhell import Game, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.choose import ChooseScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.passing import PassScreen
from ohseven_tui.ui.screens.pick import PickCardsScreen, PickScreen
from ohseven_tui.ui.screens.sevenforseven.auction import AuctionScreen
from ohseven_tui.ui.widgets.hand import CardFace, HandView

SIZE = (100, 30)
SORTS = ("suit", "rank")


@pytest.fixture(autouse=True)
def config(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(tmp_path / "config"))


def _oh_seven(passing: bool = False) -> Game:
    seats = [Seat(n, "human" if i == 0 else "easy") for i, n in enumerate(("Ann", "Bea", "Cid", "Dot"))]
    return Game(make_rules("oh-seven", 4, passing=passing), seed=11, seats=seats)


def _app(game, sort: str) -> OhSevenApp:
    app = OhSevenApp(game=game, bot_delay=0)
    app.settings = app.settings.replace(hand_sort=sort)
    return app


def _table_hand(app) -> tuple:
    """The cards in the order the table's own number keys pick them."""
    return table(app).query_one(HandView).cards


async def _keys_pick_as_on_the_table(pilot, app, screen: ChooseScreen, *, toggles: bool) -> None:
    hand = screen.query_one(HandView)
    on_table = _table_hand(app)
    assert sorted(on_table) == sorted(screen.obs.hand) and len(on_table) > 1
    for k in range(len(on_table)):
        await pilot.press(str(k + 1))
        if toggles:
            assert hand.picked_cards == [on_table[k]], k
            await pilot.press(str(k + 1))  # unpick
        else:
            assert hand.current == on_table[k], k


@pytest.mark.parametrize("sort", SORTS)
async def test_the_bidding_screen_keys_pick_the_cards_the_tables_keys_pick(sort):
    app = _app(_oh_seven(), sort)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        assert table(app).hand_sort == sort
        await _keys_pick_as_on_the_table(pilot, app, screen, toggles=False)


@pytest.mark.parametrize("sort", SORTS)
async def test_the_passing_screen_keys_pick_the_cards_the_tables_keys_pick(sort):
    app = _app(_oh_seven(passing=True), sort)
    async with app.run_test(size=SIZE) as pilot:
        screen = await play_game(pilot, stop=lambda s: isinstance(s, PassScreen))  # no passing in round 1 (R6)
        assert isinstance(screen, PassScreen)
        await _keys_pick_as_on_the_table(pilot, app, screen, toggles=True)


@pytest.mark.parametrize("sort", SORTS)
async def test_the_seven_for_seven_discard_and_leader_screens_keep_the_tables_order(sort):
    seats = tuple(Seat(n, "human" if i == 0 else "normal")
                  for i, n in enumerate(("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus")))
    game = registry.new_game("seven-for-seven", {}, seed=0, seats=seats)  # Ann bids first
    app = _app(game, sort)
    async with app.run_test(size=SIZE) as pilot:
        also = (AuctionScreen, PickScreen, PickCardsScreen)
        screen = await wait_for_input(pilot, also=also)
        assert isinstance(screen, AuctionScreen)
        assert list(screen.query_one(HandView).cards) == list(_table_hand(app))
        await pilot.press("2", "8", "enter")  # the top bid: Ann is captain and discards
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        while isinstance(screen := await wait_for_input(pilot, also=also), AuctionScreen):
            await pilot.press("p")
        assert isinstance(screen, PickCardsScreen)
        await _keys_pick_as_on_the_table(pilot, app, screen, toggles=True)
        await pilot.press("1", "2", "enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot, also=also)
        assert isinstance(screen, PickScreen)  # who leads: the hand in view, in the same order
        assert list(screen.query_one(HandView).cards) == list(_table_hand(app))


async def test_o_on_the_bidding_screen_changes_the_order_there_and_on_the_table():
    app = _app(_oh_seven(), "suit")
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        before = screen.query_one(HandView).cards
        await pilot.press("o")
        assert table(app).hand_sort == "rank"
        after = screen.query_one(HandView).cards
        assert sorted(after) == sorted(before) and after == _table_hand(app)
        await _keys_pick_as_on_the_table(pilot, app, screen, toggles=False)


async def test_a_hint_while_bidding_marks_the_suggested_card_on_the_hand():
    game = _oh_seven()
    app = _app(game, "suit")
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        suggested = hint(game.observe(0)).action.card
        await pilot.press("h")
        hand = screen.query_one(HandView)
        assert hand.hinted == {suggested}
        face = next(f for f in screen.query(CardFace) if f.card == suggested)
        assert face.has_class("-hint")
        others = [f for f in screen.query(CardFace) if f.card is not None and f.card != suggested]
        assert others and not any(f.has_class("-hint") for f in others)


async def test_ascii_mode_marks_the_dealer_with_no_suit_letter():
    """In ASCII mode D is diamonds: the dealer's mark must be something else, on
    the bidding screen's seats and at the table."""
    from ohseven_tui.engine.cards import Suit

    game = _oh_seven()
    app = OhSevenApp(game=game, bot_delay=0, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        dealer = game.seats[game.observe(0).dealer].name
        letters = {s.letter for s in Suit}

        def marks(shown: str) -> list[str]:
            """The word written right after the dealer's name, wherever it stands."""
            import re

            return re.findall(rf"{dealer} +(\S+)", shown)

        from test_ui_driver import text

        shown = text(app)
        after = marks(shown)
        assert after and not letters & set(after), after
        assert not re.search(r"(?<!\w)D dealer", shown)
        await pilot.press("1", "enter")  # bid; then the table
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        while not isinstance(screen, type(table(app))):
            await pilot.press("enter")
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
            screen = await wait_for_input(pilot)
        after = marks(text(app))
        assert after and not letters & set(after), after
