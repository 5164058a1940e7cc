"""The promises every game family keeps beyond its own rules, checked in one call.

A new family's tests call ``check_game(spec)`` once per game it registers (the
suite does it for every registered game: tests/test_conformance.py). Each check
raises ``AssertionError`` with a sentence naming the game and what broke; nothing
here needs a test runner, and no game is named.

- Random play ends (within a bound), from the fewest to the most players.
- A game outlasts two rounds of random play, or its spec says it may end after one
  (``GameSpec.may_end_in_one_round``: a stake raised to the target in one hand).
- Every seat's observation is the protocol's (``engine.protocol.Observation``), and
  no hand ever holds more cards than the spec declares (``GameSpec.max_hand``).
- A record of a finished game replays to the same game.
- Where the game has a replay (``GameSpec.review``), each trick's step says who led it.
- Easy plays every game; every other bot that says it plays the game makes only
  legal moves through a round.
"""

from __future__ import annotations

import random
from typing import Any

from .engine import record
from .engine.actions import Deal, Play
from .engine.protocol import GameSpec, GameState, Observation, Seat

__all__ = ["check_game", "STEP_LIMIT"]

STEP_LIMIT = 20_000  # actions: far past any real game (the longest random one is under 1,000)
NAMES = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")


def check_game(spec: GameSpec, *, seeds: tuple[int, ...] = (1, 2)) -> None:
    """Every promise above, for ``spec``'s game."""
    for players in sorted(set(spec.players)):
        for seed in seeds:
            game = random_game(spec, players, seed)
            replayed = record.from_record(record.to_record(game))
            assert [str(a) for a in replayed.history] == [str(a) for a in game.history], \
                f"{spec.name}: its record does not replay to the same game"
            assert list(replayed.totals) == list(game.totals), f"{spec.name}: the replayed totals differ"
    if spec.review is not None:
        for seed in seeds:
            review_says_who_led(spec, seed)
    bots_play(spec, seeds[0])


def random_game(spec: GameSpec, players: int, seed: int) -> GameState[Observation]:
    """A game of ``players`` played to its end by random legal moves, checking each
    seat's observation on the way."""
    seats = tuple(Seat(NAMES[s], "easy") for s in range(players))  # 9 names: the most any game seats
    game = spec.new_game({"players": players}, seed=seed, seats=seats)
    rng = random.Random(seed)
    for _ in range(STEP_LIMIT):
        if game.is_over:
            break
        for seat in range(players):
            obs = game.observe(seat)
            assert isinstance(obs, Observation), f"{spec.name}: seat {seat}'s observation lacks the protocol's fields"
            assert len(obs.hand) <= spec.max_hand, \
                f"{spec.name}: seat {seat} holds {len(obs.hand)} cards; the game declares {spec.max_hand} at most"
        to_act = game.to_act()
        legal = game.legal_actions(rng.choice(to_act)) if to_act else game.legal_actions()
        assert legal, f"{spec.name}: nobody can act in phase {game.phase}"
        game.apply(rng.choice(legal))
    assert game.is_over, f"{spec.name}: random play did not end within {STEP_LIMIT} actions ({players} players)"
    assert len(game.results()) >= 2 or spec.may_end_in_one_round, \
        f"{spec.name}: over after {len(game.results())} round(s); its spec says it lasts two at least"
    return game


def _leaders(game: GameState[Any]) -> list[int]:
    """The seat of each trick's first card, in order: every seat plays once a trick,
    so a deal's cards split into tricks of one card a seat (the last may be cut short)."""
    n = len(game.seats)
    deals: list[list[int]] = []
    for action in game.history:
        if isinstance(action, Deal):
            deals.append([])
        elif isinstance(action, Play) and deals:
            deals[-1].append(action.seat)
    return [plays[i] for plays in deals for i in range(0, len(plays), n)]


def review_says_who_led(spec: GameSpec, seed: int) -> None:
    """The replay's trick steps: the summary names the leader, whose own note says "leads"."""
    from .bots import make_bot, play_game

    assert spec.review is not None
    low, high = spec.players
    seats = tuple(Seat(NAMES[s], "easy") for s in range(min(max(4, low), high)))
    game = spec.new_game({"players": len(seats)}, seed=seed, seats=seats)
    play_game(game, [make_bot("easy", s) for s in range(len(seats))])
    tricks = [step for index in range(len(game.results()))
              for step in spec.review(game, index, lambda c: c.text())
              if " trick " in step.title]
    leaders = _leaders(game)
    assert len(tricks) == len(leaders) > 0, f"{spec.name}: {len(tricks)} trick steps for {len(leaders)} tricks"
    for step, leader in zip(tricks, leaders):
        said = [s for s in range(len(seats)) if f"{NAMES[s]} leads" in step.summary]
        assert said == [leader], f"{spec.name}: {step.title} says {said} led, not {leader}"
        assert step.notes[leader].startswith("leads "), f"{spec.name}: {step.title}: the leader's note"


def bots_play(spec: GameSpec, seed: int) -> None:
    """Easy plays every game; each bot that says it plays this one moves legally
    through a round (strong at a small budget)."""
    from .bots import bots_for, make_bot

    names = bots_for(spec)
    assert "easy" in names, f"{spec.name}: the easy bot must play every game"
    players = spec.players[0]
    for name in names:
        options = {"budget": 0.005} if name == "strong" else {}
        bots = [make_bot(name, seed * 16 + s, **options) for s in range(players)]
        game = spec.new_game({"players": players}, seed=seed,
                             seats=tuple(Seat(NAMES[s], name) for s in range(players)))
        for _ in range(STEP_LIMIT):
            if game.is_over or game.results():
                break
            to_act = game.to_act()
            if not to_act:
                game.apply(game.legal_actions()[0])
                continue
            for seat in to_act:
                if seat not in game.to_act():
                    break
                action = bots[seat].choose(game.observe(seat))
                why = game.why_illegal(action)
                assert why is None, f"{spec.name}: the {name} bot chose an illegal move ({why})"
                game.apply(action)
        assert game.is_over or game.results(), f"{spec.name}: the {name} bot did not finish a round"
