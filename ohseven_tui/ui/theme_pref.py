"""The theme chosen in the command palette, remembered between runs (storage's
prefs file in the state directory, so ``--save-dir`` keeps it in ``DIR/.state``).

A missing, unreadable or unknown theme just means Textual's default (with a
notice if the file was unreadable); a failed write never stops the app.
"""

from __future__ import annotations

from typing import Optional


def _storage_and_dirs(app):
    storage = app.storage() if hasattr(app, "storage") else None
    if storage is None or not hasattr(storage, "load_prefs"):
        return None, None
    return storage, storage.save_dirs(getattr(app, "save_dir", None))


def load_theme(app) -> Optional[str]:
    """The remembered theme's name, if there is a usable one."""
    storage, dirs = _storage_and_dirs(app)
    if storage is None:
        return None
    try:
        prefs = storage.load_prefs(dirs)
    except Exception as exc:  # a bad file: the default theme, and say so
        app.notify(f"Could not read the saved preferences: {exc}", severity="warning", timeout=6)
        return None
    theme = prefs.get("theme") if isinstance(prefs, dict) else None
    return theme if isinstance(theme, str) and theme in app.available_themes else None


def remember_theme(app, theme: str) -> None:
    storage, dirs = _storage_and_dirs(app)
    if storage is None:
        return
    try:
        prefs = storage.load_prefs(dirs) or {}
    except Exception:  # set aside by load_theme already, or unreadable now: start afresh
        prefs = {}
    prefs["theme"] = theme
    try:
        storage.save_prefs(dirs, prefs)
    except Exception as exc:  # never stops the game
        app.notify(f"Could not remember the theme: {exc}", severity="warning", timeout=6)


def restore_and_follow_theme(app, *, asked: Optional[str] = None) -> None:
    """Apply the remembered theme (unless ``asked`` names one), then remember
    each later change, such as one made in the command palette."""
    if asked is None:
        theme = load_theme(app)
        if theme is not None:
            app.theme = theme
    kept = {"name": app.theme}

    def changed(new) -> None:
        if new.name != kept["name"]:  # the signal also fires for the theme set above
            kept["name"] = new.name
            remember_theme(app, new.name)

    app.theme_changed_signal.subscribe(app, changed)
