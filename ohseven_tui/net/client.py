"""A client of a table server, for one seat (docs/network.md).

    client = await TableClient.connect("ws://127.0.0.1:8765", code, "Ann")
    client.seat, client.spec, client.options, client.seats   # from the welcome
    while True:
        msg = await client.next_message()    # Update, Status, ChatLine, Error, Record, Series, StoodIn, Goodbye
        if isinstance(msg, Update) and client.seat in msg.observation.to_act:
            await client.act(msg.observation.legal_actions[0])
        elif isinstance(msg, Goodbye):
            break
    await client.close()

``Update.observation`` is this seat's observation, decoded to the game's own
class; ``Update.action`` is the action as this seat may know it, or None.
"""

from __future__ import annotations

import socket
from typing import Any, Callable, Optional

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI

from ..engine import registry
from ..engine.protocol import GameSpec
from ..safetext import one_line, quoted
from . import protocol as p
from .protocol import ChatLine, Clock, Error, Goodbye, Record, Series, Status, StoodIn, Update, Welcome

__all__ = ["TableClient", "JoinError", "Update", "Status", "ChatLine", "Error", "Record", "Goodbye", "Welcome", "Clock",
           "Series", "StoodIn", "ws_address", "split_join", "join_line"]

MAX_FRAME = 8 * 1024 * 1024  # a finished game's record is the biggest message


class JoinError(Exception):
    """The table could not be joined (one readable sentence)."""


DEFAULT_PORT = 8765  # ``ohseven host``'s


def ws_address(address: str) -> str:
    """``host[:port]`` or ``ws://host[:port]`` (an IPv6 host in brackets) as a
    websocket URI, the port 8765 when none is given; ValueError with one sentence
    for anything else (a player types it, or pastes a link)."""
    text = address.strip()
    scheme = "ws"
    lower = text.lower()
    if lower.startswith(("ws://", "wss://")):
        scheme, text = lower.split("://", 1)[0], text.split("://", 1)[1]
    elif "://" in text:
        raise ValueError(f"{quoted(address, 80)} is not a table's address: give host:port, or ws://host:port")
    text = text.rstrip("/")
    if not text or any(ch.isspace() or ch in "/?#@\\" for ch in text):
        raise ValueError(f"{quoted(address, 80)} is not a table's address: give host:port, as the host's screen shows")
    if text.startswith("["):
        end = text.find("]")
        host, rest = (text[:end + 1], text[end + 1:]) if end > 1 else ("", text)
        if rest and not rest.startswith(":"):
            host = ""
        port_text: Optional[str] = rest[1:] if rest else None
    elif text.count(":") > 1:
        raise ValueError(f"{quoted(address, 80)}: put an IPv6 address in brackets, as [::1]:8765")
    else:
        host, colon, port_text = text.partition(":")
        port_text = port_text if colon else None
    if not host:
        raise ValueError(f"{quoted(address, 80)} is not a table's address: give host:port, as the host's screen shows")
    if port_text is None:
        port = DEFAULT_PORT
    elif port_text.isascii() and port_text.isdigit() and 1 <= int(port_text) <= 65535:
        port = int(port_text)
    else:
        raise ValueError(f"the port must be from 1 to 65535, not {quoted(port_text, 20)}")
    return f"{scheme}://{host}:{port}"


def split_join(text: str) -> tuple[str, Optional[str]]:
    """A table's address as typed, or the host's one-argument join line
    (``host:port/CODE``, ``ws://host:port/CODE``, even ``ohseven join host:port/CODE``
    pasted whole): the address and the code in it (None if it holds none).
    ValueError with one sentence for an address that is not one."""
    given = text.strip()
    words = given.split()
    if len(words) == 3 and words[:2] == ["ohseven", "join"]:
        given = words[2]  # the host's whole line, pasted
    scheme = ""
    if "://" in given:
        scheme, given = given.split("://", 1)
        scheme += "://"
    given = given.rstrip("/")
    where, slash, code = given.partition("/")
    if slash and (not code or any(ch.isspace() or ch in "/?#@\\" for ch in code)):
        raise ValueError(f"{quoted(text, 80)} is not a table's address: give host:port/CODE, as the host's line says")
    ws_address(scheme + where)  # ValueError if the address is not one
    return scheme + where, (code if slash else None)


def join_line(address: str, code: str) -> str:
    """What a friend runs to take a seat: one argument after ``join``, with nothing a
    chat program rewrites (no ``--``, no space, no ``_``)."""
    return f"ohseven join {address.removeprefix('ws://')}/{code}"


