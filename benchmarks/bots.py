"""A fair bot tournament: every deal is replayed once per seat rotation of the
line-up, so each bot sits in every seat of every deal.

Prints, per bot: points per round with a 95% confidence interval, fill rate
(bid = tricks), and decision time (median, p99, max). For the first two bots of
the line-up it prints the paired difference per deal (mean over the rotations of
the first bot's seats minus the second's), which cancels the luck of the deal.

    python benchmarks/bots.py --lineup normal,easy,easy,easy --deals 2000
    python benchmarks/bots.py --lineup strong,normal,normal,normal --deals 200 --budget 0.5 --workers 2

A deal is one round: round ``--round`` of a game with the deal's seed (earlier
rounds, if any, are played by normal bots in every seat, identically for every
rotation, so ``--round 4 --passing`` measures a round with a 3-card pass). With
``--whole-games`` a deal is the rest of the game (the same deals for every
rotation unless an R13 redeal shifts the pack's later shuffles).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.bots import BOT_NAMES, make_bot  # noqa: E402
from ohseven_tui.games.ohhell import DEAL, Game, Phase, make_rules  # noqa: E402

_ARGS = None


def _init(args) -> None:
    global _ARGS
    _ARGS = args


def _bot(name: str, seed: int, budget: float):
    if name == "strong":
        return make_bot(name, seed, budget=budget)
    return make_bot(name, seed)


def play_deal(index: int):
    """Play deal ``index`` once per rotation. Returns per rotation and seat:
    (bot name, round points, bid, taken) and the decision times per bot name."""
    args = _ARGS
    rules = make_rules(args.rules, len(args.lineup), passing=args.passing)
    n = rules.players
    seed = random.Random(f"{args.seed}:{index}").getrandbits(48)
    rows = []
    times: dict = {name: [] for name in set(args.lineup)}
    over: dict = {name: 0 for name in set(args.lineup)}
    for rotation in range(n):
        names = [args.lineup[(s - rotation) % n] for s in range(n)]
        game = Game(rules, seed=seed)
        warmup = [make_bot("normal", seed + s) for s in range(n)]
        while game.round_number < args.round:  # ends with this deal's DEAL applied
            _step(game, warmup)
        bots = [_bot(name, seed * 16 + s, args.budget) for s, name in enumerate(names)]
        clock = time.perf_counter
        first = len(game.results())
        stop = (Phase.GAME_OVER,) if args.whole_games else (Phase.ROUND_OVER, Phase.GAME_OVER)
        while game.phase not in stop:
            seats = game.to_act()
            if not seats:
                game.apply(DEAL)  # next round, or an R13 redeal
                continue
            for seat in seats:
                obs = game.observation(seat)
                t0 = clock()
                action = bots[seat].choose(obs)
                dt = clock() - t0
                if len(obs.legal_actions) > 1:
                    times[names[seat]].append(dt)
                    if names[seat] == "strong" and dt > args.budget * 1.1:
                        over["strong"] += 1
                game.apply(action)
        for result in game.results()[first:]:
            rows.append([(names[s], result.round_points[s], result.bids[s], result.taken[s]) for s in range(n)])
    return rows, times, over


def _step(game, bots) -> None:
    seats = game.to_act()
    if not seats:
        game.apply(DEAL)
        return
    for seat in seats:
        game.apply(bots[seat].choose(game.observation(seat)))


def mean_ci(values):
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("nan")
    return m, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def percentile(values, q):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--lineup", default="normal,easy,easy,easy", help="one bot name per seat, comma-separated")
    p.add_argument("--deals", type=int, default=500, help="deals to play (each replayed once per rotation)")
    p.add_argument("--budget", type=float, default=0.5, help="strong bot's seconds per decision (default 0.5)")
    p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="oh-seven", help="rules preset: oh-seven, classic or up-and-down")
    p.add_argument("--round", type=int, default=1, help="which round of the game each deal is (1-7)")
    p.add_argument("--passing", action="store_true", help="card passing on (R6; use with --round 2..6)")
    p.add_argument(
        "--whole-games",
        action="store_true",
        help="a deal is a whole game (from --round to round 7): bots see earlier rounds' results",
    )
    args = p.parse_args(argv)
    args.lineup = [x.strip() for x in args.lineup.split(",")]
    bad = [x for x in args.lineup if x not in BOT_NAMES]
    if bad or not 2 <= len(args.lineup) <= 9:
        p.error(f"--lineup needs 2-9 names from {', '.join(BOT_NAMES)}")
    start = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers, initializer=_init, initargs=(args,)) as pool:
            results = pool.map(play_deal, range(args.deals), chunksize=1)
    else:
        _init(args)
        results = [play_deal(i) for i in range(args.deals)]
    wall = time.perf_counter() - start
    names = list(dict.fromkeys(args.lineup))
    per_bot = {name: [] for name in names}
    fills = {name: [0, 0] for name in names}
    times = {name: [] for name in names}
    over = {name: 0 for name in names}
    per_deal = {name: [] for name in names}  # mean points per deal, over its seats and rotations
    bid_minus_taken = {name: [] for name in names}
    for rows, t, o in results:
        deal_points = {name: [] for name in names}
        for row in rows:
            for name, pts, bid, taken in row:
                per_bot[name].append(pts)
                deal_points[name].append(pts)
                fills[name][0] += bid == taken
                fills[name][1] += 1
                bid_minus_taken[name].append(bid - taken)
        for name in names:
            per_deal[name].append(statistics.fmean(deal_points[name]))
            times[name].extend(t.get(name, []))
            over[name] += o.get(name, 0)
    print(
        f"{args.deals} deals x {len(args.lineup)} rotations, {args.rules}, line-up {','.join(args.lineup)}, round {args.round}{' to the end' if args.whole_games else ''}"
        f"{', passing' if args.passing else ''}, strong budget {args.budget}s, {args.workers} workers, "
        f"wall {wall:.0f}s"
    )
    print(f"{'bot':<8} {'pts/round':>10} {'95% CI':>8} {'fill':>7} {'bid-taken':>10} "
          f"{'decisions':>10} {'median ms':>10} {'p99 ms':>9} {'max ms':>9}")
    for name in names:
        m, ci = mean_ci(per_deal[name])
        f = fills[name][0] / fills[name][1]
        ts = times[name]
        bias = statistics.fmean(bid_minus_taken[name])
        print(
            f"{name:<8} {m:>10.3f} {ci:>8.3f} {f:>7.1%} {bias:>10.3f} {len(ts):>10} "
            f"{percentile(ts, 0.5) * 1000:>10.2f} {percentile(ts, 0.99) * 1000:>9.2f} {max(ts, default=float('nan')) * 1000:>9.2f}"
        )
    if len(names) >= 2:
        a, b = names[0], names[1]
        diffs = [x - y for x, y in zip(per_deal[a], per_deal[b])]
        m, ci = mean_ci(diffs)
        print(f"paired per deal: {a} - {b} = {m:+.3f} points per round, 95% CI [{m - ci:+.3f}, {m + ci:+.3f}]")
    if "strong" in names:
        print(
            f"strong decisions over budget + 10% ({args.budget * 1.1 * 1000:.0f} ms): {over['strong']} "
            f"of {len(times['strong'])}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
