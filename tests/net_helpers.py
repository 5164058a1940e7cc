"""Real table servers for the network tests: ``ohseven host --headless`` in its own
process on 127.0.0.1, port 0 (the system picks a free one; the address is read
back from its first line), and clients that play random legal moves.

No test waits on the clock for its verdict: every wait is for a message or a
line, bounded by a generous timeout that only turns a hang into a failure."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import queue
import random
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Callable, Optional

from ohseven_tui.engine.cards import Card
from ohseven_tui.net.client import Error, Goodbye, Record, Status, TableClient, Update

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120.0  # a hang, not a pace: a message on loopback takes milliseconds


class Host:
    """``ohseven host --headless`` in a subprocess."""

    def __init__(self, args: list[str], save_dir: Path, *, resume: bool = False,
                 env: Optional[dict[str, str]] = None, port: Optional[str] = "0") -> None:
        env = dict(os.environ, OHSEVEN_SAVE_DIR=str(save_dir), PYTHONUNBUFFERED="1", **(env or {}))
        where = ["--port", port] if port is not None else []
        cmd = [sys.executable, "-m", "ohseven_tui", "host", "--headless", *where, "--bot-delay", "0", *args]
        if resume:
            cmd.append("--continue")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: "queue.Queue[Optional[str]]" = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        first = self.wait_line(lambda line: line.startswith("table at "))
        self.address = first.split()[2]
        self.codes: dict[int, str] = {}

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def wait_line(self, want: Callable[[str], bool], timeout: float = TIMEOUT) -> str:
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no such line from the host; it said: {self.seen[-5:]}") from None
            if line is None:
                err = self.proc.stderr.read() if self.proc.stderr else ""
                raise AssertionError(f"the host ended; it said {self.seen[-5:]}, stderr {err[-2000:]}")
            self.seen.append(line)
            if want(line):
                return line

    def read_codes(self, humans: int) -> dict[int, str]:
        while len(self.codes) < humans:
            line = self.wait_line(lambda line: line.startswith("seat "))
            m = re.fullmatch(r"seat (\d+): ohseven join \S+/(\S+)", line)
            assert m, line
            self.codes[int(m.group(1)) - 1] = m.group(2)
        return self.codes

    def command(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            return self.proc.wait(timeout=TIMEOUT)
        finally:
            for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                if f:
                    try:
                        f.close()
                    except OSError:
                        pass


def cards_in(value: Any, found: set) -> set:
    """Every Card in an observation (or an action), wherever it sits."""
    if type(value) is Card:
        found.add(value)
    elif isinstance(value, (tuple, list)):
        for v in value:
            cards_in(v, found)
    elif isinstance(value, dict):
        for v in value.values():
            cards_in(v, found)
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            cards_in(getattr(value, f.name), found)
    elif hasattr(value, "seat"):  # an action
        for name in ("card", "cards"):
            cards_in(getattr(value, name, None), found)
    return found


CARD_TAG = re.compile(r'\{"\$":"Card","v":"([^"]{1,3})"\}')
ACTION_FIELD = re.compile(r'"action":"([^"]*)"')


def cards_in_frame(frame: str, spec: Any) -> set:
    """The cards a frame's bytes name: every card value, and the cards of its action text."""
    from ohseven_tui.engine.cards import parse_card

    found = {parse_card(t) for t in CARD_TAG.findall(frame)}
    for text in ACTION_FIELD.findall(frame):
        cards_in(spec.parse_action(text), found)
    return found


@dataclasses.dataclass
class Seen:
    """What one client received: every frame as it came, and what it made of them."""

    frames: list = dataclasses.field(default_factory=list)
    updates: list = dataclasses.field(default_factory=list)  # (frame index, Update)
    errors: list = dataclasses.field(default_factory=list)
    record: Optional[dict] = None
    bye: Optional[str] = None


async def join(address: str, code: str, name: str, seen: Optional[Seen] = None) -> TableClient:
    on_frame = seen.frames.append if seen is not None else None
    return await asyncio.wait_for(TableClient.connect(address, code, name, on_frame=on_frame), TIMEOUT)


async def play_randomly(client: TableClient, rng: random.Random, seen: Seen,
                        stop: Optional[Callable[[Update], bool]] = None, *, patient: bool = False) -> Seen:
    """Play random legal moves for the client's seat until the game's record comes
    (or the connection ends, or ``stop(update)`` says so). A refused move is tried
    again at once, or, ``patient``, when who is at the table changes (a status: the
    table refuses moves while a player is away)."""
    pending = False

    async def act() -> None:
        nonlocal pending
        obs = client.observation
        if obs is not None and client.seat in obs.to_act and obs.legal_actions and not pending:
            pending = True
            await client.act(rng.choice(obs.legal_actions))

    await act()  # on the table as last seen
    while True:
        msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if isinstance(msg, Update):
            seen.updates.append((len(seen.frames) - 1, msg))
            if msg.actor == client.seat:
                pending = False
            if stop is not None and stop(msg):
                return seen
            await act()
        elif isinstance(msg, Error):
            seen.errors.append(msg.text)
            pending = False
            if not patient:
                await act()
        elif isinstance(msg, Status) and patient:
            await act()
        elif isinstance(msg, Record):
            seen.record = msg.save
            return seen
        elif isinstance(msg, Goodbye):
            seen.bye = msg.reason
            return seen
