"""The coach's analysis of one saved game (issue 37): for each person, the
accuracy, the loss round by round, the biggest mistakes and every decision that
lost points, each with what was best and why in the bots' words.

Two views, never mixed: the fair one (each decision judged from the person's
own cards) and, on ``o``, the one with all hands open (the real cards), labelled
as such in the title and above the figures. A view not stored yet is made in a
worker (:class:`~..widgets.coach_run.CoachRun`); Escape stops it.
"""

from __future__ import annotations

from typing import Any, Optional

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...coach import OPEN_VIEW, VIEW, Analysis, Decision, SeatAnalysis
from ...coach.analysis import finished_rounds
from ...coach.words import accuracy_line, article, decision_note, view_label, view_note
from ..plain import printable
from ..widgets.coach_run import CoachJob, CoachRun
from ..widgets.keys import KeysFooter

__all__ = ["AnalysisScreen", "action_words", "seat_note"]


def action_words(spec: Any, seat: int, words: str, ascii: bool = False) -> str:
    """A decision's action (the record's words without the seat, "play 5H") as the
    game's screens say it ("7♥"); the record's words if it does not read back."""
    from ..families import family_ui

    try:
        action = spec.parse_action(f"{seat} {words}")
        said = family_ui(spec).action_words(action)
    except Exception:  # an older or odd record: its own words are still true
        return printable(words)
    return printable(_ascii(said) if ascii else said)


def _ascii(text: str) -> str:
    for suit, letter in (("♠", "S"), ("♥", "H"), ("♦", "D"), ("♣", "C")):
        text = text.replace(suit, letter)
    return text


def seat_note(spec: Any, report: SeatAnalysis, d: Decision, ascii: bool = False, view: str = VIEW) -> str:
    """One decision of ``report``'s seat in words, its actions as the game says them."""
    unit = report.thresholds.unit if report.thresholds is not None else "points"
    return decision_note(d, action_words(spec, report.seat, d.taken, ascii),
                         action_words(spec, report.seat, d.best, ascii), unit, view)


