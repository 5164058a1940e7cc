"""Speed of the terminal app. Prints figures; asserts nothing.

1. Start-up: wall time from process start to the first interactive screen (the
   main menu, and the table for ``ohseven play --players 4``), against a bare
   Textual hello-world app measured in the same run. Each process runs headless
   and prints a line the moment its first screen is up; the time is taken in the
   parent from just before the process is spawned. Target: <= 1.5x hello world.
2. Key press to updated screen during play (Pilot, 80x24, bots instant): from the
   moment a key is sent to the first frame the app draws after it. Cursor moves
   (Right) and card plays (Enter: the card, and the bots' replies, drawn).
   Target: median <= 50 ms.

    python benchmarks/tui.py [--runs 7] [--moves 40] [--bot normal|strong|easy] [--game NAME] [--skip-startup]
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

# Each child prints READY when it draws its first frame of the wanted screen (the
# moment the player can see it and type), then exits.
FIRST_FRAME = """
import os
import sys
from textual.app import App
_display = App._display
def _first_frame(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is not None and not getattr(self, "_bench_ready", False) and type(screen).__name__ in WANTED:
        self._bench_ready = True
        os.write(1, b"READY\\n")  # Textual captures print() while it runs
        self.exit()
App._display = _first_frame
"""

HELLO = FIRST_FRAME + """
from textual.widgets import Static
WANTED = ("Screen",)
class Hello(App):
    def compose(self):
        yield Static("Hello, world")
Hello().run(headless=True, size=(80, 24))
"""

OHSEVEN = FIRST_FRAME + """
from ohseven_tui.ui.app import OhSevenApp
table = sys.argv[1] == "table"
WANTED = ("BidScreen", "PassScreen", "TableScreen") if table else ("MenuScreen",)
setup = None
if table:
    from ohseven_tui.ui.setup import GameSetup
    setup = GameSetup.default()
    setup.seed = 1
OhSevenApp(setup=setup).run(headless=True, size=(80, 24))
"""


def time_start(code: str, *args: str, env=None) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    line = proc.stdout.readline()  # the child exits on its own; a crash gives ""
    elapsed = time.perf_counter() - start
    proc.communicate(timeout=60)
    if not line.startswith("READY"):
        raise SystemExit(f"the app did not start: {proc.stderr and proc.stderr.read() if proc.stderr else ''}")
    return elapsed


def startup(runs: int) -> None:
    env = dict(os.environ, OHSEVEN_SAVE_DIR=tempfile.mkdtemp(prefix="ohseven-bench-"))
    # Run as installed: pip compiles bytecode at install (Textual's is there already),
    # so a dev shell's PYTHONDONTWRITEBYTECODE would time our compiling, not our start.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    hello, menu, table = [], [], []
    for code, args in ((HELLO, ()), (OHSEVEN, ("menu",)), (OHSEVEN, ("table",))):
        time_start(code, *args, env=env)  # warm the file and bytecode caches once
    for _ in range(runs):  # interleaved, so drift hits all three alike
        hello.append(time_start(HELLO, env=env))
        menu.append(time_start(OHSEVEN, "menu", env=env))
        table.append(time_start(OHSEVEN, "table", env=env))
    h = statistics.median(hello)
    print(f"start-up, median of {runs} runs (process start to first interactive screen, bytecode cached):")
    print(f"  bare Textual hello world   {h * 1000:7.0f} ms")
    print(f"  ohseven main menu          {statistics.median(menu) * 1000:7.0f} ms   {statistics.median(menu) / h:.2f}x")
    print(f"  ohseven play (the table)   {statistics.median(table) * 1000:7.0f} ms   {statistics.median(table) / h:.2f}x")


async def key_latency(moves: int, bot: str, name: str) -> None:
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
    from test_ui_driver import play_game

    from ohseven_tui.engine import registry
    from ohseven_tui.engine.protocol import Seat
    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.table import TableScreen

    os.environ["OHSEVEN_SAVE_DIR"] = tempfile.mkdtemp(prefix="ohseven-bench-")
    game = registry.new_game(name, {"players": 4}, seed=3,
                             seats=[Seat("Ann", "human")] + [Seat(n, bot) for n in ("Bea", "Cid", "Dot")])
    app = OhSevenApp(game=game, bot_delay=0)
    frames: list[float] = []
    display = app._display

    def timed_display(screen, renderable):
        if renderable is not None and not app._batch_count:
            frames.append(time.perf_counter())
        display(screen, renderable)

    app._display = timed_display
    cursor, play = [], []

    async def measure(pilot, key: str, into: list) -> None:
        sent = time.perf_counter()
        count = len(frames)
        await pilot.press(key)
        later = [f for f in frames[count:] if f >= sent]
        if later:
            into.append(later[0] - sent)

    async with app.run_test(size=(80, 24)) as pilot:
        def stop(screen):
            return isinstance(screen, TableScreen) or game.is_over

        while len(play) < moves and not game.is_over:
            screen = await play_game(pilot, stop=stop)
            if not isinstance(screen, TableScreen):
                break
            await measure(pilot, "right", cursor)
            await measure(pilot, "left", cursor)
            await measure(pilot, "enter", play)
    for label, values in (("cursor move (Right/Left)", cursor), ("play a card (Enter)", play)):
        ms = sorted(v * 1000 for v in values)
        print(f"  {label:<26} median {statistics.median(ms):5.1f} ms   p90 {ms[int(len(ms) * 0.9)]:5.1f} ms"
              f"   max {ms[-1]:5.1f} ms   ({len(ms)} presses)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--bot", default="normal", help="strength of the three bots in the latency run")
    parser.add_argument("--game", "--rules", dest="game", default=None,
                        help="the game of the latency run, from the registry (default: the first in menu order)")
    parser.add_argument("--skip-startup", action="store_true")
    args = parser.parse_args()
    from ohseven_tui.engine import registry

    try:
        name = registry.game_spec(args.game).name if args.game else registry.default_game().name
    except registry.UnknownGame as exc:
        parser.error(str(exc))
    if not args.skip_startup:
        startup(args.runs)
    print(f"key press to updated screen (Pilot, 80x24, 1 human vs 3 {args.bot} bots, bots instant):")
    asyncio.run(key_latency(args.moves, args.bot, name))


if __name__ == "__main__":
    main()
