"""The table's flow, headless (issue 33 §1 and §2): no Textual and no clock. A
stage records the flow's events; a fake scheduler runs the bots and the timers
when the test says so, in an order the test draws. Random streams of inputs
(hand-offs confirmed, actions for any person at any moment, sweeps, shared
screens closed, undo, pause, skip) in hot-seat games of every registered game:
no seat's private view is ever given outside its owner's window, and no person
acts outside it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Callable, Coroutine, Optional

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.table import Flow, LocalTable, TableFlow
from ohseven_tui.table.flow import (
    Announce,
    Covered,
    HandOff,
    Moved,
    Refused,
    RoundOver,
    SweepTrick,
    TrickHeld,
    Turn,
)

ROOT = Path(__file__).resolve().parent.parent


class FakeTimer:
    def __init__(self, at: float, callback: Callable[[], None]) -> None:
        self.at, self.callback, self.stopped = at, callback, False

    def stop(self) -> None:
        self.stopped = True


class FakeScheduler:
    """Nothing runs until the test says so; time moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 0.0
        self.tasks: list[Coroutine[Any, Any, None]] = []
        self.timers: list[FakeTimer] = []
        self.queued: list[Callable[[], None]] = []
        self.waited: list[float] = []

    def spawn(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self.tasks.append(work())

    def cancel(self) -> None:
        for task in self.tasks:
            task.close()
        self.tasks.clear()

    def later(self, seconds: float, callback: Callable[[], None]) -> FakeTimer:
        timer = FakeTimer(self.now + seconds, callback)
        self.timers.append(timer)
        return timer

    def soon(self, callback: Callable[[], None]) -> None:
        self.queued.append(callback)

    async def wait(self, event: asyncio.Event, seconds: float) -> None:
        self.waited.append(seconds)
        self.now += seconds

    async def run_one(self) -> bool:
        """Run the oldest pending thing: a bots' task, a queued call or a due timer."""
        if self.tasks:
            await self.tasks.pop(0)
            return True
        if self.queued:
            self.queued.pop(0)()
            return True
        live = [t for t in self.timers if not t.stopped]
        if live:
            timer = min(live, key=lambda t: t.at)
            self.timers.remove(timer)
            self.now = max(self.now, timer.at)
            timer.callback()
            return True
        return False


class Recorder:
    """A stage that records the events and checks privacy at every one of them."""

    def __init__(self) -> None:
        self.events: list[Any] = []
        self.flow: Optional[TableFlow] = None
        self.window: Optional[int] = None  # the test's own model: whose hand-off was confirmed last
        self.breaches: list[str] = []
        self.shared_open = False

    def show(self, event: Any) -> None:
        self.events.append(event)
        if isinstance(event, (Moved, Covered, RoundOver)):
            self.window = None  # an action landed or a shared screen opens: the window ends
        if isinstance(event, RoundOver) and not event.final:
            self.shared_open = True
        self.check()

    def check(self) -> None:
        flow = self.flow
        if flow is None:
            return
        for seat in flow.humans:
            if seat != self.window and flow.private_view(seat) is not None:
                self.breaches.append(f"seat {seat}'s view given in {self.window}'s window ({flow.state})")
            if seat != self.window and flow.face_up(seat):
                self.breaches.append(f"seat {seat}'s hand face up in {self.window}'s window")


def hot_seat_table(spec, seed: int) -> LocalTable:
    players = spec.players[0]
    seats = [Seat("Ann", "human"), Seat("Bea", "human")] + [Seat(f"Bot {i}", "easy") for i in range(2, players)]
    return LocalTable(registry.new_game(spec.name, {"players": players}, seed=seed, seats=seats))


def make_flow(table: LocalTable, delay: float = 0.0, hold: Optional[Callable[[], bool]] = None):
    stage, clock = Recorder(), FakeScheduler()
    flow = TableFlow(table, stage, clock, delay=lambda: delay, hold=hold)
    stage.flow = flow
    return flow, stage, clock


INPUTS = ("confirm", "act", "act-other", "sweep", "close", "run", "run", "run", "undo", "skip", "announce")


async def drive(flow: TableFlow, stage: Recorder, clock: FakeScheduler, choices: list[int], limit: int) -> int:
    """Feed ``choices`` as inputs (each picks what happens next); returns how many
    actions were applied."""
    game = flow.source.game  # type: ignore[attr-defined]
    flow.advance()
    pending: Optional[int] = None
    for pick in choices[:limit]:
        stage.check()
        last = stage.events[-1] if stage.events else None
        if isinstance(last, HandOff):
            pending = last.seat
        kind = INPUTS[pick % len(INPUTS)]
        if kind == "confirm" and pending is not None and flow.state is Flow.HANDOFF:
            stage.window = pending
            flow.confirmed(pending)
            pending = None
        elif kind in ("act", "act-other"):
            seats = [s for s in flow.humans if s in game.to_act()]
            if not seats:
                continue
            seat = seats[pick % len(seats)]
            if kind == "act-other":  # someone else's key: any person to act but the one at the screen
                others = [s for s in seats if s != stage.window]
                if not others:
                    continue
                seat = others[0]
            legal = list(flow.source.observe(seat).legal_actions)
            if not legal:
                continue
            action = legal[pick % len(legal)]
            window = stage.window
            taken = flow.act(action)
            if seat != window:
                assert not taken, f"seat {seat} acted outside its window ({window})"
        elif kind == "sweep" and flow.state is Flow.TRICK:
            flow.sweep()
            if isinstance(stage.events[-1], SweepTrick):
                flow.swept()
        elif kind == "close" and flow.state is Flow.SHOWING:
            stage.shared_open = False
            flow.shown()
        elif kind == "announce" and isinstance(last, Announce) and flow.state in (Flow.READY, Flow.BOTS):
            flow.showing()  # as a family's reveal opens
        elif kind == "undo":
            flow.undo()
        elif kind == "skip":
            flow.skip()
        else:
            await clock.run_one()
        if game.is_over:
            break
    clock.cancel()  # the bots' task still pending, if one is: never run now
    return len(game.history)


GAMES = [spec.name for spec in registry.games()]  # every registered game, none named here


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000),
       choices=st.lists(st.integers(0, 1_000), min_size=50, max_size=400), delay=st.sampled_from([0.0, 0.5]))
