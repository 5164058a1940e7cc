"""Screens that close by themselves in watch mode (reveals, scoresheets)."""

from __future__ import annotations

from typing import Optional


class AutoClose:
    """Mix into a Screen whose ``auto`` is None (wait for Enter) or the seconds
    after which a watched game moves on by itself."""

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
