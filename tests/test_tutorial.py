"""``ohseven tutorial``: the guided first round, driven by keys on the real app.

The stacked deal (games/ohhell/tutorial.py), Ann (seat 0) the learner; trump is
spades whatever she bids, since Bea's bid cards 5S and 4S top all of hers::

    Ann  4H 2H 3D 1D 3C 1C 0S
    Bea  5S 4S 7H 3H 6D 6C 2C    bids 5S, then 4S; plays 6D 7H 6C 2C 3H 5S 4S (first legal)
    Cid  2S 5H 1H 7D 2D 4C 0C    bids 1H, then 4C; plays 7D 2D 5H 1H 4C 0C 2S
    Dot  7S 6S 1S 6H 0H 7C 5C    bids 0H, then 1S; plays 1S 6H 0H 7C 5C 6S 7S

Worked by hand, with Ann bidding 1D, then 1C, and playing 3D 2H 1C 4H 3C 0S 1D:

- attempt 1: 1 + 5 + 1 + 0 = 7 (R11): a rebid, Bea (top, 5S) +1 point;
- attempt 2: Ann 1, Bea 4, Cid 4, Dot 1 (sum 10) stands; 4S is top: spades, Bea leads (R9);
- trick 1: Bea 6D, Cid 7D, Dot 1S, then Ann must follow diamonds (R14): Dot wins with a trump;
- trick 2: Dot 6H, Ann 2H, Bea 7H, Cid 5H: Bea;  trick 3: Bea 6C, Cid 4C, Dot 7C, Ann 1C: Dot;
- trick 4: Dot 0H, Ann 4H, Bea 3H, Cid 1H: Ann;  trick 5: Ann 3C, Bea 2C, Cid 0C, Dot 5C: Dot;
- trick 6: Dot 6S, Ann 0S, Bea 5S, Cid 2S: Dot;  trick 7: Dot 7S, Ann 1D, Bea 4S, Cid 2D: Dot.
- taken 1, 1, 0, 5 against bids 1, 4, 4, 1: Ann +3 (R16), Bea -3 + 1 = -2 (R17), Cid -4, Dot -4.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from test_ui_driver import delivered, table, text, until, wait_for_input

from ohseven_tui.cli import main
from ohseven_tui.engine.cards import parse_card
from ohseven_tui.engine.record import dumps, loads
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.messages import BackToMenu
from ohseven_tui.ui.screens.lesson import LessonScreen
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView

ANN_BIDS = ["1D", "1C"]
ANN_PLAYS = ["3D", "2H", "1C", "4H", "3C", "0S", "1D"]


def _trick(game) -> list:
    return [(seat, card.text()) for seat, card in game.trick]


async def _pick(pilot, screen, card_text: str) -> None:
    hand = screen.query_one(HandView)
    index = list(hand.cards).index(parse_card(card_text))
    await pilot.press(str(index + 1), "enter")


async def test_the_whole_tutorial_by_keys_each_step_at_its_moment(tmp_path):
    app = OhSevenApp(tutorial="oh-seven", bot_delay=0.05, save_dir=tmp_path)
    seen: dict[str, dict] = {}  # step title -> the engine's state when it showed
    bids, plays = list(ANN_BIDS), list(ANN_PLAYS)
    refused = None
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            screen = await wait_for_input(pilot, also=(LessonScreen,))
            if isinstance(screen, MenuScreen):
                break
            game = table(app).table.game
            if isinstance(screen, LessonScreen):
                assert screen.title_text in text(app)
                seen[screen.title_text.split(" (")[0]] = {
                    "phase": game.phase.value, "round": game.round_number, "tricks": len(game.round.tricks)
                    if game.round else 0, "trick": _trick(game), "totals": list(game.totals),
                    "to_act": game.to_act()}
                await pilot.press("enter")
            elif isinstance(screen, BidScreen):
                await _pick(pilot, screen, bids.pop(0))
            elif isinstance(screen, (RevealScreen, RoundSummaryScreen, ScoresheetScreen)):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen):
                if refused is None:  # trick 1: a spade when diamonds were led
                    await _pick(pilot, screen, "0S")
                    await pilot.pause()
                    refused = text(app)
                    assert game.trick and len(game.trick) == 3  # nothing was played
                await _pick(pilot, screen, plays.pop(0))
        else:
            raise AssertionError("the tutorial never ended")
        assert isinstance(app.screen, MenuScreen)  # the last step's Enter: back to the menu
        played = game
    assert "You must follow ♦ (Diamonds)" in refused  # the engine's own words
    assert not bids and not plays

    assert list(seen) == ["Welcome", "Your bid card", "Bids adding up to 7: a rebid", "Trump from the top bid",
                          "Following suit", "Who takes the trick", "Scoring", "The round is over"]
    assert seen["Welcome"]["round"] == 0  # before the deal
    bid = seen["Your bid card"]
    assert bid["phase"] == "bid" and 0 in bid["to_act"] and bid["totals"] == [0, 0, 0, 0]
    rebid = seen["Bids adding up to 7: a rebid"]  # the forced rebid really happened: Bea has her point
    assert rebid["phase"] == "bid" and rebid["totals"] == [0, 1, 0, 0] and 0 in rebid["to_act"]
    trump = seen["Trump from the top bid"]
    assert trump["phase"] == "play" and trump["tricks"] == 0 and trump["trick"] == [] and trump["to_act"] == (1,)
    follow = seen["Following suit"]
    assert follow["trick"] == [(1, "6D"), (2, "7D"), (3, "1S")] and follow["to_act"] == (0,)
    winner = seen["Who takes the trick"]
    assert winner["tricks"] == 1 and winner["trick"] == [(3, "6H")] and winner["to_act"] == (0,)
    score = seen["Scoring"]
    assert score["tricks"] == 6 and score["trick"] == [] and score["to_act"] == (3,)
    end = seen["The round is over"]
    assert end["phase"] == "round-over" and end["totals"] == [3, -2, -4, -4]
    # The game is an ordinary record of what was played (it replays to the same
    # scores); the tutorial saves nothing (a lesson is not a saved game).
    again = loads(dumps(played))
    assert list(again.totals) == [3, -2, -4, -4] and again.round_number == 1
    assert {p.name for p in tmp_path.rglob("*.json")} <= {"prefs.json"}


async def test_the_steps_words_come_from_the_table(tmp_path):
    """The rebid step names the bids that summed to 7 and Bea's point."""
    app = OhSevenApp(tutorial="oh-seven", bot_delay=0, save_dir=tmp_path)
    bids = list(ANN_BIDS)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            screen = await wait_for_input(pilot, also=(LessonScreen,))
            if isinstance(screen, LessonScreen) and screen.title_text.startswith("Bids adding up"):
                break
            if isinstance(screen, BidScreen):
                await _pick(pilot, screen, bids.pop(0))
            else:
                await pilot.press("enter")
        shown = text(app)
        assert "1 + 5 + 1 + 0 = 7" in shown and "top bidder (Bea)" in shown


