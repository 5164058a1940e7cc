"""Rules as data: one state machine reads everything it varies on from here.

A preset is a function that builds a :class:`Rules`. Oh-Seven's rule ids (R1..) are
in ``docs/oh-seven.md``; Oh Hell's (H1.., U1..) in ``docs/oh-hell.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...safetext import quoted

__all__ = [
    "Rules",
    "RulesError",
    "BidStyle",
    "TrumpStyle",
    "Scoring",
    "PRESETS",
    "PASS_SCHEDULE",
    "make_rules",
]


class RulesError(ValueError):
    """A rules choice that cannot be played (player count out of range, ...)."""


class BidStyle(str, Enum):
    CARD = "card"  # R8: lay one card face down, its rank is the bid
    NUMBER_IN_TURN = "number-in-turn"  # H4
    NUMBER_SIMULTANEOUS = "number-simultaneous"  # U4


class TrumpStyle(str, Enum):
    TOP_BID = "top-bid"  # R9: the top bid card's suit
    TURNED_CARD = "turned-card"  # H3: the next card of the pack


class Scoring(str, Enum):
    OH_SEVEN = "oh-seven"  # R16: exact -> bid + 2, miss -> -|diff|
    CLASSIC = "classic"  # H6: exact -> 10 + tricks, miss -> 0
    UP_AND_DOWN = "up-and-down"  # U6: exact -> bid, miss -> -|diff|


# R6: (cards, direction) per round; +1 passes left (to seat+1), -1 right.
PASS_SCHEDULE: tuple[tuple[int, int], ...] = ((0, 0), (1, 1), (2, -1), (3, 1), (2, -1), (1, 1), (0, 0))


@dataclass(frozen=True)
class Rules:
    preset: str
    players: int
    decks: int
    passing: bool
    ranks: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    bid_style: BidStyle
    trump_style: TrumpStyle
    scoring: Scoring
    min_players: int
    max_players: int
    random_first_dealer: bool = False
    hook: bool = False  # H4: dealer may not make the bids sum to the hand size
    pass_schedule: tuple[tuple[int, int], ...] = field(default=())

    @property
    def game(self) -> str:
        """The game's registered name (what the shared kit looks the spec up by)."""
        return self.preset

    @property
    def rounds(self) -> int:
        return len(self.hand_sizes)

    @property
    def pack_size(self) -> int:
        return len(self.ranks) * 4 * self.decks

    def passes_in_round(self, round_index: int) -> tuple[int, int]:
        """(cards, direction) for a 0-based round; (0, 0) when nothing is passed."""
        if not self.passing or round_index >= len(self.pass_schedule):
            return (0, 0)
        return self.pass_schedule[round_index]

    @property
    def options(self) -> dict:
        """The options a record keeps: every option the preset's spec declares."""
        if self.pass_schedule:
            return {"players": self.players, "passing": self.passing}
        return {"players": self.players}

    def describe(self) -> str:
        extra = ", passing" if self.passing else ""
        decks = f", {self.decks} decks" if self.decks > 1 else ""
        return f"{self.preset}, {self.players} players{decks}{extra}"

    def to_dict(self) -> dict:
        return {"preset": self.preset, "players": self.players, "passing": self.passing}

    def to_full_dict(self) -> dict:
        """Every rule this game plays by, for a record's readers: the preset and its
        options, and what they imply (pack, hand sizes, bidding, trump, scoring)."""
        return {
            **self.to_dict(),
            "decks": self.decks,
            "ranks": list(self.ranks),
            "hand_sizes": list(self.hand_sizes),
            "bid_style": self.bid_style.value,
            "trump_style": self.trump_style.value,
            "scoring": self.scoring.value,
            "hook": self.hook,
            "random_first_dealer": self.random_first_dealer,
            "pass_schedule": [list(p) for p in self.pass_schedule] if self.passing else [],
        }

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        preset = data.get("preset")
        players = data.get("players")
        passing = data.get("passing", False)
        if not isinstance(preset, str) or type(players) is not int or type(passing) is not bool:
            raise RulesError("rules need a preset name, an integer player count and a boolean passing flag")
        return make_rules(preset, players, passing=passing)


def _oh_seven(players: int, passing: bool) -> Rules:
    return Rules(
        preset="oh-seven",
        players=players,
        decks=1 if players <= 4 else 2,  # R3
        passing=passing,
        ranks=tuple(range(8)),  # R2
        hand_sizes=(7,) * 7,  # R4
        bid_style=BidStyle.CARD,
        trump_style=TrumpStyle.TOP_BID,
        scoring=Scoring.OH_SEVEN,
        min_players=2,
        max_players=9,
        pass_schedule=PASS_SCHEDULE,
    )


def _classic(players: int, passing: bool) -> Rules:
    return Rules(
        preset="classic",
        players=players,
        decks=1,
        passing=passing,
        ranks=tuple(range(2, 15)),
        hand_sizes=(7, 6, 5, 4, 3, 2, 1),  # H2
        bid_style=BidStyle.NUMBER_IN_TURN,  # H4
        trump_style=TrumpStyle.TURNED_CARD,  # H3
        scoring=Scoring.CLASSIC,  # H6
        min_players=3,
        max_players=7,
        random_first_dealer=True,
        hook=True,
    )


def _up_and_down(players: int, passing: bool) -> Rules:
    return Rules(
        preset="up-and-down",
        players=players,
        decks=1,
        passing=passing,
        ranks=tuple(range(2, 15)),
        hand_sizes=(7, 6, 5, 4, 3, 2, 2, 3, 4, 5, 6, 7),  # U2
        bid_style=BidStyle.NUMBER_SIMULTANEOUS,  # U4
        trump_style=TrumpStyle.TURNED_CARD,  # U3
        scoring=Scoring.UP_AND_DOWN,  # U6
        min_players=3,
        max_players=7,
        random_first_dealer=True,
    )


PRESETS = {"oh-seven": _oh_seven, "classic": _classic, "up-and-down": _up_and_down}


def make_rules(preset: str = "oh-seven", players: int = 4, *, passing: bool = False) -> Rules:
    """Build a preset's rules, refusing player counts outside its range."""
    build = PRESETS.get(preset)
    if build is None:
        raise RulesError(f"unknown rules {quoted(preset)}; choose one of: {', '.join(PRESETS)}")
    if passing and preset != "oh-seven":
        raise RulesError(f"card passing is an Oh-Seven option; {preset!r} has none")
    rules = build(players, passing)
    if not rules.min_players <= players <= rules.max_players:
        raise RulesError(
            f"{preset} is for {rules.min_players} to {rules.max_players} players, not {players}"
        )
    return rules
