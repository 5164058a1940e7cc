"""Every player across the saved games, from the saves index: a human by the name
they played under, a bot by its strength ("normal bot"), never a bot under a
person's name. ``f`` shows one game family at a time, with only the rates that
family declares (its ``StatsView.tallies``); Enter opens a player's page, with
their points per round and, beside it, their accuracy in the games the coach
has analysed (issue 37: read from the stored analyses, never made here).
"""

from __future__ import annotations

from typing import Any, Optional

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from ...engine.registry import family_words
from ...storage.index import PlayerPage, PlayerRow, SaveFilter
from ..narration import plural
from ..plain import plain
from ..widgets.keys import KeysFooter
from ..widgets.sized_table import SizedTable


def rate(value: Optional[float]) -> str:
    return "-" if value is None else f"{value:.0%}"


class PlayersScreen(Screen[Optional[str]]):
    """Dismissed with a player's identity when their games are asked for (the
    saved games list that opened it shows them), else with None."""

    CSS_PATH = "saved_games.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("f", "next_family", "Game family"),
        Binding("enter", "open", "Player's page", show=False),
    ]

    def __init__(self, where: Optional[SaveFilter] = None) -> None:
        super().__init__()
        self.where = where or SaveFilter()
        self.family: Optional[str] = None  # None: every game, the counts only
        self.families: dict[str, int] = {}
        self.players: list[PlayerRow] = []
        self.warnings = 0

    def compose(self) -> ComposeResult:
        yield Static(id="players-title")
        yield SizedTable(id="players-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="players-note")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
        self.query_one("#players-title", Static).update(Text("Players: reading the saved games…"))
        self.read()

    @work(thread=True, exclusive=True, group="players")
    def read(self) -> None:
        from ..saves_index import saves_index

        index = saves_index(self.app)
        result = index.refresh()
        players, families = index.players(self.where), index.families(self.where)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show, players, families, len(result.warnings))

    def _show(self, players: list[PlayerRow], families: dict[str, int], warnings: int) -> None:
        self.players, self.families, self.warnings = players, families, warnings
        if self.family is not None and self.family not in families:
            self.family = None
        self.fill()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        keep = table.cursor_row if table.row_count else 0
        table.clear(columns=True)
        if self.family is None:
            for label in ("Player", "Games", "Finished", "Wins", "Win rate", "Game families"):  # the rate: of finished
                table.add_column(label, key=label.lower())
            for p in self.players:
                # A family a line: a name is never cut at the screen's edge (80 columns).
                played = "\n".join(family_words(f)[0] for f in self.families if f in p.families)
                table.add_row(plain(p.label), str(p.games), str(p.finished), str(p.wins),
                              rate(p.wins / p.finished if p.finished else None),
                              played, key=p.who, height=None)
        else:
            _, word = family_words(self.family)
            players = [p for p in self.players if self.family in p.families]
            tallies: dict[str, str] = {}
            for p in players:
                for tally in p.families[self.family].tallies:
                    tallies.setdefault(tally.key, tally.label)
            for label in ("Player", "Games", "Wins", f"{word.capitalize()}s", f"Points/{word}", *tallies.values()):
                table.add_column(label, key=label.lower())
            for p in players:
                f = p.families[self.family]
                rates = {t.key: t.rate for t in f.tallies}
                table.add_row(plain(p.label), str(f.games), str(f.wins), str(f.rounds), f"{f.points_per_round:+.2f}",
                              *(rate(rates.get(key)) for key in tallies), key=p.who)
        if table.row_count:
            table.move_cursor(row=min(keep, table.row_count - 1))
        self.query_one("#players-title", Static).update(self._title())
        note = ("A person is counted by the name they played under, a bot by its strength. "
                "A shared win counts as a win. Enter: a player's page.")
        if self.family is not None:
            note += " Rates are shares of the chances each one counts out of (by default, the rounds played)."
        if self.warnings:
            note += f" {plural(self.warnings, 'unreadable file')} {'is' if self.warnings == 1 else 'are'} not counted."
        self.query_one("#players-note", Static).update(Text(note))

    def _title(self) -> Text:
        total = sum(self.families.values())
        if self.family is None:
            which = "all game families"
        else:
            which = f"{family_words(self.family)[0]}: {plural(self.families.get(self.family, 0), 'game')}"
        game = f" of {self.where.game}" if self.where.game else ""
        return Text(f"Players across {plural(total, 'saved game')}{game}  ·  {which} (f: next family)")

    def action_next_family(self) -> None:
        choices: list[Optional[str]] = [None, *self.families]
        self.family = choices[(choices.index(self.family) + 1) % len(choices)] if self.family in choices else None
        self.fill()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return
        who = table.ordered_rows[table.cursor_row].key.value
        if who is not None:
            self.app.push_screen(PlayerScreen(who, self.where), self._player_closed)

    def _player_closed(self, games_of: Optional[str]) -> None:
        if games_of is not None:  # "their games": up to the list, which shows them
            self.dismiss(games_of)

    def action_close(self) -> None:
        self.dismiss(None)


