"""The table server: the only game state of a networked table, its bots, its
autosave, and one websocket connection per human seat (docs/network.md).

``TableServer`` runs on the caller's asyncio loop (``await server.start()``,
``server.address``, ``await server.close()``); ``ohseven host`` runs it headless
(``run_headless``). A client sees only its own seat's observation and what the
game's spec lets it know of each action (``GameSpec.action_for``); never another
seat's cards, the seed or the deck order while the game is on (the finished game's
record, sent to each player once it is over, holds the seed).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import secrets
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from http import HTTPStatus
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.http11 import Request, Response
from websockets.protocol import State

from .. import storage
from ..engine import registry
from ..engine.protocol import GameSpec, GameState, Seat
from ..safetext import one_line, printable
from ..seatnames import table_names
from ..table.flow import Moved, TableFlow
from ..table.local import Keeping, LocalTable
from . import protocol as p
from . import wire
from .origin import from_another_site

__all__ = ["TableServer", "TableError", "new_code", "host_dirs", "HOST_STATE", "TABLE_FILE", "LOCK_SECONDS", "MAX_WRONG_CODES",
           "machine_address"]

HOST_STATE = "host"  # under the saves' state folder: the table's autosave and its codes
TABLE_FILE = "table.json"  # the join codes and the table's setup (0600), beside the autosave
MAX_WRONG_CODES = 5  # wrong codes from one address before it is shut out
LOCK_SECONDS = 60.0
HELLO_SECONDS = 30.0  # a connection that says no hello by then is closed
FRAME_LIMIT = 256 * 1024  # bigger frames close the connection (1009); up to it, one error line
WRITE_NOW_LIMIT = 2**15  # bytes the system has not taken yet, past which a message waits its turn
CHAT_BURST = 5  # chat lines a seat may send at once, however many times it joins again
CHAT_EVERY = 2.0  # seconds that earn a seat one more line, up to the burst
# Through an SSH tunnel every friend comes from 127.0.0.1: the caps leave room for a
# full table of them, and stop one client from opening connections without end.
MAX_PER_ADDRESS = 24  # connections open at once from one address
MAX_CONNECTIONS = 64  # connections open at once in all
CONNECT_BURST = 30  # connections an address may open at once
CONNECT_EVERY = 2.0  # seconds that earn an address one more, up to the burst
CHAT_BURST_VAR = "OHSEVEN_TEST_CHAT_BURST"  # tests only: a larger burst (a slow reader flooded by chat)
_clock = time.monotonic  # the tests freeze it
QUEUE_LIMIT = 512  # messages waiting for a slow client before it is dropped (it may reconnect)
HUMAN = "human"
WATCH = -1  # a watcher's connection: no seat
MAX_WATCHERS = 16  # watchers at once (within the connection limits)


_SAVING = ThreadPoolExecutor(max_workers=64, thread_name_prefix="table-save")  # threads start as needed


CODE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
CODE_LENGTH = 17  # 17 of 62 letters and digits: 101 random bits


def new_code() -> str:
    """A seat's join code: 17 random letters and digits (101 bits). Nothing a chat
    program rewrites (``_x_`` as italics, ``--`` as a dash) and never a leading ``-``,
    so the host's join line survives being pasted to a friend."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


class TableError(Exception):
    """A table that cannot be set up or continued (one readable sentence)."""


EVERY_ADDRESS = ("0.0.0.0", "::", "")


def machine_address(*, ipv6: bool = False) -> Optional[str]:
    """This machine's own address on its network (the one its traffic leaves by),
    or None. Nothing is sent: connecting a UDP socket only picks the route."""
    import socket

    probes = [(socket.AF_INET6, "2001:db8::1"), (socket.AF_INET, "192.0.2.1")]
    for family, target in probes if ipv6 else probes[1:]:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as udp:
                udp.connect((target, 9))
                found = str(udp.getsockname()[0])
        except OSError:
            continue
        if found not in EVERY_ADDRESS and not found.startswith(("127.", "fe80:")) and found != "::1":
            return found
    try:
        named = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET6 if ipv6 else socket.AF_INET)
    except OSError:
        named = []
    for info in named:
        found = str(info[4][0])
        if not found.startswith(("127.", "fe80:")) and found not in ("::1", *EVERY_ADDRESS):
            return found
    return None


def _address(ws: ServerConnection) -> str:
    return str(ws.remote_address[0]) if ws.remote_address else "?"


def host_dirs(save_dir: Path | str | None = None) -> storage.SaveDirs:
    """The table's folders: finished games go with the player's saves (the review
    lists them); the autosave and the codes live in their own folder, so a hosted
    table never replaces the local unfinished game."""
    dirs = storage.save_dirs(save_dir)
    return storage.SaveDirs(saves=dirs.saves, state=dirs.state / HOST_STATE)


@dataclass(eq=False)  # one connection is one object (a watcher is kept in a set)
class _Conn:
    ws: ServerConnection
    seat: int
    queue: "asyncio.Queue[Optional[str]]" = field(default_factory=asyncio.Queue)
    writer: Optional["asyncio.Task[None]"] = None
    record_sent: bool = False
    last: Any = None  # the observation this connection got last: an update sends what changed


class _Allowance:
    """So many at once (``burst``), then one more every ``every`` seconds."""

    def __init__(self, burst: int, every: float) -> None:
        self.burst, self.every = float(burst), every
        self.left = self.burst
        self.at: Optional[float] = None

    def take(self) -> bool:
        now = _clock()
        if self.at is not None:
            self.left = min(self.burst, self.left + (now - self.at) / self.every)
        self.at = now
        if self.left < 1:
            return False
        self.left -= 1
        return True


def _chat_burst() -> int:
    text = os.environ.get(CHAT_BURST_VAR, "")
    return int(text) if text.isdigit() else CHAT_BURST


