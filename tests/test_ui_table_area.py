"""The card table (issue 12, section 1): seats round the table, the trick in the
middle with the winning card marked, the won trick named and swept to its
winner, the hand by suit with trumps first, the hint on the hand, and the sizes.

The scripted trick (3 players, Oh-Seven, R9/R14/R15), worked by hand:
Ann (seat 0) bids 0♣, Bea (1) 3♥, Cid (2) 1♦; the bids sum to 4, not 7, so they
stand; Bea's 3♥ is the top bid: hearts are trump and Bea leads (R9). Bea leads
5♠; Cid must follow spades and holds only 6♠, which beats 5♠; Ann has no spade
and no heart, so whatever she plays, Cid's 6♠ wins the trick (R15).
"""

from __future__ import annotations

from helpers import act, hands
from test_ui_driver import resized, until, wait_for_input
from test_ui_privacy import frame_text

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import Flow, TableScreen
from ohseven_tui.ui.widgets.hand import CardFace, HandView
from ohseven_tui.ui.widgets.seats import SeatsView
from ohseven_tui.ui.widgets.table_area import TableArea

DEAL_3 = hands(
    "7D 6D 0D 0C 4C 6C 7C",  # Ann: no spade, no heart
    "3H 5S 1C 2C 3C 5C 2H",  # Bea
    "6S 4H 5D 4D 3D 2D 1D",  # Cid: one spade
)


def scripted(players_seats=None) -> Game:
    seats = players_seats or [Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy")]
    game = Game(make_rules("oh-seven", 3), seed=1, seats=seats, stacked_deals=[DEAL_3])
    act(game, "deal", "0 bid 0C", "1 bid 3H", "2 bid 1D", "1 play 5S", "2 play 6S")
    return game


async def trick_won(pilot) -> TableScreen:
    """At Ann's turn in the scripted trick, play her card: Cid's 6♠ has won, on show."""
    screen = await wait_for_input(pilot)
    assert isinstance(screen, TableScreen) and screen.acting == 0
    await pilot.press("enter")
    # Waited for, not one pause: on a busy machine the flow may take longer than a pause
    # to show the trick. The trick stays shown for the pause of the app's bot pace, BOT_DELAY.
    await until(pilot, lambda: screen.controller.state is Flow.TRICK, "the won trick on show")
    return screen


# The bots' pace of these tests: a won trick stays on show min(2.5, 2 x pace) s, long
# beside a busy machine's slowest step (at 0.5 s, one second: CI met the sweep over).
BOT_DELAY = 2.0


def area(app) -> TableArea:
    return next(s for s in app.screen_stack if isinstance(s, TableScreen)).query_one(TableArea)


async def test_the_card_winning_so_far_is_starred_and_the_won_trick_sweeps_to_its_winner():
    app = OhSevenApp(game=scripted(), bot_delay=BOT_DELAY)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, TableScreen) and screen.acting == 0
        frame = frame_text(app)
        assert "6♠ ★" in frame and "5♠ ★" not in frame  # Cid's 6♠ beats the led 5♠ so far
        await pilot.press("enter")  # Ann plays; nothing she holds can win
        await until(pilot, lambda: screen.controller.state is Flow.TRICK, "the won trick on show")
        frame = frame_text(app)
        assert "Cid wins the trick" in frame
        assert "6♠ ★" in frame
        await pilot.press("space")  # no need to wait out the pause
        await until(pilot, lambda: screen.controller.state is not Flow.TRICK, "the trick swept")
        assert area(app).swept_to == 2
        assert "Cid wins the trick" not in frame_text(app)
        assert "6♠ ★" not in frame_text(app)  # swept off the table


async def test_the_sweep_moves_the_cards_toward_the_winner():
    app = OhSevenApp(game=scripted(), bot_delay=BOT_DELAY)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await trick_won(pilot)
        screen.controller.trick_timer.stop()  # the trick stays until this test moves its frame

        table = area(app)

        def where(text: str) -> tuple[int, int]:
            lines = table.render().plain.splitlines()  # the table area alone, not the log beside it
            for y, row in enumerate(lines):
                if text in row and "wins" not in row:
                    return (row.index(text), y)
            raise AssertionError(f"{text} is not on the table")

        start = where("6♠")
        cid = where("Cid")
        table.held, trick = None, table.held
        table._sweeping, table.sweep = trick, 0.6  # a frame of the sweep, part of the way
        moved = where("6♠")
        assert abs(moved[0] - cid[0]) + abs(moved[1] - cid[1]) < abs(start[0] - cid[0]) + abs(start[1] - cid[1])


async def test_enter_also_skips_the_pause_and_bots_play_on_after_the_sweep():
    app = OhSevenApp(game=scripted(), bot_delay=BOT_DELAY)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await trick_won(pilot)
        await pilot.press("enter")
        await until(pilot, lambda: screen.table.game.observe(0).trick, "Cid, the winner, led trick 2")
        assert screen.table.game.observe(0).trick[0][0] == 2


