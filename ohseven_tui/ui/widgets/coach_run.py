"""The coach at work (issue 37): one analysis of a saved game in a thread worker,
shown as a line and a progress bar (decisions done / total), stopped on request.

The screen that holds it starts a :class:`CoachJob` and hears back by messages:
:class:`CoachRun.Done` with the analysis. An analysis already stored (at any
sample count) is read back, not made again. Stopping keeps nothing: the store
only takes a whole analysis.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import ProgressBar, Static
from textual.worker import Worker, get_current_worker

from ..plain import printable

__all__ = ["CoachJob", "CoachRun"]


@dataclass(frozen=True)
class CoachJob:
    """What to analyse: ``load()`` gives the saved game (run in the worker: it may
    read or file it), in ``view``, at ``samples`` deals a decision, with the
    stored analyses in ``state`` (the saves' state folder)."""

    load: Callable[[], Any]
    view: str
    samples: int
    state: Path


class _Stopped(Exception):
    """Raised from the progress callback once the worker is cancelled."""


class CoachRun(Vertical):
    """A line and a progress bar; hidden until an analysis starts."""

    DEFAULT_CSS = """
    CoachRun { height: auto; padding: 0 1; display: none; background: $boost; }
    CoachRun.-shown { display: block; }
    CoachRun > #coach-progress { height: auto; }
    CoachRun > #coach-bar { height: 1; }
    CoachRun.-idle > #coach-bar { display: none; }
    """

    class Done(Message):
        """An analysis is ready (``saved``: the save it is of)."""

        def __init__(self, saved: Any, analysis: Any, problem: Optional[str]) -> None:
            super().__init__()
            self.saved = saved
            self.analysis = analysis
            self.problem = problem

    def __init__(self, *, id: Optional[str] = None) -> None:
        super().__init__(id=id)
        self._worker: Optional[Worker[None]] = None

    def compose(self) -> ComposeResult:
        yield Static(id="coach-progress")
        yield ProgressBar(id="coach-bar", show_eta=False)

    @property
    def running(self) -> bool:
        # From start() on (a worker pending is running for Esc), until it ends or is stopped.
        return self._worker is not None and not self._worker.is_finished and not self._worker.is_cancelled

    def start(self, job: CoachJob) -> None:
        if self.running:
            return
        self.add_class("-shown")
        self.remove_class("-idle")
        self.query_one("#coach-bar", ProgressBar).update(total=None, progress=0)
        self._say(f"{_VIEW_WORDS.get(job.view, 'Analysis')}: reading the game… (Esc stops)")
        self._worker = self._run(job)

    def stop(self) -> bool:
        """Stop a running analysis (True), or do nothing (False)."""
        if not self.running:
            return False
        assert self._worker is not None
        self._worker.cancel()
        self.add_class("-idle")
        self._say("Analysis stopped: nothing was stored.")
        return True

    def _say(self, line: str) -> None:
        self.query_one("#coach-progress", Static).update(Text(line))

    @work(thread=True, exclusive=True, group="coach")
    def _run(self, job: CoachJob) -> None:
        from ...coach import human_seats
        from ...coach.store import AnalysisStore, found_analysis, stored_analysis

        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise _Stopped
            self.app.call_from_thread(self._progress, job.view, done, total)

        try:
            saved = job.load()
            game = saved.game
            seats = human_seats(game)
            if not seats:
                self.app.call_from_thread(self._failed, "Nobody played this game as a person: there is no "
                                                        "decision to coach.")
                return
            with AnalysisStore(job.state) as store:
                analysis = found_analysis(game, store, seats, view=job.view)
                if analysis is None:
                    analysis, _ = stored_analysis(game, job.state, seats, job.samples, game_id=saved.game_id,
                                                  progress=progress, store=store, view=job.view,
                                                  save_id=saved.id)
                problem = store.problem
        except _Stopped:
            return
        except Exception as exc:  # a failed analysis is a line on the screen, never a crash
            if not worker.is_cancelled:
                self.app.call_from_thread(self._failed, f"The analysis could not be made: {printable(str(exc))}")
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._done, saved, analysis, problem)

    def _progress(self, view: str, done: int, total: int) -> None:
        if not self.running:
            return
        self.query_one("#coach-bar", ProgressBar).update(total=max(total, 1), progress=done)
        self._say(f"{_VIEW_WORDS.get(view, 'Analysis')}: decisions {done} / {total} (Esc stops)")

    def _failed(self, line: str) -> None:
        self.add_class("-idle")
        self._say(line)

    def _done(self, saved: Any, analysis: Any, problem: Optional[str]) -> None:
        self.remove_class("-shown")
        self.post_message(self.Done(saved, analysis, problem))


_VIEW_WORDS = {"fair": "Analysing", "open": "Analysing with all hands open"}
