"""One saved game: scoresheet, statistics, a chart of running scores, and a
trick-by-trick replay of any round, for any family.

The replay's steps come from the game's family (``GameSpec.review``, e.g.
``games/ohhell/review.py``), read from the same public log a save file holds: a
finished round has no secrets left.
"""

from __future__ import annotations

from typing import Optional, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Static

from ...engine import Card
from ...engine.protocol import ReviewStep, SheetView
from ..cards import cards_text
from ..narration import out_of
from ..plain import plain, printable
from ..widgets.keys import KeysFooter
from ..widgets.score_chart import ScoreChart
from ..widgets.scoresheet import FitSheet, legend, statistics

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
    CSS_PATH = "saved_games.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
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

    @property
    def ascii(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

    def compose(self) -> ComposeResult:
        saved, game = self.saved, self.game
        names = [printable(s.name) for s in game.seats]
        results = game.results()
        if saved.finished:
            who = ", ".join(saved.winner_names)
            state = f"won by {who} with {max(game.totals)}"
        else:
            view = game.spec.view(game.options)
            word = view.round_word if len(results) == 1 and not view.rounds else view.round_word + "s"
            state = f"unfinished after {out_of(len(results), view.rounds, ' of ')} {word}"
        described = game.spec.describe(game.options)
        yield Static(plain(f"{saved.id}: {described}, {saved.date.replace('T', ' ').rstrip('Z')}, {state}"),
                     id="review-title")
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
                    yield Static(Text("No round finished."), classes="legend")
                # The chart itself is mounted when first shown (plotting is imported then).
                yield Static(totals_table(sheet, names), id="review-totals")
            with VerticalScroll(id="replay"):
                yield Static(id="replay-title")
                yield Static(id="replay-body")
                yield Static(Text("← → step · [ ] round · Home End"), classes="legend")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show_step()

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
        chart = ScoreChart(sheet, round_word=self.game.spec.view(self.game.options).round_word,
                           title="Running score by round", ascii=self.ascii, id="review-chart")
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
                title.update(Text("No round of this unfinished game is over yet; the round in play stays "
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
        body.update(Group(table, Text(""), Text(step.summary)))
