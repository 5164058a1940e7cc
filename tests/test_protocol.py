"""Every registered game keeps the protocol's promises (engine/protocol.py):

- ``why_illegal`` says exactly what ``apply`` would refuse, and changes nothing;
- ``is_legal`` agrees with ``legal_actions``;
- ``clone`` is independent; ``observe`` answers for every seat;
- the record round-trips through the one envelope, and the spec's options check.
"""

import json
import random

import pytest

from ohseven_tui.engine import IllegalAction, OptionError, record, registry
from ohseven_tui.engine.protocol import GameState

SPECS = [s.name for s in registry.games()]


def _fingerprint(state) -> str:
    return json.dumps(record.to_record(state), sort_keys=True, default=str)


def _candidates(state, rng, seen):
    """Legal actions of every seat now, plus actions seen earlier in this game (most
    of them illegal now: wrong phase, wrong seat, card no longer held)."""
    out = []
    for seat in list(range(state.players)) + [None]:
        out.extend(state.legal_actions(seat))
    out.extend(rng.sample(seen, min(len(seen), 12)))
    return rng.sample(out, min(len(out), 24))


@pytest.mark.parametrize("name", SPECS)
def test_why_illegal_agrees_with_apply_and_changes_nothing(name):
    spec = registry.game_spec(name)
    rng = random.Random(11)
    low, high = spec.players
    for players in sorted({low, high}):
        state = registry.new_game(name, {"players": players}, seed=players)
        assert isinstance(state, GameState)
        seen: list = []
        steps = 0
        while not state.is_over and steps < 200:
            steps += 1
            before = _fingerprint(state)
            for action in _candidates(state, rng, seen):
                why = state.why_illegal(action)
                assert _fingerprint(state) == before, "why_illegal changed the game"
                assert state.is_legal(action) is (why is None)
                trial = state.clone()
                try:
                    trial.apply(action)
                except IllegalAction as exc:
                    assert why == str(exc), action
                    assert _fingerprint(trial) == before, "a refused action changed the game"
                else:
                    assert why is None, (action, why)
            to_act = state.to_act()
            seat = rng.choice(to_act) if to_act else None
            legal = state.legal_actions(seat)
            assert legal, f"{name}: nobody can act in phase {state.phase}"
            for action in legal[:20]:
                assert state.is_legal(action)
            action = rng.choice(legal)
            seen.append(action)
            state.apply(action)


@pytest.mark.parametrize("name", SPECS)
def test_clone_is_independent_and_every_seat_observes(name):
    state = registry.new_game(name, {}, seed=3)
    rng = random.Random(2)
    for _ in range(30):
        if state.is_over:
            break
        to_act = state.to_act()
        state.apply(rng.choice(state.legal_actions(to_act[0] if to_act else None)))
    copy = state.clone()
    before = _fingerprint(state)
    while not copy.is_over:
        to_act = copy.to_act()
        copy.apply(rng.choice(copy.legal_actions(to_act[0] if to_act else None)))
    assert _fingerprint(state) == before
    for seat in range(state.players):
        obs = state.observe(seat)
        assert obs.seat == seat
    assert copy.is_over and copy.winners and len(copy.totals) == copy.players


@pytest.mark.parametrize("name", SPECS)
def test_a_played_game_round_trips_through_the_record(name):
    state = registry.new_game(name, {}, seed=9)
    rng = random.Random(9)
    while not state.is_over:
        to_act = state.to_act()
        state.apply(rng.choice(state.legal_actions(to_act[0] if to_act else None)))
    data = json.loads(record.dumps(state))
    assert data["game"] == name and data["version"] == record.RECORD_VERSION
    assert data["options"] == registry.game_spec(name).check_options({})
    again = record.from_record(data)
    assert list(again.totals) == list(state.totals) and again.winners == state.winners
    assert [record.record_log(data)] == [record.record_log(json.loads(record.dumps(again)))]


@pytest.mark.parametrize("name", SPECS)
def test_options_outside_the_spec_are_refused_in_one_line(name):
    spec = registry.game_spec(name)
    low, high = spec.players
    for bad in ({"players": high + 1}, {"players": low - 1}, {"players": "4"}, {"players": True},
                {"no such option": 1}):
        with pytest.raises(OptionError) as info:
            registry.new_game(name, bad)
        assert "\n" not in str(info.value) and str(info.value)
    for option in spec.options:
        with pytest.raises(OptionError):
            registry.new_game(name, {option.name: object()})


def test_an_unknown_game_is_refused_naming_the_known_ones():
    with pytest.raises(registry.UnknownGame) as info:
        registry.new_game("bridge")
    assert "bridge" in str(info.value)
    for spec in registry.games():
        assert spec.name in str(info.value)


def test_every_spec_declares_what_screens_need():
    for spec in registry.games():
        assert spec.label and spec.description and spec.rule_prefix and "\n" not in spec.description
        low, high = spec.players
        assert 1 <= low <= high
        view = spec.view(spec.check_options({}))
        assert view.columns and view.scoring_note and view.legend
        for option in spec.options:
            assert option.default in option.choices


def test_an_oh_hell_observation_built_fast_is_the_constructors():
    """``Observation.of`` (what ``observe`` uses) builds what the frozen constructor
    builds, and refuses a missing or unknown field as the constructor does."""
    import dataclasses

    from ohseven_tui.games.ohhell.observation import Observation

    spec = registry.game_spec("oh-seven")
    game = spec.new_game(spec.check_options({}), seed=4)
    rng = random.Random(4)
    for _ in range(40):
        for seat in range(game.players):
            obs = game.observe(seat)
            values = {f.name: getattr(obs, f.name) for f in dataclasses.fields(obs)}
            built = Observation(**values)
            assert obs == built and repr(obs) == repr(built) and hash(obs) == hash(built)
        seats = game.to_act()
        game.apply(rng.choice(game.legal_actions(rng.choice(seats) if seats else None)))
    values.pop("hand")
    with pytest.raises(TypeError):
        Observation.of(**values)
    with pytest.raises(TypeError):
        Observation.of(**values, hand=(), seed=1)
