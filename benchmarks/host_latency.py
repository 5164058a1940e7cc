"""The table's answers while its host plays a seat with a screen, against a host
with no screen, in the same run. Prints figures; asserts nothing.

    python benchmarks/host_latency.py [--probes 1000] [--key-every S]

Issue 34's floor: the round trip with the host playing a seat stays within 1.5x of
a headless host's. A table of three: the host's seat, a friend's (the probe), an
easy bot. The probe, a process of its own (as a friend's client is), has joined
with its code and sends a message the table answers at once (``{}``: one error
line back), then the next when the answer came; each round trip is timed.

1. Headless: the table alone (``TableServer.start_in_thread``, nothing else runs
   in this process but the probe).
2. With a screen: the real app hosting the same table (``ohseven host`` without
   ``--headless``, headless Textual under ``run_test``), its host pressing keys at
   the table all the while (Right, Left, t and Esc: the cursor and the scoresheet
   redrawn), back to back: the app's loop busier than a player keeps it. With
   ``--key-every S`` a key every S seconds instead, a player's pace.

The round trips of 2 are slower at the tail because the table's thread must take
Python's interpreter lock back from the app's thread each time it wakes (a message
in, a frame out): while the app redraws, each such wake waits 1-4 ms, and a full
garbage collection of the app's objects holds it for tens of ms. The switch interval
does not change that (0.1 ms measured no better than 1 ms); a process of its own for
the table would.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from websockets.sync.client import connect  # noqa: E402

from ohseven_tui.engine import registry  # noqa: E402
from ohseven_tui.net import protocol as p  # noqa: E402
from ohseven_tui.net.server import TableServer  # noqa: E402


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


def table(folder: str) -> TableServer:
    return TableServer(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=0,
                       save_dir=folder, bot_delay=0)


async def headless(probes: int, folder: str) -> list[float]:
    server = table(folder)
    await server.start_in_thread()
    times: list[float] = []
    ready = threading.Event()
    thread = threading.Thread(target=probe, args=(server.address, server.codes[1], probes, times, ready))
    thread.start()
    while thread.is_alive():
        await asyncio.sleep(0.05)
    await server.close()
    return times


async def with_a_screen(probes: int, folder: str, key_every: float = 0.0) -> list[float]:
    from test_ui_driver import until

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.host import HostScreen

    server = table(folder)
    app = OhSevenApp(save_dir=folder, bot_delay=0, host=(server, "Hal"))
    times: list[float] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, HostScreen) and app.hosting is not None, "the table open")
        ready = threading.Event()
        thread = threading.Thread(target=probe, args=(server.address, server.codes[1], probes, times, ready))
        thread.start()
        ready.wait(60)
        keys = ["right", "left", "t", "escape"]
        n = 0
        while thread.is_alive():  # the host at the table: the app's loop kept busy
            await pilot.press(keys[n % len(keys)])
            n += 1
            if key_every:
                await asyncio.sleep(key_every)
        await app.close_hosting()
    return times


def main() -> None:
    if sys.argv[1:2] == ["--probe"]:
        probe_here(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--probes", type=int, default=1000, help="round trips timed each way (p99: the 1%% slowest)")
    parser.add_argument("--key-every", type=float, default=0.0, metavar="S",
                        help="the host presses a key every S seconds (default 0: back to back)")
    args = parser.parse_args()
    compare(args.probes, args.key_every)


def compare(probes: int, key_every: float = 0.0) -> None:
    """Both ways in one run, and their ratio (benchmarks/network.py --flood prints it too)."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ.setdefault("OHSEVEN_CONFIG_DIR", folder)
        print("a friend's round trip to the table (oh-seven, 3 seats), the same run:")
        alone = figures("headless host", asyncio.run(headless(probes, folder + "/a")))
        pace = f"a key every {key_every:g} s" if key_every else "keys back to back"
        busy = figures(f"host with a seat, a screen, {pace}", asyncio.run(with_a_screen(probes, folder + "/b", key_every)))
        print(f"  ratio (floor <= 1.5x): p50 {busy[0] / alone[0]:.2f}x   p99 {busy[1] / alone[1]:.2f}x")


if __name__ == "__main__":
    main()
