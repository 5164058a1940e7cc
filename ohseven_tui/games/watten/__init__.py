"""The Watten family (``docs/watten.md``, W1-W13): four players in
two sides, a striker rank and a trump suit named each hand, three criticals always
on top, three tricks win the hand, and raising the stake.

    >>> from ohseven_tui.games.watten import Game, Rules, DEAL
    >>> game = Game(Rules(), seed=7)
    >>> game.apply(DEAL)
    >>> game.phase
    <Phase.STRIKER: 'striker'>
"""

from typing import TYPE_CHECKING

from ...engine import registry
from ...engine.actions import DEAL, Deal, Play
from .spec import FAMILY, WATTEN

if TYPE_CHECKING:  # loaded at their first use (__getattr__ below): the registry imports every family
    from .actions import Go, Hold, NameStriker, NameTrump, Raise, action_text, parse_action
    from .log import THREE_TRICKS, WENT, HandLog, HandResult, LastTrick, Phase, RaiseLog, TrickLog
    from .observation import Observation
    from .rules import CRITICALS, RANKS, SIDES, Rules, context
    from .state import Game, RaiseTwice, StackedDeal

__all__ = ["DEAL", "Deal", "Play", "Go", "Hold", "NameStriker", "NameTrump", "Raise", "action_text", "parse_action",
           "THREE_TRICKS", "WENT", "HandLog", "HandResult", "LastTrick", "Phase", "RaiseLog", "TrickLog",
           "Observation", "CRITICALS", "RANKS", "SIDES", "Rules", "FAMILY", "WATTEN", "Game", "RaiseTwice",
           "StackedDeal", "context"]

__getattr__ = registry.later_names(__name__, __all__, ("actions", "log", "observation", "rules", "state"))
