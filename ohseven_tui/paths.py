"""How every command reads a folder the user names, on the command line (``--save-dir``)
or in an environment variable (OHSEVEN_SAVE_DIR, OHSEVEN_CONFIG_DIR): as a shell
would, a leading ``~`` is your home folder and ``~user`` that user's; nothing else
is changed. A path that cannot be read so is a :class:`PathError`, one line naming
it, which the commands show as every other bad argument (exit 2)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Optional

from .safetext import quoted


class PathError(ValueError):
    """A path the user gave that names no folder; the message is one line."""


def user_path(text: str) -> Path:
    """``text`` as a path, ``~`` and ``~user`` expanded, or a PathError saying why not."""
    if not text.strip():
        raise PathError("a folder is needed, not an empty text")
    if "\0" in text:
        raise PathError(f"{quoted(text)} is not a path (it holds a NUL character)")
    path = Path(text)
    if not text.startswith("~"):
        return path
    user = path.parts[0][1:]
    try:
        return path.expanduser()
    except RuntimeError:  # pathlib: no such user, or no home folder to be found
        if user:
            raise PathError(f"{quoted(text)}: there is no user {quoted(user)} on this machine, "
                            f"so ~{user} names no home folder") from None
        raise PathError(f"{quoted(text)}: your home folder (~) is not known on this machine") from None


def env_path(name: str) -> Optional[Path]:
    """The folder in environment variable ``name``, read as :func:`user_path`;
    None when it is unset or blank."""
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    try:
        return user_path(text)
    except PathError as exc:
        raise PathError(f"{name}: {exc}") from None


def path_argument(text: str) -> Path:
    """The argparse type of an option that names a folder: :func:`user_path`, its
    reason as argparse's one-line error ("argument --save-dir: ...")."""
    try:
        return user_path(text)
    except PathError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