async def test_hand_groups_by_suit_trumps_first_and_o_sorts_by_rank():
    # Bea's view: trump is hearts (her 3H is the top bid), so her hearts come first.
    seats = [Seat("Ann", "easy"), Seat("Bea", "human"), Seat("Cid", "easy")]
    game = Game(make_rules("oh-seven", 3), seed=1, seats=seats, stacked_deals=[DEAL_3])
    act(game, "deal", "0 bid 0C", "1 bid 3H", "2 bid 1D")
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, TableScreen) and screen.acting == 1
        hand = screen.query_one(HandView)
        assert [c.text() for c in hand.cards] == ["3H", "2H", "5S", "5C", "3C", "2C", "1C"]
        assert hand.gaps == {2, 3}  # hearts | spades | clubs
        await pilot.press("o")
        assert [c.text() for c in hand.cards] == ["5S", "5C", "3H", "3C", "2H", "2C", "1C"]


async def test_a_hint_marks_its_card_on_the_hand():
    app = OhSevenApp(game=scripted(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert not screen.query("CardFace.-hint")
        await pilot.press("h")
        await pilot.pause()
        marked = [f for f in screen.query(CardFace) if f.has_class("-hint")]
        assert len(marked) >= 1
        assert all(f.card in screen.query_one(HandView).legal for f in marked)
        assert "Hint:" in frame_text(app)


async def test_nine_seats_fit_at_80x24_and_a_smaller_screen_keeps_the_compact_list():
    names = ["Ann", "Bea", "Cid", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy"]
    seats = [Seat(names[0], "human")] + [Seat(n, "easy") for n in names[1:]]
    game = Game(make_rules("oh-seven", 9), seed=3, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):  # Ann's bid card, then the bids revealed
            screen = await wait_for_input(pilot)
            if isinstance(screen, TableScreen):
                break
            await pilot.press("enter")
        table = screen
        assert isinstance(table, TableScreen)
        assert table.query_one(TableArea).display and not table.query_one(SeatsView).display
        lines = frame_text(app).splitlines()
        event = str(table.query_one("#event").render()).strip()  # what just happened: may name a seat
        # The seats: below the trump line, above the event and status lines and the hand.
        top = "\n".join(ln for ln in lines[1:17] if not event or ln.strip() != event)
        for name in names:
            assert top.count(name) == 1, name
        area = table.query_one(TableArea)
        await resized(pilot, 79, 24)  # the table chooses its layout as it hears of the new size
        assert not area.display and table.query_one(SeatsView).display


async def test_hostile_seat_names_are_drawn_as_plain_text_on_the_table():
    seats = [Seat("Ann", "human"), Seat("[red]Bea\x1b[2J", "easy"), Seat("Cid[/]", "easy")]
    app = OhSevenApp(game=scripted(seats), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_input(pilot)
        frame = frame_text(app)
        assert "[red]Bea" in frame and "Cid[/]" in frame
        assert "\x1b" not in frame


def _at_own_turn_after_the_others(players: int, seed: int) -> Game:
    """A game at Ann's card with every other seat's card of the trick on the table."""
    import random

    from ohseven_tui.engine.actions import Play

    rng = random.Random(seed)
    names = ["Ann", "Bea", "Cid", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy"]
    game = Game(make_rules("oh-seven", players), seed=seed,
                seats=[Seat(names[0], "human")] + [Seat(n, "easy") for n in names[1:players]])
    while not (game.to_act() == (0,) and any(isinstance(a, Play) for a in game.legal_actions(0))
               and len(game.trick) == players - 1):
        seats = game.to_act()
        game.apply(rng.choice(game.legal_actions(seats[0]) if seats else game.legal_actions()))
    return game


async def test_every_card_on_the_table_lies_inside_the_felt_never_on_its_edge():
    """Found trying the app: at 100x30 the top seat's card was drawn over the felt's
    top edge in a four-seat game."""
    for players in (3, 4, 5, 6):
        for size in ((100, 30), (90, 30), (100, 26), (80, 24), (120, 40)):
            game = _at_own_turn_after_the_others(players, seed=1)
            cards = [card.pretty() for _, card in game.trick]
            app = OhSevenApp(game=game, bot_delay=0)
            async with app.run_test(size=size) as pilot:
                await wait_for_input(pilot)
                lines = frame_text(app).splitlines()
                tops = [i for i, ln in enumerate(lines) if "╔" in ln]
                if not tops:
                    continue  # no room for a felt at this size: the cards lie halfway to their seats
                top, bottom = tops[0], next(i for i, ln in enumerate(lines) if "╚" in ln)
                left = lines[top].index("╔")
                for edge in (lines[top], lines[bottom]):
                    inner = edge[left + 1:edge.index("╗" if edge is lines[top] else "╝")]
                    assert set(inner) == {"═"}, (players, size, edge)
                inside = "\n".join(ln[left:] for ln in lines[top + 1:bottom])
                for card in cards:
                    assert card in inside, (players, size, card)
