"""The bots' Seven for Seven family (``games.sevenforseven``). Imported by the bot
registry on its first lookup; it teaches the easy strength its auction-ending
random policy, the normal strength its heuristics and the strong strength
its search."""

from __future__ import annotations

from ...games.sevenforseven.spec import SEVEN_FOR_SEVEN
from ..registry import describe_habits, teach
from . import easy, habits, normal, strong

FAMILY = SEVEN_FOR_SEVEN.family

teach("easy", FAMILY, easy.choose)
teach("normal", FAMILY, normal.decide)
teach("strong", FAMILY, strong.search)
describe_habits(FAMILY, habits.HABITS)