class TableServer:
    """One table. ``players`` names each seat's player: ``"human"`` or a bot strength."""

    def __init__(self, spec: GameSpec, options: dict[str, Any], players: Sequence[str], *,
                 host: str = "127.0.0.1", port: int = 0, save_dir: Path | str | None = None,
                 bot_delay: float = 0.0, codes: Optional[dict[int, str]] = None,
                 game: Optional[GameState] = None, on_change: Optional[Callable[["TableServer"], None]] = None,
                 autosave: bool = True, watch_code: Optional[str] = None, turn_clock: Optional[int] = None) -> None:
        self.spec = spec
        self.options = spec.check_options(options)
        if len(players) != self.options["players"]:
            raise TableError(f"{len(players)} seats named for {self.options['players']} players")
        self.players = list(players)
        self.humans = [s for s, kind in enumerate(players) if kind == HUMAN]
        if not self.humans:
            raise TableError("a table needs at least one human seat")
        self.host, self.port = host, port
        self.bound_to = host  # as asked (a name stays a name): --continue listens there again
        self._join_host = str(host)  # where friends join (see join_address)
        self.dirs = host_dirs(save_dir)
        self.bot_delay = bot_delay
        self.codes: dict[int, str] = dict(codes) if codes else {s: new_code() for s in self.humans}
        if sorted(self.codes) != self.humans:
            raise TableError("the saved codes do not match the table's human seats")
        self.watch_code = watch_code or new_code()  # one for every watcher: the table face down
        self.turn_clock = turn_clock  # seconds a person has to act, then a bot moves for them (None: no clock)
        self._clocks: dict[int, tuple[object, Any]] = {}  # seat -> (this turn's token, its timer)
        self._clock_move: Optional[tuple[int, str]] = None  # (seat, bot) of the move the clock is making
        defaults = table_names({}, len(players))  # a bot seat's name until the players' are known
        self.names: dict[int, str] = {s: f"Seat {s + 1}" if s in self.humans else defaults[s]
                                      for s in range(len(players))}
        self.joined: set[int] = set()
        self.game: Optional[GameState] = game
        self.seq = len(game.history) if game is not None else 0
        self.turn_since = [0] * len(players)
        self.standins: dict[int, str] = {}  # human seats the host handed to a bot
        # seat -> (the game, its moves) when its player's connection ended: what a bot made
        # for it since is told when they come back
        self._left_at: dict[int, tuple[Any, int]] = {}
        self.bots: dict[int, Any] = {}
        self.conns: dict[int, _Conn] = {}
        self.watchers: set[_Conn] = set()
        self._watch_view: tuple[int, Any] = (-1, None)  # (seq, the watchers' observation then)
        self.on_change = on_change
        self.on_chat: Optional[Callable[[int, str], None]] = None  # (seat, line): a chat line, as the seats hear it
        self.autosave = autosave
        self.saved_path: Optional[Path] = None
        self._log = storage.AutosaveLog(self.dirs, app={"host": True})
        self.last_error: str = ""  # the last failure of a save (the table goes on)
        self.chat_burst = _chat_burst()
        self._wrong: dict[str, tuple[int, float]] = {}  # address -> (wrong codes, shut out until)
        self._chat: dict[int, _Allowance] = {}  # seat -> the lines it may send (not per connection)
        self._connects: dict[str, _Allowance] = {}  # address -> the connections it may open
        self._open: dict[str, int] = {}  # address -> connections open now
        self.max_per_address = MAX_PER_ADDRESS
        self.max_connections = MAX_CONNECTIONS
        self.connect_burst = CONNECT_BURST
        self.hello_seconds = HELLO_SECONDS
        self._lock = asyncio.Lock()
        self._over = asyncio.Event()
        self._ended = asyncio.Event()  # the game is over and every player has left: nothing more to come
        # The series: each game after the first is a rematch with the same seats and codes.
        self.series_games = 0  # games finished (and filed) at this table
        self.series_totals = [0] * len(players)  # per seat: the sum of those games' final totals
        self.series_won = [0] * len(players)  # per seat: the games it won (or shared)
        self.rematch_asked: set[int] = set()  # human seats that want another game, once this one is over
        self._filed = False  # the finished game is filed and told (a rematch may start)
        self._server: Optional[Server] = None
        self.flow: Optional[TableFlow] = None  # the one table flow, once the game is on
        self._loop = _Loop()  # its scheduling: the bots' task on this loop
        self._finishing: Optional["asyncio.Task[None]"] = None  # the finished game being filed, then told
        self._closing = False
        self._told: Any = None  # what the players last heard of who is at the table
        self._thread_loop: Optional[asyncio.AbstractEventLoop] = None  # start_in_thread's own loop
        self._thread: Optional[threading.Thread] = None
        if game is not None:
            self.joined = set(self.humans)
            self.names = {s: seat.name for s, seat in enumerate(game.seats)}
            self._make_bots()
            self._turns(())

    # ------------------------------------------------------------------ lifecycle
    @classmethod
    def continue_table(cls, save_dir: Path | str | None = None, *, host: Optional[str] = None,
                       port: Optional[int] = None, **kwargs: Any) -> "TableServer":
        """The table of the last ``ohseven host`` in this save folder, from its codes
        file and autosave (the game as it stood, the same codes), listening where it
        listened unless ``host`` or ``port`` say otherwise (its players reconnect there)."""
        dirs = host_dirs(save_dir)
        path = dirs.state / TABLE_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            spec = registry.game_spec(data["game"])
            players = [str(x) for x in data["players"]]
            codes = {int(k): str(v) for k, v in data["codes"].items()}
            options = dict(data["options"])
            standins = {int(k): str(v) for k, v in data.get("standins", {}).items()}
            watch_code = data.get("watch")
            if watch_code is not None and not isinstance(watch_code, str):
                raise ValueError("its watch code is not text")
            was_host, was_port = data.get("bind", "127.0.0.1"), data.get("port", 8765)
            if not isinstance(was_host, str) or type(was_port) is not int or not 0 <= was_port <= 65535:
                raise ValueError("its address is not a host and a port")
            clock = data.get("turn_clock")
            if clock is not None and (type(clock) is not int or not 1 <= clock <= 86400):
                raise ValueError("its turn clock is not 1 to 86400 seconds")
        except FileNotFoundError:
            raise TableError(f"no table to continue in {printable(dirs.state)}") from None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise TableError(f"cannot read the table's file {printable(path)}: {one_line(exc)}") from None
        try:
            game = storage.load_autosave(dirs)
        except storage.SaveError as exc:
            raise TableError(one_line(exc, 300)) from None
        if game is not None and (game.spec is not spec or len(game.seats) != len(players)):
            raise TableError("the autosave is not this table's game")
        if kwargs.get("turn_clock") is None:  # --turn-clock given again overrides the table's own
            kwargs["turn_clock"] = clock
        table = cls(spec, options, players, codes=codes, game=game, save_dir=save_dir, watch_code=watch_code,
                    host=was_host if host is None else host, port=was_port if port is None else port, **kwargs)
        from ..bots import bots_for

        # The seats the host had handed to a bot stay the bot's until their players come back.
        playing = bots_for(spec.name)
        table.standins = {s: kind for s, kind in standins.items() if s in table.humans and kind in playing}
        if game is not None:
            table._make_bots()
        return table

    async def start(self) -> None:
        self._server = await serve(self._handle, self.host, self.port, max_size=FRAME_LIMIT, compression=None,
                                   max_queue=16, ping_interval=20, ping_timeout=20, server_header=None,
                                   process_request=self._admit)
        sock = self._server.sockets[0]
        self.host, self.port = sock.getsockname()[:2]
        self._join_host = str(self.host)
        if self._join_host in EVERY_ADDRESS:  # no friend can join at 0.0.0.0: name this machine's address
            ipv6 = ":" in self._join_host
            self._join_host = machine_address(ipv6=ipv6) or ("::1" if ipv6 else "127.0.0.1")  # no network: this machine
        self._write_table_file()  # once it listens: a table that never opened leaves nothing to continue
        if self.game is not None:  # a table continued: it goes on where it stood
            self._begin_flow()
        self._changed()

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in str(self.host) else self.host
        return f"ws://{host}:{self.port}"

    @property
    def join_address(self) -> str:
        """The address friends join at: ``address``, but for a table bound to every
        address of the machine (0.0.0.0, ::) one of the machine's own."""
        host = self._join_host
        return f"ws://[{host}]:{self.port}" if ":" in host else f"ws://{host}:{self.port}"

    async def wait_over(self) -> None:
        await self._over.wait()

    async def wait_ended(self) -> None:
        """Until a game is over and every player has left the table (no rematch can come)."""
        await self._ended.wait()

    async def start_in_thread(self) -> None:
        """Start the table on a thread and event loop of its own. A host with a screen
        uses it: the host's screen redrawing never delays the table's answers to the
        others. Its controls (``close``, ``hand_to_bot``, ``status``) may then be called
        from the app's loop; ``on_change`` and ``on_chat`` are called on the table's
        thread, so they must hand over to their own loop (``call_soon_threadsafe``)."""
        # The threads share one interpreter lock: the app's drawing hands it over
        # within a millisecond (the default is 5 ms), so the table answers in time.
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
        loop = asyncio.new_event_loop()
        self._thread_loop = loop
        self._thread = threading.Thread(target=loop.run_forever, name="table-server", daemon=True)
        self._thread.start()
        try:
            await self._on_thread(self.start())
        except BaseException:
            self._stop_thread()
            raise

    def _elsewhere(self) -> bool:
        """Called from another thread than the table's own (start_in_thread)?"""
        return self._thread is not None and threading.current_thread() is not self._thread

    async def _on_thread(self, work: Any) -> Any:
        assert self._thread_loop is not None
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, self._thread_loop))

    def _wait_on_thread(self, call: Callable[[], Any]) -> Any:
        """``call()`` on the table's thread, its result here (a moment: the table's
        loop does nothing slow)."""
        assert self._thread_loop is not None

        async def run() -> Any:
            return call()

        return asyncio.run_coroutine_threadsafe(run(), self._thread_loop).result(timeout=30)

    def _stop_thread(self) -> None:
        loop, thread = self._thread_loop, self._thread
        if loop is None or thread is None:
            return
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=30)
        if not thread.is_alive():
            loop.close()
        self._thread_loop = self._thread = None

    async def close(self, reason: Optional[str] = "the host closed the table") -> None:
        """Send everyone away with ``reason`` and stop listening. ``None``: no goodbye,
        the connections just end, as a killed host's would (the players' apps try
        again, and ``--continue`` brings the table back)."""
        if self._elsewhere():
            try:
                await self._on_thread(self.close(reason))
            finally:
                self._stop_thread()
            return
        self._closing = True
        if self.flow is not None:
            self.flow.stop()
            task = self._loop.task
            if task is not None:
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass
        for conn in self._everyone():
            if reason is not None:
                self._send(conn, p.Goodbye(reason))
            conn.queue.put_nowait(None)  # the writer closes the connection after the last message
        writers = [c.writer for c in self._everyone() if c.writer is not None]
        if writers:
            await asyncio.wait(writers, timeout=5)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._log.close()

    # ------------------------------------------------------------------ the host's controls
    def hand_to_bot(self, seat: int, strength: str = "") -> str:
        """Let a bot play a disconnected human seat until its player comes back with the
        code. Returns one line saying what happened (or why not)."""
        from ..bots import bots_for, default_bot

        if self._elsewhere():
            said: str = self._wait_on_thread(lambda: self.hand_to_bot(seat, strength))
            return said
        if not 0 <= seat < len(self.players):
            return f"there is no seat {seat + 1}: this table has seats 1 to {len(self.players)}"
        if seat not in self.humans:
            return f"seat {seat + 1} is not a human seat"
        if seat in self.conns:
            return f"seat {seat + 1} is connected; only an empty seat goes to a bot"
        playing = bots_for(self.spec.name)
        strength = strength or default_bot(self.spec.name)
        if strength not in playing:
            return f"the bots that play this game are {', '.join(playing)}"
        if self.game is None:  # the waiting room: the seat is a bot's for this game
            if seat in self.joined:
                return f"{self.names[seat]} has joined seat {seat + 1}; only a seat nobody has joined goes to a bot"
            if len(self.humans) == 1:
                return "a table needs at least one human seat"
            self.players[seat] = strength
            del self.codes[seat]
            self._seated()
            return f"seat {seat + 1} is the {strength} bot's; its code no longer joins"
        self.standins[seat] = strength
        if self.game is not None:
            self._make_bots()
        self._keep_standins()  # a continued table keeps the bot in the seat
        self._changed()
        return f"the {strength} bot plays seat {seat + 1} until {self.names[seat]} comes back with the code"

    def move_seat(self, a: int, b: int) -> str:
        """Before the start: seats ``a`` and ``b`` change places, each with its player,
        code and name. One line saying what happened (or why not)."""
        if self._elsewhere():
            said: str = self._wait_on_thread(lambda: self.move_seat(a, b))
            return said
        n = len(self.players)
        for seat in (a, b):
            if not 0 <= seat < n:
                return f"there is no seat {seat + 1}: this table has seats 1 to {n}"
        if self.game is not None:
            return "the game has started: seats are moved in the waiting room"
        if a == b:
            return f"seat {a + 1} is where it is"
        self._swap(a, b)
        return f"seat {a + 1} and seat {b + 1} changed places"

    def _swap(self, a: int, b: int) -> None:
        """Seats ``a`` and ``b`` change places before the start; the players there hear their new seats."""
        def swapped(seat: int) -> int:
            return b if seat == a else a if seat == b else seat

        self.players[a], self.players[b] = self.players[b], self.players[a]
        self.codes = {swapped(s): c for s, c in self.codes.items()}
        self.names = {swapped(s): name for s, name in self.names.items()}
        self.joined = {swapped(s) for s in self.joined}
        self._chat = {swapped(s): allowance for s, allowance in self._chat.items()}  # a move refills nothing
        moved = [c for c in self.conns.values() if c.seat in (a, b)]
        self.conns = {swapped(s): c for s, c in self.conns.items()}
        for conn in moved:
            conn.seat = swapped(conn.seat)
        self._seated(moved)

    def _seated(self, moved: Sequence[_Conn] = ()) -> None:
        """The seats changed in the waiting room: the names again, the file, and everyone told."""
        self.humans = [s for s, kind in enumerate(self.players) if kind == HUMAN]
        defaults = table_names({}, len(self.players))
        self.names = {s: self.names[s] if s in self.joined else f"Seat {s + 1}" if s in self.humans else defaults[s]
                      for s in range(len(self.players))}
        seats = tuple((self.names[s], self.players[s]) for s in range(len(self.players)))
        for conn in moved:
            self._send(conn, p.Welcome(p.VERSION, conn.seat, self.spec.name, dict(self.options), seats))
        self._keep_standins()  # the table's file: a continued table has these seats
        self._told = None
        self._changed()

    def _sit(self, conn: _Conn, seat: int) -> None:
        """A player chooses a seat in the waiting room: any seat no joined player holds."""
        n = len(self.players)
        if conn.seat == WATCH:
            raise p.ProtocolError("you are watching: a watcher has no seat to choose")
        if self.game is not None:
            raise p.ProtocolError("the game has started: seats are chosen in the waiting room")
        if not 0 <= seat < n:
            raise p.ProtocolError(f"there is no seat {seat + 1}: this table has seats 1 to {n}")
        if seat == conn.seat:
            raise p.ProtocolError(f"you sit there already, at seat {seat + 1}")
        if seat in self.joined:
            raise p.ProtocolError(f"seat {seat + 1} is taken by {self.names[seat]}")
        self._swap(conn.seat, seat)

    def status(self) -> p.Status:
        if self._elsewhere():
            told: p.Status = self._wait_on_thread(self.status)
            return told
        return p.Status(self._connected(), self._waiting_for(), self._status_line(), tuple(sorted(self.standins)))

    def _connected(self) -> tuple[bool, ...]:
        return tuple(s not in self.humans or s in self.conns or s in self.standins for s in range(len(self.players)))

    def _waiting_for(self) -> tuple[int, ...]:
        if self.game is None:
            return tuple(s for s in self.humans if s not in self.joined)
        if self.game.is_over:
            return ()
        away = self._away()
        return away or tuple(self.game.to_act())

    def _away(self) -> tuple[int, ...]:
        return tuple(s for s in self.humans if s not in self.conns and s not in self.standins)

    def _status_line(self) -> str:
        # a seat nobody has named yet is just its number: not "Seat 2 (seat 2)"
        name = lambda s: f"seat {s + 1}" if self.names[s] == f"Seat {s + 1}" else f"{self.names[s]} (seat {s + 1})"
        if self.game is None:
            wait = [name(s) for s in self.humans if s not in self.joined]
            # In a game played in sides (the spec's), who partners whom as seated now.
            sides = self.spec.view(self.options).sides
            partners = "".join(f"; {' and '.join(self.names[s] for s in side)} are partners" for side in sides
                               if sum(s in self.joined for s in side) > 1)
            return f"waiting for {', '.join(wait)} to join{partners}"
        game = self.game
        score = ", ".join(f"{self.names[s]} {t}" for s, t in enumerate(game.totals))
        series = self._series_line()
        if game.is_over:
            won = " and ".join(self.names[s] for s in game.winners) or "nobody"
            return f"game over: {won} won; score {score}{series}; {self._rematch_line()}"
        away = self._away()
        if away:
            return f"waiting for {', '.join(name(s) for s in away)} to come back; score {score}"
        if game.round_number < 1:
            return f"the game begins: the first deal; score {score}"
        acting = ", ".join(name(s) for s in game.to_act()) or "the table"
        bots = "".join(f"; the {kind} bot plays for {name(s)}" for s, kind in sorted(self.standins.items()))
        return f"round {game.round_number}: {acting} to act; score {score}{bots}{series}"

    def _series_line(self) -> str:
        """The series so far ('' before a game is finished): each seat's running total and games won."""
        if not self.series_games:
            return ""
        games = self.series_games
        each = ", ".join(f"{self.names[s]} {t} ({self.series_won[s]} won)" for s, t in enumerate(self.series_totals))
        return f"; series after {games} game{'s' if games != 1 else ''}: {each}"

    def _rematch_line(self) -> str:
        """Who asked for another game and whom it waits for (at the end of a game)."""
        asked = [self.names[s] for s in self.humans if s in self.rematch_asked]
        gone = [self.names[s] for s in self.humans if s not in self.conns]
        waiting = [self.names[s] for s in self.humans if s not in self.rematch_asked and s in self.conns]
        if not asked:
            line = "another game? nobody has asked yet"
        else:
            line = f"{' and '.join(asked)} asked for another game"
            if waiting:
                line += f"; waiting for {' and '.join(waiting)} to ask"
        if gone:
            line += f"; {' and '.join(gone)} left the table: no other game unless they come back"
        return line

    # ------------------------------------------------------------------ connections
    def _refusal(self, address: str, origin: Optional[str], host: str) -> Optional[tuple[HTTPStatus, str]]:
        """Why a connection from ``address`` is refused before it opens, if it is."""
        # A web page names itself; a terminal client sends no Origin. Only the table's
        # own address may (as ``ohseven serve`` allows): a page elsewhere, or "null",
        # could otherwise spend an address's wrong codes and shut out every friend.
        if from_another_site(origin, host):
            return HTTPStatus.FORBIDDEN, "a web page cannot join this table: join from ohseven"
        if sum(self._open.values()) >= self.max_connections:
            return HTTPStatus.SERVICE_UNAVAILABLE, "the table is full: too many connections; try again later"
        if self._open.get(address, 0) >= self.max_per_address:
            return HTTPStatus.TOO_MANY_REQUESTS, "too many connections from your address: close some first"
        return None

    def _admit(self, ws: ServerConnection, request: Request) -> Optional[Response]:
        """Before the websocket opens: refused with one line of text (the client shows it)."""
        address = _address(ws)
        why = self._refusal(address, request.headers.get("Origin"), request.headers.get("Host", ""))
        allowance = self._connects.setdefault(address, _Allowance(self.connect_burst, CONNECT_EVERY))
        if why is None and not allowance.take():
            why = HTTPStatus.TOO_MANY_REQUESTS, "too many connections from your address: try again in a minute"
        return None if why is None else ws.respond(why[0], why[1] + "\n")

    async def _handle(self, ws: ServerConnection) -> None:
        address = _address(ws)
        why = self._refusal(address, None, "")  # again, counted exactly: handshakes overlap
        if why is not None:
            await ws.send(p.to_json(p.Error(why[1])))
            return
        self._open[address] = self._open.get(address, 0) + 1
        try:
            await self._greet(ws, address)
        finally:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]

    def _shut_out(self, address: str) -> bool:
        return self._wrong.get(address, (0, 0.0))[1] > asyncio.get_running_loop().time()

    async def _greet(self, ws: ServerConnection, address: str) -> None:
        """The hello, within ``hello_seconds`` of the connection opening, then the seat."""
        loop = asyncio.get_running_loop()
        locked_out = "too many wrong codes from your address: try again in a minute"
        if self._shut_out(address):
            await ws.send(p.to_json(p.Error(locked_out)))
            return
        deadline = loop.time() + self.hello_seconds
        seat = None
        try:
            while seat is None:
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.0, deadline - loop.time()))
                except asyncio.TimeoutError:
                    await ws.send(p.to_json(p.Goodbye("no hello")))
                    return
                try:
                    msg = p.parse_client(raw)
                except p.ProtocolError as exc:
                    await ws.send(p.to_json(p.Error(one_line(exc, 200))))
                    continue
                if not isinstance(msg, p.Hello):
                    await ws.send(p.to_json(p.Error("say hello first, with your join code")))
                    continue
                if msg.v != p.VERSION:
                    await ws.send(p.to_json(p.Error(f"this table speaks protocol version {p.VERSION}, not {msg.v}")))
                    return
                if self._shut_out(address):  # read at each code: parallel connections count together
                    await ws.send(p.to_json(p.Error(locked_out)))
                    return
                seat = self._seat_of(msg.code)
                if seat is None:
                    count = self._wrong.get(address, (0, 0.0))[0] + 1
                    locked = count >= MAX_WRONG_CODES
                    self._wrong[address] = (0 if locked else count, loop.time() + LOCK_SECONDS if locked else 0.0)
                    await asyncio.sleep(min(0.1 * 2 ** (count - 1), 2.0))  # a growing delay
                    if locked:
                        await ws.send(p.to_json(p.Error(locked_out)))
                        return
                    await ws.send(p.to_json(p.Error("that join code is not one of this table's")))
                    continue
                self._wrong.pop(address, None)
                self._join(seat, msg.name)
            conn = self._connect(ws, seat)
            await self._serve(conn)
        except ConnectionClosed:
            pass

    def _seat_of(self, code: str) -> Optional[int]:
        found = None
        given = code.encode("utf-8", "surrogatepass")
        for seat, real in [*self.codes.items(), (WATCH, self.watch_code)]:  # each compared, in constant time
            if hmac.compare_digest(given, real.encode("utf-8")):
                found = seat
        return found

    def _join(self, seat: int, name: str) -> None:
        if self.game is None and seat != WATCH:
            self.names[seat] = p.clean_text(name, p.MAX_NAME) or f"Seat {seat + 1}"
            self.joined.add(seat)

    def _connect(self, ws: ServerConnection, seat: int) -> _Conn:
        if seat == WATCH:
            return self._watch(ws)
        old = self.conns.get(seat)
        if old is not None:  # the newer connection takes the seat
            self._send(old, p.Goodbye("another connection joined with this seat's code"))
            old.queue.put_nowait(None)
        conn = _Conn(ws, seat)
        conn.writer = asyncio.get_running_loop().create_task(self._write(conn))
        self.conns[seat] = conn
        if self.standins.pop(seat, None) is not None:
            self.bots.pop(seat, None)  # the player is back
            self._keep_standins()
        seats = tuple((self.names[s], self.players[s]) for s in range(len(self.players)))
        self._send(conn, p.Welcome(p.VERSION, seat, self.spec.name, dict(self.options), seats))
        if self.game is None and set(self.humans) <= self.joined:
            self._start_game()  # sends every seat the table
        elif self.game is not None:
            self._update(conn, None, None, full=True)
            made = self._made_for(seat)
            if made:
                self._send(conn, p.StoodIn(len(made), made[-p.STOOD_IN_SHOWN:]))
            if self.game.is_over:
                self._send_record(conn)
            elif seat in self._clocks:
                self._start_clocks(again=seat)  # back: its time starts over, and it is told
        self._changed(joined=conn)
        return conn

    def _made_for(self, seat: int) -> tuple[Any, ...]:
        """The moves a bot made for ``seat`` since its player was last at the table,
        oldest first: its marked moves after the last one the player made (and, if this
        table saw them go, after they went). Nothing once the game is over."""
        game = self.game
        left = self._left_at.pop(seat, None)
        if game is None or game.is_over:
            return ()
        since = left[1] if left is not None and left[0] is game else 0
        marks = storage.stand_ins(game)
        made = []
        for index in range(len(game.history) - 1, since - 1, -1):
            action = game.history[index]
            if action.seat != seat:
                continue
            if index not in marks:
                break  # the player's own move: what came before it they saw
            made.append(action)
        return tuple(reversed(made))

    def _watch(self, ws: ServerConnection) -> _Conn:
        """A watcher: the table as every seat sees it alike, no seat, no action, no chat line."""
        conn = _Conn(ws, WATCH)
        conn.writer = asyncio.get_running_loop().create_task(self._write(conn))
        seats = tuple((self.names[s], self.players[s]) for s in range(len(self.players)))
        if len(self.watchers) >= MAX_WATCHERS:
            self._send(conn, p.Goodbye(f"the table has {MAX_WATCHERS} watchers already: try again later"))
            conn.queue.put_nowait(None)
            return conn
        self.watchers.add(conn)
        self._send(conn, p.Welcome(p.VERSION, WATCH, self.spec.name, dict(self.options), seats))
        if self.game is not None:
            self._update(conn, None, None, full=True)
        self._send(conn, self.status())
        return conn

    def _here(self, conn: _Conn) -> bool:
        """Is ``conn`` still the table's (not replaced, not dropped)?"""
        return conn in self.watchers if conn.seat == WATCH else self.conns.get(conn.seat) is conn

    def _everyone(self) -> list[_Conn]:
        return [*self.conns.values(), *self.watchers]

    async def _serve(self, conn: _Conn) -> None:
        try:
            async for raw in conn.ws:
                if not self._here(conn):
                    break  # replaced
                msg: Optional[p.ClientMessage] = None
                try:
                    msg = p.parse_client(raw)
                    await self._receive(conn, msg)
                except p.ProtocolError as exc:
                    self._send(conn, p.Error(one_line(exc, 200)))
                if isinstance(msg, p.Bye):
                    break
        except ConnectionClosed:
            pass
        finally:
            if conn.seat == WATCH:
                self.watchers.discard(conn)
            elif self.conns.get(conn.seat) is conn:
                del self.conns[conn.seat]
                if self.game is not None:
                    self._left_at[conn.seat] = (self.game, len(self.game.history))
                self._changed()
            conn.queue.put_nowait(None)

    async def _receive(self, conn: _Conn, msg: p.ClientMessage) -> None:
        if isinstance(msg, p.Hello):
            raise p.ProtocolError("you have joined already")
        if conn.seat == WATCH and isinstance(msg, p.Chat):
            raise p.ProtocolError("you are watching: watchers read the table's chat, only its seats speak")
        if conn.seat == WATCH and isinstance(msg, p.Act):
            raise p.ProtocolError("you are watching: a watcher cannot act")
        if isinstance(msg, p.Chat):
            text = p.clean_text(msg.text, p.MAX_CHAT)
            if not self._chat.setdefault(conn.seat, _Allowance(self.chat_burst, CHAT_EVERY)).take():
                raise p.ProtocolError(f"you are chatting too fast: a line every {CHAT_EVERY:g} seconds, please")
            if text:
                for other in self._everyone():
                    self._send(other, p.ChatLine(conn.seat, text))
                if self.on_chat is not None:  # the host hears it too (a headless host is a person at a terminal)
                    self.on_chat(conn.seat, text)
            return
        if isinstance(msg, p.Bye):
            return
        if isinstance(msg, p.Sit):
            self._sit(conn, msg.seat)
            return
        if isinstance(msg, p.Rematch):
            self._ask_rematch(conn)
            return
        game = self.game
        if game is None:
            raise p.ProtocolError("the game has not started: " + self._status_line())
        if game.is_over:
            raise p.ProtocolError("the game is over")
        try:
            action = self.spec.parse_action(msg.action)
        except (ValueError, TypeError) as exc:
            raise p.ProtocolError(one_line(exc, 200)) from None
        if getattr(action, "seat", None) != conn.seat:
            raise p.ProtocolError(f"you can act only for your own seat, seat {conn.seat + 1}")
        async with self._lock:  # checked and applied with no other action in between
            if game.is_over:
                raise p.ProtocolError("the game is over")
            if msg.seq > self.seq:
                raise p.ProtocolError(f"seq {msg.seq} is ahead of the table (now at {self.seq}): "
                                      "act on the latest update")
            if msg.seq < self.turn_since[conn.seat]:
                raise p.ProtocolError(f"the table has moved on (now at {self.seq}): act on the latest update")
            if self._away():
                raise p.ProtocolError("the table waits for a player to come back")
            why = game.why_illegal(action)
            if why is not None:
                raise p.ProtocolError(one_line(why, 200))
            assert self.flow is not None
            self.flow.act(action)

    def _update(self, conn: _Conn, actor: Optional[int], shown: Any, *, full: bool = False,
                shared: Optional[dict[Any, str]] = None) -> None:
        """The seat's observation now: whole when it joins or the game starts, else
        only the fields that changed since the last one this connection got."""
        assert self.game is not None
        obs = self._watched() if conn.seat == WATCH else self.game.observe(conn.seat)
        base, conn.last = (None if full else conn.last), obs
        self._send(conn, p.Update(self.seq, actor, shown, obs, base=base), shared)

    def _send(self, conn: _Conn, message: Any, shared: Optional[dict[Any, str]] = None) -> None:
        if conn.queue.qsize() >= QUEUE_LIMIT:  # a client that does not read: drop it, it may reconnect
            if conn.seat == WATCH and conn in self.watchers:
                self.watchers.discard(conn)
                conn.ws.transport.abort()
            elif self.conns.get(conn.seat) is conn:
                del self.conns[conn.seat]
                conn.ws.transport.abort()  # its writer may be stuck on a full socket
                self._changed()
            return
        text = p.to_json(message, self.spec, shared)
        if not self._write_now(conn, text):
            conn.queue.put_nowait(text)

    @staticmethod
    def _write_now(conn: _Conn, text: str) -> bool:
        """Hand the frame to the socket at once when nothing waits before it and the
        client keeps up: what ``ws.send`` does, without a task switch per message
        (the writer task then carries only what a slow client makes wait)."""
        ws = conn.ws
        transport = ws.transport
        if not conn.queue.empty() or ws.protocol.state is not State.OPEN or transport.is_closing() \
                or transport.get_write_buffer_size() > WRITE_NOW_LIMIT:
            return False
        try:
            ws.protocol.send_text(text.encode())
        except WebSocketException:
            return False
        for data in ws.protocol.data_to_send():
            if data:
                transport.write(data)
        return True

    async def _write(self, conn: _Conn) -> None:
        try:
            while True:
                text = await conn.queue.get()
                if text is None:
                    break
                await conn.ws.send(text)
        except ConnectionClosed:
            pass
        finally:
            await conn.ws.close()

    # ------------------------------------------------------------------ the game
    def _start_game(self) -> None:
        # As at a local table: every name distinct, the bots' from the default list.
        names = table_names({s: self.names[s] for s in self.humans}, len(self.players))
        self.names = dict(enumerate(names))
        seats = tuple(Seat(self.names[s], self.players[s]) for s in range(len(self.players)))
        self.game = self.spec.new_game(self.options, seed=secrets.randbelow(2**31), seats=seats)
        self.seq = 0
        self._make_bots()
        self._turns(())
        self._save()
        for conn in self._everyone():
            self._update(conn, None, None, full=True)
        self._begin_flow()

    def _make_bots(self) -> None:
        from ..bots import bots_for, make_bot

        assert self.game is not None
        playing = bots_for(self.spec.name)
        for seat, kind in enumerate(self.players):
            strength = self.standins.get(seat, kind)
            if strength != HUMAN and seat not in self.bots:
                self.bots[seat] = make_bot(strength if strength in playing else playing[0],
                                           seed=self.game.seed * 16 + seat)

    def _is_bot(self, seat: int) -> bool:
        return self.players[seat] != HUMAN or seat in self.standins

    def _turns(self, before: tuple[int, ...], phase: Any = None) -> None:
        """Remember when each seat's turn began: an action sent before it is stale."""
        assert self.game is not None
        moved = self.game.phase != phase
        for seat in self.game.to_act():
            if moved or seat not in before:
                self.turn_since[seat] = self.seq

    # -- the one table flow's stage (table/flow.py): the server only tells what happened
    def show(self, event: Any) -> None:
        """The flow tells a move: count it, then tell every seat. The rest (turns, a
        round's end) each player's own screen shows from its observation."""
        if isinstance(event, Moved):
            self._moved(event.applied.action, event.applied.before)

    def _moved(self, action: Any, before: Any) -> None:
        """An action is applied (and, unless it ended the game, in the autosave):
        tell every seat. No client ever sees an action the autosave does not hold:
        the finished game is filed first, off the loop, then told."""
        game = self.game
        assert game is not None
        self.seq += 1
        self._turns(tuple(before.to_act), before.phase)
        actor = getattr(action, "seat", None)
        if actor is not None:
            self._stop_clock(actor)
        if game.is_over:
            self._finishing = asyncio.get_running_loop().create_task(self._finish(actor, action))
            return
        self._tell(actor, action)
        self._start_clocks()
        self._changed()

    # -- the turn clock (--turn-clock), on the flow's scheduler
    def _start_clocks(self, again: Optional[int] = None) -> None:
        """A clock for each person whose turn it is and who has none running (``again``:
        that seat's starts over: its player just came back); each is told its time."""
        game = self.game
        if not self.turn_clock or game is None or game.is_over or self.flow is None or self._closing:
            return
        if again is not None:
            self._stop_clock(again)
        for seat in game.to_act():
            if seat not in self.humans or seat in self.standins or seat in self._clocks:
                continue
            token = object()
            timer = self._loop.later(self.turn_clock, partial(self._ran_out, seat, token))
            self._clocks[seat] = (token, timer)
            conn = self.conns.get(seat)
            if conn is not None:
                self._send(conn, p.Clock(self.turn_clock))

    def _stop_clock(self, seat: int) -> None:
        running = self._clocks.pop(seat, None)
        if running is not None:
            running[1].stop()

    def _ran_out(self, seat: int, token: object) -> None:
        if self._clocks.get(seat, (None,))[0] is not token:
            return  # acted meanwhile, or started over
        del self._clocks[seat]
        game = self.game
        if game is None or game.is_over or self._closing or seat not in game.to_act() or seat in self.standins:
            return
        if self._away():  # the table holds for someone away: this seat's time starts over with the game
            self._start_clocks()
            return
        asyncio.get_running_loop().create_task(self._move_for(seat))

    async def _move_for(self, seat: int) -> None:
        """The clock ran out: the default bot chooses the seat's move from its observation."""
        from ..bots import default_bot, make_bot

        game = self.game
        assert game is not None
        strength = default_bot(self.spec.name)
        bot = make_bot(strength, seed=game.seed * 16 + seat)
        try:
            action = await asyncio.to_thread(bot.choose, game.observe(seat))
        except Exception:  # a broken bot must not end the game: the first legal move
            action = None
        async with self._lock:
            if self.flow is None or self._closing or game.is_over or seat not in game.to_act() \
                    or seat in self._clocks or self._away():
                return  # acted, or its time started over, meanwhile
            if action is None or game.why_illegal(action) is not None:
                action = game.legal_actions(seat)[0]
            self._clock_move = (seat, strength)
            try:
                self.flow.act(action)
            finally:
                self._clock_move = None

    async def _finish(self, actor: Optional[int], action: Any) -> None:
        # Filing's fsyncs off the loop, on threads of their own: the tables' saves wait
        # on the disk side by side (the loop's default pool is shared with the bots).
        await asyncio.get_running_loop().run_in_executor(_SAVING, self._save)
        game = self.game
        assert game is not None
        self.series_games += 1
        for seat, total in enumerate(game.totals):
            self.series_totals[seat] += total
        for seat in game.winners:
            self.series_won[seat] += 1
        self._tell(actor, action)
        for conn in list(self.conns.values()):
            self._send_record(conn)
        self._filed = True
        self._over.set()
        self._changed()

    # -- a rematch: another game with the same seats and codes, once this one is over
    def _ask_rematch(self, conn: _Conn) -> None:
        """A seated player asks for another game; when every human seat has, it starts."""
        if conn.seat == WATCH:
            raise p.ProtocolError("you are watching: only the players ask for another game")
        if self.game is None or not self.game.is_over or not self._filed:
            raise p.ProtocolError("the game is not over: another game is asked for at its end")
        if conn.seat in self.rematch_asked:
            raise p.ProtocolError("you have asked for another game already: " + self._rematch_line())
        self.rematch_asked.add(conn.seat)
        if set(self.humans) <= self.rematch_asked:
            self._rematch()
        else:
            self._changed()

    def _rematch(self) -> None:
        """Every human seat asked: a new game with the same seats, names, codes and watch
        code, a new seed, filed as a game of its own; the series' totals go on."""
        if self.flow is not None:
            self.flow.stop()
        seats = tuple(Seat(self.names[s], self.players[s]) for s in range(len(self.players)))
        self.game = self.spec.new_game(self.options, seed=secrets.randbelow(2**31), seats=seats)
        self.seq = 0
        self.turn_since = [0] * len(self.players)
        self.rematch_asked = set()
        self._filed = False
        self._over.clear()
        self._watch_view = (-1, None)
        self.bots.clear()
        self._make_bots()
        self._turns(())
        try:
            self._write_table_file()  # --continue brings back this game (filing the last one removed it)
        except OSError as exc:
            self.last_error = one_line(exc, 200)
        self._save()
        for conn in self._everyone():
            conn.record_sent = False
            self._update(conn, None, None, full=True)
        self._begin_flow()
        self._changed()

    def _tell(self, actor: Optional[int], action: Any) -> None:
        shared: dict[Any, str] = {}  # a field equal for several seats is encoded once
        for conn in list(self.conns.values()):
            self._update(conn, actor, self.spec.action_for(action, conn.seat), shared=shared)
        if self.watchers:  # what every seat learns of it alike, or only that the actor acted
            known = [self.spec.action_for(action, s) for s in range(len(self.players))]
            shown = known[0] if all(k == known[0] for k in known) else None
            for conn in list(self.watchers):
                self._update(conn, actor, shown, shared=shared)

    def _watched(self) -> Any:
        """The watchers' observation: each field every seat sees alike as it is; a field
        that differs between seats (a hand, its legal actions, a card laid face down)
        blank. Read from the game's own observations, so no family is named here."""
        assert self.game is not None
        if self._watch_view[0] == self.seq:
            return self._watch_view[1]
        views = [self.game.observe(s) for s in range(len(self.players))]
        first = views[0]
        blank: dict[str, Any] = {}
        for name in wire.init_fields(type(first)):
            values = [getattr(v, name) for v in views]
            if name == "seat":
                blank[name] = 0  # the observation's own seat: the watcher looks from the first, at no hand
            elif name in ("hand", "legal_actions") or any(v != values[0] for v in values[1:]):
                blank[name] = _blank(values)  # never a hand or an action, even the table's own
        watched = p.Changes(blank).merged(first)
        self._watch_view = (self.seq, watched)
        return watched

    def _kept(self, game: Any) -> None:
        """After every action (the flow's source keeps it): a human seat's move that
        its stand-in bot made is marked as such, then one line appended to the
        autosave, cheaper than a hop to a thread; the finished game is filed by
        :meth:`_finish`."""
        seat = game.history[-1].seat if game.history else None
        if self._clock_move is not None and seat == self._clock_move[0]:
            storage.mark_stand_in(game, self._clock_move[1], "clock")
        elif seat in self.standins and seat in self.humans:
            storage.mark_stand_in(game, self.standins[seat], "away")
        if not game.is_over:
            self._save()

    def _begin_flow(self) -> None:
        """The game moves on through the one table flow (as at a local table): the
        table's own actions and the bots' (each in a thread, on its observation),
        paced by ``bot_delay``; the people act from their screens (:meth:`_receive`).
        It holds while a player is away."""
        assert self.game is not None
        self.flow = TableFlow(_ServerSeats(self, self.game), self, self._loop, delay=lambda: self.bot_delay,
                              live=lambda: not self._closing and not self._away(), hold=lambda: bool(self._away()),
                              remote=True)
        self.flow.advance()
        self._start_clocks()

    def _send_record(self, conn: _Conn) -> None:
        if not conn.record_sent and self.game is not None:
            conn.record_sent = True
            # with the game's id: the players' copies and the host's save are one game
            self._send(conn, p.Record(storage.save_data(self.game, game_id=storage.game_id(self.game))))

    def _save(self) -> None:
        if not self.autosave or self.game is None:
            return
        try:
            if self.game.is_over:
                self._log.close()
                self.saved_path = storage.finish_game(self.dirs, self.game)
                (self.dirs.state / TABLE_FILE).unlink(missing_ok=True)
            else:
                # No fsync per move: a killed server's autosave holds every line written
                # (the system's bytes); only a power cut could take back the last moves.
                # The finished game is filed with every fsync.
                self._log.write(self.game)
        except (storage.SaveError, OSError) as exc:  # a failed save must never stop the table
            self.last_error = one_line(exc, 200)

    def _keep_standins(self) -> None:
        if self.game is not None and self.game.is_over:
            return  # a finished table has no file: nothing to continue
        try:
            self._write_table_file()
        except OSError as exc:  # the table goes on; the host's screen shows the error
            self.last_error = one_line(exc, 200)

    def _write_table_file(self) -> None:
        """The codes and the setup, readable by the host only, beside the autosave (never in a record)."""
        if not self.autosave:
            return
        data = {"game": self.spec.name, "options": self.options, "players": self.players,
                "codes": {str(s): c for s, c in self.codes.items()},
                "standins": {str(s): kind for s, kind in self.standins.items()}, "watch": self.watch_code,
                "bind": self.bound_to, "port": self.port, "turn_clock": self.turn_clock}
        folder = self.dirs.state
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / TABLE_FILE
        temp = folder / f".{TABLE_FILE}.{os.getpid()}.tmp"
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, path)

    def _series(self) -> Optional[p.Series]:
        """The series message, once a game is finished ('' before)."""
        if not self.series_games:
            return None
        asked = tuple(s not in self.humans or s in self.rematch_asked for s in range(len(self.players)))
        return p.Series(self.series_games, tuple(self.series_totals), tuple(self.series_won), asked)

    def _changed(self, joined: Optional[_Conn] = None) -> None:
        """Something changed: the table moves on, and the players hear the status
        when who is at the table changed (a join, a leave, a stand-in, the start or
        the end); whose turn and the score are in every update already. ``joined``:
        a new connection, which hears it in any case."""
        game = self.game
        self.rematch_asked &= set(self.conns)  # a player who left asks for nothing
        over = game is not None and game.is_over
        told = (self._connected(), self._away(), tuple(sorted(self.standins)), game is None,
                over, tuple(sorted(self.rematch_asked)), self.series_games)
        if told != self._told:
            self._told = told
            if self.flow is not None and not self._closing:  # someone back, a stand-in: the table goes on
                asyncio.get_running_loop().call_soon(self.flow.advance)
            status = self.status()  # only when it is sent: its line is the costly part
            series = self._series()
            for conn in self._everyone():
                self._send(conn, status)
                if series is not None:
                    self._send(conn, series)
        elif joined is not None:
            self._send(joined, self.status())
            series = self._series()
            if series is not None:
                self._send(joined, series)
        if over and self._filed and not self.conns:
            self._ended.set()  # every player has left a finished game: nobody can ask for another
        if self.on_change is not None:
            self.on_change(self)


