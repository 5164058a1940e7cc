"""The ``ohseven`` command. Each subcommand lives in ``ohseven_tui/commands/``.

Bad arguments get one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from . import __version__
from .commands.common import UsageError  # the commands raise it; main() prints it as one line
from .paths import PathError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one readable line instead of usage + error
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


COMMANDS = ("play", "simulate", "scores", "tutorial", "host", "join", "serve")  # in --help's order


def build_parser(commands: Sequence[str] = COMMANDS) -> argparse.ArgumentParser:
    """The parser for ``commands`` (each a module of ``ohseven_tui.commands``): all
    of them, or only the one a command line names, so that starting a game does
    not load (and build the options of) scores, simulate, serve and the rest."""
    import importlib

    parser = _Parser(prog="ohseven",
                     description="Trick-taking card games in a terminal (ohseven play --help lists them).")
    parser.add_argument("--version", action="version", version=f"ohseven {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    for name in commands:
        importlib.import_module(f"{__package__}.commands.{name}").register(sub)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"):
            argv = ["play", *argv]  # `ohseven --save-dir DIR` is `ohseven play --save-dir DIR`
        named = "play" if not argv else argv[0]
        # The help, the version and an unknown command's message list every command.
        parser = build_parser((named,) if named in COMMANDS else COMMANDS)
        args = parser.parse_args(argv)
        if args.command is None:
            args = parser.parse_args(["play", *argv])
        return int(args.run(args) or 0)
    except UsageError as exc:
        from .safetext import one_line

        print(one_line(exc, 400), file=sys.stderr)  # quoted input may be huge, or hold newlines and escapes
        return 2
    except PathError as exc:  # a folder named in the environment (OHSEVEN_SAVE_DIR) that is no folder
        from .safetext import one_line

        print(one_line(f"ohseven: {exc}", 400), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
