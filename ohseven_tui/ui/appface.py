"""The app as its screens know it. Screens type ``self.app`` with :class:`GameApp`
instead of importing ``ui/app.py`` (which imports the screens): what they may read
and call is declared here, and what they ask of the app they post as messages
(``ui/messages.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

from textual.app import App

__all__ = ["GameApp"]


class GameApp(App[Any]):
    """Declarations only: ``OhSevenApp`` (ui/app.py) is the one that runs."""

    if TYPE_CHECKING:
        from ..settings import Settings
        from .privacy import HandoffKeys, KeyGate

        settings: Settings
        settings_file: Any
        ascii_cards: bool
        save_dir: Optional[Path]
        bot_delay: float  # the bots' pace: a reactive the table watches
        hosting: Any  # the table server this app runs, or None
        key_gate: KeyGate  # hot-seat: keys typed ahead of a hand-off act for nobody
        handoff_keys: HandoffKeys  # the letter each hand-off asks for

        def storage(self) -> Any: ...

        def table(self) -> Any: ...

        def change_settings(self, *, apply: bool = True, **changes: Any) -> bool: ...

        def has_saved_games(self) -> bool: ...

        def load_autosave(self) -> Any: ...

        def host_changed(self) -> None: ...

        def back_to_menu(self) -> None: ...

        def action_help(self) -> None: ...

        def action_settings(self) -> None: ...

        def action_skip(self) -> None: ...
