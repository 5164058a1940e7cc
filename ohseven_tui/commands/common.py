"""What the subcommands share: the one-line usage error, number arguments, and
choosing a game and its options from the registry.

Building the parser must stay fast (``ohseven --help``): nothing here imports a
game family or a bot until a command runs or its help is printed.
"""
from __future__ import annotations

import argparse
from typing import Any, Optional

from ..safetext import quoted


class UsageError(Exception):
    """A bad command-line argument; the message is shown as one line."""


def int_in(low: int, high: int | None, what: str):
    """An argparse type: an integer in [low, high], with a readable message."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {quoted(text)}") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {span}, not {value}")
        return value

    return parse


def usable_save_dirs(save_dir: Any, command: str, *, writing: bool) -> Any:
    """The save folders (``storage.save_dirs``: --save-dir, else $OHSEVEN_SAVE_DIR, else
    the user's), or a one-line UsageError when one cannot be used: refused at start,
    not found out at the first save. Reading needs only the saves folder."""
    from ..paths import PathError, check_folder
    from ..storage import save_dirs

    dirs = save_dirs(save_dir)
    folders = [(dirs.saves, "the save folder")]
    if writing and dirs.state.parent != dirs.saves:  # under the save folder, it is made with it
        folders.append((dirs.state, "the state folder"))
    for folder, what in folders:
        try:
            check_folder(folder, what, writing=writing)
        except PathError as exc:
            raise UsageError(f"ohseven {command}: {exc}") from None
    return dirs


def usable_settings_dir(command: str) -> None:
    """A one-line UsageError unless the settings folder ($OHSEVEN_CONFIG_DIR, else the
    user's) can hold the settings: they are written at a player's first change, and
    the last setup at every New game, so a bad folder is said at start."""
    from ..paths import PathError, check_folder
    from ..settings import config_dir

    try:
        check_folder(config_dir(), "the settings folder", writing=True)
    except PathError as exc:
        raise UsageError(f"ohseven {command}: {exc}") from None


# ---------------------------------------------------------------------------- help from the registries
def game_names() -> str:
    from ..engine.registry import games

    return ", ".join(spec.name for spec in games())


def default_game_name() -> str:
    from ..engine.registry import default_game

    return default_game().name


def bot_names() -> str:
    from ..bots import BOT_NAMES

    return ", ".join(BOT_NAMES)


def default_bot_name() -> str:
    from ..bots import default_bot

    return default_bot()


_LAZY = {"{games}": game_names, "{default_game}": default_game_name, "{bots}": bot_names,
         "{default_bot}": default_bot_name}


class RegistryHelp(argparse.HelpFormatter):
    """Help text naming the registered games and bots, looked up only when help is
    printed (so building the parser loads no game and no bot)."""

    def _expand_help(self, action: argparse.Action) -> str:
        text = super()._expand_help(action)
        for marker, names in _LAZY.items():
            if marker in text:
                text = text.replace(marker, names())
        return text


# ---------------------------------------------------------------------------- a game and its options
def option_pair(text: str) -> tuple[str, str]:
    """``--option name=value``: split, or a readable one-line error."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"--option takes name=value, not {quoted(text)}")
    return name.strip(), value.strip()


def add_game_arguments(parser: argparse.ArgumentParser, *, players_help: str) -> None:
    """``--game`` (``--rules`` is its old name), ``--players``, ``--passing`` and
    ``--option name=value``: what a command needs to set up any registered game."""
    parser.add_argument("--game", "--rules", dest="game", metavar="GAME",
                        help="the game: one of {games} (default {default_game}; see docs/presets.md)")
    parser.add_argument("--players", type=int_in(1, None, "--players"), help=players_help)
    parser.add_argument("--passing", action="store_true",
                        help="play with card passing, for a game that offers it (--option passing=true)")
    parser.add_argument("--option", dest="options", action="append", type=option_pair, default=[],
                        metavar="NAME=VALUE", help="one of the game's options, e.g. passing=true (repeatable)")


def _value(option: Any, text: str) -> Any:
    """An option's value from its text: the choice whose text it is (true/false, 3)."""
    words = {"yes": "true", "on": "true", "no": "false", "off": "false"}
    wanted = words.get(text.lower(), text.lower())
    for choice in option.choices:
        if str(choice).lower() == wanted:
            return choice
    return text  # not one of them: Option.check says so


def chosen_game(args: argparse.Namespace, command: str, *, given_players: Optional[int] = None):
    """The game spec and its checked options from ``--game``, ``--players``,
    ``--passing`` and ``--option``, or a one-line UsageError."""
    from ..engine.protocol import OptionError
    from ..engine.registry import default_game

    spec = spec_named(args.game, command) if args.game is not None else default_game()
    options: dict[str, Any] = {}
    given = list(getattr(args, "options", []) or [])
    if getattr(args, "passing", False):
        given.append(("passing", "true"))
    for name, text in given:
        if name == "players":
            options["players"] = _players(text, command)
            continue
        known = {opt.name: opt for opt in spec.options}
        if name not in known:
            raise UsageError(f"ohseven {command}: {_not_an_option(spec, name)}")
        options[name] = _value(known[name], text)
    players = given_players if given_players is not None else getattr(args, "players", None)
    if players is not None:
        options["players"] = players
    players = options.get("players", spec.players_option.default)
    low, high = spec.players
    if not low <= players <= high:
        raise UsageError(f"ohseven {command}: {spec.name} is for {spec.players_words()}, not {players}")
    try:
        return spec, spec.check_options(options)
    except OptionError as exc:
        raise UsageError(f"ohseven {command}: {spec.name}: {exc}") from None


def spec_named(name: str, command: str):
    """The registered game of this name, or a one-line UsageError naming them all."""
    from ..engine.protocol import OptionError
    from ..engine.registry import game_spec

    try:
        return game_spec(name)
    except OptionError:
        raise UsageError(f"ohseven {command}: invalid choice for --game: {quoted(name)} "
                         f"(choose from {game_names()})") from None


def _not_an_option(spec: Any, name: str) -> str:
    """Why ``spec`` refuses option ``name``: which games have it, if any do."""
    from ..engine.registry import games

    having = [(g, opt) for g in games() for opt in g.options if opt.name == name and g is not spec]
    if not having:
        has = ", ".join(opt.name for opt in spec.options) or "none besides players"
        return f"{spec.name} has no option {quoted(name)}; its options: {has}"
    label = having[0][1].label.lower()
    owners = " or ".join(g.label for g, _ in having)
    article = "an" if owners[:1].lower() in "aeiou" else "a"
    return f"{label} is {article} {owners} option; {spec.name!r} has none"


def _players(text: str, command: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"ohseven {command}: players must be a whole number, not {quoted(text)}") from None


def game_words(spec: Any, options: dict) -> str:
    """The game in a line of output: its name, the players and every option not at
    its default: "oh-seven, 5 players, passing"."""
    parts = [spec.name, f"{options['players']} players"]
    for opt in spec.options:
        value = options.get(opt.name, opt.default)
        if value != opt.default:
            parts.append(opt.name if value is True else f"{opt.name} {value}")  # as the command line names it
    return ", ".join(parts)
