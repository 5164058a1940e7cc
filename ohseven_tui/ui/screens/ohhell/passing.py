"""Card passing (R6, R7): choose exactly the right number of cards, face down."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from ....engine import Pass
from ..pick import PickCardsScreen


class PassScreen(PickCardsScreen):
    BINDINGS = [Binding("enter", "confirm", "Pass")]

    def __init__(self, obs: Any, **kwargs: Any) -> None:
        count = obs.pass_count
        word = "card" if count == 1 else "cards"
        side = "left" if obs.pass_direction > 0 else "right"
        to = obs.seats[obs.pass_to].name
        super().__init__(
            obs, title=f"round {obs.round_number} · card passing", count=count, verb="pass",
            make=lambda cards: Pass(obs.seat, cards),
            context=(f"Every player passes {count} {word} face down at the same time; you see what you get "
                     "once everyone has chosen."),
            prompt=f"Pass {count} {word} to the {side}, to {to}.", **kwargs)
