"""A box over the table (a bid reveal, a round's summary) whose one scrolling part
gives way on a small screen, so that the words around it show whole.

Textual gives a part of a box whose height follows its content no "what the rest
leaves" (``1fr`` in an ``auto`` box takes it all, and the parts below are cut): this
works it out from the box's parts as laid out, after each layout that changes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widget import Widget

if TYPE_CHECKING:
    from textual.screen import Screen

    _ScreenBase = Screen[None]  # for the checker: what the mixin is mixed into
else:
    _ScreenBase = object  # at run time a plain mixin, before the Screen in the bases

__all__ = ["FitsBody", "fit_body"]


class FitsBody(_ScreenBase):
    """Mix into a screen whose box (id ``BOX``) has one part that scrolls (id ``BODY``):
    that part is fitted after each layout that may change it (mount, resize)."""

    BOX = ""
    BODY = ""

    def on_mount(self) -> None:
        self.call_after_refresh(self._fit_body)

    def on_resize(self) -> None:
        self.call_after_refresh(self._fit_body)

    def _fit_body(self) -> None:
        if self.query(f"#{self.BODY}"):  # not if pushed as the app closed
            fit_body(self.query_one(f"#{self.BOX}"), self.query_one(f"#{self.BODY}"))


def fit_body(box: Widget, body: Widget) -> None:
    """Give ``body`` (the part of ``box`` that scrolls) at most the rows the screen
    leaves once the box's other parts, its edges and the screen's docked bars (the
    footer) have theirs. Call it after a layout (mount, resize)."""
    screen = box.screen
    docked = sum(_rows(w) for w in screen.children if w.styles.dock in ("top", "bottom"))
    others = sum(_rows(w) for w in box.children if w is not body and w.display)
    rows = max(2, screen.size.height - docked - others - box.styles.gutter.height)
    if body.styles.max_height is None or body.styles.max_height.value != rows:
        body.styles.max_height = rows


def _rows(widget: Widget) -> int:
    """The rows ``widget`` takes, its margins too."""
    return widget.outer_size.height + widget.styles.margin.top + widget.styles.margin.bottom
