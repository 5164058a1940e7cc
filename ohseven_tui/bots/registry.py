"""The one registry of bots. A bot is a strength (easy, normal, strong) with a
:class:`BotSpec`: its name, label, factory and the games it plays.

Which games a strength plays is declared by the bots, never listed here: a
strength that plays anything says ``every_game``; otherwise a family's bot
package (``ohseven_tui.bots.<family>``, imported on the first lookup like the
game families) *teaches* a strength its family with :func:`teach`, handing it the
family's skill (for example its heuristics, or its search). A game is played by a
bot when the bot was taught the game's ``family``, or names the game itself.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Union

from ..engine import registry as games_registry
from ..engine.protocol import GameSpec
from ..safetext import quoted

__all__ = ["BotSpec", "UnknownBot", "Habits", "Later", "register_bot", "teach", "skill", "describe_habits", "habits",
           "bot_specs", "bot_spec", "bot_names", "bots_for", "bot_presets", "make_bot", "default_bot"]


class UnknownBot(ValueError):
    """A bot name nobody registered (one readable sentence)."""


@dataclass(frozen=True)
class BotSpec:
    name: str  # "normal": the command line's and the saves' name
    label: str  # "Normal": what a player reads
    factory: Callable[..., Any]  # (seed, **options) -> a bot
    families: tuple[str, ...] = ()  # game families it plays (taught by their bot packages)
    games: tuple[str, ...] = ()  # single games it plays, by name
    every_game: bool = False  # plays any game (it needs only the legal actions)
    description: str = ""  # a few words, for setup: what it does
    about: str = ""  # for help: how it plays and how strong it measures
    order: int = 100  # menus list bots by this, then by name
    default: bool = False  # the bot a new seat gets, where it plays the game

    def plays(self, game: GameSpec) -> bool:
        """Does this bot play ``game``?"""
        return self.every_game or game.family in self.families or game.name in self.games


class Later:
    """A skill taught by where it is, ``module``'s ``name``, imported when a bot
    first asks for it: a family's bot package says who plays its games without
    loading its heuristics and search (a table draws before its bots first move).
    A plain class: a dataclass costs about half a millisecond to make at start."""

    __slots__ = ("module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name

    def __repr__(self) -> str:
        return f"Later({self.module!r}, {self.name!r})"


def _no_figures(result: Any) -> list[tuple[int, str, float]]:
    return []


@dataclass(frozen=True)
class Habits:
    """What a family's bots do that a player notices at the table (a jump bid, a
    raise, a bluff, going when raised), for ``benchmarks/habits.py`` to count per
    strength without knowing the game. ``decision(observation, action)`` and
    ``hand(result)`` name counters and what to add to them (``hand`` per seat);
    each report line is ``(label, numerator, denominator, kind)``: the numerator's
    sum over the denominator's, shown as a share (``kind`` "%"), a mean, or a count
    per 100 of the denominator ("per 100")."""

    lines: tuple[tuple[str, str, str, str], ...]
    decision: Callable[[Any, Any], Iterable[tuple[str, float]]]
    hand: Callable[[Any], Iterable[tuple[int, str, float]]] = _no_figures


_BOTS: dict[str, BotSpec] = {}
_SKILLS: dict[tuple[str, str, str], Any] = {}
_HABITS: dict[str, Habits] = {}
_loaded = False


def register_bot(spec: BotSpec, *, keep_taught: bool = True) -> BotSpec:
    """Add a strength. Registering a name again keeps the families taught to it,
    unless ``keep_taught`` is False (the spec then says exactly what it plays)."""
    old = _BOTS.get(spec.name)
    if old is not None and keep_taught:
        spec = replace(spec, families=tuple(dict.fromkeys(old.families + spec.families)))
    _BOTS[spec.name] = spec
    return spec


def teach(name: str, family: str, skill: Any, part: str = "") -> None:
    """A family's bot package: the strength ``name`` plays ``family`` with ``skill``
    (or a :class:`Later`, which says where it is). A ``part`` names a further skill beside the main one (the normal strength's
    "look": how far it looks ahead at a decision)."""
    spec = _BOTS.get(name)
    if spec is None:
        raise UnknownBot(f"cannot teach {quoted(name)}: no such bot")
    _SKILLS[(name, family, part)] = skill
    if family not in spec.families:
        _BOTS[name] = replace(spec, families=spec.families + (family,))


def describe_habits(family: str, described: Habits) -> None:
    """A family's bot package: how to count its bots' habits."""
    _HABITS[family] = described


def habits(family: str) -> Optional[Habits]:
    """How ``family``'s bots' habits are counted, or None."""
    _load_families()
    return _HABITS.get(family)


def _load_families() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    here = Path(__file__).resolve().parent  # this package's folder: its sub-packages are the families' bots
    for name in games_registry.packages_in([str(here)]):
        importlib.import_module(f"{__package__}.{name}")


_families_loaded: set[str] = set()


def _load_family(family: str) -> None:
    """Only ``family``'s bot package, if it has one: enough to know who plays that
    family's games (a table of one game starts without every family's bots)."""
    if _loaded or family in _families_loaded:
        return
    _families_loaded.add(family)
    if (Path(__file__).resolve().parent / family / "__init__.py").is_file():
        importlib.import_module(f"{__package__}.{family}")


def _in_order() -> list[BotSpec]:
    return sorted(_BOTS.values(), key=lambda s: (s.order, s.name))


def skill(name: str, family: str, part: str = "") -> Optional[Any]:
    """What ``family``'s bot package taught the strength ``name``, or None."""
    _load_families()
    taught = _SKILLS.get((name, family, part))
    if isinstance(taught, Later):
        taught = _SKILLS[(name, family, part)] = getattr(importlib.import_module(taught.module), taught.name)
    return taught


