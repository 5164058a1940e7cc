"""Issue 33 §2 in the real app: random streams of keys (bursts sent at once, keys a
moment apart, a key held down) at a hot-seat table, and every frame drawn checked:
no face-up card belongs to anyone but the human whose hand-off was confirmed last,
in that human's own window. Only the hand-off's own letter can open a window; the
stream presses it now and then, as the next player would (and a random letter that
happens to be it counts as the same)."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_handoff_keys import send
from test_ui_driver import delivered, refreshed
from test_ui_privacy import FrameWatch, seat_named

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.handoff import HandoffScreen

# Every key a player might press at the table, a private screen or a shared one;
# "LETTER" is the open hand-off's own letter (nothing when none is open).
KEYS = ["enter", "enter", "space", "1", "2", "3", "4", "left", "right", "h", "o", "t", "l", "escape", "n", "b",
        "LETTER", "LETTER"]
STEP = st.tuples(st.sampled_from(KEYS), st.sampled_from(["burst", "pause", "held"]))


async def run_stream(steps, passing: bool) -> FrameWatch:
    game = Game(make_rules("oh-seven", 3, passing=passing), seed=len(steps),
                seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")])
    # A save folder of its own: an example never meets another's unfinished game.
    app = OhSevenApp(game=game, bot_delay=0, save_dir=Path(tempfile.mkdtemp(prefix="ohseven-streams-")))
    async with app.run_test(size=(100, 30)) as pilot:
        watch = FrameWatch(app, game)
        await pilot.pause()
        for key, how in steps:
            screen = app.screen
            if key == "LETTER":
                if not isinstance(screen, HandoffScreen):
                    continue
                key = screen.key
            if isinstance(screen, HandoffScreen) and key == screen.key:  # a letter that is the hand-off's own
                watch.open(seat_named(game, screen.player))  # the named player takes the screen
            repeat = 12 if how == "held" else 1
            for _ in range(repeat):  # a held key: its auto-repeat, every one sent at once
                send(app, key)
            if how != "burst":
                await pilot.pause()
            if game.is_over:
                break
        # The stream's last keys handled and their frames drawn (and watched), not a few pauses' worth.
        await delivered(pilot, "the stream's last keys")
        await refreshed(pilot, [app.screen], "the last frame")
    return watch


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(STEP, min_size=20, max_size=80), passing=st.booleans())
def test_no_frame_shows_a_hand_outside_its_owners_window_whatever_is_typed(steps, passing):
    watch = asyncio.run(run_stream(steps, passing))
    assert not watch.breaches, watch.breaches[:3]
