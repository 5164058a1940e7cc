"""A real terminal for tests: the app runs in a pseudo-terminal and pyte draws
every byte it writes, so a test sees each frame as a person would, and types
keys with no wait (Pilot waits for the screen before each key; a person doesn't).

Waits are for what is on the screen; their time limits are only fail-safes.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from typing import Callable, Iterable, Optional

import pyte

LIMIT = 120.0  # fail-safe for one wait (seconds): only a hung app reaches it


class Terminal:
    def __init__(self, args: Iterable[str], *, cols: int = 80, rows: int = 24,
                 on_frame: Optional[Callable[["Terminal"], None]] = None) -> None:
        self.cols, self.rows = cols, rows
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.on_frame = on_frame
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
        env.pop("TEXTUAL", None)
        argv = [sys.executable, "-m", "ohseven_tui", *args]
        pid, fd = pty.fork()
        if pid == 0:  # the child: the app, in the terminal's size
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.execve(sys.executable, argv, env)
        self.pid, self.fd = pid, fd
        self.exited: Optional[int] = None

    # -- reading ----------------------------------------------------------------
    def text(self) -> str:
        return "\n".join(self.screen.display)

    def pump(self, timeout: float = 0.05) -> bool:
        """Read what the app wrote (at most ``timeout`` waiting for it); True if any."""
        if self.exited is not None:
            return False
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            self._reap()
            return False
        self.stream.feed(data)
        if self.on_frame is not None:
            self.on_frame(self)
        return True

    def wait_for(self, found: Callable[[str], bool] | str, what: str = "", limit: float = LIMIT) -> str:
        check = (lambda text: found in text) if isinstance(found, str) else found
        end = time.monotonic() + limit
        while True:
            text = self.text()
            if check(text):
                return text
            if self.exited is not None:
                raise AssertionError(f"the app exited ({self.exited}) waiting for {what or found!r}:\n{text}")
            if time.monotonic() > end:
                raise AssertionError(f"never on screen: {what or found!r}\n{text}")
            self.pump()

    def drain(self, quiet: float = 0.4, limit: float = LIMIT) -> None:
        """Read until the app has written nothing for ``quiet`` seconds."""
        end = time.monotonic() + limit
        while self.pump(quiet) and time.monotonic() < end:
            pass

    # -- typing -------------------------------------------------------------------
    def send(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def type_spaced(self, keys: Iterable[str], gap: float) -> None:
        """Each key ``gap`` seconds after the one before, reading the app meanwhile."""
        for i, key in enumerate(keys):
            if i:
                end = time.monotonic() + gap
                while (left := end - time.monotonic()) > 0:
                    self.pump(left)
            self.send(key)

    # -- ending -----------------------------------------------------------------------
    def _reap(self) -> None:
        if self.exited is None:
            _, status = os.waitpid(self.pid, 0)
            self.exited = os.waitstatus_to_exitcode(status)

    def close(self) -> None:
        if self.exited is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._reap()
        os.close(self.fd)


ENTER = "\r"
RIGHT = "\x1b[C"

# A face-up card of a hand has its number key on its top edge: ┏━ 1 ━┓ or ╭─ 2 ─╮.
NUMBERED_TOP = re.compile(r"[━─] [1-9] [━─]")
CARD_FACE = re.compile(r"[┃│║]\s*(JK|10|[0-9AKQJOUT][♠♥♦♣])\s*[┃│║]")


def hand_rows(text: str) -> list[set[str]]:
    """The cards of each face-up hand on the screen (the row under numbered tops)."""
    lines = text.split("\n")
    rows = []
    for i, line in enumerate(lines[:-1]):
        if NUMBERED_TOP.search(line):
            rows.append(set(CARD_FACE.findall(lines[i + 1])))
    return rows
