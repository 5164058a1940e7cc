"""Watten's own screens and words (found by ``ui.families`` from the spec's
``family``): naming the striker rank and the trump suit (W4), the raise key at a
turn to play and the answer, hold or go (W10). Card play is on the table."""

from __future__ import annotations

from typing import Any, Callable, Optional

from ....engine.cards import Suit, rank_label
from ....games.watten import RANKS, Go, Hold, NameStriker, NameTrump, Observation, Phase, Raise
from .help import HELP, HELP_KEYS
from .narration import action_words, narrate, own_move_words, round_over_line, round_summary, status_lines

__all__ = ["SCREENS", "TABLE_KEYS", "table_action", "narrate", "round_over_line", "round_summary", "status_lines",
           "action_words", "own_move_words", "HELP", "HELP_KEYS"]

# W10: the raise is the one action besides a card at a turn to play.
TABLE_KEYS = (("r", "raise", "Raise"),)


def table_action(obs: Observation, name: str) -> Any:
    """At a turn to play, the raise, allowed or not: the table offers it when it is
    legal, and says the engine's reason when it is not (W10)."""
    if name == "raise" and obs.phase is Phase.PLAY and obs.to_act == (obs.seat,):
        return Raise(obs.seat)
    return None


def _names(obs: Observation) -> Callable[[int], str]:
    return lambda seat: obs.seats[seat].name


def _striker(obs: Observation, args: Any) -> tuple[Any, Callable[[Any], Any]]:
    from ..pick import PickScreen

    name = _names(obs)
    screen = PickScreen(
        obs, title=f"hand {obs.round_number} · name the striker rank", picker_title="Striker rank (W4)",
        choices=[(rank_label(r), NameStriker(obs.seat, r)) for r in reversed(RANKS)],
        context=(f"{name(obs.dealer)} deals; you are eldest hand, so you name the striker rank. Every card of "
                 "that rank is a trump (a striker), and then the dealer names the trump suit: the striker of "
                 "that suit is the chief striker, second only to the three criticals K♥, 7♦, 7♣."),
        prompt="Which rank? ←→ or a number key, then Enter.",
        check=args.check, hint=args.hint, humans=args.humans, table=args.table)
    return screen, lambda action: action


def _trump(obs: Observation, args: Any) -> tuple[Any, Callable[[Any], Any]]:
    from ..pick import PickScreen

    name = _names(obs)
    rank = rank_label(obs.striker) if obs.striker is not None else "?"
    screen = PickScreen(
        obs, title=f"hand {obs.round_number} · name the trump suit", picker_title="Trump suit (W4)",
        choices=[(f"{s.symbol} {s.label}", NameTrump(obs.seat, s)) for s in (Suit.HEARTS, Suit.SPADES,
                                                                            Suit.DIAMONDS, Suit.CLUBS)],
        context=(f"{name(obs.eldest)} named the striker rank: {rank}. You deal, so you name the trump suit: the "
                 f"{rank} of that suit is the chief striker, and the suit's other cards are trumps below the "
                 "strikers."),
        prompt="Which suit? ←→ or a number key, then Enter.",
        check=args.check, hint=args.hint, humans=args.humans, table=args.table)
    return screen, lambda action: action


def _answer(obs: Observation, args: Any) -> tuple[Any, Callable[[Any], Any]]:
    from ..pick import PickScreen

    name = _names(obs)
    raised = obs.open_raise
    raiser = name(raised.seat) if raised is not None else "The other side"
    stake = obs.stake
    offered = raised.stake if raised is not None else stake + 1
    mine, theirs = obs.side_tricks[obs.side], obs.side_tricks[1 - obs.side]
    screen = PickScreen(
        obs, title=f"hand {obs.round_number} · {raiser} raises", picker_title="Your side's answer (W10)",
        choices=[(f"Hold: play on for {offered}", Hold(obs.seat)), (f"Go: they win {stake}", Go(obs.seat))],
        context=(f"{raiser} raised the stake to {offered}. You answer for your side: hold, and the hand goes on "
                 f"worth {offered}; or go, and the hand ends now, {raiser}'s side winning {stake}. "
                 f"Tricks this hand: your side {mine}, theirs {theirs} (three win)."),
        prompt="Hold or go? ←→ or 1/2, then Enter.",
        check=args.check, hint=args.hint, humans=args.humans, table=args.table)
    return screen, lambda action: action


SCREENS = {Phase.STRIKER: _striker, Phase.TRUMP: _trump, Phase.ANSWER: _answer}
