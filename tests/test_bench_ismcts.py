"""The IS-MCTS comparison's bridge (benchmarks/ismcts.py): our game and OpenSpiel's
oh_hell kept in step agree on every legal action, and the resampler check refuses
a resampler that only reshuffles the opponents' real cards. OpenSpiel is an
optional benchmark install: without it these tests are skipped."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

pyspiel = pytest.importorskip("pyspiel")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import ismcts  # noqa: E402

from ohseven_tui.engine import DEAL, registry  # noqa: E402


def test_the_game_oh_hell_plays_is_found_by_its_rules():
    name, why = ismcts.find_game()
    assert why == "" and name
    others = [s.name for s in registry.games() if s.name != name]
    assert all(ismcts.matches(n) for n in others)  # no other game claims to be oh_hell


def test_random_games_agree_in_both_engines():
    """Random bids and cards from our legal actions, applied to both engines:
    the seat to act, every legal action and the tricks taken agree."""
    name, _ = ismcts.find_game()
    rnd = random.Random(5)
    checked = 0
    for seed in range(6):
        game = registry.new_game(name, {"players": ismcts.PLAYERS}, seed=seed)
        state = None
        while not game.is_over:
            seats = game.to_act()
            if not seats:
                game.apply(DEAL)
                state = ismcts.mirror(game, 1)
                continue
            seat = seats[0]
            assert state.current_player() == seat
            legal = game.legal_actions(seat)
            assert sorted(ismcts.action_to_os(a) for a in legal) == sorted(state.legal_actions())
            action = rnd.choice(legal)
            assert ismcts.action_from_os(ismcts.action_to_os(action), seat) == action
            game.apply(action)
            state.apply_action(ismcts.action_to_os(action))
            checked += 1
            if game.results() and state.is_terminal() and len(game.results()) == game.round_number:
                r = game.results()[-1]
                assert ismcts.tricks_won(state) == list(r.taken)
                assert list(state.returns()) == [t + (10 if b == t else 0) for b, t in zip(r.bids, r.taken)]
    assert checked > 6 * 28


def test_a_short_match_reports_no_disagreement():
    name, _ = ismcts.find_game()
    args = SimpleNamespace(game=name, ismcts_sims=20, ismcts_points_per_trick=1, samples=0, budget=0.5)
    out = ismcts.play_game(3, ismcts.lineup("normal", 1), args)
    assert out["wrong"] == []
    assert len(out["hands"]) == len(registry.new_game(name, {"players": 4}).rules.hand_sizes)
    assert out["times"]["ismcts"] and out["times"]["normal"]


def _leaky_resample(state, me, rnd):
    """The 2.0.x resampler: the opponents' real cards, reshuffled among them."""
    size = state.history()[0]
    hands = ismcts.dealt_hands(state, size)
    theirs = [c for s in range(ismcts.PLAYERS) if s != me for c in sorted(hands[s])]
    random.Random(rnd()).shuffle(theirs)
    clone = state.get_game().new_initial_state()
    clone.apply_action(size)
    clone.apply_action(state.history()[1])
    mine = sorted(hands[me])
    for k in range(ismcts.PLAYERS * size):
        clone.apply_action(mine.pop() if k % ismcts.PLAYERS == me else theirs.pop())
    for a in state.history()[2 + ismcts.PLAYERS * size:]:
        clone.apply_action(a)
    return clone


def test_the_resampler_check_passes_this_build_and_refuses_a_leak():
    sound, _ = ismcts.resampler_deals_unseen()
    assert sound  # open_spiel 1.6.15 deals from the unseen cards
    leaky, why = ismcts.resampler_deals_unseen(resample=_leaky_resample)
    assert not leaky and "leak" in why
