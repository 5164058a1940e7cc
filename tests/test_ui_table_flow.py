"""The table flow between turns: keys during passing and bidding, the round's last
trick, the footer's width, watch mode's words, and a resumed game's log (issue 10, §4)."""

from __future__ import annotations

from helpers import play_first_legal
from test_ui_driver import delivered, play_game, table, text, until, wait_for_input

from ohseven_tui.games.ohhell import DEAL, Game, Phase, Play, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.last_trick import LastTrickScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.passing import PassScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView

PEEKS = (LastTrickScreen,)


def solo(players: int = 3, *, passing: bool = False, seed: int = 5) -> Game:
    seats = [Seat("Ann", "human")] + [Seat(n, "easy") for n in ("Bea", "Cid", "Dot")[: players - 1]]
    return Game(make_rules("oh-seven", players, passing=passing), seed=seed, seats=seats)


async def look_and_come_back(pilot, key: str, shown: type, back: type) -> None:
    await pilot.press(key)
    await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
    assert isinstance(await wait_for_input(pilot, also=PEEKS), shown)
    await pilot.press("escape")
    await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
    assert isinstance(await wait_for_input(pilot, also=PEEKS), back)


async def test_scoresheet_and_last_trick_open_while_bidding_and_passing():
    app = OhSevenApp(game=solo(passing=True), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(await wait_for_input(pilot), BidScreen)
        await look_and_come_back(pilot, "t", ScoresheetScreen, BidScreen)
        await look_and_come_back(pilot, "l", LastTrickScreen, BidScreen)
        # Round 2 opens with passing (R6).
        await play_game(pilot, stop=lambda s: isinstance(s, PassScreen))
        await look_and_come_back(pilot, "t", ScoresheetScreen, PassScreen)
        assert "after round 1" in text(app) or isinstance(app.screen, PassScreen)
        await look_and_come_back(pilot, "l", LastTrickScreen, PassScreen)


async def test_hot_seat_asks_again_after_the_scoresheet_opened_during_a_bid():
    game = Game(make_rules("oh-seven", 3), seed=5,
                seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")])
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        await pilot.press(screen.key)
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), BidScreen)
        await pilot.press("t")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot), ScoresheetScreen)
        await pilot.press("escape")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        await pilot.press(screen.key)
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen) and screen.query_one(HandView).face_up


async def test_the_round_scoresheet_shows_the_rounds_last_trick():
    app = OhSevenApp(game=solo(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await play_game(pilot, stop=lambda s: isinstance(s, ScoresheetScreen))
        game = table(app).table.game
        last = game.results()[0]
        tricks = game.observation(0).tricks
        shown = text(app)
        assert "Last trick of round 1" in shown
        for i, card in enumerate(tricks[-1].cards):
            assert f"{game.seats[tricks[-1].seat_of(i, 3)].name} {card.pretty()}" in shown
        assert f"{game.seats[tricks[-1].winner].name} took it" in shown
        assert last.number == 1 and isinstance(screen, ScoresheetScreen)
        await pilot.press("l")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot, also=PEEKS), LastTrickScreen)


def footer_line(app) -> str:
    return text(app).rstrip("\n").splitlines()[-1]


async def settled_footer(pilot) -> str:
    """The footer line once it is drawn (it recomposes when the keys change)."""
    await pilot.pause()
    return await until(pilot, lambda: (line := footer_line(pilot.app)).strip() and line, "the footer drawn")


async def test_the_footer_keeps_a_turns_keys_at_80_and_100_columns(tmp_path):
    for width in (80, 100):
        app = OhSevenApp(game=solo(4), bot_delay=0, save_dir=tmp_path / str(width))  # no unfinished game between
        async with app.run_test(size=(width, 24)) as pilot:
            await play_game(pilot, stop=lambda s: isinstance(s, TableScreen))
            footer = await settled_footer(pilot)
            for entry in ("Play", "Select", "h Hint", "l Last trick", "t Scores", "esc Menu", "F1 Help"):
                assert entry in footer, (width, entry, footer)


async def at_table(pilot) -> None:
    await until(pilot, lambda: isinstance(pilot.app.screen, TableScreen) and pilot.app.screen.table.game.phase is Phase.PLAY,
                "the table came up, in play")


async def test_watch_mode_footer_says_resume_while_paused():
    game = Game(make_rules("oh-seven", 3), seed=2, seats=[Seat(n, "easy") for n in ("Ann", "Bea", "Cid")])
    app = OhSevenApp(game=game, bot_delay=0.5)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_table(pilot)
        footer = await settled_footer(pilot)
        assert "p Pause" in footer and "Resume" not in footer
        await pilot.press("p")
        footer = await settled_footer(pilot)
        assert "p Resume" in footer and "Pause" not in footer
        await pilot.press("p")
        assert "p Pause" in await settled_footer(pilot)
        assert "until the game ends" not in text(app)  # watch mode promised hands it never showed


