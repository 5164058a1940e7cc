"""Bots. A bot sees one seat's observation (which carries that seat's legal
actions) and returns one action. It never sees the game state.

    bot = make_bot("normal", seed=7)
    action = bot.choose(game.observation(seat))
    hint(game.observation(seat))   # Hint(action, reason): normal's suggestion
"""

from __future__ import annotations

from .base import BOT_NAMES, Bot, bot_presets, bots_for, make_bot
from .easy import EasyBot
from .normal import Hint, NormalBot, hint
from .runner import play_game
from .strong import StrongBot

__all__ = ["BOT_NAMES", "Bot", "bot_presets", "bots_for", "EasyBot", "Hint", "NormalBot", "StrongBot", "hint", "make_bot", "play_game"]
