from __future__ import annotations

import random
from typing import Protocol

from ..engine import Observation


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation):
        """Return one of ``observation.legal_actions``."""


BOT_NAMES = ("easy", "normal", "strong")


def make_bot(name: str, seed: int = 0, **options) -> Bot:
    """A bot by strength name, with its own seeded RNG. Options go to the bot:
    ``make_bot("strong", 7, budget=0.2)`` (seconds per decision)."""
    from .easy import EasyBot
    from .normal import NormalBot
    from .strong import StrongBot

    factories = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}
    if name not in factories:
        raise ValueError(f"unknown bot {name!r}; choose one of: {', '.join(factories)}")
    return factories[name](seed, **options)


def bot_rng(seed: int) -> random.Random:
    return random.Random(seed)
