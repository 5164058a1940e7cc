"""The choices a new game is made from (the setup screen and ``ohseven play`` flags)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from ..games.ohhell import Game

NAMES = ("Ann", "Bea", "Cid", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy")
BOT_STRENGTHS = ("easy", "normal", "strong")
PLAYER_KINDS = ("human",) + BOT_STRENGTHS
BOT_SPEEDS = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}
DEFAULT_DELAY = BOT_SPEEDS["normal"]
RULES = ("oh-seven", "classic", "up-and-down")
RULES_LABELS = {"oh-seven": "Oh-Seven", "classic": "Oh Hell (classic)", "up-and-down": "Oh Hell (up and down)"}
PLAYER_RANGE = {"oh-seven": (2, 9), "classic": (3, 7), "up-and-down": (3, 7)}


def bots_for(preset: str) -> list[str]:
    """Bot strengths that play ``preset``, read from the bot classes each time (a
    bot that learns a preset shows up without a change here)."""
    from ..bots import bots_for as playing

    return [name for name in playing(preset) if name in BOT_STRENGTHS]


@dataclass
class SeatChoice:
    name: str
    player: str = "human"  # "human" or a bot strength


@dataclass
class GameSetup:
    seats: list[SeatChoice] = field(default_factory=list)
    passing: bool = False
    seed: Optional[int] = None
    bot_delay: float = DEFAULT_DELAY
    rules: str = "oh-seven"

    @classmethod
    def default(cls, players: int = 4, humans: int = 1, bots=("normal",)) -> "GameSetup":
        """Humans in the first seats, then bots; ``bots`` is one strength for every
        bot seat or one per bot seat."""
        seats = []
        bot_list = list(bots)
        for i in range(players):
            if i < humans:
                seats.append(SeatChoice(NAMES[i], "human"))
            else:
                j = i - humans
                strength = bot_list[j] if len(bot_list) > 1 else bot_list[0]
                seats.append(SeatChoice(NAMES[i], strength))
        return cls(seats=seats)

    @property
    def players(self) -> int:
        return len(self.seats)

    def make_game(self) -> "Game":
        from ..games.ohhell import Game, Seat, make_rules

        import secrets

        seed = self.seed if self.seed is not None else secrets.randbelow(2**31)
        rules = make_rules(self.rules, self.players, passing=self.passing and self.rules == "oh-seven")
        from ..safetext import clean_name

        names = unique_names([clean_name(s.name) or NAMES[i] for i, s in enumerate(self.seats)])
        return Game(rules, seed=seed, seats=[Seat(n, s.player) for n, s in zip(names, self.seats)])


def unique_names(names: list[str]) -> list[str]:
    """Two seats with one name would make every message ambiguous: number repeats."""
    out: list[str] = []
    for name in names:
        candidate, k = name, 2
        while candidate in out:
            candidate = f"{name} {k}"
            k += 1
        out.append(candidate)
    return out
