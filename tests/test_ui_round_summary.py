"""The round summary and the last trick between rounds (issue 12, §1-2), driven
through the real app. Round 1 is scripted to its last card (a stacked deal, every
bid and play written out), so the outcome below is worked out by hand from the
rules, not read from the code under test."""

from __future__ import annotations

import re

import pytest
from helpers import act, hands
from test_ui_driver import text, wait_for_input

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.last_trick import LastTrickScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.screens.table import TableScreen

# Ann holds spades, Bea hearts, Cid diamonds (one deck, R3).
DEAL = hands("7S 6S 5S 4S 0H 1H 2H", "7H 6H 5H 4H 3H 0C 1C", "7D 6D 5D 4D 3D 2D 0D")
# Bids 7 + 0 + 0 = 7: a rebid, and Ann's 7S is the top bid: +1 point to Ann (R11).
# Then 4S, 1C, 3D (sum 8) stand: trump spades, Ann leads (R9).
BIDS = ("deal", "0 bid 7S", "1 bid 0C", "2 bid 0D", "0 bid 4S", "1 bid 1C", "2 bid 3D")
# Ann's four spades take tricks 1-4 (R15: nobody else holds trump); then her low
# hearts lose to Bea's 5H, 6H, 7H (tricks 5-7). Taken: Ann 4, Bea 3, Cid 0.
PLAYS = ("0 play 7S", "1 play 0C", "2 play 0D", "0 play 6S", "1 play 1C", "2 play 2D",
         "0 play 5S", "1 play 3H", "2 play 3D", "0 play 4S", "1 play 4H", "2 play 4D",
         "0 play 0H", "1 play 5H", "2 play 5D", "1 play 6H", "2 play 6D", "0 play 1H",
         "1 play 7H", "2 play 7D")  # trick 7 waits for Ann's last card, 2H


@pytest.fixture(autouse=True)
def _saves_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path))


def last_card_to_play(seats=(("Ann", "human"), ("Bea", "easy"), ("Cid", "easy"))) -> Game:
    game = Game(make_rules("oh-seven", 3), seed=1, seats=[Seat(n, p) for n, p in seats], stacked_deals=[DEAL])
    act(game, *BIDS, *PLAYS)
    return game


def row(shown: str, *words: str) -> bool:
    """Some line of the screen holds every one of ``words``, in this order."""
    pattern = r".*".join(re.escape(w) for w in words)
    return any(re.search(pattern, ln) for ln in shown.splitlines())


def assert_round_1_last_trick(shown: str) -> None:
    # Trick 7: Bea led 7H, Cid 7D, Ann 2H; Bea's heart is highest, no trump: Bea's (R15).
    assert "Trick 7 of round 1" in shown
    assert row(shown, "Bea", "7♥", "led", "won the trick")
    assert row(shown, "Cid", "7♦") and row(shown, "Ann", "2♥")


async def test_l_at_the_start_of_round_2_shows_round_1s_last_trick():
    app = OhSevenApp(game=last_card_to_play(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, TableScreen) and screen.acting == 0
        await pilot.press("enter")  # Ann's 2H ends round 1
        for _ in range(5):  # on through the round's screens to round 2's bid
            screen = await wait_for_input(pilot)
            if isinstance(screen, BidScreen):
                break
            await pilot.press("enter")
        assert isinstance(screen, BidScreen) and screen.obs.round_number == 2
        await pilot.press("l")
        assert isinstance(await wait_for_input(pilot, also=(LastTrickScreen,)), LastTrickScreen)
        assert_round_1_last_trick(text(app))
        await pilot.press("escape")
        assert isinstance(await wait_for_input(pilot), BidScreen)
