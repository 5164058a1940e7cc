"""The normal bot: a family's heuristics, with the one-line reason behind each
choice, which the hint key shows to a human seat.

The heuristics belong to the family's bot package, which teaches them to this
strength (``registry.teach("normal", family, decide)`` with ``decide(obs, rng) ->
Hint``); this module only finds them by the observation's ``spec.family``.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from .base import Hint, bot_rng
from .registry import BotSpec, register_bot, skill

__all__ = ["NormalBot", "Hint", "hint", "decide"]

Decide = Callable[[Any, Any], Hint]


def _decide_for(observation: Any) -> Optional[Decide]:
    return skill("normal", observation.spec.family)


def decide(observation: Any, rng: Any = None) -> Hint:
    """The normal policy for one observation: its action and the reason."""
    found = _decide_for(observation)
    if found is None:
        raise ValueError(f"the normal bot does not play {observation.spec.label}")
    return found(observation, rng)


def hint(observation: Any) -> Optional[Hint]:
    """The normal bot's suggested action for this seat and a one-line reason, or
    None when the seat has nothing to do (or the normal bot does not play the game)."""
    if not observation.legal_actions:
        return None
    found = _decide_for(observation)
    if found is None:
        return None
    return found(observation, None)


class NormalBot:
    """Heuristic player (deterministic; the RNG only breaks ties where a family
    has no heuristic)."""

    name = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, observation: Any) -> Any:
        return decide(observation, self.rng).action


SPEC = register_bot(BotSpec("normal", "Normal", NormalBot, order=10, default=True,
                            description="plays to its bid by rules of thumb, instantly",
                            about="Rules of thumb, no search, a move in about a millisecond: it bids by "
                                  "counting likely tricks, opens and jumps in an auction by what its hand "
                                  "is worth, raises a strong hand (and now and then bluffs), remembers who "
                                  "is out of a suit, and plays to make its bid exactly. It beats easy "
                                  "clearly in every game."))
