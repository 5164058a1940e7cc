"""The bots' Watten family (``games.watten``). Imported by the bot registry on its
first lookup: it teaches the easy strength its random policy (rare raises), the
normal strength its heuristics and the strong strength its search."""

from __future__ import annotations

from ...games.watten import WATTEN
from ..registry import describe_habits, teach
from . import easy, habits, judge, normal, strong

FAMILY = WATTEN.family  # the family the game package declares

teach("easy", FAMILY, easy.choose)
teach("normal", FAMILY, normal.decide)
teach("strong", FAMILY, strong.search)
teach("strong", FAMILY, judge.JUDGE, part="judge")  # the coach (bots.judge)
describe_habits(FAMILY, habits.HABITS)
