"""Game over: the winner(s), the final scoresheet, the statistics S1-S10 and the
running-score chart; ``a`` the coach's analysis of the game (issue 37), made in
a worker with a progress bar while the screen keeps answering its keys."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...table.source import Observation
from ..messages import BackToMenu, NewGame, OpenRemoteTable, TableLeft
from ..plain import printable
from ..widgets.coach_run import CoachJob, CoachRun
from ..widgets.keys import KeysFooter
from ..widgets.score_chart import ScoreChart
from ..widgets.scoresheet import legend, sheet_for, statistics
from .last_trick import last_trick, last_trick_line

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp


VERSUS_GAMES = 20  # the record against the bots covers this many of a player's last games


def versus_text(records: list[tuple[str, list[Any]]], family: str, *, solo: bool) -> Text:
    """Each person's record against each bot strength, as the game-over screen
    shows it: "normal bot: 12 games, you won 7, it won 3, both 1, neither 1"."""
    out = Text()
    for name, versus in records:
        if not versus:  # no finished game with a bot in the saves (this one was not filed)
            continue
        you = "you" if solo else printable(name)
        whose = "Your" if solo else f"{you}'s"
        out.append(f"\n{whose} record against the bots over the last {VERSUS_GAMES} {family} games:\n",
                   style="bold")
        for h in versus:
            out.append(f"  {h.label}: {h.games} game{'s' if h.games != 1 else ''}, {you} won {h.won}, "
                       f"it won {h.lost}, both won {h.shared}, neither {h.neither}\n")
    out.rstrip()
    return out


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _who_asked(seats: Any, asked: Any, away: Any, you: Optional[int]) -> str:
    """Who asked for another game, whom it waits for, and who left (the people only:
    a bot seat always agrees). One's own seat is "you", and once asked is told apart
    ("You asked for another game"), not listed again."""
    people = [s for s, seat in enumerate(seats) if seat.player == "human" and s < len(asked)]

    def named(s: int) -> str:
        return "you" if s == you else seats[s].name

    said = [named(s) for s in people if asked[s] and s != you]
    waiting = sorted((named(s) for s in people if not asked[s] and s not in away), key=lambda n: n != "you")
    gone = [named(s) for s in people if not asked[s] and s in away]
    words = []
    if said:
        words.append(f"Asked: {_names(said)}.")
    if waiting:
        words.append(f"Waiting for {_names(waiting)} to ask.")
    if gone:
        words.append(f"{_names(gone)} left the table: no other game unless they come back.")
    return " ".join(words)


class GameOverScreen(Screen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    CSS_PATH = "scoresheet.tcss"
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("m", "menu", "Menu"),
        Binding("escape", "escape", "Menu", show=False),
        Binding("q", "quit", "Quit"),
        Binding("l", "last_trick", "Last trick"),
        Binding("a", "analyse", "Analysis"),
        Binding("r", "rematch", "Another game"),  # at a networked table only
    ]

    def __init__(self, obs: Observation, game: Optional[Any] = None, table: Optional[Any] = None) -> None:
        """``game``: the finished game itself where it was played in this app and is
        saved (the coach reads its record); None for a game played elsewhere."""
        super().__init__()
        self.obs = obs
        self.game = game
        self.analysis: Any = None  # the fair analysis, once made or read back
        self.saved: Any = None
        self.table = table  # the seat source the game was played through
        self.remote: Any = None  # the seat at a table server (a rematch may come), once mounted

    def compose(self) -> ComposeResult:
        obs = self.obs
        names = [printable(s.name) for s in obs.seats]
        winners = [names[s] for s in obs.winners]
        best = max(obs.totals)
        if len(winners) == 1:
            title = f"Game over — {winners[0]} wins with {best} point{'' if abs(best) == 1 else 's'}!"
        else:
            title = f"Game over — {', '.join(winners[:-1])} and {winners[-1]} share the win with {best} point{'' if abs(best) == 1 else 's'}!"
        yield Static(Text(title), id="over-title")
        yield Static("", id="over-rematch")  # at a networked table: the series, who wants another game
        with VerticalScroll(id="over-body"):
            if last_trick(obs) is not None:  # the game's very last trick, never seen on the table
                yield Static(last_trick_line(obs, ascii=getattr(self.app, "ascii_cards", False),
                                             dark=self.app.current_theme.dark), id="over-last-trick")
            yield Static(sheet_for(obs), id="sheet")
            yield Static(Text(legend(obs)), classes="muted")
            yield Static(statistics(obs, names, ascii=getattr(self.app, "ascii_cards", False)),
                         id="stats")
            yield Static("", id="over-versus")  # filled from the saves, in a thread
            # Last, so the scoresheet and the statistics stay where they were at 80x24.
            sheet = obs.spec.sheet(obs)
            if sheet.rounds:
                yield ScoreChart(sheet, round_word=obs.view.round_word, title="Running score",
                                 ascii=getattr(self.app, "ascii_cards", False), id="over-chart")
        yield Static(id="over-more")  # says there is more below, until the end is in sight
        yield CoachRun(id="over-coach")
        yield KeysFooter()

    def on_mount(self) -> None:
        body = self.query_one("#over-body", VerticalScroll)
        self.watch(body, "scroll_y", lambda _y: self._more(), init=False)
        self.watch(body, "virtual_size", lambda _size: self._more(), init=False)
        self.call_after_refresh(self._more)
        self._load_versus_if_any()
        self._at_a_table_server()

    def on_resize(self) -> None:
        self.call_after_refresh(self._more)

    def _more(self) -> None:
        """A line under the body while part of it is out of sight below."""
        if not self.is_mounted:
            return
        body = self.query_one("#over-body", VerticalScroll)
        hidden = body.max_scroll_y - round(body.scroll_y)
        more = self.query_one("#over-more", Static)
        more.display = hidden > 0
        if hidden > 0:
            more.update(Text(f"↓ more below ({hidden} line{'s' if hidden != 1 else ''}): ↓ or PgDn scrolls",
                             style="bold"))

    def _load_versus_if_any(self) -> None:
        humans = [s.name for s in self.obs.seats if s.player == "human"]
        bots = any(s.player != "human" for s in self.obs.seats)
        if humans and bots and self.app.storage() is not None:
            self._load_versus(humans)

    @work(thread=True, exclusive=True, group="versus")
    def _load_versus(self, names: list[str]) -> None:
        """Each person's record against the bots over their last games of this
        family, read from the saves index (the game just filed among them)."""
        from ...engine import registry
        from ..saves_index import saves_index

        try:
            index = saves_index(self.app)
            index.refresh()
            records = [(name, index.versus_bots(name, self.obs.spec.family, last=VERSUS_GAMES)) for name in names]
        except Exception as exc:  # the record is a bonus: never a reason for the screen to fail
            line = Text(f"Your record against the bots could not be read ({exc}).")
        else:
            line = versus_text(records, registry.family_label(self.obs.spec.family), solo=len(names) == 1)
        self.app.call_from_thread(self._show_versus, line)

    def _show_versus(self, line: Text) -> None:
        if self.is_mounted:
            self.query_one("#over-versus", Static).update(line)

    # -- the coach ------------------------------------------------------------
    def action_analyse(self) -> None:
        from ...coach import DEFAULT_SAMPLES, VIEW

        run = self.query_one(CoachRun)
        if run.running:
            return
        if self.analysis is not None:
            self._open_analysis()
            return
        storage = self.app.storage()
        if self.game is None or storage is None:
            self.notify("This game's record is not kept here: analyse it from Saved games once it is filed "
                        "there.", timeout=6)
            return
        dirs = storage.save_dirs(getattr(self.app, "save_dir", None))
        game = self.game

        def load() -> Any:
            # Filed once: the game-over path files it already, and this finds that save.
            return storage.load_save(storage.finish_game(dirs, game))

        samples = int(getattr(self.app, "coach_samples", DEFAULT_SAMPLES))
        run.start(CoachJob(load, VIEW, samples, dirs.state))

    def on_coach_run_done(self, event: CoachRun.Done) -> None:
        event.stop()
        self.saved, self.analysis = event.saved, event.analysis
        if event.problem:
            self.notify(printable(event.problem), severity="warning", timeout=6, markup=False)
        if self.app.screen is self:
            self._open_analysis()
        else:
            self.notify("The analysis is ready: a shows it.", timeout=6)

    def _open_analysis(self) -> None:
        from ...coach import DEFAULT_SAMPLES
        from .analysis import AnalysisScreen

        run = self.query_one(CoachRun)
        storage = self.app.storage()
        dirs = storage.save_dirs(getattr(self.app, "save_dir", None))
        saved = self.saved
        samples = int(getattr(self.app, "coach_samples", DEFAULT_SAMPLES))
        job = CoachJob(lambda: saved, self.analysis.view, samples, dirs.state)
        run.remove_class("-shown")
        self.app.push_screen(AnalysisScreen(saved, self.analysis, job))

    # -- another game at a networked table (docs/network.md, "Another game") ---------
    def _at_a_table_server(self) -> None:
        source = self.table
        self.query_one("#over-rematch", Static).display = False
        if source is None or not hasattr(source, "ask_rematch"):
            return
        self.remote = source  # a watcher asks for nothing, but follows the table to its next game
        source.on_rematch = self._show_rematch
        source.on_next_game = lambda _next: self.call_later(self._next_game)
        self.call_after_refresh(self._show_rematch)  # once mounted: what the table said before
        self.refresh_bindings()
        if source.next_game is not None:  # it started before this screen listened
            self.call_later(self._next_game)

    def _show_rematch(self) -> None:
        source = self.remote
        if source is None or not self.is_mounted:
            return
        out = Text()
        series = source.series
        if series is not None and series.games > 0:
            seats = source.seats
            each = ", ".join(f"{seats[s].name} {t} ({series.won[s]} won)"
                             for s, t in enumerate(series.totals) if s < len(seats))
            out.append(f"Series after {series.games} game{'s' if series.games != 1 else ''}: {each}\n", style="bold")
        if source.gone:  # why, in the table's words ("the host has left the table")
            why = printable(source.gone).strip().rstrip(".") or "the table has closed"
            out.append(f"{why[:1].upper()}{why[1:]}: no other game.")
        elif source.watcher:
            out.append("You are watching: if the players start another game, it opens here. ")
        elif source.asked:
            out.append("You asked for another game. ")
        else:
            out.append("r asks the table for another game with the same seats. ")
        if not source.gone and series is not None:
            out.append(_who_asked(source.seats, series.asked, source.away, None if source.watcher else source.seat))
        shown = self.query_one("#over-rematch", Static)
        shown.update(out)  # the names and the table's words as plain text, never markup
        shown.display = True
        self.refresh_bindings()  # r is offered only while the table may start another game

    def action_rematch(self) -> None:
        source = self.remote
        if source is None:
            return
        if not source.can_rematch:
            self.notify("The table has closed: there is no other game to ask for.", timeout=6)
            return
        source.ask_rematch()

    def _next_game(self) -> None:
        """Every seat asked: this table's screens give way to the next game's."""
        source = self.remote
        if source is None or source.next_game is None:
            return
        nxt, self.remote = source.next_game, None
        source.on_rematch = source.on_next_game = None
        # keep_copy=False: the next game keeps this one's record keeper (none at the host's seat)
        self.post_message(OpenRemoteTable(nxt, keep_copy=False, next_game=True))

    def on_unmount(self) -> None:
        source = self.remote
        if source is not None:  # left for the menu, or a game of one's own: the table hears we left
            source.on_rematch = source.on_next_game = None
            # the host's leaving closes the table: no other game could start without their seat
            self.app.post_message(TableLeft(source))  # this screen no longer handles messages

    def check_action(self, action: str, parameters: tuple[object, ...]) -> Optional[bool]:
        if action == "rematch":
            return self.remote is not None and self.remote.can_rematch
        return True

    def action_escape(self) -> None:
        if not self.query_one(CoachRun).stop():
            self.action_menu()

    def action_new_game(self) -> None:
        self.app.post_message(NewGame())

    def action_last_trick(self) -> None:
        from .last_trick import LastTrickScreen

        self.app.push_screen(LastTrickScreen(self.obs))

    def action_menu(self) -> None:
        self.app.post_message(BackToMenu())

    async def action_quit(self) -> None:
        self.app.exit()
