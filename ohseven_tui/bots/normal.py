"""The normal bot: a family's heuristics, with the one-line reason behind each
choice, which the hint key shows to a human seat.

The heuristics belong to the family's bot package, which teaches them to this
strength (``registry.teach("normal", family, decide)`` with ``decide(obs, rng) ->
Hint``); this module only finds them by the observation's ``spec.family``. A
family may also teach it to look ahead at some decisions with the strong
strength's search at a small fixed sample count (:class:`NormalBot`).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from .base import Hint, bot_rng
from .registry import BotSpec, make_bot, register_bot, skill

__all__ = ["NormalBot", "Hint", "hint", "decide", "look_ahead"]

Decide = Callable[[Any, Any], Hint]


def _decide_for(observation: Any) -> Optional[Decide]:
    return skill("normal", observation.spec.family)


def decide(observation: Any, rng: Any = None) -> Hint:
    """The normal policy for one observation: its action and the reason."""
    found = _decide_for(observation)
    if found is None:
        raise ValueError(f"the normal bot does not play {observation.spec.label}")
    return found(observation, rng)


def look_ahead(observation: Any, searcher: Any = None) -> Optional[Any]:
    """The normal bot's action where its family teaches it to look ahead (see
    :class:`NormalBot`), or None where it plays its rules of thumb alone. Without
    a ``searcher`` (a hint) a fresh one: the same answer every time it is asked."""
    taught = skill("normal", observation.spec.family, "look")
    samples = taught(observation) if taught is not None else 0
    if not samples:
        return None
    if searcher is None:
        searcher = _searcher(0)
    searcher.loop.max_samples = samples
    return searcher.choose(observation)


def _searcher(seed: int) -> Any:
    # The strong strength's search, found through the registry: strong builds on decide() above.
    return make_bot("strong", seed, budget=float("inf"), max_samples=1)


def hint(observation: Any) -> Optional[Hint]:
    """The normal bot's suggested action for this seat and a one-line reason, or
    None when the seat has nothing to do (or the normal bot does not play the game).
    Where the look-ahead overrules the rule of thumb, the family says why."""
    if not observation.legal_actions:
        return None
    found = _decide_for(observation)
    if found is None:
        return None
    rule = found(observation, None)
    action = look_ahead(observation)
    if action is None or action == rule.action:
        return rule
    explain = skill("normal", observation.spec.family, "looked")
    return explain(observation, rule, action) if explain is not None else Hint(action, "Looking ahead, this does best")


class NormalBot:
    """Heuristic player, with a short look-ahead where its family teaches one.

    A family may teach the normal strength a "look" (``teach("normal", family,
    look, part="look")``, ``look(observation) -> samples``): at a decision where it
    returns a sample count, the bot checks its rules of thumb by the strong bot's
    search at that fixed count (no clock, so the same seed plays the same game on
    any machine); and a "looked" (``looked(observation, rule, action) -> Hint``)
    that says why when the search overrules the rule. ``look=False`` plays the
    rules of thumb alone."""

    name = "normal"

    def __init__(self, seed: int = 0, look: bool = True) -> None:
        self.rng = bot_rng(seed)
        self._search = _searcher(seed) if look else None

    def choose(self, observation: Any) -> Any:
        if self._search is not None:
            action = look_ahead(observation, searcher=self._search)
            if action is not None:
                return action
        return decide(observation, self.rng).action


SPEC = register_bot(BotSpec("normal", "Normal", NormalBot, order=10, default=True,
                            description="rules of thumb, in milliseconds",
                            about="Rules of thumb, a move in a few milliseconds: it bids by counting likely "
                                  "tricks, opens and jumps in an auction by what its hand is worth, raises a "
                                  "strong hand (and now and then bluffs), remembers who is out of a suit, and "
                                  "plays to make its bid exactly. In the games of bidding tricks it checks each "
                                  "card it plays, and a bid it names as a number, against a handful of deals of "
                                  "the cards it cannot see, as strong does on a larger scale. It beats easy clearly "
                                  "in every game, and plays within a quarter point a hand of a general search "
                                  "program (IS-MCTS)."))