# ---------------------------------------------------------------------------- one player's page
CHART_HEIGHT = 4  # rows of bars, above and below the zero line together


def chart_lines(values: list[float], wins: list[bool], height: int = CHART_HEIGHT) -> list[Text]:
    """One column per game, oldest first: a bar up (or down) from the zero line for
    its points per round, and under it W for a win, · otherwise. Text, so it reads
    in any terminal and a test can read it back."""
    if not values:
        return [Text("No games yet.")]
    top = max(max(values), 0.0)
    bottom = min(min(values), 0.0)
    span = (top - bottom) or 1.0
    up = max(1, round(height * top / span)) if top > 0 else 0
    down = height - up if bottom < 0 else 0
    lines: list[Text] = []
    for level in range(up, 0, -1):  # above zero, top row first
        line = Text()
        for v in values:
            line.append("█" if v > 0 and v / top * up >= level - 0.5 else " ", style="green" if v > 0 else "")
        lines.append(line)
    lines.append(Text("─" * len(values), style="dim"))
    for level in range(1, down + 1):
        line = Text()
        for v in values:
            line.append("█" if v < 0 and v / bottom * down >= level - 0.5 else " ", style="red" if v < 0 else "")
        lines.append(line)
    marks = Text()
    for won in wins:
        marks.append("W" if won else "·", style="bold" if won else "dim")
    lines.append(marks)
    return lines


def accuracy_chart(values: list[Optional[float]], height: int = CHART_HEIGHT) -> Text:
    """The coach's accuracy per game, in the points chart's columns: a bar of its
    share of fine decisions (full: all), · for a game not analysed; then how many
    are analysed, their mean, and each game's figure."""
    shown = [v for v in values if v is not None]
    if not shown:
        return Text("Accuracy: no game analysed yet (a, on a game's review or at game over, has the coach "
                    "analyse one).", style="dim")
    out = Text(f"Accuracy, {len(shown)} of {len(values)} games analysed (the coach's, fair view):\n", style="bold")
    for level in range(height, 0, -1):
        for v in values:
            out.append("█" if v is not None and v * height >= level - 0.5 else " ", style="cyan")
        out.append("\n")
    for v in values:
        out.append("─" if v is not None else "·", style="dim")
    out.append(f"\nmean {sum(shown) / len(shown):.0%}; each: " + " ".join(f"{v:.0%}" for v in shown))
    return out


