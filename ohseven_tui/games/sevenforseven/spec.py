"""Seven for Seven as the registry knows it (``docs/seven-for-seven.md``, V1-V24)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Optional, Sequence, cast

from ...engine import registry
from ...engine.protocol import GameSpec, GameState, GameView, Option, Seat
from .rules import GAME_NAME, HANDS

# Imported at their first call: the registry imports every family to learn its games.
action_text = registry.later(f"{__package__}.actions", "action_text")
parse_action = registry.later(f"{__package__}.actions", "parse_action")
parse_stacked = registry.later(f"{__package__}.records", "parse_stacked")
stacked_text = registry.later(f"{__package__}.records", "stacked_text")
hand_steps = registry.later(f"{__package__}.review", "hand_steps")
sheet_view = registry.later(f"{__package__}.sheet", "sheet_view")
stats_view = registry.later(f"{__package__}.stats", "stats_view")
table_view = registry.later(f"{__package__}.table", "table_view")
tutorial = registry.later(f"{__package__}.tutorial", "tutorial")

__all__ = ["SEVEN_FOR_SEVEN", "FAMILY", "JOKER_OPTION", "BOWERS_OPTION"]

FAMILY = "sevenforseven"

JOKER_OPTION = Option("joker", "Joker", (True, False), True,
                      "the Joker is the overbower; without it the kitty is 3 cards (V3, V5, V15)")
BOWERS_OPTION = Option("bowers", "Bowers", ("any", "pictures"), "any",
                       "the bower rank: any rank, or only J, Q, K (V6)")


def new_game(options: Mapping[str, Any], *, seed: int = 0, seats: Optional[Sequence[Seat]] = None,
             stacked_deals: Sequence[Any] = ()) -> GameState:
    from .state import Game

    # Game's spec is a read-only property, which mypy will not take for the protocol's attribute.
    return cast(GameState, Game(dict(options), seed=seed, seats=seats, stacked_deals=stacked_deals))


def implied(game: Any, version: int) -> Sequence[Any]:
    """Before record version 3 the kitty draws (V15) were not actions: they followed
    from the auction's end. Such a record's draws, at the point they happen."""
    from .log import Phase

    if version < 3 and game.phase is Phase.DRAW:
        return game.legal_actions()
    return ()


def view(options: Mapping[str, Any]) -> GameView:
    return _view(bool(options.get("joker", True)), options.get("bowers", "any") == "pictures")


@lru_cache(maxsize=None)
def _view(joker: bool, pictures: bool) -> GameView:
    ranks = "J, Q or K" if pictures else "any rank"
    draw = "2 cards, each lieutenant 1" if joker else "1 card, each lieutenant 1"
    return GameView(
        bid_input="",
        bids_in_turn=True,
        columns=("Role", "Pts", "Score"),
        contract_note=(f"The last basic bid is the contract: trump suit, bower rank ({ranks}) and trick points "
                       f"(V6, V9, V13); the captain draws {draw} and discards as many (V15)."),
        scoring_note=("Each player scores her side's trick points, then the trio adds (made) or subtracts "
                      "(failed) contract × own factor, the quartet the opposite (V21, V22)."),
        legend=("Each hand's head: the contract (points, trump, bower rank), then the trio's and the quartet's "
                "trick points, ✓ made or ✗ failed. Each cell: role (C captain, L lieutenant, Q quartet) and factor, "
                "then the hand's points → running total. Bold: the player's side won the hand."),
        in_play_legend="The hand in play shows each role and factor once the contract stands.",
        top_bid_mark="C captain, * standing basic bid",
        sides=(),
        round_word="hand",
        rounds=HANDS,
    )


def public_action(action: Any, viewer: int) -> Any:
    """The auction is said aloud (V14) and cards are played openly; the kitty's
    cards drawn and the cards discarded (V15) are seen only by their seat."""
    from .actions import Discard, Draw

    if isinstance(action, (Draw, Discard)) and action.seat != viewer:
        return None
    return action


SEVEN_FOR_SEVEN = registry.register(GameSpec(
    name=GAME_NAME, label="Seven for Seven", family=FAMILY, players=(7, 7),
    description="7 players; bid a trump suit, a bower rank and trick points; a trio of three against four.",
    rule_prefix="V", new_game=new_game, view=view, stats=stats_view, sheet=sheet_view,
    parse_action=parse_action, action_text=action_text, parse_stacked=parse_stacked, stacked_text=stacked_text,
    options=(JOKER_OPTION, BOWERS_OPTION), order=50, table=table_view, review=hand_steps, tutorial=tutorial,
    implied=implied, public_action=public_action,
    max_hand=9,  # V15: the captain's seven and the kitty's two, before the discard
))
