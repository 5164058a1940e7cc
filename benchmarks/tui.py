"""Speed of the terminal app. Prints figures; asserts nothing.

    python benchmarks/tui.py [--runs 15] [--turns 12] [--bot normal] [--game NAME] [--size 80x24]
                             [--breakdown] [--skip-startup] [--skip-keys] [--before DIR]

1. Key press to updated screen, per key (issue 12's floor: median <= 50 ms, with
   animations on and off). The real app runs headless under ``App.run_test()`` at
   the table, one human against bots at bot speed instant, 80x24. At each of the
   human's card plays the script presses, one at a time: Right and Left (select a
   card), ``t`` and Esc (open and close the scoresheet), ``l`` and Esc (the last
   trick), then Enter (play the selected card). The game is played twice from the
   same seed, once with ``app.animation_level = "full"`` and once with "none".

   How the time is taken. In Textual 8 a key reaches the app through the driver
   (``Pilot.press`` sends it with ``driver.send_message``, as a terminal's input
   thread does); the handlers mark widgets dirty; on idle the screen resumes its
   update timer (``Screen._update_timer``, 1/MAX_FPS), whose tick lays out and
   composes the dirty region (``Screen._on_timer_update`` ->
   ``_compositor_refresh``) and hands the update to ``App._display``; a screen
   pushed or popped paints from ``Screen._refresh_layout`` on its resume. That
   ``_display`` call is the repaint. The script wraps ``App._display``: it renders the update to the
   escape sequences a terminal would be sent (``CompositorUpdate.render_segments``;
   headless Textual skips only this step and the write), then stamps the clock. A
   press's time runs from just before ``pilot.press`` to the first repaint that
   shows the key's effect (the cursor moved, the played card gone from the hand,
   the scoresheet or last trick up, the table back), so an unrelated frame never
   counts and a frame that never comes is reported as missing, not dropped.
   Nothing calls ``pilot.pause()`` while a press is timed: it forces a repaint
   (``_on_timer_update``) and would hide the timer's wait. Between presses the app
   is let settle (``pilot.pause()``, the bots' replies), outside the timing.
   ``--breakdown`` splits each key's median into the time before the repaint began
   (the key's handlers and the wait for the timer's tick), the autosave within it
   (``app.after_action``, a file written and fsynced), and the repaint itself.

2. Start-up (floor: <= 1.5x a bare Textual app). Wall time from spawning a Python
   process to its first frame: the ``ohseven`` command's main menu, and its table
   for ``ohseven play --seed 1`` (the command line parsed, the game set up), against
   a bare Textual app with one Static and a Footer. Each child runs headless, with
   ``App._display`` wrapped as above; at its first frame of the wanted screen it
   writes READY and exits. Runs are interleaved so drift in the machine's load hits
   all alike; the first of each is thrown away (file and bytecode caches). Medians
   and the ratio to the bare app are printed. ``--before DIR`` times another copy
   of the project too (a ``git worktree`` of an older commit), interleaved in the
   same run, so a change is measured against the same load.
   ``python -X importtime`` on a child shows what start-up imports.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable, Optional

# A child writes READY at the first frame of a wanted screen (the moment the player
# can see it and type), then exits. The frame is rendered to terminal codes first,
# the work a real terminal's frame costs beyond headless.
FIRST_FRAME = """
import os
import sys
import time
from textual.app import App
from textual._compositor import CompositorUpdate
_display = App._display
def _first_frame(self, screen, renderable):
    if isinstance(renderable, CompositorUpdate):
        renderable.render_segments(self.console)
    _display(self, screen, renderable)
    if renderable is not None and not getattr(self, "_bench_ready", False) and type(screen).__name__ in WANTED:
        self._bench_ready = True
        os.write(1, f"READY {time.process_time()}\\n".encode())  # Textual captures print() while it runs
        self.exit()
App._display = _first_frame
"""

BARE = FIRST_FRAME + """
from textual.widgets import Footer, Static
WANTED = ("Screen",)
class Bare(App):
    BINDINGS = [("q", "quit", "Quit")]
    def compose(self):
        yield Static("Hello, world")
        yield Footer()
