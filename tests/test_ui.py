"""The Textual app, driven through Pilot (issue 4). No screen is mocked."""

from __future__ import annotations

import pytest
from helpers import table_order_game
from test_ui_driver import delivered, drawn, play_game, resized, table, text, until, wait_for_input

from ohseven_tui.games.ohhell import Game, Seat, make_rules, parse_cards
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen
from ohseven_tui.ui.screens.setup import SetupScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView

SEED = 11


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    """Never touch the user's save folders."""
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path))


def hand(*texts: str):
    return tuple(tuple(parse_cards(t.split())) for t in texts)


def headless_game(seed: int, names=("Ann", "Bea", "Cid", "Dot"), bot="normal") -> Game:
    """The game the UI tests play, played without the UI."""
    return table_order_game(make_rules("oh-seven", len(names)), seed, names, bot)


def scripted(players: int, seats, *deals, passing=False, seed=3) -> Game:
    return Game(make_rules("oh-seven", players, passing=passing), seed=seed,
                seats=[Seat(n, p) for n, p in seats], stacked_deals=[(d,) for d in deals])


async def test_menu_setup_and_a_whole_solo_game_by_keys(tmp_path):
    app = OhSevenApp(bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(await wait_for_input(pilot), MenuScreen)
        shown = text(app)
        for item in ("New game", "Rules", "Quit"):
            assert item in shown
        await pilot.press("enter")  # New game
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), SetupScreen)
        shown = text(app)
        assert "Ann" in shown and shown.count("Bot: normal") == 3 and "Human" in shown
        # Tab round to the seed field and type a seed; Enter there starts the game.
        for _ in range(12):
            if app.focused is not None and app.focused.id == "seed":
                break
            await pilot.press("tab")
        assert app.focused.id == "seed"
        await pilot.press(*str(SEED), "enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        await wait_for_input(pilot)
        game = table(app).table.game
        assert game.seed == SEED
        assert [s.player for s in game.seats] == ["human", "normal", "normal", "normal"]
        turns = []

        def on_turn(screen):
            if isinstance(screen, TableScreen):
                turns.append(screen.table.game.round_number)

        over = await play_game(pilot, on_turn=on_turn)
        assert isinstance(over, GameOverScreen)
        assert game.is_over
        assert len(turns) == 7 * 7  # the human played every trick of every round
        # Every key did what it should: the same game as the one played without the UI.
        assert game.history == headless_game(SEED).history
        shown = text(app)
        best = max(game.totals)
        winners = [game.seats[s].name for s, t in enumerate(game.totals) if t == best]
        assert "Game over" in shown and all(w in shown for w in winners) and f"{best} points" in shown
        for label in ("players:", "zero bids:", "average top bid:", "trump:"):  # S1-S4, in words
            assert label in shown
        # The finished game was filed by the saves hook.
        assert list(tmp_path.glob("*.json"))


async def test_the_same_game_with_mouse_clicks_on_cards():
    game = Game(make_rules("oh-seven", 4), seed=SEED,
                seats=[Seat("Ann", "human"), Seat("Bea", "normal"), Seat("Cid", "normal"), Seat("Dot", "normal")])
    app = OhSevenApp(game=game, bot_delay=0)
    # Two rounds: every click a game asks for (a bid card, a card to play) in a
    # round and in the next one after its summary and scoresheet; the whole game
    # by keys is the first test's.
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game(pilot, mouse=True, stop=lambda screen: len(game.results()) >= 2)
    # The same seed and the same choices, made by clicks instead of keys: the same
    # game as the key-driven one, and as the one played without the UI.
    expected = headless_game(SEED)
    assert len(game.results()) == 2
    assert game.history == expected.history[:len(game.history)]
    assert game.results() == expected.results()[:2]


async def test_illegal_card_says_why_and_changes_nothing():
    # Bea holds only spades, so her spade is the top bid (R9) and she leads a spade;
    # Ann holds 0S and must follow spades (R14).
    game = scripted(2, [("Ann", "human"), ("Bea", "easy")],
                    hand("0S 0H 0D 0C 1H 1D 1C", "7S 6S 5S 4S 3S 2S 1S"))
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_game(pilot, stop=lambda s: isinstance(s, TableScreen))
        assert game.trick and game.trick[0][0] == 1
        hand_view = screen.query_one(HandView)
        cards = [c.text() for c in hand_view.cards]
        heart = cards.index("1H")
        spade = cards.index("0S")
        assert hand_view.legal_indices == [spade]  # only the spade is bright
        await pilot.press(str(heart + 1), "enter")
        await delivered(pilot, "the heart and Enter")
        await drawn(pilot, "the refusal drawn")
        shown = text(app)
        assert "You must follow ♠" in shown
        assert len(game.hands[0]) == 7 and len(game.trick) == 1  # nothing changed
        await pilot.press(str(spade + 1), "enter")
        await delivered(pilot, "the spade and Enter")
        assert len(game.rounds[-1].tricks) == 1


async def test_rebid_screen_shows_why_who_scored_and_what_may_still_be_bid():
    game = scripted(2, [("Ann", "human"), ("Bea", "human")],
                    hand("4S 3S 2S 1S 0S 0H 0D", "3H 2H 1H 1D 1C 0C 2C"))
    app = OhSevenApp(game=game, bot_delay=0)
    wanted = {0: "4S", 1: "3H"}  # 4 + 3 = 7: a rebid, and Ann's 4S is the top bid (R11)

    def pick(screen, hand_view):
        return [c.text() for c in hand_view.cards].index(wanted[screen.obs.seat])

    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_game(pilot, pick=pick, stop=lambda s: isinstance(s, RevealScreen))
        shown = text(app)
        assert "add up to 7" in shown and "rebid" in shown
        assert "Ann gains 1 point" in shown
        assert game.totals == [1, 0]
        await pilot.press("enter")
        screen = await play_game(pilot, stop=lambda s: isinstance(s, BidScreen))
        shown = text(app)
        assert "Bid again with a card you have not bid with" in shown
        hand_view = screen.query_one(HandView)
        used = wanted[screen.obs.seat]
        assert used not in [c.text() for c in hand_view.cards if c in hand_view.legal]
        assert len(hand_view.legal_indices) == 6


async def test_identical_top_cards_rebid_with_two_decks():
    seats = [(n, "human") for n in ("Ann", "Bea", "Cid", "Dot", "Eli")]
    game = scripted(5, seats, hand("7S 0S 0H 0D 0C 1C 1D", "7S 0S 0H 0D 0C 1C 1D", "6S 5S 4S 3S 2S 1S 1H",
                                   "6S 5S 4S 3S 2S 1S 1H", "6H 5H 4H 3H 2H 2D 2C"))
    wanted = {0: "7S", 1: "7S", 2: "1H", 3: "1H", 4: "2C"}  # 7+7+1+1+2 = 18, two identical top cards (R10)

    def pick(screen, hand_view):
        return [c.text() for c in hand_view.cards].index(wanted[screen.obs.seat])

    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game(pilot, pick=pick, stop=lambda s: isinstance(s, RevealScreen))
        shown = text(app)
        assert "Identical top cards" in shown and "Ann and Bea" in shown and "rebid" in shown
        assert game.totals == [0] * 5


async def test_seven_failed_bids_announce_a_redeal():
    # Every pair of bids adds up to 7 (R11): after seven attempts nobody has an
    # unbid card, and the round is dealt again (R13).
    game = scripted(2, [("Ann", "human"), ("Bea", "human")],
                    hand("6S 5S 4S 3S 2S 1S 0S", "7H 6H 5H 4H 3H 2H 1H"))
    attempt = {"n": 0}

    def pick(screen, hand_view):
        obs = screen.obs
        k = len([a for d, a in obs.bid_attempts if d == obs.deal_number])
        rank = k if obs.seat == 0 else 7 - k
        return [c.rank for c in hand_view.cards].index(rank)

    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(7):
            await play_game(pilot, pick=pick, stop=lambda s: isinstance(s, RevealScreen))
            attempt["n"] += 1
            if attempt["n"] < 7:
                await pilot.press("enter")
        shown = text(app)
        assert "dealt again" in shown and "REDEAL" in shown
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert game.round.number == 1 and len(game.round.deals) == 2
        # Top bids by hand: Bea in attempts 1-4 (7H 6H 5H 4H), Ann in 5-7 (4S 5S 6S): the points stay.
        assert game.totals == [3, 4]
        while isinstance(screen, HandoffScreen):
            await pilot.press(screen.key)
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
            screen = await wait_for_input(pilot)
        assert "deal 2" in text(app)


@pytest.mark.parametrize("size", [(80, 24), (200, 60)])
async def test_nine_players_fit_and_resizing_relays_the_table(size):
    seats = [Seat("Ann", "human")] + [Seat(n, "easy") for n in ("Bea", "Cid", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy")]
    game = Game(make_rules("oh-seven", 9), seed=4, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await play_game(pilot, stop=lambda s: isinstance(s, TableScreen))
        shown = text(app)
        lines = shown.splitlines()
        assert len(lines) == size[1]
        for seat in seats:
            assert seat.name in shown
        for card in game.observation(0).hand:
            assert card.pretty() in shown
        assert "Play" in shown.splitlines()[-1]  # the footer shows the bindings that apply
        width, height = (200, 60) if size == (80, 24) else (80, 24)
        await resized(pilot, width, height)
        await drawn(pilot, "the table at its new size")
        shown = text(app)
        assert len(shown.splitlines()) == height
        for seat in seats:
            assert seat.name in shown
        for card in game.observation(0).hand:
            assert card.pretty() in shown


async def shown_after(pilot, *keys: str) -> None:
    """Press ``keys`` and wait until they have been handled and what they show drawn."""
    await pilot.press(*keys)
    await delivered(pilot, f"{keys!r}")
    await drawn(pilot, f"what {keys!r} show")


async def test_ascii_cards_and_help_and_last_trick():
    game = scripted(2, [("Ann", "human"), ("Bea", "easy")],
                    hand("0S 0H 0D 0C 1H 1D 1C", "7S 6S 5S 4S 3S 2S 1S"))
    app = OhSevenApp(game=game, bot_delay=0, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game(pilot, stop=lambda s: isinstance(s, TableScreen))
        shown = text(app)
        assert "0S" in shown and not any(sym in shown for sym in "♠♥♦♣")
        await shown_after(pilot, "l")
        assert "No trick has been finished" in text(app)
        await shown_after(pilot, "escape", "question_mark")
        assert "Oh-Seven in brief" in text(app)
        await shown_after(pilot, "escape", "f1")
        shown = text(app)
        assert "Oh-Seven in brief" in shown and "Players and cards" in shown
        await shown_after(pilot, "escape", "h")
        assert "Hint:" in text(app)


async def test_watch_mode_plays_to_the_end_and_can_pause():
    seats = [Seat(n, "easy") for n in ("Ann", "Bea", "Cid")]
    game = Game(make_rules("oh-seven", 3), seed=9, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.table() is not None and app.table().is_mounted, "the table")
        await pilot.press("p")  # pause: the bots stop (a move already being chosen may land)
        await delivered(pilot, "p")
        moves = len(game.history)
        for _ in range(5):  # time in which unpaused bots would move several times
            await pilot.pause(0.1)
        assert len(game.history) <= moves + 1 and "PAUSED" in text(app)
        await pilot.press("p")
        await pilot.press("plus", "plus", "plus")  # fastest: instant
        assert table(app).delay == 0
        # Reveals and scoresheets close themselves when watching.
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game ended")
        assert game.is_over
        # Hands are shown at no point while watching.
        assert "hands stay hidden" in table(app).query_one("#hand-title").render().plain


async def test_command_palette_offers_new_game_rules_and_quit():
    app = OhSevenApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_input(pilot)
        commands = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("New game", "Rules", "Quit"):
            assert commands.count(title) == 1
        await pilot.press("ctrl+p")
        await pilot.press(*"new game")
        await until(pilot, lambda: "Set up a new game" in text(app), "the palette listed New game")
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), SetupScreen)


async def test_play_flags_start_at_the_table_and_bad_flags_exit_2(capsys):
    from ohseven_tui.cli import build_parser, main
    from ohseven_tui.commands.play import setup_from_args

    args = build_parser().parse_args(["play", "--players", "5", "--humans", "2", "--bots", "easy,strong,normal",
                                      "--passing", "--seed", "9", "--bot-delay", "0"])
    setup = setup_from_args(args)
    assert [s.player for s in setup.seats] == ["human", "human", "easy", "strong", "normal"]
    assert setup.passing and setup.seed == 9 and setup.bot_delay == 0
    assert setup_from_args(build_parser().parse_args(["play", "--ascii"])) is None  # plain: the menu
    app = OhSevenApp(setup=setup, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        game = table(app).table.game
        assert game.seed == 9 and game.rules.passing and game.players == 5
    for bad in (["--players", "10"], ["--players", "3", "--humans", "4"], ["--bots", "wizard"],
                ["--players", "4", "--bots", "easy,strong"], ["--bot-delay", "soon"]):
        assert main(["play", *bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err


async def test_solo_rebid_reveal_lists_the_cards_that_may_still_be_bid():
    # Ann holds one heart of each rank 0-6, so whatever spade Bea (a bot, who lays
    # her card first) bids, Ann can make the sum 7 (R11): a rebid.
    game = scripted(2, [("Ann", "human"), ("Bea", "easy")],
                    hand("6H 5H 4H 3H 2H 1H 0H", "7S 6S 5S 4S 3S 2S 1S"))
    chosen = {}

    def pick(screen, hand_view):
        bea = game._pending[1]  # test-side truth: Bea's face-down card
        want = 7 - bea.rank
        chosen["card"] = next(c for c in hand_view.cards if c.rank == want)
        chosen["top"] = "Bea" if bea.rank > want else "Ann"
        return list(hand_view.cards).index(chosen["card"])

    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_game(pilot, pick=pick, stop=lambda s: isinstance(s, RevealScreen))
        shown = text(app)
        assert "add up to 7" in shown and f"{chosen['top']} gains 1 point" in shown
        line = next(ln for ln in shown.splitlines() if "You may still bid" in ln)
        listed = line.split("You may still bid:")[1]
        assert chosen["card"].pretty() not in listed
        assert sum(c.pretty() in listed for c in game.hands[0]) == 6


async def test_the_menus_tagline_wraps_on_a_narrow_terminal():
    """At 40 columns the tagline is wider than the screen: it wraps instead of
    losing its last word."""
    app = OhSevenApp()
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_for_input(pilot)
        tagline = app.screen.query_one("#tagline")
        assert tagline.region.right <= 40, tagline.region
        shown = " ".join(line.text for line in tagline.render_lines(tagline.region.reset_offset)).split()
        assert shown[-1] == "players", shown
