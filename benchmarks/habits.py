"""How the bots behave at the table, per strength: what a player notices (how
often a bot opens, jumps, raises, bluffs or goes). The game's bot package says
what to count (``bots.registry.Habits``); this script only plays and adds up.

Each strength plays ``--deals`` hands against itself in every seat (hand 1 of a
game with the deal's seed), and every figure belongs to the strength whose seat
acted (or, for a hand's figures, the seat the family names). Searching bots take
a fixed number of samples a decision (``--samples``), so the figures do not
depend on the machine's load.

    python benchmarks/habits.py --game NAME --deals 1000
    python benchmarks/habits.py --game NAME --strengths normal,strong --deals 300 --samples 60
    python benchmarks/habits.py --game NAME --deals 300 --diff strong,normal

``--diff A,B`` adds a column of A's figure less B's (in points of a share, or of a
mean), for two of the strengths shown.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.bots import bot_spec, bots_for, make_bot  # noqa: E402
from ohseven_tui.bots.registry import habits  # noqa: E402
from ohseven_tui.engine import registry  # noqa: E402
from ohseven_tui.engine.protocol import OptionError  # noqa: E402


def _bot(name: str, seed: int, samples: int):
    if "budget" in inspect.signature(bot_spec(name).factory).parameters:
        return make_bot(name, seed, budget=1e6, max_samples=samples)
    return make_bot(name, seed)


def count(game_name: str, strength: str, deals: int, samples: int, seed: int) -> dict:
    spec = registry.game_spec(game_name)
    described = habits(spec.family)
    assert described is not None
    n = spec.players[0]
    sums: dict = defaultdict(float)
    for index in range(deals):
        deal_seed = random.Random(f"{seed}:{index}").getrandbits(48)
        game = registry.new_game(game_name, {"players": n}, seed=deal_seed)
        bots = [_bot(strength, deal_seed * 16 + s, samples) for s in range(n)]
        first = len(game.results())
        while not game.is_over and len(game.results()) == first:
            seats = game.to_act()
            if not seats:
                game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
                continue
            for seat in seats:
                obs = game.observe(seat)
                action = bots[seat].choose(obs)
                if len(obs.legal_actions) > 1:
                    for name, value in described.decision(obs, action):
                        sums[name] += value
                game.apply(action)
        for result in game.results()[first:]:
            for _seat, name, value in described.hand(result):
                sums[name] += value
    return sums


def _figure(sums: dict, num: str, den: str, kind: str):
    """One line's figure for one strength: a share in percent, a count per 100, or a mean."""
    bottom = sums.get(den, 0.0)
    if not bottom:
        return None
    value = sums.get(num, 0.0) / bottom
    return 100 * value if kind in ("%", "per 100") else value


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", "--rules", dest="game", required=True, help="the game's name")
    p.add_argument("--strengths", default="", help="comma-separated (default: every bot that plays the game)")
    p.add_argument("--deals", type=int, default=500, help="hands per strength")
    p.add_argument("--samples", type=int, default=60, help="a searching bot's samples a decision")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--diff", default="", metavar="A,B", help="add a column: strength A's figure less B's")
    args = p.parse_args(argv)
    try:
        spec = registry.game_spec(args.game)
    except OptionError as err:
        p.error(str(err))
    described = habits(spec.family)
    if described is None:
        p.error(f"the bots of {spec.name} describe no habits")
    strengths = [s.strip() for s in args.strengths.split(",") if s.strip()] or bots_for(spec)
    cannot = [s for s in strengths if s not in bots_for(spec)]
    if cannot:
        p.error(f"{', '.join(cannot)} does not play {spec.name}; bots that do: {', '.join(bots_for(spec))}")
    diff = [s.strip() for s in args.diff.split(",") if s.strip()]
    if diff and (len(diff) != 2 or any(s not in strengths for s in diff)):
        p.error(f"--diff needs two of the strengths shown ({', '.join(strengths)}), as A,B")
    table = {}
    for strength in strengths:
        t0 = time.perf_counter()
        table[strength] = count(spec.name, strength, args.deals, args.samples, args.seed)
        print(f"# {strength}: {args.deals} hands in {time.perf_counter() - t0:.0f}s", file=sys.stderr)
    print(f"{spec.name}: each strength against itself in every seat, {args.deals} hands each, seed {args.seed}, "
          f"searching bots at {args.samples} samples a decision")
    width = max(len(line[0]) for line in described.lines)
    heads = strengths + ([f"{diff[0]} - {diff[1]}"] if diff else [])
    print(f"{'':<{width}} " + " ".join(f"{s:>22}" for s in heads))
    for label, num, den, kind in described.lines:
        cells = []
        for s in strengths:
            top, bottom = table[s].get(num, 0.0), table[s].get(den, 0.0)
            if not bottom:
                cells.append(f"{'-':>22}")
            elif kind == "%":
                cells.append(f"{f'{top / bottom:.1%} ({top:.0f}/{bottom:.0f})':>22}")
            elif kind == "per 100":
                cells.append(f"{f'{100 * top / bottom:.1f} ({top:.0f}/{bottom:.0f})':>22}")
            else:
                cells.append(f"{f'{top / bottom:.2f} (n={bottom:.0f})':>22}")
        if diff:
            figures = [_figure(table[s], num, den, kind) for s in diff]
            if None in figures:
                cells.append(f"{'-':>22}")
            else:
                change = figures[0] - figures[1]  # type: ignore[operator]
                shown = f"{change:+.1f} pt" if kind == "%" else f"{change:+.1f}" if kind == "per 100" else f"{change:+.2f}"
                cells.append(f"{shown:>22}")
        print(f"{label:<{width}} " + " ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