class TableClient:
    """One seat's connection. Built by :meth:`connect`."""

    seat: int
    spec: GameSpec
    options: dict[str, Any]
    seats: tuple[tuple[str, str], ...]  # (name, player) per seat, as at joining

    def __init__(self, ws: ClientConnection, welcome: Welcome, on_frame: Optional[Callable[[Any], None]]) -> None:
        self._ws = ws
        self._on_frame = on_frame
        self.seat = welcome.seat
        self.spec = registry.game_spec(welcome.game)
        self.options = welcome.options
        self.seats = welcome.seats
        self.seq = 0  # the last update's
        self.observation: Any = None  # the last update's
        self.closed = False

    @classmethod
    async def connect(cls, address: str, code: str, name: str, *, timeout: float = 30.0,
                      on_frame: Optional[Callable[[Any], None]] = None) -> "TableClient":
        """Join the table at ``address`` with a seat's join code. ``on_frame`` sees
        every frame received, as it came (tests scan them)."""
        try:
            uri = ws_address(address)
        except ValueError as exc:
            raise JoinError(str(exc)) from None
        where = uri.split("://", 1)[1]
        try:
            ws = await connect(uri, max_size=MAX_FRAME, compression=None, open_timeout=timeout,
                               ping_interval=20, ping_timeout=20)
        except ConnectionRefusedError:
            raise JoinError(f"no table answers at {where}: is the host running, and are the address and "
                            "port the ones its screen shows?") from None
        except socket.gaierror:
            raise JoinError(f"cannot find the computer {where.rsplit(':', 1)[0]}: check the address") from None
        except TimeoutError:
            raise JoinError(f"the table at {where} did not answer in {timeout:g} seconds") from None
        except InvalidStatus as exc:  # refused before it opened: the table says why in one line of text
            said = one_line(exc.response.body.decode("utf-8", "replace").strip(), 160)
            raise JoinError(said or f"the table at {where} refused the connection "
                                    f"(HTTP {exc.response.status_code})") from None
        except (OSError, InvalidHandshake, InvalidURI) as exc:
            raise JoinError(f"cannot reach the table at {where}: {one_line(exc, 160)}") from None
        try:
            try:
                await ws.send(p.to_json(p.Hello(p.VERSION, code, name)))
            except ConnectionClosed:
                pass  # the table may have said why before closing: read it
            while True:
                raw = await ws.recv()
                if on_frame is not None:
                    on_frame(raw)
                msg = p.parse_server(raw, None)
                if isinstance(msg, Welcome):
                    return cls(ws, msg, on_frame)
                if isinstance(msg, (Error, Goodbye)):
                    await ws.close()
                    raise JoinError(msg.text if isinstance(msg, Error) else msg.reason)
        except ConnectionClosed:
            raise JoinError("the table closed the connection") from None
        except (p.ProtocolError, KeyError) as exc:
            await ws.close()
            raise JoinError(f"the table sent a bad message: {exc}") from None

    async def next_message(self) -> p.ServerMessage:
        """The next message from the table; Goodbye once the connection is closed."""
        if self.closed:
            return Goodbye("the connection is closed")
        try:
            raw = await self._ws.recv()
        except ConnectionClosed:
            self.closed = True
            return Goodbye("the connection is closed")
        if self._on_frame is not None:
            self._on_frame(raw)
        try:
            msg = p.parse_server(raw, self.spec)
        except p.ProtocolError as exc:
            return Error(f"the table sent a bad message: {exc}")
        if isinstance(msg, Welcome):  # seated again in the waiting room (a seat chosen or moved)
            self.seat, self.seats = msg.seat, msg.seats
        if isinstance(msg, Update):
            if isinstance(msg.observation, p.Changes):  # only what changed since the last one
                try:
                    msg = Update(msg.seq, msg.actor, msg.action, msg.observation.merged(self.observation))
                except p.ProtocolError as exc:
                    return Error(f"the table sent a bad message: {exc}")
            self.seq, self.observation = msg.seq, msg.observation
        return msg

    async def act(self, action: Any) -> None:
        """Send an action for this seat (an action object of the game, or its record text)."""
        text = action if isinstance(action, str) else self.spec.action_text(action)
        await self._send(p.Act(text, self.seq))

    async def chat(self, text: str) -> None:
        await self._send(p.Chat(text))

    async def sit(self, seat: int) -> None:
        """In the waiting room: take ``seat`` (0-based) instead of this one."""
        await self._send(p.Sit(seat))

    async def rematch(self) -> None:
        """Once the game is over: ask for another game with the same seats and codes."""
        await self._send(p.Rematch())

    async def send_raw(self, data: Any) -> None:
        """Send a frame as it is (text or bytes): for tests of a server's defences."""
        await self._ws.send(data)

    async def _send(self, message: Any) -> None:
        try:
            await self._ws.send(p.to_json(message))
        except ConnectionClosed:
            self.closed = True

    async def close(self) -> None:
        if not self.closed:
            try:
                await self._ws.send(p.to_json(p.Bye()))
            except ConnectionClosed:
                pass
        self.closed = True
        await self._ws.close()