def test_no_private_view_outside_its_owners_window_whatever_comes_in_any_order(game, seed, choices, delay):
    spec = registry.game_spec(game)
    flow, stage, clock = make_flow(hot_seat_table(spec, seed), delay=delay)
    asyncio.run(drive(flow, stage, clock, choices, limit=len(choices)))
    assert not stage.breaches, stage.breaches[:3]


async def play_to_the_end(name: str, flow: TableFlow, stage: Recorder, clock: FakeScheduler) -> None:
    """Each person acts at their turn, after their hand-off; shared screens close."""
    table = flow.source
    flow.advance()
    while flow.state is not Flow.OVER:
        last = stage.events[-1]
        if isinstance(last, HandOff) and flow.state is Flow.HANDOFF:
            stage.window = last.seat
            flow.confirmed(last.seat)
        elif isinstance(last, Turn):
            assert flow.act(table.observe(last.seat).legal_actions[0])
        elif flow.state is Flow.SHOWING:
            flow.shown()
        elif not await clock.run_one():
            raise AssertionError(f"{name}: the flow stopped ({flow.state}, {type(last).__name__})")


def test_every_game_plays_to_its_end_headless_and_every_turn_follows_a_confirmed_hand_off():
    for game in GAMES:
        flow, stage, clock = make_flow(hot_seat_table(registry.game_spec(game), 3))
        asyncio.run(play_to_the_end(game, flow, stage, clock))
        assert flow.source.is_over and not stage.breaches
        turns = [i for i, e in enumerate(stage.events) if isinstance(e, Turn)]
        assert turns, game
        for i in turns:  # each person's turn: right after that person's hand-off (hot-seat)
            before = [e for e in stage.events[:i] if isinstance(e, (HandOff, Moved))]
            assert isinstance(before[-1], HandOff) and before[-1].seat == stage.events[i].seat, game


