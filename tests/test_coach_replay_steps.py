"""The replay's steps name the actions they show (``ReviewStep.actions``, issue 37,
section 2: the coach's note goes at the step of each decision), for every game
the registry knows: every action a seat took in a finished round is shown by
exactly one step of that round, a step where that seat's note (or the step's
summary, by the seat's name) says something,
and no step names an action of another round or no seat's."""

from __future__ import annotations

import pytest

from ohseven_tui.bots import make_bot
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat


def played(spec, seed: int):
    n = spec.check_options({})["players"]
    game = registry.new_game(spec.name, {}, seed=seed, seats=[Seat(f"P{i}", "normal") for i in range(n)])
    bots = [make_bot("normal", seed + s) for s in range(n)]
    while not game.is_over and len(game.results()) < 3:
        to_act = game.to_act()
        game.apply(bots[to_act[0]].choose(game.observe(to_act[0])) if to_act else game.legal_actions()[0])
    return game


@pytest.mark.parametrize("spec", [s for s in registry.games() if s.review is not None], ids=lambda s: s.name)
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_each_action_of_a_finished_round_is_shown_by_one_step(spec, seed):
    game = played(spec, seed)
    finished = len(game.results())
    assert finished >= 1
    # Each seated action and how many rounds were finished when it was taken, by replay.
    state = spec.new_game(dict(game.options), seed=game.seed, seats=game.seats, stacked_deals=game.stacked_deals)
    rounds_done = []
    for action in game.history:
        rounds_done.append(len(state.results()))
        state.apply(action)
    shown: dict[int, tuple[int, int]] = {}
    for r in range(finished):
        for k, step in enumerate(spec.review(game, r, lambda c: c.text())):
            for i in step.actions:
                assert i not in shown, f"action {i} shown twice"
                shown[i] = (r, k)
                seat = getattr(game.history[i], "seat", None)
                assert seat is not None, f"step {step.title} names an action of no seat"
                assert rounds_done[i] == r, f"step {step.title} names action {i} of another round"
                said = step.notes[seat] or game.seats[seat].name in step.summary
                assert said, f"{step.title}: {spec.action_text(game.history[i])} with no word of it"
    for i, action in enumerate(game.history):
        if getattr(action, "seat", None) is not None and rounds_done[i] < finished:
            assert i in shown, f"{spec.action_text(action)} (action {i}) is in no step"
