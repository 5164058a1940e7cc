"""Watten as the registry knows it (``docs/watten.md``, W1-W13)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ...engine import registry
from ...engine.protocol import GameSpec, GameView, Option, Seat
from .rules import DEFAULT_TARGET, GAME, TARGETS, Rules

if TYPE_CHECKING:
    from .state import Game

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

__all__ = ["WATTEN", "FAMILY", "TARGET"]

FAMILY = "watten"

TARGET = Option("target", "Target", TARGETS, DEFAULT_TARGET, "the points a side needs to win the game (W11)")


@lru_cache(maxsize=None)
def _rules(target: int) -> Rules:
    return Rules(target=target)


def new_game(options: Mapping[str, Any], *, seed: int = 0, seats: Optional[Sequence[Seat]] = None,
             stacked_deals: Sequence[Any] = ()) -> "Game":
    from .state import Game

    return Game(_rules(options.get("target", DEFAULT_TARGET)), seed=seed, seats=seats, stacked_deals=stacked_deals)


def view(options: Mapping[str, Any]) -> GameView:
    return _view(options.get("target", DEFAULT_TARGET))


@lru_cache(maxsize=None)
def _view(target: int) -> GameView:
    return GameView(
        bid_input="",
        bids_in_turn=False,
        columns=("Tricks", "Points"),
        contract_note=("Eldest hand names the striker rank, then the dealer the trump suit (W4); the criticals "
                       "K♥ 7♦ 7♣ are always the top cards, then the chief striker, the other strikers and the "
                       "trump suit (W5). Only a chief striker led to the first trick forces trumps (W7)."),
        scoring_note=(f"The first side to take three tricks wins the hand (W9): 2 points, 1 more for each raise "
                      f"held; a side that goes gives the raisers the stake before the raise (W10). First to "
                      f"{target} wins (W11)."),
        legend=("Each hand's head: the striker rank and trump, then the sides' tricks (A–B), or \"went\" when a "
                "raise was answered by going. Each cell: the side's tricks, the points it won (+stake) → the side's "
                "running total; both partners show their side's figures."),
        in_play_legend="The hand in play shows each side's tricks so far.",
        sides=((0, 2), (1, 3)),
        round_word="hand",
        rounds=None,
    )


def _fast_hands(rules: Rules) -> Any:
    from .fast import FastHands

    return FastHands(rules)


def public_action(action: Any, viewer: int) -> Any:
    """Every Watten action is said or played openly (W4, W10): the striker and the
    trump named, a raise and its answer, a card played."""
    return action


WATTEN = registry.register(GameSpec(
    name=GAME, label="Watten", family=FAMILY, players=(4, 4),
    description="Four in two sides, 5 cards each: name a striker and a trump, three tricks win, raise the stake.",
    rule_prefix="W", new_game=new_game, view=view, stats=stats_view, sheet=sheet_view,
    parse_action=parse_action, action_text=action_text, parse_stacked=parse_stacked, stacked_text=stacked_text,
    options=(TARGET,), order=40, table=table_view, review=hand_steps, tutorial=tutorial,
    fast_hands=lambda options: _fast_hands(_rules(options.get("target", DEFAULT_TARGET))),
    public_action=public_action,
    max_hand=5,  # W3
    may_end_in_one_round=True,  # W10, W11: a stake raised in turn can reach the target in one hand
))
