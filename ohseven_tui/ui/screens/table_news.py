"""What a table server tells besides moves (``table.news``), drawn on the table and
on the private screen over it: who is away and back, chat, the connection."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from rich.text import Text

from ...table import news as told
from ...table.flow import Flow
from ..plain import printable

if TYPE_CHECKING:
    from .table import TableScreen

__all__ = ["tell_news"]

STOOD_IN_NAMED = 6  # the moves a bot made for a player while they were away, named in the line that tells them


def tell_news(table: "TableScreen", news: told.News) -> None:
    """Draw one piece of news on ``table`` (and the bid or pass screen over it)."""
    if isinstance(news, told.Away):
        # Told when someone goes or comes back; every move's status would drown the log.
        # A bot taking an away seat changes the note, not the seats: told all the same.
        if (news.seats, news.note) != (table.away_seats, table.away_note):
            if news.seats or table.away_seats:
                if news.seats:  # who went (the log keeps it); everyone back is said where the player looks, once
                    table.log_line(Text(table.plain(printable(news.message))))
                _tell_waiting(table, printable(news.note))
            table.away_seats, table.away_note = news.seats, news.note
            table.refresh_view()  # the seats mark who is away
            chooser = table.stage.chooser()
            if chooser is not None and chooser.is_mounted:
                chooser.show_seats()
    elif isinstance(news, told.Seen):
        for screen in table.stage.choosers():
            screen.show_table(news.observation)
    elif isinstance(news, told.Chat):
        if news.skipped:
            table.log_line(Text(table.plain(f"({news.skipped} chat lines came too fast to show)")))
        words = table.plain(f"{table.seat_name(news.seat)}: {printable(news.text)}")
        table.log_line(Text(words))
        if table.app.screen is not table:  # a bid or a pass on top hides the log: shown over it
            table.app.notify(words, markup=False, timeout=8)
    elif isinstance(news, told.Clock):
        _count_down(table, news.seconds)
    elif isinstance(news, told.StoodIn):
        _tell_stood_in(table, news)
    elif isinstance(news, (told.Lost, told.Regained)):
        _tell(table, news.text, error=isinstance(news, told.Lost))  # once: not in the log as well
    elif isinstance(news, told.Gone):
        if table.controller.state is Flow.PLAYING:
            table.controller.set_state(Flow.READY)  # no card of ours can land now: the hand stops offering one
            table.refresh_view()
        table.refresh_bindings()  # chat, too, is over
        words = printable(news.note or f"Disconnected: {news.reason}.")
        table.say(words, error=True)
        chooser = table.stage.chooser()
        if chooser is not None:
            chooser.say(words, error=True)


def _tell_stood_in(table: "TableScreen", news: told.StoodIn) -> None:
    """One line in the log, once the seat is taken again: what a bot did for the player
    while they were away, each move in the family's words (over a bid screen too)."""
    shown = news.actions[-STOOD_IN_NAMED:]  # one line: a whole round of moves would be a paragraph
    named = ", ".join(w for w in (table.family.own_move_words(a) for a in shown) if w)
    moves = "a move" if news.moves == 1 else f"{news.moves} moves"
    last = "" if not named else f": {named}" if len(shown) == news.moves else f", the last: {named}"
    words = table.plain(f"While you were away a bot made {moves} for you{last}.")
    table.log_line(Text(words))
    if table.app.screen is not table:  # a bid or a pass on top hides the log: shown over it
        table.app.notify(words, markup=False, timeout=12)


def _count_down(table: "TableScreen", seconds: int) -> None:
    """The turn clock: the time left, each second, where the player is looking, until
    the seat has acted (or the bot moved for it)."""
    if table.turn_clock is not None:
        table.turn_clock.stop()
    until = time.monotonic() + seconds

    def tick() -> None:
        left = math.ceil(until - time.monotonic())
        latest = getattr(table.table, "latest", None)  # the table as the server last told it
        if left <= 0 or latest is None or latest.seat not in latest.to_act or not table.is_attached:
            if table.turn_clock is not None:
                table.turn_clock.stop()
                table.turn_clock = None
            return
        words = f"{left} s left to act; then a bot moves for you."
        chooser = table.stage.chooser()
        if chooser is not None and chooser.is_mounted:
            chooser.say(words)
        else:
            table.say(words)

    table.turn_clock = table.set_interval(1, tick)
    table.call_later(tick)


def _tell_waiting(table: "TableScreen", note: str) -> None:
    """Someone is away (``note`` says the table waits for them, or which bot plays
    for them) or everyone is back (``note`` is empty): told where the player is looking."""
    _tell(table, note or "Everyone is at the table.")


def _tell(table: "TableScreen", words: str, *, error: bool = False) -> None:
    """One line where the player is looking: the bid or pass screen over the table, or the table."""
    chooser = table.stage.chooser()
    if chooser is not None:
        chooser.say(words, error=error)
    else:
        table.say(words, error=error)
