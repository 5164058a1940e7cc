"""Files on disk, whatever they hold: atomic writes (temp file, fsync, rename), the
guarded reader (regular files only, a size and a nesting limit, only ``json.loads``),
setting an unreadable file aside, and sweeping the temp files a killed write left.

Every failure is a :class:`SaveError` whose message is one line naming the file.
"""

from __future__ import annotations

import json
import os
import re
import signal
import stat
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

from ..safetext import escape_json_output, one_line

# The other storage modules use the underscored helpers too; they are this package's own.
__all__ = ["MAX_BYTES", "MAX_DEPTH", "KILL_VAR", "SaveError", "remove_stale_temps"]

MAX_BYTES = 10 * 1024 * 1024  # a real save is ~50 KB; refuse anything past this unread
MAX_DEPTH = 32  # a real save nests 6 deep
KILL_VAR = "OHSEVEN_TEST_KILL_AT"  # tests only: a point at which to die (see _kill_point)


class SaveError(Exception):
    """A save that cannot be read or written. ``str()`` is one line naming the file."""

    def __init__(self, path: Path | str, reason: str):
        self.path = Path(path)
        self.reason = reason
        # A file name or quoted input may hold newlines, escapes or a megabyte: the
        # message stays one short printable line.
        super().__init__(f"{one_line(path, 300)}: {one_line(reason, 300)}")


# ---------------------------------------------------------------------------- writing
def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where unsupported."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(path: Path, text: str, sync: bool = True) -> Path:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(escape_json_output(text))  # a lone surrogate in a name: its JSON escape, not a crash
            fh.flush()
            if sync:
                os.fsync(fh.fileno())
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return tmp


_TEMP_NAME = re.compile(r"^\..+\.json\.(\d+)\.tmp$")  # what _write_temp names its files
_swept: set = set()


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, but not ours to signal
        return True
    return True


def remove_stale_temps(directory: Path) -> list[Path]:
    """Remove the temp files that a write killed half-way (SIGKILL, power loss)
    left in ``directory``: only our own ``.NAME.json.PID.tmp`` files, and only
    when that process is gone on this machine. Returns the removed paths. POSIX only: elsewhere a
    process cannot be probed without side effects, so nothing is removed."""
    removed: list[Path] = []
    if os.name != "posix":
        return removed
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if not match or not entry.is_file(follow_symlinks=False):
            continue
        pid = int(match.group(1))
        if pid == os.getpid() or _pid_alive(pid):
            continue
        try:
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            pass
    return removed


def _unlink_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _kill_point(point: Optional[str]) -> None:
    """Tests only: die right here, as a SIGKILL or power loss would, when
    ``$OHSEVEN_TEST_KILL_AT`` names this point (tests/test_filing_kill.py)."""
    if point is not None and os.environ.get(KILL_VAR) == point:
        os.kill(os.getpid(), signal.SIGKILL)


def _atomic_write(path: Path, text: str, *, replace: bool, point: Optional[str] = None, sync: bool = True) -> None:
    """Temp file beside ``path``, flush, fsync, then rename. With ``replace=False``
    an existing ``path`` is never touched (os.link fails if it exists). ``point``
    names the moment after the temp file is written, for the kill tests. Without
    ``sync`` no fsync: still whole or not at all if the process is killed (the
    rename is atomic and the written bytes are the system's), but not proof
    against a power cut."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = _write_temp(path, text, sync)
        _kill_point(point and f"{point}-temp")
        try:
            if replace:
                os.replace(tmp, path)
            else:
                try:
                    os.link(tmp, path)
                except FileExistsError:
                    raise
                except OSError:  # no hard links here: check, then rename
                    if os.path.lexists(path):
                        raise FileExistsError(path) from None
                    os.replace(tmp, path)
        finally:
            _unlink_quietly(tmp)
        if sync:
            _fsync_dir(path.parent)
    except FileExistsError:
        raise SaveError(path, "already exists; not overwritten") from None
    except OSError as exc:
        raise SaveError(path, f"cannot write: {exc.strerror or exc}") from None


def _sweep_once(directory: Path) -> None:
    """Once per process and folder: remove what an earlier, killed process left."""
    if directory not in _swept:
        _swept.add(directory)
        remove_stale_temps(directory)


def _set_aside(path: Path) -> Optional[Path]:
    """Rename an unreadable file of ours to ``STEM-unreadable-DATE.json`` beside it."""
    if not os.path.lexists(path):
        return None
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        suffix = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{path.stem}-unreadable-{stamp}{suffix}.json")
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except OSError as exc:
            raise SaveError(path, f"cannot set aside: {exc.strerror or exc}") from None
        return target
    raise SaveError(path, "cannot set aside: too many unreadable copies")


# ---------------------------------------------------------------------------- reading
def _depth(value: Any) -> int:
    """Nesting depth, without recursion (a hostile file cannot blow the stack)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, d = stack.pop()
        if d > deepest:
            deepest = d
            if deepest > MAX_DEPTH:
                return deepest
        if not isinstance(item, (dict, list)):
            continue
        children = item.values() if isinstance(item, dict) else item
        # Only containers go on the stack (a save's long lists hold strings): a
        # scalar child only counts as one level deeper.
        inner = [(v, d + 1) for v in children if isinstance(v, (dict, list))]
        if len(inner) < len(children) and d + 1 > deepest:
            deepest = d + 1
        stack.extend(inner)
    return deepest


