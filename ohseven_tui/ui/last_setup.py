"""The last setup choices, remembered in the state directory (storage.save_setup).

The seed is not remembered: a new game should not replay the last one's deals.
A missing or unreadable setup file just means the defaults (with a notice if it
was unreadable); it is never overwritten until the next game is started.

The file names the game and its options: ``{"seats", "game", "options",
"bot_delay"}``. Setups kept before the registry have ``rules`` (a game name, or
none: the default game) and each option at the top level (``passing``); they
still load.
"""

from __future__ import annotations

from typing import Any, Optional

from ..safetext import clean_name
from .setup import BOT_SPEEDS, MAX_SEATS, GameSetup, SeatChoice, all_options, default_game_name, player_kinds

_KEYS = ("seats", "game", "rules", "options", "bot_delay")  # everything else at the top level: an old option


def setup_to_dict(setup: GameSetup) -> dict:
    return {
        "seats": [{"name": s.name, "player": s.player} for s in setup.seats],
        "game": setup.game,
        "options": dict(setup.options),
        "bot_delay": float(setup.bot_delay),
    }


def _checked_options(spec, options: Any, old: bool) -> Optional[dict]:
    """The options a remembered setup may keep, or None if one is off. An old file
    kept every option at the top level, also for games without it (passing off
    with Oh Hell): there, a value that some game's option of that name accepts is
    dropped, anything else refuses the file."""
    if not isinstance(options, dict):
        return None
    declared = {opt.name: opt for opt in spec.options}
    others = {opt.name: opt for opt in all_options()}
    kept = {}
    for name, value in options.items():
        opt = declared.get(name) or (others.get(name) if old else None)
        if opt is None:
            return None
        try:
            value = opt.check(value)
        except ValueError:
            return None
        if name in declared:
            kept[name] = value
    return kept


def setup_from_dict(data: dict) -> Optional[GameSetup]:
    """A GameSetup from a remembered dict, or None if anything in it is off."""
    from ..engine import registry

    seats = data.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= MAX_SEATS:
        return None
    choices = []
    for s in seats:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or s.get("player") not in player_kinds():
            return None
        choices.append(SeatChoice(clean_name(s["name"])[:14], s["player"]))  # a file's name: no control chars
    delay = data.get("bot_delay")
    if not isinstance(delay, (int, float)) or isinstance(delay, bool) or not 0 <= delay <= 10:
        return None
    old = "options" not in data
    name = data.get("game", data.get("rules", default_game_name()))  # setups kept before the registry
    try:
        spec = registry.game_spec(name)
    except ValueError:
        return None
    low, high = spec.players
    if not low <= len(choices) <= high:
        return None
    options = {k: v for k, v in data.items() if k not in _KEYS} if old else data["options"]
    kept = _checked_options(spec, options, old)
    if kept is None:
        return None
    return GameSetup(seats=choices, options=kept, seed=None, bot_delay=float(delay), game=spec.name)


def load_last_setup(app) -> Optional[GameSetup]:
    storage = app.storage() if hasattr(app, "storage") else None
    if storage is None or not hasattr(storage, "load_setup"):
        return None
    try:
        data = storage.load_setup(storage.save_dirs(getattr(app, "save_dir", None)))
    except Exception as exc:  # a bad file: the defaults, and say so
        app.notify(f"Could not read the last setup: {exc}", severity="warning", timeout=6)
        return None
    return setup_from_dict(data) if isinstance(data, dict) else None


def remember_setup(app, setup: GameSetup) -> None:
    storage = app.storage() if hasattr(app, "storage") else None
    if storage is None or not hasattr(storage, "save_setup"):
        return
    try:
        storage.save_setup(storage.save_dirs(getattr(app, "save_dir", None)), setup_to_dict(setup))
    except Exception as exc:  # never stops a game from starting
        app.notify(f"Could not remember this setup: {exc}", severity="warning", timeout=6)


__all__ = ["setup_to_dict", "setup_from_dict", "load_last_setup", "remember_setup", "BOT_SPEEDS"]
