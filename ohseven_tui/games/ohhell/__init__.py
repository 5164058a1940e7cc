"""The Oh Hell family: Oh-Seven (``oh-seven.md``, R1..), and the classic and
up-and-down house rules (``oh-hell.md``, H1.., U1..), on one state machine.

    >>> from ohseven_tui.games.ohhell import Game, make_rules, DEAL
    >>> game = Game(make_rules("oh-seven", 4), seed=7)
    >>> game.apply(DEAL)
    >>> game.phase
    <Phase.BID: 'bid'>

The shared vocabulary (cards, actions, errors, seats) is re-exported so that a
caller of this family needs one import.
"""

from typing import TYPE_CHECKING

from ...engine import registry
from ...engine.actions import DEAL, Action, Bid, BidNumber, Deal, Pass, Play, action_text, parse_action
from ...engine.cards import SUITS, Card, Suit, make_pack, parse_card, parse_cards, rank_label
from ...engine.errors import (
    AlreadyActed,
    BidOutOfRange,
    CardAlreadyBid,
    CardNotInHand,
    EngineError,
    HookBid,
    IllegalAction,
    MustFollowSuit,
    NoSuchSeat,
    NotYourTurn,
    RecordError,
    WrongPassCount,
    WrongPhase,
)
from ...engine.protocol import Seat
from .spec import CLASSIC, OH_SEVEN, SPECS, UP_AND_DOWN

if TYPE_CHECKING:  # loaded at their first use (__getattr__ below): the registry imports every family
    from .log import (
        IDENTICAL_TOP,
        STANDS,
        SUM_IS_HAND,
        BidAttempt,
        DealLog,
        LastTrick,
        Phase,
        RoundLog,
        RoundResult,
        TrickLog,
        round_points,
    )
    from .observation import Observation
    from .rules import PASS_SCHEDULE, PRESETS, BidStyle, Rules, RulesError, Scoring, TrumpStyle, make_rules
    from .state import Game, StackedDeal
    from .stats import GameStats, SeatStats, TableStats, game_stats, trump_counts_text

__all__ = ["Action", "AlreadyActed", "Bid", "BidAttempt", "BidNumber", "BidOutOfRange", "BidStyle", "CLASSIC", "Card",
           "CardAlreadyBid", "CardNotInHand", "DEAL", "Deal", "DealLog", "EngineError", "Game", "GameStats", "HookBid",
           "IDENTICAL_TOP", "IllegalAction", "LastTrick", "MustFollowSuit", "NoSuchSeat", "NotYourTurn", "OH_SEVEN",
           "Observation", "PASS_SCHEDULE", "PRESETS", "Pass", "Phase", "Play", "RecordError", "RoundLog",
           "RoundResult", "Rules", "RulesError", "SPECS", "STANDS", "SUITS", "SUM_IS_HAND", "Scoring", "Seat",
           "SeatStats", "StackedDeal", "Suit", "TableStats", "TrickLog", "TrumpStyle", "UP_AND_DOWN",
           "WrongPassCount", "WrongPhase", "action_text", "game_stats", "make_pack", "make_rules", "parse_action",
           "parse_card", "parse_cards", "rank_label", "round_points", "trump_counts_text"]

__getattr__ = registry.later_names(__name__, __all__, ("log", "observation", "rules", "state", "stats"))
