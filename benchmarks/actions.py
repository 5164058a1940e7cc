"""CPU the app spends per action at the card table. Prints figures; asserts nothing.

    python benchmarks/actions.py [--actions 120] [--size 80x24] [--bot easy] [--profile FILE]

Two Oh-Seven games are played headless under ``App.run_test()`` by the tests'
driver (``tests/test_ui_driver.play_game``: it presses Enter on each shared screen
and the hand-off, and plays the first legal card), until ``--actions`` actions
(bids, passes, cards, deals) are in the game's history:

- hot-seat: four humans at one screen (the hand-off before each human's turn;
  its quiet wait is off, as in the tests);
- solo: one human against three bots at bot speed instant.

For each: the app's CPU per action (the main thread's CPU time: the app and the
driver; the bots think in threads, not counted), the process's CPU per action
(bots included), and per action the full layout passes (``Screen._refresh_layout``
reflows), the widgets mounted (through ``App._register``), the footers composed
(``KeysFooter.compose``) and the frames drawn. ``--profile FILE`` writes a cProfile
of the hot-seat run (read it with ``python -m pstats FILE``).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import sys
import tempfile
import time
from collections import Counter
from typing import Any, Callable, Optional


class Counts:
    """Counts the expensive things the app does, by wrapping Textual's methods."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self._undo: list[Callable[[], None]] = []

    def wrap(self, owner: Any, name: str, label: str, when: Optional[Callable[..., int]] = None) -> None:
        """Count each call of ``owner.name`` (``when``: how much a call counts)."""
        original = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.counts[label] += 1 if when is None else int(when(*args, **kwargs))
            return original(*args, **kwargs)

        setattr(owner, name, counted)
        self._undo.append(lambda: setattr(owner, name, original))

    def __enter__(self) -> "Counts":
        from textual.app import App
        from textual.screen import Screen

        from ohseven_tui.ui.widgets.keys import KeysFooter

        self.wrap(Screen, "_refresh_layout", "layouts",
                  when=lambda screen, size=None, scroll=False: not scroll or bool(screen._layout_widgets))
        self.wrap(App, "_register", "mounts", when=lambda app, parent, *widgets, **_: len(widgets))
        self.wrap(KeysFooter, "compose", "footers")
        self.wrap(App, "_display", "frames", when=lambda app, screen, renderable: renderable is not None)
        return self

    def __exit__(self, *_: Any) -> None:
        for undo in reversed(self._undo):
            undo()


async def play(kind: str, actions: int, size: tuple[int, int], bot: str) -> tuple[int, float, float, Counter]:
    """(actions played, main-thread CPU s, process CPU s, counts) for one game."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    from test_ui_driver import play_game

    from ohseven_tui.engine import registry
    from ohseven_tui.engine.protocol import Seat
    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens import autoclose

    autoclose.SETTLE = 0.0  # Pilot's keys come after each screen settled (as in the tests)
    os.environ["OHSEVEN_SAVE_DIR"] = tempfile.mkdtemp(prefix="ohseven-bench-")
    name = registry.default_game().name
    if kind == "hot-seat":
        seats = [Seat(n, "human") for n in ("Ann", "Bea", "Cid", "Dee")]
    else:
        seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", bot) for i in (1, 2, 3)]
    game = registry.new_game(name, {"players": 4}, seed=5, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        start_actions = len(game.history)
        with Counts() as counts:
            cpu, proc = time.thread_time(), time.process_time()
            await play_game(pilot, stop=lambda _screen: game.is_over or len(game.history) - start_actions >= actions)
            cpu, proc = time.thread_time() - cpu, time.process_time() - proc
        done = len(game.history) - start_actions
    return done, cpu, proc, counts.counts


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--actions", type=int, default=120, help="actions played in each game")
    parser.add_argument("--size", default="80x24", help="terminal size, COLSxROWS")
    parser.add_argument("--bot", default="easy", help="the bots' strength in the solo game")
    parser.add_argument("--only", choices=("hot-seat", "solo"), default=None)
    parser.add_argument("--profile", default=None, help="write a cProfile of the hot-seat game here")
    args = parser.parse_args()
    cols, rows = (int(x) for x in args.size.lower().split("x"))
    for kind in ("hot-seat", "solo"):
        if args.only and kind != args.only:
            continue
        profiler = cProfile.Profile() if args.profile and kind == "hot-seat" else None
        if profiler is not None:
            profiler.enable()
        done, cpu, proc, counts = asyncio.run(play(kind, args.actions, (cols, rows), args.bot))
        if profiler is not None:
            profiler.disable()
            profiler.dump_stats(args.profile)
        per = max(done, 1)
        what = "4 humans" if kind == "hot-seat" else f"1 human vs 3 {args.bot} bots, instant"
        print(f"{kind} ({what}, {cols}x{rows}), {done} actions:")
        print(f"  CPU per action: app (main thread) {cpu / per * 1000:6.1f} ms   process {proc / per * 1000:6.1f} ms")
        print("  per action:     " + "   ".join(f"{label} {counts[label] / per:5.1f}"
                                                for label in ("layouts", "mounts", "footers", "frames")))


if __name__ == "__main__":
    main()
