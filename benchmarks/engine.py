"""Random-playout throughput of the engine, in full hands per second.

A hand is: deal, bid (with any rebids and redeals), every trick and the score,
every action chosen at random from ``legal_actions``. Oh-Seven: 4 players, one
deck, 7 tricks. Classic Oh Hell: 4 players, 52 cards, hands of 7..1 (a whole game).
If open-spiel is installed, the same run measures OpenSpiel's ``oh_hell`` on the
same shapes and prints ours/theirs. Runs are interleaved so load hits both alike.

    python benchmarks/engine.py [--hands N] [--repeats R] [--rules oh-seven|classic|all]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.games.ohhell import DEAL, Game, Phase, make_rules  # noqa: E402

PLAY = Phase.PLAY
DEALING = (Phase.DEAL, Phase.ROUND_OVER)


def ours(preset: str, hands: int, seed: int = 1) -> float:
    """Whole games, a new one whenever one ends; every round is one hand."""
    rules = make_rules(preset, 4)
    rng = random.Random(seed)
    choice = rng.choice
    played = 0
    game = Game(rules, seed=0)
    start = time.perf_counter()
    while played < hands:
        if game.is_over:
            game = Game(rules, seed=played)
        game.apply(DEAL)
        legal = game.legal_actions
        apply = game.apply
        while game.phase is not PLAY:
            for seat in game.to_act():
                apply(choice(legal(seat)))
            if game.phase is Phase.DEAL:  # R13 redeal
                apply(DEAL)
        while game.phase is PLAY:
            apply(choice(legal(game.turn)))
        played += 1
    return played / (time.perf_counter() - start)


def theirs(preset: str, hands: int, seed: int = 1):
    """OpenSpiel's oh_hell, one game per hand, cycling the same hand sizes as ours."""
    try:
        import pyspiel
    except ImportError:
        return None
    if preset == "oh-seven":
        shapes = [(8, 7)]
    else:
        shapes = [(13, k) for k in make_rules(preset, 4).hand_sizes]
    games = [
        pyspiel.load_game(
            "oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": c, "num_tricks_fixed": k}
        )
        for c, k in shapes
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


LABELS = {
    "oh-seven": ("oh-seven 4p 1 deck, 7 tricks", "oh_hell 4p 8x4 cards, 7 tricks"),
    "classic": ("classic 4p 52 cards, 7..1", "oh_hell 4p 13x4 cards, 7..1"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rules", choices=["oh-seven", "classic", "all"], default="all")
    args = parser.parse_args()
    presets = ["oh-seven", "classic"] if args.rules == "all" else [args.rules]
    for preset in presets:
        ours_runs, theirs_runs = [], []
        for _ in range(args.repeats):
            ours_runs.append(ours(preset, args.hands))
            theirs_runs.append(theirs(preset, args.hands))
        mine, other = LABELS[preset]
        best_ours = max(ours_runs)
        print(f"ohseven   {mine:<32}: {best_ours:10,.0f} hands/s (best of {args.repeats} x {args.hands})")
        if theirs_runs[0] is None:
            print("open-spiel not installed: no comparison (pip install open_spiel)")
            continue
        best_theirs = max(theirs_runs)
        print(f"openspiel {other:<32}: {best_theirs:10,.0f} hands/s (best of {args.repeats} x {args.hands})")
        print(f"ratio ours/theirs ({preset}){'':<{21 - len(preset)}}: {best_ours / best_theirs:10.2f}")


if __name__ == "__main__":
    main()
