"""``ohseven scores analyse ID [--seat NAME] [--samples N] [--open] [--json]``:
where a person's points went, decision by decision (the coach, issue 37).

Each person's decisions (or the seat ``--seat`` names, a bot's too) are judged
from that seat's own observation (``ohseven_tui.coach``); the analysis is
stored beside the saves index and read back the next time. Printed: a table of
the decisions that lost points, the accuracy, the loss round by round and the
three biggest mistakes; ``--json`` prints the whole analysis. ``--open`` is the
other view, with all hands open (the real cards), labelled as such. Names are shown
as typed, escaped, never as markup. Bad input is one line on stderr, exit 2.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .common import UsageError

COMMAND = "ohseven scores analyse"


def add_arguments(a: Any) -> None:
    """The action's own arguments (``scores`` adds ``--save-dir``)."""
    from .common import int_in

    a.add_argument("id", metavar="ID", help="the save's ID (its file name without .json) or a path")
    a.add_argument("--seat", metavar="NAME",
                   help="the seat to analyse, by its player's name (default: every person's seat)")
    a.add_argument("--samples", type=int_in(1, 100_000, "--samples"), default=None, metavar="N",
                   help="deals of the hidden cards per decision (default 400): more is steadier and slower")
    a.add_argument("--open", action="store_true",
                   help="the view with all hands open: each action played out from the real cards, to see what "
                        "was possible (not a fair judgement: nobody saw them)")
    a.add_argument("--json", action="store_true", help="print the whole analysis as JSON")


def _seats(args: Any, game: Any) -> list[int]:
    from ..coach import human_seats
    from ..safetext import quoted

    names = [s.name for s in game.seats]
    if args.seat is None:
        people = human_seats(game)
        if not people:
            raise UsageError(f"{COMMAND}: nobody played {args.id} as a person (every seat is a bot); name a seat "
                             f"with --seat, one of: {', '.join(quoted(n) for n in names)}")
        return people
    found = [s for s, n in enumerate(names) if n == args.seat]
    if not found:
        folded = args.seat.casefold()
        found = [s for s, n in enumerate(names) if n.casefold() == folded]
    if not found:
        raise UsageError(f"{COMMAND}: {args.id} has no seat named {quoted(args.seat)}; its seats: "
                         f"{', '.join(quoted(n) for n in names)}")
    return found


def run(args: Any) -> int:
    from ..coach import DEFAULT_SAMPLES, OPEN_VIEW, VIEW
    from ..coach.store import AnalysisStore, stored_analysis
    from ..storage import save_dirs

    saved = _load(args)
    seats = _seats(args, saved.game)
    samples = args.samples if args.samples is not None else DEFAULT_SAMPLES
    dirs = save_dirs(args.save_dir)
    store = AnalysisStore(dirs.state)
    bar = _Bar() if sys.stderr.isatty() else None
    try:
        analysis, _ = stored_analysis(saved.game, dirs.state, seats, samples, game_id=saved.game_id,
                                      progress=bar, store=store, view=OPEN_VIEW if args.open else VIEW,
                                      save_id=saved.id)
    finally:
        if bar is not None:
            bar.stop()
        store.close()
    from ..coach.analysis import shown_analysis

    analysis = shown_analysis(saved.game, analysis)  # an unfinished game's round in play stays hidden
    if store.problem:
        from ..safetext import one_line

        print(one_line(f"{COMMAND}: {store.problem}", 400), file=sys.stderr)
    if args.json:
        from ..safetext import escape_json_output

        data = {"id": saved.id, "game_id": saved.game_id, **analysis.as_dict()}
        sys.stdout.write(escape_json_output(json.dumps(data, indent=1, ensure_ascii=False)) + "\n")
        return 0
    _print(saved, analysis)
    return 0


