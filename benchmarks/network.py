"""Table servers under load on loopback. Prints figures; asserts nothing.

    python benchmarks/network.py [--tables 50] [--game GAME] [--actions 120] [--stagger S] [--no-autosave] [--profile-servers FILE]
    python benchmarks/network.py --bare     # the floor: websockets alone, the same frames, no game

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


async def serve(tables: int, game: str, autosave: bool) -> None:
    from ohseven_tui.engine import registry
    from ohseven_tui.net.server import TableServer

    spec = registry.game_spec(game)
    base = Path(tempfile.mkdtemp(prefix="ohseven-bench-net-"))
    servers = []
    for n in range(tables):
        server = TableServer(spec, {"players": 4}, ["human"] * 4, save_dir=base / str(n), autosave=autosave)
        await server.start()
        servers.append(server)
        print(json.dumps({"address": server.address, "codes": [server.codes[s] for s in range(4)]}), flush=True)
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


async def bench(args: argparse.Namespace) -> None:
    extra = (["--no-autosave"] if args.no_autosave else []) + (["--bare"] if args.bare else [])
    profile = ["-m", "cProfile", "-o", args.profile_servers] if args.profile_servers else []
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
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.game is None:
        from ohseven_tui.engine.registry import default_game

        args.game = default_game().name
    if args.serve:
        asyncio.run(serve_bare(args.serve) if args.bare else serve(args.serve, args.game, not args.no_autosave))
    else:
        asyncio.run(bench(args))


if __name__ == "__main__":
    main()
