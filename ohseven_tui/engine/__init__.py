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

from typing import TYPE_CHECKING, Any

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
from .protocol import GameSpec, GameState, GameView, Option, OptionError, Seat
from .registry import UnknownGame, default_game, game_spec, games, new_game, register

if TYPE_CHECKING:
    from .reports import Stat, StatsView

__all__ = [name for name in dir() if not name.startswith("_") and name not in ("TYPE_CHECKING", "Any")]
__all__ += ["Stat", "StatsView"]


def __getattr__(name: str) -> Any:
    """The statistics' classes, made at their first use (:mod:`.reports`)."""
    if name in ("Stat", "StatsView"):
        from . import reports

        return getattr(reports, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
