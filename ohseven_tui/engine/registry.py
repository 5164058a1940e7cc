"""The one registry of games. Families register their specs when imported; the
packages under ``ohseven_tui.games`` are imported on the first lookup, so adding a
game is adding a package (or, for a test's toy family, calling :func:`register`).
"""

from __future__ import annotations

import importlib
import os
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence

from ..safetext import quoted
from .protocol import GameSpec, GameState, Observation, OptionError, Seat

__all__ = ["register", "unregister", "games", "game_spec", "new_game", "UnknownGame", "default_game", "family_label",
           "family_words", "later", "later_names", "packages_in"]


class UnknownGame(OptionError):
    """A game name no family registered."""


_SPECS: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    """Add a game. Registering the same name twice keeps the newest spec."""
    _SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    _SPECS.pop(name, None)


def later(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of ``module``, imported at its first call. The registry
    imports every family to learn its games; a spec names its state, replay, sheet
    and tutorial this way so that a family nobody plays loads only its spec."""
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported at its first call."
    return call


def later_names(package: str, names: Iterable[str], modules: Sequence[str]) -> Callable[[str], Any]:
    """A family package's ``__getattr__``: each of ``names`` (its ``__all__``) not
    bound yet is looked up in ``modules`` (of the package), imported in order until
    one has it. ``from ohseven_tui.games.<family> import Game`` keeps working while
    importing the package loads only its spec."""
    wanted = frozenset(names)

    def lookup(name: str) -> Any:
        home = importlib.import_module(package)
        if name in wanted:
            for module in modules:
                found = importlib.import_module(f"{package}.{module}")
                if hasattr(found, name):
                    value = getattr(found, name)
                    setattr(home, name, value)
                    return value
        elif not name.startswith("_"):  # a submodule, as ``package.state`` read once it was imported eagerly
            try:
                return importlib.import_module(f"{package}.{name}")
            except ModuleNotFoundError as error:
                if error.name != f"{package}.{name}":
                    raise
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return lookup


def _load_families() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    from .. import games as package

    for name in packages_in(package.__path__):
        importlib.import_module(f"{package.__name__}.{name}")


def packages_in(folders: Iterable[str]) -> list[str]:
    """The names of the packages in ``folders`` (each a folder with an ``__init__.py``),
    sorted: the families under a package. A scan of the folders, as pkgutil's
    iter_modules for packages, without loading pkgutil at start."""
    found = set()
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if entry.name.isidentifier() and entry.is_dir() and os.path.isfile(os.path.join(entry.path, "__init__.py")):
                found.add(entry.name)
    return sorted(found)


def games() -> tuple[GameSpec, ...]:
    """Every registered game, in menu order."""
    _load_families()
    return tuple(sorted(_SPECS.values(), key=lambda s: (s.order, s.name)))


def default_game() -> GameSpec:
    """The headline game: the first in menu order."""
    return games()[0]


def family_label(family: str) -> str:
    """The family's name as a player reads it: its games' ``family_label``, else
    their labels ("Watten"); the bare family name if no game of it is registered."""
    specs = [s for s in games() if s.family == family]
    for spec in specs:
        if spec.family_label:
            return spec.family_label
    return " / ".join(s.label for s in specs) or family


def family_words(family: str) -> tuple[str, str]:
    """The family's name and its word for a round ("hand"), as its games declare."""
    for spec in games():
        if spec.family == family:
            return family_label(family), spec.view(spec.check_options({})).round_word
    return family, "round"


def game_spec(name: Any) -> GameSpec:
    _load_families()
    spec = _SPECS.get(name) if isinstance(name, str) else None
    if spec is None:
        names = ", ".join(s.name for s in games())
        raise UnknownGame(f"unknown game {quoted(str(name))}; choose one of: {names}")
    return spec


def new_game(name: str, options: Optional[Mapping[str, Any]] = None, *, seed: int = 0,
             seats: Optional[Sequence[Seat]] = None, stacked_deals: Sequence[Any] = ()) -> GameState[Observation]:
    """A new game of a registered name, its options checked and completed."""
    spec = game_spec(name)
    checked = spec.check_options(options or {})
    return spec.new_game(checked, seed=seed, seats=seats, stacked_deals=stacked_deals)
