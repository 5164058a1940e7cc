"""The last setup choices, remembered in the state directory (storage.save_setup).

The seed is not remembered: a new game should not replay the last one's deals.
A missing or unreadable setup file just means the defaults (with a notice if it
was unreadable); it is never overwritten until the next game is started.
"""

from __future__ import annotations

from typing import Optional

from ..safetext import clean_name
from .setup import BOT_SPEEDS, PLAYER_KINDS, PLAYER_RANGE, RULES, GameSetup, SeatChoice


def setup_to_dict(setup: GameSetup) -> dict:
    return {
        "seats": [{"name": s.name, "player": s.player} for s in setup.seats],
        "passing": bool(setup.passing),
        "bot_delay": float(setup.bot_delay),
        "rules": setup.rules,
    }


def setup_from_dict(data: dict) -> Optional[GameSetup]:
    """A GameSetup from a remembered dict, or None if anything in it is off."""
    seats = data.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 9:
        return None
    choices = []
    for s in seats:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or s.get("player") not in PLAYER_KINDS:
            return None
        choices.append(SeatChoice(clean_name(s["name"])[:14], s["player"]))  # a file's name: no control chars
    passing = data.get("passing")
    delay = data.get("bot_delay")
    if not isinstance(passing, bool) or type(delay) not in (int, float) or not 0 <= delay <= 10:
        return None
    rules = data.get("rules", "oh-seven")  # setups kept before the presets are Oh-Seven
    if rules not in RULES:
        return None
    low, high = PLAYER_RANGE[rules]
    if not low <= len(choices) <= high:
        return None
    return GameSetup(seats=choices, passing=passing and rules == "oh-seven", seed=None, bot_delay=float(delay),
                     rules=rules)


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
