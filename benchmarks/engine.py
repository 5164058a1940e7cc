"""Random-playout throughput of the engine, in full hands per second.

A hand is: deal, bid (with any rebids and redeals), 7 tricks and the score, for
4 players with one deck, every action chosen at random from ``legal_actions``.
If open-spiel is installed, the same run measures OpenSpiel's ``oh_hell`` with
the same shape (4 players, 4 suits of 8 cards, 7 tricks) and prints ours/theirs.

    python benchmarks/engine.py [--hands N] [--repeats R]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.engine import DEAL, Game, Phase, make_rules  # noqa: E402


PLAY = Phase.PLAY


def ours(hands: int, seed: int = 1) -> float:
    """Whole games of 7 hands (rounds); a new game whenever one ends."""
    rules = make_rules("oh-seven", 4)
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


def theirs(hands: int, seed: int = 1):
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(
        "oh_hell", {"players": 4, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 7}
    )
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return hands / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    # Interleaved, so that a busy moment on the machine hits both sides alike.
    ours_runs, theirs_runs = [], []
    for _ in range(args.repeats):
        ours_runs.append(ours(args.hands))
        theirs_runs.append(theirs(args.hands))
    best_ours = max(ours_runs)
    print(f"ohseven  oh-seven 4p 1 deck : {best_ours:10,.0f} hands/s (best of {args.repeats} x {args.hands})")
    if theirs_runs[0] is None:
        print("open-spiel not installed: no comparison (pip install open_spiel)")
        return
    best_theirs = max(theirs_runs)
    print(f"openspiel oh_hell 4p 8x4 7t : {best_theirs:10,.0f} hands/s (best of {args.repeats} x {args.hands})")
    print(f"ratio ours/theirs           : {best_ours / best_theirs:10.2f}")


if __name__ == "__main__":
    main()
