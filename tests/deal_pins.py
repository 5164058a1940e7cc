"""Saved games replay only if a seed deals what it dealt when they were saved: each
family's tests pin its first deal for one seed, as text written down once (not
computed here), in the state and in the bots' fast playouts."""

from __future__ import annotations

from ohseven_tui.engine import registry


def first_deal(name: str, players: int, seed: int) -> list[str]:
    """Each seat's first hand, as card texts, highest first."""
    spec = registry.game_spec(name)
    game = spec.new_game({"players": players}, seed=seed, seats=[f"S{i}" for i in range(players)])
    while not any(game.observe(s).hand for s in range(players)):
        game.apply(game.legal_actions()[0])  # the deal (a chance action)
    return [" ".join(card.text() for card in game.observe(s).hand) for s in range(players)]
