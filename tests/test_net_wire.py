"""The wire codec (ohseven_tui/net/wire.py) and the specs' public actions: every
seat's observation of random states of every registered game travels to an equal
object of the same types; a hostile value gets a WireError; no action sent to a
seat names a card that seat's observation does not show."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_helpers import cards_in

from ohseven_tui.engine import registry
from ohseven_tui.net import wire

SPECS = registry.games()


def step(game, rng: random.Random) -> None:
    """One random legal action: the table's own when no seat is to act."""
    seats = game.to_act()
    if not seats:
        game.apply(game.legal_actions()[0])
    else:
        game.apply(rng.choice(game.legal_actions(rng.choice(seats))))


def same(a, b) -> bool:
    """Equal and of the same types all the way down (a Card is not an int)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if dataclasses.is_dataclass(a):
        return all(same(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))
    return a == b


def check_round_trip(game) -> None:
    spec = game.spec
    for seat in range(game.players):
        obs = game.observe(seat)
        text = wire.dumps(wire.encode(obs, spec))
        back = wire.decode(wire.loads(text), spec)
        assert same(back, obs), (spec.name, seat)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SPECS), st.integers(0, 2**32), st.integers(0, 600))
def test_every_seat_round_trips(spec, seed, steps):
    game = spec.new_game(spec.check_options({}), seed=seed)
    rng = random.Random(seed)
    for n in range(steps):
        if game.is_over:
            break
        if n % 37 == 0:
            check_round_trip(game)
        step(game, rng)
    check_round_trip(game)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_no_observation_holds_the_seed(spec):
    game = spec.new_game(spec.check_options({}), seed=987_654_321_123)
    rng = random.Random(1)
    for _ in range(60):
        if game.is_over:
            break
        step(game, rng)
        for seat in range(game.players):
            text = wire.dumps(wire.encode(game.observe(seat), spec))
            assert "987654321123" not in text and '"seed"' not in text


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_public_actions_name_only_cards_the_seat_sees(spec):
    hidden = 0
    for seed in range(4):
        game = spec.new_game(spec.check_options({}), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seats = game.to_act()
            if not seats:
                action = game.legal_actions()[0]
            else:
                action = rng.choice(game.legal_actions(rng.choice(seats)))
            game.apply(action)
            for seat in range(game.players):
                shown = spec.action_for(action, seat)
                if shown is None:
                    hidden += 1
                    continue
                seen = cards_in(game.observe(seat), set())
                named = cards_in(shown, set())
                assert named <= seen, (spec.name, spec.action_text(action), seat, named - seen)
    if spec.name in ("oh-seven", "up-and-down", "seven-for-seven"):  # face-down bids, kitty cards
        assert hidden


def test_a_spec_without_the_hook_tells_others_nothing():
    spec = dataclasses.replace(SPECS[0], public_action=None)
    game = spec.new_game(spec.check_options({}), seed=1)
    game.apply(game.legal_actions()[0])
    seat = game.to_act()[0]
    action = game.legal_actions(seat)[0]
    assert spec.action_for(action, seat) is action
    assert spec.action_for(action, (seat + 1) % game.players) is None


SPEC = registry.game_spec("oh-seven")

HOSTILE = [
    "[" * 100_000,
    '{"$": "os.system", "v": "ls"}',
    '{"$": "Observation"}',
    '{"$": "Card", "v": "ZZ"}',
    '{"$": "Card", "v": 5}',
    '{"$": "Card", "v": "5S", "x": 1}',
    '{"$": "Phase", "v": "nope"}',
    '{"$": "Phase", "v": [1]}',
    '{"$": "Action", "v": "9 play 5S"}',
    '{"$": "Action", "v": "0 fly"}',
    '{"$": "Seat", "name": "a"}',
    '{"$": "Seat", "name": "a", "player": "b", "extra": 1}',
    '{"$": "__class__", "v": 1}',
    '{"$": "list", "v": 3}',
    '{"$": "dict", "v": [1]}',
    '{"no": "tag"}',
    "1" * 5000,
    "-" + "9" * 30,
    "1e400",
    "NaN",
    "Infinity",
    "[" + ",".join(["1"] * 20_000) + "]",
    '"' + "x" * 10_000 + '"',
    "{",
    "",
    "\ud800",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_values_are_refused_in_one_sentence(text):
    with pytest.raises(wire.WireError) as info:
        wire.decode(wire.loads(text), SPEC)
    message = str(info.value)
    assert message and "\n" not in message and len(message) < 200


def test_deep_nesting_is_refused():
    with pytest.raises(wire.WireError):
        wire.decode(wire.loads("[" * 40 + "]" * 40), SPEC)
    nested = {"$": "list", "v": [1]}
    for _ in range(40):
        nested = {"$": "list", "v": [nested]}
    with pytest.raises(wire.WireError):
        wire.decode(nested, SPEC)


def test_a_type_outside_the_whitelist_is_not_sent():
    with pytest.raises(wire.WireError):
        wire.encode(object(), SPEC)
    with pytest.raises(wire.WireError):
        wire.encode({1: 2}, SPEC)


def test_the_whitelist_holds_only_game_types():
    for spec in SPECS:
        for name, cls in wire.wire_types(spec).items():
            assert cls.__module__.startswith(("ohseven_tui.engine.", "ohseven_tui.games.")), (name, cls)


def test_an_update_sends_only_what_changed_and_the_client_merges_it_back():
    from ohseven_tui.net import protocol as p

    spec = registry.default_game()
    game = spec.new_game(spec.check_options({}), seed=3)
    game.apply(game.legal_actions()[0])  # the deal
    last = game.observe(0)
    game.apply(game.observe(1).legal_actions[0])  # another seat lays its bid card
    now = game.observe(0)
    text = p.to_json(p.Update(2, 1, None, now, base=last), spec)
    sent = json.loads(text)["observation"]
    assert sent["$"] == "Changes" and set(sent["v"]) == set(p.changed_fields(last, now)) != set()
    assert "hand" not in sent["v"] and "rules" not in sent["v"]  # unchanged: not sent again
    parsed = p.parse_server(text, spec)
    assert parsed.observation.merged(last) == now
    whole = p.parse_server(p.to_json(p.Update(2, 1, None, now), spec), spec)
    assert whole.observation == now


def test_changes_that_do_not_fit_the_observation_are_refused():
    from ohseven_tui.net import protocol as p

    spec = registry.default_game()
    last = spec.new_game(spec.check_options({}), seed=3).observe(0)
    with pytest.raises(p.ProtocolError):
        p.Changes({"seed": 5}).merged(last)  # no such field: never the seed, nor anything else
    with pytest.raises(p.ProtocolError):
        p.Changes({"hand": ()}).merged(None)  # changes before any observation
    bad = '{"type":"update","seq":1,"actor":null,"action":null,"observation":{"$":"Changes","v":[1]}}'
    with pytest.raises(p.ProtocolError):
        p.parse_server(bad, spec)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_a_fields_text_written_at_once_is_the_encoders(spec):
    """The server writes an update's fields with ``dumps_value``: the same text as
    ``dumps(encode(...))`` for every field of every seat, asked twice (the second
    time from what it remembers), and the same for each action's record text."""
    for seed in range(3):
        game = spec.new_game(spec.check_options({}), seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for seat in range(game.players):
                obs = game.observe(seat)
                for f in dataclasses.fields(obs):
                    value = getattr(obs, f.name)
                    want = wire.dumps(wire.encode(value, spec))
                    assert wire.dumps_value(value, spec) == want, (spec.name, f.name)
                    assert wire.dumps_value(value, spec) == want, (spec.name, f.name)
                for action in obs.legal_actions:
                    assert wire.action_json(action, spec) == json.dumps(spec.action_text(action))
            step(game, rng)


def test_a_field_written_at_once_refuses_what_the_encoder_refuses():
    deep: tuple = ()
    for _ in range(40):
        deep = (deep,)
    for value in (deep, 2**60, (1, 2**60), object(), ({1: 2},), float("nan")):
        with pytest.raises(wire.WireError):
            wire.encode(value, SPEC)
        with pytest.raises(wire.WireError):
            wire.dumps_value(value, SPEC)
