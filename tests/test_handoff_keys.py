"""Hot-seat: a key typed ahead never shows the next player's hand and never acts
for them (issue 19 §1, issue 33 §2).

The hand-off opens only to its own letter, chosen at random as it opens (or a
click on its button); no key acts until its frame is drawn, nor any key sent
before; the hand it reveals takes no key sent before the hand was drawn. No
timer decides any of it. Pilot waits for each screen before its next key, so
here each key carries the moment the terminal sent it (``Key.time``), set by the
test. tests/test_handoff_keys_terminal.py types the same into a real terminal.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_ui_driver import delivered, key_path, text, until, wait_for_input
from textual import events
from textual._time import get_time

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.privacy import HandoffKeys, KeyGate, frame_out
from ohseven_tui.ui.screens import autoclose
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
from ohseven_tui.ui.widgets.hand import HandView

# Every key that does something at the table or on a bid, pass or pick screen.
TABLE_KEYS = ["enter", "space", "1", "2", "7", "left", "right", "h", "o", "u", "l", "c", "t", "s", "p", "r", "f",
              "a", "n", "y", "q", "escape"]


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


def test_a_held_key_never_gets_through_a_hold():
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


def test_a_pending_gate_refuses_every_key_until_its_screen_is_drawn():
    gate, screen = KeyGate(), object()
    gate.pend(screen)
    assert not gate.admits(1.0) and not gate.admits(100.0)  # however long the screen takes
    gate.drawn(object(), 50.0)  # another screen's frame opens nothing
    assert not gate.admits(100.0)
    gate.drawn(screen, 50.0)
    assert not gate.admits(49.99)  # sent before the frame: typed ahead of it
    assert gate.admits(50.0) and gate.admits(50.01)


def test_a_key_sent_after_the_frame_went_out_counts_however_late_the_app_hears_of_it():
    """The frame went to the terminal at 10.0; the app reports it drawn only at 12.0
    (a busy machine). A key sent at 10.5 was sent with the screen in view: it counts.
    Before the frame went out, nothing does (CI: a hand-off's own letter, pressed
    0.4 s after it showed, was refused and the hand-off never opened)."""
    gate, screen = KeyGate(), object()
    gate.pend(screen)
    gate.shown(screen, 10.0)
    assert not gate.admits(10.5)  # still waiting: the app holds such a key, then asks again
    gate.drawn(screen, 12.0)
    assert gate.admits(10.5) and not gate.admits(9.99)


def test_the_first_frame_of_the_waiting_screen_is_the_one_that_counts():
    gate, screen, under = KeyGate(), object(), object()
    assert not gate.shown(screen, 1.0)  # a frame before the screen opened shows nothing of it
    gate.pend(screen)
    gate.drawn(screen, 5.0)
    assert not gate.admits(4.0) and gate.admits(5.0)
    gate.pend(screen)
    assert not gate.shown(under, 6.0)  # the screen under it, still drawn: shows nothing of it
    assert gate.shown(screen, 7.0)  # its first frame: the hand is in view from here
    assert not gate.shown(screen, 8.0)  # its footer, a moment later
    gate.drawn(screen, 9.0)
    assert not gate.admits(6.5) and gate.admits(7.0) and gate.admits(7.5)


def test_the_terminal_input_is_dropped_at_the_waiting_screens_first_frame_only(monkeypatch):
    """Unread input at that frame was typed before it; input read after it, while
    later frames go out, was typed with the screen in view and must not be dropped."""
    from ohseven_tui.ui import privacy

    dropped: list[float] = []
    monkeypatch.setattr(privacy, "flush_typed_ahead", lambda: dropped.append(now))
    gate, screen, under = KeyGate(), object(), object()
    gate.pend(screen)
    for now, drawn_now in ((1.0, under), (2.0, screen), (3.0, screen), (4.0, under)):
        privacy.frame_sent(gate, now, drawn_now)
    assert dropped == [2.0]


def test_an_abandoned_screen_holds_the_keys_no_more():
    gate, screen = KeyGate(), object()
    gate.pend(screen)
    gate.abandon(object())
    assert not gate.admits(1.0)
    gate.abandon(screen)
    assert gate.admits(1.0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["key", "pend", "shown", "shown under", "drawn"]), st.floats(0, 0.5)),
                max_size=60))
def test_no_key_sent_before_a_pending_screen_was_drawn_is_ever_taken(steps):
    """Any stream of keys, screens opening, frames sent to the terminal (of the
    waiting screen, or of the one under it) and drawn reports, at any spacing: a
    key is taken exactly when no screen waits to be drawn and it was sent after the
    waiting screen's first frame (or the report itself, if none went out)."""
    gate = KeyGate()
    under = object()  # the screen drawn while another one opens over it
    now, owner, last_drawn, first_shown = 0.0, None, float("-inf"), None
    for kind, gap in steps:
        now += gap
        if kind == "pend":
            owner, first_shown = object(), None
            gate.pend(owner)
        elif kind == "shown under":
            gate.shown(under, now)
        elif kind == "shown":
            gate.shown(owner, now)
            if owner is not None and first_shown is None:
                first_shown = now
        elif kind == "drawn" and owner is not None:
            gate.drawn(owner, now)
            owner, last_drawn = None, max(last_drawn, now if first_shown is None else first_shown)
        elif kind == "key":
            sent = now - gap / 2  # read late: sent a moment before it is handled
            taken = gate.admits(sent)
            assert taken == (owner is None and sent >= last_drawn)


