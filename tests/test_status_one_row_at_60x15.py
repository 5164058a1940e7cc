"""The table's status line at 60x15 with a long hot-seat name (24 characters): one
row, and what only it says still there (read from the screen as drawn, each field
worked out from the game's observation).

Seven for Seven's and Watten's status lines had no stretch they could leave out
(only the Oh Hell family's did), so a long name made the status two rows and pushed
a seat's row out of sight. What goes first is what another part of the screen says:
the trick's number (the hand's cards count it), the turn (the hand's line names the
player: "<name>, your turn", and ▶ marks the seat), the game's target; what stays
is the hand (V4, hand N/7), the contract and its trick points so far (V6, V20, V21),
Watten's striker rank, trump, stake and the sides' tricks (W4, W9, W10).
Oh-Seven's turn went on the line whole too (a 24-character name is a network
table's, and a name typed at setup is 14): the round, trick and trump stay (R4, R9).
"""

from __future__ import annotations

import random

import pytest
from test_small_screen_walkthrough import seat_rows, turn_shown
from test_ui_driver import text
from test_whole_at_60x15 import SMALL
from test_whole_at_80x24 import joined

from ohseven_tui.engine import registry
from ohseven_tui.engine.cards import rank_label
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.widgets.hand import HandView
from ohseven_tui.ui.widgets.status import StatusLine

LONG = "Maximiliana Wolkensteinn"  # 24 characters
OTHERS = ("Beatrice", "Cid", "Dorothy", "Eli", "Fay", "Gus")


def captain_first(seat, actions):
    """Seat 0 bids the most points it may, the others pass: the long name is captain (V13)."""
    bids = [a for a in actions if type(a).__name__ == "BasicBid"]
    if seat == 0 and bids:
        return max(bids, key=lambda a: a.points)
    return next((a for a in actions if type(a).__name__ == "AuctionPass"), None) if seat != 0 else None


def hot_seat_at_play(name: str, players: int, prefer=None):
    """Two people (the long name in seat 0) and bots; seat 0 to play a card after a
    card is led, reached by seeded random legal actions (``prefer`` may pick one)."""
    assert len(LONG) == 24
    for seed in range(1, 60):
        seats = [Seat(LONG, "human"), Seat(OTHERS[0], "human")] + [Seat(n, "easy") for n in OTHERS[1:players - 1]]
        game = registry.new_game(name, {"players": players}, seed=seed, seats=seats)
        rng = random.Random(seed)
        while not game.is_over and not game.observe(0).results:
            to_act = game.to_act()
            if game.phase.name == "PLAY" and tuple(to_act) == (0,) and game.observe(0).trick:
                return game
            seat = to_act[0] if to_act else None
            actions = game.legal_actions(seat)
            chosen = prefer(seat, actions) if prefer is not None and seat is not None else None
            game.apply(chosen if chosen is not None else actions[rng.randrange(len(actions))])
    raise AssertionError(f"no turn to play for seat 0 in {name}")


def must_say(obs) -> list[str]:
    """What the status line alone says at 60x15, from the observation."""
    if obs.spec.name == "oh-seven":
        return [f"Round {obs.round_number}/{obs.view.rounds}", f"trick {len(obs.tricks) + 1}/{obs.hand_size}",
                f"trump {obs.trump.symbol}"]
    if obs.spec.name == "watten":
        us, them = obs.side_tricks
        return [f"Hand {obs.round_number}", f"striker {rank_label(obs.striker)}", f"trump {obs.trump.symbol}",
                f"stake {obs.stake}", f"tricks {us}–{them}"]
    c = obs.contract
    trio, quartet = obs.side_points
    return [f"Hand {obs.round_number}/7", f"{c.points}{c.suit.symbol}{rank_label(c.rank)}",
            f"trio {trio}/{c.points}", f"quartet {quartet}"]


@pytest.mark.parametrize("name,players,prefer", [("seven-for-seven", 7, None), ("seven-for-seven", 7, captain_first),
                                                 ("watten", 4, None), ("oh-seven", 4, None)],
                         ids=["seven-for-seven", "seven-for-seven-captain", "watten", "oh-seven"])
async def test_a_long_hot_seat_name_keeps_the_status_to_one_row_at_60x15(name, players, prefer, tmp_path):
    game = hot_seat_at_play(name, players, prefer)
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await turn_shown(pilot, app)
        hand = screen.query_one(HandView)
        status = screen.query_one(StatusLine)
        assert status.region.height == 1, f"the status line takes {status.region.height} rows:\n{text(app)}"
        row = text(app).splitlines()[status.region.y]
        for words in must_say(obs):
            assert words in row, f"{words!r} is not on the status line {row!r}:\n{text(app)}"
        said = joined(str(hand.query_one("#hand-title").render()))
        assert f"{LONG}, your turn" in said, f"the turn is not said: {said!r}\n{text(app)}"
        rows = seat_rows(app, screen)  # the list cuts a long name with "…" (to 14 in Oh Hell's)
        for info in obs.seats:
            assert any(info.name[:12] in row for row in rows), f"{info.name}'s row is not on screen:\n{text(app)}"