def _blank(values: list[Any]) -> Any:
    """A field the seats see differently, for a watcher: nothing (None where a seat
    may have none, else an empty value of its type)."""
    if any(v is None for v in values):
        return None
    kind = type(values[0])
    if kind is bool:
        return False
    if kind in (int, float, str, tuple, list, dict, frozenset, set):
        return kind()
    return None


class _ServerSeats(LocalTable):
    """The table server's game as the one table flow plays it: the bots (a
    stand-in's too) move here; the people act from their own screens."""

    def __init__(self, server: TableServer, game: Any) -> None:
        self._server = server
        super().__init__(game, keeping=Keeping(server._kept, lambda _game: None, lambda _old, _new: None))

    @property  # type: ignore[override]
    def humans(self) -> tuple[int, ...]:
        """The seats played by a person now (not the ones handed to a bot)."""
        return tuple(s for s in self._server.humans if s not in self._server.standins)

    @humans.setter
    def humans(self, _value: tuple[int, ...]) -> None:
        pass  # the server says who is a person now

    def _make_bots(self) -> None:
        self.bots = self._server.bots  # one dict: the server makes them (stand-ins too)
        self.missing_bots = ()


class _Timer:
    def __init__(self, handle: asyncio.TimerHandle) -> None:
        self.handle = handle

    def stop(self) -> None:
        self.handle.cancel()


class _Loop:
    """The flow's scheduling on the server's asyncio loop."""

    def __init__(self) -> None:
        self.task: Optional["asyncio.Task[None]"] = None

    def spawn(self, work: Callable[[], Any]) -> None:
        self.task = asyncio.get_running_loop().create_task(work())

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def later(self, seconds: float, callback: Callable[[], None]) -> _Timer:
        return _Timer(asyncio.get_running_loop().call_later(seconds, callback))

    def soon(self, callback: Callable[[], None]) -> None:
        asyncio.get_running_loop().call_soon(callback)

    async def wait(self, event: asyncio.Event, seconds: float) -> None:
        try:
            await asyncio.wait_for(event.wait(), seconds)
        except asyncio.TimeoutError:
            pass