async def test_skipping_message_is_gone_in_the_next_round():
    game = Game(make_rules("oh-seven", 3), seed=2, seats=[Seat(n, "easy") for n in ("Ann", "Bea", "Cid")])
    app = OhSevenApp(game=game, bot_delay=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_table(pilot)
        await pilot.press("p", "s")  # paused, so the message is seen before the round flies by
        assert "Skipping" in str(table(app).query_one("#message").render())
        await pilot.press("p")
        await until(pilot, lambda: game.round_number >= 2 and isinstance(app.screen, TableScreen), "round 2")
        assert "Skipping" not in text(app)


async def test_a_resumed_game_tells_this_round_so_far():
    game = solo(3, seed=9)
    # Play to the middle of round 2 without the UI, as if the app had quit there.
    play_first_legal(game, until=lambda g: g.round_number == 2 and g.phase is Phase.PLAY
                     and sum(1 for a in g.history if isinstance(a, Play)) >= 21 + 4)
    plays_this_round = []
    for action in reversed(game.history):
        if action is DEAL:
            break
        if isinstance(action, Play):
            plays_this_round.append(action)
    assert len(plays_this_round) == 4
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_input(pilot)
        shown = text(app)
        assert "Round 2:" in shown and "Resumed: round 2" in shown
        for action in plays_this_round:
            assert f"{game.seats[action.seat].name} plays {action.card.pretty()}" in shown


async def test_passing_words_one_card_and_a_hint_that_names_its_move_once():
    app = OhSevenApp(game=solo(passing=True), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await play_game(pilot, stop=lambda s: isinstance(s, PassScreen))  # round 2: 1 card left
        from ohseven_tui.ui.widgets.log import TableLog

        told = [line.plain for line in table(app).query_one(TableLog).lines]
        assert "Everyone passes 1 card face down to the left." in told
        await pilot.press("h")
        message = str(screen.query_one("#message").render())
        assert message.startswith("★ Hint: Pass ") and "it fits your bidding plan least" in message, message
        await pilot.press("enter")  # the hinted card is picked already (issue 36)
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        assert "(marked +)" in text(app)  # the mark the hand shows on a received card


async def test_an_illegal_card_is_refused_with_a_sentence():
    from ohseven_tui.engine import IllegalAction

    app = OhSevenApp(game=solo(4, seed=8), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            screen = await play_game(pilot, stop=lambda s: isinstance(s, TableScreen))
            hand = screen.query_one(HandView)
            illegal = [i for i in range(len(hand.cards)) if i not in hand.legal_indices]
            if illegal:
                break
            await pilot.press("enter")
        else:
            raise AssertionError("never had to follow suit")
        game = screen.table.game
        try:
            game.clone().apply(Play(0, hand.cards[illegal[0]]))
        except IllegalAction as exc:
            reason = str(exc)
        await pilot.press(str(illegal[0] + 1), "enter")
        message = str(screen.query_one("#message").render())
        assert message == reason[0].upper() + reason[1:] and message[0].isupper()


async def test_watch_mode_skip_stops_at_the_round_scoresheet_and_lets_it_be_read():
    from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen

    game = Game(make_rules("oh-seven", 3), seed=2, seats=[Seat(n, "easy") for n in ("Ann", "Bea", "Cid")])
    app = OhSevenApp(game=game, bot_delay=0.3)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_table(pilot)
        await pilot.press("s")
        # The round's summary, then the scoresheet, close by themselves after the
        # watcher's reading time, as without skipping (not at once, as the skipped
        # moves do): each is given longer than a bot's move at this speed (0.3 s), not none.
        summary = await until(pilot, lambda: isinstance(app.screen, RoundSummaryScreen) and app.screen,
                              "the round's summary")
        assert len(game.results()) == 1 and summary.auto is not None and summary.auto > 0.3
        sheet = await until(pilot, lambda: isinstance(app.screen, ScoresheetScreen) and app.screen,
                            "the round's scoresheet")
        assert len(game.results()) == 1 and sheet.auto is not None and sheet.auto > 0.3


async def test_game_over_shows_the_games_last_trick_and_modals_show_their_own_keys():
    from ohseven_tui.ui.screens.confirm import ConfirmScreen
    from ohseven_tui.ui.screens.gameover import GameOverScreen

    app = OhSevenApp(game=solo(), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_game(pilot, stop=lambda s: isinstance(s, TableScreen))
        await pilot.press("escape")  # "Leave this game?"
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot, also=(ConfirmScreen,)), ConfirmScreen)
        footer = await settled_footer(pilot)
        assert "y Yes" in footer and "Play" not in footer, footer
        await pilot.press("n")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        await wait_for_input(pilot)
        await pilot.press("l")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        assert isinstance(await wait_for_input(pilot, also=PEEKS), LastTrickScreen)
        footer = await settled_footer(pilot)
        assert "Close" in footer and "Play" not in footer, footer
        await pilot.press("escape")
        screen = await play_game(pilot)
        assert isinstance(screen, GameOverScreen)
        game = table(app).table.game
        last = game.observation(0).tricks[-1]
        shown = text(app)
        assert "Last trick of round 7" in shown
        assert f"{game.seats[last.winner].name} took it" in shown


async def test_a_hint_the_bots_have_none_for_is_said_not_a_crash(monkeypatch):
    """``bots.hint`` returns None when the normal bot does not play the game (or the
    seat has nothing to do): the hint key says so instead of raising."""
    import ohseven_tui.bots

    monkeypatch.setattr(ohseven_tui.bots, "hint", lambda obs: None)
    app = OhSevenApp(game=solo(), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        await pilot.press("h")
        await pilot.pause()
        message = str(screen.query_one("#message").render())
        assert message == "No hint for this position.", message
        assert app.is_running


async def test_space_picks_and_unpicks_a_card_to_pass():
    app = OhSevenApp(game=solo(passing=True), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await play_game(pilot, stop=lambda s: isinstance(s, PassScreen))
        hand = screen.query_one(HandView)
        assert not hand.picked
        await pilot.press("space")
        await delivered(pilot, "space")
        assert len(hand.picked) == 1
        await pilot.press("space")
        await delivered(pilot, "space")
        assert not hand.picked
