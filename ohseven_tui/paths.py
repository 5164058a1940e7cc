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





def _probe(folder: Path, make_folder: bool) -> None:
    """Make (and remove at once) a new entry in ``folder``: an OSError if it cannot.
    Not tempfile: it would cost the app's start-up its import."""
    for n in range(100):
        probe = folder / f".ohseven-probe-{os.getpid()}-{n}"
        try:
            if make_folder:
                os.mkdir(probe, 0o700)
            else:
                os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            continue
        (os.rmdir if make_folder else os.unlink)(probe)
        return


def check_folder(path: Path, what: str, *, writing: bool) -> None:
    """A PathError (one line, naming ``what``: "the save folder") unless ``path`` is a
    folder that can be read (and, with ``writing``, written), or one not made yet that
    could be made. Probed by doing it, not by the mode bits: root writes where they
    say no, and nobody makes a folder in /proc."""

    def named(p: Path) -> str:
        return quoted(str(p), 300)

    nearest = next((p for p in (path, *path.parents) if os.path.lexists(p)), Path("."))
    if nearest != path:  # not made yet: it could be, if the nearest folder there takes a new one
        if not nearest.is_dir():
            raise PathError(f"{what} {named(path)} cannot be made: {named(nearest)} is not a folder")
        try:
            _probe(nearest, make_folder=True)
        except OSError as exc:
            raise PathError(f"{what} {named(path)} does not exist and cannot be made in {named(nearest)} "
                            f"({_reason(exc)})") from None
        return
    if not path.is_dir():
        raise PathError(f"{what} {named(path)} is not a folder")
    try:
        if writing:
            _probe(path, make_folder=False)
        else:
            with os.scandir(path) as entries:
                next(entries, None)
    except OSError as exc:
        raise PathError(f"cannot {'write in' if writing else 'read'} {what} {named(path)} "
                        f"({_reason(exc)})") from None


def _reason(exc: OSError) -> str:
    """The system's reason in a message's own case: "permission denied", as the other lines say it."""
    text = str(exc.strerror or exc)
    return text[:1].lower() + text[1:]
