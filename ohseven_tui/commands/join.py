"""``ohseven join ADDR --code CODE``: take your seat at a table someone hosts.

The same table screen as a game at home, for one seat of a table server
(``ohseven host``); the finished game is kept in your own saves too.
"""

from __future__ import annotations

import argparse

from ..paths import path_argument
from ..safetext import clean_name, drop_unsafe


def clean_player_name(text: str) -> str:
    """A name typed for the table: control and bidi characters dropped, spaces tidied
    (as for a name at home), never shown as escapes to the other players."""
    return clean_name(text)


def clean_code(text: str) -> str:
    """A join code as typed or pasted: no spaces, tabs, line breaks or control characters."""
    return "".join(drop_unsafe(text).split())


def _text(what: str, limit: int, clean=clean_name):
    def parse(text: str) -> str:
        from .common import UsageError

        cleaned = clean(text)
        if not cleaned or len(cleaned) > limit:
            raise UsageError(f"ohseven join: {what} must be 1 to {limit} printable characters")
        return cleaned
    return parse


def _address(text: str) -> str:
    from ..net.client import ws_address
    from .common import UsageError

    try:
        ws_address(text)
    except ValueError as exc:
        raise UsageError(f"ohseven join: {exc}") from None
    return text.strip()


def register(sub) -> None:
    p = sub.add_parser("join", help="take your seat at a table someone hosts (ohseven host)",
                       description="Join a table server with your seat's join code. The host's screen shows "
                       "the address and one code per seat.")
    p.add_argument("address", type=_address, help="the table's address, host:port (the port 8765 if left out)")
    p.add_argument("--code", required=True, type=_text("the join code", 200, clean_code),
                   help="your seat's join code (one that starts with - is given as --code=CODE)")
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
