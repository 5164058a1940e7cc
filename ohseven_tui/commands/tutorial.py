"""``ohseven tutorial``: a guided first round on the real table.

The game declares its tutorial (``GameSpec.tutorial``); a game without one is
refused in one line. A tutorial game is not saved.
"""

from __future__ import annotations

import argparse

from ..paths import path_argument
from .common import RegistryHelp
from .play import _delay


class TutorialHelp(RegistryHelp):
    """The registry's help, and ``{tutorials}``: the games that have a guided hand
    (looked up only when help is printed: building the parser loads no game)."""

    def _expand_help(self, action: argparse.Action) -> str:
        text = super()._expand_help(action)
        if "{tutorials}" in text:
            from ..ui.tutorial import guided_games

            text = text.replace("{tutorials}", ", ".join(spec.name for spec in guided_games()) or "none yet")
        return text


def register(sub) -> None:
    p = sub.add_parser("tutorial", help="a guided first round: each rule explained just before it matters",
                       description="A short guided round against bots on a set deal: each rule is explained "
                       "just before it matters, and you play every card yourself. It is not saved.",
                       formatter_class=TutorialHelp)
    p.add_argument("--game", metavar="GAME",
                   help="the game to learn, by the name play takes: one of {tutorials} (default: the first)")
    p.add_argument("--bot-delay", type=_delay, help="seconds between bot moves (default 0.8)")
    p.add_argument("--ascii", action="store_true", help="show suits as S H D C")
    p.add_argument("--save-dir", type=path_argument,
                   help="where your preferences (the theme) are read from (default: your user folders)")
    p.set_defaults(run=run)


def chosen(args: argparse.Namespace) -> str:
    """The name of the game whose tutorial to play, or a one-line UsageError."""
    from ..ui.tutorial import guided_games
    from .common import UsageError, spec_named

    guided = guided_games()
    if args.game is None:
        if not guided:
            raise UsageError("ohseven tutorial: no game has a tutorial yet")
        return guided[0].name
    spec = spec_named(args.game, "tutorial")
    if spec.tutorial is None:
        having = ", ".join(g.name for g in guided) or "none yet"
        raise UsageError(f"ohseven tutorial: {spec.name} has no tutorial (games with one: {having})")
    return spec.name


def run(args: argparse.Namespace) -> int:
    from .play import run_app

    return run_app(args, tutorial=chosen(args))
