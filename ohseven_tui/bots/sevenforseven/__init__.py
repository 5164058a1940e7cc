"""The bots' Seven for Seven family (``games.sevenforseven``). Imported by the bot
registry on its first lookup; it teaches the easy strength its auction-ending
random policy."""

from __future__ import annotations

from ...games.sevenforseven.spec import SEVEN_FOR_SEVEN
from ..registry import teach
from . import easy

FAMILY = SEVEN_FOR_SEVEN.family

teach("easy", FAMILY, easy.choose)
