"""The question a new game asks when another game is unfinished: continue that
one, or put it aside (kept with the saved games, marked unfinished) and start the
new one. Nothing is replaced until the player answers; Escape changes nothing."""

from __future__ import annotations

from typing import Optional

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..narration import out_of


def describe(saved) -> str:
    """One line about a saved game: rules, players, how far it got, when."""
    game = saved.game
    names = ", ".join(saved.names)
    played = len(game.results())
    when = saved.date.replace("T", " ").replace("Z", "")[:16] if saved.date else "?"
    view = game.spec.view(game.options)
    word = view.round_word if played == 1 and not view.rounds else view.round_word + "s"  # "hands" where it plays hands
    return (f"{saved.rules_text}: {names}; {out_of(played, view.rounds, ' of ')} {word} played; "
            f"saved {when} UTC")


class UnfinishedGameScreen(ModalScreen[Optional[str]]):
    """Dismisses with "continue", "aside", or None (back, nothing changed)."""

    DEFAULT_CSS = """
    UnfinishedGameScreen { align: center middle; }
    UnfinishedGameScreen #unfinished-box { width: 72; max-width: 100%; height: auto; max-height: 100%;
        border: round $warning; background: $surface; padding: 0 1; }
    UnfinishedGameScreen OptionList { height: auto; margin-top: 1; }
    """
    BINDINGS = [
        Binding("c", "answer('continue')", "Continue it"),
        Binding("a", "answer('aside')", "Put it aside"),
        Binding("escape", "answer(None)", "Back"),
    ]

    def __init__(self, waiting, new_label: str = "start the new game") -> None:
        super().__init__()
        self.waiting = waiting
        self.new_label = new_label

    def compose(self) -> ComposeResult:
        with Vertical(id="unfinished-box"):
            # Text(), not markup: player names are drawn as they are.
            yield Static(Text("There is an unfinished game:", style="bold"))
            yield Static(Text(describe(self.waiting)))
            yield OptionList(
                Option(Text("c  Continue it"), id="continue"),
                Option(Text(f"a  Put it aside (kept in Saved games) and {self.new_label}"),
                       id="aside"),
                Option(Text("Esc  Back (change nothing)"), id="back"),
                id="unfinished-choices",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_answer(None if event.option.id == "back" else event.option.id)

    def action_answer(self, choice: Optional[str]) -> None:
        self.dismiss(choice)
