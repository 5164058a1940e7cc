"""Watten's rules as data (``docs/watten.md``): the table, the pack,
the criticals and the game's target (W11). Frozen: one per choice of options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...engine.cards import Card, Suit
from ...engine.tricks import TrumpContext, criticals

__all__ = ["context", "GAME", "Rules", "PLAYERS", "HAND_SIZE", "RANKS", "CRITICALS", "TARGETS", "DEFAULT_TARGET",
           "BASE_STAKE", "TRICKS_TO_WIN", "SIDES", "side_of", "partner_of"]

GAME = "watten"
PLAYERS = 4  # W1
RANKS = (7, 8, 9, 10, 11, 12, 13, 14)  # W2: 7 .. A
HAND_SIZE = 5  # W3
FIRST_PACKET, SECOND_PACKET = 3, 2  # W3: 3 each, then 2 each
# W5: K♥ (Maxi), 7♦ (Belli), 7♣ (Spitz), highest first
CRITICALS: tuple[Card, ...] = (Card(13, Suit.HEARTS), Card(7, Suit.DIAMONDS), Card(7, Suit.CLUBS))
CRITICAL_NAMES = {CRITICALS[0]: "Maxi", CRITICALS[1]: "Belli", CRITICALS[2]: "Spitz"}
TARGETS = (11, 13, 15, 18)  # W11
DEFAULT_TARGET = 15
BASE_STAKE = 2  # W10
TRICKS_TO_WIN = 3  # W9
SIDES = ((0, 2), (1, 3))  # W1: partners opposite


def side_of(seat: int) -> int:
    return seat & 1


def partner_of(seat: int) -> int:
    return (seat + 2) % PLAYERS


@dataclass(frozen=True)
class Rules:
    target: int = DEFAULT_TARGET
    players: int = PLAYERS
    preset: str = GAME  # the game's name, as every family's rules carry it

    @property
    def game(self) -> str:
        """The game's registered name (what the shared kit looks the spec up by)."""
        return self.preset

    @property
    def options(self) -> dict[str, Any]:
        return {"players": self.players, "target": self.target}

    def to_full_dict(self) -> dict[str, Any]:
        return {"preset": self.preset, "players": self.players, "target": self.target,
                "ranks": list(RANKS), "hand_size": HAND_SIZE,
                "criticals": [c.text() for c in CRITICALS], "base_stake": BASE_STAKE,
                "tricks_to_win": TRICKS_TO_WIN}

    def describe(self) -> str:
        return f"Watten to {self.target}"


def context(striker: int, trump: int) -> TrumpContext:
    """The hand's trump context (W5, W7, W8) from the shared core."""
    return criticals(int(striker), int(trump), tuple(int(c) for c in CRITICALS))