def _oserror(path: Path, exc: OSError) -> SaveError:
    if isinstance(exc, PermissionError):
        return SaveError(path, "cannot read: permission denied")
    if isinstance(exc, FileNotFoundError):
        return SaveError(path, "no such file")
    if isinstance(exc, IsADirectoryError):
        return SaveError(path, "is a directory, not a save file")
    return SaveError(path, f"cannot read: {exc.strerror or exc}")


def _check_stat(path: Path, st: os.stat_result) -> None:
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(path, "is a directory, not a save file")
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(path, "is not a regular file")
    if st.st_size > MAX_BYTES:
        raise SaveError(path, f"is {st.st_size / 2**20:.1f} MB, over the {MAX_BYTES // 2**20} MB a save may be; not read")


def _read_bytes(path: Path) -> bytes:
    """At most MAX_BYTES + 1 bytes of a regular file, never blocking: a FIFO, a
    device or a symlink to one (``/proc/kmsg``) is refused, not waited on. The
    open is non-blocking and the check is on the opened file (fstat), so a file
    swapped after the first look is caught too."""
    _check_stat(path, os.stat(path))  # cheap first look: no open at all for most bad kinds
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        _check_stat(path, os.fstat(fd))
        chunks, size = [], 0
        while size <= MAX_BYTES:  # the file may have grown since stat
            try:
                chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - size))
            except BlockingIOError:  # a "regular" file that would block: not a save
                raise SaveError(path, "is not a regular file (reading it would block)") from None
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _read_json(path: Path) -> Any:
    """Read a JSON file with every guard: regular file, size, then depth. Only json.loads."""
    return _parse_json(path, _read_raw(path))


def _read_raw(path: Path) -> bytes:
    """The file's bytes (at most MAX_BYTES + 1), or SaveError naming it."""
    try:
        return _read_bytes(path)
    except OSError as exc:
        raise _oserror(path, exc) from None


def _parse_json(path: Path, raw: bytes) -> Any:
    """The JSON value of a file's bytes, with the size, text and depth guards."""
    if len(raw) > MAX_BYTES:
        raise SaveError(path, f"is over the {MAX_BYTES // 2**20} MB a save may be; not read")
    if not raw.strip():
        raise SaveError(path, "is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(path, "is not a text (UTF-8) file, so not a save") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError(path, f"is nested too deeply (more than {MAX_DEPTH} levels); not a save") from None
    except ValueError as exc:
        # A string with no end runs to the end of the text: a write cut short there too.
        if isinstance(exc, json.JSONDecodeError) and (exc.pos >= len(text.rstrip())
                                                      or exc.msg.startswith("Unterminated string")):
            raise SaveError(path, f"is cut short (truncated JSON at line {exc.lineno} column {exc.colno})") from None
        if isinstance(exc, json.JSONDecodeError):
            what = exc.msg.removesuffix(" at")  # "Invalid control character at": at the place given next
            raise SaveError(path, f"is not valid JSON ({what} at line {exc.lineno} column {exc.colno})") from None
        raise SaveError(path, "is not valid JSON") from None
    if _depth(data) > MAX_DEPTH:
        raise SaveError(path, f"is nested too deeply (more than {MAX_DEPTH} levels); not a save")
    return data
