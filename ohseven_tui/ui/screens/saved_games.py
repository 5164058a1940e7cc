"""Saved games on the main menu: the list (sortable; delete after a confirmation),
then one game's review, or every player across all saves.

A file that cannot be read is skipped with a notice; the screen keeps working.
The files are read (each game replayed) in a worker thread, so a long list never
holds up the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Static
from textual.worker import Worker, WorkerState

from ... import storage
from ...storage import SORT_KEYS, SavedGame, SaveError
from ..narration import out_of
from ..plain import plain, printable
from ..widgets.keys import KeysFooter
from ..widgets.sized_table import SizedTable

if TYPE_CHECKING:
    from textual import getters

    from ..app import OhSevenApp

COLUMNS = (("id", "ID"), ("date", "Date"), ("rules", "Rules"), ("players", "Players"), ("winner", "Winner"),
           ("score", "Scores"))
# Below WIDE columns the list leaves out the ID (the review's title names it) and
# the player count (the names under Scores tell it), and wraps the rest onto more
# lines a game, so the date, rules, winner and every score stay whole.
WIDE = 120
NARROW_COLUMNS = (("date", "Date"), ("rules", "Rules"), ("winner", "Winner"), ("score", "Scores"))


def _plain_lines(text: str) -> Text:
    """Lines of names as plain text (each line never markup), kept as lines."""
    return Text("\n").join(plain(line) for line in text.split("\n"))


def _lines(parts: list[str], width: int, sep: str = "  ") -> str:
    """``parts`` joined by ``sep``, a new line wherever the next would pass ``width``."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + len(sep) + len(part) <= width:
            lines[-1] += sep + part
        else:
            lines.append(part)
    return "\n".join(lines)


def rules_text(game) -> str:
    """The game's name and the options that are not its defaults: "oh-seven, passing"
    (the spec's own line without the label and the player count, both in columns)."""
    spec = game.spec
    words = [spec.name]
    for opt in spec.options:
        value = game.options.get(opt.name, opt.default)
        if value != opt.default:
            words.append(opt.label.lower() if value is True else f"{opt.label.lower()} {value}")
    return ", ".join(words)


def _date(text: str) -> str:
    return text.replace("T", " ").replace("Z", "")[:16] if text else "?"


