"""A tutorial's step: a note over the top of the table, closed by Enter; and the
menu's choice of tutorial when several games have one.

A note opens while the table waits (never during a human's action), stays clear
of the hand at the bottom, and is drawn as plain text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..cards import ascii_suits
from ..widgets.keys import KeysFooter
from .autoclose import SettlesKeys

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp


class LessonScreen(SettlesKeys, ModalScreen[None]):
    """A note the table opened: like the other screens it opens by itself, it takes
    a key only after a quiet moment (``SettlesKeys``), so a key meant for
    the screen before (Space over a won trick) does not close it unread."""

    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    DEFAULT_CSS = """
    LessonScreen { align: center top; background: $background 15%; }
    LessonScreen #lesson-box {
        width: 78; max-width: 100%; height: auto; max-height: 16;
        margin-top: 1; border: round $accent; background: $surface; padding: 0 1;
        overflow-y: auto;
    }
    LessonScreen #lesson-title { text-style: bold; color: $accent; }
    LessonScreen #lesson-go-on { color: $text-muted; }
    /* A short screen: every row for the note; the go-on words move to the border. */
    LessonScreen.-short #lesson-box { margin-top: 0; padding: 0; }
    LessonScreen.-short #lesson-go-on { display: none; }
    """
    SHORT_ROWS = 20
    BINDINGS = [Binding("enter", "close", "Go on"), Binding("space", "close", show=False),
                Binding("escape", "leave", "Leave the tutorial")]

    def __init__(self, title: str, text: str, *, step: int, steps: int, last: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.body = text
        self.step = step
        self.steps = steps
        self.last = last

    @property
    def go_on(self) -> str:
        return "Press Enter for the main menu." if self.last else "Press Enter to go on."

    def compose(self) -> ComposeResult:
        plain = ascii_suits if getattr(self.app, "ascii_cards", False) else (lambda t: t)
        with VerticalScroll(id="lesson-box"):  # focused: ↑↓ scroll a note taller than the screen
            yield Static(Text(plain(f"Tutorial {self.step}/{self.steps} · {self.title_text}")), id="lesson-title")
            yield Static(Text(plain(self.body)), id="lesson-text")
            yield Static(Text(self.go_on), id="lesson-go-on")
        yield KeysFooter(compact=True)

    def on_resize(self) -> None:
        short = self.size.height < self.SHORT_ROWS
        self.set_class(short, "-short")
        box = self.query_one("#lesson-box")
        box.border_subtitle = Text(self.go_on) if short else None  # the line's words, on the border
        # A docked footer does not shrink the box's room: keep it above the keys line.
        box.styles.max_height = max(3, min(16, self.size.height - (1 if short else 2)))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_leave(self) -> None:
        from ..messages import LeaveTable

        self.app.post_message(LeaveTable())


class TutorialChoiceScreen(ModalScreen[Optional[str]]):
    """Which game's guided first hand: the games that declare one, in menu order.
    Dismissed with the game's name, or None (Esc)."""

    DEFAULT_CSS = """
    TutorialChoiceScreen { align: center middle; background: $background 15%; }
    TutorialChoiceScreen #tutorial-box {
        width: 44; max-width: 100%; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    TutorialChoiceScreen #tutorial-title { text-style: bold; color: $accent; }
    TutorialChoiceScreen #tutorial-keys { color: $text-muted; }
    TutorialChoiceScreen #tutorial-games, TutorialChoiceScreen #tutorial-games:focus {
        height: auto; max-height: 12; border: none; padding: 0; background: $surface;
    }
    """
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, games: Sequence[Any]) -> None:
        super().__init__()
        self.games = tuple(games)

    def compose(self) -> ComposeResult:
        with Vertical(id="tutorial-box"):
            yield Static(Text("A guided first hand of which game?"), id="tutorial-title")
            yield OptionList(*(Option(Text(spec.label), id=spec.name) for spec in self.games), id="tutorial-games")
            yield Static(Text("↑↓ choose, Enter starts, Esc goes back."), id="tutorial-keys")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)
