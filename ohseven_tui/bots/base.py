from __future__ import annotations

import random
from typing import Protocol

from ..games.ohhell import Observation


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation):
        """Return one of ``observation.legal_actions``."""


BOT_NAMES = ("easy", "normal", "strong")


def bot_presets(name: str) -> tuple[str, ...]:
    """The rules presets a bot plays: its class's ``presets``; a bot class that does
    not declare them plays Oh-Seven only (its card-bid heuristics assume R8)."""
    from .easy import EasyBot
    from .normal import NormalBot
    from .strong import StrongBot

    cls = {"easy": EasyBot, "normal": NormalBot, "strong": StrongBot}[name]
    return tuple(getattr(cls, "presets", ("oh-seven",)))


def bots_for(preset: str) -> list[str]:
    """Bot names that play ``preset``, in BOT_NAMES order."""
    return [name for name in BOT_NAMES if preset in bot_presets(name)]


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