class AnalysisScreen(Screen[Optional[Analysis]]):
    """Dismissed with the fair analysis (the review's replay shows its notes)."""

    CSS_PATH = "analysis.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("q", "close", "Back", show=False),
        Binding("o", "switch", "Open/fair view"),
    ]

    def __init__(self, saved: Any, analysis: Analysis, job: CoachJob) -> None:
        super().__init__()
        self.saved = saved
        self.job = job
        self.analyses: dict[str, Analysis] = {analysis.view: analysis}
        self.view = analysis.view

    @property
    def ascii(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

    def compose(self) -> ComposeResult:
        yield Static(id="analysis-title")
        yield Static(id="analysis-view")
        yield CoachRun(id="analysis-run")
        with VerticalScroll(id="analysis-body"):
            yield Static(id="analysis-report")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        saved = self.saved
        self.query_one("#analysis-title", Static).update(
            Text(printable(f"Analysis of {saved.id}: {saved.game.spec.describe(saved.game.options)}")))
        label = view_label(self.view)
        other = "o: the fair view" if self.view == OPEN_VIEW else "o: with all hands open"
        self.query_one("#analysis-view", Static).update(Text(f"{label}  ·  {other}", style="bold"))
        self.set_class(self.view == OPEN_VIEW, "-open")
        found = self.analyses.get(self.view)
        report = self.query_one("#analysis-report", Static)
        if found is None:
            report.update(Text(""))
            return
        report.update(self._report(found))
        self.query_one("#analysis-body", VerticalScroll).scroll_home(animate=False)

    def _report(self, analysis: Analysis) -> Group:
        parts: list[Any] = [Text(view_note(analysis), style="italic")]
        game = self.saved.game
        word = game.spec.view(game.options).round_word  # "hand" where the game plays hands
        if not game.is_over:
            parts.append(Text(f"This game is not over: the {word} in play is left out until it is (its cards are "
                              "still hidden, as in the replay).", style="italic"))
        for report in analysis.seats:
            parts.extend(self._seat(game.spec, finished_rounds(game, report), analysis.view, word))
        return Group(*parts)

    def _seat(self, spec: Any, report: SeatAnalysis, view: str, word: str = "round") -> list[Any]:
        out: list[Any] = [Text(""), Text(printable(f"{report.name} (seat {report.seat + 1})"), style="bold")]
        unit = report.thresholds.unit if report.thresholds is not None else "points"
        judged = report.judged
        fine = sum(d.loss == 0 for d in judged)
        out.append(Text(accuracy_line(len(judged), fine, report.mean_loss, report.total_loss, unit, view)))
        if not judged:
            return out
        out.append(Text("Labels: " + ", ".join(f"{n} {label}" for label, n in report.labels().items())))
        rounds = Table(title=f"Loss by {word}", title_justify="left", box=None, padding=(0, 1), pad_edge=False)
        for col in (word.capitalize(), "Decisions", "Loss"):
            rounds.add_column(col, justify="right")
        for r in report.rounds:
            rounds.add_row(Text(str(r.round)), Text(str(r.decisions)), Text(f"{r.loss:.2f}"))
        kinds = Table(title="Loss by kind of decision", title_justify="left", box=None, padding=(0, 1),
                      pad_edge=False)
        for col in ("Kind", "Decisions", "Mean loss", "Loss"):
            kinds.add_column(col, justify="left" if col == "Kind" else "right")
        for k in report.kinds:
            kinds.add_row(Text(k.kind), Text(str(k.decisions)), Text(f"{k.loss / k.decisions:.2f}"),
                          Text(f"{k.loss:.2f}"))
        out.extend([Text(""), rounds, Text(""), kinds, Text(""), Text("Biggest mistakes:", style="bold")])
        worst = report.worst(3)
        if not worst:
            out.append(Text("  none: no decision lost points beyond the estimate's noise"))
        for i, d in enumerate(worst, start=1):
            out.append(Text(f"  {i}. {word.capitalize()} {d.round}: {seat_note(spec, report, d, self.ascii, view)}"))
        lost = [d for d in judged if d.loss > 0]
        if lost:
            table = Table(title=f"Decisions that lost points ({unit})", title_justify="left", box=None,
                          padding=(0, 1), pad_edge=False)
            for col, right in ((word.capitalize(), True), ("Played", False), ("Best", False), ("Loss", True),
                               ("Label", False)):
                table.add_column(col, justify="right" if right else "left")
            for d in lost:
                # Text cells: words from a save are never read as markup.
                table.add_row(Text(str(d.round)), Text(action_words(spec, report.seat, d.taken, self.ascii)),
                              Text(action_words(spec, report.seat, d.best, self.ascii)), Text(f"{d.loss:.2f}"),
                              Text(d.label))
            out.extend([Text(""), table])
        t = report.thresholds
        if t is not None:
            out.append(Text(f"\nLoss in {unit}: fine below {t.fine:g} (the estimate's noise), "
                            f"{article('inaccuracy')} inaccuracy below {t.mistake:g}, a mistake below "
                            f"{t.blunder:g}, a blunder from {t.blunder:g} on.", style="dim"))
        return out

    # -- keys -----------------------------------------------------------------
    def action_switch(self) -> None:
        run = self.query_one(CoachRun)
        if run.running:
            return
        self.view = VIEW if self.view == OPEN_VIEW else OPEN_VIEW
        self._show()
        if self.view not in self.analyses:
            run.start(CoachJob(lambda: self.saved, self.view, self.job.samples, self.job.state))

    def on_coach_run_done(self, event: CoachRun.Done) -> None:
        event.stop()
        self.analyses[event.analysis.view] = event.analysis
        if event.problem:
            self.notify(printable(event.problem), severity="warning", timeout=6, markup=False)
        self._show()

    def action_back(self) -> None:
        run = self.query_one(CoachRun)
        if run.stop():
            self.view = VIEW  # the open view was not made: back to the one there is
            self._show()
            return
        self.action_close()

    def action_close(self) -> None:
        self.query_one(CoachRun).stop()
        self.dismiss(self.analyses.get(VIEW))
