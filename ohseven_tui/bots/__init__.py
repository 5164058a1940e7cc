"""Bots. A bot sees one seat's observation (which carries that seat's legal
actions) and returns one action. It never sees the game state.

    bot = make_bot("normal", seed=7)
    action = bot.choose(game.observe(seat))
    hint(game.observe(seat))   # Hint(action, reason): normal's suggestion
    bots_for(game.spec)        # the bots that play this game

The package is laid out by strength and shared parts: ``registry`` (BotSpec,
the bots and the games they play), ``easy``/``normal``/``strong`` (the strengths),
``search`` (sampler, playout, budget loop), ``play`` (trick play heuristics on the
engine's trump context), ``knowledge``, ``tables`` and ``bidding``; a family's own
heuristics sit in ``bots/<family>/``, which teaches them to the strengths.
"""

from __future__ import annotations

from .base import Bot, Hint
from .easy import EasyBot
from .normal import NormalBot, hint
from .registry import BotSpec, UnknownBot, bot_names, bot_presets, bot_spec, bot_specs, bots_for, default_bot, make_bot
from .runner import play_game
from .strong import StrongBot

BOT_NAMES = bot_names()  # the strengths registered above, weakest first

__all__ = ["BOT_NAMES", "Bot", "BotSpec", "EasyBot", "Hint", "NormalBot", "StrongBot", "UnknownBot", "bot_names",
           "bot_presets", "bot_spec", "default_bot", "bot_specs", "bots_for", "hint", "make_bot", "play_game"]
