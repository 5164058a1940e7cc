"""A fair bot tournament: every deal is replayed once per seat rotation of the
line-up, so each bot sits in every seat of every deal.

Prints, per bot: points per round with a 95% confidence interval, fill rate
(bid = tricks), and decision time (median, p99, max). For the first two bots of
the line-up it prints the paired difference per deal (mean over the rotations of
the first bot's seats minus the second's), which cancels the luck of the deal.

    python benchmarks/bots.py --lineup normal,easy,easy,easy --deals 2000
    python benchmarks/bots.py --lineup strong,normal,normal,normal --deals 200 --budget 0.5 --workers 2
    python benchmarks/bots.py --lineup strong,normal,normal,normal --deals 200 --samples 100
    python benchmarks/bots.py --against ismcts --lineup strong --deals 60 --budget 0.1 --workers 2

``--against ismcts`` plays one bot of ours against OpenSpiel's IS-MCTS on classic
Oh Hell, two seats each, both engines in step (see benchmarks/ismcts.py; needs the
optional benchmark install ``pip install --no-deps open_spiel==1.6.15 numpy``).
``--samples N`` gives a searching bot N samples a decision instead of a time budget,
so its strength does not move with the machine's pace.

A deal is one round: round ``--round`` of a game with the deal's seed (earlier
rounds, if any, are played by normal bots in every seat, identically for every
rotation, so ``--round 4 --passing`` measures a round with a 3-card pass). With
``--whole-games`` a deal is the rest of the game (the same deals for every
rotation unless an R13 redeal shifts the pack's later shuffles).
"""

from __future__ import annotations

import argparse
import inspect
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.bots import bot_names, bot_spec, bots_for, make_bot, play_game  # noqa: E402
from ohseven_tui.engine import registry  # noqa: E402
from ohseven_tui.engine.protocol import OptionError  # noqa: E402

_ARGS = None


def _init(args) -> None:
    global _ARGS
    _ARGS = args


def _takes_budget(name: str) -> bool:
    return "budget" in inspect.signature(bot_spec(name).factory).parameters


def bot_options(name: str, options: dict) -> dict:
    """The --bot-option settings bot ``name``'s factory takes."""
    params = inspect.signature(bot_spec(name).factory).parameters
    return {k: v for k, v in options.items() if k in params}


def _bot(name: str, seed: int, budget: float, samples: int = 0, options: Optional[dict] = None):
    extra = bot_options(name, options or {})
    if _takes_budget(name) and samples:
        return make_bot(name, seed, budget=1e6, max_samples=samples, **extra)
    if _takes_budget(name):
        return make_bot(name, seed, budget=budget, **extra)
    return make_bot(name, seed, **extra)


def _option(text: str) -> tuple:
    """KEY=VALUE, the value an int, a float, true or false."""
    key, sep, value = text.partition("=")
    if not sep or not key.isidentifier():
        raise argparse.ArgumentTypeError(f"not KEY=VALUE: {text!r}")
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    for kind in (int, float):
        try:
            return key, kind(value)
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(f"{key}: not a number or true/false: {value!r}")


def _options(args, players: int) -> dict:
    options = {"players": players}
    if args.passing:
        options["passing"] = True
    return options


def _warmup_bot(game_name: str) -> str:
    """The earlier rounds' player: the first instant bot that plays the game."""
    playing = [b for b in bots_for(game_name) if not _takes_budget(b)]
    return playing[-1]


