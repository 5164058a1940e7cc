"""Seven for Seven's own screens and words (found by ``ui.families`` from the
spec's ``family``): the auction (V8-V14), the discard after the draw (V15, V16)
and the captain's choice of leader (V17). Card play is on the table."""

from __future__ import annotations

from typing import Any, Callable

from ....games.sevenforseven import ChooseLeader, Discard, Observation, Phase
from .help import HELP, HELP_KEYS
from .narration import (
    action_words,
    contract_words,
    hand_words,
    narrate,
    own_move_words,
    round_over_line,
    round_summary,
    status_lines,
)

__all__ = ["SCREENS", "narrate", "round_over_line", "round_summary", "status_lines", "action_words", "own_move_words",
           "HELP", "HELP_KEYS"]


def _auction(obs: Observation, args: Any) -> tuple[Any, Callable[[Any], Any]]:
    from .auction import AuctionScreen

    return AuctionScreen(obs, check=args.check, hint=args.hint, humans=args.humans, table=args.table), lambda action: action


def _discard(obs: Observation, args: Any) -> tuple[Any, Callable[[Any], Any]]:
    from ..pick import PickCardsScreen

    count = max(0, len(obs.hand) - 7)
    drawn = " ".join(c.pretty() for c in obs.drawn)
    role = "captain" if obs.seat == obs.captain else "lieutenant"
    screen = PickCardsScreen(
        obs, title=f"{hand_words(obs)} · discard", count=count, new=obs.drawn,
        make=lambda cards: Discard(obs.seat, cards),
        context=(f"Contract {contract_words(obs)}. You are {role}: you drew {drawn or 'nothing'} from the kitty "
                 "(marked +). Discard face down; any cards may go, drawn or not, and nobody sees them (V15, V16)."),
        prompt=f"Choose {count} card{'s' if count != 1 else ''} to discard, keeping 7.",
        check=args.check, hint=args.hint, humans=args.humans, table=args.table)
    return screen, lambda action: action


def _lead(obs: Observation, args: Any) -> tuple[Any, Callable[[Any], Any]]:
    from ..pick import PickScreen

    def label(seat: int) -> str:
        name = obs.seats[seat].name
        if seat == obs.seat:
            return f"{name} (you)"
        return f"{name} ({'trio' if seat in obs.trio else 'quartet'})"

    seats = list(range(obs.players))
    screen = PickScreen(
        obs, title=f"{hand_words(obs)} · who leads", picker_title="Leads to the first trick (V17)",
        choices=[(label(s), ChooseLeader(obs.seat, s)) for s in seats], cursor=obs.seat,
        context=(f"Contract {contract_words(obs)}. As captain you lead the first trick, or name any other player "
                 "to lead it; the winner of each trick leads the next."),
        prompt="Who leads? ←→ or a number key, then Enter.",
        check=args.check, hint=args.hint, humans=args.humans, table=args.table)
    return screen, lambda action: action


SCREENS = {Phase.AUCTION: _auction, Phase.DISCARD: _discard, Phase.LEAD: _lead}
