"""``ohseven simulate``: play complete games headless, bots in every seat."""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from ..bots import BOT_NAMES, bot_presets, bots_for, make_bot, play_game
from ..games.ohhell import PRESETS, Game, RulesError, Seat, make_rules
from .common import int_in

DEFAULT_BOT = "normal"
FALLBACK_BOT = "easy"  # the default for presets the default bot does not play yet


def register(sub) -> None:
    p = sub.add_parser("simulate", help="play games headless, bots in every seat, and print the results")
    p.add_argument("--players", type=int_in(2, 9, "--players"), default=4, help="2 to 9 (default 4)")
    p.add_argument("--games", type=int_in(1, None, "--games"), default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int_in(0, None, "--seed"), default=0, help="seed for the whole run (default 0)")
    p.add_argument("--passing", action="store_true", help="play with card passing (R6)")
    p.add_argument("--rules", default="oh-seven", choices=list(PRESETS),
                   help=f"rules preset: {', '.join(PRESETS)} (default oh-seven; see docs/presets.md)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--save-dir", type=Path, help="write each finished game here as a save file (review with ohseven scores)")
    p.add_argument(
        "--bots",
        help=f"one bot per seat, comma-separated, from: {', '.join(BOT_NAMES)} (default: {DEFAULT_BOT} in every "
        f"seat, or {FALLBACK_BOT} with rules {DEFAULT_BOT} does not play yet)",
    )
    p.set_defaults(run=run)


def parse_bots(text, players: int, preset: str = "oh-seven") -> list[str]:
    """``--bots easy,normal,...``: one known name per seat that plays ``preset``, or a
    one-line UsageError."""
    from .common import UsageError

    if text is None:
        default = DEFAULT_BOT if preset in bot_presets(DEFAULT_BOT) else FALLBACK_BOT
        return [default] * players
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in BOT_NAMES]
    if unknown:
        raise UsageError(
            f"ohseven simulate: unknown bot {unknown[0]!r} in --bots; choose from: {', '.join(BOT_NAMES)}"
        )
    if len(names) != players:
        raise UsageError(
            f"ohseven simulate: --bots names {len(names)} bot{'s' if len(names) != 1 else ''} "
            f"but the table has {players} seats; give one name per seat"
        )
    cannot = [name for name in dict.fromkeys(names) if preset not in bot_presets(name)]
    if cannot:
        raise UsageError(
            f"ohseven simulate: the {' and '.join(cannot)} bot{'s do' if len(cannot) > 1 else ' does'} not play "
            f"{preset} yet; bots that do: {', '.join(bots_for(preset))}"
        )
    return names


def game_seeds(seed: int, games: int) -> list[int]:
    """Each game's seed, drawn from the run's seed (so runs are reproducible)."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def run(args: argparse.Namespace) -> int:
    from .common import UsageError

    try:
        rules = make_rules(args.rules, args.players, passing=args.passing)
    except RulesError as exc:
        raise UsageError(f"ohseven simulate: {exc}") from None
    bot_names = parse_bots(args.bots, rules.players, rules.preset)
    if args.save_dir is not None:
        try:
            args.save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"ohseven simulate: cannot use --save-dir {args.save_dir}: {exc.strerror}") from None
    n = rules.players
    totals = [0] * n
    filled = [0] * n
    rounds = 0
    for index, game_seed in enumerate(game_seeds(args.seed, args.games)):
        seats = [Seat(f"{name.capitalize()} {s + 1}", name) for s, name in enumerate(bot_names)]
        game = Game(rules, seed=game_seed, seats=seats)
        bots = [make_bot(name, seed=game_seed * 16 + s) for s, name in enumerate(bot_names)]
        play_game(game, bots)
        for result in game.results():
            rounds += 1
            for s in range(n):
                totals[s] += result.round_points[s]
                filled[s] += result.bids[s] == result.taken[s]
        if args.save_dir is not None:
            _save(args.save_dir / f"sim-{args.seed}-{index + 1:04d}.json", game)
    seats_out = [
        {
            "seat": s,
            "bot": bot_names[s],
            "total": totals[s],
            "mean_points_per_round": round(totals[s] / rounds, 4),
            "fill_rate": round(filled[s] / rounds, 4),
        }
        for s in range(n)
    ]
    if args.json:
        out = {
            "games": args.games,
            "seed": args.seed,
            "rules": rules.preset,
            "players": n,
            "passing": rules.passing,
            "seats": seats_out,
        }
        print(json.dumps(out))
        return 0
    print(f"{args.games} games of {rules.describe()}, seed {args.seed}, {rounds} rounds")
    print(f"{'seat':>4}  {'bot':<8} {'total':>8} {'per round':>10} {'fill rate':>10}")
    for row in seats_out:
        print(
            f"{row['seat']:>4}  {row['bot']:<8} {row['total']:>8} "
            f"{row['mean_points_per_round']:>10.3f} {row['fill_rate']:>10.1%}"
        )
    return 0


def _save(path: Path, game: Game) -> None:
    """A save file (record + scoresheet summary, storage.py), written atomically.
    Re-running the same command replaces its own sim-* files."""
    from .common import UsageError
    from ..storage import SaveError, write_save

    try:
        write_save(path, game, replace=True)
    except SaveError as exc:
        raise UsageError(f"ohseven simulate: {exc}") from None