# -- the hand-off's key on its own --------------------------------------------------
def test_a_hand_off_key_is_never_a_busy_key_nor_the_last_one():
    keys = HandoffKeys(random.Random(4))
    busy = {"b", "d", "enter", "space", "1"}
    chosen = [keys.choose(busy) for _ in range(200)]
    assert set(chosen) <= set(HandoffKeys.POOL) - busy
    assert all(a != b for a, b in zip(chosen, chosen[1:]))
    assert len(set(chosen)) == len(HandoffKeys.POOL) - 2  # every free letter comes up


def test_the_hand_off_pool_holds_no_key_of_the_table():
    assert not set(HandoffKeys.POOL) & set(TABLE_KEYS)


# -- the app: keys with the times a terminal gave them ------------------------------------
def hot_seat() -> Game:
    return Game(make_rules("oh-seven", 3), seed=5,
                seats=[Seat("Ann", "human"), Seat("Bea", "human"), Seat("Cid", "easy")])


def send(app, key: str, at: float | None = None) -> None:
    """A key the terminal sent at ``at`` (app time; never later than now)."""
    event = events.Key(key, "\r" if key == "enter" else " " if key == "space" else key)
    event.time = get_time() if at is None else min(at, get_time())
    app.post_message(event)


async def drawn(pilot) -> None:
    """Wait until the screen that was opening has been drawn (the gate takes keys)."""
    await until(pilot, lambda: pilot.app.key_gate.pending is None, "the screen is drawn")


def acted(game: Game) -> list[int]:
    """The seats that have acted (the bids so far)."""
    return sorted(a.seat for a in game.history if a.seat is not None)


async def confirm(pilot, name: str) -> None:
    """``name`` presses the key the hand-off names, once it is on screen."""
    app = pilot.app
    screen = await wait_for_input(pilot)
    assert isinstance(screen, HandoffScreen) and screen.player == name
    await drawn(pilot)
    send(app, screen.key)
    await pilot.pause()


async def at_anns_bid(pilot) -> None:
    """Ann's hand-off confirmed, her bid screen up and drawn: her keys are taken."""
    await confirm(pilot, "Ann")
    screen = await wait_for_input(pilot)
    assert isinstance(screen, BidScreen) and screen.obs.seat == 0
    await drawn(pilot)


async def test_no_key_but_its_own_opens_a_hand_off():
    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Ann"
        await drawn(pilot)
        assert f"Pass to Ann — press {screen.key.upper()}" in text(app)
        assert screen.key not in TABLE_KEYS
        others = [k for k in HandoffKeys.POOL if k != screen.key]
        for key in TABLE_KEYS + others + [k.upper() for k in others]:
            send(app, key)
            await delivered(pilot, f"{key!r}")
            assert app.screen is screen, f"{key!r} opened the hand-off"
        assert acted(game) in ([], [2])  # the bot may have bid; no person has
        send(app, screen.key.upper())  # caps lock on: the same letter
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen) and screen.obs.seat == 0
        assert screen.query_one(HandView).face_up


async def test_its_own_key_sent_before_it_was_drawn_does_not_open_it():
    """The one way a typed-ahead key could know the letter: it was typed as a guess
    before the screen showed. Sent before the frame, it never counts."""
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)
        await drawn(pilot)
        send(app, screen.key, at=app.key_gate.barrier - 0.01)
        await delivered(pilot, "the letter sent before the frame")
        assert app.screen is screen
        send(app, screen.key)
        assert isinstance(await wait_for_input(pilot), BidScreen)


async def test_its_own_key_sent_after_it_went_out_opens_it_however_late_the_app_hears_of_it():
    """A busy machine: the hand-off's frame went out, its letter was pressed, and only
    then did the app learn the frame was drawn. The key is kept, not lost."""
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)
        await drawn(pilot)
        gate = app.key_gate
        gate.pend(screen)  # as if the frame's report were still to come
        gate.shown(screen, get_time())
        send(app, screen.key)
        await until(pilot, lambda: gate.kept, "the letter kept until the report")
        assert app.screen is screen  # no key acts before the report
        frame_out(gate, screen, get_time())
        assert isinstance(await wait_for_input(pilot), BidScreen)


