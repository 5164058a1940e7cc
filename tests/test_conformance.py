"""Every registered game keeps the family promises (ohseven_tui.conformance): one
line per game, as a new family's own tests would call it. The kit itself is
checked to fail where a promise is broken."""

from __future__ import annotations

import dataclasses

import pytest

from ohseven_tui import conformance
from ohseven_tui.engine import registry


@pytest.mark.parametrize("name", [spec.name for spec in registry.games()])
def test_every_game_keeps_the_family_promises(name):
    conformance.check_game(registry.game_spec(name))


def test_the_kit_catches_a_hand_larger_than_declared():
    spec = registry.default_game()
    with pytest.raises(AssertionError, match="declares 3 at most"):
        conformance.random_game(dataclasses.replace(spec, max_hand=3), spec.players[0], 1)


def test_the_kit_catches_a_game_that_does_not_end():
    spec = registry.default_game()
    real = spec.new_game

    def endless(*args, **kwargs):
        return _NeverOver(real(*args, **kwargs))  # the real game, never over

    with pytest.raises(AssertionError, match="did not end"):
        conformance.random_game(dataclasses.replace(spec, new_game=endless), spec.players[0], 1)


def test_the_kit_catches_a_game_over_after_one_round():
    spec = registry.default_game()
    real = spec.new_game

    def short(*args, **kwargs):
        return _OverAfterOneRound(real(*args, **kwargs))

    with pytest.raises(AssertionError, match="lasts two at least"):
        conformance.random_game(dataclasses.replace(spec, new_game=short), spec.players[0], 1)
    conformance.random_game(dataclasses.replace(spec, new_game=short, may_end_in_one_round=True), spec.players[0], 1)


class _Wrapped:
    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)


class _NeverOver(_Wrapped):
    @property
    def is_over(self):
        return False

    def to_act(self):
        return () if self._game.is_over else self._game.to_act()

    def legal_actions(self, seat=None):
        if self._game.is_over:
            return ["nothing"]
        return self._game.legal_actions(seat)

    def apply(self, action):
        if action != "nothing":
            self._game.apply(action)


class _OverAfterOneRound(_Wrapped):
    @property
    def is_over(self):
        return self._game.is_over or len(self._game.results()) >= 1
