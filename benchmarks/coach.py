"""The coach's honest numbers (issue 37, section 3): the mean expected loss per
decision the analysis finds for easy, normal and strong seats (it should order
them easy > normal > strong, clearly apart), how much an analysis moves between
two seeds (its noise, against each family's "fine" threshold), and the time to
analyse one seat's game.

For each game (by default the first game of every family, in menu order) and
each strength, ``--games`` games are played with that strength in seat 0 and the
normal bot in the other seats, up to ``--rounds`` rounds (0: the whole game);
seat 0's decisions are then analysed at ``--samples`` deals each. The strong bot
plays at a fixed sample count (``--strong-samples``), so nothing depends on the
machine's load but the times. Each game's own seed comes from ``--seed``.
Confidence intervals are a bootstrap over games (the decisions of one game are
not independent). Under each strength, the loss is broken down by decision kind
(the first word of the action in the record's words: "play", "bid", "lead"...):
how many, the mean loss of one and its share of the strength's whole loss. The
noise is the same games' analyses of the normal seat with seed 0 and seed 1,
decision by decision. Figures, never assertions.

    python benchmarks/coach.py --games 10 --rounds 2
    python benchmarks/coach.py --game NAME --games 20 --rounds 0 --samples 400
    python benchmarks/coach.py --strengths normal --games 10   # the noise and the time alone
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.bots import make_bot  # noqa: E402
from ohseven_tui.coach import DEFAULT_SAMPLES, analyse_game  # noqa: E402
from ohseven_tui.engine import registry  # noqa: E402
from ohseven_tui.engine.protocol import Seat  # noqa: E402

STRENGTHS = ("easy", "normal", "strong")


def games_to_run(name: str | None) -> list:
    if name:
        return [registry.game_spec(name)]
    first: dict = {}
    for spec in registry.games():
        first.setdefault(spec.family, spec)
    return list(first.values())


def played(spec, strength: str, seed: int, rounds: int, strong_samples: int):
    n = spec.check_options({})["players"]
    seats = [Seat("Seat 1", strength)] + [Seat(f"Seat {s + 1}", "normal") for s in range(1, n)]
    game = spec.new_game(spec.check_options({}), seed=seed, seats=seats)
    bots = [make_bot(strength, seed * 16, budget=1e9, max_samples=strong_samples) if strength == "strong"
            else make_bot(strength, seed * 16)]
    bots += [make_bot("normal", seed * 16 + s) for s in range(1, n)]
    while not game.is_over and not (rounds and game.round_number > rounds):
        to_act = game.to_act()
        if not to_act:
            game.apply(game.legal_actions()[0])
            continue
        for seat in to_act:
            game.apply(bots[seat].choose(game.observe(seat)))
    return game


def bootstrap(per_game: list[tuple[float, int]], seed: int, draws: int = 2000) -> tuple[float, float, float]:
    """Loss per decision over games (total loss, decisions), with a 95% interval."""
    def ratio(rows):
        decisions = sum(d for _, d in rows)
        return sum(loss for loss, _ in rows) / decisions if decisions else 0.0

    rng = random.Random(seed)
    stats = sorted(ratio([per_game[rng.randrange(len(per_game))] for _ in per_game]) for _ in range(draws))
    return ratio(per_game), stats[int(0.025 * draws)], stats[int(0.975 * draws) - 1]


def print_kinds(kinds: dict[str, list[float]]) -> None:
    """The loss by decision kind, the costliest first."""
    whole = sum(sum(losses) for losses in kinds.values())
    for kind, losses in sorted(kinds.items(), key=lambda kv: -sum(kv[1])):
        share = sum(losses) / whole if whole else 0.0
        print(f"           {kind:9} {len(losses):5} decisions  mean loss {statistics.mean(losses):6.3f}  "
              f"{share:4.0%} of the loss, {sum(1 for x in losses if x > 0)} lost points")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", help="one game by name (default: the first game of every family)")
    p.add_argument("--games", type=int, default=10, help="games per strength (default 10)")
    p.add_argument("--rounds", type=int, default=2, help="rounds (hands) of each game to play, 0: all (default 2)")
    p.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="the analysis's deals per decision")
    p.add_argument("--strong-samples", type=int, default=100, help="the strong player's samples per decision")
    p.add_argument("--strengths", default=",".join(STRENGTHS), help="the strengths in seat 0 (default: all)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    for spec in games_to_run(args.game):
        seeds = [random.Random(f"{args.seed}:{spec.name}:{i}").getrandbits(40) for i in range(args.games)]
        print(f"{spec.label}: {args.games} games x {args.rounds or 'all'} rounds, seat 0 analysed at "
              f"{args.samples} deals per decision")
        thresholds = None
        noise_rows: list[tuple[float, bool]] = []
        times: list[tuple[float, float, int]] = []
        for strength in args.strengths.split(","):
            per_game = []
            kinds: dict[str, list[float]] = {}
            for seed in seeds:
                game = played(spec, strength, seed, args.rounds, args.strong_samples)
                wall, cpu = time.perf_counter(), time.process_time()
                report = analyse_game(game, seats=[0], samples=args.samples, seed=0).seats[0]
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                times.append((wall, cpu, len(report.decisions)))
                thresholds = report.thresholds
                per_game.append((report.total_loss, len(report.judged)))
                for d in report.judged:
                    kinds.setdefault(d.kind, []).append(d.loss)
                if strength == "normal":
                    other = analyse_game(game, seats=[0], samples=args.samples, seed=1).seats[0]
                    for a, b in zip(report.judged, other.judged):
                        noise_rows.append((abs(a.loss - b.loss), a.label != b.label))
            mean, low, high = bootstrap(per_game, args.seed)
            decisions = sum(d for _, d in per_game)
            print(f"  {strength:6} {decisions:5} decisions  mean loss {mean:6.3f} per decision "
                  f"[95% {low:.3f}, {high:.3f}]")
            print_kinds(kinds)
        if noise_rows:
            moves = [m for m, _ in noise_rows]
            print(f"  noise (normal seat, seed 0 vs 1, {len(moves)} decisions): |loss change| mean "
                  f"{statistics.mean(moves):.3f}, 95th percentile {sorted(moves)[int(0.95 * len(moves))]:.3f}, "
                  f"max {max(moves):.3f}; label changed in {sum(c for _, c in noise_rows) / len(moves):.1%}")
        if thresholds is not None:
            print(f"  thresholds ({thresholds.unit}): fine below {thresholds.fine}, mistake from "
                  f"{thresholds.mistake}, blunder from {thresholds.blunder}")
        per_decision = sum(w for w, _, _ in times) / max(1, sum(d for _, _, d in times))
        cpu_per = sum(c for _, c, _ in times) / max(1, sum(d for _, _, d in times))
        print(f"  time: {1000 * per_decision:.0f} ms per decision on the clock, {1000 * cpu_per:.0f} ms of "
              f"processor time ({len(times)} analyses, {sum(d for _, _, d in times) / len(times):.0f} decisions "
              f"each)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
