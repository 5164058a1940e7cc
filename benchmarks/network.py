"""Table servers under load on loopback. Prints figures; asserts nothing.

    python benchmarks/network.py [--tables 50] [--game GAME] [--actions 120] [--stagger S] [--no-autosave] [--profile-servers FILE]
    python benchmarks/network.py --bare     # the floor: websockets alone, the same frames, no game
    python benchmarks/network.py --flood    # also: the same tables beside a flood, and the host with a seat

One process hosts ``--tables`` table servers (``TableServer``, one asyncio loop,
autosaving after every action into a temporary folder, as ``ohseven host`` does);
this process runs 4 clients per table (``TableClient``), each playing a random
legal move at once whenever its seat is to act (instant players, like bots at
speed instant). Each table plays until ``--actions`` actions have been applied
(or its game ends).

Figures: actions applied per second over all tables, the latency of an action:
from the moment a client sends it to the moment the last of its table's 4 clients
has received the update it caused (p50, p99, max), and the CPU per action of the
servers' process and of this one (the 200 clients, decoding every observation).
On a machine of 2 cores the two processes share them, so a slow side slows both.

``--bare`` measures the floor under all of that: the same tables, clients and
frames (one in and four of about 400 bytes out per action, as an Oh-Seven update
is), through the same websockets calls, with no game, no observation and no
autosave; a client answers when the frame names its seat. What the real run
takes beyond it is the game's and the protocol's share.

``--flood`` (issue 34, sections 1 and 3) plays the same 50 tables twice in one run,
each time with a fresh servers' process: alone, then beside a flood, and prints the
honest tables' p50/p99 both ways. The flood comes from processes of their own
(``--flooders``, default 1), each as fast as the servers answer: one more table in the
servers' process, whose seat 0 a flooder joins again and again (8 connections in
flight, each joining over the last), saying 6 chat lines each time (an honest client sits at its seat 1 and counts the chat it hears against
the documented limit), and a wrong code tried at every honest table over and over
(2 in flight at each; the address is soon shut out of each). The runs alternate,
without and with, ``--rounds`` times (default 2): the first run of a process warms
the disk and the caches. Then ``benchmarks/host_latency.py``'s
figure: a friend's round trip with the host playing a seat with a screen, against a
headless host, in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ohseven_tui.net.server import CHAT_BURST, CHAT_EVERY  # noqa: E402


async def serve(tables: int, game: str, autosave: bool, flooded: int = 0) -> None:
    from ohseven_tui.engine import registry
    from ohseven_tui.net.server import TableServer

    spec = registry.game_spec(game)
    base = Path(tempfile.mkdtemp(prefix="ohseven-bench-net-"))
    servers = []
    for n in range(tables + flooded):  # the last ``flooded`` tables are the flood's, never played
        server = TableServer(spec, {"players": 4}, ["human"] * 4, save_dir=base / str(n), autosave=autosave)
        await server.start()
        servers.append(server)
        print(json.dumps({"address": server.address, "codes": [server.codes[s] for s in range(4)],
                          "flood": n >= tables}), flush=True)
    print("ready", flush=True)
    start = resource.getrusage(resource.RUSAGE_SELF)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the bench closes stdin
    end = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"user": end.ru_utime - start.ru_utime, "sys": end.ru_stime - start.ru_stime}), flush=True)
    shutil.rmtree(base, ignore_errors=True)  # the tables' saves: a run leaves nothing behind


BARE_PAYLOAD = "x" * 330  # pads a bare frame to about an Oh-Seven update's 400 bytes


async def serve_bare(tables: int) -> None:
    from websockets.asyncio.server import serve as ws_serve

    for _ in range(tables):
        conns: list = []
        seq = [0]

        async def handler(ws, conns=conns, seq=seq) -> None:
            conns.append(ws)
            async for _message in ws:
                seq[0] += 1
                text = json.dumps({"type": "update", "seq": seq[0], "turn": seq[0] % 4, "pad": BARE_PAYLOAD})
                for conn in list(conns):  # as the table server writes a frame the client keeps up with
                    conn.protocol.send_text(text.encode())
                    for data in conn.protocol.data_to_send():
                        if data:
                            conn.transport.write(data)

        server = await ws_serve(handler, "127.0.0.1", 0, compression=None)
        port = server.sockets[0].getsockname()[1]
        print(json.dumps({"address": f"ws://127.0.0.1:{port}", "codes": []}), flush=True)
    print("ready", flush=True)
    start = resource.getrusage(resource.RUSAGE_SELF)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    end = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"user": end.ru_utime - start.ru_utime, "sys": end.ru_stime - start.ru_stime}), flush=True)


async def table_bare(address: str, codes: list[str], actions: int, latencies: list[tuple[float, float]],
                     counts: list[int], ends: list[float], start: float = 0.0) -> None:
    from websockets.asyncio.client import connect

    await asyncio.sleep(start)
    clients = [await connect(address, compression=None) for _ in range(4)]
    sent: dict[int, float] = {}
    received: dict[int, int] = {}
    done = asyncio.Event()

    async def run(seat: int, ws) -> None:
        while True:
            msg = json.loads(await ws.recv())
            seq = msg["seq"]
            received[seq] = received.get(seq, 0) + 1
            if received[seq] == len(clients) and seq in sent:
                sent_at = sent.pop(seq)
                latencies.append((sent_at, time.perf_counter() - sent_at))
            if seq >= actions:
                done.set()
                return
            if msg["turn"] == seat:
                sent[seq + 1] = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": "0 play 5S", "seq": seq}))

    tasks = [asyncio.ensure_future(run(s, c)) for s, c in enumerate(clients)]
    sent[1] = time.perf_counter()
    await clients[0].send(json.dumps({"type": "action", "action": "0 play 5S", "seq": 0}))
    await done.wait()
    counts.append(actions)
    ends.append(time.perf_counter())
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for c in clients:
        await c.close()


async def table(address: str, codes: list[str], actions: int, latencies: list[tuple[float, float]], counts: list[int],
                ends: list[float], start: float = 0.0) -> None:
    await asyncio.sleep(start)  # --stagger: this table's players sit down a moment after the first
    from ohseven_tui.net.client import Record, TableClient, Update

    clients = [await TableClient.connect(address, code, f"P{s}") for s, code in enumerate(codes)]
    sent: dict[tuple[int, int], float] = {}  # (seat, seq acted on) -> when
    cause: dict[int, float] = {}  # update seq -> when its action was sent
    received: dict[int, int] = {}  # update seq -> clients that have it
    done = asyncio.Event()

    async def run(client, rng: random.Random) -> None:
        pending = False
        while not done.is_set():
            msg = await client.next_message()
            if isinstance(msg, Update):
                if msg.actor == client.seat and pending:
                    pending = False
                    start = sent.pop((client.seat, -1), None)
                    if start is not None:
                        cause[msg.seq] = start
                if msg.seq in cause or msg.actor is not None:
                    received[msg.seq] = received.get(msg.seq, 0) + 1
                    if received[msg.seq] == len(clients) and msg.seq in cause:
                        sent_at = cause.pop(msg.seq)
                        latencies.append((sent_at, time.perf_counter() - sent_at))
                if msg.seq >= actions:
                    done.set()
                    return
                obs = msg.observation
                if not pending and client.seat in obs.to_act and obs.legal_actions:
                    pending = True
                    sent[(client.seat, -1)] = time.perf_counter()
                    await client.act(rng.choice(obs.legal_actions))
            elif isinstance(msg, Record):
                done.set()
                return

    tasks = [asyncio.ensure_future(run(c, random.Random(s))) for s, c in enumerate(clients)]
    await done.wait()
    counts.append(max(c.seq for c in clients))
    ends.append(time.perf_counter())
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for c in clients:
        await c.close()


FLOOD_LINES = 6  # chat lines a flooder says each time it joins: one past the burst
FLOOD_AT_ONCE = 8  # a flooder's connections in flight at the flood table, and 2 at each honest table


async def flood(found: list[dict]) -> None:
    """A flooder's process, until its stdin closes: joins the flood tables' seat 0 again
    and again, saying FLOOD_LINES lines each time, and tries a wrong code at every
    honest table over and over. Prints what it did and its CPU as one JSON line."""
    from ohseven_tui.net.client import JoinError, TableClient

    done = asyncio.Event()
    counts = {"joined": 0, "refused": 0, "lines": 0, "wrong codes": 0}

    async def rejoin(address: str, code: str) -> None:
        while not done.is_set():
            try:
                client = await TableClient.connect(address, code, "Mallory", timeout=10)
            except JoinError:
                counts["refused"] += 1
                continue
            counts["joined"] += 1
            try:
                for k in range(FLOOD_LINES):
                    await client.chat(f"flood {counts['joined']}.{k} " + "x" * 180)
                    counts["lines"] += 1
            finally:
                await client.close()

    async def wrong(address: str) -> None:
        while not done.is_set():
            try:
                client = await TableClient.connect(address, "A" * 17, "Mallory", timeout=10)
                await client.close()  # not expected: a wrong code never joins
            except JoinError:
                counts["wrong codes"] += 1

    loop = asyncio.get_running_loop()
    loop.run_in_executor(None, lambda: (sys.stdin.read(), loop.call_soon_threadsafe(done.set)))
    start = resource.getrusage(resource.RUSAGE_SELF)
    await asyncio.gather(*(rejoin(t["address"], t["codes"][0]) for t in found if t["flood"] for _ in range(FLOOD_AT_ONCE)),
                         *(wrong(t["address"]) for t in found if not t["flood"] for _ in range(2)))
    end = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({**counts, "cpu": end.ru_utime + end.ru_stime - start.ru_utime - start.ru_stime}), flush=True)


async def listen(address: str, code: str, heard: list[float], stop: asyncio.Event) -> None:
    """The honest client at a flood table's seat 1: when each chat line reached it."""
    from ohseven_tui.net.client import ChatLine, TableClient

    client = await TableClient.connect(address, code, "Bea")
    while not stop.is_set():
        try:
            msg = await asyncio.wait_for(client.next_message(), 0.2)
        except asyncio.TimeoutError:
            continue
        if isinstance(msg, ChatLine):
            heard.append(time.perf_counter())
    await client.close()


