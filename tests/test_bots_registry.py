"""The one bot registry (issue 11): a BotSpec per strength, the games each plays
declared by the bots (a family's bot package teaches a strength its family).
(No game or family name in the generic bot modules: tests/test_no_game_names_outside_families.py.)"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from ohseven_tui.bots import BOT_NAMES, Hint, hint, make_bot, play_game, registry
from ohseven_tui.bots.registry import BotSpec, UnknownBot, bot_names, bot_presets, bot_spec, bot_specs, bots_for
from ohseven_tui.engine import registry as games
from ohseven_tui.engine.actions import DEAL

BOTS = Path(__file__).resolve().parents[1] / "ohseven_tui" / "bots"


def toy_spec(name: str = "toy-count", family: str = "toycount") -> object:
    """A game of another family, as the registry knows it (nothing else needed here)."""
    any_game = games.games()[0]
    return replace(any_game, name=name, label="Toy count", family=family)


def test_every_strength_has_one_spec_weakest_first():
    specs = bot_specs()
    assert [s.name for s in specs] == list(BOT_NAMES) == list(bot_names()) == ["easy", "normal", "strong"]
    assert all(isinstance(s, BotSpec) and s.label for s in specs)
    assert [s.name for s in specs if s.every_game] == ["easy"]
    assert bot_spec("strong").factory is type(make_bot("strong", 1))


def test_the_games_a_bot_plays_come_from_the_families_it_was_taught():
    for game in games.games():
        assert bots_for(game) == bots_for(game.name) == ["easy", "normal", "strong"]
        assert game.family in bot_spec("normal").families
    assert bot_presets("normal") == tuple(g.name for g in games.games())


def test_a_game_of_an_untaught_family_is_played_by_easy_only():
    toy = toy_spec()
    assert bots_for(toy) == ["easy"]
    assert bots_for("no-such-game") == []


def test_teaching_a_strength_a_family_makes_it_play_that_family(monkeypatch):
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))
    monkeypatch.setattr(registry, "_SKILLS", dict(registry._SKILLS))
    toy = toy_spec()
    seen = []

    def decide(obs, rng):
        seen.append(obs)
        return Hint(obs.legal_actions[-1], "Take the last one")

    registry.teach("normal", toy.family, decide)
    assert bots_for(toy) == ["easy", "normal"]
    obs = SimpleNamespace(spec=toy, legal_actions=("a", "b"))
    assert make_bot("normal", 3).choose(obs) == "b" and seen == [obs]
    assert hint(obs) == Hint("b", "Take the last one")
    # The strong bot was not taught a search: it plays the normal bot's choice.
    assert make_bot("strong", 3, budget=0.01).choose(obs) == "b"


def test_a_bot_asked_to_play_a_game_it_does_not_know_says_so_in_one_line():
    obs = SimpleNamespace(spec=toy_spec(), legal_actions=("a", "b"))
    with pytest.raises(ValueError) as err:
        make_bot("normal", 1).choose(obs)
    assert str(err.value) == "the normal bot does not play Toy count"
    assert hint(obs) is None
    assert make_bot("easy", 1).choose(obs) in ("a", "b")


def test_an_unknown_bot_is_one_readable_sentence():
    with pytest.raises(UnknownBot) as err:
        make_bot("grandmaster", 1)
    assert isinstance(err.value, ValueError)
    text = str(err.value)
    assert "grandmaster" in text and "easy, normal, strong" in text and "\n" not in text


@dataclass
class CountToThree:
    """Two seats say numbers in turn; the game ends at three actions. Only what
    play_game reads from the protocol."""

    history: list

    @property
    def is_over(self) -> bool:
        return len(self.history) >= 4

    def to_act(self):
        return () if not self.history else ((len(self.history) - 1) % 2,)

    def legal_actions(self, seat=None):
        return [DEAL] if seat is None and not self.to_act() else []  # the table's deal

    def observe(self, seat):
        return SimpleNamespace(legal_actions=(f"{seat}:1", f"{seat}:2"))

    def apply(self, action):
        self.history.append(action)


def test_play_game_deals_and_asks_each_seat_for_any_family():
    game = play_game(CountToThree([]), [make_bot("easy", 1), make_bot("easy", 2)])
    assert game.history[0] is DEAL
    assert [a.split(":")[0] for a in game.history[1:]] == ["0", "1", "0"]


def test_easy_plays_a_policy_its_family_taught_it():
    """A family whose uniform choice would not play its game (an auction with more
    bids than passes never ends) teaches the easy strength its own random policy."""
    from types import SimpleNamespace

    from ohseven_tui.bots import registry

    seen = []

    def policy(obs, rng):
        seen.append(obs)
        return obs.legal_actions[-1]

    spec = SimpleNamespace(family="a-family-only-this-test-has")
    obs = SimpleNamespace(spec=spec, legal_actions=("first", "last"))
    before = registry._BOTS["easy"]
    registry.teach("easy", spec.family, policy)
    try:
        assert [make_bot("easy", s).choose(obs) for s in range(5)] == ["last"] * 5
        assert len(seen) == 5
    finally:
        registry._SKILLS.pop(("easy", spec.family, ""))
        registry._BOTS["easy"] = before