def play_deal(index: int):
    """Play deal ``index`` once per rotation. Returns per rotation and seat:
    (bot name, round points, bid, taken) and, per bot name, the decision times
    (wall clock, and this thread's CPU time: a shared machine's load moves the
    first, not the second), the decisions over budget and the samples per searched
    decision."""
    args = _ARGS
    assert args is not None, "_init sets the arguments first"
    n = len(args.lineup)
    seed = random.Random(f"{args.seed}:{index}").getrandbits(48)
    rows = []
    times: dict = {name: [] for name in set(args.lineup)}
    cpu: dict = {name: [] for name in set(args.lineup)}
    over: dict = {name: 0 for name in set(args.lineup)}
    samples: dict = {name: [] for name in set(args.lineup)}
    warm = _warmup_bot(args.game)
    for rotation in range(n):
        names = [args.lineup[(s - rotation) % n] for s in range(n)]
        game = registry.new_game(args.game, _options(args, n), seed=seed)
        warmup = [make_bot(warm, seed + s) for s in range(n)]
        while game.round_number < args.round and not game.is_over:  # ends with this deal's DEAL applied
            _step(game, warmup)
        bots = [_bot(name, seed * 16 + s, args.budget, args.samples, args.options) for s, name in enumerate(names)]
        clock, thread_clock = time.perf_counter, time.thread_time
        first = len(game.results())
        before = list(game.totals)
        while not game.is_over and (args.whole_games or len(game.results()) == first):
            seats = game.to_act()
            if not seats:
                game.apply(game.legal_actions()[0])  # the table's action (a deal or a draw): next round, or a redeal
                continue
            for seat in seats:
                obs = game.observe(seat)
                t0, c0 = clock(), thread_clock()
                action = bots[seat].choose(obs)
                dt, dc = clock() - t0, thread_clock() - c0
                if len(obs.legal_actions) > 1:
                    name = names[seat]
                    times[name].append(dt)
                    cpu[name].append(dc)
                    if name in args.budgeted:
                        samples[name].append(bots[seat].last_samples)
                        if not args.samples and dt > args.budget * 1.1:
                            over[name] += 1
                game.apply(action)
        for result in game.results()[first:]:
            points = getattr(result, "round_points", None)
            if points is None:  # a family without per-round points: the totals' change
                points = [a - b for a, b in zip(game.totals, before)]
            bids = getattr(result, "bids", None) or [None] * n
            taken = getattr(result, "taken", None) or [None] * n
            rows.append([(names[s], points[s], bids[s], taken[s]) for s in range(n)])
    return rows, times, over, samples, cpu


def _step(game, bots) -> None:
    seats = game.to_act()
    if not seats:
        game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
        return
    for seat in seats:
        game.apply(bots[seat].choose(game.observe(seat)))


class _Recorder:
    """A bot that keeps every position with a real choice, by action kind."""

    def __init__(self, bot, positions: dict) -> None:
        self.bot, self.positions = bot, positions

    def choose(self, obs):
        if len(obs.legal_actions) > 1:
            self.positions.setdefault(type(obs.legal_actions[0]).__name__, []).append(obs)
        return self.bot.choose(obs)


def speed(args) -> int:
    """Each searching bot at a fixed sample count (no budget), on positions from
    the warm-up bot's self-play: milliseconds per decision, by action kind, best
    of three. The figure to compare before and after a change to the playout."""
    n = len(args.lineup)
    warm = _warmup_bot(args.game)
    positions: dict = {}
    for seed in range(args.deals):
        game = registry.new_game(args.game, _options(args, n), seed=seed)
        play_game(game, [_Recorder(make_bot(warm, s), positions) for s in range(n)])
    print(f"{args.game}, {n} players, positions from {args.deals} games of {warm} self-play, "
          f"{args.speed} samples per decision")
    for name in dict.fromkeys(args.lineup):
        fixed = {"budget": 1e6, "max_samples": args.speed} if name in args.budgeted else {}
        fixed.update(bot_options(name, args.options))
        for kind, group in sorted(positions.items()):
            best = float("inf")
            drawn = 0
            for _ in range(3):
                bot = make_bot(name, 1, **fixed)
                drawn = 0
                t0 = time.perf_counter()
                for obs in group:
                    bot.choose(obs)
                    drawn += getattr(bot, "last_samples", 0)
                best = min(best, time.perf_counter() - t0)
            # a search may stop before SAMPLES when one choice is clearly best: samples/s is the rate
            rate = f" {drawn / best:>9,.0f} samples/s" if drawn else ""
            print(f"{name:<8} {kind:<10} {len(group):>5} decisions {best / len(group) * 1000:>9.3f} ms/decision{rate}")
    return 0