class PlayerScreen(Screen[Optional[str]]):
    """A player's games, wins and points by game family, each family's own rates,
    their last 50 games of each family as a chart, and (for a person) how they
    fare against each bot strength they have sat with."""

    CSS_PATH = "saved_games.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("g", "games", "Their games"),
    ]

    def __init__(self, who: str, where: Optional[SaveFilter] = None) -> None:
        super().__init__()
        self.who = who
        self.where = where or SaveFilter()
        self.page: Optional[PlayerPage] = None
        self.accuracy: dict[str, Any] = {}  # game record -> the coach's GameAccuracy, where stored

    def compose(self) -> ComposeResult:
        yield Static(id="player-title")
        with VerticalScroll(id="player-body"):
            yield Static(id="player-families")
            yield Static(id="player-chart")
            yield Static(id="player-versus")
        yield KeysFooter()

    def on_mount(self) -> None:
        from ...storage.index import player_label

        self.query_one("#player-title", Static).update(plain(f"{player_label(self.who)}: reading the saved games…"))
        self.read()

    @work(thread=True, exclusive=True, group="player")
    def read(self) -> None:
        from ..saves_index import saves_index

        page = saves_index(self.app).player(self.who, self.where)
        accuracy = self._stored_accuracy(page) if page is not None else {}
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._show, page, accuracy)

    def _stored_accuracy(self, page: PlayerPage) -> dict[str, Any]:
        """The coach's accuracy in the page's games that were analysed: only what
        is stored (a page never starts an analysis)."""
        from ... import storage
        from ...coach.store import AnalysisStore
        from ...storage.index import person_of

        # By the record each file holds now: a continued game's file keeps its id.
        records = [g.record for games in page.recent.values() for g in games]
        try:
            with AnalysisStore(storage.save_dirs(getattr(self.app, "save_dir", None)).state) as store:
                return store.accuracy(records, person_of(self.who))
        except Exception:  # the store is only a cache: no accuracy, then
            return {}

    def _show(self, page: Optional[PlayerPage], accuracy: Optional[dict[str, Any]] = None) -> None:
        from ...storage.index import player_label

        self.page = page
        self.accuracy = accuracy or {}
        title = self.query_one("#player-title", Static)
        if page is None:
            title.update(plain(f"{player_label(self.who)}: no saved games."))
            return
        row = page.row
        kind = "a bot" if row.kind == "bot" else "a person"
        # A win rate is over finished games: one put aside was neither won nor lost.
        rate = f" ({row.wins / row.finished:.0%})" if row.finished else ""
        unfinished = row.games - row.finished
        counts = (f"{plural(row.games, 'game')}, {unfinished} unfinished; {row.wins} won of {row.finished} finished{rate}"
                  if unfinished else f"{plural(row.games, 'game')}, {row.wins} won{rate}")
        title.update(Text.assemble(plain(row.label), f" ({kind}): {counts}"))
        self.query_one("#player-families", Static).update(self._families(row))
        self.query_one("#player-chart", Static).update(self._chart(page))
        self.query_one("#player-versus", Static).update(self._versus(page))

    def _families(self, row: PlayerRow) -> Table:
        table = Table(title="By game family", title_justify="left", expand=False)
        for col in ("Game family", "Games", "Wins", "Played", "Points each", "Rates"):
            # The family's name whole (80 columns): the rates wrap instead.
            table.add_column(col, justify="left" if col in ("Game family", "Rates") else "right",
                             no_wrap=col == "Game family")
        meanings: dict[str, str] = {}
        for family, f in row.families.items():
            label, word = family_words(family)
            rates = "  ".join(f"{t.label} {rate(t.rate)}" for t in f.tallies) or "-"
            meanings.update((t.label, t.long_label) for t in f.tallies)
            table.add_row(Text(label), str(f.games), str(f.wins), f"{f.rounds} {word}s",
                          f"{f.points_per_round:+.2f} a {word}", Text(rates))
        if meanings:
            table.caption = "; ".join(f"{k}: {v}" for k, v in meanings.items())
            table.caption_justify = "left"
        return table

    def _chart(self, page: PlayerPage) -> Group:
        """Per game family, its last games as bars (points differ too much between
        families to share one scale), and beside them the coach's accuracy in those
        of the games that were analysed."""
        parts: list[Any] = []
        for family, games in page.recent.items():
            label, word = family_words(family)
            parts.append(Text(f"{label}: last {plural(len(games), 'game')}, oldest on the left, points per {word} in each "
                              "(green above the line, red below); W marks a win.", style="bold"))
            points = Text("\n").join(chart_lines([g.points_per_round for g in games], [g.won for g in games]))
            first, last = games[0].date[:10], games[-1].date[:10]
            gap = " " * max(1, len(games) - len(first) - len(last))
            points.append(f"\n{first}{gap}{last}" if len(games) > 1 else f"\n{first}", style="dim")
            found = [self.accuracy.get(g.record) for g in games]
            beside = Table.grid(padding=(0, 4))
            beside.add_column(no_wrap=True)
            beside.add_column()
            beside.add_row(points, accuracy_chart([f.accuracy if f is not None else None for f in found]))
            parts.extend([beside, Text("")])
        return Group(*parts)

    def _versus(self, page: PlayerPage) -> Any:
        if page.row.kind == "bot":
            return Text("")
        if not page.head_to_head:
            return Text("Against the bots: no games with a bot yet.")
        table = Table(title="Against each bot strength (games at one table)", title_justify="left")
        for col in ("Bot", "Games", "You won", "It won", "Both won", "Neither"):
            table.add_column(col, justify="left" if col == "Bot" else "right")
        for h in page.head_to_head:
            table.add_row(Text(h.label), str(h.games), str(h.won), str(h.lost), str(h.shared), str(h.neither))
        return table

    def action_games(self) -> None:
        self.dismiss(self.who)  # the list of saved games shows them

    def action_close(self) -> None:
        self.dismiss(None)
