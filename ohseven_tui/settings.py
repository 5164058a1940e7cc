"""The player's settings: one frozen :class:`Settings`, kept as JSON in the user
config folder (``platformdirs.user_config_dir("ohseven")``, or ``$OHSEVEN_CONFIG_DIR``)
and read once when the app starts. Headless: no textual, no rich.

A file is read with storage's guarded reader and written atomically. Each value is
checked on its own: a bad or unknown one is ignored (its default stands) and the
rest are kept. A file that cannot be read at all (not JSON, not ours, too big, not
a regular file) is set aside as ``settings-unreadable-DATE.json``, as the autosave
is, so the next save never overwrites it; if it cannot be set aside, saving is
refused (:attr:`SettingsFile.blocked`) rather than writing over it.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from .safetext import clean_name, one_line

# The bots' paces, by name, in seconds a move: the settings' choice and the setup's.
BOT_SPEEDS = {"instant": 0.0, "fast": 0.25, "normal": 0.6, "slow": 1.2}

ENV_VAR = "OHSEVEN_CONFIG_DIR"
FILE_NAME = "settings.json"
FORMAT = "ohseven-settings"
VERSION = 1
HAND_SORTS = ("suit", "rank")
NAME_LENGTH = 14  # as a seat's name field at setup
THEME_LENGTH = 64


@dataclass(frozen=True)
class Settings:
    """What the player chose. ``name`` "" and ``theme`` "" mean the defaults
    (seat 1's usual name; Textual's own theme)."""

    name: str = ""
    theme: str = ""
    hand_sort: str = "suit"  # one of HAND_SORTS
    bot_speed: str = "normal"  # a name in BOT_SPEEDS
    animations: bool = True
    confirm_play: bool = False
    ascii_suits: bool = False
    colour_blind: bool = False
    bell: bool = True

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS[self.bot_speed]

    def replace(self, **changes: Any) -> "Settings":
        """A copy with ``changes``, each checked as a file's value is (ValueError if off)."""
        for key, value in changes.items():
            if check_value(key, value) is None:
                raise ValueError(f"{key} cannot be {value!r}")
        return dataclasses.replace(self, **changes)


FIELDS = tuple(f.name for f in dataclasses.fields(Settings))


def check_value(key: str, value: Any) -> Optional[Any]:
    """``value`` as ``key`` keeps it, or None if it is not one ``key`` can have."""
    if key in ("animations", "confirm_play", "ascii_suits", "colour_blind", "bell"):
        return value if isinstance(value, bool) else None
    if not isinstance(value, str):
        return None
    if key == "name":
        name = clean_name(value)
        return name if name == value and len(name) <= NAME_LENGTH else None
    if key == "theme":
        ok = len(value) <= THEME_LENGTH and all(c.isalnum() or c in "-_." for c in value)
        return value if ok else None  # whether the app has this theme is the app's to say
    if key == "hand_sort":
        return value if value in HAND_SORTS else None
    if key == "bot_speed":
        return value if value in BOT_SPEEDS else None
    return None


def config_dir() -> Path:
    from .paths import env_path

    env = env_path(ENV_VAR)  # read as every command reads a path (a PathError if it names no folder)
    if env is not None:
        return env
    import platformdirs

    return Path(platformdirs.user_config_dir("ohseven"))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def to_dict(settings: Settings) -> dict[str, Any]:
    return {key: getattr(settings, key) for key in FIELDS}


def from_dict(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a file's values, and the keys whose values were ignored.
    Keys this version does not know (a newer version's) are skipped quietly."""
    kept: dict[str, Any] = {}
    ignored: list[str] = []
    for key in FIELDS:
        if key not in data:
            continue
        value = check_value(key, data[key])
        if value is None:
            ignored.append(key)
        else:
            kept[key] = value
    return Settings(**kept), ignored


@dataclass
class SettingsFile:
    """Where the settings live, what was read, and whether saving is allowed."""

    path: Path
    settings: Settings
    notice: Optional[str] = None  # one readable line about the file, for the player
    blocked: Optional[str] = None  # why saving is refused (an unreadable file left in place)
    existed: bool = False  # a settings file was there (else the old prefs theme may fill in)

    def save(self, settings: Settings) -> None:
        """Write ``settings`` atomically (SaveError, one line, if not possible)."""
        from .storage.files import SaveError, _atomic_write

        if self.blocked:
            raise SaveError(self.path, self.blocked)
        text = json.dumps({"format": FORMAT, "version": VERSION, "settings": to_dict(settings)},
                          indent=1, ensure_ascii=False)
        _atomic_write(self.path, text, replace=True)
        self.settings = settings
        self.existed = True


def load(path: Optional[Path] = None) -> SettingsFile:
    """Read the settings (defaults if there is no file). Never raises for a bad file:
    its trouble is one line in ``notice``."""
    path = settings_path() if path is None else path
    if not os.path.lexists(path):
        return SettingsFile(path, Settings())
    from .storage.files import SaveError, _read_json, _set_aside

    try:
        data = _read_json(path)
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("settings"), dict):
            raise SaveError(path, "is not an ohseven settings file")
    except SaveError as exc:
        try:
            aside = _set_aside(path)
        except SaveError as cannot:
            return SettingsFile(path, Settings(), existed=True,
                                notice=f"Settings: {exc}; the defaults are used, and settings are not saved "
                                       f"while it is there ({cannot.reason})",
                                blocked=f"not overwritten: it could not be read ({exc.reason})")
        kept = f" (kept as {aside.name})" if aside is not None else ""
        return SettingsFile(path, Settings(), existed=True,
                            notice=f"Settings: {exc}{kept}; the defaults are used")
    settings, ignored = from_dict(data["settings"])
    notice = None
    if ignored:
        notice = one_line(f"Settings: {path}: ignored the value of {', '.join(ignored)}; "
                          f"the default{'s are' if len(ignored) > 1 else ' is'} used", 400)
    return SettingsFile(path, settings, notice=notice, existed=True)
