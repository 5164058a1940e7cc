"""Bots. A bot sees one seat's observation (which carries that seat's legal
actions) and returns one action. It never sees the game state.

    bot = make_bot("easy", seed=7)
    action = bot.choose(game.observation(seat))
"""

from __future__ import annotations

from .base import BOT_NAMES, Bot, make_bot
from .easy import EasyBot
from .runner import play_game

__all__ = ["BOT_NAMES", "Bot", "EasyBot", "make_bot", "play_game"]
