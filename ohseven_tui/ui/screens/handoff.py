"""Hot-seat privacy: an opaque screen that hides the table (every hand) until the
named player has the keyboard.

It opens only to its own key, a letter chosen at random as it opens and named on
it ("Pass to Bea — press K"), or a click on its button. Enter, space, the digits
and every table key do nothing here, so no key typed ahead by the player who just
acted (a double tap, a held key, a second press because the screen was slow) can
open it, however late the screen is drawn. The app refuses every key until its
first frame is out, and every key sent before that (``KeyGate``), and drops the
terminal's unread input then; the table does the same for the hand it reveals.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual._time import get_time
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..plain import plain, plain_lines, printable
from ..privacy import frame_out


class HandoffScreen(Screen[None]):
    CSS_PATH = "handoff.tcss"
    pends_keys = True  # the app refuses keys until this screen is drawn (KeyGate.pend)

    def __init__(self, name: str, key: str) -> None:
        """``key``: the letter that opens it (``HandoffKeys.choose``)."""
        super().__init__()
        self.player = name
        self.key = key.lower()
        self._bindings.bind(f"{self.key},{self.key.upper()}", "ready", f"Show {printable(name)}'s cards",
                            key_display=self.key.upper())

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._title(), id="handoff-title")
            with Center():
                yield Static(plain_lines(f"Only {printable(self.player)} should look at the screen now.\n"
                                         "Everyone's cards are hidden until then.\n"
                                         f"{printable(self.player)}: press {self.key.upper()} (or click below) "
                                         "to see your cards; other keys do nothing here."),
                             id="handoff-text")
            with Center():
                yield Static(plain(f"[ Show {printable(self.player)}'s cards ]"), id="handoff-show")
        yield Footer(compact=True)  # compact from the start: no second styles pass as it mounts

    def _title(self) -> Text:
        return plain(f"Pass to {self.player} — press {self.key.upper()}")

    def on_mount(self) -> None:
        self.call_after_refresh(self._drawn)

    def _drawn(self) -> None:
        """The first frame is out: keys typed before it, read or not, never act."""
        gate = getattr(self.app, "key_gate", None)
        if gate is not None:
            frame_out(gate, self, get_time())

    def on_unmount(self) -> None:
        gate = getattr(self.app, "key_gate", None)
        if gate is not None:
            gate.abandon(self)

    def action_ready(self) -> None:
        self._done()

    def on_click(self, event: events.Click) -> None:
        """Only a click on the button: a click anywhere else (a double click on a
        card of the player before) does nothing."""
        if event.widget is not None and event.widget.id == "handoff-show":
            self._done()

    def _done(self) -> None:
        if self.is_current:
            self.dismiss(None)
