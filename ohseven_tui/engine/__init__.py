"""The Oh-Seven engine: pure Python, no UI imports.

    >>> from ohseven_tui.engine import Game, make_rules, Play
    >>> game = Game(make_rules("oh-seven", 4), seed=7)
    >>> game.apply(game.legal_actions()[0])   # deal
    >>> game.phase
    <Phase.BID: 'bid'>
"""

from .actions import DEAL, Action, Bid, BidNumber, Deal, Pass, Play, action_text, parse_action
from .cards import SUITS, Card, Suit, make_pack, parse_card, parse_cards, rank_label
from .errors import (
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
from .observation import Observation, observe
from .rules import PRESETS, BidStyle, Rules, RulesError, Scoring, TrumpStyle, make_rules
from .stats import GameStats, SeatStats, TableStats, game_stats, trump_counts_text
from .state import BidAttempt, DealLog, Game, Phase, RoundLog, RoundResult, Seat, StackedDeal, TrickLog, round_points

__all__ = [name for name in dir() if not name.startswith("_")]
