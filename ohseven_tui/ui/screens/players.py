"""Every player name across all saved games: games, wins, mean points per round,
and the rate of each tally the games keep (Oh Hell's fill, overflow and underfill,
S8-S10; "-" for a name whose games keep no such tally), over their rounds.
``f`` filters by game (all, then each game the registry knows)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from ...storage import filter_saves, player_summaries, summary_columns
from ..plain import plain

COLUMNS = ("Player", "Games", "Wins", "Rounds", "Points/round")  # then one column per tally


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
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label in COLUMNS:
            table.add_column(label, key=label.lower())
        # every game's tallies, the same columns whatever the filter
        self.tallies = summary_columns(player_summaries(self.saves))
        for key, label in self.tallies:
            table.add_column(label, key=f"tally-{key}")
        self.fill()
        table.focus()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for p in player_summaries(filter_saves(self.saves, self.game)):
            rates = [p.rate(key) for key, _ in self.tallies]
            table.add_row(plain(p.name), str(p.games), str(p.wins), str(p.rounds), f"{p.points_per_round:+.2f}",
                          *(f"{r:.0%}" if r is not None else "-" for r in rates), key=p.name)
        self.query_one("#players-title", Static).update(self._title())

    def action_next_filter(self) -> None:
        names = filters()
        self.game = names[(names.index(self.game) + 1) % len(names)] if self.game in names else names[0]
        self.fill()

    def action_close(self) -> None:
        self.dismiss(None)
