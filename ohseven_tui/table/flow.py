"""The table's flow, headless: who acts next, the bots at their pace, a won trick
held on the table, undo's window, what to announce, and the hot-seat hand-offs.

One :class:`TableFlow` runs a game through a seat source (this process's game or
a seat at a table server). It imports no textual or rich: its clock and its
scheduling come from outside (:class:`Scheduler`), and it tells what happens as
typed events to a :class:`Stage` (the table screen; a test's recorder). The stage
draws them and sends a seat's actions back (:meth:`TableFlow.act`). Where an event
opens something the flow must wait for (a private bid screen, a shared reveal),
the stage says so while handling it (:meth:`TableFlow.choosing`,
:meth:`TableFlow.showing`) and says when it closed (:meth:`TableFlow.shown`).

Privacy is the flow's: a seat's private view is released (:meth:`private_view`)
only in that human's window, from a confirmed hand-off to the end of their action
(``Lookout``); any other seat's move, and any shared screen, ends it.
"""

from __future__ import annotations

import asyncio
import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Coroutine, Optional, Protocol, Union

from ..engine.actions import Play
from ..engine.errors import IllegalAction
from ..engine.protocol import TableTrick, TableView
from .privacy import Lookout
from .source import Applied, Next, Observation, SeatSource

if TYPE_CHECKING:  # a table server's news loads with the network, not a local table
    from .news import News

__all__ = [
    "Announce", "Covered", "Flow", "GameOver", "HandOff", "Heard", "Moved", "Refused", "Retold", "RoundOver",
    "Scheduler", "Sent", "Stage", "SweepTrick", "TableFlow", "TrickHeld", "Turn", "Event",
]


class Flow(enum.Enum):
    """What the table is doing: one of these at a time.

    Only READY and PLAYING let :meth:`TableFlow.advance` move the game on; every
    other state has its own way back to READY (the bots' task ends, the screen it
    waits for closes). OVER is final.
    """

    READY = "ready"  # nothing under way: advance() decides who acts next
    BOTS = "bots"  # the bots' task is choosing and applying moves
    HANDOFF = "handoff"  # the hot-seat hand-off is up, waiting for a seat
    CHOOSING = "choosing"  # a human's private screen (passing, bidding, ...) is up
    PLAYING = "playing"  # a human plays a card from the table's own hand
    SHOWING = "showing"  # a shared screen (a reveal, the round's scoresheet, a lesson) is up
    TRICK = "trick"  # a won trick lies on the table, its winner named, until it is swept
    OVER = "over"  # the game is over and its end has been told

    @property
    def blocked(self) -> bool:
        """Is the table waiting for something else than advance()?"""
        return self not in (Flow.READY, Flow.PLAYING)


# -- events: what the stage draws -------------------------------------------------------
@dataclass(frozen=True)
class Moved:
    """An action landed (a seat's, or the table's deal), as the viewer saw it."""

    applied: Applied


@dataclass(frozen=True)
class Sent:
    """A seat's action went to the table's server; it comes back as a move."""


@dataclass(frozen=True)
class Refused:
    """The engine (or the table) refused a seat's action: ``reason``, nothing changed."""

    reason: str
    seat: Optional[int]


@dataclass(frozen=True)
class HandOff:
    """Hot-seat: cover the table until ``seat`` confirms (:meth:`TableFlow.confirmed`).
    ``bell``: bots moved since the last person's turn."""

    seat: int
    bell: bool = False


@dataclass(frozen=True)
class Turn:
    """``seat`` (a person here) acts now. A phase with a private screen: the stage
    opens it and calls :meth:`TableFlow.choosing`; else the seat plays from the
    table's hand. ``bell``: bots moved since the last person's turn."""

    seat: int
    bell: bool


@dataclass(frozen=True)
class Covered:
    """A window ended: every hand face down now (before any shared screen draws)."""


@dataclass(frozen=True)
class TrickHeld:
    """A won trick stays on show for ``pause`` seconds (or until swept)."""

    trick: TableTrick


