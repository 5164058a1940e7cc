"""One saved game: scoresheet, statistics, a chart of running scores, and a
trick-by-trick replay of any round, for any family; ``a`` the coach's analysis
(issue 37), whose note the replay shows at each of a person's decisions (read
back from the stored analyses when there is one).

The replay's steps come from the game's family (``GameSpec.review``, e.g.
``games/ohhell/review.py``), read from the same public log a save file holds: a
finished round has no secrets left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static
from textual.worker import get_current_worker

from ...engine import Card
from ...engine.protocol import ReviewStep, SheetView
from ...storage.review import stand_in_note
from ..cards import cards_text
from ..narration import out_of
from ..plain import plain, printable
from ..widgets.coach_run import CoachJob, CoachRun
from ..widgets.keys import KeysFooter
from ..widgets.score_chart import ScoreChart
from ..widgets.scoresheet import FitSheet, legend, statistics

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp

VIEWS = ("scoresheet", "statistics", "chart", "replay")


# ---------------------------------------------------------------------------- replay model
ReplayStep = ReviewStep  # the older name: one moment of a round (engine.protocol)


def round_steps(game, round_index: int, label=None) -> list[ReviewStep]:
    """One finished round's replay steps, from the game's family (``spec.review``);
    none for a family without a replay."""
    review = game.spec.review
    if review is None:
        return []
    return list(review(game, round_index, label or Card.text))


def totals_table(sheet: SheetView, names: Sequence[str]) -> Table:
    """The chart's numbers: running totals, a row per player, a column per finished
    round, read from the game's scoresheet (every family declares one)."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("", no_wrap=True)
    table.add_column("Player", no_wrap=True, max_width=14)
    for rnd in sheet.rounds:
        table.add_column(rnd.label.split("\n")[0], justify="right")
    for s, name in enumerate(names):
        table.add_row(str(s + 1), plain(name), *(str(rnd.cells[s].total) for rnd in sheet.rounds))
    return table


