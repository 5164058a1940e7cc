"""What screens ask of the app, as messages posted up to it (``self.app.post_message``):
the app owns which screen comes next; a screen never calls into it for that."""

from __future__ import annotations

from typing import Any, Optional

from textual.message import Message

__all__ = ["StartGame", "NewGame", "BackToMenu", "StartTutorial", "OpenJoin", "OpenRemoteTable", "CloseTable",
           "ChangeSettings", "ShowHelp", "ShowSettings", "SkipAhead", "LeaveTable", "TableLeft", "Hosting",
           "SetPace"]


class StartGame(Message):
    """Open the table for ``game`` (asking first about another unfinished game)."""

    def __init__(self, game: Any, *, bot_delay: Optional[float] = None,
                 new_label: str = "start the new game") -> None:
        super().__init__()
        self.game, self.bot_delay, self.new_label = game, bot_delay, new_label


class NewGame(Message):
    """Open the setup of a new game."""


class BackToMenu(Message):
    """Close every screen down to the main menu."""


class StartTutorial(Message):
    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game


class OpenJoin(Message):
    """Open the join-a-table screen."""


class OpenRemoteTable(Message):
    """Open the table for one seat at a table server (``keep_copy``: file the finished
    game in this player's saves; ``next_game``: the table's next game, a rematch, whose
    table replaces the finished one's screens)."""

    def __init__(self, source: Any, *, keep_copy: bool = True, next_game: bool = False) -> None:
        super().__init__()
        self.source, self.keep_copy, self.next_game = source, keep_copy, next_game


class CloseTable(Message):
    """Close the table this app hosts (everyone at it is sent away), then the menu.
    ``seat``: the host's own seat source, closed after the table (were it closed
    first, the others would hear the host is away, as if the table would wait)."""

    def __init__(self, seat: Any = None) -> None:
        super().__init__()
        self.seat = seat


class ChangeSettings(Message):
    """Change and save settings (``apply``: redraw what they change at once)."""

    def __init__(self, *, apply: bool = True, **changes: Any) -> None:
        super().__init__()
        self.changes, self.apply = changes, apply


class ShowHelp(Message):
    """Open the rules and keys."""


class ShowSettings(Message):
    """Open the settings."""


class SkipAhead(Message):
    """Watching or waiting for bots: skip ahead (the table's ``s``)."""


class LeaveTable(Message):
    """Ask to leave the table in play (the table's Esc), from a screen over it."""


class TableLeft(Message):
    """The game-over screen of a table at a server was left: ``seat`` (its seat source)
    leaves the table, and a table this app hosts closes for everyone."""

    def __init__(self, seat: Any) -> None:
        super().__init__()
        self.seat = seat


class Hosting(Message):
    """This app now runs ``server`` (a table server that listens): the F2 panel and
    the seats' news follow it."""

    def __init__(self, server: Any) -> None:
        super().__init__()
        self.server = server


class SetPace(Message):
    """The bots' pace from now on, in seconds a move (the table's speed keys)."""

    def __init__(self, delay: float) -> None:
        super().__init__()
        self.delay = delay