@dataclass(frozen=True)
class SweepTrick:
    """Sweep the held trick to its winner over ``motion`` seconds, then call
    :meth:`TableFlow.swept`."""

    motion: float


@dataclass(frozen=True)
class RoundOver:
    """A round's results are in (``final``: and the game is over, filed already)."""

    before: Any
    after: Any
    final: bool


@dataclass(frozen=True)
class Announce:
    """After a move (and its trick): the stage may open a shared screen for it (a
    reveal) and call :meth:`TableFlow.showing`."""

    before: Any
    after: Any


@dataclass(frozen=True)
class GameOver:
    """The game is over: show its end (once)."""


@dataclass(frozen=True)
class Retold:
    """A card was taken back: the log is told again from the rebuilt game."""

    taken: Any


@dataclass(frozen=True)
class Heard:
    """News from the table (``table.news``) besides moves."""

    news: News


Event = Union[Moved, Sent, Refused, HandOff, Turn, Covered, TrickHeld, SweepTrick, RoundOver, Announce, GameOver,
              Retold, Heard]


class Stage(Protocol):
    """Whoever draws the table."""

    def show(self, event: Event) -> None: ...


class Timer(Protocol):
    def stop(self) -> None: ...


class Scheduler(Protocol):
    """The clock and the scheduling the flow is given: the app's event loop, or a
    test's fake one."""

    def spawn(self, work: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run the bots' task (one at a time; :meth:`cancel` ends it)."""

    def cancel(self) -> None:
        """End the bots' task, if one runs."""

    def later(self, seconds: float, callback: Callable[[], None]) -> Timer:
        """Call ``callback`` after ``seconds`` (a won trick's pause)."""

    def soon(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once what is being handled now is done."""

    def wait(self, event: asyncio.Event, seconds: float) -> Awaitable[None]:
        """Wait ``seconds``, or less if ``event`` is set (the bots' pace)."""


class TableFlow:
    """The flow of one table (see the module's text)."""

    def __init__(self, source: SeatSource, stage: Stage, scheduler: Scheduler, *,
                 delay: Callable[[], float] = lambda: 0.0,
                 live: Callable[[], bool] = lambda: True,
                 hold: Optional[Callable[[], bool]] = None,
                 remote: bool = False) -> None:
        """``delay()``: the bots' pace in seconds a move; ``live()``: is anyone still
        drawing this table; ``hold()``: called whenever the flow would move the game
        on, True if it holds the table (a tutorial's note is up: :meth:`shown` goes on;
        a player is away from a table server: :meth:`advance` goes on).
        ``remote``: the people act from screens of their own (a table server): no
        hand-offs, no trick held on show, no shared screen waited for; their screens
        do that."""
        self.source = source
        self.stage = stage
        self.scheduler = scheduler
        self.delay = delay
        self.live = live
        self.hold = hold
        self.remote = remote
        self.humans = tuple(source.humans)
        self.watching = not self.humans  # bots only
        self.viewer: Optional[int] = self.humans[0] if len(self.humans) == 1 and not remote else None
        self.lookout = Lookout(() if remote else self.humans)  # remote: nobody's hand is shown here
        self.last_human: Optional[int] = None
        self.state = Flow.READY
        self._playing: Optional[int] = None
        self.paused = False
        self.skipping = False
        self._wake = asyncio.Event()
        self._resume = asyncio.Event()
        self._resume.set()
        self._bots_moved = False
        self._held: Optional[tuple[Any, Any]] = None  # (before, after) of the move that won the trick on show
        self._trick_timer: Optional[Timer] = None
        source.listen(lambda news: self.stage.show(Heard(news)))

    # -- state ------------------------------------------------------------------------
    def set_state(self, state: Flow, seat: Optional[int] = None) -> None:
        """Move to ``state`` (``seat``: whose card play, for PLAYING). The end of the
        game stays the end: a task finishing after it changes nothing."""
        if self.state is Flow.OVER:
            return
        self.state = state
        self._playing = seat if state is Flow.PLAYING else None

    @property
    def acting(self) -> Optional[int]:
        """The human whose card play the table waits for, or None."""
        return self._playing

    @property
    def seen_by(self) -> int:
        """The seat whose observation the table shows (seat 0's public fields when watching)."""
        return self.viewer if self.viewer is not None else 0

    def public(self) -> Observation:
        return self.source.observe(self.seen_by)

    def private_view(self, seat: int) -> Optional[Observation]:
        """``seat``'s observation, hand and all, only while it may be face up (its
        owner's window in hot-seat); None otherwise: nobody may draw that hand now."""
        return self.source.observe(seat) if self.lookout.may_show(seat) else None

    def face_up(self, seat: Optional[int]) -> bool:
        """May ``seat``'s hand be drawn face up now? In hot-seat only while its owner acts."""
        if seat is None or not self.lookout.may_show(seat):
            return False
        return not self.lookout.hot_seat or self.acting == seat

    # -- moving the game on ---------------------------------------------------------------
    def advance(self) -> None:
        """Decide who acts next. The one place that moves the game along."""
        if self.state.blocked or not self.live():
            return
        if self.hold is not None and self.hold():
            return
        step = self.source.next_step()
        if step.kind is Next.OVER:
            self._game_over()
        elif step.kind is Next.TABLE:  # the table acts: a deal, a redeal, a family's draw
            self._apply(step.action)
        elif step.kind is Next.OTHERS:
            self._start_bots()
        elif step.kind is Next.HUMAN:
            # One seat in turn; in a face-down phase each human in turn, the one at the keyboard first.
            n = self.source.players
            start = self.last_human if self.last_human is not None else 0
            self._human_turn(min(step.seats, key=lambda s: (s - start) % n))
        # Next.GONE: told as it happened (the news); nothing more will come

    def _human_turn(self, seat: int) -> None:
        self.skipping = False
        bell, self._bots_moved = self._bots_moved, False
        if self.lookout.needs_handoff(seat):
            self._hand_off(seat, bell)
            return
        self._begin_turn(seat, bell)

    def _hand_off(self, seat: int, bell: bool = False) -> None:
        self.set_state(Flow.HANDOFF)
        self.viewer = seat
        self.stage.show(HandOff(seat, bell))

    def confirmed(self, seat: int) -> None:
        """``seat`` confirmed its hand-off: its window opens and its turn begins."""
        self.set_state(Flow.READY)
        self.last_human = seat
        self.lookout.open(seat)
        self._begin_turn(seat)

    def resumed(self) -> None:
        """Back from a shared screen in the middle of a human's card play: that
        human confirms a hand-off again before the hand turns face up."""
        seat = self.acting
        if seat is not None and self.state is Flow.PLAYING and self.lookout.needs_handoff(seat):
            self._hand_off(seat)

    def _begin_turn(self, seat: int, bell: bool = False) -> None:
        self.viewer = seat
        self.set_state(Flow.PLAYING, seat)  # unless the stage opens a private screen for it
        self.stage.show(Turn(seat, bell))

    def choosing(self) -> None:
        """The stage opened the seat's private screen for this turn."""
        self.set_state(Flow.CHOOSING)

    def showing(self) -> None:
        """The stage opened a shared screen (or a lesson): wait for :meth:`shown`."""
        self.cover()
        self.set_state(Flow.SHOWING)

    def shown(self) -> None:
        """The shared screen closed: go on."""
        if not self.live():
            return
        self.set_state(Flow.READY)
        obs = self.public()
        if self.watching and self.skipping and obs.round_number and obs.round_number <= len(obs.results):
            self.skipping = False  # between rounds: the skip to the round's end is done
        self.advance()

    def cover(self) -> None:
        """End the window: every hand face down now."""
        if self.lookout.window is None:
            return
        self.lookout.close()
        self.stage.show(Covered())

    def chosen(self, action: Any) -> None:
        """A private screen closed with ``action``."""
        self.set_state(Flow.READY)
        if not self.act(action):
            self.advance()  # refused: ask again, the reason on show

    def why_not(self, action: Any) -> Optional[str]:
        """The reason ``action`` is illegal (nothing changed), or None."""
        return self.source.why_illegal(action)

    def act(self, action: Any) -> bool:
        """Apply one action of a person here; a refusal is told and changes nothing.
        True if it was taken."""
        seat = getattr(action, "seat", None)
        if self.lookout.hot_seat and seat != self.lookout.window:
            # Hot-seat: a person acts only in their own window, after their hand-off.
            self.stage.show(Refused("not your turn at this screen: the hand-off comes first", seat))
            return False
        return self._apply(action)

    def _apply(self, action: Any, *, then_advance: bool = True) -> bool:
        try:
            applied = self.source.apply(action, self.seen_by)
        except IllegalAction as exc:
            self.stage.show(Refused(str(exc), self.acting))
            return False
        if applied is None:  # sent to the table's server: it comes back with the other seats' moves
            self.lookout.close()
            self.set_state(Flow.READY)
            self.stage.show(Sent())
            if then_advance:
                self.advance()
            return True
        self._landed(applied, then_advance=then_advance)
        return True

    def _landed(self, applied: Applied, *, then_advance: bool = True) -> None:
        """An action landed: told, then the trick on show, a shared screen, or the next turn."""
        actor = applied.actor
        if actor is not None and actor in self.humans:
            self.last_human = actor
        self.lookout.close()  # the end of that human's action, or another seat acted
        if self.acting is not None and actor == self.acting:
            self.set_state(Flow.READY)
        self.stage.show(Moved(applied))
        if self._hold_trick(applied.before, applied.after):
            return
        if not self._after(applied.before, applied.after) and then_advance:
            self.advance()

    def _after(self, before: Any, after: Any) -> bool:
        """The round's end, the game's, or a family's announcement; True if a screen is up."""
        if len(after.results) > len(before.results):
            self.cover()
            final = self.source.is_over
            if final:
                self._game_over()
            elif self.remote:  # each player's own screen shows the round's end
                self.stage.show(RoundOver(before, after, final))
                return False
            else:
                if self.watching:
                    self.skipping = False  # skipped to the end of the round: this is it, let it be read
                self.set_state(Flow.SHOWING)
            self.stage.show(RoundOver(before, after, final))
            return True
        self.stage.show(Announce(before, after))
        return self.state is Flow.SHOWING

    def _game_over(self) -> None:
        if self.state is Flow.OVER:
            return
        self.set_state(Flow.OVER)
        self.stage.show(GameOver())

    # -- a won trick ----------------------------------------------------------------------
    def trick_pause(self) -> float:
        """How long a won trick stays on the table: by the bot speed; none at
        instant speed or while skipping ahead."""
        delay = self.delay()
        if self.skipping or delay <= 0:
            return 0.0
        return min(2.5, 2 * delay)

    def motion(self) -> float:
        """At most how long a card slides or a trick sweeps: quicker than the bots
        move, and never while skipping ahead."""
        return 0.0 if self.skipping else self.delay() / 2

    def table_view(self, obs: Any) -> TableView:
        """The family's picture of the table, or names, turn and totals."""
        spec = self.source.spec
        if spec.table is not None:
            return spec.table(obs)
        from ..engine.protocol import TableSeat

        turn = obs.to_act[0] if len(obs.to_act) == 1 else None
        trick = tuple(getattr(obs, "trick", ()) or ())
        return TableView(
            seats=tuple(TableSeat(info.name, info.player, to_act=seat == turn, score=str(obs.totals[seat]))
                        for seat, info in enumerate(obs.seats)),
            trick=TableTrick(trick) if trick else None,
            hand_by_rank=tuple(obs.hand),
            round_number=obs.round_number,
        )

    def _hold_trick(self, before: Any, after: Any) -> bool:
        pause = 0.0 if self.remote else self.trick_pause()
        if pause <= 0:
            return False
        was, now = self.table_view(before), self.table_view(after)
        trick = now.last_trick
        if (trick is None or not trick.complete or trick.winner is None or now.round_number != was.round_number
                or now.tricks_done != was.tricks_done + 1):
            return False
        self.set_state(Flow.TRICK)
        self._held = (before, after)
        self.stage.show(TrickHeld(trick))
        self._trick_timer = self.scheduler.later(pause, self.sweep)
        return True

    @property
    def trick_timer(self) -> Optional[Timer]:
        return self._trick_timer

    def sweep(self) -> None:
        """Sweep the won trick to its winner now (the pause is cut short)."""
        if self.state is not Flow.TRICK or self._held is None:
            return
        if self._trick_timer is not None:
            self._trick_timer.stop()
        self.stage.show(SweepTrick(self.motion()))

    def swept(self) -> None:
        """The trick reached its winner: what the move announces, or the next turn."""
        if self._held is None:
            return
        before, after = self._held
        self._held = None
        self.set_state(Flow.READY)
        if not self.live():
            return
        if not self._after(before, after):
            self.advance()

    # -- the bots ---------------------------------------------------------------------------
    def _start_bots(self) -> None:
        self.set_state(Flow.BOTS)
        self.cover()  # a bot's turn ends any human's window
        self.scheduler.spawn(self._bots)

    async def _bots(self) -> None:
        """The other seats' moves until a person here must act or a screen opens."""
        async for applied in self.source.others(self.seen_by, self._pace, live=self.live):
            if not self.live():
                self.set_state(Flow.READY)  # nobody to move it on now; advance() starts again
                return
            self.set_state(Flow.READY)
            self._bots_moved = True
            self._landed(applied, then_advance=False)
            if self.state is not Flow.READY:  # a trick on show, a reveal or a scoresheet: it goes on from there
                return
            # A tutorial's note due between two bots' moves shows now, at any pace (it goes on from there).
            if not self.remote and self.hold is not None and self.hold():
                return
            self.set_state(Flow.BOTS)
        self.set_state(Flow.READY)
        if self.live():
            self.scheduler.soon(self.advance)

    async def _pace(self, in_turn: bool) -> None:
        """Before another seat's move: wait while paused, and by the bot delay for a
        move in turn."""
        await self._resume.wait()
        delay = self.delay()
        if not in_turn or delay <= 0 or self.skipping:
            return
        self._wake.clear()
        await self.scheduler.wait(self._wake, delay)
        await self._resume.wait()

    def wake(self) -> None:
        """The pace changed (or a skip): the move being waited for goes now."""
        self._wake.set()

    def skip(self) -> None:
        self.skipping = True
        self._wake.set()

    def pause(self) -> bool:
        """Watching: pause or resume the bots. True if paused now."""
        if not self.watching:
            return self.paused
        self.paused = not self.paused
        if self.paused:
            self._resume.clear()
        else:
            self._resume.set()
        return self.paused

    # -- undo -------------------------------------------------------------------------------
    def undo_refusal(self) -> Optional[str]:
        """Why the last card cannot be taken back now, or None if it can: only
        against bots (one human), only a card, and only until another seat acts."""
        if len(self.humans) != 1 or not self.source.can_undo:
            return "Undo is only for games against bots." if self.humans else "You have no card to take back."
        last = self.source.last_own_card()
        if not isinstance(last, Play):
            return "Nothing to take back: only your own last card, before another seat acts."
        if self.source.is_over:
            return "The game is over: its last card stands."
        if self.state is Flow.TRICK:
            return "Not while the trick is on show: space sweeps it, then u takes your card back."
        if self.state not in (Flow.READY, Flow.BOTS, Flow.PLAYING):
            return "Not now: close this screen first."
        return None

    def undo(self) -> Optional[Any]:
        """Take back the last card (None and nothing changed if it may not be)."""
        if self.undo_refusal() is not None:
            return None
        self.scheduler.cancel()
        taken = self.source.take_back()
        self._bots_moved = False
        self.set_state(Flow.READY)
        self.stage.show(Retold(taken))
        self.advance()
        return taken

    def stop(self) -> None:
        """The table is being left: the bots stop."""
        self.scheduler.cancel()
