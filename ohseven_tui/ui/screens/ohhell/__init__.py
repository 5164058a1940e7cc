"""The Oh Hell family's own screens and words (found by ``ui.families`` from the
spec's ``family``): passing (R6, R7), card bids (R8-R12) or number bids (H4, U4),
and the bid reveal. Card play is on the table, as for every family."""

from __future__ import annotations

from typing import Any, Callable, Optional

from ....engine.actions import Bid, BidNumber, Pass
from ....games.ohhell import Observation, Phase
from .help import HELP, HELP_KEYS, help_for
from .narration import action_words, narrate, own_move_words, round_over_line, round_summary, status_lines
from .seats import render_seats

__all__ = ["SCREENS", "narrate", "round_over_line", "round_summary", "status_lines", "announcement", "action_words",
           "own_move_words",
           "render_seats", "HELP", "HELP_KEYS", "help_for"]


def _passing(obs: Observation, args) -> tuple[Any, Callable[[Any], Any]]:
    from .passing import PassScreen

    screen = PassScreen(obs, check=args.check, hint=args.hint, humans=args.humans, table=args.table)
    return screen, lambda action: action  # the screen's Pass, judged by the engine already


def _bidding(obs: Observation, args) -> tuple[Any, Callable[[Any], Any]]:
    if obs.view.bid_input == "number":
        from .number_bid import NumberBidScreen

        screen = NumberBidScreen(obs, bids_so_far=dict(obs.bids_made), check=args.check, hint=args.hint,
                                 humans=args.humans, table=args.table)
        return screen, lambda number: BidNumber(obs.seat, number)
    from .bidding import BidScreen

    cards = BidScreen(obs, check=args.check, hint=args.hint, humans=args.humans, table=args.table)
    return cards, lambda card: Bid(obs.seat, card)


SCREENS = {Phase.PASS: _passing, Phase.BID: _bidding}


def announcement(before: Observation, after: Observation, *, humans: int, auto: Optional[float]) -> Any:
    """The bid reveal, when an action revealed a set of bids (every seat sees it)."""
    if len(after.bid_attempts) <= len(before.bid_attempts):
        return None
    from .reveal import RevealScreen

    show_unbid = humans == 1 and after.phase is Phase.BID
    return RevealScreen(after, show_unbid=show_unbid, auto=auto)
