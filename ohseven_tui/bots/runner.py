from __future__ import annotations

from typing import Any, Sequence

from ..engine.actions import DEAL


def play_game(game: Any, bots: Sequence[Any]) -> Any:
    """Play ``game`` (any family's state) to the end, one bot per seat. When no
    seat is to act the table deals; simultaneous phases are resolved seat by seat
    in seat order, so runs are reproducible."""
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(DEAL)
            continue
        for seat in seats:
            game.apply(bots[seat].choose(game.observe(seat)))
    return game
