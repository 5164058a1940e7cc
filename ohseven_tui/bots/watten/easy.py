"""The easy bot's Watten policy: random legal choices; it raises rarely (a raise
offered beside every card would otherwise come one turn in six) and holds or goes
at random."""

from __future__ import annotations

from typing import Any

from ...engine.actions import Play
from ...games.watten import Raise

__all__ = ["choose", "RAISE_RATE"]

RAISE_RATE = 0.05  # of the turns where a raise is allowed


def choose(obs: Any, rng: Any) -> Any:
    legal = list(obs.legal_actions)
    raises = [a for a in legal if type(a) is Raise]
    if raises:
        if rng.random() < RAISE_RATE:
            return raises[0]
        legal = [a for a in legal if type(a) is Play]
    return rng.choice(legal)
