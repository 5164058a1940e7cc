from __future__ import annotations

from ..games.ohhell import Observation
from .base import bot_rng


class EasyBot:
    """A random legal action."""

    name = "easy"
    presets = ("oh-seven", "classic", "up-and-down")  # random legal moves play any rules

    def __init__(self, seed: int = 0):
        self.rng = bot_rng(seed)

    def choose(self, observation: Observation):
        return self.rng.choice(observation.legal_actions)
