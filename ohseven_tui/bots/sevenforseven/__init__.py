"""The bots' Seven for Seven family (``games.sevenforseven``). Imported by the bot
registry on its first lookup; it teaches the easy strength its auction-ending
random policy, the normal strength its heuristics and the strong strength
its search."""

from __future__ import annotations

from ...games.sevenforseven.spec import SEVEN_FOR_SEVEN
from ..registry import describe_habits, teach
from . import easy, habits, judge, normal, strong

FAMILY = SEVEN_FOR_SEVEN.family

teach("easy", FAMILY, easy.choose)
teach("normal", FAMILY, normal.decide)
teach("strong", FAMILY, strong.search)
teach("strong", FAMILY, judge.JUDGE, part="judge")  # the coach (bots.judge)
describe_habits(FAMILY, habits.HABITS)