# ---------------------------------------------------------------------------- screen
class GameReviewScreen(Screen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    CSS_PATH = "saved_games.tcss"
    BINDINGS = [
        Binding("escape", "escape", "Back"),
        Binding("q", "close", "Back", show=False),
        Binding("a", "analyse", "Analysis"),
        Binding("s", "view('scoresheet')", "Scoresheet"),
        Binding("t", "view('statistics')", "Statistics"),
        Binding("c", "view('chart')", "Chart"),
        Binding("r", "view('replay')", "Replay"),
        Binding("right,l", "step(1)", "Step", priority=True),
        Binding("left,h", "step(-1)", "Back a step", priority=True),
        Binding("]", "round(1)", "Next round"),
        Binding("[", "round(-1)", "Prev round"),
        Binding("home", "edge(0)", "First step", show=False),
        Binding("end", "edge(-1)", "Last step", show=False),
    ]

    def __init__(self, saved) -> None:
        super().__init__()
        self.saved = saved
        self.game = saved.game
        self.view = "scoresheet"
        self.round_index = 0
        self.step_index = 0
        self._steps: dict[int, list[ReplayStep]] = {}
        self.analysis: Any = None  # the coach's fair analysis, once made or read back

    @property
    def round_word(self) -> str:
        """The game's word for a round ("hand" where it plays hands)."""
        return str(self.game.spec.view(self.game.options).round_word)

    @property
    def ascii(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

    def compose(self) -> ComposeResult:
        saved, game = self.saved, self.game
        names = [printable(s.name) for s in game.seats]
        results = game.results()
        word = self.round_word  # "hand" where the game plays hands
        if saved.finished:
            who = ", ".join(saved.winner_names)
            state = f"won by {who} with {max(game.totals)}"
        else:
            view = game.spec.view(game.options)
            words = word if len(results) == 1 and not view.rounds else word + "s"
            state = f"unfinished after {out_of(len(results), view.rounds, ' of ')} {words}"
        described = game.spec.describe(game.options)
        yield Static(plain(f"{saved.id}: {described}, {saved.date.replace('T', ' ').rstrip('Z')}, {state}"),
                     id="review-title")
        standins = stand_in_note(game)  # moves a bot made for a person (away, or out of time)
        if standins:
            yield Static(plain(standins), id="review-standins")
        with ContentSwitcher(initial="scoresheet", id="review-views"):
            with VerticalScroll(id="scoresheet"):
                # An unfinished game: the round it stopped in, with any points won in it.
                obs = game.observe(0)
                sheet = game.spec.sheet(obs)
                yield Static(FitSheet(sheet), id="review-sheet")
                yield Static(Text(legend(sheet, in_play=sheet.current is not None)), classes="legend")
            with VerticalScroll(id="statistics"):
                yield Static(statistics(game.spec.stats(obs), names, ascii=self.ascii), id="review-stats")
            with VerticalScroll(id="chart"):
                if not results:
                    yield Static(Text(f"No {word} finished."), classes="legend")
                # The chart itself is mounted when first shown (plotting is imported then).
                yield Static(totals_table(sheet, names), id="review-totals")
            with VerticalScroll(id="replay"):
                yield Static(id="replay-title")
                yield Static(id="replay-body")
                yield Static(Text(f"← → step · [ ] {word} · Home End"), classes="legend")
        yield CoachRun(id="review-coach")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show_step()
        if self.app.storage() is not None:
            self._read_stored()

    # -- the coach ------------------------------------------------------------
    def _state_dir(self) -> Any:
        storage = self.app.storage()
        return storage.save_dirs(getattr(self.app, "save_dir", None)).state

    @work(thread=True, exclusive=True, group="coach-stored")
    def _read_stored(self) -> None:
        """The stored fair analysis, if the game was analysed before: its notes in
        the replay, without analysing anything."""
        from ...coach import human_seats
        from ...coach.store import AnalysisStore, found_analysis

        seats = human_seats(self.game)
        if not seats:
            return
        try:
            with AnalysisStore(self._state_dir()) as store:
                found = found_analysis(self.game, store, seats)
        except Exception:  # the store is only a cache: no notes, then
            return
        if found is not None and not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._analysed, found)

    def _analysed(self, analysis: Any) -> None:
        if analysis is not None:
            self.analysis = analysis
        if self.is_mounted:
            self._show_step()

    def _job(self) -> CoachJob:
        from ...coach import DEFAULT_SAMPLES, VIEW

        saved = self.saved
        return CoachJob(lambda: saved, VIEW, int(getattr(self.app, "coach_samples", DEFAULT_SAMPLES)),
                        self._state_dir())

    def action_analyse(self) -> None:
        from .analysis import AnalysisScreen

        run = self.query_one(CoachRun)
        if run.running:
            return
        if self.app.storage() is None:
            self.notify("The coach needs the saves folder, which this build has not.", timeout=6)
            return
        if self.analysis is not None:
            self.app.push_screen(AnalysisScreen(self.saved, self.analysis, self._job()), self._analysed)
            return
        run.start(self._job())

    def on_coach_run_done(self, event: CoachRun.Done) -> None:
        from .analysis import AnalysisScreen

        event.stop()
        self._analysed(event.analysis)
        if event.problem:
            self.notify(printable(event.problem), severity="warning", timeout=6, markup=False)
        if self.app.screen is self:
            self.app.push_screen(AnalysisScreen(self.saved, event.analysis, self._job()), self._analysed)
        else:
            self.notify("The analysis is ready: a shows it.", timeout=6)

    def action_escape(self) -> None:
        if not self.query_one(CoachRun).stop():
            self.action_close()

    def coach_notes(self, step: ReplayStep) -> list[Text]:
        """The coach's note for each analysed seat's decision this step shows."""
        from .analysis import seat_note

        if self.analysis is None or not step.actions:
            return []
        shown = set(step.actions)
        notes = []
        for report in self.analysis.seats:
            for d in report.decisions:
                if d.index in shown:
                    note = seat_note(self.game.spec, report, d, self.ascii, self.analysis.view)
                    notes.append(Text.assemble(("Coach, ", "bold"), (printable(report.name), "bold"), ": ", note))
        return notes

    @property
    def replay_rounds(self) -> int:
        """Rounds the replay may show. An unfinished game's round in play stays
        hidden: its hands are still in play, and whoever resumes it may be watching."""
        return len(self.game.results())

    def check_action(self, action: str, parameters) -> Optional[bool]:
        if action in ("step", "round", "edge"):
            return self.view == "replay" and self.replay_rounds > 0
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_view(self, view: str) -> None:
        self.view = view
        self.query_one(ContentSwitcher).current = view
        if view == "chart":
            self._mount_chart()
        self.refresh_bindings()
        self._show_step()

    def _mount_chart(self) -> None:
        if self.query("#review-chart") or not self.game.results():
            return
        sheet = self.game.spec.sheet(self.game.observe(0))
        chart = ScoreChart(sheet, round_word=self.round_word,
                           title=f"Running score by {self.round_word}", ascii=self.ascii, id="review-chart")
        self.query_one("#chart", VerticalScroll).mount(chart, before="#review-totals")

    def steps(self) -> list[ReplayStep]:
        if self.round_index not in self._steps:
            label = (lambda c: c.pretty(self.ascii))
            shown = self.round_index < self.replay_rounds
            self._steps[self.round_index] = round_steps(self.game, self.round_index, label) if shown else []
        return self._steps[self.round_index]

    def action_step(self, delta: int) -> None:
        steps = self.steps()
        new = self.step_index + delta
        if 0 <= new < len(steps):
            self.step_index = new
        elif new >= len(steps) and self.round_index + 1 < self.replay_rounds:
            self.round_index += 1
            self.step_index = 0
        elif new < 0 and self.round_index > 0:
            self.round_index -= 1
            self.step_index = len(self.steps()) - 1
        self._show_step()

    def action_round(self, delta: int) -> None:
        new = self.round_index + delta
        if 0 <= new < self.replay_rounds:
            self.round_index = new
            self.step_index = 0
        self._show_step()

    def action_edge(self, where: int) -> None:
        self.step_index = 0 if where == 0 else len(self.steps()) - 1
        self._show_step()

    @property
    def current_step(self) -> Optional[ReplayStep]:
        steps = self.steps()
        return steps[self.step_index] if steps else None

    def _show_step(self) -> None:
        step = self.current_step
        title = self.query_one("#replay-title", Static)
        body = self.query_one("#replay-body", Static)
        if step is None:
            if self.game.round_number and not self.saved.finished:
                word = self.round_word
                title.update(Text(f"No {word} of this unfinished game is over yet; the {word} in play stays "
                                  "hidden until it is."))
            else:
                title.update(Text("Nothing was dealt in this game."))
            body.update("")
            return
        steps = self.steps()
        title.update(Text(f"{step.title}  ·  step {self.step_index + 1} of {len(steps)}", style="bold"))
        table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold")
        table.add_column("Seat", no_wrap=True, max_width=14)
        table.add_column("Hand", no_wrap=True)
        table.add_column("This step")
        for s, seat in enumerate(self.game.seats):
            note = step.notes[s] if s < len(step.notes) else ""
            table.add_row(plain(seat.name), cards_text(step.hands[s], ascii=self.ascii), Text(note))
        notes = self.coach_notes(step)
        body.update(Group(table, Text(""), Text(step.summary), *((Text(""), *notes) if notes else ())))
