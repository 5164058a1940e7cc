"""Hot-seat: a scoresheet someone opened while the bots played is under the next
player's hand-off. After Ann confirms, that scoresheet (no hand on it) shows again,
and Esc brings her own hand: all inside her window (her confirmation to the end of
her action), so no frame may show another's cards and hers show only then.

The random key streams (tests/test_handoff_streams.py) met this order on a loaded
machine, and the frame watcher counted Ann's hand as a breach: it ended her window
at any shared screen in view, the one she came back to included. The app ends a
window when a shared screen opens (TableFlow's lookout); the watcher now does the
same: a screen already open when the window opened does not end it."""

from __future__ import annotations

import random

from test_ui_driver import delivered, drawn, until
from test_ui_privacy import FrameWatch

from ohseven_tui.games.ohhell import Game, Play, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView


def cid_to_play_before_ann() -> Game:
    """Ann and Bea (people), Cid (a bot): played on by the engine until Cid is to play
    a card and Ann is next."""
    game = Game(make_rules("oh-seven", 3), seed=4,
                seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")])
    rng = random.Random(4)
    while not (game.to_act() == (2,) and any(isinstance(a, Play) for a in game.legal_actions(2))
               and len(game.observation(0).trick) < 2):
        acting = game.to_act()
        game.apply(rng.choice(game.legal_actions(acting[0]) if acting else game.legal_actions()))
    return game


async def test_ann_confirms_over_a_scoresheet_and_her_hand_shows_only_in_her_window(tmp_path):
    game = cid_to_play_before_ann()
    app = OhSevenApp(game=game, bot_delay=30, save_dir=tmp_path)  # Cid thinks long: time to open a scoresheet
    async with app.run_test(size=(100, 30)) as pilot:
        watch = FrameWatch(app, game)
        await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted, "the table")
        table = app.screen
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, ScoresheetScreen), "the scoresheet over the table")
        table.set_delay(0)  # Cid plays now: Ann's turn, her hand-off over the scoresheet
        await until(pilot, lambda: isinstance(app.screen, HandoffScreen), "Ann's hand-off")
        handoff = app.screen
        assert handoff.player == "Ann" and isinstance(app.screen_stack[-2], ScoresheetScreen)
        await drawn(pilot, "the hand-off drawn")
        watch.open(0)
        await pilot.press(handoff.key)
        await until(pilot, lambda: isinstance(app.screen, ScoresheetScreen), "back on the scoresheet")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table and table.acting == 0, "Ann's turn at the table")
        await delivered(pilot, "the keys")
        await drawn(pilot, "her hand drawn")
        assert table.query_one(HandView).face_up
    assert watch.face_up_frames and not watch.breaches, watch.breaches[:3]
