"""``ohseven host``: host a table that friends join over the network (docs/network.md).

By default the app opens on the table's waiting room (its address, one join code
per seat) and the host plays the first human seat; F2 at the table shows the
seats again. ``--headless``: no screen and no seat of the host's own: the terminal
shows the address, one join code per human seat, then one line per change (who is
connected, whose turn, the score). When a game ends it stays open while the
players may ask for another game (a rematch), until every player has left. Lines typed on its input: ``bot SEAT [STRENGTH]``
hands an empty seat to a bot, ``status`` repeats the state, ``quit`` closes the table.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
import threading
from typing import Any, Callable, Optional

from ..paths import path_argument
from .common import RegistryHelp, UsageError, add_game_arguments, int_in
from .join import name_argument
from .play import _bots, _delay


def register(sub) -> None:
    p = sub.add_parser("host", help="host a table that friends join over the network",
                       formatter_class=RegistryHelp,
                       description="Host a table: prints its address and one join code per human seat. "
                       "It listens on 127.0.0.1 only unless --bind says otherwise: to play across the "
                       "internet use an SSH tunnel (docs/network.md).")
    add_game_arguments(p, players_help="seats at the table (default 4, or the nearest the game allows)")
    p.add_argument("--humans", type=int_in(1, None, "--humans"),
                   help="human seats, taken first (default: the seats --bots leaves; every seat without it)")
    p.add_argument("--bots", type=_bots, help="one strength per bot seat, a comma list ({bots}), after the "
                   "humans; with --humans, one strength fills every bot seat")
    p.add_argument("--port", type=int_in(0, 65535, "--port"),
                   help="the port to listen on (default 8765, with --continue the table's own; 0 picks a free one)")
    p.add_argument("--bind", help="the address to listen on (default 127.0.0.1: this machine only; "
                   "with --continue the table's own)")
    p.add_argument("--headless", action="store_true",
                   help="no screen and no seat of your own: status lines only (a table for others)")
    p.add_argument("--name", type=name_argument("host"),
                   help="your name at the table, at most 24 characters (default: Settings' name)")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="bring back the last table hosted with this save folder, with the same codes")
    p.add_argument("--turn-clock", type=int_in(1, 86400, "--turn-clock"), metavar="SECONDS",
                   help="a seat that does not act in this many seconds has its move made by a bot, marked "
                   "as the clock's in the record (default: no clock)")
    p.add_argument("--bot-delay", type=_delay, default=0.6, help="seconds between bot moves, 0 is instant (default 0.6)")
    p.add_argument("--save-dir", type=path_argument, help="where games are saved (default: your user data folder)")
    p.set_defaults(run=run)


def _players(args: argparse.Namespace) -> tuple[Any, dict, list[str]]:
    from ..bots import bots_for
    from .common import chosen_game

    spec, options = chosen_game(args, "host")
    players = options["players"]
    bots = list(args.bots or [])
    # Without --humans, --bots names one strength per bot seat; with it, one strength fills them all.
    humans = args.humans if args.humans is not None else players - len(bots)
    if humans < 1 or humans > players:
        raise UsageError(f"ohseven host: a table of {players} needs 1 to {players} human seats, not {humans}")
    seats_for_bots = players - humans
    if len(bots) == 1:
        bots = bots * seats_for_bots
    if len(bots) != seats_for_bots:
        raise UsageError(f"ohseven host: --bots lists {len(bots)} strengths but there are {seats_for_bots} bot seats")
    playing = bots_for(spec.name)
    cannot = [b for b in dict.fromkeys(bots) if b not in playing]
    if cannot:
        raise UsageError(f"ohseven host: bots that play {spec.name}: {', '.join(playing)}")
    return spec, options, ["human"] * humans + bots


def run(args: argparse.Namespace) -> int:
    from ..net.hosted import HostedTable
    from ..net.server import TableError, TableServer
    from .common import usable_save_dirs, usable_settings_dir

    usable_save_dirs(args.save_dir, "host", writing=True)  # the table saves each move there
    if not args.headless:  # the host's own app keeps its settings
        usable_settings_dir("host")

    # With a screen the table runs in a process of its own (net/hosted.py): the
    # host's screen never holds up the others' answers.
    kind: Any = TableServer if args.headless else HostedTable
    try:
        if args.resume:
            server = kind.continue_table(args.save_dir, host=args.bind, port=args.port,
                                         bot_delay=args.bot_delay, turn_clock=args.turn_clock)
        else:
            spec, options, players = _players(args)
            server = kind(spec, options, players, host=args.bind or "127.0.0.1",
                          port=8765 if args.port is None else args.port,
                          save_dir=args.save_dir, bot_delay=args.bot_delay, turn_clock=args.turn_clock)
    except TableError as exc:
        raise UsageError(f"ohseven host: {exc}") from None
    args.bind, args.port = server.host, server.port  # where it listens, for the lines that say so
    if not args.headless:
        return _run_with_screen(args, server)
    try:
        return asyncio.run(run_headless(server))
    except OSError as exc:  # the port is taken, the address is not this machine's
        raise UsageError(f"ohseven host: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}") from None


def _run_with_screen(args: argparse.Namespace, server: Any) -> int:
    """The app, hosting: the waiting room with the codes, then the host's own seat.
    The table's process starts before the app, so a table that cannot open is one
    line here, not a screen."""
    import socket

    from ..net.server import TableError
    from ..safetext import printable
    from .play import no_terminal, run_app

    try:  # a taken port is one line before anything else (the table's process binds it at once)
        with socket.create_server((args.bind, args.port)):
            pass
    except OSError as exc:
        raise UsageError(f"ohseven host: cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}") from None
    missing = no_terminal()
    if missing:
        raise UsageError(f"ohseven host: {missing}; run it in a terminal, or with --headless, which needs none")
    try:
        server.open()
    except TableError as exc:
        raise UsageError(f"ohseven host: {exc}") from None
    name = printable(args.name or "").strip()  # --name is cleaned and checked; Settings' name is shorter
    args.ascii, args.theme, args.reduced_motion = False, None, False
    try:
        return run_app(args, host=(server, name))
    finally:  # the app ended however it did: the table's process ends with it
        asyncio.run(server.close())


def _say(line: str) -> None:
    from ..safetext import printable

    print(printable(line), flush=True)


async def run_headless(server: Any, say: Callable[[str], None] = _say) -> int:
    """Serve the table until a game is over and every player has left (a rematch may
    come until then), or ``quit``, or a signal, printing one line per change of its
    status. Returns the exit code."""
    from ..net.client import join_line

    last: list[str] = [""]
    filed = [0]  # the games of the series said to be filed
    game = [server.game]

    def changed(srv: Any) -> None:
        if srv.series_games != filed[0]:
            filed[0] = srv.series_games
            if srv.saved_path is not None:
                say(f"saved as {srv.saved_path}")
        if srv.game is not game[0]:
            if game[0] is not None and srv.series_games:
                say(f"game {srv.series_games + 1} of the series begins: the same seats and codes")
            game[0] = srv.game
        line = srv.status().message
        if line != last[0]:
            last[0] = line
            say(line)

    await server.start()
    say(f"table at {server.address} ({server.spec.describe(server.options)})")
    where = server.join_address  # bound to every address: this machine's own, not 0.0.0.0
    if where != server.address:
        say(f"it listens on every address of this machine; the lines below name {where.removeprefix('ws://')}, "
            "a friend on another network may need another of its addresses")
    for seat in server.humans:  # one line per friend: all they need to take their seat
        say(f"seat {seat + 1}: {join_line(where, server.codes[seat])}")
    say(f"watch: {join_line(where, server.watch_code)}")  # for anyone who only watches
    server.on_change = changed
    server.on_chat = lambda seat, text: say(f"chat: {server.names[seat]} (seat {seat + 1}): {text}")
    changed(server)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    reader = loop.create_task(_commands(server, say, stop))
    # A finished game keeps the table open for a rematch until every player has left.
    over = loop.create_task(server.wait_ended())
    await asyncio.wait([over, loop.create_task(stop.wait())], return_when=asyncio.FIRST_COMPLETED)
    reader.cancel()
    if over.done():
        await server.close("the game is over")
    else:
        over.cancel()
        await server.close()
        say("table closed; ohseven host --continue brings it back")
    if server.last_error:
        say(f"could not save: {server.last_error}")
    return 0


async def _commands(server: Any, say: Callable[[str], None], stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    lines: "asyncio.Queue[Optional[str]]" = asyncio.Queue()

    def read() -> None:  # a daemon thread: a blocked read never holds the process at exit
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=read, daemon=True).start()
    while True:
        line = await lines.get()
        if line is None:
            return  # no input (or it closed): the table goes on
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            stop.set()
            return
        if words[0] == "status":
            say(server.status().message)
        elif words[0] == "bot" and len(words) in (2, 3) and words[1].isdigit():
            say(server.hand_to_bot(int(words[1]) - 1, words[2] if len(words) == 3 else ""))
        elif words[0] == "move" and len(words) == 3 and words[1].isdigit() and words[2].isdigit():
            say(server.move_seat(int(words[1]) - 1, int(words[2]) - 1))
        else:
            say("commands: bot SEAT [STRENGTH], move SEAT SEAT (before the start), status, quit")
