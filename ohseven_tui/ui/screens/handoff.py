"""Hot-seat privacy: an opaque screen that hides the table (every hand) until the
named player has the keyboard.

It takes only a key pressed after it has been quiet on screen for a moment
(``SETTLE``): never a key typed ahead by the player who just acted (a double
tap, a key held down, a second press because the screen was slow). And once it
closes, keys typed ahead of the next screen are refused for ``AFTER`` seconds, so
nobody's card is played or bid for them. The app's key gate does the refusing.
"""

from __future__ import annotations

from rich.text import Text
from textual._time import get_time
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..plain import plain, plain_lines, printable

SETTLE = 0.5  # seconds with no key before the hand-off takes one
AFTER = 0.3  # then, keys typed ahead of the next screen are refused until this much quiet


class HandoffScreen(Screen[None]):
    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("enter", "ready", "Ready"), Binding("space", "ready", show=False)]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    @property
    def key_settle(self) -> float:
        """Read by the app as this screen opens: hold every key for this long."""
        return SETTLE

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._title(self._ready(get_time())), id="handoff-title")
            with Center():
                yield Static(plain_lines(f"Only {printable(self.player)} should look at the screen now.\n"
                                         "Everyone's cards are hidden until then.\n"
                                         "Keys pressed before Enter shows, or held down, are ignored."),
                             id="handoff-text")
        yield Footer(compact=True)  # compact from the start: no second styles pass as it mounts

    def _title(self, ready: bool) -> Text:
        wait = "press Enter" if ready else "a moment…".ljust(len("press Enter"))  # the box keeps its width
        return plain(f"Pass to {self.player} — {wait}")

    def _ready(self, now: float) -> bool:
        gate = getattr(self.app, "key_gate", None)
        return gate is None or gate.ready(now)

    def on_mount(self) -> None:
        self._watch_gate()

    def _watch_gate(self) -> None:
        """Say "press Enter" once a key would be taken (a refused key delays it).
        One reading of the clock serves the title and the next look: read twice,
        the gate could open in between and leave "a moment…" with no look to come."""
        now = get_time()
        ready = self._ready(now)
        self.query_one("#handoff-title", Static).update(self._title(ready))
        gate = getattr(self.app, "key_gate", None)
        if not ready and gate is not None and gate.opens_at is not None:
            self.set_timer(max(gate.opens_at - now, 0.02), self._watch_gate)

    def action_ready(self) -> None:
        self._done()

    def on_click(self) -> None:
        self._done()

    def _done(self) -> None:
        if not self.is_current:
            return
        gate = getattr(self.app, "key_gate", None)
        if gate is not None:
            gate.hold(get_time(), AFTER)
        self.dismiss(None)
