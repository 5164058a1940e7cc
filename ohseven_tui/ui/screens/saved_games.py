"""Saved games on the main menu: the list (sortable, filtered by game and by
finished or put aside, a page at a time; delete after a confirmation), then one
game's review, or every player across all saves.

The list reads the saved games' index (storage.index) in a worker thread: the
rows it holds show at once, then it is brought up to date from the folder, with a
progress bar while many files are read; the page is read again as the files land
(a few times a second), so a first look at a big folder fills in as it goes, and
the sort and the filters work meanwhile. Only one page of rows is ever loaded, so
ten thousand saves cost what a hundred do. A file that cannot be read is skipped
with a notice; the screen keeps working.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Optional

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, ProgressBar, Static
from textual.worker import get_current_worker

from ... import storage
from ...storage import SaveError
from ...storage.index import INDEX_SORT_KEYS, STATES, SaveFilter, SaveIndex, SaveRow, player_label
from ..messages import StartGame
from ..narration import out_of, plural
from ..plain import plain, printable
from ..saves_index import saves_index
from ..widgets.keys import KeysFooter
from ..widgets.sized_table import SizedTable

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp

COLUMNS = (("id", "ID"), ("date", "Date"), ("game", "Game"), ("players", "Players"), ("winner", "Winner"),
           ("score", "Scores"))
PAGE = 100  # rows loaded at a time
NOTICES = 5  # unreadable files named in a notice each; the status line counts the rest
# Below WIDE columns the list leaves out the ID (the review's title names it) and
# the player count (the names under Scores tell it), and wraps the rest onto more
# lines a game, so the date, rules, winner and every score stay whole.
WIDE = 120
# A file name or a seat's name is cut here (the rest: Enter opens the game), so one
# long one cannot push the other columns out of sight.
ID_CELL = 32
NAME_CELL = 20
NARROW_COLUMNS = (("date", "Date"), ("game", "Game"), ("winner", "Winner"), ("score", "Scores"))
# While the index is built, the page is read again at most this often (seconds).
LIVE_EVERY = 0.3
# A save file this big is opened (replayed) in a worker, the list live meanwhile: a
# hand dealt again 120,000 times (8 MB) takes seconds. A usual save is ~50 KB.
OPEN_IN_WORKER = 512 * 1024


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def _as_now(row: SaveRow, in_play: Any) -> SaveRow:
    """A put-aside entry's row with its game's rounds and scores as the autosave has
    them now (the entry is rewritten when the game is put aside again or ends)."""
    from dataclasses import replace

    game = in_play.game
    return replace(row, rounds=len(game.results()), totals=tuple(game.totals))


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


def rules_text(row: SaveRow) -> str:
    """The game's name and the options that are not its defaults: "oh-seven, passing"
    (the spec's own line without the label and the player count, both in columns)."""
    from ...engine.registry import UnknownGame, game_spec

    try:
        spec = game_spec(row.game)
    except UnknownGame:  # saved by an ohseven with a game this one lacks
        return row.game
    words = [spec.name]
    for opt in spec.options:
        value = row.options.get(opt.name, opt.default)
        if value != opt.default:
            words.append(opt.label.lower() if value is True else f"{opt.label.lower()} {value}")
    return ", ".join(words)


def round_words(row: SaveRow) -> tuple[str, Optional[int]]:
    """The game's word for a round ("hand") and how many it lasts (None: to a score)."""
    from ...engine.registry import UnknownGame, game_spec

    try:
        spec = game_spec(row.game)
        view = spec.view(spec.check_options(row.options))
    except (UnknownGame, ValueError):
        return "round", None
    return view.round_word, view.rounds


def _date(text: str) -> str:
    return text.replace("T", " ").replace("Z", "")[:16] if text else "?"


class SavedGamesScreen(Screen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    CSS_PATH = "saved_games.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("enter", "open", "Open", show=False),
        Binding("c", "resume", "Continue"),
        Binding("o", "sort_next", "Sort by"),
        Binding("v", "reverse", "Reverse"),
        Binding("f", "next_game", "Game"),
        Binding("u", "next_state", "Finished/aside"),
        Binding("]", "page(1)", "Next page"),
        Binding("[", "page(-1)", "Prev page"),
        Binding("delete,x", "delete", "Delete", key_display="x"),
        Binding("p", "players", "Players"),
        Binding("w", "unreadable", "Unreadable"),  # only while some file could not be read
    ]
    # At 80 columns the footer drops these first: the filters and the sort keys
    # are in the help and the title says the sort; Delete and Players stay.
    FOOTER_DROP = ("next_state", "reverse", "next_game", "sort_next", "resume")

    def __init__(self, where: Optional[SaveFilter] = None) -> None:
        super().__init__()
        self.rows: list[SaveRow] = []  # this page's
        self.total = 0  # games the filters keep
        self.page = 0
        self.where = where or SaveFilter()
        self.games: list[str] = []  # the games the saves hold (the game filter cycles them)
        self.warnings: list[str] = []
        self.in_play: set[str] = set()  # this page's entries of the game in play (continued since)
        self.sort_key = "date"
        self.reverse = False
        # Not ``self.loading``: that is Textual's Widget.loading, which covers the
        # whole screen with a loading indicator.
        self.reading = True
        self.building = ""  # the build's progress line, while files are read
        self._live = False  # the rows shown are read again as the build goes on
        self._page_wanted = False  # the sort, a filter or the page changed while building

    @property
    def dirs(self):
        return storage.save_dirs(getattr(self.app, "save_dir", None))

    def compose(self) -> ComposeResult:
        yield Static(id="saves-title")
        yield ProgressBar(id="saves-progress", show_eta=True)
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

    @property
    def sort_keys(self) -> tuple[str, ...]:
        """The sorts ``o`` offers: by the columns shown (below WIDE, no id or player count)."""
        shown = {key for key, _ in (NARROW_COLUMNS if self.narrow else COLUMNS)}
        return tuple(k for k in INDEX_SORT_KEYS if k in shown)

    def on_resize(self) -> None:
        if not self.is_mounted or getattr(self, "_narrow", None) is None:
            return
        # The narrow layout wraps to the width: its columns made again, as a column
        # never narrows to its new cells.
        if self._narrow != self.narrow or (self._narrow and getattr(self, "_filled_width", None) != self.app.size.width):
            keep = self.selected  # the cursor stays on its game
            self._columns()
            self.fill(keep.id if keep is not None else None)

    def on_mount(self) -> None:
        self.query_one(ProgressBar).display = False
        self._columns()
        self.fill()
        self.read_saves()
        self.query_one(DataTable).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> Optional[bool]:
        if action == "unreadable":
            return bool(self.warnings)
        if action == "page":  # only where there is another page that way
            pages = max(1, -(-self.total // PAGE))
            return 0 <= self.page + int(str(parameters[0])) < pages
        return True

    # -- reading (worker threads) ------------------------------------------------
    @work(thread=True, exclusive=True, group="saved-games")
    def read_saves(self) -> None:
        """What the index holds, at once; then the index brought up to date from the
        folder (a progress bar while many files are read), and the list again."""
        index = saves_index(self.app)
        worker = get_current_worker()
        if index.count(self.where):
            self._show_page(index, worker)
        last = [0.0]

        def progress(done: int, total: int) -> None:
            # Called in this thread after each batch lands: the page so far, a few times a second.
            self.app.call_from_thread(self._progress, done, total)
            now = time.monotonic()
            if done and not worker.is_cancelled and (self._page_wanted or now - last[0] >= LIVE_EVERY):
                self._page_wanted = False
                last[0] = now
                try:
                    self._show_page(index, worker, live=True)
                except Exception:  # a glimpse only: the page read after the build is the one that counts
                    pass

        result = index.refresh(progress)
        if worker.is_cancelled:
            return
        self.app.call_from_thread(self._refreshed, result)
        self._show_page(index, worker)

    def read_page(self) -> None:
        """This page again (sort, filter or page changed). While the index is built,
        the build reads it at its next batch (a reader here would wait for the build)."""
        if self.reading:
            self._page_wanted = True
            return
        self._read_page()

    @work(thread=True, exclusive=True, group="saved-games-page")
    def _read_page(self) -> None:
        self._show_page(saves_index(self.app), get_current_worker())

    def _show_page(self, index: SaveIndex, worker: Any, live: bool = False) -> None:
        total = index.count(self.where)
        page = min(self.page, max(0, -(-total // PAGE) - 1))
        rows = index.rows(self.where, self.sort_key, self.reverse, offset=page * PAGE, limit=PAGE)
        games = index.games(SaveFilter(state=self.where.state))
        # A game put aside and continued since: its entry is listed as it stands now.
        in_play = storage.game_in_play(self.dirs) if any(not r.finished for r in rows) else None
        now = {r.id for r in rows if in_play is not None and not r.finished and r.game_id == in_play.game_id}
        rows = [_as_now(r, in_play) if r.id in now else r for r in rows]
        if not worker.is_cancelled:
            self.app.call_from_thread(self._show, rows, total, page, games, now, live)

    def _progress(self, done: int, total: int) -> None:
        bar = self.query_one(ProgressBar)
        bar.display = done < total
        bar.update(total=total, progress=done)
        self.building = ""
        if done < total:
            # Said only once the rows shown are being read again as files land.
            kept = " (the list is kept up to date)" if self._live else ""
            self.building = f"Reading the saved games… {done:,} of {total:,} files{kept}"
        self.query_one("#saves-status", Static).update(plain(self.building))

    def _refreshed(self, result: Any) -> None:
        self.query_one(ProgressBar).display = False
        self.reading = False
        self.building = ""
        self._live = False
        self.warnings = list(result.warnings)
        if result.notice:
            self.notify(printable(result.notice), title="Saved games", severity="warning", timeout=10)
        for warning in self.warnings[:NOTICES]:
            self.notify(printable(warning), title="Saved games", severity="warning", timeout=8)
        if len(self.warnings) > NOTICES:
            self.notify(f"… and {plural(len(self.warnings) - NOTICES, 'more file')} that could not be read (w lists "
                        "them all).", title="Saved games", severity="warning", timeout=8)

    def _show(self, rows: list[SaveRow], total: int, page: int, games: list[str], in_play: set[str],
              live: bool = False) -> None:
        self.rows, self.total, self.page, self.games, self.in_play = rows, total, page, games, in_play
        if live and self.building:
            self._live = True
            self.building = self.building.split(" (", 1)[0] + " (the list is kept up to date)"
        self.fill()
        self.refresh_bindings()

    # -- drawing -----------------------------------------------------------------
    def fill(self, keep: Optional[str] = None) -> None:
        table = self.query_one(DataTable)
        if keep is None:
            keep = self.selected.id if self.selected is not None and table.row_count else None
        table.clear()
        rows = []
        games: dict[tuple, tuple] = {}  # per game and options, its words and cell: a page holds a few
        for saved in self.rows:
            key = (saved.game, tuple(sorted(saved.options.items())))
            if key not in games:
                games[key] = (*round_words(saved), rules_text(saved))
            word, rounds, rules = games[key]
            word = word if saved.rounds == 1 and not rounds else word + "s"
            winner = ", ".join(_cut(n, NAME_CELL) for n in saved.winner_names) if saved.finished else (
                f"(unfinished, {out_of(saved.rounds, rounds)} {word}"
                f"{', in play: Continue' if saved.id in self.in_play else ''})")
            rows.append((saved, _date(saved.date), rules, winner,
                         [f"{_cut(n, NAME_CELL)} {t}" for n, t in zip(saved.names, saved.totals)]))
        # Names and file names: plain text, never markup.
        if not self._narrow:
            for saved, date, rules, winner, scores in rows:
                table.add_row(plain(_cut(saved.id, ID_CELL)), plain(date), rules, str(saved.players), plain(winner),
                              plain("  ".join(scores)), key=saved.id)
        else:
            width = self._filled_width = self.app.size.width
            rules_w = max([len(p) for _, _, r, _, _ in rows for p in r.split(", ")] + [5])
            winner_w = min(20, max([len(w) for _, _, _, w, _ in rows] + [6]))
            # The scores take what is left (scrollbar, cell padding, the date): the
            # winner's column gives way first, down to its longest word, so that a
            # seat's name and total fit one line even at 60 columns.
            fixed = 2 + 2 * 4 + 10 + rules_w
            widest = max([len(part) for *_, scores in rows for part in scores] + [1])
            if width - fixed - winner_w < min(widest, NAME_CELL):
                words = [len(word) for _, _, _, w, _ in rows for word in w.split(" ")]
                winner_w = max(6, min(winner_w, max(words + [6]), width - fixed - min(widest, 12)))
            room = max(8, width - fixed - winner_w)
            for saved, date, rules, winner, scores in rows:
                if widest > room:  # a name cut to fit beside its total
                    scores = [f"{_cut(n, max(3, room - 1 - len(str(t))))} {t}"
                              for n, t in zip(saved.names, saved.totals)]
                table.add_row(_plain_lines(date.replace(" ", "\n", 1)),
                              _plain_lines(_lines(rules.split(", "), rules_w, ", ")),
                              _plain_lines("\n".join(_cut(line, winner_w) for line in
                                                     _lines(winner.split(" "), winner_w, " ").split("\n"))),
                              _plain_lines(_lines(scores, room)), key=saved.id, height=None)
        if keep is not None:
            ids = [s.id for s in self.rows]
            if keep in ids:
                table.move_cursor(row=ids.index(keep))
        self.query_one("#saves-title", Static).update(plain(self._title()))
        status = ""
        if self.building:
            status = self.building
        elif self.reading and not self.rows:
            status = "Reading the saved games…"
        elif self.warnings:
            status = (f"{plural(len(self.warnings), 'file')} could not be read and are not listed: w lists them, "
                      "with why.")
        elif not self.rows:
            status = ("No saved games match: f changes the game, u finished or put aside."
                      if self.where != SaveFilter() else "No saved games yet: a finished game is saved here.")
        self.query_one("#saves-status", Static).update(plain(status))

    def _title(self) -> str:
        arrow = "↑" if (self.sort_key in ("date", "score")) == self.reverse else "↓"
        kept = []
        if self.where.game:
            kept.append(self.where.game)
        if self.where.player:
            kept.append(f"with {self.where.player}")
        if self.where.who:
            kept.append(f"with {player_label(self.where.who)}")
        if self.where.state:
            kept.append("finished" if self.where.state == "finished" else "put aside")
        which = f" ({', '.join(kept)})" if kept else ""
        shown = ""
        if self.total > PAGE:
            first = self.page * PAGE + 1
            shown = f", {first}–{first + len(self.rows) - 1} shown ([ ] pages)"
        count = plural(self.total, "game")
        if self.reading:
            count = f"{count} so far" if self.rows else "reading…"
        return f"Saved games in {self.dirs.saves}  ·  {count}{which}{shown}, sorted by {self.sort_key} {arrow}"

    @property
    def selected(self) -> Optional[SaveRow]:
        table = self.query_one(DataTable)
        if not self.rows or not table.row_count:
            return None
        row = table.cursor_row
        return self.rows[row] if 0 <= row < len(self.rows) else None

    # -- actions --------------------------------------------------------------
    def action_close(self) -> None:
        self.dismiss(None)

    def action_unreadable(self) -> None:
        if self.warnings:
            self.app.clear_notifications()  # they name the same files, and would cover the list
            self.app.push_screen(UnreadableScreen(self.warnings))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def _resort(self) -> None:
        self.page = 0
        self.query_one("#saves-title", Static).update(plain(self._title()))  # at once, even while reading
        self.read_page()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        event.stop()
        key = event.column_key.value
        assert key is not None  # every column is added with its sort key (on_mount)
        if key == self.sort_key:
            self.reverse = not self.reverse
        else:
            self.sort_key, self.reverse = key, False
        self._resort()

    def action_sort_next(self) -> None:
        """The next sort by a column shown (the order of INDEX_SORT_KEYS)."""
        keys, at = self.sort_keys, INDEX_SORT_KEYS.index(self.sort_key)
        self.sort_key = next(k for step in range(1, len(INDEX_SORT_KEYS) + 1)
                             if (k := INDEX_SORT_KEYS[(at + step) % len(INDEX_SORT_KEYS)]) in keys)
        self.reverse = False
        self._resort()

    def action_reverse(self) -> None:
        self.reverse = not self.reverse
        self._resort()

    def action_next_game(self) -> None:
        """All games, then each game the saves hold."""
        from dataclasses import replace

        choices: list[Optional[str]] = [None, *self.games]
        if self.where.game is not None and self.where.game not in choices:
            choices.append(self.where.game)
        self.where = replace(self.where, game=choices[(choices.index(self.where.game) + 1) % len(choices)])
        self._resort()

    def action_next_state(self) -> None:
        """Finished and put aside, then only finished, then only put aside."""
        from dataclasses import replace

        choices: list[Optional[str]] = [None, *STATES]
        self.where = replace(self.where, state=choices[(choices.index(self.where.state) + 1) % len(choices)])
        self._resort()

    def action_page(self, delta: int) -> None:
        if self.check_action("page", (delta,)):
            self.page += delta
            self.read_page()

    def _load(self, row: SaveRow) -> Optional[storage.SavedGame]:
        try:
            return row.load()
        except SaveError as exc:  # changed or gone since it was listed
            self.notify(printable(str(exc)), severity="error", timeout=8)
            self.read_saves()
            return None

    def action_open(self) -> None:
        row = self.selected
        if row is None:
            return
        try:
            big = row.path.stat().st_size >= OPEN_IN_WORKER
        except OSError:
            big = False  # the load says why, in one line
        if big:
            self.query_one("#saves-status", Static).update(plain(f"Opening {_cut(row.id, ID_CELL)}… (a long game)"))
            self._open_in_worker(row)
            return
        saved = self._load(row)
        if saved is not None:
            self._review(saved)

    @work(thread=True, exclusive=True, group="saved-games-open")
    def _open_in_worker(self, row: SaveRow) -> None:
        try:
            saved: Optional[storage.SavedGame] = row.load()
        except SaveError as exc:
            self.app.call_from_thread(self._unloadable, exc)
            return
        if not get_current_worker().is_cancelled and saved is not None:
            self.app.call_from_thread(self._review, saved)

    def _unloadable(self, exc: SaveError) -> None:
        self.fill()
        self.notify(printable(str(exc)), severity="error", timeout=8)
        self.read_saves()

    def _review(self, saved: storage.SavedGame) -> None:
        from .game_review import GameReviewScreen

        if self.app.screen is not self:  # left (or covered) while it was read
            return
        self.fill()
        self.app.push_screen(GameReviewScreen(saved))

    def action_resume(self) -> None:
        """Continue an unfinished (put-aside) game: the app asks first if another
        game is unfinished; it is filed over this entry when it ends."""
        row = self.selected
        if row is None:
            return
        if row.finished:
            self.notify(f"{printable(row.id)} is finished: Enter reviews it.", timeout=4)
            return
        saved = self._load(row)
        if saved is not None:
            self.app.post_message(StartGame(saved.game, new_label="continue this one"))

    def action_players(self) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen(SaveFilter(game=self.where.game)), self._players_closed)

    def _players_closed(self, games_of: Optional[str]) -> None:
        """A player's games were asked for: a list of only theirs, over this one."""
        if games_of is not None:
            from dataclasses import replace

            self.app.push_screen(SavedGamesScreen(replace(self.where, who=games_of)))

    def action_delete(self) -> None:
        from .confirm import ConfirmScreen

        saved = self.selected
        if saved is None:
            return

        def answered(yes: Optional[bool]) -> None:
            if not yes:
                self.notify(f"Kept {printable(saved.id)}.", timeout=3)
                return
            try:
                storage.delete_save(self.dirs, saved.path)
            except SaveError as exc:
                self.notify(printable(str(exc)), severity="error", timeout=8)
                return
            self.notify(f"Deleted {printable(saved.id)}.", timeout=3)
            self.read_saves()

        winner = ", ".join(saved.winner_names) or "nobody yet"
        self.app.push_screen(
            ConfirmScreen(f"Delete the saved game {printable(saved.id)} ({printable(_date(saved.date))}, "
                          f"won by {printable(winner)})?\nThis cannot be undone."),
            answered,
        )


class UnreadableScreen(ModalScreen[None]):
    """Every file the list skipped, one a line with why, however many: the status
    line below the list has room for only a few."""

    DEFAULT_CSS = """
    UnreadableScreen { align: center middle; }
    UnreadableScreen #unreadable-box { width: 90%; height: 80%; border: round $warning; background: $surface;
                                       padding: 0 1; }
    UnreadableScreen #unreadable-title { color: $warning; text-style: bold; height: auto; }
    UnreadableScreen #unreadable-list { height: 1fr; }
    """
    BINDINGS = [Binding("escape,q,w", "close", "Back")]

    def __init__(self, warnings: list[str]) -> None:
        super().__init__()
        self.warnings = list(warnings)

    def compose(self) -> ComposeResult:
        with Vertical(id="unreadable-box"):
            yield Static(f"{plural(len(self.warnings), 'file')} could not be read, so the list leaves them out. "
                         "They are kept as they are.", id="unreadable-title")
            with VerticalScroll(id="unreadable-list"):
                # File names and reasons quote the files: plain text, never markup.
                yield Static(Text("\n").join(plain(line) for line in self.warnings))
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#unreadable-list").focus()  # the arrow keys scroll it

    def action_close(self) -> None:
        self.dismiss(None)
