"""The app plays the Oh Hell presets (issue 6, setup screen and CLI), driven through
Pilot like a player at the keyboard. No screen is mocked.

H2/U2 hand sizes, H3 turned trump (or none), H4 bids in turn with the hook, U4
simultaneous face-down bids; hot-seat privacy as for Oh-Seven.
"""

from __future__ import annotations

import re

import pytest
from helpers import table_order_game
from test_ui_driver import delivered, drawn, table, text, until, wait_for_input
from textual.widgets import Select

from ohseven_tui.cli import main
from ohseven_tui.games.ohhell import Game, Phase, Seat, make_rules, parse_card, parse_cards
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.ohhell.number_bid import NumberBidScreen
from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.setup import SetupScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    """Never touch the user's save folders."""
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path))


def hands(*texts: str):
    return tuple(tuple(parse_cards(t.split())) for t in texts)


def headless(preset: str, seed: int, names=("Ann", "Bea", "Cid", "Dot")) -> Game:
    """The game the solo test plays, without the UI, against easy bots."""
    return table_order_game(make_rules(preset, len(names)), seed, names, "easy")


def solo_game(preset: str, seed: int) -> Game:
    return Game(make_rules(preset, 4), seed=seed,
                seats=[Seat("Ann", "human")] + [Seat(n, "easy") for n in ("Bea", "Cid", "Dot")])


async def test_a_whole_classic_game_solo_by_keys(tmp_path):
    seed = 21
    game = solo_game("classic", seed)
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    first_play_sizes = {}  # round -> the hand shown at Ann's first card play (H2)
    sheets = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(500):
            screen = await wait_for_input(pilot)
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, ScoresheetScreen):
                sheets += 1
            if isinstance(screen, TableScreen):
                shown_hand = len(screen.query_one(HandView).cards)
                number = game.round_number
                first_play_sizes[number] = max(first_play_sizes.get(number, 0), shown_hand)
                status = text(app)
                assert "no trump" in status or "turned)" in status  # H3 on the table
            await pilot.press("enter")
        else:
            raise AssertionError("the game did not end")
        assert game.is_over and len(game.results()) == 7
        assert list(first_play_sizes.values()) == [7, 6, 5, 4, 3, 2, 1]  # H2
        assert sheets == 6  # a scoresheet after rounds 1-6; the 7th ends the game
        shown = text(app)
        assert "Game over" in shown
        assert "R7" in shown and "R8" not in shown
        assert "rebid" not in shown.lower()
        assert "10 + tricks" in shown  # H6 in the legend
        # Every key did what it should: the same game as played without the UI.
        assert game.history == headless("classic", seed).history


def hook_game() -> Game:
    """Three humans (hot-seat), classic; round 1 is stacked with J♠ turned."""
    deal = hands("AS KS QS 2H 3H 4H 5H", "AH KH QH 2D 3D 4D 5D", "AD KD QD 2C 3C 4C 5C")
    return Game(make_rules("classic", 3), seed=4, seats=[Seat(n, "human") for n in ("Ann", "Bea", "Cid")],
                stacked_deals=[(deal, parse_card("JS"))])


async def test_the_hook_is_shown_and_refused_and_the_turned_card_is_on_the_table(tmp_path):
    game = hook_game()
    dealer = game.dealer
    names = [s.name for s in game.seats]
    first, second = (dealer + 1) % 3, (dealer + 2) % 3
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        # H4: the bids go round from the dealer's left, each behind the privacy screen.
        for seat, bid in ((first, 2), (second, 2)):
            screen = await wait_for_input(pilot)
            assert isinstance(screen, HandoffScreen) and names[seat] in text(app)
            await pilot.press(screen.key)
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
            screen = await wait_for_input(pilot)
            assert isinstance(screen, NumberBidScreen) and screen.obs.seat == seat
            shown = text(app)
            assert "Trump ♠ (J♠ turned)" in shown  # H3: known before the bids
            assert "may not bid" not in shown
            await pilot.press(str(bid), "enter")
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)
        await pilot.press(screen.key)
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, NumberBidScreen) and screen.obs.seat == dealer
        shown = text(app)
        # 2 + 2 bid of 7 tricks: the dealer may not bid 3.
        assert "you may not bid 3" in shown
        assert "0 to 7 tricks · you may not bid 3" in shown  # on the picker itself
        assert f"Bids so far: {names[first]} 2, {names[second]} 2" in shown
        # The seats panel too: the two bids made, and the dealer marked to bid.
        for seat in (first, second):
            assert seat_line(shown, names[seat]).split()[-2:] == ["2", "0"]  # bid 2, score 0
        assert seat_line(shown, names[dealer]).split()[0] == "▶" and "to bid" in shown
        await pilot.press("3", "enter")
        await delivered(pilot, "3 and Enter")
        await drawn(pilot, "the refusal said")
        assert app.screen is screen and game.phase is Phase.BID  # refused, nothing changed
        assert "The dealer may not bid 3" in text(app)  # the engine's HookBid message, as a sentence
        await pilot.click("#bid-4")  # a click on a number bids it
        screen = await wait_for_input(pilot)
        assert isinstance(screen, RevealScreen)
        assert game.observation(dealer).bids is not None
        assert [game.observation(0).bids[s] for s in (first, second, dealer)] == [2, 2, 4]
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        if isinstance(screen, HandoffScreen):
            await pilot.press(screen.key)
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
            screen = await wait_for_input(pilot)
        assert isinstance(screen, TableScreen) and screen.acting == first  # H5: left of the dealer leads
        status = str(screen.query_one("#status").render())
        assert "trump ♠ (J♠ turned)" in status and "trick 1/7" in status


