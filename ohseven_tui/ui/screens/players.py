"""Every player name across all saved games: games, wins, mean points per round,
and fill, overflow and underfill rates (S5, S8-S10 over all their rounds).
``f`` filters by game (all, then each game the registry knows)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ...storage import filter_saves, player_summaries
from ..plain import plain
from ..widgets.keys import KeysFooter

COLUMNS = ("Player", "Games", "Wins", "Rounds", "Points/round", "Fill", "Overflow", "Underfill")


def _rate(summary, key: str) -> str:
    """A tally as a share of rounds; "-" where none of the name's games keeps it."""
    rate = summary.rate(key)
    return "-" if rate is None else f"{rate:.0%}"


def filters() -> tuple:
    """None (every game), then each registered game's name, in menu order."""
    from ...engine import registry

    return (None, *(spec.name for spec in registry.games()))


class PlayersScreen(Screen[None]):
    CSS_PATH = "saved_games.tcss"
    BINDINGS = [Binding("escape,q", "close", "Back"), Binding("f", "next_filter", "Rules filter")]

    def __init__(self, saves, warnings=()) -> None:
        super().__init__()
        self.saves = saves
        self.warnings = list(warnings)
        self.game = None  # the rules filter: a game's name; None shows every game

    def _title(self) -> Text:
        shown = filter_saves(self.saves, self.game)
        rules = self.game or "all rules"
        return Text(f"Players across {len(shown)} saved game(s)  ·  {rules} (f: filter by rules)")

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="players-title")
        yield DataTable(id="players-table", cursor_type="row", zebra_stripes=True)
        note = "Rates are shares of all the rounds a name played. A shared win counts as a win."
        if self.warnings:
            note += f" {len(self.warnings)} unreadable file(s) are not counted."
        yield Static(Text(note), id="players-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label in COLUMNS:
            table.add_column(label, key=label.lower())
        self.fill()
        table.focus()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for p in player_summaries(filter_saves(self.saves, self.game)):
            table.add_row(plain(p.name), str(p.games), str(p.wins), str(p.rounds), f"{p.points_per_round:+.2f}",
                          _rate(p, "fill"), _rate(p, "overflow"), _rate(p, "underfill"), key=p.name)
        self.query_one("#players-title", Static).update(self._title())

    def action_next_filter(self) -> None:
        names = filters()
        self.game = names[(names.index(self.game) + 1) % len(names)] if self.game in names else names[0]
        self.fill()

    def action_close(self) -> None:
        self.dismiss(None)
