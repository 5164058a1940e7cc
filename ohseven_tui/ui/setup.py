"""The choices a new game is made from (the setup screen and ``ohseven play`` flags).

The games, their player ranges and their options come from the registry
(:mod:`ohseven_tui.engine.registry`): a new family shows up here without an edit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Optional, Sequence

from ..seatnames import SEAT_NAMES, unique_names
from ..settings import BOT_SPEEDS

if TYPE_CHECKING:
    from ..engine.protocol import GameSpec, GameState, Option

NAMES = SEAT_NAMES  # the default names, seat by seat
DEFAULT_DELAY = BOT_SPEEDS["normal"]
MAX_SEATS = len(NAMES)


def games() -> tuple["GameSpec", ...]:
    """Every game on offer, in menu order (the registry's)."""
    from ..engine import registry

    return registry.games()


def game_spec(name: str) -> "GameSpec":
    from ..engine import registry

    return registry.game_spec(name)


def default_game_name() -> str:
    from ..engine import registry

    return registry.default_game().name


def all_options() -> tuple["Option", ...]:
    """Every option any game declares (besides players), once per name, in menu
    order: the setup screen has one choice for each, enabled where the game has it."""
    seen: dict[str, "Option"] = {}
    for spec in games():
        for opt in spec.options:
            seen.setdefault(opt.name, opt)
    return tuple(seen.values())


def player_kinds() -> tuple[str, ...]:
    """What can sit in a seat: a human, or any registered bot."""
    from ..bots import bot_names

    return ("human", *bot_names())


def bots_for(game: str) -> list[str]:
    """Bots that play ``game``, asked of the bot registry each time (a bot that
    learns a game shows up without a change here)."""
    from ..bots import bots_for as playing

    return playing(game)


def bot_labels(game: str) -> list[tuple[str, str]]:
    """(label, name) of each bot that plays ``game``, weakest first."""
    from ..bots import bot_spec

    return [(bot_spec(name).label, name) for name in bots_for(game)]


def bot_notes(game: str) -> list[tuple[str, str]]:
    """(name, a few words on what it does) of each bot that plays ``game``, weakest first."""
    from ..bots import bot_spec

    return [(name, bot_spec(name).description) for name in bots_for(game)]


def default_bot(game: Optional[str] = None) -> str:
    from ..bots import default_bot as chosen

    return chosen(game)


@dataclass
class SeatChoice:
    name: str
    player: str = "human"  # "human" or a bot strength


class GameSetup:
    """A game's name, its options (besides ``players``: that is the seat count),
    the seats, the seed and the bot pace.

    ``passing=`` and ``rules=`` are the older names (``ohseven play`` and setups
    kept before the registry): ``rules`` is ``game``, ``passing`` one option.
    """

    def __init__(self, seats: Optional[Sequence[SeatChoice]] = None, options: Optional[Mapping[str, Any]] = None,
                 seed: Optional[int] = None, bot_delay: float = DEFAULT_DELAY, game: Optional[str] = None, *,
                 passing: Optional[bool] = None, rules: Optional[str] = None) -> None:
        self.seats: list[SeatChoice] = list(seats or [])
        self.options: dict[str, Any] = dict(options or {})
        self.seed = seed
        self.bot_delay = bot_delay
        self.game: str = game or rules or default_game_name()
        if passing is not None:
            self.passing = passing

    def __repr__(self) -> str:
        return (f"GameSetup(game={self.game!r}, options={self.options!r}, seats={self.seats!r}, "
                f"seed={self.seed!r}, bot_delay={self.bot_delay!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameSetup):
            return NotImplemented
        return (self.game, self.options, self.seats, self.seed, self.bot_delay) == (
            other.game, other.options, other.seats, other.seed, other.bot_delay)

    @property
    def rules(self) -> str:
        return self.game

    @rules.setter
    def rules(self, name: str) -> None:
        self.game = name

    @property
    def passing(self) -> bool:
        return bool(self.options.get("passing", False))

    @passing.setter
    def passing(self, on: bool) -> None:
        self.options["passing"] = bool(on)

    @classmethod
    def default(cls, players: int = 4, humans: int = 1, bots: Iterable[str] = ()) -> "GameSetup":
        """Humans in the first seats, then bots; ``bots`` is one strength for every
        bot seat or one per bot seat."""
        seats = []
        bot_list = list(bots) or [default_bot()]
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

    def spec(self) -> "GameSpec":
        return game_spec(self.game)

    def game_options(self) -> dict[str, Any]:
        """The options to start this game with: only those its spec declares (an
        option kept for another game, e.g. passing left off, is not this game's)."""
        declared = {opt.name for opt in self.spec().options}
        chosen = {k: v for k, v in self.options.items() if k in declared}
        return {"players": self.players, **chosen}

    def make_game(self) -> "GameState":
        """A new game through the registry; a bad choice raises the spec's
        OptionError (or the family's own ValueError), one readable sentence."""
        import random  # the system's generator, as secrets.randbelow (which loads hashlib at start)

        from ..engine import registry
        from ..engine.protocol import Seat
        from ..safetext import clean_name

        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        names = unique_names([clean_name(s.name) or NAMES[i] for i, s in enumerate(self.seats)])
        seats = [Seat(n, s.player) for n, s in zip(names, self.seats)]
        return registry.new_game(self.game, self.game_options(), seed=seed, seats=seats)
