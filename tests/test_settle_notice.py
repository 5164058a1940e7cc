"""A screen a move opened (the bids revealed, R9-R13; a round's scores, V22) takes a
key only after a quiet moment, and a refused key starts the wait again, so that a
double tap cannot close it unread (``privacy.KeyGate.hold``). Nothing told the
player why their key did nothing: once a key is refused, the footer's Enter key
says "a moment…", and once a key is taken again it says what Enter does as before.
Pilot on the real app; the refused key is sent with a time inside the wait, so no
check depends on how fast the machine is."""

from __future__ import annotations

import copy
import random

import pytest
from test_small_screen_walkthrough import at_play, bid_then_reveal
from test_ui_driver import text, until, wait_for_input
from textual import events
from textual._time import get_time

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens import autoclose
from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.widgets.hand import HandView
from ohseven_tui.ui.widgets.keys import KeysFooter

HELD = "a moment…"


def send_inside_the_wait(app, key: str) -> None:
    """A key the terminal sent while the screen still waits for quiet (a double tap)."""
    gate = app.key_gate
    assert gate.opens_at is not None, "the screen does not wait for quiet"
    event = events.Key(key, "\r" if key == "enter" else key)
    event.time = min(gate.opens_at - 0.01, get_time())
    app.post_message(event)


def footer(app) -> str:
    region = app.screen.query_one(KeysFooter).region
    return text(app).splitlines()[region.y][region.x:region.right]


async def at_the_reveal(pilot, app) -> RevealScreen:
    screen = await bid_then_reveal(pilot, app)
    await until(pilot, lambda: "⏎" in footer(app), "the reveal's footer", fail_safe=60)
    return screen


def oh_seven():
    return registry.new_game("oh-seven", {"players": 3}, seed=4,
                             seats=[Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy")])


async def at_the_summary(pilot, app) -> RoundSummaryScreen:
    """The last card played (Enter on the first legal card, whoever's turn it is at
    the keyboard), then the round's summary."""
    while True:
        screen = await wait_for_input(pilot)
        if isinstance(screen, RoundSummaryScreen):
            break
        await until(pilot, lambda: app.key_gate.ready(get_time()), "the table takes a key")
        hand = screen.query_one(HandView)
        await until(pilot, lambda: hand.cards, "the hand face up")  # noqa: B023 (awaited here)
        await pilot.press("enter")
        table = screen
        await until(pilot, lambda: app.screen is not table or table.acting is None, "the card played")  # noqa: B023
    await until(pilot, lambda: "⏎" in footer(app), "the summary's footer", fail_safe=60)
    return screen


def seven_for_seven_at_its_last_card():
    game = at_play("seven-for-seven", 7, 1)
    rng = random.Random(1)
    while True:
        to_act = game.to_act()
        actions = game.legal_actions(to_act[0] if to_act else None)
        after = copy.deepcopy(game)
        after.apply(actions[0])
        if after.observe(0).results:
            return game
        game.apply(actions[rng.randrange(len(actions))])


CASES = [(oh_seven, at_the_reveal), (seven_for_seven_at_its_last_card, at_the_summary)]


@pytest.mark.parametrize("make,reach", CASES, ids=["reveal", "round-summary"])
async def test_a_refused_key_is_answered_with_a_moment_in_the_footer(make, reach, monkeypatch, tmp_path):
    monkeypatch.setattr(autoclose, "SETTLE", 3600.0)  # the wait outlasts the test: nothing races it
    app = OhSevenApp(game=make(), bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(60, 15)) as pilot:
        screen = await reach(pilot, app)
        assert HELD not in footer(app), text(app)
        send_inside_the_wait(app, "enter")
        await until(pilot, lambda: HELD in footer(app), "the footer says a moment", fail_safe=60)
        assert app.screen is screen, "the refused key closed the screen"


@pytest.mark.parametrize("make,reach", CASES, ids=["reveal", "round-summary"])
async def test_once_a_key_is_taken_again_the_footer_says_what_enter_does(make, reach, monkeypatch, tmp_path):
    monkeypatch.setattr(autoclose, "SETTLE", 0.3)
    app = OhSevenApp(game=make(), bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(60, 15)) as pilot:
        screen = await reach(pilot, app)
        said = footer(app)
        for _ in range(2):  # a refused key, and another one restarting the wait
            send_inside_the_wait(app, "enter")
            await pilot.pause()
        await until(pilot, lambda: app.key_gate.ready(get_time()), "the wait is over")
        await until(pilot, lambda: HELD not in footer(app), "the footer no longer says a moment")
        assert app.key_gate.ready(get_time()), "the footer stopped saying a moment before a key is taken"
        # Its words (a loaded machine drew the first footer with its keys a cell apart)
        assert footer(app).split() == said.split(), f"the footer changed: {footer(app)!r} (was {said!r})"
        assert app.screen is screen
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not screen, "Enter goes on")


async def test_a_tutorial_note_takes_a_key_only_after_a_quiet_moment(monkeypatch, tmp_path):
    """Found in a walkthrough: a Space meant for "Space goes on" (a won trick) closed
    the note that opened under it, unread (Watten's "Your raise (W10)" showed for a
    sixth of a second). A note is a screen the table opened: it waits for quiet too,
    and says "a moment…" when a key came too soon."""
    from test_ui_driver import delivered

    from ohseven_tui.ui.screens.lesson import LessonScreen
    from ohseven_tui.ui.tutorial import guided_games

    monkeypatch.setattr(autoclose, "SETTLE", 0.3)
    app = OhSevenApp(tutorial=guided_games()[0].name, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        note = await wait_for_input(pilot, also=(LessonScreen,))
        assert isinstance(note, LessonScreen)
        await until(pilot, lambda: "⏎" in footer(app), "the note's footer")
        for key in ("space", "enter"):
            send_inside_the_wait(app, key)
            await delivered(pilot, key)
            assert app.screen is note, f"{key} closed the note unread"
        await until(pilot, lambda: HELD in footer(app), "the footer says why the key did nothing")
        await until(pilot, lambda: app.key_gate.ready(get_time()), "a quiet moment")
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not note, "Enter after the quiet closes it")
