"""Determinism: a game is its rules, seats, seed and actions. Every random choice
goes through a seeded random.Random, never the global random module."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from ohseven_tui.engine import record
from ohseven_tui.games.ohhell import DEAL, Game, make_rules

PACKAGE = Path(__file__).resolve().parent.parent / "ohseven_tui"
# Constructing a seeded generator is the one allowed use of the module's names, and
# the system's entropy (SystemRandom, what `secrets` uses) for what no game's seed
# can decide: a new game's seed itself and the hot-seat lookout's letter.
ALLOWED = {"Random", "SystemRandom"}


def _global_random_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    uses = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            uses += [f"{path.name}:{node.lineno} from random import {a.name}" for a in node.names if a.name not in ALLOWED]
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr not in ALLOWED
        ):
            uses.append(f"{path.name}:{node.lineno} random.{node.attr}")
    return uses


def test_no_module_uses_the_global_random_generator():
    files = list(PACKAGE.rglob("*.py"))
    assert len(files) > 10  # the scan really covers the package
    uses = [u for f in files for u in _global_random_uses(f)]
    assert uses == []


def test_the_scan_catches_a_global_random_call(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import random\nx = random.choice([1, 2])\nfrom random import shuffle\n")
    assert len(_global_random_uses(bad)) == 2


def _play(seed: int, actions_seed: int) -> str:
    game = Game(make_rules("oh-seven", 5, passing=True), seed=seed)
    rng = random.Random(actions_seed)
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
            continue
        for seat in seats:
            game.apply(rng.choice(game.legal_actions(seat)))
    return record.dumps(game)


def test_same_seed_same_game_whatever_the_global_generator_does():
    random.seed(1)
    first = _play(seed=42, actions_seed=7)
    random.seed(999)
    random.random()
    second = _play(seed=42, actions_seed=7)
    assert first == second


def test_different_seeds_deal_differently():
    a = Game(make_rules("oh-seven", 4), seed=1)
    b = Game(make_rules("oh-seven", 4), seed=2)
    a.apply(DEAL)
    b.apply(DEAL)
    assert a.observation(0).hand != b.observation(0).hand
