"""Saved games at the scale of years of play (issue 20). Prints figures; asserts nothing.

    python benchmarks/saves.py [--dir /tmp/ohseven-bench-saves] [--saves 10000] [--small 150,1500]
                               [--repeats 3] [--jobs 2] [--regenerate] [--passed-out 120000]

1. Folders. ``--saves`` games made by ``ohseven simulate --save-dir`` across every
   game of the registry (an equal share each, bots of two strengths mixed at
   every table), and a ``--small`` folder of each size given holding an equal share
   of each game's saves copied from it. Making them takes minutes, so they are kept under
   ``--dir`` and reused (``--regenerate`` makes them again).
2. Cold rebuild: the index deleted, then a child process opens and refreshes it
   (``storage.index``): files read per second, and the child's peak memory.
3. Warm ``scores list`` and ``scores players`` (index up to date, stdout a pipe),
   run as the user runs them (a child process): wall time, best and median of
   ``--repeats``, and the child's peak memory (``ru_maxrss`` from ``wait4``), at
   both sizes, and the ratio of the big folder's time to the small one's.
4. The Saved games screen's first rows: :func:`first_rows_seconds` is the hook
   (the app's measure, not written yet).
5. Rebuilds that should read little: the folder's path spelled another way
   (relative, from its parent) on an up-to-date index, and one new file with an
   index that cannot be written (the child drops to ``nobody`` when run as root,
   where file modes stop nothing): the child's seconds and the files it read.
6. ``--passed-out N``: ``ohseven scores show`` of a Seven for Seven save whose hand
   was passed out N times (V10), the record's actions without its derived log, as
   a hand-written record may be (120,000 deals is about 8 MB; past 12,500 deals the
   record holds more than the 100,000 actions a record may, and is refused).
7. ``--profile N``: cProfile of the index's reading of one file (``_facts``) over
   N files of the small folder, in this process, the top functions by cumulative time.

The issue's targets are printed beside the figures. The machine may be shared
and loaded (the load average is printed); figures are wall-clock times.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ohseven_tui.engine import registry  # noqa: E402

TARGET_WARM = 0.5  # s, warm list and players at 10,000 saves
TARGET_COLD = 300.0  # files/s, a cold rebuild
TARGET_RATIO = 1.5  # players(10k) / players(1k)
TARGET_FIRST_ROWS = 0.3  # s, the Saved games screen's first rows
DONE = ".complete"  # a folder's marker: how many saves it holds, once made


CPU: list[float] = []  # each child's processor seconds (user + system): a loaded machine inflates wall time more


def run_child(argv: Sequence[str], out: Optional[list] = None) -> tuple[float, int, int]:
    """Run a child to its end: (wall seconds, exit status, peak memory in KiB); its
    processor seconds are appended to CPU.
    Its stdout goes nowhere, or into ``out`` (lines) when given; its stderr is
    printed (a notice or an error would say the figure is not what it seems)."""
    import tempfile

    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as got:
        start = time.perf_counter()
        # As an installed ohseven runs: with its bytecode cached (pip compiles it at
        # install; a PYTHONDONTWRITEBYTECODE here would recompile every module each run).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        proc = subprocess.Popen(list(argv), stdout=got if out is not None else subprocess.DEVNULL, stderr=err,
                                env=env)
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage
        wall = time.perf_counter() - start
        CPU.append(usage.ru_utime + usage.ru_stime)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
        if out is not None:
            got.seek(0)
            out.extend(got.read().decode("utf-8", "replace").splitlines())
    if proc.returncode != 0 or text.strip():
        print(f"  ({' '.join(argv[-4:])}: exit {proc.returncode}: {text.strip()[:300]})")
    return wall, proc.returncode, usage.ru_maxrss  # Linux: KiB


def ohseven(*args: str) -> list[str]:
    return [sys.executable, "-m", "ohseven_tui", *args]


# ---------------------------------------------------------------------------- folders
def marked(folder: Path) -> int:
    try:
        return int((folder / DONE).read_text())
    except (OSError, ValueError):
        return 0


def generate(folder: Path, count: int, jobs: int) -> None:
    """``count`` saves across every game, by ``ohseven simulate --save-dir``
    (one run per game and bot mix, ``jobs`` at once)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    specs = registry.games()
    runs = []
    for k, spec in enumerate(specs):
        share = count // len(specs) + (1 if k < count % len(specs) else 0)
        n = spec.check_options({})["players"]
        mixes = [",".join("easy" if s % 2 == 0 else "normal" for s in range(n)),
                 ",".join("normal" if s % 2 == 0 else "easy" for s in range(n))]
        for m, bots in enumerate(mixes):  # two runs per game: seats and seeds differ
            games = share // len(mixes) + (1 if m < share % len(mixes) else 0)
            runs.append(ohseven("simulate", "--game", spec.name, "--games", str(games), "--seed",
                                str(100 * k + m), "--bots", bots, "--save-dir", str(folder)))
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for argv in runs:
            pool.submit(subprocess.run, argv, stdout=subprocess.DEVNULL, check=True)
    made = sum(1 for p in folder.iterdir() if p.suffix == ".json")
    print(f"made {made} saves in {folder} in {time.perf_counter() - start:.0f} s")
    (folder / DONE).write_text(str(made))