def up_and_down_game() -> Game:
    """Ann and Bea are human, Cid an easy bot; round 1 is stacked with no card
    turned (no trump)."""
    deal = hands("AS KS QS JS 10S 9S 8S", "AH KH QH JH 10H 9H 8H", "AD KD QD JD 10D 9D 8D")
    return Game(make_rules("up-and-down", 3), seed=9,
                seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")],
                stacked_deals=[(deal,)])


def seat_line(shown: str, name: str) -> str:
    """The seats panel's row for ``name`` (its name first, or after the ▶ marker;
    the title line, which has "·", is not a row)."""
    return next(line for line in shown.splitlines()
                if "·" not in line and (line.split()[:1] == [name] or line.split()[:2] == ["▶", name]))


async def test_up_and_down_hot_seat_bids_stay_private_and_no_trump_is_shown(tmp_path):
    game = up_and_down_game()
    ann = {c.pretty() for c in parse_cards("AS KS QS JS 10S 9S 8S".split())}
    bea = {c.pretty() for c in parse_cards("AH KH QH JH 10H 9H 8H".split())}
    cid = {c.pretty() for c in parse_cards("AD KD QD JD 10D 9D 8D".split())}
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        bidders = []
        for _ in range(4):
            screen = await wait_for_input(pilot)
            shown = text(app)
            if isinstance(screen, HandoffScreen):
                assert not any(c in shown for c in ann | bea | cid)  # nobody's cards behind the cover
                await pilot.press(screen.key)
                continue
            assert isinstance(screen, NumberBidScreen)
            seat = screen.obs.seat
            mine, theirs = (ann, bea) if seat == 0 else (bea, ann)
            assert all(c in shown for c in mine)
            assert not any(c in shown for c in theirs | cid)  # U4: only your own hand
            assert "no trump" in shown.lower() and "at once" in shown
            assert "may not bid" not in shown  # U4: no hook
            if bidders:  # the other human's bid is face down: a tick, not the number
                line = seat_line(shown, "Ann")
                assert "✓" in line and "6" not in line
            await pilot.press("6" if seat == 0 else "1", "enter")
            bidders.append(seat)
            if len(bidders) == 2:
                break
        assert sorted(bidders) == [0, 1]
        screen = await wait_for_input(pilot)
        assert isinstance(screen, RevealScreen)  # all bids shown together
        shown = text(app)
        assert "No trump" in shown
        assert game.observation(0).bids[:2] == (6, 1)
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        if isinstance(screen, HandoffScreen):
            await pilot.press(screen.key)
            await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
            screen = await wait_for_input(pilot)
        assert isinstance(screen, TableScreen)
        status = str(screen.query_one("#status").render())
        assert "no trump" in status and "Round 1/12" in status  # U2: twelve rounds


async def test_setup_rules_choice_clamps_players_bots_and_passing(tmp_path, bots_only_play):
    # Make the bot offer independent of the bots' progress: only easy plays classic.
    bots_only_play("normal", "oh-seven")
    bots_only_play("strong", "oh-seven")
    app = OhSevenApp(bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(80, 30)) as pilot:
        assert isinstance(await wait_for_input(pilot), MenuScreen)
        await pilot.press("enter")  # New game
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, SetupScreen)
        players = screen.query_one("#players", Select)
        players.focus()
        before = players.value
        await pilot.press("enter", "end", "enter")  # the largest count: 9
        await until(pilot, lambda: not players.expanded and players.value != before, "a count chosen")
        assert players.value == 9
        passing = screen.query_one("#passing", Select)
        passing.focus()
        before = passing.value
        await pilot.press("enter", "down", "enter")
        await until(pilot, lambda: not passing.expanded and passing.value != before, "card passing chosen")
        assert passing.value is True
        rules = screen.query_one("#rules", Select)
        rules.focus()
        await pilot.press("enter", "down", "enter")  # Oh-Seven -> classic
        await until(pilot, lambda: rules.value == "classic" and passing.disabled, "classic's rules applied")
        await pilot.pause()  # and drawn
        assert rules.value == "classic"
        assert players.value == 7  # H1: clamped to 3-7
        assert passing.value is False and passing.disabled
        # ... and not shown (the walkthrough found a greyed "Card" cut from "Card passing")
        assert "Card passing" not in text(app) and "Card " not in text(app)
        rules.focus()
        await pilot.press("enter", "up", "enter")  # back to Oh-Seven: the option is offered again
        await until(pilot, lambda: rules.value == "oh-seven" and not passing.disabled, "Oh-Seven's rules applied")
        await pilot.pause()  # and drawn
        assert rules.value == "oh-seven" and not passing.disabled and "Card passing" in text(app)
        await pilot.press("enter", "down", "enter")  # and classic once more
        await until(pilot, lambda: rules.value == "classic" and passing.disabled, "classic's rules applied again")
        assert rules.value == "classic"
        kinds = screen.query_one("#kind-1", Select)
        offered = [value for _, value in kinds._options if value is not Select.BLANK]
        assert offered == ["human", "easy"]
        assert kinds.value == "easy"  # was normal, which does not play classic here
        shown = text(app)
        assert "Bot: normal" not in shown and "3-7 players" in shown
        screen.query_one("#start").focus()
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        game = table(app).table.game
        assert game.rules.preset == "classic" and game.players == 7 and not game.rules.passing
        assert [s.player for s in game.seats] == ["human"] + ["easy"] * 6


