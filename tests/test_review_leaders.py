"""Every family's saved-game replay says who led each trick (issue 19): the trick
step's summary names the leader, and the leader's own note says "leads". The
leader is read from the game's actions (the first card of each trick), not from
the family's logs."""

from __future__ import annotations

import pytest

from ohseven_tui.bots import make_bot
from ohseven_tui.bots.runner import play_game
from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import Deal, Play
from ohseven_tui.engine.protocol import Seat

NAMES = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus")
REVIEWED = [spec.name for spec in registry.games() if spec.review is not None]


def _leaders(game) -> list[int]:
    """The seat of each trick's first card, in order: every seat plays once a trick,
    so a deal's cards split into tricks of one card a seat (the last may be cut short)."""
    n = len(game.seats)
    deals: list[list[int]] = []
    for action in game.history:
        if isinstance(action, Deal):
            deals.append([])
        elif isinstance(action, Play):
            deals[-1].append(action.seat)
    return [plays[i] for plays in deals for i in range(0, len(plays), n)]


@pytest.mark.parametrize("name", REVIEWED)
@pytest.mark.parametrize("seed", [3, 8])
def test_the_review_says_who_led_each_trick(name, seed):
    spec = registry.game_spec(name)
    low, high = spec.players
    seats = tuple(Seat(NAMES[s], "easy") for s in range(min(max(4, low), high)))
    game = registry.new_game(name, {}, seed=seed, seats=seats)
    play_game(game, [make_bot("easy", s) for s in range(len(seats))])
    tricks = [step for index in range(len(game.results()))
              for step in spec.review(game, index, lambda c: c.text())
              if " trick " in step.title]
    leaders = _leaders(game)
    assert len(tricks) == len(leaders) > 0
    for step, leader in zip(tricks, leaders):
        said = [s for s in range(len(seats)) if f"{NAMES[s]} leads" in step.summary]
        assert said == [leader], (step.title, step.summary)
        assert step.notes[leader].startswith("leads "), (step.title, step.notes)
