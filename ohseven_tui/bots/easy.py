"""The easy bot: a random legal action. It needs nothing but the legal actions,
so it plays every game."""

from __future__ import annotations

from typing import Any

from .base import bot_rng
from .registry import BotSpec, register_bot


class EasyBot:
    """A random legal action."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, observation: Any) -> Any:
        return self.rng.choice(observation.legal_actions)


SPEC = register_bot(BotSpec("easy", "Easy", EasyBot, every_game=True, order=0,
                            description="random legal moves"))
