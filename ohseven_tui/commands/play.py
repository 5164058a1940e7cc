"""``ohseven play``: start the terminal game (the default command).

Without game flags it opens the main menu; with any of --game (or --rules),
--players, --humans, --bots, --passing, --option, --seed it starts straight at
the table. The run flags (--bot-delay, --ascii, --theme, --reduced-motion,
--save-dir) apply to this run wherever it starts, the menu included, so alone
they open the menu (docs/playing.md; tests/test_playing_doc.py holds the two lists
to the doc).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Optional

from ..paths import path_argument
from ..safetext import quoted
from .common import RegistryHelp, add_game_arguments, int_in


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--bot-delay must be a number of seconds, not {quoted(text)}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(f"--bot-delay must be from 0 to 10 seconds, not {quoted(text)}")
    return value


def _bots(text: str) -> list[str]:
    from ..bots import BOT_NAMES  # looked up only when --bots is given

    names = [t.strip().lower() for t in text.split(",")]
    for name in names:
        if name not in BOT_NAMES:
            raise argparse.ArgumentTypeError(
                f"--bots takes {', '.join(BOT_NAMES)} (one for all bots, or a comma list), not {quoted(name)}")
    return names


def register(sub) -> None:
    p = sub.add_parser("play", help="play a card game in the terminal (the default command)",
                       formatter_class=RegistryHelp)
    add_game_arguments(p, players_help="seats at the table (default 4, or the nearest the game allows)")
    p.add_argument("--humans", type=int_in(0, None, "--humans"),
                   help="human seats, taken first (default 1; 0 watches the bots; 2 or more is hot-seat)")
    p.add_argument("--bots", type=_bots, help="bot strength for the other seats: {bots}, "
                   "or a comma list with one per bot seat (default {default_bot})")
    p.add_argument("--seed", type=int_in(0, None, "--seed"), help="seed for the deals (default random)")
    p.add_argument("--bot-delay", type=_delay, help="seconds between bot moves, 0 is instant (default 0.6)")
    p.add_argument("--ascii", action="store_true", help="show suits as S H D C (for this run; see Settings)")
    p.add_argument("--theme", help="a Textual theme for this run, e.g. textual-light (see Settings)")
    p.add_argument("--reduced-motion", dest="reduced_motion", action="store_true",
                   help="no animations for this run (Settings can turn them off for good)")
    p.add_argument("--save-dir", type=path_argument, help="where games are saved (default: your user data folder)")
    p.add_argument("--continue", dest="resume", action="store_true", help="resume the unfinished game")
    p.add_argument("--put-aside", dest="put_aside", action="store_true",
                   help="keep the unfinished game with your saved games (Saved games can continue it), "
                   "then start the new one")
    p.set_defaults(run=run)


def setup_from_args(args: argparse.Namespace):
    """The table's setup from the flags, or None when no game flag was given."""
    flags = (args.game, args.players, args.humans, args.bots, args.seed)
    if all(f is None for f in flags) and not args.passing and not args.options:
        return None  # the menu: no bot or game is loaded before its first frame
    from ..bots import bots_for, default_bot
    from ..ui.setup import GameSetup
    from .common import UsageError, chosen_game

    spec, options = chosen_game(args, "play")
    players = options["players"]
    humans = args.humans if args.humans is not None else 1
    if humans > players:
        raise UsageError(f"ohseven play: --humans {humans} is more than --players {players}")
    playing = bots_for(spec.name)
    seats_for_bots = players - humans
    if args.bots:
        cannot = [b for b in dict.fromkeys(args.bots) if b not in playing]
        if cannot and seats_for_bots:
            raise UsageError(
                f"ohseven play: the {' and '.join(cannot)} bot{'s do' if len(cannot) > 1 else ' does'} not play "
                f"{spec.name} yet; bots that do: {', '.join(playing)}")
    bots = args.bots or [default_bot(spec.name)]
    if len(bots) > 1 and len(bots) != seats_for_bots:
        raise UsageError(
            f"ohseven play: --bots lists {len(bots)} strengths but there are {seats_for_bots} bot seats")
    if seats_for_bots == 0:
        bots = [default_bot()]
    setup = GameSetup.default(players=players, humans=humans, bots=bots)
    setup.rules = spec.name  # GameSetup's name for the game (``game`` in the registry-driven setup)
    extra = {name: value for name, value in options.items() if name != "players"}
    kept = getattr(setup, "options", None)
    if isinstance(kept, dict):  # the registry-driven setup keeps them together
        kept.update(extra)
    else:  # today's GameSetup keeps each option as a field
        for name, value in extra.items():
            setattr(setup, name, value)
    setup.seed = args.seed
    if args.bot_delay is not None:
        setup.bot_delay = args.bot_delay
    return setup