def test_a_won_trick_is_held_for_the_pace_then_swept_by_the_clock_it_was_given():
    spec = registry.default_game()
    seats = [Seat("Ann", "easy"), Seat("Bea", "easy"), Seat("Cid", "easy")]
    table = LocalTable(registry.new_game(spec.name, {"players": 3}, seed=2, seats=seats))
    flow, stage, clock = make_flow(table, delay=0.4)

    async def until_held() -> None:
        flow.advance()
        while flow.state is not Flow.TRICK:
            if flow.state is Flow.SHOWING:
                flow.shown()
            else:
                assert await clock.run_one()

    asyncio.run(until_held())
    held = [e for e in stage.events if isinstance(e, TrickHeld)]
    assert len(held) == 1 and held[0].trick.complete
    timer = [t for t in clock.timers if not t.stopped][-1]
    assert timer.at - clock.now == pytest.approx(0.8)  # twice the bots' pace (at most 2.5 s)
    assert 0.4 in clock.waited  # each bot's move in turn waited the pace, on the clock it was given
    assert flow.undo_refusal() is not None  # nobody's card to take back here
    asyncio.run(clock.run_one())  # the timer fires: the trick is swept
    assert isinstance(stage.events[-1], SweepTrick) and stage.events[-1].motion == 0.2
    flow.swept()
    assert flow.state is not Flow.TRICK
    clock.cancel()


def test_a_person_out_of_their_window_is_refused_and_nothing_changes():
    spec = registry.default_game()
    flow, stage, clock = make_flow(hot_seat_table(spec, 5))
    flow.advance()
    assert isinstance(stage.events[-1], HandOff)
    first = stage.events[-1].seat
    other = 1 - first
    game = flow.source.game
    action = flow.source.observe(other).legal_actions[0]
    before = len(game.history)
    assert not flow.act(action)
    assert isinstance(stage.events[-1], Refused) and len(game.history) == before
    assert flow.private_view(other) is None and flow.private_view(first) is None  # nobody confirmed yet
    flow.confirmed(first)
    assert flow.private_view(first) is not None and flow.private_view(other) is None
    clock.cancel()


def test_a_hold_holds_the_table_until_shown():
    """A tutorial's note: the flow asks its hold before moving the game on."""
    spec = registry.default_game()
    asked: list[bool] = []

    def hold() -> bool:
        asked.append(True)
        if len(asked) == 1:
            flow.showing()
            return True
        return False

    seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", "easy") for i in range(1, 3)]
    table = LocalTable(registry.new_game(spec.name, {"players": 3}, seed=1, seats=seats))
    flow, stage, clock = make_flow(table, hold=hold)
    flow.advance()
    assert flow.state is Flow.SHOWING and not table.game.history
    flow.shown()
    assert len(asked) >= 2 and table.game.history  # asked again, and the deal went ahead
    clock.cancel()


async def test_the_table_server_runs_the_one_table_flow(tmp_path):
    """There are not two flows: a table server moves its game on through TableFlow
    (remote: each person at a screen of their own), as the local table does."""
    from ohseven_tui.net.client import TableClient
    from ohseven_tui.net.server import TableServer

    spec = registry.default_game()
    server = TableServer(spec, {"players": 3}, ["human", "easy", "easy"], save_dir=tmp_path)
    await server.start()
    client = None
    try:
        client = await TableClient.connect(server.address, server.codes[0], "Ann", timeout=10.0)

        async def dealt() -> None:  # waits for the table, not a count of steps; 60 s is only a fail-safe
            while server.flow is None or server.game is None or not server.game.history:
                await asyncio.sleep(0.01)

        await asyncio.wait_for(dealt(), 60)
        assert isinstance(server.flow, TableFlow) and server.flow.remote
        assert server.game.history  # the deal went through the flow
        assert not hasattr(server, "_run")  # no loop of its own deciding who acts
    finally:
        if client is not None:
            await client.close()
        await server.close()
