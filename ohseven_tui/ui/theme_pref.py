"""The theme, remembered between runs in the settings (``ohseven_tui.settings``).

Themes used to be kept in storage's prefs file (the state folder): while there is
no settings file yet, that theme is read once and moved into the settings. A
missing theme means Textual's default; an unknown one too, said in a notice (the
file keeps it); a failed write never stops the app.
"""

from __future__ import annotations

from typing import Optional


def old_prefs_theme(app) -> Optional[str]:
    """The theme an older version kept in storage's prefs file, if any (read only)."""
    storage = app.storage() if hasattr(app, "storage") else None
    if storage is None or not hasattr(storage, "load_prefs"):
        return None
    import os

    dirs = storage.save_dirs(getattr(app, "save_dir", None))
    if not os.path.lexists(storage.prefs_path(dirs)):
        return None
    try:
        prefs = storage.load_prefs(dirs)
    except Exception as exc:  # a bad file: set aside by load_prefs; the default theme, and say so
        app.notify(f"Could not read the saved preferences: {exc}", severity="warning", timeout=6)
        return None
    theme = prefs.get("theme") if isinstance(prefs, dict) else None
    return theme if isinstance(theme, str) else None


def restore_and_follow_theme(app, *, asked: Optional[str] = None) -> None:
    """Apply the remembered theme (unless ``asked`` names one for this run), then
    remember each later change, such as one made in the command palette."""
    if not app.settings_file.existed:
        old = old_prefs_theme(app)
        if old and old in app.available_themes:
            app.change_settings(theme=old, apply=False)  # moved into the settings, once
    theme = app.settings.theme
    if asked is None and theme and theme in app.available_themes:
        app.theme = theme
    elif asked is None and theme:  # kept in the file: a later version may have it
        app.notify(f"Settings: there is no theme called {theme}; the default theme is used",
                   severity="warning", timeout=8)
    kept = {"name": app.theme}

    def changed(new) -> None:
        if new.name != kept["name"]:  # the signal also fires for the theme set above
            kept["name"] = new.name
            app.change_settings(theme=new.name)

    app.theme_changed_signal.subscribe(app, changed)
