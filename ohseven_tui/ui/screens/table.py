"""The table: the screen that draws a game, of any family, and takes its keys.

What happens next is the table's flow (``ohseven_tui.table.flow``, headless): who
acts, the bots at their pace, a won trick held, undo's window, the hot-seat
hand-offs, each told as a typed event. ``table_stage`` draws those events and opens
the screens they need, ``table_hand`` draws the hand and plays it; every word about
a family's phases comes from that family's UI package (``ui.families``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from ...engine.protocol import TableView
from ...table import Applied, Observation, SeatSource
from ...table.flow import Flow, TableFlow
from ..cards import ascii_suits, card_text, cards_text, line_text
from ..families import family_ui
from ..messages import SetPace
from ..narration import Line, Told, line
from ..plain import printable, sentence
from ..scheduling import ScreenClock
from ..widgets.hand import HandView
from ..widgets.keys import KeysFooter, number_keys
from ..widgets.log import TableLog
from ..widgets.seats import SeatsView
from ..widgets.status import StatusLine, fit_rows
from ..widgets.table_area import TableArea
from .table_hand import TableHand
from .table_stage import TableStage

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp
    from ..tutorial import Coach

__all__ = ["Flow", "TableScreen"]


class TableScreen(Screen):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    CSS_PATH = "table.tcss"
    BINDINGS = [
        Binding("enter", "act", "Play"),
        Binding("left", "move(-1)", "Select", key_display="←→/1-7"),
        Binding("right", "move(1)", "Select", show=False),
        *[Binding(str(i + 1), f"select({i})", "Select", show=False) for i in range(9)],
        Binding("h", "hint", "Hint"),
        Binding("space", "sweep", "Go on"),
        Binding("o", "sort", "Sort", show=False),
        Binding("u", "undo", "Undo"),  # your last card, against bots, until another seat acts
        Binding("u", "undo_quiet", "Undo", show=False),  # the same at your next turn: the footer is full then
        Binding("l", "last_trick", "Last trick"),
        Binding("c", "chat", "Chat"),  # a table over the network only
        Binding("t", "scoresheet", "Scores"),
        Binding("s", "skip", "Skip"),
        Binding("p", "pause", "Pause"),
        Binding("p", "resume", "Resume"),  # the same key; the footer names what it does now
        Binding("plus,equals_sign", "speed(-1)", "Speed", key_display="+/-"),
        Binding("minus", "speed(1)", "Slower", show=False),
        Binding("escape", "leave", "Menu"),
    ]
    # Where the footer is short of room, these go first (each key still works; F1 lists them).
    FOOTER_DROP = ("chat", "scoresheet", "last_trick", "speed", "leave", "move", "undo", "skip")

    _event_rows = 1  # the event line's rows now
    _message_rows = 1  # the message line's rows now (a long hint takes two)
    away_seats: tuple[int, ...] = ()  # a table server's seats whose players are away, as last told
    away_note = ""  # and what the table waits for, or who plays for them, as last told
    turn_clock: Optional[Timer] = None  # the countdown of a table server's turn clock, while it runs

    def __init__(self, table: SeatSource, *, coach: Optional["Coach"] = None) -> None:
        super().__init__()
        self.table = table
        self.coach = coach  # a tutorial: its steps and its hints (its bots and no saving are the source's)
        self.spec = table.spec
        self.family = family_ui(self.spec)
        self.humans = list(table.humans)
        self.watching = not self.humans  # watch mode: bots only (not `watch`: that is a Textual method)
        self.hand_sort = "suit"  # or "rank": the settings' choice, switched with o
        self.hand = TableHand(self)  # the hand: drawn from what the flow gives, and its keys
        hold = (lambda: coach.step(self)) if coach is not None else None  # a tutorial's note holds the table
        self.stage = TableStage(self)  # the flow's events, drawn
        self.controller = TableFlow(table, self.stage, ScreenClock(self), delay=lambda: self.delay, live=self._on_stack,
                                    hold=hold)
        for key, name, label in self.family.table_keys:  # the family's own actions at a turn to play (a raise)
            self._bindings.bind(key, f"family({name!r})", label)
            self._bindings.bind(key, f"family_refused({name!r})", label, show=False)  # not offered; says why not

    @property
    def acting(self) -> Optional[int]:
        """The human whose card play the table waits for, or None."""
        return self.controller.acting

    @property
    def viewer(self) -> Optional[int]:
        return self.controller.viewer

    # -- layout -------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield TableArea(id="table")
            yield SeatsView(id="seats")
            yield TableLog(id="log")
        with Vertical(id="bottom"):
            # What just happened (the log's newest line), where the log is not in view.
            yield Static("", id="event")
            yield StatusLine("", id="status")
            yield Static("", id="message", classes="-empty")
            yield HandView(id="hand", slots=self.spec.max_hand)
        yield KeysFooter(compact=True)

    def on_resize(self) -> None:
        if self.query(SeatsView) and self._fit():
            self.refresh_view()  # the seats' columns for their new room

    def _fit(self) -> bool:
        """Seats round a table from 80x24 up; below, the compact list of seats. The
        log sits beside the table only where there is room for both. True if the
        seats' room changed."""
        width, height = self.app.size
        compact = width < 80 or height < 24
        self.set_class(compact, "-compact")
        self.set_class(not compact and width >= 110, "-wide")
        self.set_class(width >= 150 and height >= 45, "-huge")  # a wider log beside the big table
        # Compact: the seats' columns whole in three quarters of the width, the log beside them.
        seats = self.query_one(SeatsView)
        seats.styles.max_width = width * 3 // 4 if compact else None
        room = width * 3 // 4 - 2 if compact else None  # less the padding
        changed, seats.room = room != seats.room, room
        return changed

    def on_mount(self) -> None:
        if not self.query(SeatsView):  # pushed as the app closed: its children were never mounted
            return
        sort = getattr(getattr(self.app, "settings", None), "hand_sort", None)
        if sort in ("suit", "rank"):
            self.hand_sort = sort
        self._fit()
        # Fixed size for the seats, so a move repaints without a layout pass.
        longest = max(len(printable(s.name)) for s in self.table.seats)
        seats = self.query_one(SeatsView)
        seats.styles.width = 42 + min(longest + 2, 16)
        seats.styles.height = self.table.players + 2  # header, seats, key (fewer where the rows are short)
        # acting, paused, delay, trick held, undo, the family's table keys that act now
        self._bindings_state: Optional[tuple[Optional[int], bool, float, bool, bool, tuple[str, ...], int]] = None
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refresh_view())  # suit shades
        self.watch(self.app, "bot_delay", self._pace_changed, init=False)
        self.stage.missing_bots()
        obs = self.public()
        if obs.round_number and self.table.actions_taken:
            self.retell()
            view = obs.view
            of = f" of {view.rounds}" if view.rounds else ""
            # A table server's watcher joins a game under way: nothing of theirs resumes.
            said = "Watching from" if getattr(self.table, "watcher", False) else "Resumed:"
            self.log_line(Text(f"{said} {view.round_word} {obs.round_number}{of}."))
        self.refresh_view()
        self.call_after_refresh(self.controller.advance)

    # -- reading the game -----------------------------------------------------
    def public(self) -> Observation:
        """The viewer's observation (seat 0's in watch mode, for public fields only)."""
        return self.table.observe(self._seen_by())

    def _seen_by(self) -> int:
        """The seat whose observation the table shows (seat 0's public fields in watch mode)."""
        return self.controller.seen_by

    def seat_name(self, seat: int) -> str:
        return printable(self.table.seats[seat].name)  # names are shown, never parsed: no markup, no escapes

    @property
    def ascii(self) -> bool:
        return getattr(self.app, "ascii_cards", False)

    def card(self, card, dim: bool = False) -> Text:
        return card_text(card, ascii=self.ascii, dark=self.app.current_theme.dark, dim=dim)

    def cards(self, cards) -> Text:
        return cards_text(cards, ascii=self.ascii, dark=self.app.current_theme.dark)

    def plain(self, message: str) -> str:
        return ascii_suits(message) if self.ascii else message

    # -- drawing --------------------------------------------------------------
    def table_view(self, obs: Observation) -> TableView:
        """The family's picture of the table, or names, turn and totals."""
        return self.controller.table_view(obs)

    def refresh_view(self) -> None:
        obs = self.public()
        dark = self.app.current_theme.dark
        picture = self.table_view(obs)
        you = self.viewer if len(self.humans) == 1 else None
        self.query_one(TableArea).show(picture, self.viewer if self.viewer is not None else 0, you=you,
                                       ascii=self.ascii, dark=dark, motion=self.controller.motion())
        self.query_one(StatusLine).show(self.status_lines(obs), ascii=self.ascii, dark=dark)
        self.hand.draw(obs, picture)
        self.show_seats(obs)  # after the bottom's lines: the rows they leave
        self.refresh_keys()

    def show_seats(self, obs: Optional[Observation] = None) -> None:
        """The seats, in the rows the bottom's lines leave them on a small screen."""
        seats = self.query_one(SeatsView)
        seats.rows = self._seat_rows()
        seats.show(obs or self.public(), self.viewer, ascii=self.ascii, dark=self.app.current_theme.dark,
                   humans=len(self.humans), away=self.away_seats)

    def _seat_rows(self) -> Optional[int]:
        """Below 80x24, the rows left for the list of seats: the screen less the footer
        and the bottom's lines as they are now (None: the table, no limit)."""
        if not self.has_class("-compact"):
            return None
        message = self.query_one("#message", Static)
        bottom = (self.query_one(StatusLine).rows + (0 if message.has_class("-empty") else self._message_rows)
                  + self.query_one(HandView).rows)
        return max(1, self.app.size.height - 1 - bottom)

    def _cuts_seats(self, message: Text) -> bool:
        """Below 80x24, would ``message`` under the seats leave a seat's row out of sight?"""
        if not self.has_class("-compact") or not self.query(SeatsView):
            return False
        rows = 1 if message.cell_len <= max(1, self.app.size.width - 2) else 2  # its padding: one cell a side
        bottom = self.query_one(StatusLine).rows + rows + self.query_one(HandView).rows
        return self.app.size.height - 1 - bottom < self.table.players

    def footer_key_display(self, binding: Binding) -> Optional[str]:
        """The number keys there are cards for (the hand shrinks a card a trick)."""
        return number_keys(len(self.query_one(HandView).cards)) if binding.action == "move(-1)" else None

    def refresh_keys(self) -> None:
        flow = self.controller
        state = (self.acting, flow.paused, self.delay, flow.state is Flow.TRICK, flow.undo_refusal() is None,
                 self.hand.family_actions(), len(self.query_one(HandView).cards))
        if state != self._bindings_state:  # the footer recomposes: only when it changes
            self._bindings_state = state
            self.refresh_bindings()

    def status_lines(self, obs: Observation) -> list[Line]:
        """The family's status line, with the table's own PAUSED mark."""
        you = None
        seat = obs.to_act[0] if obs.to_act else None
        if seat is not None and seat == self.acting and seat == self.viewer:
            you = "you" if len(self.humans) == 1 else self.seat_name(seat)
        lines = list(self.family.status_lines(obs, self.seat_name, you=you))
        if self.watching and self.controller.paused:
            lines.append(line(" · "))
            lines.append(line("PAUSED", style="bold reverse"))
        return lines

    def say(self, message: str, *, error: bool = False) -> None:
        if error:
            message = sentence(message)
        widget = self.query_one("#message", Static)
        if message and self._cuts_seats(Text(self.plain(message))):
            # Below 80x24 the log beside the seats takes it: under them it pushed a seat's row out of sight.
            self.log_line(Text(self.plain(message), style="bold" if error else ""))
            message = ""
        widget.set_class(error, "error")
        empty = not message
        rows = self._message_rows
        self._message_rows = fit_rows(widget, Text(self.plain(message)), self._message_rows)
        if empty != widget.has_class("-empty") or rows != self._message_rows:
            widget.set_class(empty, "-empty")  # below 80x24 an empty line leaves its row to the seats
            if self.has_class("-compact") and self.query(SeatsView):
                self.show_seats()

    def log_line(self, text) -> None:
        if isinstance(text, Line):
            text = line_text(text, ascii=self.ascii, dark=self.app.current_theme.dark)
        elif isinstance(text, str):
            text = Text(self.plain(text))
        self.query_one(TableLog).write(text)
        self._event_rows = fit_rows(self.query_one("#event", Static), text, self._event_rows)

    def tell(self, told: Told) -> None:
        if told.clear:
            self.query_one(TableLog).clear()
            self.say("")  # "Skipping…" was about the round before
        for ln in told.lines:
            self.log_line(ln)

    def retell(self) -> None:
        """The log anew: this round so far, told again (a resumed game, an undo)."""
        self.hand.marked = None
        self.query_one(TableLog).clear()
        for applied in self.table.retell(self._seen_by()):
            self.narrate(applied)

    def narrate(self, applied: Applied) -> None:
        if applied.action is not None:  # None: the viewer only learns that a seat acted
            self.tell(self.family.narrate(applied.action, applied.before, applied.after, self.seat_name))

    def _on_stack(self) -> bool:
        """Still the live table? (Not once the app is closing: a bot's move landing
        then would find the widgets gone.)"""
        return self in self.app.screen_stack and self.is_attached and not self._closing

    def on_screen_resume(self) -> None:
        # After the closing screen's own callback, which may leave the game.
        self.call_later(self._check_window)

    def _check_window(self) -> None:
        if self.is_current:
            self.controller.resumed()

    # -- keys -----------------------------------------------------------------
    def check_action(self, action: str, parameters) -> Optional[bool]:
        """Only the keys that apply now (Textual 8: False hides a binding)."""
        if action == "sweep":
            return self.controller.state is Flow.TRICK
        if action == "chat":  # to speak, or (a watcher) to read what was said
            return self.table.can_chat or self._reads_chat()
        if action == "family":
            return parameters[0] in self.hand.family_actions()
        if action == "family_refused":
            return parameters[0] in self.hand.family_refusals()
        if action in ("act", "move", "select", "hint", "sort"):
            return self.acting is not None
        if action in ("undo", "undo_quiet"):
            return self.controller.undo_refusal() is None and (self.acting is None) == (action == "undo")
        # At a human's turn the footer keeps to what that turn needs (it must fit
        # in 80 columns); skip and speed are for while the bots move (see F1).
        if action in ("skip", "pause", "resume") and getattr(self.table, "watcher", False):
            return False  # a table server's watcher: the table keeps its own pace
        if action == "skip":
            return self.acting is None and (self.table.has_bots and self.delay > 0 or self.watching)
        if action in ("pause", "resume"):
            return self.watching and self.controller.paused == (action == "resume")
        if action == "speed":
            return self.table.has_bots and self.acting is None
        return True

    def action_act(self) -> None:
        if self.controller.state is Flow.TRICK:
            self.controller.sweep()
        else:
            self.hand.act()

    def action_family(self, name: str) -> None:
        self.hand.family(name)

    # The same key while its action is not allowed: hidden from the footer, and it says why.
    action_family_refused = action_family

    def action_move(self, step: int) -> None:
        self.hand.move(step)

    def action_select(self, index: int) -> None:
        self.hand.select(index)

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        self.hand.clicked(message.index, message.card)

    def action_undo(self) -> None:
        self.hand.undo()

    def action_undo_quiet(self) -> None:
        self.hand.undo()

    def action_hint(self) -> None:
        self.hand.hint()

    def action_sweep(self) -> None:
        """Sweep the won trick to its winner now (the pause is skipped)."""
        self.controller.sweep()

    def action_sort(self) -> None:
        """Order the hand by suit (trumps first) or by rank."""
        self.hand_sort = "rank" if self.hand_sort == "suit" else "suit"
        self.refresh_view()
        self.say(f"Hand sorted by {self.hand_sort}.")

    def action_chat(self) -> None:
        from .chat import ChatScreen

        def send(text: Optional[str]) -> None:
            if text and self.table.can_chat:
                self.table.chat(text)

        history = getattr(self.table, "chat_history", None)
        if self.table.can_chat or self._reads_chat():
            self.app.push_screen(ChatScreen(tuple(history or ()), speak=self.table.can_chat), send)

    def _reads_chat(self) -> bool:
        """A table server's watcher, still at the table: it reads the chat, it does not speak."""
        return bool(getattr(self.table, "watcher", False)) and not getattr(self.table, "gone", "")

    def action_last_trick(self) -> None:
        from .last_trick import LastTrickScreen

        self.app.push_screen(LastTrickScreen(self.public()))

    def action_scoresheet(self) -> None:
        from .scoresheet import ScoresheetScreen

        self.app.push_screen(ScoresheetScreen(self.public(), final=False, review=True))

    def action_skip(self) -> None:
        self.controller.skip()
        # "the end of the hand" in a game of hands
        self.say("Skipping ahead…" if not self.watching else f"Skipping to the end of the {self.public().view.round_word}…")

    def action_resume(self) -> None:
        self.action_pause()

    def action_pause(self) -> None:
        if not self.watching:
            return
        self.controller.pause()
        self.refresh_view()

    def action_speed(self, step: int) -> None:
        """Bot pacing: instant, fast, normal, slow (+ faster, - slower)."""
        from ..setup import BOT_SPEEDS

        speeds = sorted(set(BOT_SPEEDS.values()) | {self.delay})
        index = min(max(speeds.index(self.delay) + step, 0), len(speeds) - 1)
        delay = speeds[index]
        self.set_delay(delay)
        message = f"Bot speed: {'instant' if not delay else f'{delay:g} s a move'}"
        if self.is_current:
            self.say(message)
        else:
            self.notify(message, timeout=2)

    @property
    def delay(self) -> float:
        """The bots' pace: the app's (its one home; the settings and the speed keys set it)."""
        return max(0.0, self.app.bot_delay)

    def set_delay(self, delay: float) -> None:
        """The bots' pace from now on (the move being waited for too): the app's, asked for."""
        self.app.post_message(SetPace(max(0.0, delay)))

    def _pace_changed(self, _delay: float) -> None:
        if self.is_attached:
            self.refresh_view()
            self.controller.wake()  # the move being waited for goes at the new pace

    def action_leave(self) -> None:
        self.stage.ask_leave()
