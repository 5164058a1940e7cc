"""One seat at a table server: the seat source of ``ohseven join`` and the host's
own seat. The server holds the game and runs the bots; this side sees only its
seat's observations and the other seats' moves as that seat may know them.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any, AsyncIterator, Awaitable, Callable, Optional, Sequence

from ..engine.errors import IllegalAction
from ..engine.protocol import Observation, Seat
from .news import Away, Chat, Clock, Gone, Lost, News, Regained, Seen, StoodIn
from .source import Applied, Next, Step

__all__ = ["RemoteTable"]

_BACK = object()  # in the queue of moves: the table stopped waiting for someone away


class RemoteTable:
    """A seat source over a connected :class:`~ohseven_tui.net.client.TableClient`.

    A reader task takes every message as it comes: moves go in a queue that
    :meth:`others` hands the screen; the table's status, chat lines and the
    finished game's record go to ``on_news(news)`` at once (``table.news``).
    """

    RETRY_FOR = 600.0  # seconds a lost connection is tried again before the table is given up
    # Chat is shown at a bounded pace whatever arrives (a server, or many seats,
    # may send lines faster than anyone reads): the newest lines wait, older ones
    # are counted as skipped, so a flood never keeps the app from answering keys.
    CHAT_SHOWN_EVERY = 0.1  # seconds between chat lines shown, at least
    CHAT_WAITING = 20  # lines that may wait to be shown
    RETRY_EVERY = (1.0, 2.0, 4.0, 5.0)  # the pauses between tries (the last repeats)
    CHAT_KEPT = 500  # lines of the table's chat kept for its history (c at the table), newest last

    def __init__(self, client: Any, first: Any, *, on_news: Optional[Callable[[News], None]] = None,
                 keep_record: Optional[Callable[[dict[str, Any]], None]] = None,
                 rejoin: Optional[tuple[str, str, str]] = None) -> None:
        self.client = client
        self.rejoin = rejoin  # (address, code, name): how to take the seat again if the connection drops
        self.spec = client.spec
        # A watcher (the table's watch code) has no seat: it sees the table face down,
        # as every seat sees it alike, from the first seat's place, and never acts.
        self.watcher = client.seat < 0
        self.seat: int = first.observation.seat if self.watcher else client.seat
        self.humans: tuple[int, ...] = () if self.watcher else (self.seat,)
        self._obs = first.observation
        self.latest: Any = first.observation
        self.seats: tuple[Seat, ...] = tuple(self._obs.seats)
        self.players = len(self.seats)
        self._taken = first.seq
        self._told: list[Applied] = []  # this round's moves seen here (a late joiner sees from then on)
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._sent = False  # an action of ours is on its way: wait for the server's answer
        self.gone = ""  # why the table is gone (the connection closed), once it is
        self.away: tuple[int, ...] = ()  # seats whose players are gone for now: the table waits for them
        self.on_news = on_news
        self.keep_record = keep_record  # files the finished game's record (a joined player's copy)
        self._reader: Optional[asyncio.Task[None]] = None
        self._chat: deque[Chat] = deque()
        # Every line heard at this table, for as long as the app is at it: never in a save
        # (what the people say to each other is theirs, not the game's record).
        self.chat_history: deque[tuple[str, str]] = deque(maxlen=self.CHAT_KEPT)
        self._chat_skipped = 0
        self._chat_shower: Optional[asyncio.Task[None]] = None
        # Another game at this table (a rematch): the series and who asked, for the game-over
        # screen (``on_rematch()`` when it changes); the next game's seat source once it
        # starts (``on_next_game(source)``, or kept until asked for).
        self.series: Any = None  # the table's last Series message
        self.asked = False  # this seat asked for another game
        self.on_rematch: Optional[Callable[[], None]] = None
        self.on_next_game: Optional[Callable[["RemoteTable"], None]] = None
        self.next_game: Optional["RemoteTable"] = None

    @classmethod
    async def join(cls, address: str, code: str, name: str, *,
                   joined: Optional[Callable[[Any], None]] = None,
                   status: Optional[Callable[[str], None]] = None) -> "RemoteTable":
        """Take a seat with its code and wait for the table to start (its first
        update). ``joined(client)`` once the seat is ours, ``status(words)`` while it
        waits for the others. JoinError if refused, or if the table closes first."""
        from ..net.client import Goodbye, JoinError, Status, TableClient, Update, Welcome

        client = await TableClient.connect(address, code, name)
        if joined is not None:
            joined(client)
        while True:
            msg = await client.next_message()
            if isinstance(msg, Welcome) and joined is not None:  # seated elsewhere in the waiting room
                joined(client)
            elif isinstance(msg, Status) and status is not None:
                status(msg.message)
            elif isinstance(msg, Goodbye):
                raise JoinError(f"the table closed: {msg.reason}")
            elif isinstance(msg, Update):
                return cls(client, msg, rejoin=(address, code, name))

    def start(self) -> None:
        """Start reading the server's messages (on the running loop)."""
        if self._reader is None:
            self._reader = asyncio.get_running_loop().create_task(self._read())

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self._chat_shower is not None:
            self._chat_shower.cancel()
        await self.client.close()

    async def _read(self) -> None:
        from ..net.client import ChatLine, Error, Goodbye, Record, Series, Status, Update
        from ..net.client import Clock as TurnClock
        from ..net.client import StoodIn as MadeForUs

        while True:
            msg = await self.client.next_message()
            if isinstance(msg, Update) and msg.actor is None and msg.seq == 0 and self.latest.winners \
                    and not msg.observation.winners:
                self._next_game(msg)  # a rematch: the next game reads from here on
                return
            if isinstance(msg, Series):
                self.series = msg
                self._rematch_news()
            elif isinstance(msg, (Update, Error)):
                self._queue.put_nowait(msg)
                if isinstance(msg, Update):
                    self.latest = msg.observation  # the table as it is now, before the screen takes the move
                    self._news(Seen(msg.observation))  # shown at once (a bid screen may be up)
            elif isinstance(msg, Status):
                self._rematch_news()  # who left the table: a game-over screen says so
                away = tuple(s for s, on in enumerate(msg.connected) if not on and s not in self.humans)
                if away != self.away:
                    self.away = away
                    if not away:
                        self._queue.put_nowait(_BACK)  # a screen waiting in others() takes its turn now
                # A seat a bot plays while its player is away is away all the same.
                gone = tuple(s for s, on in enumerate(msg.connected) if not on or s in msg.standins)
                self._news(Away(gone, msg.message, self.waiting_note or self._standin_note(msg.standins)))
            elif isinstance(msg, ChatLine):
                self._hear_chat(Chat(msg.seat, msg.text))
            elif isinstance(msg, TurnClock):
                self._news(Clock(msg.seconds))  # the screen counts down
            elif isinstance(msg, MadeForUs):
                self._news(StoodIn(msg.moves, msg.actions))  # back at the seat: what a bot did for us
            elif isinstance(msg, Record):
                if self.keep_record is not None:
                    self.keep_record(msg.save)
            elif isinstance(msg, Goodbye):
                # Lost (not sent away): take the seat again with its code, as the player would.
                if self.client.closed and self.rejoin is not None and not self.is_over and await self._reconnect():
                    continue
                self.gone = msg.reason or "the table closed"
                self._queue.put_nowait(msg)
                self._news(Gone(self.gone, self.gone_note))
                self._rematch_news()  # no other game: a game-over screen says so
                return

    # -- another game (a rematch) ---------------------------------------------------
    @property
    def can_rematch(self) -> bool:
        """A seat (not a watcher) still at the table, its game over: it may ask for another."""
        return not self.watcher and not self.gone and bool(self.latest.winners)

    def ask_rematch(self) -> None:
        """Ask the table for another game with the same seats (once the game is over)."""
        if self.can_rematch and not self.asked:
            self.asked = True
            asyncio.get_running_loop().create_task(self.client.rematch())
            self._rematch_news()

    def _rematch_news(self) -> None:
        if self.on_rematch is not None:
            self.on_rematch()

    def _next_game(self, first: Any) -> None:
        """The table started another game: a seat source of its own over the same
        connection, which keeps this one's record keeper, chat and hosting."""
        source = RemoteTable(self.client, first, keep_record=self.keep_record, rejoin=self.rejoin)
        source.hosted = self.hosted
        source.chat_history = self.chat_history
        source.series = self.series
        self.next_game = source
        if self.on_next_game is not None:
            self.on_next_game(source)

    def _hear_chat(self, line: Chat) -> None:
        seats = self._obs.seats
        self.chat_history.append((seats[line.seat].name if 0 <= line.seat < len(seats) else f"seat {line.seat + 1}",
                                  line.text))
        self._chat.append(line)
        if len(self._chat) > self.CHAT_WAITING:
            self._chat.popleft()
            self._chat_skipped += 1
        if self._chat_shower is None or self._chat_shower.done():
            self._chat_shower = asyncio.get_running_loop().create_task(self._show_chat())

    async def _show_chat(self) -> None:
        while self._chat:
            line = self._chat.popleft()
            if self._chat_skipped:
                line, self._chat_skipped = Chat(line.seat, line.text, self._chat_skipped), 0
            self._news(line)
            await asyncio.sleep(self.CHAT_SHOWN_EVERY)

    async def _reconnect(self) -> bool:
        """Join again with the seat's code until it works or RETRY_FOR runs out (a
        table server restarted with --continue takes the same codes)."""
        assert self.rejoin is not None
        address, code, name = self.rejoin
        self.rejoining = True
        try:
            return await self._join_again(address, code, name)
        finally:
            self.rejoining = False

    async def _join_again(self, address: str, code: str, name: str) -> bool:
        from ..net.client import JoinError, TableClient

        self._news(Lost("Lost the connection to the table; joining again…"))
        loop = asyncio.get_running_loop()
        until = loop.time() + self.RETRY_FOR
        tries = 0
        while loop.time() < until:
            await asyncio.sleep(self.RETRY_EVERY[min(tries, len(self.RETRY_EVERY) - 1)])
            tries += 1
            try:
                client = await TableClient.connect(address, code, name, timeout=10.0)
            except JoinError:
                continue
            if (client.seat < 0) != self.watcher or not self.watcher and client.seat != self.seat \
                    or client.spec is not self.spec:
                await client.close()
                return False  # another table now answers there
            self.client = client
            self._sent = False  # ours may or may not have landed: the next observation says
            self._news(Regained("Back at the table."))
            return True
        return False

    def listen(self, news: Callable[[News], None]) -> None:
        """``news(...)`` hears who is away (:class:`Away`), chat lines, each
        observation as it arrives (:class:`Seen`, before the screen takes its move
        from :meth:`others`), a dropped and regained connection, and the table's
        end (:class:`Gone`)."""
        self.on_news = news

    @property
    def can_chat(self) -> bool:
        # once the connection is over, nobody hears a line; a watcher reads the chat only
        return not self.gone and not self.watcher

    def chat(self, text: str) -> None:
        asyncio.get_running_loop().create_task(self.client.chat(text))

    hosted = False  # the table server runs in this app: leaving the seat closes the table
    rejoining = False  # the connection dropped: joining again; no move can be sent meanwhile
    missing_bots: tuple[str, ...] = ()  # the server chose its bots

    @property
    def leave_note(self) -> str:
        if self.hosted:
            return " Everyone at it is sent away; it is saved, and ohseven host --continue brings it back."
        return " Your seat waits for you: join again with the same code to take it back."

    def _news(self, news: News) -> None:
        if self.on_news is not None:
            self.on_news(news)

    # -- reading ------------------------------------------------------------------
    @property
    def has_bots(self) -> bool:
        return False  # none that move at this screen's pace: the server paces its bots

    @property
    def can_undo(self) -> bool:
        return False  # a card on a shared table stands

    def observe(self, seat: int) -> Observation:
        if seat != self.seat:
            raise ValueError(f"seat {seat}'s observation is not this screen's")
        return self._obs

    @property
    def is_over(self) -> bool:
        return bool(self._obs.winners)

    @property
    def actions_taken(self) -> int:
        return self._taken

    @property
    def waiting_note(self) -> str:
        """Why nobody may act just now ('' when the table plays on)."""
        if not self.away:
            return ""
        names = " and ".join(self._obs.seats[s].name for s in self.away)
        return f"The table waits for {names} to come back; it goes on when they do."

    def _standin_note(self, seats: Sequence[int]) -> str:
        """Who a bot plays for while they are away ('' for nobody): never 'everyone is here'."""
        names = " and ".join(self._obs.seats[s].name for s in seats if 0 <= s < len(self._obs.seats))
        return f"A bot plays for {names} until they come back." if names else ""

    @property
    def gone_note(self) -> str:
        """Why this seat is no longer at the table ('' while it is)."""
        return f"Disconnected: {self.gone}. Esc goes back to the menu." if self.gone else ""

    def why_illegal(self, action: Any) -> Optional[str]:
        if self.gone:
            return self.gone_note
        if self.rejoining:
            return "Joining the table again: your move waits until you are back."
        if self.away:
            return self.waiting_note
        if action in self._obs.legal_actions:
            return None
        return "That is not a legal move now."

    def next_step(self) -> Step:
        if self.is_over:
            return Step(Next.OVER)
        if not self._queue.empty():
            return Step(Next.OTHERS)  # what came is shown first (the last move may come with the goodbye)
        if self.gone:
            return Step(Next.GONE)
        if not self._sent and not self.away and self.humans and self.seat in self._obs.to_act \
                and self._obs.legal_actions:
            return Step(Next.HUMAN, (self.seat,))
        return Step(Next.OTHERS)

    # -- moving the game on ---------------------------------------------------------
    def apply(self, action: Any, viewer: int) -> None:
        """Send our action; it comes back through :meth:`others` once the server
        has applied it (or an error line if it would not)."""
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        self._sent = True
        asyncio.get_running_loop().create_task(self.client.act(action))
        return None

    async def others(self, viewer: int, pace: Callable[[bool], Awaitable[None]], *,
                     live: Callable[[], bool] = lambda: True) -> AsyncIterator[Applied]:
        """The moves as the server sends them (ours among them), until it is our
        turn again or the game is over. The server paces its bots."""
        from ..net.client import Error, Goodbye

        while self.next_step().kind is Next.OTHERS:
            msg = await self._queue.get()
            if not live():
                return
            if msg is _BACK:
                continue  # everyone is back: the loop's test says whether it is our turn
            if isinstance(msg, Goodbye):
                continue  # the news told of it; what came before it has been shown
            if isinstance(msg, Error):
                self._sent = False
                yield Applied(None, None, self._obs, self._obs, note=msg.text)
                continue
            before, self._obs = self._obs, msg.observation
            self._taken = msg.seq
            if msg.actor == self.seat and not self.watcher:
                self._sent = False
            applied = Applied(msg.actor, msg.action, before, self._obs)
            if self._obs.round_number != before.round_number:
                self._told.clear()
            self._told.append(applied)
            yield applied

    def retell(self, viewer: int) -> Sequence[Applied]:
        return tuple(self._told)

    def last_own_card(self) -> Optional[Any]:
        return None

    def take_back(self) -> Any:
        raise IllegalAction("a card on a shared table stands")
