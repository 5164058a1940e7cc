"""The real ``ohseven`` on a pseudo-terminal, its screen rendered by pyte (a terminal
emulator in Python): a test sends keys as a player types them and waits for text on
the screen. Waits are for the screen; their timeouts are only fail-safes, and no
test asserts how long anything took."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Callable, Optional

import pyte

ROOT = Path(__file__).resolve().parents[1]
FAIL_SAFE = 120.0  # seconds: only so that a hung app ends the test
# What a hot-seat screen shows: a hand-off (whom it is for, its letter), and a face-up
# card's top edge, which carries its number key (┏━ 1 ━┓ or ╭─ 2 ─╮).
HANDOFF = re.compile(r"Pass to (\S+) — press ([A-Z])\b")
NUMBERED_TOP = re.compile(r"[━─] [1-9] [━─]")


class TerminalApp:
    """``with TerminalApp(["play", ...], env) as term: term.wait_for("text"); term.send("l")``"""

    def __init__(self, args: list[str], env: dict, size: tuple[int, int] = (80, 24),
                 on_frame: Optional[Callable[["TerminalApp"], None]] = None) -> None:
        """``on_frame(self)`` is called after every chunk the app writes: a test may
        check each frame as it is drawn."""
        columns, lines = size
        self.on_frame = on_frame
        self.screen = pyte.Screen(columns, lines)
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = dict(env, TERM="xterm-256color", COLUMNS=str(columns), LINES=str(lines))
        self.proc = subprocess.Popen([sys.executable, "-m", "ohseven_tui", *args], stdin=slave, stdout=slave,
                                     stderr=slave, cwd=ROOT, env=env, close_fds=True, start_new_session=True)
        os.close(slave)
        self.master = master

    def __enter__(self) -> "TerminalApp":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)
        os.close(self.master)

    def read(self, timeout: float) -> bool:
        """Read what the app wrote within ``timeout`` seconds; False once the terminal closed."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return self.proc.poll() is None
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the app ended and closed the terminal
            return False
        if not chunk:
            return False
        self.output += chunk
        self.stream.feed(chunk)
        if self.on_frame is not None:
            self.on_frame(self)
        return True

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_until(self, done: Callable[[str], bool], what: str, timeout: float = FAIL_SAFE) -> str:
        deadline = time.monotonic() + timeout
        while not done(self.text()):
            if time.monotonic() > deadline:
                raise AssertionError(f"never: {what}\n{self.text()}")
            if not self.read(0.1) and not done(self.text()):
                raise AssertionError(f"the app ended (exit {self.proc.poll()}) before: {what}\n{self.tail()}")
        return self.text()

    def wait_for(self, text: str, timeout: float = FAIL_SAFE) -> str:
        return self.wait_until(lambda shown: text in shown, f"{text!r} on screen", timeout)

    def keep_reading(self, seconds: float) -> None:
        """Let the app run for ``seconds`` (a player's wait), reading what it draws."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.read(0.05):
            pass

    def drain(self, quiet: float, timeout: float = FAIL_SAFE) -> None:
        """Read until the app has drawn nothing for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if not ready or not self.read(0):
                return

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def type_spaced(self, keys: list[str], gap: float) -> None:
        """Each key ``gap`` seconds after the one before (a person typing), reading meanwhile."""
        for i, key in enumerate(keys):
            if i:
                self.keep_reading(gap)
            self.send(key)

    def alive(self) -> bool:
        return self.proc.poll() is None

    def tail(self) -> str:
        return self.output[-3000:].decode("utf-8", "replace")

    def quit(self, timeout: float = FAIL_SAFE) -> Optional[int]:
        """Ctrl+Q, then the exit code once the app is gone."""
        self.send("\x11")
        deadline = time.monotonic() + timeout
        while self.read(0.1) and time.monotonic() < deadline:
            pass
        return self.proc.wait(timeout=30)
