"""The table's answers while its host plays a seat with a screen, against a host
with no screen, in the same run. Prints figures; asserts nothing.

    python benchmarks/host_latency.py [--probes 1000] [--key-every S]
    python benchmarks/host_latency.py --terminal [--rounds 3]

Issue 34's floor: the round trip with the host playing a seat stays within 1.5x of
a headless host's. A table of three: the host's seat, a friend's (the probe), an
easy bot. The probe, a process of its own (as a friend's client is), has joined
with its code and sends a message the table answers at once (``{}``: one error
line back), then the next when the answer came; each round trip is timed.

1. Headless: ``ohseven host --headless`` in a process of its own, as a user runs it
   (nobody takes the host's seat, so the table waits in its waiting room; the probe's
   messages are answered all the same). Half its round trips before the app's, half
   after, and 2 and 3 in halves taken in turn: the machine's other load (a shared
   machine's) falls on each alike.
2. With a screen: the real app hosting the same table as ``ohseven host`` does (its
   table a ``HostedTable``: the server in a child process), headless Textual under
   ``run_test``, its host pressing keys at the table all the while (Right, Left, t and
   Esc: the cursor and the scoresheet redrawn), back to back: the app's loop busier
   than a player keeps it. With ``--key-every S`` a key every S seconds instead, a
   player's pace.
3. A headless host beside that busy app (not its table): the share of the machine
   the screen takes from any table; 2 against 3 is what hosting in the app costs.

Until the table had a process of its own (it ran on a thread of the app's), the
round trips of 2 were slower at the tail: each time the table's thread woke it had to
take Python's interpreter lock back from the app's thread, 1-4 ms while the app
redrew (p99 1.5-8x the headless host's; docs/network.md).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from websockets.sync.client import connect  # noqa: E402

from ohseven_tui.engine import registry  # noqa: E402
from ohseven_tui.net import protocol as p  # noqa: E402
from ohseven_tui.net.hosted import HostedTable  # noqa: E402


def probe(address: str, code: str, probes: int, times: list[float], ready: threading.Event) -> None:
    """Join as the friend, then time ``probes`` round trips. The friend is a process
    of its own, as on their own machine: a thread here would wait for this process's
    interpreter lock and time the host's screen twice (the table's wait and its own)."""
    import subprocess

    child = subprocess.Popen([sys.executable, __file__, "--probe", address, code, str(probes)],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith("ready"):
            ready.set()
        elif line.strip():
            times.append(float(line))
    child.wait()
    ready.set()


def probe_here(address: str, code: str, probes: int) -> None:
    """The friend's process: join, say ready, print each round trip in seconds."""
    with connect(address, open_timeout=60) as ws:
        ws.send(p.to_json(p.Hello(p.VERSION, code, "Probe")))
        print("ready", flush=True)
        for _ in range(probes):
            started = time.perf_counter()
            ws.send("{}")
            while '"error"' not in ws.recv(timeout=60):  # updates and statuses pass by
                pass
            print(time.perf_counter() - started, flush=True)
            time.sleep(0.005)


def figures(label: str, times: list[float]) -> tuple[float, float]:
    ms = sorted(t * 1000 for t in times)
    p50, p99 = statistics.median(ms), ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"  {label:<46} p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   max {ms[-1]:7.2f} ms   ({len(ms)} round trips)")
    return p50, p99


def table(folder: str) -> HostedTable:
    """The table as ``ohseven host --players 3 --humans 2 --bots easy`` builds it."""
    return HostedTable(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=0,
                       save_dir=folder, bot_delay=0)


def headless(probes: int, folder: str) -> list[float]:
    from net_helpers import Host

    host = Host(["--players", "3", "--humans", "2", "--bots", "easy"], Path(folder))
    try:
        code = host.read_codes(2)[1]
        times: list[float] = []
        probe(host.address, code, probes, times, threading.Event())
    finally:
        host.stop()
    return times


async def with_a_screen(probes: int, folder: str, key_every: float = 0.0,
                        beside: str = "") -> tuple[list[float], list[float]]:
    """The round trips to the app's own table; with ``beside`` (a headless host's
    folder) also to that headless host while the same app goes on pressing keys (what
    the busy screen costs any table on this machine, hosted by it or not), the two
    in halves taken in turn."""
    from net_helpers import Host
    from test_ui_driver import until

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.host import HostScreen

    other = Host(["--players", "3", "--humans", "2", "--bots", "easy"], Path(beside)) if beside else None
    try:
        server = table(folder)
        app = OhSevenApp(save_dir=Path(folder), bot_delay=0, host=(server, "Hal"))
        times: list[float] = []
        control: list[float] = []
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, HostScreen) and app.hosting is not None,
                        "the table open")
            targets = [(server.address, server.codes[1], times)]
            if other is not None:  # in halves, taken in turn: the machine's other load falls on both alike
                control_code = other.read_codes(2)[1]
                mine = targets[0]
                targets = [mine, (other.address, control_code, control)] * 2
            keys = ["right", "left", "t", "escape"]
            n = 0
            for address, code, into in targets:
                ready = threading.Event()
                share = probes // (len(targets) // 2) if len(targets) > 1 else probes
                thread = threading.Thread(target=probe, args=(address, code, share, into, ready))
                thread.start()
                ready.wait(60)
                while thread.is_alive():  # the host at the table: the app's loop kept busy
                    await pilot.press(keys[n % len(keys)])
                    n += 1
                    if key_every:
                        await asyncio.sleep(key_every)
            await app.close_hosting()
    finally:
        if other is not None:
            other.stop()
    return times, control


