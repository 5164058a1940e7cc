"""The bots' Oh Hell family: Oh-Seven, classic and up-and-down (``games.ohhell``).

Imported by the bot registry on its first lookup. It teaches the normal strength
this family's heuristics and when to look ahead, and the strong strength its
search; the easy bot needs nothing taught.
"""

from __future__ import annotations

from ...games.ohhell.spec import OH_SEVEN
from ..registry import teach
from . import judge, normal, strong

FAMILY = OH_SEVEN.family  # the family the game package declares, not a copy of its name

teach("normal", FAMILY, normal.decide)
teach("normal", FAMILY, normal.look, part="look")
teach("normal", FAMILY, normal.looked, part="looked")
teach("strong", FAMILY, strong.search)
teach("strong", FAMILY, judge.JUDGE, part="judge")  # the coach (bots.judge)
