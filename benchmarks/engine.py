"""Random-playout throughput of the engine, in full hands per second.

A hand is: deal, bid (with any rebids and redeals), every trick and the score,
every action chosen at random from ``legal_actions``, through the game protocol
only (``to_act``, ``legal_actions``, ``apply``), for any game of the registry at
4 players (or the nearest count the game allows: 7 for a game of exactly 7). If open-spiel is installed, the same run measures OpenSpiel's
``oh_hell`` on the same shapes (pack size and tricks per hand, read from the
game's record) and prints ours/theirs. Runs are interleaved so load hits both alike.

    python benchmarks/engine.py [--hands N] [--repeats R] [--game NAME|all] (--rules is --game's old name)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.engine import registry  # noqa: E402

PLAYERS = 4
DEFAULT_GAMES = 2  # "all" by default: the first two in menu order (the figures the issue compares)


def ours(name: str, hands: int, seed: int = 1) -> float:
    """Whole games, a new one whenever one ends; every round is one hand. The
    table deals when nobody is to act (the state's one legal action then)."""
    spec = registry.game_spec(name)
    options = spec.check_options({"players": players_for(name)})
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


def players_for(name: str) -> int:
    """PLAYERS, or the nearest count the game allows."""
    low, high = registry.game_spec(name).players
    return min(max(PLAYERS, low), high)


def shapes(name: str) -> list:
    """(cards per suit, tricks) per hand of ``name`` at 4 players, from the rules
    its record carries; empty when the record does not say (no OpenSpiel match)."""
    if players_for(name) != PLAYERS:
        return []
    game = registry.new_game(name, {"players": PLAYERS})
    rules = game.log().get("rules")
    if not isinstance(rules, dict) or "ranks" not in rules or "hand_sizes" not in rules:
        return []
    per_suit = len(rules["ranks"]) * int(rules.get("decks", 1))
    return [(per_suit, k) for k in rules["hand_sizes"]]


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--game", "--rules", dest="game", default="all",
                        help="a game of the registry, or all (default: the first two in menu order)")
    args = parser.parse_args()
    specs = registry.games()
    if args.game == "all":
        names = [spec.name for spec in specs[:DEFAULT_GAMES]]
    else:
        try:
            names = [registry.game_spec(args.game).name]
        except registry.UnknownGame as exc:
            parser.error(str(exc))
    for name in names:
        ours_runs, theirs_runs = [], []
        for _ in range(args.repeats):
            ours_runs.append(ours(name, args.hands))
            theirs_runs.append(theirs(name, args.hands))
        mine, other = labels(name)
        best_ours = max(ours_runs)
        print(f"ohseven   {mine:<32}: {best_ours:10,.0f} hands/s (best of {args.repeats} x {args.hands})")
        if theirs_runs[0] is None:
            print("open-spiel not installed: no comparison (pip install open_spiel)" if other
                  else f"no OpenSpiel counterpart for {name}")
            continue
        best_theirs = max(theirs_runs)
        print(f"openspiel {other:<32}: {best_theirs:10,.0f} hands/s (best of {args.repeats} x {args.hands})")
        print(f"ratio ours/theirs ({name}){'':<{21 - len(name)}}: {best_ours / best_theirs:10.2f}")


if __name__ == "__main__":
    main()