Bare().run(headless=True, size=(80, 24))
"""

# The ``ohseven`` command itself, headless: its pipes are no terminal, so the
# command's check for one is waived.
OHSEVEN = FIRST_FRAME + """
from ohseven_tui import cli
from ohseven_tui.commands import play
table = sys.argv[1:2] == ["play"]
WANTED = ("BidScreen", "PassScreen", "NumberBidScreen", "TableScreen") if table else ("MenuScreen",)
play.no_terminal = lambda: None
_run = App.run
App.run = lambda self, **_: _run(self, headless=True, size=(80, 24))
sys.exit(cli.main(sys.argv[1:]))
"""


def time_start(code: str, *args: str, env: dict) -> tuple[float, float]:
    """(seconds from spawning the child to its READY, the child's CPU seconds until then).
    On a busy machine the wall time waits for the CPU too; the CPU time much less.
    The child runs in the folder of the copy it times (``env``'s first PYTHONPATH
    entry): ``python -c`` looks in its working folder first."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, cwd=env["PYTHONPATH"].split(os.pathsep)[0])
    assert proc.stdout is not None
    line = proc.stdout.readline()  # the child exits on its own; a crash gives ""
    elapsed = time.perf_counter() - start
    _, err = proc.communicate(timeout=60)
    if not line.startswith("READY"):
        raise SystemExit(f"the app did not start: {err}")
    return elapsed, float(line.split()[1])


def startup(runs: int, before: Optional[str] = None) -> None:
    env = dict(os.environ, OHSEVEN_SAVE_DIR=tempfile.mkdtemp(prefix="ohseven-bench-"))
    # Run as installed: pip compiles bytecode at install (Textual's is there already),
    # so a dev shell's PYTHONDONTWRITEBYTECODE would time our compiling, not our start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = os.pathsep.join([here] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    trees = [("", env)]
    if before:
        old = dict(env, PYTHONPATH=os.path.abspath(before))
        trees.append((" before", old))
    kinds: dict[str, tuple[str, tuple[str, ...], dict]] = {"bare": (BARE, (), env)}
    for suffix, tree_env in trees:
        kinds["menu" + suffix] = (OHSEVEN, (), tree_env)
        kinds["table" + suffix] = (OHSEVEN, ("play", "--seed", "1"), tree_env)
    times: dict[str, list[float]] = {k: [] for k in kinds}
    cpu: dict[str, list[float]] = {k: [] for k in kinds}
    for code, args, kind_env in kinds.values():
        time_start(code, *args, env=kind_env)  # warm the file and bytecode caches once
    for _ in range(runs):  # interleaved, so drift hits all alike
        for kind, (code, args, kind_env) in kinds.items():
            wall, used = time_start(code, *args, env=kind_env)
            times[kind].append(wall)
            cpu[kind].append(used)
    bare = statistics.median(times["bare"])
    bare_cpu = statistics.median(cpu["bare"])
    print(f"start-up: process start to first frame, median of {runs} runs (floor: <= 1.5x the bare app);")
    print("  CPU: the child's CPU time to its first frame (less moved by the machine's load than the wall time)")
    if before:
        print(f"  (before: the copy in {before}; the others: this copy, {here})")
    labels = {"bare": "bare Textual app (Static + Footer)", "menu": "ohseven (the main menu)",
              "table": "ohseven play --seed 1 (the table)"}
    for kind in kinds:
        base, _, suffix = kind.partition(" ")
        label = labels[base].replace(" (", f" {suffix} (" if suffix else " (", 1)
        ms = sorted(t * 1000 for t in times[kind])
        med = statistics.median(ms)
        ratio = "      " if kind == "bare" else f"{med / (bare * 1000):5.2f}x"
        used = statistics.median(cpu[kind])
        cpu_ratio = "" if kind == "bare" else f" {used / bare_cpu:5.2f}x"
        print(f"  {label:<43} median {med:5.0f} ms {ratio}  p90 {percentile(ms, 0.9):5.0f} ms   "
              f"CPU {used * 1000:5.0f} ms{cpu_ratio}")


def percentile(sorted_values: list[float], q: float) -> float:
    """The nearest-rank percentile of an ascending list."""
    index = max(0, min(len(sorted_values) - 1, int(round(q * len(sorted_values) + 0.5)) - 1))
    return sorted_values[index]


class FrameClock:
    """Wraps ``app._display``: each repaint is rendered to terminal codes, then
    checked against the one armed expectation (at most one press is timed at a time).

    It also notes when each repaint began (the outermost ``Screen._on_timer_update``
    or ``_refresh_layout``) and the time spent autosaving (``app.after_action``),
    for ``--breakdown``."""

    def __init__(self, app: Any) -> None:
        from textual._compositor import CompositorUpdate
        from textual.screen import Screen

        self.app = app
        self._display = app._display
        self._update_type = CompositorUpdate
        self._want: Optional[Callable[[], bool]] = None
        self.seen_at: Optional[float] = None
        self.seen = asyncio.Event()
        self.frames = 0
        self._depth = 0
        self.repaint_began = 0.0
        self.saving = 0.0
        self.parts: Optional[tuple[float, float, float]] = None  # (before the repaint, autosave, repaint)
        app._display = self.display
        FrameClock.current = self
        for name in ("_on_timer_update", "_refresh_layout"):
            if not getattr(getattr(Screen, name), "_bench_wrapped", False):
                setattr(Screen, name, self._noting_start(getattr(Screen, name)))
        save = app.after_action

        def timed_save(game: Any) -> None:
            began = time.perf_counter()
            try:
                save(game)
            finally:
                self.saving += time.perf_counter() - began

        app.after_action = timed_save

    current: Optional["FrameClock"] = None  # the app being timed (the Screen methods are wrapped once)

    @staticmethod
    def _noting_start(method: Callable) -> Callable:
        def noted(screen: Any, *args: Any, **kwargs: Any) -> Any:
            clock = FrameClock.current
            if clock is None:
                return method(screen, *args, **kwargs)
            if clock._depth == 0:
                clock.repaint_began = time.perf_counter()
            clock._depth += 1
            try:
                return method(screen, *args, **kwargs)
            finally:
                clock._depth -= 1

        noted._bench_wrapped = True  # type: ignore[attr-defined]
        return noted

    def display(self, screen: Any, renderable: Any) -> None:
        if renderable is not None and not self.app._batch_count:
            if isinstance(renderable, self._update_type):
                renderable.render_segments(self.app.console)  # what a terminal would be sent
            now = time.perf_counter()
            self.frames += 1
            if self._want is not None and self._want():
                self._want = None
                self.seen_at = now
                self.parts = (self.repaint_began, self.saving, now - self.repaint_began)
                self.seen.set()
        self._display(screen, renderable)

    async def press(self, pilot: Any, key: str, shown: Callable[[], bool], timeout: float = 10.0) -> Optional[tuple]:
        """(seconds from pressing ``key`` to the first repaint where ``shown()``
        holds, and that split into: before the repaint began less the autosave,
        the autosave, the repaint), or None if no such repaint came within ``timeout``."""
        self.seen.clear()
        self.seen_at = None
        self.saving = 0.0
        self._want = shown
        sent = time.perf_counter()
        await pilot.press(key)
        try:
            await asyncio.wait_for(self.seen.wait(), timeout)
        except asyncio.TimeoutError:
            self._want = None
            return None
        assert self.seen_at is not None and self.parts is not None
        began, saving, repaint = self.parts
        began = max(began, sent)  # a repaint under way as the key came counts from the key
        return self.seen_at - sent, max(0.0, began - sent - saving), saving, self.seen_at - began


KEYS = (  # (label, key): the order they are pressed at each of the human's card plays
    ("select a card (Right)", "right"),
    ("select a card (Left)", "left"),
    ("open the scoresheet (t)", "t"),
    ("close the scoresheet (Esc)", "escape"),
    ("open the last trick (l)", "l"),
    ("close the last trick (Esc)", "escape"),
    ("play the card (Enter)", "enter"),
)


async def key_latency(turns: int, bot: str, name: str, level: str, size: tuple[int, int]) -> dict[str, list]:
    """One game from a fixed seed, ``turns`` of the human's card plays timed."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    from test_ui_driver import play_game

    from ohseven_tui.engine import registry
    from ohseven_tui.engine.protocol import Seat
    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.last_trick import LastTrickScreen
    from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
    from ohseven_tui.ui.screens.table import TableScreen
    from ohseven_tui.ui.widgets.hand import HandView

    os.environ["OHSEVEN_SAVE_DIR"] = tempfile.mkdtemp(prefix="ohseven-bench-")  # no unfinished game to ask about
    spec = registry.game_spec(name)
    players = max(spec.players[0], min(4, spec.players[1]))
    game = registry.new_game(name, {"players": players}, seed=3,
                             seats=[Seat("Ann", "human")] + [Seat(f"Bot {i}", bot) for i in range(1, players)])
    app = OhSevenApp(game=game, bot_delay=0)
    results: dict[str, list] = {label: [] for label, _ in KEYS}
    async with app.run_test(size=size) as pilot:
        app.animation_level = level  # type: ignore[assignment]
        clock = FrameClock(app)

        def stop(screen: Any) -> bool:
            return isinstance(screen, TableScreen) or game.is_over

        timed = 0
        while timed < turns and not game.is_over:
            table = await play_game(pilot, stop=stop)
            if not isinstance(table, TableScreen):
                break
            hand = table.query_one(HandView)
            for label, key in KEYS:
                if key in ("right", "left") and len(hand.cards) < 2:
                    continue  # one card left: the cursor has nowhere to go
                if key == "enter" and hand.current not in hand.legal:  # the move is the play: a legal card
                    hand.select(hand.legal_indices[0])
                    await pilot.pause()
                shown = expectation(key, app, table, hand, (ScoresheetScreen, LastTrickScreen))
                results[label].append(await clock.press(pilot, key, shown))
                if key != "enter":
                    await pilot.pause()  # settle, untimed
            timed += 1
    return results


def expectation(key: str, app: Any, table: Any, hand: Any, shared: tuple) -> Callable[[], bool]:
    """What the first repaint after ``key`` must show (read at the repaint)."""
    scoresheet, last_trick = shared
    cursor, held = hand.cursor, len(hand.cards)
    if key in ("right", "left"):
        return lambda: app.screen is table and hand.cursor != cursor
    if key == "t":
        return lambda: isinstance(app.screen, scoresheet)
    if key == "l":
        return lambda: isinstance(app.screen, last_trick)
    if key == "escape":
        return lambda: app.screen is table
    # enter: the card has left the hand (or the round's scoresheet is up)
    return lambda: len(hand.cards) < held or app.screen is not table


def report(results: dict[str, list], breakdown: bool = False) -> None:
    for label, values in results.items():
        got = sorted(v[0] * 1000 for v in values if v is not None)
        missing = sum(v is None for v in values)
        if not got:
            print(f"  {label:<28} no repaint seen ({missing} presses)")
            continue
        extra = f", {missing} without a repaint" if missing else ""
        print(f"  {label:<28} median {statistics.median(got):5.1f} ms   p90 {percentile(got, 0.9):5.1f} ms"
              f"   max {got[-1]:5.1f} ms   ({len(got)} presses{extra})")
        if breakdown:
            parts = [statistics.median(v[i] * 1000 for v in values if v is not None) for i in (1, 2, 3)]
            print(f"  {'':<28} medians: {parts[0]:5.1f} ms to the repaint (handlers, the frame timer), "
                  f"{parts[1]:5.1f} ms autosave, {parts[2]:5.1f} ms repaint (layout, compose, render)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="start-up runs of each app")
    parser.add_argument("--turns", type=int, default=12, help="the human's card plays timed, per animation level")
    parser.add_argument("--bot", default="normal", help="strength of the bots in the key-press run")
    parser.add_argument("--game", "--rules", dest="game", default=None,
                        help="the game of the key-press run, from the registry (default: the first in menu order)")
    parser.add_argument("--size", default="80x24", help="terminal size of the key-press run, COLSxROWS")
    parser.add_argument("--skip-startup", action="store_true")
    parser.add_argument("--skip-keys", action="store_true")
    parser.add_argument("--before", metavar="DIR",
                        help="start-up of another copy of the project too, e.g. a git worktree of an older commit")
    parser.add_argument("--breakdown", action="store_true",
                        help="split each key's median: before the repaint, the autosave, the repaint itself")
    args = parser.parse_args()
    from ohseven_tui.engine import registry

    try:
        name = registry.game_spec(args.game).name if args.game else registry.default_game().name
        cols, rows = (int(x) for x in args.size.lower().split("x"))
    except registry.UnknownGame as exc:
        parser.error(str(exc))
    except ValueError:
        parser.error(f"--size: COLSxROWS, such as 100x30, not {args.size!r}")
    if not args.skip_keys:
        for level in ("full", "none"):
            print(f"key press to repaint ({name}, {cols}x{rows}, 1 human vs {args.bot} bots, bots instant, "
                  f"animations {level}; floor: median <= 50 ms):")
            report(asyncio.run(key_latency(args.turns, args.bot, name, level, (cols, rows))), args.breakdown)
    if not args.skip_startup:
        startup(args.runs, args.before)


if __name__ == "__main__":
    main()
