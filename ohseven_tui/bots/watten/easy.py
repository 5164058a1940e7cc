"""The easy bot's Watten policy: random cards and names; it raises and answers a
raise like a beginner: it reads its side's chances as the normal bot does
(``odds``) but misjudges them (a seeded error of ``GUESS`` in the logit), raises
when its guess reaches ``RAISE_AT``, bluffs at ``BLUFF`` of its chances
(a raise offered beside every card would otherwise come one turn in six) and
goes when its guess does not pay for the higher stake."""

from __future__ import annotations

import math
from typing import Any

from ...engine.actions import Play
from ...games.watten import Go, Hold, Phase, Raise
from .normal import chance
from .odds import AFTER_A_RAISE, hold_pays

__all__ = ["choose", "GUESS", "RAISE_AT", "BLUFF"]

GUESS = 0.7  # the spread of its error, in the logit of its side's chance
RAISE_AT = 0.8  # its guess of its side's chance from which it raises (a beginner waits for a sure thing)
BLUFF = 0.02  # of the turns where a raise is allowed and it has no reason to raise


def _guess(obs: Any, rng: Any, shift: float = 0.0) -> float:
    p = min(max(chance(obs, shift), 1e-6), 1 - 1e-6)
    z = math.log(p / (1 - p)) + rng.gauss(0.0, GUESS)
    return 1.0 / (1.0 + math.exp(-z))


def choose(obs: Any, rng: Any) -> Any:
    legal = list(obs.legal_actions)
    if obs.phase is Phase.ANSWER:
        assert obs.open_raise is not None
        hold = hold_pays(_guess(obs, rng, AFTER_A_RAISE), obs.open_raise.stake)
        return Hold(obs.seat) if hold else Go(obs.seat)
    raises = [a for a in legal if type(a) is Raise]
    if raises:
        if _guess(obs, rng) >= RAISE_AT or rng.random() < BLUFF:
            return raises[0]
        legal = [a for a in legal if type(a) is Play]
    return rng.choice(legal)
