from __future__ import annotations

import random
from typing import Protocol

from ..engine import Observation


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation):
        """Return one of ``observation.legal_actions``."""


BOT_NAMES = ("easy",)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by strength name, with its own seeded RNG."""
    from .easy import EasyBot

    factories = {"easy": EasyBot}
    if name not in factories:
        raise ValueError(f"unknown bot {name!r}; choose one of: {', '.join(factories)}")
    return factories[name](seed)


def bot_rng(seed: int) -> random.Random:
    return random.Random(seed)
