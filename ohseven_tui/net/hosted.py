"""A table its host plays at with a screen, run in a process of its own.

The app and a table on a thread of the app's process share one interpreter lock:
while the app redraws, each wake of the table's thread waited 1-4 ms for it, and a
friend's round trip's p99 was 1.5-8 times a headless host's (docs/network.md).
:class:`HostedTable` starts the real :class:`TableServer` in a child process
(``python -m ohseven_tui.net.hosted``) and is what the app holds instead: the same
names the host's screens read (``players``, ``names``, ``joined``, ``codes``,
``status()``, ...) from a snapshot the child sends on every change, and the host's
controls (``move_seat``, ``hand_to_bot``, ``close``) sent over the child's stdin.
The host's own seat joins over the websocket like any other player.

The pipe, one JSON object a line. Parent to child: first the recipe (the table to
build), then ``{"id": N, "do": "move_seat"|"hand_to_bot", "args": [...]}`` (answered
``{"reply": N, "said": LINE}`` after the snapshot it changed) or ``{"do": "close",
"reason": TEXT}``. Child to parent: ``{"state": {...}}``, ``{"chat": [SEAT, TEXT]}``,
or once, before any state, ``{"error": LINE}`` (it could not open the table). When
its stdin ends (the app closed or was killed) the child stops the table as a killed
host would, the autosave and the codes kept for ``ohseven host --continue``, and ends.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import threading
from collections import deque
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from ..engine import registry
from ..engine.protocol import GameSpec
from ..safetext import one_line
from . import protocol as p
from .server import TableError, TableServer

__all__ = ["HostedTable"]

START_SECONDS = 120.0  # a hang, not a pace: it starts in a second or two
ANSWER_SECONDS = 30.0  # a control's answer: a moment, the child's loop does nothing slow
ENDED = "the table's process has ended"
CLOSE_SECONDS = 30.0  # the child's close (its goodbyes are bounded by 5 s)


class HostedTable:
    """A :class:`TableServer` in a child process, seen from the host's app. Built
    like the server (the same arguments, or :meth:`continue_table`); nothing runs
    until :meth:`open` (or ``await start()``)."""

    on_change: Optional[Callable[["HostedTable"], None]]  # called on the pipe's reader thread
    on_chat: Optional[Callable[[int, str], None]]

    def __init__(self, spec: GameSpec, options: dict[str, Any], players: Sequence[str], *,
                 host: str = "127.0.0.1", port: int = 0, save_dir: Path | str | None = None,
                 bot_delay: float = 0.0, turn_clock: Optional[int] = None) -> None:
        # Built here too, never started: the arguments checked at once (TableError), and
        # the codes made here, so the waiting room has them before the child is up.
        server = TableServer(spec, options, players, host=host, port=port, save_dir=save_dir,
                             bot_delay=bot_delay, turn_clock=turn_clock)
        recipe = {"game": spec.name, "options": server.options, "players": server.players,
                  "codes": {str(s): c for s, c in server.codes.items()}, "watch": server.watch_code}
        self._setup(server, recipe, save_dir)

    @classmethod
    def continue_table(cls, save_dir: Path | str | None = None, *, host: Optional[str] = None,
                       port: Optional[int] = None, bot_delay: float = 0.0,
                       turn_clock: Optional[int] = None) -> "HostedTable":
        """The last table hosted with this save folder (``TableServer.continue_table``)."""
        server = TableServer.continue_table(save_dir, host=host, port=port, bot_delay=bot_delay,
                                            turn_clock=turn_clock)
        table = cls.__new__(cls)
        table._setup(server, {"continue": True}, save_dir)
        return table

    def _setup(self, server: TableServer, recipe: dict[str, Any], save_dir: Path | str | None) -> None:
        self.spec = server.spec
        self._recipe = {**recipe, "save_dir": None if save_dir is None else str(save_dir),
                        "host": server.bound_to, "port": server.port, "bot_delay": server.bot_delay,
                        "turn_clock": server.turn_clock}
        self._state = _snapshot(server)
        self.on_change = None
        self.on_chat = None
        self._proc: Optional[subprocess.Popen[str]] = None
        self._write_lock = threading.Lock()
        self._replies: dict[int, tuple[threading.Event, list[str]]] = {}
        self._next_id = 0
        self._ready = threading.Event()
        self._error = ""
        self._gone = False  # the process has ended (closed, or died under the app)
        self._closing = False
        self._stderr: deque[str] = deque(maxlen=5)

    # -- what the host's screens read -------------------------------------------------
    @property
    def players(self) -> list[str]:
        return list(self._state["players"])

    @property
    def humans(self) -> list[int]:
        return list(self._state["humans"])

    @property
    def names(self) -> dict[int, str]:
        return {int(s): n for s, n in self._state["names"].items()}

    @property
    def joined(self) -> set[int]:
        return set(self._state["joined"])

    @property
    def standins(self) -> dict[int, str]:
        return {int(s): kind for s, kind in self._state["standins"].items()}

    @property
    def codes(self) -> dict[int, str]:
        return {int(s): c for s, c in self._state["codes"].items()}

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._state["options"])

    @property
    def watch_code(self) -> str:
        return str(self._state["watch"])

    @property
    def host(self) -> str:
        return str(self._state["host"])

    @property
    def port(self) -> int:
        return int(self._state["port"])

    @property
    def address(self) -> str:
        return str(self._state["address"])

    @property
    def join_address(self) -> str:
        """The address friends join at (``address``, or this machine's own address for
        a table bound to every address)."""
        return str(self._state["join_address"])

    @property
    def turn_clock(self) -> Optional[int]:
        clock = self._state["turn_clock"]
        return None if clock is None else int(clock)

    @property
    def started(self) -> bool:
        """The first deal is out (the seats no longer change places)."""
        return bool(self._state["started"])

    @property
    def seq(self) -> int:
        """The actions applied to this game so far (the table's update number)."""
        return int(self._state["seq"])

    @property
    def series_games(self) -> int:
        return int(self._state["series_games"])

    @property
    def last_error(self) -> str:
        return str(self._state["last_error"])

    @property
    def pid(self) -> Optional[int]:
        """The table's process, once started."""
        return None if self._proc is None else self._proc.pid

    def status(self) -> p.Status:
        s = self._state["status"]
        return p.Status(tuple(s["connected"]), tuple(s["waiting_for"]), s["message"], tuple(s["standins"]))

    # -- starting ---------------------------------------------------------------------
    def open(self) -> None:
        """Start the table's process and wait until it listens. Raises TableError
        with one line (a port in use, an address not this machine's, ...)."""
        if self._proc is not None:
            return
        # A process group of its own: the terminal's signals (Ctrl+C before the app
        # has the keys) go to the app alone, and the child ends with its pipe, whatever
        # way the app ends. Not a session of its own: on Linux a session is a CPU group
        # of its own, and the table then waited longer for the CPU (measured: p99 1.3-2.5x
        # a table in the app's session, beside a busy screen).
        group: dict[str, Any] = {"process_group": 0} if os.name == "posix" else {}
        self._proc = subprocess.Popen([sys.executable, "-m", __name__], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                      encoding="utf-8", **group)
        threading.Thread(target=self._read, name="hosted-table", daemon=True).start()
        threading.Thread(target=self._read_stderr, name="hosted-table-err", daemon=True).start()
        self._write(self._recipe)
        if not self._ready.wait(START_SECONDS):
            self._proc.kill()
            self._error = f"the table's process did not start in {START_SECONDS:g} seconds"
        if self._error:
            self._proc.wait(timeout=CLOSE_SECONDS)
            raise TableError(self._error)

    async def start(self) -> None:
        """:meth:`open`, off the caller's loop."""
        await asyncio.to_thread(self.open)

    # -- the host's controls ----------------------------------------------------------
    def move_seat(self, a: int, b: int) -> str:
        return self._ask("move_seat", [a, b])

    def hand_to_bot(self, seat: int, strength: str = "") -> str:
        return self._ask("hand_to_bot", [seat, strength])

    async def close(self, reason: str = "the host closed the table") -> None:
        proc = self._proc
        if proc is None or self._gone or proc.returncode is not None:
            return
        self._closing = True
        self._write({"do": "close", "reason": reason})
        try:
            await asyncio.to_thread(proc.wait, CLOSE_SECONDS)
        except subprocess.TimeoutExpired:
            proc.kill()
            await asyncio.to_thread(proc.wait)

    def _ask(self, do: str, args: list[Any]) -> str:
        if self._gone:
            return ENDED
        with self._write_lock:
            self._next_id += 1
            ask = self._next_id
        done: tuple[threading.Event, list[str]] = (threading.Event(), [])
        self._replies[ask] = done
        if not self._write({"id": ask, "do": do, "args": args}) or not done[0].wait(ANSWER_SECONDS):
            self._replies.pop(ask, None)
            return "the table's process does not answer"
        return done[1][0] if done[1] else ENDED

    # -- the pipe ---------------------------------------------------------------------
    def _write(self, message: dict[str, Any]) -> bool:
        proc = self._proc
        if proc is None or proc.stdin is None:
            return False
        try:
            with self._write_lock:
                proc.stdin.write(json.dumps(message) + "\n")
                proc.stdin.flush()
        except (OSError, ValueError):  # the child has ended (ValueError: the pipe closed here)
            return False
        return True

    def _read(self) -> None:
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        for line in proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "state" in msg:
                self._state = msg["state"]
                self._ready.set()
                self._tell(self.on_change, self)
            elif "reply" in msg:
                waiting = self._replies.pop(msg["reply"], None)
                if waiting is not None:
                    waiting[1].append(str(msg["said"]))
                    waiting[0].set()
            elif "chat" in msg:
                self._tell(self.on_chat, int(msg["chat"][0]), str(msg["chat"][1]))
            elif "error" in msg:
                self._error = one_line(str(msg["error"]), 300)
                self._ready.set()
        self._gone = True
        for event, _said in list(self._replies.values()):
            event.set()
        if not self._ready.is_set():  # ended before it listened, and said nothing of why
            proc.wait()
            said = self._stderr[-1] if self._stderr else f"exit code {proc.returncode}"
            self._error = one_line(f"the table's process ended: {said}", 300)
            self._ready.set()
        elif not self._closing:  # died under the app: its screens must not show the last state heard
            status = {**self._state["status"], "message": f"{ENDED}; ohseven host --continue brings the table back"}
            self._state = {**self._state, "status": status}
            self._tell(self.on_change, self)

    @staticmethod
    def _tell(listener: Optional[Callable[..., None]], *args: Any) -> None:
        if listener is None:
            return
        try:
            listener(*args)
        except RuntimeError:  # its loop has closed (the app ended first): nobody left to tell
            pass

    def _read_stderr(self) -> None:
        proc = self._proc
        assert proc is not None and proc.stderr is not None
        for line in proc.stderr:
            if line.strip():
                self._stderr.append(line.strip())


def _snapshot(server: TableServer) -> dict[str, Any]:
    """What the host's screens read of the table, as JSON."""
    status = server.status()
    return {"players": list(server.players), "humans": list(server.humans),
            "names": {str(s): n for s, n in server.names.items()}, "joined": sorted(server.joined),
            "standins": {str(s): kind for s, kind in server.standins.items()},
            "codes": {str(s): c for s, c in server.codes.items()}, "watch": server.watch_code,
            "options": server.options, "host": str(server.host), "port": server.port,
            "address": server.address, "join_address": server.join_address, "turn_clock": server.turn_clock,
            "started": server.game is not None, "seq": server.seq, "series_games": server.series_games,
            "last_error": server.last_error,
            "status": {"connected": list(status.connected), "waiting_for": list(status.waiting_for),
                       "message": status.message, "standins": list(status.standins)}}


# -- the child ------------------------------------------------------------------------
def _send(message: dict[str, Any]) -> None:
    """One line to the app; nothing if it has gone (its pipe closing ends this process)."""
    data = (json.dumps(message) + "\n").encode("utf-8")
    try:
        while data:
            data = data[os.write(1, data):]
    except OSError:
        pass


def _build(recipe: dict[str, Any]) -> TableServer:
    kwargs: dict[str, Any] = {"host": recipe["host"], "port": recipe["port"], "bot_delay": recipe["bot_delay"],
                              "turn_clock": recipe["turn_clock"]}
    if recipe.get("continue"):
        return TableServer.continue_table(recipe["save_dir"], **kwargs)
    codes = {int(s): str(c) for s, c in recipe["codes"].items()}
    return TableServer(registry.game_spec(recipe["game"]), recipe["options"], recipe["players"],
                       save_dir=recipe["save_dir"], codes=codes, watch_code=recipe["watch"], **kwargs)


async def _serve(recipe: dict[str, Any]) -> int:
    try:
        server = _build(recipe)
        await server.start()
    except TableError as exc:
        _send({"error": str(exc)})
        return 2
    except OSError as exc:  # the port is taken, the address is not this machine's
        _send({"error": f"cannot listen on {recipe['host']}:{recipe['port']}: {exc.strerror or exc}"})
        return 2
    last: list[Any] = [None]

    def changed(srv: Any) -> None:
        state = _snapshot(srv)
        if state != last[0]:
            last[0] = state
            _send({"state": state})

    server.on_change = changed
    server.on_chat = lambda seat, text: _send({"chat": [seat, text]})
    changed(server)  # the first state: it listens
    loop = asyncio.get_running_loop()
    lines: "asyncio.Queue[Optional[str]]" = asyncio.Queue()

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=read, daemon=True).start()
    # The app gone without a word (closed, killed): the table stops as a killed host's
    # would, with no goodbye, so its players' apps try again until --continue brings it back.
    reason: Optional[str] = None
    while (line := await lines.get()) is not None:
        try:
            msg = json.loads(line)
        except ValueError:
            continue  # the app writes whole lines only: a torn one is nothing to answer
        if not isinstance(msg, dict):
            continue
        if msg.get("do") == "close":
            reason = str(msg.get("reason") or "the host closed the table")
            break
        try:
            if msg.get("do") == "move_seat":
                said = server.move_seat(int(msg["args"][0]), int(msg["args"][1]))
            elif msg.get("do") == "hand_to_bot":
                said = server.hand_to_bot(int(msg["args"][0]), str(msg["args"][1]))
            else:
                said = f"the table has no control {one_line(str(msg.get('do')), 40)}"
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            said = f"the table could not read the app's line: {one_line(exc, 100)}"
        changed(server)  # the seats as changed, before the answer that says so
        _send({"reply": msg.get("id"), "said": said})
    await server.close(reason)
    return 0


def main() -> int:
    import signal

    for name in ("SIGINT", "SIGHUP"):  # the app's to hear: this process ends when its pipe does
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    first = sys.stdin.readline()
    try:
        recipe = json.loads(first)
    except ValueError:
        _send({"error": "the table's process got no table to open"})
        return 2
    return asyncio.run(_serve(recipe))


if __name__ == "__main__":
    sys.exit(main())
