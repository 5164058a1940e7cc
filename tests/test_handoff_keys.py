"""Issue 19 §1: in hot-seat, a key typed ahead never shows the next player's hand
and never acts for them.

The hand-off takes only a key sent after a quiet moment on screen (SETTLE), and
the screen after it refuses keys typed ahead (AFTER). Pilot waits for each screen
before its next key, so here each key carries the moment the terminal sent it
(``Key.time``), set by the test: a key sent before the hand-off opened, during
it, or in a held key's repeat. tests/test_handoff_keys_terminal.py types the same
into a real terminal.
"""

from __future__ import annotations

import pytest
from test_ui_driver import wait_for_input
from textual import events
from textual._time import get_time

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.privacy import KeyGate
from ohseven_tui.ui.screens import handoff
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.widgets.hand import HandView


# -- the gate on its own ----------------------------------------------------------
def test_an_open_gate_takes_every_key():
    gate = KeyGate()
    assert gate.admits(0.0) and gate.admits(5.0)


def test_a_held_gate_refuses_keys_until_a_quiet_moment():
    gate = KeyGate()
    gate.hold(10.0, 0.5)
    assert not gate.admits(9.9)  # sent before the hold: typed ahead
    assert not gate.admits(10.2)  # too soon: and the wait starts again from here
    assert not gate.admits(10.6)  # 0.4 s after the last refused key
    assert gate.admits(11.2)  # 0.6 s of quiet
    assert gate.admits(11.21)  # open now: the next key is taken too


def test_a_held_key_never_gets_through():
    gate = KeyGate()
    gate.hold(0.0, 0.5)
    # Auto-repeat: a key every 30 ms for 3 seconds.
    assert not any(gate.admits(i * 0.03) for i in range(100))
    assert not gate.ready(3.0)
    assert gate.ready(2.97 + 0.5)


def test_a_second_hold_never_shortens_the_first():
    gate = KeyGate()
    gate.hold(0.0, 0.5)
    gate.hold(0.1, 0.0)
    assert not gate.admits(0.4)


# -- the app: keys with the times a terminal gave them ------------------------------------
def hot_seat() -> Game:
    return Game(make_rules("oh-seven", 3), seed=5,
                seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")])


@pytest.fixture
def real_waits(monkeypatch):
    monkeypatch.setattr(handoff, "SETTLE", 0.5)
    monkeypatch.setattr(handoff, "AFTER", 0.3)


def send(app, key: str, at: float | None = None) -> None:
    """A key the terminal sent at ``at`` (app time; never later than now)."""
    event = events.Key(key, "\r" if key == "enter" else key)
    event.time = get_time() if at is None else min(at, get_time())
    app.post_message(event)


async def until(pilot, moment: float) -> None:
    """Wait until the app's clock reaches ``moment`` (a key can't be sent from the future)."""
    while get_time() < moment:
        await pilot.pause(0.01)


def acted(game: Game) -> list[int]:
    """The seats that have acted (the bids so far)."""
    return sorted(a.seat for a in game.history if a.seat is not None)


async def confirm(pilot, name: str) -> None:
    """``name`` presses Enter once the hand-off says so."""
    app = pilot.app
    screen = await wait_for_input(pilot)
    assert isinstance(screen, HandoffScreen) and screen.player == name
    await until(pilot, app.key_gate.opens_at or 0.0)
    send(app, "enter")
    await pilot.pause()


async def at_anns_bid(pilot) -> None:
    """Ann's hand-off confirmed, her bid screen up, and a moment since: her key is taken."""
    await confirm(pilot, "Ann")
    screen = await wait_for_input(pilot)
    assert isinstance(screen, BidScreen) and screen.obs.seat == 0
    await until(pilot, pilot.app.key_gate.opens_at or 0.0)


async def test_a_double_enter_at_a_bid_stops_at_the_next_hand_off(real_waits):
    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_anns_bid(pilot)
        # Ann's Enter, and a second one right behind it (a double tap).
        send(app, "enter")
        send(app, "enter")
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Bea"
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bea"
        assert acted(game) == [0, 2]  # Ann and the bot: nothing for Bea


async def test_a_held_enter_at_a_bid_stops_at_the_next_hand_off(real_waits):
    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_anns_bid(pilot)
        pressed = get_time()
        send(app, "enter", pressed)
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Bea"
        for i in range(1, 61):  # auto-repeat, 30 ms apart, for nearly two seconds
            await until(pilot, pressed + i * 0.03)
            send(app, "enter", pressed + i * 0.03)
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Bea"
        assert acted(game) == [0, 2]


async def test_an_enter_typed_ahead_on_the_hand_off_plays_nothing_for_the_next_player(real_waits):
    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_anns_bid(pilot)
        send(app, "enter")
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Bea"
        # Bea's Enter, and one more at once: the second must not bid for her.
        await until(pilot, app.key_gate.opens_at or 0.0)
        send(app, "enter")
        send(app, "enter")
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen) and screen.obs.seat == 1
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, BidScreen) and app.screen.query_one(HandView).face_up
        assert acted(game) == [0, 2]
        # After a quiet moment Bea's own Enter bids.
        await until(pilot, app.key_gate.opens_at or 0.0)
        send(app, "enter")
        await wait_for_input(pilot)
        assert acted(game) == [0, 1, 2]
