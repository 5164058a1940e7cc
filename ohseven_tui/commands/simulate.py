"""``ohseven simulate``: play complete games headless, bots in every seat.

Any registered game (``--game``, ``--rules`` is its old name) with its options.
The bots and the games are looked up when the command runs, not when the parser
is built, so ``ohseven --help`` stays fast.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from pathlib import Path

from ..paths import path_argument
from .common import RegistryHelp, add_game_arguments, int_in


def register(sub) -> None:
    p = sub.add_parser("simulate", help="play games headless, bots in every seat, and print the results",
                       formatter_class=RegistryHelp)
    add_game_arguments(p, players_help="seats at the table (default 4, or the nearest the game allows)")
    p.add_argument("--games", type=int_in(1, None, "--games"), default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int_in(0, None, "--seed"), default=0, help="seed for the whole run (default 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--save-dir", type=path_argument, help="write each finished game here as a save file (review with ohseven scores)")
    p.add_argument(
        "--bots",
        help="one bot per seat, comma-separated, from: {bots} (default: {default_bot} in every "
        "seat, or a bot that plays the game where it does not)",
    )
    p.set_defaults(run=run)


def parse_bots(text, players: int, game: str) -> list[str]:
    """``--bots easy,normal,...``: one known name per seat that plays ``game`` (a
    registry name), or a one-line UsageError."""
    from ..bots import BOT_NAMES, bot_presets, bots_for, default_bot
    from .common import UsageError

    if text is None:
        return [default_bot(game)] * players
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
    cannot = [name for name in dict.fromkeys(names) if game not in bot_presets(name)]
    if cannot:
        raise UsageError(
            f"ohseven simulate: the {' and '.join(cannot)} bot{'s do' if len(cannot) > 1 else ' does'} not play "
            f"{game} yet; bots that do: {', '.join(bots_for(game))}"
        )
    return names


def game_seeds(seed: int, games: int) -> list[int]:
    """Each game's seed, drawn from the run's seed (so runs are reproducible)."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


def run(args: argparse.Namespace) -> int:
    from ..bots import make_bot, play_game
    from ..engine.protocol import Seat
    from .common import UsageError, chosen_game, game_words

    spec, options = chosen_game(args, "simulate")
    n = options["players"]
    bot_names = parse_bots(args.bots, n, spec.name)
    if args.save_dir is not None:
        try:
            args.save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"ohseven simulate: cannot use --save-dir {args.save_dir}: {exc.strerror}") from None
    totals = [0] * n
    headline = [0] * n  # the game's first tally (its headline figure: Oh Hell's fill rate)
    headline_key, headline_label = "", ""
    rounds = 0
    # On a terminal, say which game is being played (searching bots take a while);
    # piped or as JSON, the output is the results alone.
    progress = not args.json and sys.stderr.isatty()
    width = 0
    for index, game_seed in enumerate(game_seeds(args.seed, args.games)):
        if progress:
            line = f"playing game {index + 1} of {args.games}…"
            width = max(width, len(line))
            print(f"\r{line}", end="", file=sys.stderr, flush=True)
        seats = [Seat(f"{name.capitalize()} {s + 1}", name) for s, name in enumerate(bot_names)]
        game = spec.new_game(options, seed=game_seed, seats=seats)
        bots = [make_bot(name, seed=game_seed * 16 + s) for s, name in enumerate(bot_names)]
        play_game(game, bots)
        rounds += len(game.results())
        for s in range(n):
            totals[s] += game.totals[s]
        tallies = spec.stats(game.observe(0)).tallies
        if tallies:
            headline_key, headline_label = tallies[0].key, tallies[0].label
            for s in range(n):
                headline[s] += tallies[0].counts[s]
        if args.save_dir is not None:
            _save(args.save_dir / f"sim-{args.seed}-{index + 1:04d}.json", game)
    if progress:
        print("\r" + " " * width + "\r", end="", file=sys.stderr, flush=True)
    seats_out = []
    for s in range(n):
        row = {
            "seat": s,
            "bot": bot_names[s],
            "total": totals[s],
            "mean_points_per_round": round(totals[s] / rounds, 4) if rounds else 0.0,
        }
        if headline_key:
            row[f"{headline_key}_rate"] = round(headline[s] / rounds, 4) if rounds else 0.0
        seats_out.append(row)
    if args.json:
        out = {
            "games": args.games,
            "seed": args.seed,
            "game": spec.name,
            "options": options,
            # The names of version 1 output, kept for its readers.
            "rules": spec.name,
            "players": n,
            "passing": bool(options.get("passing", False)),
            "seats": seats_out,
        }
        print(json.dumps(out))
        return 0
    word = spec.view(options).round_word  # "hands" where the game plays hands
    print(f"{args.games} game{'' if args.games == 1 else 's'} of {game_words(spec, options)}, seed {args.seed}, "
          f"{rounds} {word}{'' if rounds == 1 else 's'}")
    rate = f"{headline_label.lower()} rate" if headline_key else ""
    print(f"{'seat':>4}  {'bot':<8} {'total':>8} {'per ' + word:>10} {rate:>10}".rstrip())
    for row in seats_out:
        line = f"{row['seat']:>4}  {row['bot']:<8} {row['total']:>8} {row['mean_points_per_round']:>10.3f}"
        if headline_key:
            line += f" {row[f'{headline_key}_rate']:>10.1%}"
        print(line)
    return 0


def _save(path: Path, game) -> None:
    """A save file (record + summary, ohseven_tui.storage), written atomically.
    Never over another file: a game already filed under this name (the same command
    run again) is left as it is, and any other file keeps its name while this game
    takes the next free one (sim-0-0001-2.json)."""
    from ..engine import record
    from ..storage import SaveError, load_save, write_save
    from .common import UsageError

    mine = {k: v for k, v in record.to_record(game).items() if k in record.ENVELOPE}
    for n in range(1, 1000):
        target = path if n == 1 else path.with_name(f"{path.stem}-{n}{path.suffix}")
        if os.path.lexists(target):
            try:
                theirs = record.to_record(load_save(target).game)
            except SaveError:
                continue  # not ours to judge, and never ours to replace
            if {k: v for k, v in theirs.items() if k in record.ENVELOPE} == mine:
                return  # filed already
            continue
        try:
            write_save(target, game)
            return
        except SaveError as exc:
            if exc.reason.startswith("already exists"):
                continue  # another process took the name meanwhile
            raise UsageError(f"ohseven simulate: {exc}") from None
    raise UsageError(f"ohseven simulate: {path.parent} holds too many saves named {path.stem}")
