"""Random-playout throughput of the engine, in full hands per second.

A hand is: deal, bid (with any rebids and redeals), every trick and the score,
every action chosen at random. Three players of it, for any game of the registry
at 4 players (or the nearest count the game allows: 7 for a game of exactly 7):

- ``ohseven``: the public API, every action from ``legal_actions`` through the game
  protocol only (``to_act``, ``legal_actions``, ``apply``), checked;
- ``fast``: the family's fast path (``spec.fast_hands``, on ``engine.fast``), the
  bots' inner loop: bitmask hands, no checks, no log;
- ``openspiel``: if open_spiel is installed (an optional benchmark dependency:
  ``pip install --no-deps open_spiel==1.6.15 numpy``), OpenSpiel's C++ ``oh_hell``
  driven from Python on the same shapes (pack size and tricks per hand, read from
  the game's record).

Runs are interleaved (ours, fast, theirs, ours, ...) so load hits them alike, and
each prints its ratio to OpenSpiel. Wall-clock ratios move with the machine's load;
instruction counts do not: with valgrind on the PATH each player also runs under
cachegrind twice (a few hands, then as many again and ``--count-hands`` more) and
the difference of the two totals is printed as instructions per hand.

    python benchmarks/engine.py [--hands N] [--repeats R] [--game NAME|all] [--count-hands N | --no-count]
                                [--players N] [--passing]

``--players 5`` plays Oh-Seven with two decks (R3) and ``--passing`` with card
passing (R6): the fast path plays both; OpenSpiel's oh_hell has neither, so those
runs compare the fast path with the public API only.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.engine import registry  # noqa: E402

PLAYERS = 4  # --players
PASSING = False  # --passing
DEFAULT_GAMES = 2  # "all" by default: the first two in menu order (the figures the issue compares)


def ours(name: str, hands: int, seed: int = 1) -> float:
    """Whole games, a new one whenever one ends; every round is one hand. The
    table deals when nobody is to act (the state's one legal action then)."""
    spec = registry.game_spec(name)
    options = options_for(name)
    rng = random.Random(seed)
    choice = rng.choice
    played = 0
    start = time.perf_counter()
    while played < hands:
        game = spec.new_game(options, seed=played)
        to_act, legal, apply = game.to_act, game.legal_actions, game.apply
        while True:
            seat = game.current_seat  # the common case, every card of every trick
            if seat is not None:
                apply(choice(legal(seat)))
                continue
            seats = to_act()
            if seats:  # a simultaneous step: every seat that still owes it
                for seat in seats:
                    apply(choice(legal(seat)))
            elif game.is_over:
                break
            else:
                apply(legal()[0])  # the deal: nobody is to act
        played += game.round_number
    return played / (time.perf_counter() - start)


def fast(name: str, hands: int, seed: int = 1):
    """The family's fast path, round after round of a game's hand sizes (as ours
    plays them); None without one for these options."""
    spec = registry.game_spec(name)
    if spec.fast_hands is None:
        return None
    try:
        play = spec.fast_hands(options_for(name))
    except ValueError:
        return None
    rnd = random.Random(seed).random
    start = time.perf_counter()
    for i in range(hands):
        play(i, rnd)
    return hands / (time.perf_counter() - start)


def options_for(name: str) -> dict:
    """The game's options for these runs: the player count, and passing if asked
    for and the game offers it."""
    spec = registry.game_spec(name)
    wanted = {"players": players_for(name)}
    if PASSING and any(opt.name == "passing" for opt in spec.options):
        wanted["passing"] = True
    return dict(spec.check_options(wanted))


def players_for(name: str) -> int:
    """PLAYERS, or the nearest count the game allows."""
    low, high = registry.game_spec(name).players
    return min(max(PLAYERS, low), high)


def shapes(name: str) -> list:
    """(cards per suit, tricks) per hand of ``name`` at 4 players, from the rules
    its record carries; empty when the record does not say (no OpenSpiel match)."""
    if players_for(name) != 4 or PASSING:  # oh_hell's shapes: one deck, no passing
        return []
    game = registry.new_game(name, {"players": PLAYERS})
    rules = game.log().get("rules")
    if not isinstance(rules, dict) or "ranks" not in rules or "hand_sizes" not in rules:
        return []
    per_suit = len(rules["ranks"]) * int(rules.get("decks", 1))
    return [(per_suit, k) for k in rules["hand_sizes"]]


def have_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def theirs(name: str, hands: int, seed: int = 1):
    """OpenSpiel's oh_hell, one game per hand, cycling the same hand sizes as ours."""
    try:
        import pyspiel
    except ImportError:
        return None
    shape = shapes(name)
    if not shape:
        return None
    games = [
        pyspiel.load_game(
            "oh_hell", {"players": PLAYERS, "num_suits": 4, "num_cards_per_suit": c, "num_tricks_fixed": k}
        )
        for c, k in shape
    ]
    rng = random.Random(seed)
    choice = rng.choice
    start = time.perf_counter()
    for i in range(hands):
        state = games[i % len(games)].new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
    return hands / (time.perf_counter() - start)


def labels(name: str) -> tuple[str, str]:
    shape = shapes(name)
    if not shape:
        return f"{name} {players_for(name)}p", ""
    per_suit = shape[0][0]
    sizes = [k for i, (_, k) in enumerate(shape) if i == 0 or shape[i - 1][1] != k]  # a run of one size: once
    turns = [k for i, k in enumerate(sizes) if i in (0, len(sizes) - 1)
             or (sizes[i - 1] - k) * (sizes[i + 1] - k) > 0]  # 7..1, 7..2..7: where the sizes turn
    tricks = f"{sizes[0]} tricks" if len(set(sizes)) == 1 else "..".join(str(k) for k in turns)
    return (f"{name} {PLAYERS}p {per_suit * 4} cards, {tricks}",
            f"oh_hell {PLAYERS}p {per_suit}x4 cards, {tricks}")


PLAYERS_OF = {"ohseven": ours, "fast": fast, "openspiel": theirs}
# Hands both cachegrind runs play, so their difference is hands alone; counts are
# rounded to whole cycles of hand sizes (7 and 12 rounds: 84), as ours plays whole games.
WARM = 84


def instructions(kind: str, name: str, hands: int) -> float:
    """Instructions per hand of one player, under cachegrind: the difference of
    two runs (WARM hands, and WARM + ``hands``) divided by ``hands``."""
    hands = max(WARM, -(-hands // WARM) * WARM)
    totals = []
    for count in (WARM, WARM + hands):
        run = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
             sys.executable, __file__, "--only", kind, "--game", name, "--hands", str(count),
             "--players", str(PLAYERS), *(["--passing"] if PASSING else [])],
            capture_output=True, text=True, check=True)
        found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        if found is None:
            raise RuntimeError(f"no instruction count from cachegrind: {run.stderr[-300:]}")
        totals.append(int(found.group(1).replace(",", "")))
    return (totals[1] - totals[0]) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--game", "--rules", dest="game", default="all",
                        help="a game of the registry, or all (default: the first two in menu order)")
    parser.add_argument("--count-hands", type=int, default=1008,
                        help="hands counted under cachegrind per player (default 1008, a multiple of 84)")
    parser.add_argument("--no-count", action="store_true", help="no instruction counts (no valgrind runs)")
    parser.add_argument("--only", choices=sorted(PLAYERS_OF), help=argparse.SUPPRESS)  # one player, for cachegrind
    parser.add_argument("--players", type=int, default=4, help="seats (default 4; 5 or more: Oh-Seven's two decks)")
    parser.add_argument("--passing", action="store_true", help="card passing on, where the game offers it")
    args = parser.parse_args()
    global PLAYERS, PASSING
    PLAYERS, PASSING = args.players, args.passing
    specs = registry.games()
    if args.game == "all":
        names = [spec.name for spec in specs[:DEFAULT_GAMES]]
    else:
        try:
            names = [registry.game_spec(args.game).name]
        except registry.UnknownGame as exc:
            parser.error(str(exc))
    if args.only:
        for name in names:
            PLAYERS_OF[args.only](name, args.hands)
        return
    count = not args.no_count and shutil.which("valgrind") is not None
    if not args.no_count and not count:
        print("valgrind not found: wall clock only")
    if not have_openspiel():
        print("open_spiel not installed: no comparison (pip install --no-deps open_spiel==1.6.15 numpy)")
    for name in names:
        runs: dict = {kind: [] for kind in PLAYERS_OF}
        for _ in range(args.repeats):
            for kind, player in PLAYERS_OF.items():
                runs[kind].append(player(name, args.hands))
        mine, other = labels(name)
        if not other:
            mine = f"{name} {players_for(name)}p" + (", passing" if "passing" in options_for(name) else "")
        label = {"ohseven": mine + ", public API" if not other else mine + ", API",
                 "fast": mine + ", fast", "openspiel": other}
        best = {kind: max(r) for kind, r in runs.items() if r[0] is not None}
        ir = {kind: instructions(kind, name, args.count_hands) for kind in best} if count else {}
        theirs_best = best.get("openspiel")
        for kind in PLAYERS_OF:
            if kind not in best:
                print(f"{kind:<9} {name}: no " + ("fast path" if kind == "fast" else "OpenSpiel counterpart"))
                continue
            line = f"{kind:<9} {label[kind]:<40}: {best[kind]:9,.0f} hands/s (best of {args.repeats} x {args.hands})"
            if theirs_best and kind != "openspiel":
                line += f"  x{best[kind] / theirs_best:4.2f} OpenSpiel"
            if kind in ir:
                line += f"  {ir[kind] / 1000:7,.0f}k instr/hand"
                if "openspiel" in ir and kind != "openspiel":
                    line += f" (x{ir['openspiel'] / ir[kind]:4.2f})"
            if kind == "fast" and "ohseven" in best:  # the fast path against the public API
                line += f"  [x{best['fast'] / best['ohseven']:4.2f} API" + (
                    f", x{ir['ohseven'] / ir['fast']:4.2f} in instructions]" if "fast" in ir else "]")
            print(line)


if __name__ == "__main__":
    main()