class Terminal:
    """A command in a pseudo-terminal of 100x30, as a person runs it; what it draws is
    read (and kept) on a thread, and keys are written to it as a keyboard would."""

    def __init__(self, cmd: list[str], env: dict[str, str]) -> None:
        import fcntl
        import pty
        import struct
        import subprocess
        import termios

        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.drawn = bytearray()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.drawn.extend(chunk)

    def keys_while(self, every: float, going: Any) -> None:
        """Right and Left, one every ``every`` seconds, while ``going()``."""
        n = 0
        while going():
            os.write(self.master, (b"\x1b[C", b"\x1b[D")[n % 2])
            n += 1
            time.sleep(every)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)


def in_a_terminal(probes: int, rounds: int, paces: tuple[float, ...]) -> None:
    """``ohseven host`` as a person runs it, in a pseudo-terminal, its host pressing
    Right and Left at the table (a key every 0.15 s: a player's pace; every 0.03 s: a
    held key's repeat), against ``ohseven host --headless`` while the same keys go to
    ``cat`` in a terminal of its own (the driver's own cost falls on both alike), and
    that headless host while the keys go to the app (what the app costs any process
    on this machine). Taken in turn, ``rounds`` times."""
    import re

    from net_helpers import Host

    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, OHSEVEN_SAVE_DIR=folder + "/app", OHSEVEN_CONFIG_DIR=folder, TERM="xterm-256color")
        app = Terminal([sys.executable, "-m", "ohseven_tui", "host", "--players", "3", "--humans", "2",
                        "--bots", "easy", "--port", "0", "--name", "Hal"], env)
        cat = Terminal(["cat"], env)
        host = Host(["--players", "3", "--humans", "2", "--bots", "easy"], Path(folder + "/headless"))
        try:
            deadline = time.monotonic() + 120
            found = None
            while found is None and time.monotonic() < deadline:
                plain = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", bytes(app.drawn))
                found = re.search(rb"ohseven join ([0-9.]+:\d+)/([A-Za-z0-9]+)", plain)
                time.sleep(0.2)
            if found is None:
                raise SystemExit("the app never showed its join line")
            address, code = "ws://" + found.group(1).decode(), found.group(2).decode()
            headless_code = host.read_codes(2)[1]

            def timed(to: str, seat_code: str, keys: Optional[Terminal], every: float) -> list[float]:
                times: list[float] = []
                thread = threading.Thread(target=probe, args=(to, seat_code, probes, times, threading.Event()))
                thread.start()
                if keys is not None:
                    keys.keys_while(every, thread.is_alive)
                thread.join()
                return times

            timed(address, code, None, 0)  # the friend joins: the game starts at the host's screen
            time.sleep(2)
            print(f"ohseven host in a terminal, its host pressing keys at the table; {rounds} rounds taken in turn:")
            for every in paces:
                runs: dict[str, list[float]] = {"headless": [], "app": [], "beside": []}
                for _ in range(rounds):
                    runs["headless"] += timed(host.address, headless_code, cat, every)
                    runs["app"] += timed(address, code, app, every)
                    runs["beside"] += timed(host.address, headless_code, app, every)
                print(f" a key every {every:g} s:")
                alone = figures("headless host (the keys to cat)", runs["headless"])
                mine = figures("the app's own table (the keys to the app)", runs["app"])
                beside = figures("headless host beside the app (keys to the app)", runs["beside"])
                print(f"  app's table against headless (floor <= 1.5x): p50 {mine[0] / alone[0]:.2f}x"
                      f"   p99 {mine[1] / alone[1]:.2f}x;   against the one beside it: p99 {mine[1] / beside[1]:.2f}x")
        finally:
            host.stop()
            app.stop()
            cat.stop()


def main() -> None:
    if sys.argv[1:2] == ["--probe"]:
        probe_here(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probes", type=int, default=1000, help="round trips timed each way (p99: the 1%% slowest)")
    parser.add_argument("--key-every", type=float, default=0.0, metavar="S",
                        help="the host presses a key every S seconds (default 0: back to back)")
    parser.add_argument("--terminal", action="store_true",
                        help="run ohseven host in a pseudo-terminal as a person does, keys at 0.15 s and 0.03 s")
    parser.add_argument("--rounds", type=int, default=3, help="with --terminal: rounds taken in turn")
    args = parser.parse_args()
    if args.terminal:
        in_a_terminal(args.probes, args.rounds, (0.15, 0.03))
    else:
        compare(args.probes, args.key_every)


def compare(probes: int, key_every: float = 0.0) -> None:
    """Both ways in one run, and their ratio (benchmarks/network.py --flood prints it too);
    then a headless host beside the busy app, the share of the machine's CPU the
    screen takes from any table."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ.setdefault("OHSEVEN_CONFIG_DIR", folder)
        print("a friend's round trip to the table (oh-seven, 3 seats), the same run:")
        # the headless host's halves before and after the app's: the machine's other load alike
        alone_times = headless(probes // 2, folder + "/a")
        pace = f"a key every {key_every:g} s" if key_every else "keys back to back"
        hosted, control = asyncio.run(with_a_screen(probes, folder + "/b", key_every, beside=folder + "/c"))
        alone_times += headless(probes - probes // 2, folder + "/d")
        alone = figures("headless host (ohseven host --headless)", alone_times)
        busy = figures(f"host with a seat and a screen, {pace}", hosted)
        print(f"  ratio (floor <= 1.5x): p50 {busy[0] / alone[0]:.2f}x   p99 {busy[1] / alone[1]:.2f}x")
        other = figures("headless host beside that busy screen (not its table)", control)
        print(f"  the hosted table against it: p50 {busy[0] / other[0]:.2f}x   p99 {busy[1] / other[1]:.2f}x")


if __name__ == "__main__":
    main()