async def bench(args: argparse.Namespace, flooders: int = 0) -> dict:
    extra = (["--no-autosave"] if args.no_autosave else []) + (["--bare"] if args.bare else [])
    profile = ["-m", "cProfile", "-o", args.profile_servers] if args.profile_servers else []
    extra += ["--flood-tables", "1"] if flooders else []
    proc = subprocess.Popen([sys.executable, *profile, __file__, "--serve", str(args.tables), "--game", args.game, *extra],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert proc.stdout is not None and proc.stdin is not None
    found = []
    for line in proc.stdout:
        if line.strip() == "ready":
            break
        found.append(json.loads(line))
    if not found:
        sys.exit("network.py: the table servers did not start (see above)")
    flood_tables = [t for t in found if t.get("flood")]
    found = [t for t in found if not t.get("flood")]
    heard: list[float] = []  # when the flood tables' honest clients heard each chat line
    stop = asyncio.Event()
    listeners = [asyncio.ensure_future(listen(t["address"], t["codes"][1], heard, stop)) for t in flood_tables]
    floods = [subprocess.Popen([sys.executable, __file__, "--flood-client"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, cwd=ROOT) for _ in range(flooders)]
    for f in floods:
        assert f.stdin is not None
        f.stdin.write("\n".join(json.dumps(t) for t in flood_tables + found) + "\n\n")
        f.stdin.flush()
    flood_started = time.perf_counter()
    timed: list[tuple[float, float]] = []  # (when sent, latency) of each action
    counts: list[int] = []
    own_before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    starts = random.Random(args.seed).sample(range(1000), len(found)) if len(found) <= 1000 else [0] * len(found)
    ends: list[float] = []  # when each table played its last action
    play = table_bare if args.bare else table
    await asyncio.gather(*(play(t["address"], t["codes"], args.actions, timed, counts, ends,
                                 args.stagger * starts[n] / 1000) for n, t in enumerate(found)))
    elapsed = time.perf_counter() - start
    own = resource.getrusage(resource.RUSAGE_SELF)
    flooded = []
    for f in floods:
        assert f.stdin is not None and f.stdout is not None
        f.stdin.close()
        flooded.append(json.loads(f.stdout.readline()))
        f.wait()
    flood_took = time.perf_counter() - flood_started
    stop.set()
    await asyncio.gather(*listeners)
    proc.stdin.close()
    served = json.loads(proc.stdout.readline())  # the servers' CPU while the tables played
    proc.wait()
    total = sum(counts)
    # Staggered: only the actions sent while every table is playing (the load the figures name).
    all_in = start + max(args.stagger * starts[n] / 1000 for n in range(len(found)))
    first_end = min(ends) if args.stagger else float("inf")
    latencies = [lat for sent_at, lat in timed if all_in <= sent_at <= first_end]
    qs = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    saving = "bare websockets: no game, no autosave" if args.bare else \
        "no autosave" if args.no_autosave else "autosave after every action"
    started = f", started over {args.stagger:g} s" if args.stagger else ", all started at once"
    print(f"{len(found)} tables x 4 clients, {'' if args.bare else args.game + ', '}{saving}{started}, on loopback ({os.cpu_count()} cores)")
    print(f"  actions applied: {total} in {elapsed:.1f} s = {total / elapsed:.0f} actions/s")
    print(f"  action sent -> every client of the table has its update: p50 {qs[49] * 1000:.1f} ms, "
          f"p99 {qs[98] * 1000:.1f} ms, max {max(latencies, default=0) * 1000:.1f} ms ({len(latencies)} actions"
          + (", those sent while every table was playing)" if args.stagger else ")"))
    served_cpu = served["user"] + served["sys"]
    own_cpu = own.ru_utime + own.ru_stime - own_before.ru_utime - own_before.ru_stime
    print(f"  CPU per action: servers {served_cpu / max(total, 1) * 1000:.2f} ms "
          f"({served['sys'] / max(served_cpu, 1e-9):.0%} in the system), "
          f"the 4 clients {own_cpu / max(total, 1) * 1000:.2f} ms")
    if floods:
        sums = {k: sum(f[k] for f in flooded) for k in flooded[0]}
        allowed = CHAT_BURST + int(flood_took / CHAT_EVERY) + 1
        print(f"  the flood, {len(floods)} process(es) over {flood_took:.1f} s: joined the flood table "
              f"{sums['joined']} times and refused {sums['refused']}, {sums['lines']} chat lines sent, "
              f"{sums['wrong codes']} wrong codes tried at the honest tables; the flooders' CPU {sums['cpu']:.1f} s")
        print(f"  chat the flood table's honest client heard: {len(heard)} lines "
              f"(the limit allows at most {allowed}: {CHAT_BURST} at once, then one every {CHAT_EVERY:g} s)")
    return {"rate": total / elapsed, "p50": qs[49] * 1000, "p99": qs[98] * 1000}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", help="a registered game for 4 players (default: the registry's default game)")
    parser.add_argument("--actions", type=int, default=120, help="actions per table")
    parser.add_argument("--no-autosave", action="store_true", help="tables that write no autosave (the disk's share)")
    parser.add_argument("--stagger", type=float, default=0.0, metavar="S",
                        help="tables start at random moments over S seconds, as real tables do, and the "
                             "latencies are those of actions sent once all play (default 0: all at once, "
                             "each table's first bids racing every other's)")
    parser.add_argument("--seed", type=int, default=1, help="the stagger's random start times")
    parser.add_argument("--profile-servers", metavar="FILE", help="a cProfile of the servers' process")
    parser.add_argument("--bare", action="store_true",
                        help="the floor: websockets alone with the same tables, clients and frame sizes, no game")
    parser.add_argument("--flood", action="store_true",
                        help="also: the same tables beside a flood (issue 34, section 1), and the host's "
                             "round trip with a seat and a screen against a headless host's")
    parser.add_argument("--flooders", type=int, default=1, help="the flood's processes (default 1)")
    parser.add_argument("--rounds", type=int, default=2, help="--flood: runs without and with it, alternating")
    parser.add_argument("--probes", type=int, default=1000, help="the host's round trips timed each way")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--flood-tables", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--flood-client", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.flood_client:  # a flooder: the tables come on stdin, one JSON line each, up to an empty line
        found = []
        for line in sys.stdin:
            if not line.strip():
                break
            found.append(json.loads(line))
        asyncio.run(flood(found))
        return
    if args.game is None:
        from ohseven_tui.engine.registry import default_game

        args.game = default_game().name
    if args.serve:
        asyncio.run(serve_bare(args.serve) if args.bare else
                    serve(args.serve, args.game, not args.no_autosave, args.flood_tables))
    elif args.flood and not args.bare:
        flood_and_host(args)
    else:
        asyncio.run(bench(args))


def flood_and_host(args: argparse.Namespace) -> None:
    """Issue 34, section 3: the honest tables alone and beside the flood, then the host
    with a seat against a headless host, in one run."""
    import host_latency

    pairs = []
    for n in range(args.rounds):
        print(f"round {n + 1}, without the flood:")
        alone = asyncio.run(bench(args))
        print(f"round {n + 1}, with the flood ({args.flooders} flooding process(es)):")
        pairs.append((alone, asyncio.run(bench(args, args.flooders))))
    print("the honest tables without -> with the flood:")
    for n, (alone, flooded) in enumerate(pairs):
        print(f"  round {n + 1}: p50 {alone['p50']:.1f} -> {flooded['p50']:.1f} ms "
              f"({flooded['p50'] / alone['p50']:.2f}x), p99 {alone['p99']:.1f} -> {flooded['p99']:.1f} ms "
              f"({flooded['p99'] / alone['p99']:.2f}x), {alone['rate']:.0f} -> {flooded['rate']:.0f} actions/s")
    host_latency.compare(args.probes)


if __name__ == "__main__":
    main()