def test_tutorial_help_and_a_game_without_one(capsys):
    out = subprocess.run([sys.executable, "-m", "ohseven_tui", "tutorial", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0 and "usage: ohseven tutorial" in out.stdout and "--game" in out.stdout
    assert "tutorial" in subprocess.run([sys.executable, "-m", "ohseven_tui", "--help"], capture_output=True,
                                        text=True, timeout=60).stdout
    assert main(["tutorial", "--game", "classic"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "classic has no tutorial" in err


async def _menu_text(tmp_path) -> str:
    app = OhSevenApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        # The menu's second look (after its first paint) lists the Tutorial; the offer
        # line is decided by the message queued right after it: one pause (idle) runs it.
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and "Tutorial" in text(app),
                    "the menu's Tutorial entry")
        await pilot.pause()
        shown = text(app)
        await pilot.press("q")
    return shown


async def test_the_menu_offers_the_tutorial_on_the_first_run_only(tmp_path):
    first = await _menu_text(tmp_path)
    assert "New to Oh-Seven? Tutorial (t)" in first and "Tutorial" in first
    again = await _menu_text(tmp_path)
    assert "New to Oh-Seven?" not in again
    assert "Tutorial" in again  # still on the menu for good


@pytest.mark.parametrize("how", ["t", "n"], ids=["the tutorial", "a new game"])
async def test_the_offer_goes_once_a_game_or_the_tutorial_was_started(tmp_path, how):
    # Back on the menu of that first run, "New to …? Tutorial (t)" said it again after
    # the learner had taken it (or had played a game instead).
    from ohseven_tui.ui.screens.table import TableScreen

    app = OhSevenApp(save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and "New to" in text(app),
                    "the first run's offer")
        if how == "t":
            await _tutorial_of_the_first_game(pilot)
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "the tutorial")
        else:
            await pilot.press("n")  # a new game's setup: the offer was heard too
            await until(pilot, lambda: not isinstance(app.screen, MenuScreen), "the setup")
        app.post_message(BackToMenu())
        await until(pilot, lambda: isinstance(app.screen, MenuScreen), "back on the menu")
        await delivered(pilot, "the menu's return")
        assert "New to" not in text(app), text(app)
        assert "Tutorial" in text(app)


async def _tutorial_of_the_first_game(pilot) -> None:
    """t on the menu; where several games have a tutorial it asks which: the first (Oh-Seven)."""
    from test_ui_driver import until

    from ohseven_tui.ui.screens.lesson import TutorialChoiceScreen

    await pilot.press("t")
    await until(pilot, lambda: not isinstance(pilot.app.screen, MenuScreen), "the tutorial or the choice of one")
    if isinstance(pilot.app.screen, TutorialChoiceScreen):
        await pilot.press("enter")


async def test_the_menu_opens_the_tutorial(tmp_path):
    app = OhSevenApp(save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_input(pilot)
        await _tutorial_of_the_first_game(pilot)
        screen = await wait_for_input(pilot, also=(LessonScreen,))
        assert isinstance(screen, LessonScreen) and screen.title_text == "Welcome"
        assert table(app).table.game.seats[0].name == "Ann"


def test_every_tutorial_plays_its_round_with_scripted_bots_and_words_each_step():
    """For any game that declares a tutorial: its game is ordinary (options checked,
    a record that replays), its bots' scripts are actions of the game, and with the
    learner taking the first legal action each step's words can be told."""
    from ohseven_tui.bots.scripted import ScriptedBot
    from ohseven_tui.ui.tutorial import Coach, guided_games

    assert guided_games()
    for spec in guided_games():
        coach = Coach(spec)
        game = coach.new_game()
        learner = coach.script.learner
        assert game.seats[learner].player == "human"
        for seat, actions in coach.script.scripts.items():
            assert seat != learner and all(spec.parse_action(spec.action_text(a)) == a for a in actions)
        bots = coach.bots()
        assert all(isinstance(b, ScriptedBot) for b in bots.values())
        told = {}
        for _ in range(500):
            obs = game.observe(learner)
            step = coach.due(obs)
            if step is not None:
                coach.shown.append(step.key)
                told[step.key] = step.text(obs)
                if step.last:
                    break
                continue
            seats = game.to_act()
            if not seats:
                game.apply(game.legal_actions()[0])
                continue
            seat = seats[0]
            game.apply(bots[seat].choose(game.observe(seat)) if seat in bots else game.legal_actions(seat)[0])
        assert list(told) == [s.key for s in coach.script.steps if s.key in told] and all(told.values())
        assert coach.script.steps[-1].key in told  # the round was played to its end
        assert loads(dumps(game)).totals == game.totals


def test_scripted_bot_plays_its_first_legal_action_else_the_first_legal():
    from types import SimpleNamespace

    from ohseven_tui.bots.scripted import ScriptedBot

    bot = ScriptedBot(["b", "c"])
    assert bot.choose(SimpleNamespace(legal_actions=["a", "c", "b"])) == "b"
    assert bot.choose(SimpleNamespace(legal_actions=["a", "c"])) == "c"
    assert bot.choose(SimpleNamespace(legal_actions=["x", "y"])) == "x"


async def test_the_bid_note_and_the_hint_on_the_same_deal_suggest_the_same_bid(tmp_path):
    """The note asks for a bid (the lesson's rebid needs it, R11); ``h`` at that
    bid must suggest the same, and mark a card the note names."""
    import re

    app = OhSevenApp(tutorial="oh-seven", bot_delay=0, save_dir=tmp_path)
    note = None
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            screen = await wait_for_input(pilot, also=(LessonScreen,))
            if isinstance(screen, LessonScreen):
                if screen.title_text.startswith("Your bid card"):
                    note = screen.body
                await pilot.press("enter")
            elif isinstance(screen, BidScreen):
                break
        assert isinstance(screen, BidScreen) and note is not None
        asked = re.search(r"bid (\d)", note)
        assert asked, note
        await pilot.press("h")
        await pilot.pause()
        said = str(screen.query_one("#message").render())
        marked = screen.query_one(HandView).hinted
        assert len(marked) == 1, (said, note)
        hinted = next(iter(marked))
        assert hinted.rank == int(asked.group(1)), (said, note)
        assert hinted.pretty() in note and hinted.pretty() in said, (said, note)


async def test_leaving_the_tutorial_gives_back_the_bot_speed_the_player_had(tmp_path):
    """The tutorial slows the bots so a learner can follow them; that pace is the
    tutorial's own. Back at the menu, a new game plays at the speed chosen before."""
    from ohseven_tui.ui.screens.confirm import ConfirmScreen
    from ohseven_tui.ui.screens.setup import SetupScreen

    app = OhSevenApp(save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_input(pilot)
        app.bot_delay = 0.2  # the player's pace, as the settings or the speed keys set it
        await _tutorial_of_the_first_game(pilot)
        await wait_for_input(pilot, also=(LessonScreen,))
        assert app.bot_delay == 0.8  # the tutorial's pace, slower than the player's
        await pilot.press("escape")  # leave the tutorial?
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        await wait_for_input(pilot, also=(ConfirmScreen,))
        await pilot.press("y")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        await wait_for_input(pilot, also=(MenuScreen,))
        assert isinstance(app.screen, MenuScreen)
        assert app.bot_delay == 0.2
        await pilot.press("n")
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot, also=(SetupScreen,))
        assert isinstance(screen, SetupScreen) and app.bot_delay == 0.2


async def test_at_no_bot_pace_every_step_still_shows(tmp_path):
    """``--bot-delay 0``: the bots move without a pause, and every step still shows
    (the scoring step, due once the sixth trick is taken, between two bots' moves)."""
    app = OhSevenApp(tutorial="oh-seven", bot_delay=0, save_dir=tmp_path)
    bids, plays = list(ANN_BIDS), list(ANN_PLAYS)
    titles = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            screen = await wait_for_input(pilot, also=(LessonScreen,))
            if isinstance(screen, MenuScreen):
                break
            if isinstance(screen, LessonScreen):
                titles.append(screen.title_text.split(" (")[0])
                await pilot.press("enter")
            elif isinstance(screen, BidScreen):
                await _pick(pilot, screen, bids.pop(0))
            elif isinstance(screen, TableScreen):
                await _pick(pilot, screen, plays.pop(0))
            else:
                await pilot.press("enter")
        else:
            raise AssertionError("the tutorial never ended")
    assert titles == ["Welcome", "Your bid card", "Bids adding up to 7: a rebid", "Trump from the top bid",
                      "Following suit", "Who takes the trick", "Scoring", "The round is over"]
