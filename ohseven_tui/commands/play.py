"""``ohseven play``: start the terminal game (the default command)."""

from __future__ import annotations

import argparse


def register(sub) -> None:
    p = sub.add_parser("play", help="play Oh-Seven in the terminal (the default)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..ui.app import OhSevenApp

    OhSevenApp().run()
    return 0
