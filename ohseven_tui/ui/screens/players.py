"""Every player name across all saved games: games, wins, mean points per round,
and fill, overflow and underfill rates (S5, S8-S10 over all their rounds)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ...storage import player_summaries

COLUMNS = ("Player", "Games", "Wins", "Rounds", "Points/round", "Fill", "Overflow", "Underfill")


class PlayersScreen(Screen[None]):
    CSS_PATH = "saved_games.tcss"
    BINDINGS = [Binding("escape,q", "close", "Back")]

    def __init__(self, saves, warnings=()) -> None:
        super().__init__()
        self.saves = saves
        self.warnings = list(warnings)

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Players across {len(self.saves)} saved game(s)"), id="players-title")
        yield DataTable(id="players-table", cursor_type="row", zebra_stripes=True)
        note = "Rates are shares of all the rounds a name played. A shared win counts as a win."
        if self.warnings:
            note += f" {len(self.warnings)} unreadable file(s) are not counted."
        yield Static(Text(note), id="players-note")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label in COLUMNS:
            table.add_column(label, key=label.lower())
        for p in player_summaries(self.saves):
            table.add_row(p.name, str(p.games), str(p.wins), str(p.rounds), f"{p.points_per_round:+.2f}",
                          f"{p.fill_rate:.0%}", f"{p.overflow_rate:.0%}", f"{p.underfill_rate:.0%}", key=p.name)
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
