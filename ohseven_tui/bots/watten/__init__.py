"""The bots' Watten family (``games.watten``). Imported by the bot registry on its
first lookup: it teaches the easy strength its random policy (rare raises), the
normal strength its heuristics and the strong strength its search."""

from __future__ import annotations

from ...games.watten.spec import WATTEN
from ..registry import Later, describe_habits, teach
from . import habits

FAMILY = WATTEN.family  # the family the game package declares

# Where each skill is: loaded at a bot's first move, not to learn who plays the game.
teach("easy", FAMILY, Later(f"{__name__}.easy", "choose"))
teach("normal", FAMILY, Later(f"{__name__}.normal", "decide"))
teach("strong", FAMILY, Later(f"{__name__}.strong", "search"))
teach("strong", FAMILY, Later(f"{__name__}.judge", "JUDGE"), part="judge")  # the coach (bots.judge)
describe_habits(FAMILY, habits.HABITS)
