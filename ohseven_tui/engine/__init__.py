"""The engine core: pure Python, no UI imports, no game of its own.

- ``cards``: cards (with a Joker) and packs;
- ``tricks``: the trump context (effective suit and strength), follow rules, the
  trick winner;
- ``actions``: the actions trick-taking families share, and their record text;
- ``errors``: typed errors, each one readable sentence;
- ``protocol``: what a family implements (spec, state, view, statistics);
- ``registry``: every registered game; ``record``: one record envelope for all.

The games themselves are families under ``ohseven_tui.games``.
"""

from .actions import DEAL, Action, Bid, BidNumber, Deal, Pass, Play, action_text, parse_action
from .cards import JOKER, SUITS, Card, Suit, make_pack, parse_card, parse_cards, rank_label
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
from .protocol import GameSpec, GameState, GameView, Option, OptionError, Seat, Stat, StatsView
from .registry import UnknownGame, default_game, game_spec, games, new_game, register

__all__ = [name for name in dir() if not name.startswith("_")]
