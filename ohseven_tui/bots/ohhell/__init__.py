"""The bots' Oh Hell family: Oh-Seven, classic and up-and-down (``games.ohhell``).

Imported by the bot registry on its first lookup. It teaches the normal strength
this family's heuristics and when to look ahead, and the strong strength its
search; the easy bot needs nothing taught.
"""

from __future__ import annotations

from ...games.ohhell.spec import OH_SEVEN
from ..registry import Later, teach

FAMILY = OH_SEVEN.family  # the family the game package declares, not a copy of its name

# Where each skill is: loaded at a bot's first move, not to learn who plays the game.
teach("normal", FAMILY, Later(f"{__name__}.normal", "decide"))
teach("normal", FAMILY, Later(f"{__name__}.normal", "look"), part="look")
teach("normal", FAMILY, Later(f"{__name__}.normal", "looked"), part="looked")
teach("strong", FAMILY, Later(f"{__name__}.strong", "search"))
teach("strong", FAMILY, Later(f"{__name__}.judge", "JUDGE"), part="judge")  # the coach (bots.judge)
