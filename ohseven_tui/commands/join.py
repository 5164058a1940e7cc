"""``ohseven join HOST:PORT/CODE`` (the host's line for a seat) or ``ohseven join ADDR
--code CODE``: take your seat at a table someone hosts.

The same table screen as a game at home, for one seat of a table server
(``ohseven host``); the finished game is kept in your own saves too.
"""

from __future__ import annotations

import argparse
from typing import Any, Optional

from ..paths import path_argument
from ..safetext import clean_code, clean_name


def clean_player_name(text: str) -> str:
    """A name typed for the table: control and bidi characters dropped, spaces tidied
    (as for a name at home), never shown as escapes to the other players."""
    return clean_name(text)


def _text(what: str, limit: int, clean=clean_name, command: str = "join"):
    def parse(text: str) -> str:
        from .common import UsageError

        cleaned = clean(text)
        if not cleaned or len(cleaned) > limit:
            raise UsageError(f"ohseven {command}: {what} must be 1 to {limit} printable characters")
        return cleaned
    return parse


def name_argument(command: str):
    """``--name``: refused in one line past what the table keeps of a seat's name
    (``MAX_NAME``), rather than cut there without a word."""
    def parse(text: str) -> str:
        from ..net.protocol import MAX_NAME  # read when a name is given: the parser's setup imports no network code

        return _text("the name", MAX_NAME, command=command)(text)
    return parse


def _address(text: str) -> tuple[str, Optional[str]]:
    """The address, and the join code when it is the host's one-argument line (``host:port/CODE``)."""
    from ..net.client import split_join
    from .common import UsageError

    try:
        address, code = split_join(text)
    except ValueError as exc:
        raise UsageError(f"ohseven join: {exc}") from None
    return address, (_text("the join code", 200, clean_code)(code) if code is not None else None)


class _Code(argparse.Action):
    """The code from ``--code`` or from the address line: either, or both if they agree."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: Optional[str] = None) -> None:
        if self.dest == "address":
            namespace.address, code = values
        else:
            code = values
        if code is None:
            return
        if getattr(namespace, "code", None) not in (None, code):
            parser.error("two different join codes: give the one in the host's line, host:port/CODE, or --code")
        namespace.code = code


def register(sub) -> None:
    p = sub.add_parser("join", help="take your seat at a table someone hosts (ohseven host)",
                       description="Join a table server with your seat's join code. The host's screen shows "
                       "the address and one code per seat.")
    p.add_argument("address", type=_address, action=_Code,
                   help="the table's address, host:port (the port 8765 if left out), or the host's line for your "
                   "seat, host:port/CODE")
    p.add_argument("--code", type=_text("the join code", 200, clean_code), action=_Code,
                   help="your seat's join code, if the address does not end with it")
    p.add_argument("--name", type=name_argument("join"),
                   help="your name at the table, at most 24 characters (default: Settings' name)")
    p.add_argument("--ascii", action="store_true", help="show suits as S H D C (for this run; see Settings)")
    p.add_argument("--theme", help="a Textual theme for this run, e.g. textual-light (see Settings)")
    p.add_argument("--reduced-motion", dest="reduced_motion", action="store_true", help="no animations for this run")
    p.add_argument("--save-dir", type=path_argument,
                   help="where the finished game is kept (default: your user data folder)")
    p.set_defaults(run=run, bot_delay=None)


def run(args: argparse.Namespace) -> int:
    from .common import UsageError
    from .play import run_app

    if not args.code:
        raise UsageError("ohseven join: the join code is missing: give the host's line for your seat, "
                         "ohseven join host:port/CODE, or --code CODE")
    return run_app(args, join=(args.address, args.code, args.name or ""))
