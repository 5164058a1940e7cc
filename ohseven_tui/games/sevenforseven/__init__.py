"""The Seven for Seven family (``docs/seven-for-seven.md``, V1-V24): seven players, an
auction of basic and factor bids, a captain and two lieutenants drawing from a
kitty, five bowers, tricks worth 1 to 7 points."""

from typing import TYPE_CHECKING

from ...engine import registry
from .spec import FAMILY, SEVEN_FOR_SEVEN

if TYPE_CHECKING:  # loaded at their first use (__getattr__ below): the registry imports every family
    from .actions import AuctionPass, BasicBid, ChooseLeader, Discard, Draw, FactorBid, action_text, parse_action
    from .log import Contract, HandResult, Phase, TrickLog, hand_points, lieutenants_of
    from .observation import Observation
    from .state import Game, deal_cards, pack_for

__all__ = ["AuctionPass", "BasicBid", "ChooseLeader", "Discard", "Draw", "FactorBid", "action_text", "parse_action",
           "Contract", "HandResult", "Phase", "TrickLog", "hand_points", "lieutenants_of", "Observation", "FAMILY",
           "SEVEN_FOR_SEVEN", "Game", "deal_cards", "pack_for"]

__getattr__ = registry.later_names(__name__, __all__, ("actions", "log", "observation", "state"))