async def test_the_hand_off_says_when_it_takes_a_key(real_waits):
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)
        # One synchronous look (the screen cannot change in it): was the gate still
        # closed, and what does the screen say? A slow machine may be past the wait.
        waiting = not app.key_gate.ready(get_time())
        text = "\n".join(str(w.render()) for w in screen.query("Static"))
        assert "ignored" in text  # the rule is on the screen
        if waiting:
            assert "a moment" in text
        # Wait for the screen (not the clock): it says "press Enter" once a key is taken.
        for _ in range(2000):
            if "press Enter" in str(screen.query_one("#handoff-title").render()):
                break
            await pilot.pause(0.01)
        assert app.key_gate.ready(app.key_gate.opens_at or 0.0)
        assert "press Enter" in str(screen.query_one("#handoff-title").render())


async def test_a_double_enter_at_the_last_bid_leaves_the_reveal_open(real_waits):
    """The reveal opens by itself when the last bid is in: an Enter typed with that
    bid (a double tap) must not close it before anyone has read the bids."""
    from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen

    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_anns_bid(pilot)
        send(app, "enter")
        await confirm(pilot, "Bea")
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen) and screen.obs.seat == 1
        await until(pilot, app.key_gate.opens_at or 0.0)
        send(app, "enter")  # Bea's bid, the last: the reveal opens
        send(app, "enter")  # and a second Enter right behind it
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, RevealScreen):
                break
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        assert acted(game) == [0, 1, 2]


async def test_the_hand_off_title_cannot_stick_on_a_moment(real_waits, monkeypatch):
    """Found in a loaded suite run: the title read "a moment…" 20 s after the gate
    opened. The clock moved past the gate between writing the title and deciding
    whether to look again, so nobody looked again. Here the clock is moved exactly
    there; the title must still come to say "press Enter"."""
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)

        async def says_press_enter() -> bool:
            for _ in range(300):  # waits for the screen, not the clock
                if "press Enter" in str(screen.query_one("#handoff-title").render()):
                    return True
                await pilot.pause(0.01)
            return False

        assert await says_press_enter()  # the opening look is over: no look is pending now
        gate = app.key_gate
        gate.hold(get_time(), 0.5)
        opens = gate.opens_at
        reads = iter([opens - 0.001] + [opens + 0.001] * 50)  # closed when read first, open from then on
        monkeypatch.setattr(handoff, "get_time", lambda: next(reads, opens + 0.001))
        screen._watch_gate()
        monkeypatch.setattr(handoff, "get_time", get_time)
        assert await says_press_enter()