def _unfinished_first(args: argparse.Namespace, starts_new: bool) -> None:
    """A new game must not replace the unfinished one unasked. --put-aside keeps
    it with the saves now; in a terminal the app asks; with no terminal to ask
    in, refuse in one line naming the flags that decide."""
    import os
    import sys

    from .. import storage
    from .common import UsageError

    if args.resume and args.put_aside:
        raise UsageError("ohseven play: --continue resumes the unfinished game and --put-aside keeps it aside; "
                         "choose one")
    if args.resume or not (starts_new or args.put_aside):
        return
    dirs = storage.save_dirs(args.save_dir)
    try:
        if args.put_aside:
            entry = storage.put_aside_autosave(dirs)
            if entry is not None:
                print(f"ohseven play: the unfinished game is put aside as {entry.stem} "
                      "(Saved games can continue it)", file=sys.stderr)
            return
        if sys.stdin.isatty() and sys.stdout.isatty():
            return  # the app asks
        waiting = storage.unfinished_game(dirs)
    except storage.SaveError as exc:
        if os.path.lexists(dirs.autosave):  # still there: a new game would replace it
            raise UsageError(f"ohseven play: {exc}") from None
        print(f"ohseven play: {exc}", file=sys.stderr)  # unreadable, and kept under another name
        return
    if waiting is not None:
        raise UsageError("ohseven play: there is an unfinished game, and a new one would replace it; "
                         "add --continue to resume it, or --put-aside to keep it in your saved games "
                         "and start the new one")


def write_crash_log(save_dir, report: str) -> Path:
    """Write ``report`` to a new ``crash-DATE.log`` in the state folder (never over
    another file) and return its path."""
    import os
    from datetime import datetime, timezone

    from ..storage import save_dirs

    state = save_dirs(save_dir).state
    state.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        path = state / (f"crash-{stamp}.log" if n == 1 else f"crash-{stamp}-{n}.log")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as fh:
            fh.write(report)
        return path
    raise OSError(f"too many crash logs in {state}")


def no_terminal() -> Optional[str]:
    """Why the app could not be played here, or None. It reads keys from standard
    input and draws on standard error (Textual's terminal driver); without a
    terminal on either there is nobody to play, and a closed input would keep the
    app spinning. Through ``ohseven serve`` the browser is the terminal."""
    import os
    import sys

    if os.environ.get("TEXTUAL_DRIVER"):  # textual-serve's web driver: its pipes are the terminal
        return None
    if sys.__stdin__ is None or not sys.__stdin__.isatty():
        return "standard input is not a terminal, so no key could reach the game"
    if sys.__stderr__ is None or not sys.__stderr__.isatty():
        return "standard error is not a terminal, and the game draws its screen there (no 2> redirect)"
    return None


def run(args: argparse.Namespace) -> int:
    from .common import usable_save_dirs

    setup = setup_from_args(args)
    usable_save_dirs(args.save_dir, "play", writing=True)  # before any screen, not a toast at each move
    _unfinished_first(args, starts_new=setup is not None)
    return run_app(args, setup=setup, resume=args.resume)


def run_app(args: argparse.Namespace, **start) -> int:
    """Run the app (``start``: what it opens with) and turn a crash into one line
    naming its log."""
    import sys

    from ..safetext import one_line
    from ..ui.app import OhSevenApp

    theme = getattr(args, "theme", None)
    if theme is not None:
        from textual.theme import BUILTIN_THEMES

        from .common import UsageError

        if theme not in BUILTIN_THEMES:
            raise UsageError(f"ohseven play: --theme takes one of {', '.join(sorted(BUILTIN_THEMES))}, "
                             f"not {quoted(theme)}")
    # The folders named in the environment are read now, so that a bad one is one line
    # before the app starts (a PathError), not a crash inside it.
    from ..storage import save_dirs
    from .common import usable_settings_dir

    save_dirs(args.save_dir)
    usable_settings_dir(getattr(args, "command", None) or "play")
    missing = no_terminal()
    if missing:
        from .common import UsageError

        raise UsageError(f"ohseven {getattr(args, 'command', None) or 'play'}: {missing}; run it in a terminal "
                         "(games of bots alone need none: ohseven simulate)")
    app = OhSevenApp(ascii=args.ascii, bot_delay=args.bot_delay, save_dir=args.save_dir, theme=theme,
                     reduced_motion=getattr(args, "reduced_motion", False), **start)
    app.run()
    if not app.return_code:
        return 0
    # An unhandled error: one line naming the crash log (the traceback is in it), exit 1.
    report = app.crash_report or f"the app exited with status {app.return_code}\n"
    last = one_line(report.strip().splitlines()[-1] if report.strip() else "unknown error", 200)
    try:
        path = write_crash_log(args.save_dir, report)
    except OSError as exc:
        print(one_line(f"ohseven: crashed ({last}); the crash log could not be written: {exc}", 400), file=sys.stderr)
    else:
        from ..storage import save_dirs

        kept = "; the game is kept: ohseven play --continue" if save_dirs(args.save_dir).autosave.exists() else ""
        print(one_line(f"ohseven: crashed ({last}); the details are in {path}{kept}", 400), file=sys.stderr)
    return app.return_code or 1
