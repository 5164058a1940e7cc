"""The table flow's stage: each typed event of ``table.flow`` drawn on the table
screen, and the screens it opens (a hand-off, a family's private screen, a reveal,
a round's summary and scoresheet, the game's end).

The screen (``table.py``) draws the table and takes keys; this is where the flow
tells it what happened and the screens over it come and go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from textual._time import get_time

from ...table import Applied
from ...table.flow import (
    Announce,
    Covered,
    Event,
    Flow,
    GameOver,
    HandOff,
    Heard,
    Moved,
    Refused,
    Retold,
    RoundOver,
    Sent,
    SweepTrick,
    TrickHeld,
    Turn,
)
from ..families import ScreenArgs
from ..messages import BackToMenu, CloseTable
from ..privacy import frame_out
from ..widgets.table_area import TableArea
from .choose import ChooseScreen

if TYPE_CHECKING:
    from .handoff import HandoffScreen
    from .table import TableScreen

__all__ = ["TableStage"]


class TableStage:
    """Draws the flow's events on ``screen`` (the flow's ``Stage``)."""

    def __init__(self, screen: "TableScreen") -> None:
        self.screen = screen

    @property
    def app(self) -> Any:
        return self.screen.app

    @property
    def flow(self) -> Any:
        return self.screen.controller

    def show(self, event: Event) -> None:
        screen = self.screen
        if isinstance(event, Heard):
            screen.call_later(self._news, event)  # heard while reading the connection: drawn in turn
        elif isinstance(event, Moved):
            self._moved(event.applied)
        elif isinstance(event, Sent):
            screen.say("")
            screen.refresh_view()
        elif isinstance(event, Refused):
            screen.say(event.reason, error=True)
            self._ring(event.seat is not None)
        elif isinstance(event, HandOff):
            self._ring(event.bell)
            seat = event.seat
            screen.refresh_view()  # under the hand-off: that seat's table, its hand face down
            handoff = self.handoff_screen(seat)
            # Drawn first with every hand face down, then the hand-off: a terminal that
            # shows a frame a part at a time never mixes the last hand with the hand-off.
            screen.call_after_refresh(self._hand_off, handoff, seat)
        elif isinstance(event, Turn):
            self._ring(event.bell)
            self._turn(event.seat)
        elif isinstance(event, Covered):
            screen.say("")  # a hint or an error is about that hand
            screen.refresh_view()
            for chooser in self.choosers():
                chooser.cover()
        elif isinstance(event, TrickHeld):
            screen.query_one(TableArea).hold(event.trick)
            if event.trick.winner is not None:
                screen.say(f"{screen.seat_name(event.trick.winner)} wins the trick. Space goes on.")
            screen.refresh_keys()
        elif isinstance(event, SweepTrick):
            screen.query_one(TableArea).sweep_away(self._swept, duration=event.motion)
        elif isinstance(event, RoundOver):
            self._round_over(event.before, event.after, event.final)
        elif isinstance(event, Announce):
            shown = screen.family.announcement(event.before, event.after, humans=len(screen.humans),
                                               auto=self.auto_close())
            if shown is not None:
                self.flow.showing()
                self.app.push_screen(shown, lambda _: self._shown())
        elif isinstance(event, GameOver):
            from .gameover import GameOverScreen

            # The coach reads a game kept in this app (saved); none for a table elsewhere or a tutorial.
            kept = getattr(screen.table, "game", None) if getattr(screen.table, "keeping", None) else None
            self.app.push_screen(GameOverScreen(screen.public(), game=kept, table=screen.table))
        elif isinstance(event, Retold):
            screen.retell()  # the undo itself is said once, by the hand (table_hand.undo)
            screen.refresh_view()

    def _news(self, event: Heard) -> None:
        if self.screen.is_attached:
            from .table_news import tell_news  # a networked table's only: loaded with its first news

            tell_news(self.screen, event.news)

    def choosers(self) -> list[ChooseScreen]:
        """The bid, pass or pick screens open over the table, lowest first."""
        return [s for s in self.app.screen_stack if isinstance(s, ChooseScreen)]

    def chooser(self) -> Optional[ChooseScreen]:
        """The bid, pass or pick screen open over the table, if one is."""
        return next(iter(self.choosers()), None)

    def _ring(self, bell: bool) -> None:
        """A human's turn after bots moved, or a refused move: the bell, if the setting is on."""
        if bell and self.app.settings.bell:
            self.app.bell()

    def _moved(self, applied: Applied) -> None:
        screen = self.screen
        if applied.actor is not None and applied.actor in screen.humans:
            screen.say("")
        screen.narrate(applied)
        if applied.note:
            screen.notify(applied.note, severity="error", timeout=8)
        screen.hand.hinted = ()
        screen.hand.follow = None
        screen.refresh_view()

    def _swept(self) -> None:
        self.screen.say("")
        self.flow.swept()
        # After the flow moved on: paused (watching), nothing else redraws the
        # footer, which would still offer space for a trick no longer on show.
        if self.screen.is_attached:
            self.screen.refresh_keys()

    def _shown(self) -> None:
        """A shared screen closed: the flow goes on (not once the app is shutting down)."""
        if self.screen.is_attached:
            self.flow.shown()
            self.screen.refresh_view()

    def _round_over(self, before: Any, after: Any, final: bool) -> None:
        from .round_summary import RoundSummaryScreen
        from .scoresheet import ScoresheetScreen

        screen = self.screen
        words = screen.family.round_over_line(before, after, screen.seat_name)
        if words is not None:
            screen.log_line(words)
        summary = screen.family.round_summary(before, after, screen.seat_name)
        auto = self.auto_close()
        if final:  # the game-over screen is up already: the last round's summary over it, read first
            if summary is not None:
                self.app.push_screen(RoundSummaryScreen(after, summary, then="the final scores", auto=auto))
            return

        def scoresheet(_: object = None) -> None:  # after the summary, as before it existed
            self.app.push_screen(ScoresheetScreen(after, final=False, auto=auto), lambda _: self._shown())

        if summary is None:
            scoresheet()
        else:
            self.app.push_screen(RoundSummaryScreen(after, summary, auto=auto), scoresheet)

    def auto_close(self) -> Optional[float]:
        """In watch mode the reveals and scoresheets close themselves."""
        screen = self.screen
        if not screen.watching:
            return None
        return 0.0 if screen.delay <= 0 or self.flow.skipping else max(1.5, 6 * screen.delay)

    # -- hand-offs ------------------------------------------------------------------------
    def handoff_screen(self, seat: int) -> "HandoffScreen":
        """The hand-off to ``seat``: it asks for a letter that no screen open here binds."""
        from .handoff import HandoffScreen

        busy: set[str] = set(self.app._bindings.key_to_bindings)
        for open_screen in self.app.screen_stack:
            busy.update(open_screen._bindings.key_to_bindings)
        return HandoffScreen(self.screen.seat_name(seat), self.app.handoff_keys.choose(busy))

    def _hand_off(self, handoff: "HandoffScreen", seat: int) -> None:
        """The table is drawn with every hand face down: the hand-off now, unless the
        table has gone or moved on meanwhile (left, closed)."""
        if self.screen._on_stack() and self.flow.state is Flow.HANDOFF:
            self.app.push_screen(handoff, lambda _: self._handed_over(seat))

    def _handed_over(self, seat: int) -> None:
        self.flow.confirmed(seat)
        self.reveal_after_handoff()

    def reveal_after_handoff(self) -> None:
        """The hand just handed over is being drawn, on whatever screen is on top: no
        key acts until that frame is out, and no key sent before it ever does (a key
        typed with the hand-off's own, or while the screen was slow)."""
        gate = self.app.key_gate
        shown = self.app.screen
        gate.pend(shown)
        shown.call_after_refresh(lambda: frame_out(gate, shown, get_time()))

    def _turn(self, seat: int) -> None:
        """The family's private screen for this phase, if it has one; else the
        seat plays a card from the table's own hand view."""
        screen = self.screen
        screen.hand.marked = None
        obs = screen.table.observe(seat)
        factory = screen.family.screens.get(obs.phase)
        if factory is not None:
            args = ScreenArgs(check=self.flow.why_not, hint=screen.hand.hint_text, humans=len(screen.humans),
                              table=screen)
            chooser, to_action = factory(obs, args)
            self.flow.choosing()
            self.app.push_screen(chooser, lambda result: self.flow.chosen(to_action(result)))
            return
        screen.refresh_view()
        screen.say("")

    def ask_leave(self) -> None:
        """Esc: "Leave this game?" (or close the table one hosts), saying what is kept."""
        from .confirm import ConfirmScreen

        screen, app = self.screen, self.app
        table = screen.table
        closes = table.hosted

        def leave(yes: Optional[bool]) -> None:
            if yes:
                self.flow.stop()
                if closes:
                    app.post_message(CloseTable(table))
                    return
                app.run_worker(table.close(), group="table-close")  # a connection, if any
                app.post_message(BackToMenu())

        if getattr(table, "gone", ""):  # a table server's table is gone: no seat waits, nothing to ask
            leave(True)
            return
        if closes:
            app.push_screen(ConfirmScreen(f"Close the table?{table.leave_note}"), leave)
            return
        storage = app.storage()
        if table.leave_note:
            saved = table.leave_note
        elif screen.coach is not None:
            saved = " A tutorial is not saved; the menu starts it again."
        elif storage is None:
            saved = ""
        elif storage.save_dirs(app.save_dir).autosave.exists():
            saved = " It is saved; Continue on the menu resumes it."
        else:  # resumed from Saved games and no move since: nothing new to keep
            saved = " It stays in Saved games, unfinished; c there resumes it."
        app.push_screen(ConfirmScreen(f"Leave this game?{saved}"), leave)

    def missing_bots(self) -> None:
        """Say which bots this game lacks, and who plays those seats instead."""
        from ...bots import bots_for
        from ...engine import registry

        screen = self.screen
        missing = screen.table.missing_bots
        if missing:
            what = f" for {screen.spec.name}" if screen.spec.name != registry.default_game().name else ""
            screen.notify(f"{', '.join(missing)} bots are not available{what} yet; "
                          f"{bots_for(screen.spec.name)[0]} bots play those seats.", severity="warning")
