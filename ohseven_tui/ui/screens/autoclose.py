"""Screens that close by themselves in watch mode (reveals, scoresheets)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from textual import getters
    from textual.screen import Screen

    from ..app import OhSevenApp

    _ScreenBase = Screen[None]  # for the checker: what the mixin is mixed into
else:
    _ScreenBase = object  # at run time a plain mixin, before the Screen in the bases


class AutoClose(_ScreenBase):
    """Mix into a Screen whose ``auto`` is None (wait for Enter) or the seconds
    after which a watched game moves on by itself."""

    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(OhSevenApp)

    auto: Optional[float] = None

    def on_mount(self) -> None:
        if self.auto is not None:
            self.set_timer(max(self.auto, 0.001), self._auto_close)

    def action_skip(self) -> None:
        self.app.action_skip()
        if self.auto is not None:  # watching: skipping also closes this
            self.action_close()

    def _auto_close(self) -> None:
        """Close, unless the watcher paused."""
        if getattr(self.app, "paused", False):
            self.set_timer(0.2, self._auto_close)
        else:
            self.action_close()

    def action_close(self) -> None:
        if self.is_current:
            self.dismiss(None)
