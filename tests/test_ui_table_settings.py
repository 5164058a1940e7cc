"""What the settings change at the table, and undo (issue 12, section 2), driven
through the real app with Pilot: the bell, confirm-play, undo of your own last
card against bots."""

from __future__ import annotations

import pytest
from test_ui_driver import delivered, play_game, until, wait_for_input

from ohseven_tui import storage
from ohseven_tui.engine.actions import Play
from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.settings import Settings
from ohseven_tui.settings import load as load_settings
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.number_bid import NumberBidScreen
from ohseven_tui.ui.screens.ohhell.passing import PassScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView

SIZE = (100, 30)
HUMAN_TURN = (BidScreen, NumberBidScreen, PassScreen)


@pytest.fixture(autouse=True)
def config(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config"


def against_bots(players: int = 4, humans: int = 1, seed: int = 11) -> Game:
    seats = [Seat(n, "human" if i < humans else "easy") for i, n in enumerate(("Ann", "Bea", "Cid", "Dot")[:players])]
    return Game(make_rules("oh-seven", players), seed=seed, seats=seats)


def count_bells(app) -> list[int]:
    rung = [0]
    real = app.bell

    def bell() -> None:
        rung[0] += 1
        real()

    app.bell = bell  # the instance's own bell, as the table calls it
    return rung


def human_turn(screen) -> bool:
    return isinstance(screen, HUMAN_TURN) or isinstance(screen, TableScreen) and screen.acting is not None


# ------------------------------------------------------------------ the bell
@pytest.mark.parametrize("bell_on", [True, False])
async def test_the_bell_rings_exactly_when_a_humans_turn_follows_bot_moves(tmp_path, bell_on):
    if not bell_on:
        load_settings().save(Settings(bell=False))
    game = against_bots()
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    seen = {"from": 0, "expected": 0, "after_bots": 0, "after_self": 0}
    async with app.run_test(size=SIZE) as pilot:
        rung = count_bells(app)

        def on_turn(screen) -> None:
            if not human_turn(screen):
                return
            since = game.history[seen["from"]:]
            bots_moved = any(a.seat is not None and a.seat != 0 for a in since)
            seen["after_bots" if bots_moved else "after_self"] += 1
            seen["expected"] += bots_moved
            seen["from"] = len(game.history)
            assert rung[0] == (seen["expected"] if bell_on else 0), (len(game.history), seen)

        await play_game(pilot, on_turn=on_turn, stop=lambda s: game.round_number > 2)
    assert seen["after_bots"] >= 5 and seen["after_self"] >= 1  # both kinds of turn were seen


async def test_no_bell_in_a_game_without_bots(tmp_path):
    game = against_bots(players=2, humans=2)
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        rung = count_bells(app)
        await play_game(pilot, stop=lambda s: game.round_number > 1)
        assert rung[0] == 0


# ------------------------------------------------------------------ confirm-play
async def at_card_turn(pilot) -> TableScreen:
    screen = await play_game(pilot, stop=lambda s: isinstance(s, TableScreen))
    assert isinstance(screen, TableScreen) and screen.acting == 0
    return screen


def message(screen) -> str:
    return str(screen.query_one("#message").render())


async def test_confirm_play_needs_two_enters_and_moving_cancels(tmp_path):
    load_settings().save(Settings(confirm_play=True))
    game = against_bots()
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_card_turn(pilot)
        hand = screen.query_one(HandView)
        if len(hand.legal_indices) < 2:
            pytest.fail("the stacked game should give a choice of two legal cards here")
        first = hand.current
        before = len(game.history)
        await pilot.press("enter")
        await until(pilot, lambda: "plays" in message(screen), "the Enter taken (the table says what it marked)")
        assert len(game.history) == before  # marked, not played
        assert f"Enter again plays {first.pretty()}" in message(screen)
        # Moving the selection cancels: the next Enter marks again.
        others = [i for i in hand.legal_indices if hand.cards[i] != first]
        await pilot.press(str(others[0] + 1))
        await until(pilot, lambda: hand.cursor == others[0], "the number key taken (the cursor on its card)")
        assert "Enter again" not in message(screen)
        await pilot.press(str(hand.cards.index(first) + 1), "enter")
        await until(pilot, lambda: "plays" in message(screen), "the Enter taken (the table says what it marked)")
        assert len(game.history) == before
        await pilot.press("enter")
        await until(pilot, lambda: len(game.history) > before, "the second Enter's card played")
        assert len(game.history) > before and game.history[before] == Play(0, first)


async def test_confirm_play_by_mouse_needs_two_clicks(tmp_path):
    load_settings().save(Settings(confirm_play=True))
    game = against_bots()
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_card_turn(pilot)
        hand = screen.query_one(HandView)
        index = hand.legal_indices[0]
        card = hand.cards[index]
        before = len(game.history)
        await pilot.click(f"#card-{index}")
        await until(pilot, lambda: "plays" in message(screen), "the click taken (the table says what it marked)")
        assert len(game.history) == before
        await pilot.click(f"#card-{index}")
        await until(pilot, lambda: len(game.history) > before, "the second click's card played")
        assert game.history[before] == Play(0, card)


# ------------------------------------------------------------------ undo
async def test_undo_takes_back_your_card_and_rewrites_the_autosave(tmp_path):
    dirs = storage.save_dirs(tmp_path)
    game = against_bots()
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at_card_turn(pilot)
        screen.set_delay(30)  # the bots' pace is the window; long enough for the test
        hand_before = tuple(game.observe(0).hand)
        history_before = [str(a) for a in game.history]
        gid = storage.game_id(game)
        card = screen.query_one(HandView).current
        await pilot.press("enter")
        await until(pilot, lambda: len(game.history) > len(history_before), "the Enter's card played")
        assert [str(a) for a in game.history] == history_before + [str(Play(0, card))]
        assert card not in game.observe(0).hand
        assert [str(a) for a in storage.load_autosave(dirs).history][-1] == str(Play(0, card))
        await pilot.press("u")
        await until(pilot, lambda: "took back" in message(screen), "the undo taken (the table says so)")
        now = screen.table.game
        assert now is not game  # rebuilt from the record
        assert [str(a) for a in now.history] == history_before
        assert tuple(now.observe(0).hand) == hand_before
        assert sorted(screen.query_one(HandView).cards) == sorted(hand_before)  # redrawn (grouped by suit)
        assert screen.acting == 0 and screen.query_one(HandView).current == card
        saved = storage.unfinished_game(dirs)
        assert [str(a) for a in saved.game.history] == history_before
        assert saved.game_id == gid  # the same game: never filed twice
        # Once another seat has acted, the card stands.
        screen.set_delay(0)
        await pilot.press("enter")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        await wait_for_input(pilot)
        if screen.table.game.history[-1] == Play(0, card):
            pytest.skip("the card won the trick and Ann leads: no bot acted")
        count = len(screen.table.game.history)
        said = message(screen)
        # u is refused without a word here; h after it (a hint's words) is the sign it was handled.
        await pilot.press("u", "h")
        await until(pilot, lambda: message(screen) != said, "the hint's words, after the u")
        assert len(screen.table.game.history) == count


async def test_undo_is_refused_in_hot_seat(tmp_path):
    game = against_bots(players=3, humans=2)
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        seat_played = {}

        def stop(screen) -> bool:
            if isinstance(screen, GameOverScreen):
                return True
            last = game.history[-1] if game.history else None
            if isinstance(last, Play) and last.seat in (0, 1):
                seat_played["seat"] = last.seat
                return True
            return False

        await play_game(pilot, stop=stop)
        assert "seat" in seat_played
        table = app.table()
        count = len(game.history)
        assert table.check_action("undo", ()) is False and table.check_action("undo_quiet", ()) is False
        table.action_undo()
        await pilot.pause()
        assert len(table.table.game.history) == count and table.table.game is game
        assert "against bots" in message(table)


async def test_undo_at_your_next_turn_after_your_card_won_the_trick(tmp_path):
    game = against_bots()
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        def won_and_leads(screen) -> bool:
            last = game.history[-1] if game.history else None
            return isinstance(screen, GameOverScreen) or (
                isinstance(screen, TableScreen) and screen.acting == 0 and last is not None
                and isinstance(last, Play) and last.seat == 0)

        screen = await play_game(pilot, stop=won_and_leads)
        assert isinstance(screen, TableScreen), "Ann never won a trick with her card"
        taken = game.history[-1]
        count = len(game.history)
        footer = " ".join(b.binding.description for b in app.active_bindings.values() if b.binding.show and b.enabled)
        assert "Undo" not in footer  # the footer keeps to the turn's keys at 80 columns
        await pilot.press("u")
        await until(pilot, lambda: "took back" in message(screen), "the undo taken (the table says so)")
        assert len(screen.table.game.history) == count - 1 and taken.card in screen.table.game.observe(0).hand
