"""The app's one text field: an Input that takes no control character, however the
text comes (typed, pasted, set by the app). A control sequence goes whole, so none
leaves letters behind (``safetext.drop_unsafe``), and the cursor stays after the
text that was put in."""

from __future__ import annotations

from textual.widgets import Input

from ...safetext import drop_unsafe

__all__ = ["TextField"]


class TextField(Input):
    def replace(self, text: str, start: int, end: int) -> None:
        # Cleaned before it goes in, so the cursor is placed after what is kept.
        super().replace(drop_unsafe(text), start, end)

    def validate_value(self, value: str) -> str:
        """Whatever sets the value (the app, a test): without control characters."""
        return drop_unsafe(value)