@pytest.mark.parametrize("argv, words", [
    (["--rules", "classic", "--players", "8"], "classic is for 3 to 7 players, not 8"),
    (["--rules", "up-and-down", "--players", "2"], "up-and-down is for 3 to 7 players, not 2"),
    (["--rules", "classic", "--passing"], "card passing is an Oh-Seven option"),
    (["--rules", "hearts"], "invalid choice"),
])
def test_play_refuses_bad_rules_choices_in_one_line(capsys, argv, words):
    rc = main(["play", *argv])
    out, err = capsys.readouterr()
    assert rc == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_play_rules_flag_builds_the_preset():
    from ohseven_tui.cli import build_parser
    from ohseven_tui.commands.play import setup_from_args

    args = build_parser().parse_args(["play", "--rules", "up-and-down", "--players", "5", "--bots", "easy"])
    game = setup_from_args(args).make_game()
    assert game.rules.preset == "up-and-down" and game.players == 5 and game.rules.rounds == 12
    assert [s.player for s in game.seats] == ["human"] + ["easy"] * 4


async def test_watching_an_up_and_down_game_to_the_end_shows_twelve_rounds(tmp_path):
    from ohseven_tui.cli import build_parser
    from ohseven_tui.commands.play import setup_from_args

    args = build_parser().parse_args(["play", "--rules", "up-and-down", "--humans", "0", "--players", "3",
                                      "--bots", "easy", "--bot-delay", "0", "--seed", "8"])
    app = OhSevenApp(setup=setup_from_args(args), bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(80, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game ended")
        shown = text(app)
        assert "R12" in shown and "R13" not in shown
        # U2: the scoresheet heads each round with its hand size, down and up again
        # (at 80 columns the rounds may stand in blocks, one under another).
        sizes = [int(n) for n in re.findall(r"(?<![\w/])(\d)c(?!\w)", shown)]
        assert sizes == [7, 6, 5, 4, 3, 2, 2, 3, 4, 5, 6, 7]
        assert "rebid" not in shown.lower()
        assert len(table(app).table.game.results()) == 12


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
async def test_f1_at_an_oh_hell_table_opens_with_that_games_rules(tmp_path, preset):
    """Found by the new-user walkthrough: F1 in a classic game opened with Oh-Seven's
    rules (cards 0 to 7, bid cards, rebids)."""
    from ohseven_tui.ui.screens.help import HelpScreen

    app = OhSevenApp(game=solo_game(preset, 3), bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for_input(pilot)
        await pilot.press("f1")
        title = {"classic": "Oh Hell, classic", "up-and-down": "Oh Hell, up and down"}[preset]
        await until(pilot, lambda: isinstance(app.screen, HelpScreen) and title in text(app), "the help, drawn")
        shown = text(app)  # what the screen draws
        assert "Oh-Seven in brief" not in shown.split(title)[0]  # the game in play comes first


async def test_a_number_bid_hint_selects_the_number_it_suggests_and_the_footer_names_0_to_the_cards(tmp_path):
    """h at a classic bid says a number and moves the picker to it, as a hint at the
    table marks its card; the footer's keys are 0 to the cards held (7, then 6...)."""
    from textual.widgets._footer import FooterKey

    from ohseven_tui.engine.actions import BidNumber
    from ohseven_tui.ui.widgets.numbers import NumberPicker

    game = solo_game("classic", 21)
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    seen = []
    async with app.run_test(size=(100, 30)) as pilot:
        while len(seen) < 2:
            screen = await wait_for_input(pilot)
            if isinstance(screen, NumberBidScreen):
                await pilot.pause()
                size = screen.obs.hand_size
                keys = [k.key_display for k in screen.query(FooterKey) if k.action == "move(-1)"]
                assert keys == [f"←→/0-{size}"], (keys, size)
                picker = screen.query_one(NumberPicker)
                await pilot.press("h")
                await pilot.pause()
                hinted = app.table().hand.hint_action
                assert isinstance(hinted, BidNumber) and str(hinted.number) in text(app)
                assert picker.current == hinted.number
                seen.append(size)
            await pilot.press("enter")
    assert seen == [7, 6]