async def test_a_double_enter_at_a_bid_stops_at_the_next_hand_off():
    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_anns_bid(pilot)
        path = key_path(app)  # the way Ann's keys go, on her bid screen
        # Ann's Enter, and a second one right behind it (a double tap).
        send(app, "enter")
        send(app, "enter")
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Bea"
        await delivered(pilot, "the second Enter", path)
        assert app.screen is screen
        assert acted(game) == [0, 2]  # Ann and the bot: nothing for Bea


async def test_a_held_enter_at_a_bid_stops_at_the_next_hand_off():
    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_anns_bid(pilot)
        send(app, "enter")
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Bea"
        for _ in range(60):  # auto-repeat, on a hand-off that is drawn and waiting
            send(app, "enter")
            await delivered(pilot, "a repeated Enter")
            assert app.screen is screen
        assert acted(game) == [0, 2]


async def test_keys_typed_with_the_hand_offs_key_do_not_act_for_the_next_player():
    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_anns_bid(pilot)
        send(app, "enter")
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen) and screen.player == "Bea"
        await drawn(pilot)
        # Bea's key, and Enter at once, before her hand can have been drawn.
        pressed = get_time()
        send(app, screen.key, pressed)
        send(app, "enter", pressed)
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen) and screen.obs.seat == 1
        await drawn(pilot)
        # An Enter read late: handled now, but sent with her key, before her hand was drawn.
        send(app, "enter", pressed)
        await delivered(pilot, "the Enter read late")
        assert app.screen is screen and screen.query_one(HandView).face_up
        assert acted(game) == [0, 2]
        send(app, "enter")  # Bea's own Enter, her hand in front of her: it bids
        await wait_for_input(pilot)
        assert acted(game) == [0, 1, 2]


async def test_a_key_sent_once_the_hand_showed_counts_though_more_frames_follow(monkeypatch):
    """A screen that opens goes out whole (the hand in it), then its footer; the app
    hears it was drawn after both. A key sent between the two frames was sent with
    the hand in view: it counts (CI: Bea's 1 and 2 at her discard were lost)."""
    from ohseven_tui.ui import privacy

    frames: list[tuple[float, object]] = []  # each frame of a screen waiting to be seen: when, and which
    real = privacy.frame_sent

    def stamped(gate, now, screen):
        if gate.pending is screen:
            frames.append((now, screen))
        return real(gate, now, screen)

    monkeypatch.setattr(privacy, "frame_sent", stamped)
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await confirm(pilot, "Ann")
        bid = await wait_for_input(pilot)
        assert isinstance(bid, BidScreen)
        await drawn(pilot)
        hers = [at for at, owner in frames if owner is bid]
        assert len(hers) >= 2, "her screen went out in one frame: nothing here to check"
        send(app, "3", at=(hers[0] + hers[1]) / 2)  # sent with her hand in view, before the footer's frame
        await delivered(pilot, "the 3 sent between her screen's frames")
        assert bid.query_one(HandView).cursor == 2, "the key pressed with her hand in view was lost"


async def test_a_click_on_its_button_opens_a_hand_off_and_elsewhere_not():
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)
        await drawn(pilot)
        await pilot.click(offset=(2, 27))  # where a card of the hand lies at the table
        await pilot.click("#handoff-title")
        await delivered(pilot, "the clicks", key_path(app, screen.query_one("#handoff-title")))
        assert app.screen is screen
        await pilot.click("#handoff-show")
        assert isinstance(await wait_for_input(pilot), BidScreen)


async def test_hand_offs_in_a_row_ask_for_other_keys():
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        keys = []
        for name in ("Ann", "Bea"):
            screen = await wait_for_input(pilot)
            assert isinstance(screen, HandoffScreen) and screen.player == name
            keys.append(screen.key)
            await drawn(pilot)
            send(app, screen.key)
            assert isinstance(await wait_for_input(pilot), BidScreen)
            await drawn(pilot)
            send(app, "enter")
        assert keys[0] != keys[1]


