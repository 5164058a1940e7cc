"""What a table screen plays through: a seat source.

A screen draws observations and sends actions; it never holds a game. The
source decides what happens next (:meth:`SeatSource.next_step`), hands the
screen each action as its viewer saw it (:class:`Applied`), and takes the
actions of the seats at this screen. :class:`~.local.LocalTable` runs the game
in this process with its bots; a remote source is one seat at a table server.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Optional, Protocol, Sequence

from ..engine.protocol import GameSpec, Observation, Seat

if TYPE_CHECKING:  # news comes from a table server only
    from .news import News

__all__ = ["Applied", "Next", "Step", "SeatSource", "Observation"]


@dataclass(frozen=True)
class Applied:
    """One action as a viewer saw it: ``action`` is None where the viewer only
    learns that ``actor`` acted (a card laid face down at another seat)."""

    actor: Optional[int]
    action: Any
    before: Observation  # the viewer's observation before it
    after: Observation  # and after
    note: str = ""  # something the players should know (a bot failed and played its first legal move)


class Next(enum.Enum):
    OVER = "over"  # the game is over
    TABLE = "table"  # the table acts (a deal): ``Step.action``
    OTHERS = "others"  # seats not at this screen act (bots, or players elsewhere): wait for them
    HUMAN = "human"  # a person at this screen acts: one of ``Step.seats``
    GONE = "gone"  # the table is gone before the end (its server closed): nothing more comes


@dataclass(frozen=True)
class Step:
    kind: Next
    seats: tuple[int, ...] = ()
    action: Any = None


class SeatSource(Protocol):
    """The table as a screen sees it."""

    spec: GameSpec
    seats: tuple[Seat, ...]
    players: int
    humans: tuple[int, ...]  # the seats played at this screen
    missing_bots: tuple[str, ...]  # bots asked for that do not play this game (others took their seats)
    hosted: bool  # the table server runs in this app: leaving the seat closes the table

    @property
    def has_bots(self) -> bool:
        """Bots move at this screen's pace (the speed and skip keys apply)."""
        ...

    @property
    def can_undo(self) -> bool:
        """A card may be taken back (one person against bots, in this process)."""
        ...

    @property
    def leave_note(self) -> str:
        """What leaving the table means for its game, or "" (the app's saving says)."""
        ...

    @property
    def can_chat(self) -> bool:
        """The table takes chat lines (a table server): see :meth:`chat`."""
        ...

    def chat(self, text: str) -> None:
        """Say one line to everyone at the table; it comes back as :class:`Chat` news."""
        ...

    def listen(self, news: Callable[[News], None]) -> None:
        """Hear what the table tells besides moves (``table.news``): who is away,
        chat, an observation as soon as one arrives, the connection lost and
        regained, the table gone."""
        ...

    async def close(self) -> None:
        """The screen is done with the table (a connection closes)."""
        ...

    def observe(self, seat: int) -> Observation:
        """``seat``'s observation (a seat at this screen; any seat for public fields
        where no one plays here)."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def actions_taken(self) -> int:
        """How many actions the game has applied: a change means someone acted."""
        ...

    def next_step(self) -> Step: ...

    def why_illegal(self, action: Any) -> Optional[str]: ...

    def apply(self, action: Any, viewer: int) -> Optional[Applied]:
        """Apply an action of a seat at this screen; raise IllegalAction and change
        nothing if it is not legal. None: it was sent, and comes back through
        :meth:`others` like everyone else's."""
        ...

    def others(self, viewer: int, pace: Callable[[bool], Awaitable[None]], *,
               live: Callable[[], bool] = lambda: True) -> AsyncIterator[Applied]:
        """The actions of the seats not at this screen, as they land, until a seat
        here must act or the game is over. ``pace(in_turn)`` is awaited before each
        move: the bot delay for a move in turn, a pause for any. Nothing more is
        applied once ``live()`` is false (the screen is closing)."""
        ...

    def last_own_card(self) -> Optional[Any]:
        """The last action, if it was the lone person's here and nobody acted since."""
        ...

    def take_back(self) -> Any:
        """Undo the last action (``can_undo`` only); returns it."""
        ...

    def retell(self, viewer: int) -> Sequence[Applied]:
        """This round so far, for a resumed table's log."""
        ...
