"""``ohseven join ADDR --code CODE``: take your seat at a table someone hosts.

The same table screen as a game at home, for one seat of a table server
(``ohseven host``); the finished game is kept in your own saves too.
"""

from __future__ import annotations

import argparse

from ..paths import path_argument
from ..safetext import printable


def _text(what: str, limit: int):
    def parse(text: str) -> str:
        from .common import UsageError

        clean = printable(text).strip()
        if not clean or len(clean) > limit:
            raise UsageError(f"ohseven join: {what} must be 1 to {limit} printable characters")
        return clean
    return parse


def register(sub) -> None:
    p = sub.add_parser("join", help="take your seat at a table someone hosts (ohseven host)",
                       description="Join a table server with your seat's join code. The host's screen shows "
                       "the address and one code per seat.")
    p.add_argument("address", type=_text("the address", 300), help="the table's address, host:port")
    p.add_argument("--code", required=True, type=_text("the join code", 200), help="your seat's join code")
    p.add_argument("--name", type=_text("the name", 40), help="your name at the table (default: Settings' name)")
    p.add_argument("--ascii", action="store_true", help="show suits as S H D C (for this run; see Settings)")
    p.add_argument("--theme", help="a Textual theme for this run, e.g. textual-light (see Settings)")
    p.add_argument("--reduced-motion", dest="reduced_motion", action="store_true", help="no animations for this run")
    p.add_argument("--save-dir", type=path_argument,
                   help="where the finished game is kept (default: your user data folder)")
    p.set_defaults(run=run, bot_delay=None)


def run(args: argparse.Namespace) -> int:
    from .play import run_app

    return run_app(args, join=(args.address, args.code, args.name or ""))