def bot_specs() -> tuple[BotSpec, ...]:
    """Every bot, weakest first."""
    _load_families()
    return tuple(sorted(_BOTS.values(), key=lambda s: (s.order, s.name)))


def bot_names() -> tuple[str, ...]:
    """Every bot's name, weakest first (no family needs loading for that)."""
    return tuple(s.name for s in sorted(_BOTS.values(), key=lambda s: (s.order, s.name)))


def bot_spec(name: Any) -> BotSpec:
    _load_families()
    spec = _BOTS.get(name) if isinstance(name, str) else None
    if spec is None:
        raise UnknownBot(f"unknown bot {quoted(str(name))}; choose one of: {', '.join(bot_names())}")
    return spec


def _game(game: Union[GameSpec, str]) -> Optional[GameSpec]:
    if isinstance(game, GameSpec):
        return game
    try:
        return games_registry.game_spec(game)
    except games_registry.UnknownGame:
        return None


def bots_for(game: Union[GameSpec, str]) -> list[str]:
    """Names of the bots that play ``game`` (a spec or a game's name), weakest first;
    none for a game nobody registered."""
    spec = _game(game)
    if spec is None:
        return []
    _load_family(spec.family)
    return [b.name for b in _in_order() if b.plays(spec)]


def default_bot(game: Union[GameSpec, str, None] = None) -> str:
    """The bot a seat gets unless told otherwise: the one declared default where it
    plays ``game``, else the first that does (``easy`` plays every game)."""
    spec = _game(game) if game is not None else None
    if spec is not None:
        _load_family(spec.family)
    specs = _in_order() if spec is not None else list(bot_specs())
    playing = [b for b in specs if spec is None or b.plays(spec)] or list(specs)
    chosen = next((b for b in playing if b.default), playing[0])
    return chosen.name


def bot_presets(name: str) -> tuple[str, ...]:
    """The names of the games the bot ``name`` plays, in menu order."""
    bot = bot_spec(name)
    return tuple(g.name for g in games_registry.games() if bot.plays(g))


def make_bot(name: str, seed: int = 0, **options: Any) -> Any:
    """A bot by name, with its own seeded RNG. Options go to the bot:
    ``make_bot("strong", 7, budget=0.2)`` (seconds per decision)."""
    known = _BOTS.get(name) if isinstance(name, str) else None  # its factory: the same, whatever it was taught
    return (known or bot_spec(name)).factory(seed, **options)