class _Bar:
    """Decisions judged, as a Rich progress bar on stderr (a terminal only)."""

    def __init__(self) -> None:
        self.progress: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if total <= 0:
            return
        if self.progress is None:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.progress = Progress(TextColumn("Analysing decisions"), BarColumn(), MofNCompleteColumn(),
                                     TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.progress.start()
            self.task = self.progress.add_task("analyse", total=total)
        self.progress.update(self.task, completed=done)

    def stop(self) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None


def _points(x: float) -> str:
    return f"{x:+.2f}"


def _load(args: Any) -> Any:
    """The save ``args.id`` names, loaded and replayed, or a one-line UsageError
    (as ``scores show`` says it)."""
    from ..storage import SaveError, find_save, load_save, save_dirs

    dirs = save_dirs(args.save_dir)
    try:
        path = find_save(dirs, args.id)
        try:
            return load_save(path)
        except SaveError as exc:
            if exc.reason == "no such file":
                raise SaveError(path, f"no such saved game (see ohseven scores list --save-dir {dirs.saves})") from None
            raise
    except SaveError as exc:
        raise UsageError(f"{COMMAND}: {exc}") from None


def _console() -> Any:
    """Rich, as ``scores`` prints: no markup or emoji in any string, one row a line
    into a pipe, and a reader that stops early (``| head``) is no error."""
    import os

    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(0)

    console = _Console(highlight=False, markup=False, emoji=False)
    if not console.is_terminal:
        console.width = 100_000
    return console


def _t(text: Any, style: str = "") -> Any:
    """A cell or line from a player or a file: control characters escaped, never markup."""
    from rich.text import Text

    from ..safetext import printable

    return Text(printable(text), style=style)


def _short_date(date: str) -> str:
    return date.replace("T", " ").replace("Z", "")[:16] if date else "?"


def _print(saved: Any, analysis: Any) -> None:
    from rich.table import Table

    console = _console()
    from ..coach.words import view_note

    console.print(_t(f"{saved.id}: {saved.rules_text}, {_short_date(saved.date)}", style="bold"))
    console.print(_t(view_note(analysis)))
    word = saved.game.spec.view(saved.game.options).round_word  # "hand" where the game plays hands
    if not saved.game.is_over:
        console.print(_t(f"This game is not over: the {word} in play is left out until it is (its cards are "
                         "still hidden, as in the replay)."))
    for report in analysis.seats:
        _print_seat(console, report, Table, _t, analysis.view, word)


def _print_seat(console: Any, report: Any, Table: Any, _t: Any, view: str, word: str = "round") -> None:
    from ..coach.words import accuracy_line

    t = report.thresholds
    unit = t.unit if t is not None else "points"
    console.print()
    console.print(_t(f"{report.name} (seat {report.seat + 1})", style="bold"))
    judged = report.judged
    if not judged:
        skipped = len(report.decisions)
        console.print(_t("No decision to judge" + (f" ({skipped} not weighed by the search)." if skipped else ".")))
        return
    # A decision's place: its round (hand), and its number among this seat's decisions of it (#).
    place: dict[int, int] = {}
    count: dict[int, int] = {}
    for d in report.decisions:
        count[d.round] = count.get(d.round, 0) + 1
        place[d.index] = count[d.round]
    lost = [d for d in judged if d.loss > 0]
    if lost:
        table = Table(title=_t(f"Decisions that lost points ({unit})"), title_justify="left")
        for col, right in ((word.capitalize(), True), ("#", True), ("Played", False), ("Expected", True), ("Best", False),
                           ("Expected", True), ("Loss", True), ("Label", False)):
            table.add_column(col, justify="right" if right else "left")
        for d in lost:
            table.add_row(_t(str(d.round)), _t(str(place[d.index])), _t(d.taken), _t(_points(d.taken_points)), _t(d.best),
                          _t(_points(d.best_points)), _t(f"{d.loss:.2f}"), _t(d.label))
        console.print(table)
    else:
        console.print(_t("No decision lost points beyond the estimate's noise."))
    fine = sum(d.loss == 0 for d in judged)
    console.print(_t(accuracy_line(len(judged), fine, report.mean_loss, report.total_loss, unit, view)))
    labels = report.labels()
    console.print(_t("Labels: " + ", ".join(f"{n} {label}" for label, n in labels.items())))
    not_judged = len(report.decisions) - len(judged)
    if not_judged:
        console.print(_t(f"{not_judged} decision{'s' if not_judged != 1 else ''} not judged (the search does not "
                         f"weigh {'them' if not_judged != 1 else 'it'}, e.g. cards passed)."))
    rounds = Table(title=_t(f"Loss by {word}"), title_justify="left")
    rounds.add_column(word.capitalize(), justify="right")
    rounds.add_column("Decisions", justify="right")
    rounds.add_column("Loss", justify="right")
    for r in report.rounds:
        rounds.add_row(_t(str(r.round)), _t(str(r.decisions)), _t(f"{r.loss:.2f}"))
    console.print(rounds)
    kinds = Table(title=_t("Loss by kind of decision"), title_justify="left")
    for col, right in (("Kind", False), ("Decisions", True), ("Mean loss", True), ("Loss", True)):
        kinds.add_column(col, justify="right" if right else "left")
    for k in report.kinds:
        kinds.add_row(_t(k.kind), _t(str(k.decisions)), _t(f"{k.loss / k.decisions:.2f}"), _t(f"{k.loss:.2f}"))
    console.print(kinds)
    worst = report.worst(3)
    console.print(_t("Biggest mistakes:", style="bold"))
    if not worst:
        console.print(_t("  none"))
    for i, d in enumerate(worst, start=1):
        console.print(_t(f"  {i}. {word.capitalize()} {d.round}, decision {place[d.index]}: {d.taken} "
                         f"({_points(d.taken_points)}) where {d.best} ({_points(d.best_points)}) was best: "
                         f"{d.loss:.2f} lost, {'an' if d.label[:1] in 'aeiou' else 'a'} {d.label}"))
        if d.reason:
            console.print(_t(f"     Why {d.best}: {d.reason}."))
    if t is not None:
        console.print(_t(f"Loss in {unit}: fine below {_num(t.fine)} (the estimate's noise), an inaccuracy below "
                         f"{_num(t.mistake)}, a mistake below {_num(t.blunder)}, a blunder from {_num(t.blunder)} on."))


def _num(x: float) -> str:
    return f"{x:g}"
