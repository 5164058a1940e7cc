from __future__ import annotations

from typing import Any, Sequence


def play_game(game: Any, bots: Sequence[Any]) -> Any:
    """Play ``game`` (any family's state) to the end, one bot per seat. When no
    seat is to act the table acts (its one legal action: the deal); simultaneous
    phases are resolved seat by seat in seat order, so runs are reproducible."""
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])
            continue
        for seat in seats:
            game.apply(bots[seat].choose(game.observe(seat)))
    return game
