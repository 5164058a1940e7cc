"""The table moments of ``snapshot_states`` are what they say, for every
registered game and the toy family (which only the protocol knows), and the same
on every call."""

from __future__ import annotations

import pytest
from snapshot_states import HUMAN, MID_TRICK, MOMENTS, ROUND_OVER, TRICK_WON, keys, moment, press_for

from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import Play


@pytest.fixture(scope="module")
def toy():
    import toy_family

    registry.register(toy_family.SPEC)
    yield toy_family.SPEC.name
    registry.unregister(toy_family.SPEC.name)


def game_names(toy_name: str) -> list[str]:
    return [spec.name for spec in registry.games()] + ([toy_name] if toy_name not in
                                                        [s.name for s in registry.games()] else [])


@pytest.mark.parametrize("kind", MOMENTS)
def test_every_game_has_each_moment(toy, kind):
    for name in game_names(toy):
        m = moment(name, kind)
        game, before = m.game, m.before
        assert game.seats[HUMAN].player == "human"
        assert all(seat.player != "human" for seat in game.seats[1:])
        assert not game.is_over
        if kind == MID_TRICK:
            obs = game.observe(HUMAN)
            assert m.action is None and before is game
            assert HUMAN in obs.to_act and obs.legal_actions
            assert any(isinstance(a, Play) for a in obs.legal_actions), name  # a card (a game may offer more)
            assert 0 < len(obs.trick) < game.players, name  # cards on the table, the human's still to come
            assert len(getattr(obs, "tricks", (None,))) >= 1, name  # a trick of the round already won
            continue
        # One action apart: the human's first legal card.
        b = before.observe(HUMAN)
        assert b.to_act == (HUMAN,) and isinstance(m.action, Play) and m.action.seat == HUMAN
        assert m.action == [a for a in b.legal_actions if isinstance(a, Play)][0]
        assert [str(a) for a in game.history] == [str(a) for a in before.history] + [str(m.action)]
        assert len(b.trick) == game.players - 1, name  # the human's card completes the trick
        after = game.observe(HUMAN)
        assert len(after.trick) == 0, name
        if kind == TRICK_WON:
            assert len(after.results) == len(b.results), name  # the round goes on
        else:
            assert kind == ROUND_OVER
            assert len(after.results) == len(b.results) + 1, name


def test_moments_are_the_same_every_time(toy):
    for name in game_names(toy):
        for kind in MOMENTS:
            first, again = moment(name, kind), moment(name, kind)
            assert first.seed == again.seed
            assert [str(a) for a in first.game.history] == [str(a) for a in again.game.history]
            assert repr(first.game.observe(HUMAN)) == repr(again.game.observe(HUMAN))


def test_other_seeds_and_table_sizes():
    name = registry.default_game().name
    low, high = registry.game_spec(name).players
    for players in (low, high):
        m = moment(name, ROUND_OVER, players=players, seed=7)
        assert m.game.players == players and m.seed >= 7
    assert moment(name, MID_TRICK, seed=7).game.history != moment(name, MID_TRICK, seed=8).game.history


def test_press_for_selects_by_digit():
    assert press_for("b", ["a", "b", "c"]) == ("2", "enter")
    with pytest.raises(ValueError):
        press_for("j", list("abcdefghij"))


def test_keys_play_the_moments_card():
    name = registry.default_game().name
    assert keys(moment(name, MID_TRICK)) == ()
    m = moment(name, TRICK_WON)
    digit, enter = keys(m)
    assert enter == "enter" and m.before.observe(HUMAN).hand[int(digit) - 1] == m.action.card


def test_unknown_moment():
    with pytest.raises(ValueError, match="unknown moment"):
        moment(registry.default_game().name, "bidding")
