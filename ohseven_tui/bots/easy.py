"""The easy bot: a random legal action. It needs nothing but the legal actions,
so it plays every game.

A family may teach it a policy of its own (``registry.teach("easy", family,
choose)`` with ``choose(obs, rng) -> action``) where a uniform choice would not
play the game: an auction whose bids outnumber its passes would never end."""

from __future__ import annotations

from typing import Any

from .base import bot_rng
from .registry import BotSpec, register_bot, skill


class EasyBot:
    """A random legal action (or the family's own random policy)."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, observation: Any) -> Any:
        spec = getattr(observation, "spec", None)  # any observation with legal actions will do
        taught = skill("easy", spec.family) if spec is not None else None
        if taught is not None:
            return taught(observation, self.rng)
        return self.rng.choice(observation.legal_actions)


SPEC = register_bot(BotSpec("easy", "Easy", EasyBot, every_game=True, order=0,
                            description="random cards and rough guesses",
                            about="Plays a random legal card. Its bids, auction bids and raises are rough "
                                  "guesses at what its hand is worth, often wrong. Anyone who counts tricks "
                                  "beats it."))