class SavedGamesScreen(Screen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(OhSevenApp)

    CSS_PATH = "saved_games.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("enter", "open", "Open", show=False),
        Binding("c", "resume", "Continue"),
        Binding("o", "sort_next", "Sort by"),
        Binding("v", "reverse", "Reverse"),
        Binding("delete,x", "delete", "Delete", key_display="x"),
        Binding("p", "players", "Players"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.saves: list[SavedGame] = []
        self.warnings: list[str] = []
        self.sort_key = "date"
        self.reverse = False
        # Not ``self.loading``: that is Textual's Widget.loading, which covers the
        # whole screen with a loading indicator.
        self.reading = True

    @property
    def dirs(self):
        return storage.save_dirs(getattr(self.app, "save_dir", None))

    def compose(self) -> ComposeResult:
        yield Static(id="saves-title")
        yield SizedTable(id="saves-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="saves-status")
        yield KeysFooter()

    @property
    def narrow(self) -> bool:
        return self.app.size.width < WIDE

    def _columns(self) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        self._narrow = self.narrow
        for key, label in NARROW_COLUMNS if self._narrow else COLUMNS:
            table.add_column(label, key=key)

    def on_resize(self) -> None:
        if self.is_mounted and getattr(self, "_narrow", None) not in (None, self.narrow):
            self._columns()
            self.fill()

    def on_mount(self) -> None:
        self._columns()
        self.fill()
        self.read_saves()
        self.query_one(DataTable).focus()

    @work(thread=True, exclusive=True, group="saved-games")
    def read_saves(self) -> tuple:
        return storage.list_saves(self.dirs)  # never raises for a bad file

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "saved-games" or event.state is not WorkerState.SUCCESS:
            return
        event.stop()
        result = event.worker.result
        assert result is not None  # a successful read_saves returned its (saves, warnings)
        self.saves, self.warnings = result
        self.reading = False
        for warning in self.warnings:
            self.notify(warning, title="Saved games", severity="warning", timeout=8)
        self.fill()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        keep = self.selected.id if self.selected is not None and table.row_count else None
        table.clear()
        self.saves = storage.sort_saves(self.saves, self.sort_key, self.reverse)
        rows = []
        for saved in self.saves:
            game = saved.game
            view = game.spec.view(game.options)
            played = len(game.results())
            word = view.round_word if played == 1 and not view.rounds else view.round_word + "s"
            winner = ", ".join(saved.winner_names) if saved.finished else (
                f"(unfinished, {out_of(played, view.rounds)} {word})")
            rows.append((saved, _date(saved.date), rules_text(game), winner,
                         [f"{n} {t}" for n, t in zip(saved.names, saved.totals)]))
        # Names and file names: plain text, never markup.
        if not self._narrow:
            for saved, date, rules, winner, scores in rows:
                table.add_row(plain(saved.id), plain(date), rules, str(saved.game.players), plain(winner),
                              plain("  ".join(scores)), key=saved.id)
        else:
            rules_w = max([len(p) for _, _, r, _, _ in rows for p in r.split(", ")] + [5])
            winner_w = min(20, max([len(w) for _, _, _, w, _ in rows] + [6]))
            room = max(12, self.app.size.width - 2 - 2 * 4 - 10 - rules_w - winner_w)  # scrollbar, cell padding
            for saved, date, rules, winner, scores in rows:
                table.add_row(_plain_lines(date.replace(" ", "\n", 1)),
                              _plain_lines(_lines(rules.split(", "), rules_w, ", ")),
                              _plain_lines(_lines(winner.split(" "), winner_w, " ")),
                              _plain_lines(_lines(scores, room)), key=saved.id, height=None)
        if keep is not None:
            ids = [s.id for s in self.saves]
            if keep in ids:
                table.move_cursor(row=ids.index(keep))
        arrow = "↑" if (self.sort_key in ("date", "score")) == self.reverse else "↓"
        self.query_one("#saves-title", Static).update(
            plain(f"Saved games in {self.dirs.saves}  ·  {len(self.saves)} game(s), sorted by {self.sort_key} {arrow}"))
        status = ""
        if self.reading:
            status = "Reading the saved games…"
        elif self.warnings:
            status = f"{len(self.warnings)} file(s) could not be read and are not listed: " + "; ".join(self.warnings)
        elif not self.saves:
            status = "No saved games yet: a finished game is saved here."
        self.query_one("#saves-status", Static).update(plain(status))

    @property
    def selected(self) -> Optional[SavedGame]:
        table = self.query_one(DataTable)
        if not self.saves or not table.row_count:
            return None
        row = table.cursor_row
        return self.saves[row] if 0 <= row < len(self.saves) else None

    # -- actions --------------------------------------------------------------
    def action_close(self) -> None:
        self.dismiss(None)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        event.stop()
        key = event.column_key.value
        assert key is not None  # every column is added with its sort key (on_mount)
        if key == self.sort_key:
            self.reverse = not self.reverse
        else:
            self.sort_key, self.reverse = key, False
        self.fill()

    def action_sort_next(self) -> None:
        self.sort_key = SORT_KEYS[(SORT_KEYS.index(self.sort_key) + 1) % len(SORT_KEYS)]
        self.reverse = False
        self.fill()

    def action_reverse(self) -> None:
        self.reverse = not self.reverse
        self.fill()

    def action_open(self) -> None:
        from .game_review import GameReviewScreen

        saved = self.selected
        if saved is not None:
            self.app.push_screen(GameReviewScreen(saved))

    def action_resume(self) -> None:
        """Continue an unfinished (put-aside) game: the app asks first if another
        game is unfinished; it is filed over this entry when it ends."""
        saved = self.selected
        if saved is None:
            return
        if saved.finished:
            self.notify(f"{saved.id} is finished: Enter reviews it.", timeout=4)
            return
        self.app.start_table(saved.game, new_label="continue this one")

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen(self.saves, self.warnings))

    def action_delete(self) -> None:
        from .confirm import ConfirmScreen

        saved = self.selected
        if saved is None:
            return

        def answered(yes: Optional[bool]) -> None:
            if not yes:
                self.notify(f"Kept {saved.id}.", timeout=3)
                return
            try:
                storage.delete_save(self.dirs, saved.path)
            except SaveError as exc:
                self.notify(str(exc), severity="error", timeout=8)
                return
            self.notify(f"Deleted {saved.id}.", timeout=3)
            self.saves = [s for s in self.saves if s.path != saved.path]
            self.fill()

        winner = ", ".join(saved.winner_names) or "nobody yet"
        self.app.push_screen(
            ConfirmScreen(f"Delete the saved game {printable(saved.id)} ({printable(_date(saved.date))}, "
                          f"won by {printable(winner)})?\nThis cannot be undone."),
            answered,
        )
