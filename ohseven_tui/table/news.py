"""What a table tells besides moves, as typed news (a table server's: who is away,
chat, the connection). A seat source hands these to :meth:`SeatSource.listen`;
the table's flow passes them on to its stage. Imports no textual or rich."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

__all__ = ["Away", "Chat", "Clock", "Gone", "Lost", "News", "Regained", "Seen", "StoodIn"]


@dataclass(frozen=True)
class Away:
    """Who is away now (``seats``; empty: everyone is back). ``message`` is the
    table's own words; ``note`` says what the table waits for, or ""."""

    seats: tuple[int, ...]
    message: str = ""
    note: str = ""


@dataclass(frozen=True)
class Chat:
    """A chat line from ``seat``; ``skipped``: lines that came too fast to show, before it."""

    seat: int
    text: str
    skipped: int = 0


@dataclass(frozen=True)
class Seen:
    """An observation arrived (shown at once: a bid screen may be up)."""

    observation: Any


@dataclass(frozen=True)
class Lost:
    """The connection dropped; the seat is being taken again."""

    text: str


@dataclass(frozen=True)
class Regained:
    """Back at the table after a dropped connection."""

    text: str


@dataclass(frozen=True)
class Gone:
    """The table is gone for this seat; ``note`` says so to the player."""

    reason: str
    note: str


@dataclass(frozen=True)
class Clock:
    """The table's turn clock: this seat has ``seconds`` from now to act, then a bot moves for it."""

    seconds: int


@dataclass(frozen=True)
class StoodIn:
    """Back at the seat: a bot made ``moves`` moves for it meanwhile, the last of them
    ``actions`` (oldest first)."""

    moves: int
    actions: tuple[Any, ...]


News = Union[Away, Chat, Seen, Lost, Regained, Gone, Clock, StoodIn]