async def test_a_double_enter_at_the_last_bid_leaves_the_reveal_open(monkeypatch):
    """The reveal opens by itself when the last bid is in: an Enter typed with that
    bid (a double tap) must not close it before anyone has read the bids."""
    from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen

    monkeypatch.setattr(autoclose, "SETTLE", 0.3)
    game = hot_seat()
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await at_anns_bid(pilot)
        send(app, "enter")
        await confirm(pilot, "Bea")
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen) and screen.obs.seat == 1
        await drawn(pilot)
        path = key_path(app)  # the way Bea's keys go, on her bid screen
        send(app, "enter")  # Bea's bid, the last: the reveal opens
        send(app, "enter")  # and a second Enter right behind it
        await until(pilot, lambda: isinstance(app.screen, RevealScreen), "the reveal")
        await delivered(pilot, "the second Enter", path)
        assert isinstance(app.screen, RevealScreen)
        assert acted(game) == [0, 1, 2]


@pytest.mark.parametrize("size", [(100, 30), (40, 12)])
async def test_the_hand_off_names_its_key_on_screen_and_in_the_footer(size):
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=size) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)
        await drawn(pilot)
        words = " ".join(text(app).replace("║", " ").split())
        assert f"press {screen.key.upper()}" in words and "other keys do nothing" in words
        if size[0] >= 80:
            assert f"{screen.key.upper()} Show Ann's cards" in words


async def test_the_scoresheet_a_player_opens_closes_at_once(monkeypatch):
    """Only a screen that opens by itself after a move waits for a quiet moment: the
    scoresheet the player opens with t closes with an Esc pressed right after (found
    by benchmarks/tui.py: its Esc was refused, and the table never came back)."""
    from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
    from ohseven_tui.ui.screens.table import TableScreen

    monkeypatch.setattr(autoclose, "SETTLE", 0.3)
    game = Game(make_rules("oh-seven", 3), seed=5,
                seats=[Seat("Ann", "human"), Seat("Bea", "easy"), Seat("Cid", "easy")])
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        send(app, "t")
        await until(pilot, lambda: isinstance(app.screen, ScoresheetScreen), "the scoresheet")
        send(app, "escape")  # at once
        await until(pilot, lambda: app.screen is table or app.screen is screen, "back at the table", fail_safe=30)


async def test_a_hand_face_down_is_given_as_a_count_only():
    """Privacy by construction: outside its owner's window the hand view holds no
    card at all, only how many (the table under a hand-off, and a bid screen under
    the scoresheet); once handed back, the cards and the one selected return."""
    from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
    from ohseven_tui.ui.screens.table import TableScreen

    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        assert isinstance(screen, HandoffScreen)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        under = table.query_one(HandView)
        assert under.cards == () and under.backs == 7 and not under.face_up
        await drawn(pilot)
        send(app, screen.key)
        screen = await wait_for_input(pilot)
        assert isinstance(screen, BidScreen)
        view = screen.query_one(HandView)
        await drawn(pilot)
        send(app, "3")
        await pilot.pause()
        chosen = view.current
        assert chosen is not None and view.cursor == 2 and len(view.cards) == 7
        send(app, "t")
        await until(pilot, lambda: isinstance(app.screen, ScoresheetScreen), "the scoresheet")
        assert view.cards == () and view.backs == 7 and not view.face_up  # given no card while covered
        send(app, "escape")
        back = await wait_for_input(pilot)
        assert isinstance(back, HandoffScreen) and back.player == "Ann"
        await drawn(pilot)
        send(app, back.key)
        await until(pilot, lambda: app.screen is screen and view.face_up, "Ann's bid screen again")
        assert len(view.cards) == 7 and view.current == chosen


async def test_the_frame_before_a_hand_off_shows_no_hand_face_up():
    """A terminal that draws a frame a part at a time (tmux's capture, a terminal
    without synchronized output) showed the hand-off's top over the last player's
    hand, face up. The table is drawn with every hand face down first, then the
    hand-off: no frame tears between a hand and a hand-off."""
    app = OhSevenApp(game=hot_seat(), bot_delay=0)
    frames: list[tuple[str, bool]] = []
    async with app.run_test(size=(100, 30)) as pilot:
        display = app._display

        def watched(screen, renderable) -> None:
            display(screen, renderable)
            if renderable is not None:
                face_up = any(h.face_up and h.cards for h in app.screen.query(HandView))
                frames.append((type(app.screen).__name__, face_up))

        app._display = watched
        for name in ("Ann", "Bea", "Ann", "Bea"):
            screen = await wait_for_input(pilot)
            if isinstance(screen, HandoffScreen):
                assert screen.player == name
                await drawn(pilot)
                send(app, screen.key)
                screen = await wait_for_input(pilot)
            await drawn(pilot)
            send(app, "enter")  # the bid or the card under the cursor
            await pilot.pause()
    handoffs = [i for i, (name, _) in enumerate(frames) if name == "HandoffScreen" and
                frames[i - 1][0] != "HandoffScreen"]
    assert len(handoffs) >= 3, frames
    assert all(not frames[i - 1][1] for i in handoffs), [frames[i - 1] for i in handoffs]
