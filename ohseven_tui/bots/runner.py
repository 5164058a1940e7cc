from __future__ import annotations

from typing import Sequence

from ..games.ohhell import DEAL, Game


def play_game(game: Game, bots: Sequence) -> Game:
    """Play ``game`` to the end, one bot per seat. Simultaneous phases are
    resolved seat by seat in seat order, so runs are reproducible."""
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(DEAL)
            continue
        for seat in seats:
            game.apply(bots[seat].choose(game.observation(seat)))
    return game
