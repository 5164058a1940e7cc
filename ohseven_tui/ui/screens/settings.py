"""Settings: your name, theme, hand sort, bot speed, animations, confirm-play,
ASCII suits, the colour-blind palette and the bell (``ohseven_tui.settings``).

Each change applies at once where it can (theme, suits, colours, bot speed) and is
saved at once; the name is saved when you press Enter in it or leave the screen.
Tab moves between the choices and Enter opens one; Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Label, Select, Static

from ...safetext import clean_name, printable
from ...settings import NAME_LENGTH
from ..messages import ChangeSettings
from ..plain import PathText
from ..setup import BOT_SPEEDS, NAMES
from ..widgets.keys import KeysFooter
from ..widgets.text_field import TextField
from .setup import chosen

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp

ON_OFF = [("on", True), ("off", False)]
# (setting, label, note) for each choice that is a list; the name comes first.
CHOICES = (
    ("theme", "Theme", "also Ctrl+P → Change theme"),
    ("hand_sort", "Hand sort", "by suit (trumps first) or by rank"),
    ("bot_speed", "Bot speed", "the bots' pace (+/- at a table)"),
    ("animations", "Animations", "cards sliding, tricks sweeping"),
    ("confirm_play", "Confirm play", "Enter twice to play a card"),
    ("ascii_suits", "ASCII suits", "S H D C instead of ♠ ♥ ♦ ♣"),
    ("colour_blind", "Colour-blind", "suit colours without red or green"),
    ("bell", "Bell", "rings at your turn after bots"),
)


NAME_NOTE = f"seat 1's name; up to {NAME_LENGTH} characters"


class NameInput(TextField):
    """The name field: a key it refuses (the name is full) is said in words."""

    class Refused(Message):
        pass

    def restricted(self) -> None:
        self.post_message(self.Refused())


class SettingsScreen(Screen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    CSS_PATH = "settings.tcss"
    BINDINGS = [Binding("escape", "back", "Back")]

    def compose(self) -> ComposeResult:
        s = self.app.settings
        yield Static("Settings — Tab moves, Enter opens a choice, saved at once; Esc back",
                     id="settings-title")
        body = VerticalScroll(id="settings-body")
        body.can_focus = False  # no empty Tab stop
        with body:
            with Horizontal(classes="row"):
                yield Label("Your name", classes="label")
                # Not selected on focus: a stray key must add to the name, not replace it.
                yield NameInput(s.name, placeholder=NAMES[0], max_length=NAME_LENGTH, compact=True, id="name",
                                select_on_focus=False)
                yield Static(self._name_note(s.name), classes="note", id="name-note")
            for key, label, note in CHOICES:
                with Horizontal(classes="row"):
                    yield Label(label, classes="label")
                    yield Select(self._options(key), value=self._value(key), allow_blank=False, compact=True,
                                 id=key.replace("_", "-"))
                    yield Static(note, classes="note")
            # Broken only after a folder's separator: wrapped as words, a path broke mid-name.
            yield Static(PathText("Kept in", self.app.settings_file.path), id="settings-where")
            blocked = self.app.settings_file.blocked
            if blocked:
                yield Static(Text(f"Not saved: {printable(blocked)}"), id="settings-blocked")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def _options(self, key: str) -> list[tuple[str, Any]]:
        if key == "theme":
            return [(name, name) for name in sorted(self.app.available_themes)]
        if key == "hand_sort":
            return [("by suit", "suit"), ("by rank", "rank")]
        if key == "bot_speed":
            return [(f"{k} ({v:g}s)" if v else "instant", k) for k, v in BOT_SPEEDS.items()]
        return ON_OFF

    def _value(self, key: str) -> Any:
        if key == "theme":
            return self.app.theme  # the one showing (a --theme for this run, too)
        return getattr(self.app.settings, key)

    def on_select_changed(self, event: Select.Changed) -> None:
        key = (event.select.id or "").replace("-", "_")
        if key in {k for k, _, _ in CHOICES}:
            value = chosen(event.select)
            if key == "theme" and value == self.app.theme:
                return  # the screen opening, not a choice
            self.app.post_message(ChangeSettings(**{key: value}))

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "name":
            self.query_one("#name-note", Static).update(self._name_note(event.value))

    @staticmethod
    def _name_note(name: str, refused: bool = False) -> str:
        if refused:
            return f"{NAME_LENGTH} characters at most: no more fit"
        return f"{NAME_LENGTH} characters at most" if len(name) >= NAME_LENGTH else NAME_NOTE

    def on_name_input_refused(self, _event: NameInput.Refused) -> None:
        self.query_one("#name-note", Static).update(self._name_note("", refused=True))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = self._save_name()
        self.notify("Name saved." if name else "Name cleared: seat 1 is Ann.", timeout=2)

    def _save_name(self) -> str:
        name = clean_name(self.query_one("#name", Input).value)[:NAME_LENGTH].strip()
        self.app.post_message(ChangeSettings(name=name))
        return name

    def action_back(self) -> None:
        self._save_name()
        self.dismiss()