def small_copy(big: Path, folder: Path, count: int) -> None:
    """``count`` saves of ``big``, an equal share of each simulate run's files."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    runs: dict[str, list[Path]] = {}
    for p in sorted(big.glob("*.json")):
        runs.setdefault(p.name.rsplit("-", 1)[0], []).append(p)
    keys = sorted(runs)
    for k, key in enumerate(keys):
        share = count // len(keys) + (1 if k < count % len(keys) else 0)
        for p in runs[key][:share]:
            shutil.copy2(p, folder / p.name)
    (folder / DONE).write_text(str(sum(1 for p in folder.iterdir() if p.suffix == ".json")))


def drop_index(folder: Path) -> None:
    from ohseven_tui.storage import save_dirs
    from ohseven_tui.storage.index import index_path

    path = index_path(save_dirs(folder))
    for p in path.parent.glob(path.name + "*"):
        p.unlink()


# ---------------------------------------------------------------------------- measures
REFRESH = ("import sys, time; from ohseven_tui.storage import save_dirs; "
           "from ohseven_tui.storage.index import open_index; t = time.perf_counter(); "
           "r = open_index(save_dirs(sys.argv[1])).refresh(); "
           "print(r.read, time.perf_counter() - t, r.notice, file=sys.stderr if r.notice else sys.stdout)")


def cold(folder: Path) -> tuple[float, float, float, int]:
    """A cold rebuild in a child: (files/s over the child's whole run, its seconds,
    seconds in the refresh itself, peak KiB)."""
    drop_index(folder)
    files = marked(folder)
    out: list[str] = []
    wall, _, rss = run_child([sys.executable, "-c", REFRESH, str(folder)], out)
    inner = float(out[0].split()[1]) if out else float("nan")
    return files / wall, wall, inner, rss


def warm(folder: Path, action: str, repeats: int) -> tuple[float, float, int]:
    """``ohseven scores ACTION`` on an up-to-date index: (best s, median s, peak KiB)."""
    run_child(ohseven("scores", action, "--save-dir", str(folder)))  # brings the index up to date
    times, peak = [], 0
    for _ in range(repeats):
        wall, _, rss = run_child(ohseven("scores", action, "--save-dir", str(folder)))
        times.append(wall)
        peak = max(peak, rss)
    return min(times), statistics.median(times), peak


def first_rows_seconds(folder: Path) -> Optional[float]:
    """Seconds from opening the app's Saved games screen on ``folder`` (index up to
    date) to its first rows drawn: the real app, headless (Textual's run_test), in
    this process; None if no row came within 60 s."""
    import asyncio

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.saved_games import SavedGamesScreen
    from ohseven_tui.ui.snapshot import screen_text

    async def run() -> Optional[float]:
        app = OhSevenApp(save_dir=folder)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()  # the menu's own start (a player takes longer to press a key)
            await pilot.pause()
            start = time.perf_counter()
            app.push_screen(SavedGamesScreen())
            while time.perf_counter() - start < 60:
                await asyncio.sleep(0.002)
                screen = app.screen
                if isinstance(screen, SavedGamesScreen) and screen.rows:
                    # On screen: the compositor's picture holds the first row's id.
                    if screen.rows[0].id in screen_text(app):
                        return time.perf_counter() - start
        return None

    return asyncio.run(run())


# As nobody, this python's own library may be out of reach: everything a refresh
# imports is imported first (one save loaded as root; the index is not touched), and
# files are read in this process (a worker it spawned could not start its python).
REFRESH_AS = ("import os, sys, time, glob, sqlite3, concurrent.futures, multiprocessing; "
              "from ohseven_tui import safetext, paths; from ohseven_tui.storage import save_dirs, load_save; "
              "from ohseven_tui.storage import index; from ohseven_tui.storage.index import open_index\n"
              "if sys.argv[2] == 'nobody' and os.geteuid() == 0:\n"
              "    load_save(sorted(glob.glob(os.path.join(sys.argv[1], '*.json')))[0]); save_dirs(sys.argv[1])\n"
              "    index.PARALLEL_FROM = 10 ** 9\n"
              "    os.setegid(65534); os.seteuid(65534)\n"
              "t = time.perf_counter(); r = open_index(save_dirs(sys.argv[1])).refresh(); "
              "print(r.read, time.perf_counter() - t, repr(r.notice[:160]))")


def refresh_child(spelled: str, cwd: Path, who: str = "me") -> tuple[float, str]:
    """One refresh in a child run in ``cwd`` with the folder spelled ``spelled``:
    (its seconds, what it said: files read, seconds in the refresh, its notice)."""
    out: list[str] = []
    here = os.getcwd()
    os.chdir(cwd)
    try:
        wall, _, _ = run_child([sys.executable, "-c", REFRESH_AS, spelled, who], out)
    finally:
        os.chdir(here)
    return wall, out[0] if out else "?"


def spelling(folder: Path) -> None:
    """The index up to date, then the folder named relative to its parent."""
    refresh_child(str(folder), folder.parent)
    wall, said = refresh_child(folder.name, folder.parent)
    read, _, notice = (said.split(" ", 2) + ["", ""])[:3]
    print(f"  spelled {folder.name!r} : {wall:8.2f} s, {read} file(s) read {notice}")


def read_only_new_file(folder: Path) -> None:
    """The index up to date; one new file; a child that cannot write the index
    (``nobody``, the index being root's) looks. The new file is removed after."""
    refresh_child(str(folder), folder.parent)
    first = sorted(folder.glob("*.json"))[0]
    new = folder / "zz-bench-new.json"
    shutil.copyfile(first, new)
    try:
        wall, said = refresh_child(str(folder), folder.parent, "nobody" if os.geteuid() == 0 else "me")
        read, _, notice = (said.split(" ", 2) + ["", ""])[:3]
        print(f"  1 new, index read-only: {wall:8.2f} s, {read} file(s) read {notice}")
    finally:
        new.unlink()
        refresh_child(str(folder), folder.parent)


def passed_out_save(folder: Path, deals: int) -> Path:
    """A Seven for Seven save whose first hand was passed out ``deals`` times (V10),
    without the record's log of every deal (a record may leave a derived field out;
    with it, such a save passes 10 MB at about 23,000 deals), written as the record
    and save formats say: one deal's actions come from the engine itself, and the
    rest of the record (phase, totals, ...) is the same after any number of them."""
    import json

    from ohseven_tui.engine.protocol import Seat
    from ohseven_tui.storage import save_data

    # The game is found, not named: the registered game whose first deal, each seat
    # taking its first legal action (the pass, in an auction), is dealt again.
    for spec in registry.games():
        try:
            options = spec.check_options({})
        except ValueError:
            continue
        game = spec.new_game(options, seed=7, seats=[Seat(f"P{s}", "human") for s in range(options["players"])])
        game.apply(game.legal_actions()[0])  # the deal
        for _ in range(options["players"]):
            seats = game.to_act()
            legal = game.legal_actions(seats[0]) if seats else []
            if not legal:
                break
            game.apply(legal[0])
        if not game.to_act() and len(game.history) == options["players"] + 1:
            break
    else:
        raise SystemExit("no registered game's hand is passed out when every seat passes")
    data = save_data(game, date="2026-05-01T10:00:00Z")
    record = data["record"]
    one = list(record["actions"])
    assert len(one) == options["players"] + 1, one
    del record["rounds"]
    record["actions"] = one * deals
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"passed-out-{deals}.json"
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    return path


def show_passed_out(folder: Path, deals: int, repeats: int) -> None:
    path = passed_out_save(folder / "passed-out", deals)
    times, cpu = [], []
    for _ in range(repeats):
        out: list[str] = []
        wall, code, rss = run_child(ohseven("scores", "show", path.stem, "--save-dir", str(path.parent)), out)
        times.append(wall)
        cpu.append(CPU[-1])
    print(f"\nscores show of a Seven for Seven save passed out {deals:,} times ({path.stat().st_size / 1e6:.1f} MB):"
          f" {min(times):.2f} s best, {statistics.median(times):.2f} s median (processor {min(cpu):.2f} s best),"
          f" peak {rss / 1024:.0f} MiB (exit {code})")


def profile(folder: Path, count: int) -> None:
    """Where a cold rebuild's time goes: ``_facts`` (read, check, replay, figures)
    on ``count`` files spread over the folder, one process."""
    import cProfile
    import pstats

    from ohseven_tui.storage.index import _facts

    names = sorted(p.name for p in folder.glob("*.json"))
    names = names[:: max(1, len(names) // count)][:count]
    items = [(n, (folder / n).stat().st_size, 0, "") for n in names]
    start = time.perf_counter()
    for item in items:
        _facts(str(folder), *item)
    plain = time.perf_counter() - start
    print(f"\n_facts on {len(items)} files, one process, no profiler: {len(items) / plain:.0f} files/s")
    prof = cProfile.Profile()
    prof.enable()
    for item in items:
        _facts(str(folder), *item)
    prof.disable()
    pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(18)


def mark(ok: bool) -> str:
    return "meets" if ok else "MISSES"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path("/tmp/ohseven-bench-saves"),
                        help="where the generated folders are kept between runs")
    parser.add_argument("--saves", type=int, default=10_000)
    parser.add_argument("--small", default="150,1500", help="the smaller folders' sizes, comma separated")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="simulate runs at once while generating")
    parser.add_argument("--regenerate", action="store_true")
    parser.add_argument("--skip-cold", action="store_true")
    parser.add_argument("--only", type=int, default=0, metavar="N", help="measure only the folder of N saves")
    parser.add_argument("--passed-out", type=int, default=0, metavar="DEALS",
                        help="time scores show of a save passed out DEALS times, then stop")
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="profile reading N files, then stop")
    args = parser.parse_args()

    if args.passed_out:
        show_passed_out(args.dir, args.passed_out, args.repeats)
        return
    sizes = [int(n) for n in str(args.small).split(",") if n.strip()]
    big = args.dir / f"saves-{args.saves}"
    smalls = [args.dir / f"saves-{n}" for n in sizes]
    if args.regenerate or marked(big) < args.saves * 0.99:
        generate(big, args.saves, args.jobs)
    for n, small in zip(sizes, smalls):
        if args.regenerate or marked(small) == 0 or not small.exists():
            small_copy(big, small, n)
    if args.profile:
        profile(smalls[0], args.profile)
        return
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"on {os.cpu_count()} cores")

    warm_figures = {}
    folders = [f for f in (*smalls, big) if not args.only or marked(f) == args.only]
    for folder in folders:
        n = marked(folder)
        print(f"\n{n} saves ({folder})")
        if not args.skip_cold:
            rate, wall, inner, rss = cold(folder)
            print(f"  cold rebuild        : {rate:8.0f} files/s ({wall:.2f} s in all, {inner:.2f} s refreshing,"
                  f" {CPU[-1]:.1f} s processor, peak {rss / 1024:.0f} MiB)"
                  f"   target >= {TARGET_COLD:.0f} files/s: {mark(rate >= TARGET_COLD)}")
        for action in ("list", "players"):
            best, median, rss = warm(folder, action, args.repeats)
            warm_figures[(folder, action)] = best
            line = f"  warm scores {action:<8}: {best:8.3f} s best, {median:.3f} s median, peak {rss / 1024:.0f} MiB"
            if folder == big:
                line += f"   target <= {TARGET_WARM} s: {mark(best <= TARGET_WARM)}"
            print(line)
        spelling(folder)
        read_only_new_file(folder)
        try:
            shown = first_rows_seconds(folder)
        except Exception as exc:  # the app under measure failed: say so, and go on
            print(f"  Saved games, first rows: the app failed ({type(exc).__name__}: {str(exc)[:120]})")
        else:
            print(f"  Saved games, first rows: {'not measured' if shown is None else f'{shown:.3f} s'}"
                  f"   target <= {TARGET_FIRST_ROWS} s")
    print()
    if big in folders:
        for small in smalls:
            if small not in folders:
                continue
            for action in ("list", "players"):
                ratio = warm_figures[(big, action)] / warm_figures[(small, action)]
                target = f"   target <= {TARGET_RATIO}: {mark(ratio <= TARGET_RATIO)}" \
                    if action == "players" else ""
                print(f"warm {action} {marked(big)} / {marked(small)} saves: {ratio:.2f}x{target}")


if __name__ == "__main__":
    main()