def _against(p, args) -> int:
    """Our one bot against an outside player (benchmarks/ismcts.py)."""
    import ismcts  # benchmarks/ is this script's directory

    args.lineup = [x.strip() for x in (args.lineup or "strong").split(",")]
    if args.round != 1 or args.passing or args.whole_games or args.speed:
        p.error("--against plays whole games: no --round, --passing, --whole-games or --speed")
    try:
        args.game, why = ismcts.find_game(args.game)
    except OptionError as err:
        p.error(str(err))
    if why:
        p.error(f"--against ismcts plays OpenSpiel's oh_hell: {why}")
    playing = bots_for(registry.game_spec(args.game))
    if len(args.lineup) != 1 or args.lineup[0] not in playing:
        p.error(f"--against takes one bot of ours in --lineup, from {', '.join(playing)}")
    return ismcts.tournament(args)


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
    p.add_argument("--lineup", default=None,
                   help="one bot name per seat, comma-separated (default normal,easy,easy,easy; "
                        "with --against, the one bot of ours: default strong)")
    p.add_argument("--deals", type=int, default=500, help="deals to play (each replayed once per rotation)")
    p.add_argument("--budget", type=float, default=0.5, help="a searching bot's seconds per decision (default 0.5)")
    p.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", "--rules", dest="game", default=None,
                   help="the game's name (default: the registry's first game)")
    p.add_argument("--round", type=int, default=1, help="which round of the game each deal is")
    p.add_argument("--passing", action="store_true", help="card passing on (R6; use with --round 2..6)")
    p.add_argument(
        "--whole-games",
        action="store_true",
        help="a deal is a whole game (from --round to the end): bots see earlier rounds' results",
    )
    p.add_argument("--samples", type=int, default=0, metavar="N",
                   help="a searching bot's samples per decision, instead of the time budget")
    p.add_argument("--bot-option", dest="options", type=_option, action="append", default=[], metavar="KEY=VALUE",
                   help="a setting for every bot whose factory takes it, e.g. endgame=0 (repeatable)")
    p.add_argument("--against", choices=["ismcts"], default=None,
                   help="ismcts: our bot (--lineup NAME) against OpenSpiel's IS-MCTS, classic Oh Hell, 4 players")
    p.add_argument("--ismcts-sims", type=int, default=0, metavar="N",
                   help="IS-MCTS simulations per decision (default: calibrated so its median decision takes --budget)")
    p.add_argument("--ismcts-points-per-trick", type=int, default=1, choices=[0, 1],
                   help="oh_hell's points_per_trick for IS-MCTS's own returns (see benchmarks/ismcts.py)")
    p.add_argument("--speed", type=int, metavar="SAMPLES", default=0,
                   help="instead of a tournament: time each bot's decisions, searching bots at SAMPLES samples "
                        "(positions from --deals games)")
    args = p.parse_args(argv)
    args.options = dict(args.options)
    if args.samples < 0 or args.deals < 1 or args.workers < 1 or args.ismcts_sims < 0:
        p.error("--samples, --deals, --workers and --ismcts-sims take positive numbers")
    if args.against:
        return _against(p, args)
    args.lineup = args.lineup or "normal,easy,easy,easy"
    try:
        spec = registry.game_spec(args.game) if args.game else registry.default_game()
    except OptionError as err:
        p.error(str(err))
    args.game = spec.name
    args.lineup = [x.strip() for x in args.lineup.split(",")]
    low, high = spec.players
    bad = [x for x in args.lineup if x not in bot_names()]
    if bad or not low <= len(args.lineup) <= high:
        p.error(f"--lineup needs {low}-{high} names from {', '.join(bot_names())}")
    cannot = [x for x in dict.fromkeys(args.lineup) if x not in bots_for(spec)]
    if cannot:
        p.error(f"{', '.join(cannot)} does not play {spec.name}; bots that do: {', '.join(bots_for(spec))}")
    try:
        spec.check_options(_options(args, len(args.lineup)))
    except OptionError as err:
        p.error(str(err))
    args.budgeted = {x for x in args.lineup if _takes_budget(x)}
    if args.speed:
        return speed(args)
    start = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers, initializer=_init, initargs=(args,)) as pool:
            results = pool.map(play_deal, range(args.deals), chunksize=1)
    else:
        _init(args)
        results = [play_deal(i) for i in range(args.deals)]
    wall = time.perf_counter() - start
    names = list(dict.fromkeys(args.lineup))
    per_bot: dict[str, list] = {name: [] for name in names}
    fills = {name: [0, 0] for name in names}
    times: dict[str, list] = {name: [] for name in names}
    cpu_times: dict[str, list] = {name: [] for name in names}
    over = {name: 0 for name in names}
    samples: dict[str, list] = {name: [] for name in names}
    per_deal: dict[str, list] = {name: [] for name in names}  # mean points per deal, over its seats and rotations
    bid_minus_taken: dict[str, list] = {name: [] for name in names}
    for rows, t, o, k, c in results:
        deal_points: dict[str, list] = {name: [] for name in names}
        for row in rows:
            for name, pts, bid, taken in row:
                per_bot[name].append(pts)
                deal_points[name].append(pts)
                if bid is not None:
                    fills[name][0] += bid == taken
                    fills[name][1] += 1
                    bid_minus_taken[name].append(bid - taken)
        for name in names:
            per_deal[name].append(statistics.fmean(deal_points[name]))
            times[name].extend(t.get(name, []))
            cpu_times[name].extend(c.get(name, []))
            over[name] += o.get(name, 0)
            samples[name].extend(k.get(name, []))
    print(
        f"{args.deals} deals x {len(args.lineup)} rotations, {args.game}, line-up {','.join(args.lineup)}, "
        f"round {args.round}{' to the end' if args.whole_games else ''}"
        f"{', passing' if args.passing else ''}, "
        f"{f'{args.samples} samples a decision' if args.samples else f'search budget {args.budget}s'}"
        f"{''.join(f', {k}={v}' for k, v in args.options.items())}, {args.workers} workers, "
        f"wall {wall:.0f}s"
    )
    print(f"{'bot':<8} {'pts/round':>10} {'95% CI':>8} {'fill':>7} {'bid-taken':>10} "
          f"{'decisions':>10} {'median ms':>10} {'p99 ms':>9} {'max ms':>9} {'CPU p99 ms':>11}")
    for name in names:
        m, ci = mean_ci(per_deal[name])
        f = fills[name][0] / fills[name][1] if fills[name][1] else float("nan")
        ts = times[name]
        bias = statistics.fmean(bid_minus_taken[name]) if bid_minus_taken[name] else float("nan")
        print(
            f"{name:<8} {m:>10.3f} {ci:>8.3f} {f:>7.1%} {bias:>10.3f} {len(ts):>10} "
            f"{percentile(ts, 0.5) * 1000:>10.2f} {percentile(ts, 0.99) * 1000:>9.2f} "
            f"{max(ts, default=float('nan')) * 1000:>9.2f} {percentile(cpu_times[name], 0.99) * 1000:>11.2f}"
        )
    if len(names) >= 2:
        a, b = names[0], names[1]
        diffs = [x - y for x, y in zip(per_deal[a], per_deal[b])]
        m, ci = mean_ci(diffs)
        print(f"paired per deal: {a} - {b} = {m:+.3f} points per round, 95% CI [{m - ci:+.3f}, {m + ci:+.3f}]")
    for name in names:
        if name in args.budgeted:
            k = samples[name]
            late = ("" if args.samples else  # a fixed sample count has no budget to be over
                    f"decisions over budget + 10% ({args.budget * 1.1 * 1000:.0f} ms): {over[name]} "
                    f"of {len(times[name])}; ")
            print(f"{name} {late}samples per decision: median {percentile(k, 0.5)}, "
                  f"mean {statistics.fmean(k) if k else float('nan'):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
