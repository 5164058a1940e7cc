"""What every bot is: it reads one seat's observation (which carries that seat's
legal actions) and returns one of them. It never sees the game state."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Bot", "Hint", "bot_rng"]


class Bot(Protocol):
    name: str

    def choose(self, observation: Any) -> Any:
        """Return one of ``observation.legal_actions``."""


@dataclass(frozen=True)
class Hint:
    """The normal bot's suggestion for a seat: an action and why, in one line."""

    action: object
    reason: str


def bot_rng(seed: int) -> random.Random:
    """A bot's own RNG: its choices never touch the global one."""
    return random.Random(seed)
