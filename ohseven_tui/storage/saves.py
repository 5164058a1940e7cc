"""Saved games: the save format, the autosave, putting a game aside, filing a
finished game, the setup and preferences files, and each game's id.

Layout (docs/save-format.md):

- finished games: ``platformdirs.user_data_path("ohseven") / "saves"``, one ``ID.json`` each;
- the unfinished game's autosave and the last setup choices: ``user_state_path("ohseven")``;
- ``--save-dir DIR`` or ``OHSEVEN_SAVE_DIR=DIR``: finished games in ``DIR``, the
  autosave and setup in ``DIR/.state`` (hidden, so ``scores list`` never shows them).

A save file is the engine's game record plus a summary that names the game, its
options and the scores. Loading replays the record, so a save that loads is a game
the rules allow. Nothing here ever deletes or overwrites a file except the autosave
and setup it owns, and a finished game never replaces another game's save (only its
own put-aside entry). Each game carries an id in its saves, so filing is idempotent:
one game, one entry. Any game of the registry can be saved: nothing here knows one.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping, Optional
from weakref import WeakKeyDictionary

from ..engine import record as records
from ..engine.errors import RecordError
from ..engine.protocol import GameSpec, GameState
from ..safetext import escape_json_output
from .files import (
    MAX_BYTES,
    SaveError,
    _atomic_write,
    _kill_point,
    _parse_json,
    _read_json,
    _read_raw,
    _set_aside,
    _sweep_once,
)

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "ENV_VAR",
    "SaveDirs",
    "SavedGame",
    "save_dirs",
    "save_data",
    "write_save",
    "write_autosave",
    "AutosaveLog",
    "load_autosave",
    "load_autosave_save",
    "clear_autosave",
    "set_aside_autosave",
    "unfinished_game",
    "put_aside_autosave",
    "game_in_play",
    "finish_game",
    "game_id",
    "new_save_name",
    "save_setup",
    "load_setup",
    "save_prefs",
    "load_prefs",
    "prefs_path",
    "same_game",
    "StandIn",
    "mark_stand_in",
    "stand_ins",
    "list_saves",
    "load_save",
    "find_save",
    "delete_save",
]

SAVE_FORMAT = "ohseven-save"
SAVE_VERSION = 1  # the envelope; the summary gained ``game`` and ``options`` (``rules`` in older files)
ENV_VAR = "OHSEVEN_SAVE_DIR"
AUTOSAVE_NAME = "autosave.json"
SETUP_NAME = "setup.json"
STATE_SUBDIR = ".state"


@dataclass(frozen=True)
class SaveDirs:
    saves: Path  # finished games
    state: Path  # autosave and last setup

    @property
    def autosave(self) -> Path:
        return self.state / AUTOSAVE_NAME

    @property
    def setup(self) -> Path:
        return self.state / SETUP_NAME


def save_dirs(save_dir: Path | str | None = None) -> SaveDirs:
    """The directories to use: ``save_dir`` if given, else ``$OHSEVEN_SAVE_DIR``, else
    the platform's user data and state directories. Nothing is created here."""
    from ..paths import env_path, user_path

    # A text is read as the user's (~ expanded, or a PathError); a Path is taken as it
    # is: the commands' --save-dir was read so already ("./~bob" stays a folder here).
    base = env_path(ENV_VAR) if save_dir is None else user_path(save_dir) if isinstance(save_dir, str) else save_dir
    if base is not None:
        return SaveDirs(saves=base, state=base / STATE_SUBDIR)
    import platformdirs

    return SaveDirs(
        saves=platformdirs.user_data_path("ohseven") / "saves",
        state=platformdirs.user_state_path("ohseven"),
    )


@dataclass
class SavedGame:
    """One loaded save: the replayed game plus what the file says about it."""

    path: Path
    game: GameState
    date: str  # ISO 8601, UTC, when the file was written
    finished: bool
    app: dict = field(default_factory=dict)  # extra state the app keeps with an autosave
    game_id: str = ""  # the same in every save of one game (see game_id())

    @property
    def id(self) -> str:
        return self.path.stem

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.game.seats]

    @property
    def totals(self) -> list[int]:
        return list(self.game.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        return self.game.winners

    @property
    def winner_names(self) -> list[str]:
        return [self.game.seats[s].name for s in self.game.winners]

    @property
    def spec(self) -> GameSpec:
        return self.game.spec

    @property
    def rules_text(self) -> str:
        """The game and its options in words: "Oh-Seven, 4 players, passing"."""
        return self.game.spec.describe(self.game.options)


# ---------------------------------------------------------------------------- game ids
# One id per game, kept in each of its saves (autosave, put aside, finished), so that
# filing is idempotent: the same game is never filed twice. Kept beside the Game
# object rather than in it, so the engine and its record format stay as they are.
_ids: "WeakKeyDictionary[GameState, str]" = WeakKeyDictionary()
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def game_id(game: GameState) -> str:
    """This game's id: the one its save file holds, or a new random one for a new game."""
    gid = _ids.get(game)
    if gid is None:
        gid = _ids[game] = os.urandom(8).hex()  # as secrets.token_hex(8), without loading hashlib at start
    return gid


def same_game(old: GameState, new: GameState) -> None:
    """``new`` is ``old`` rebuilt from its record (an undo): it keeps the game's id,
    so its saves stay one game's and it is never filed twice."""
    _ids[new] = game_id(old)


# ---------------------------------------------------------------------------- stand-ins
# Who made a human seat's move when its player did not: a stand-in bot while they were
# away, or a bot when the turn clock ran out. Kept beside the Game as its id is, and
# written in the record's optional "stand_ins" (docs/record-format.md).
STAND_IN_WHY = ("away", "clock")
STAND_INS = "stand_ins"


@dataclass(frozen=True)
class StandIn:
    """A move made for ``seat`` by the ``bot`` strength, because its player was away or out of time."""

    seat: int
    bot: str
    why: str  # one of STAND_IN_WHY


_stand_ins: "WeakKeyDictionary[GameState, dict[int, StandIn]]" = WeakKeyDictionary()


def mark_stand_in(game: GameState, bot: str, why: str = "away") -> None:
    """The game's last action was made for its seat by a stand-in (``why``: away or clock)."""
    assert why in STAND_IN_WHY and game.history
    index = len(game.history) - 1
    seat = game.history[index].seat
    assert seat is not None
    _stand_ins.setdefault(game, {})[index] = StandIn(seat, bot, why)


def stand_ins(game: GameState) -> dict[int, StandIn]:
    """The marked actions of ``game``, by index in its history (empty for most games)."""
    return dict(_stand_ins.get(game, {}))


def _marks_data(game: GameState) -> list[dict[str, Any]]:
    return [{"action": i, "seat": m.seat, "bot": m.bot, "why": m.why}
            for i, m in sorted(_stand_ins.get(game, {}).items()) if i < len(game.history)]


def _read_marks(path: Path, record: dict, game: GameState) -> None:
    """The record's stand-in marks, checked against its actions (SaveError in one line)."""
    data = record.get(STAND_INS)
    if data is None:
        return
    bad = f"the record's '{STAND_INS}' field must be a list of the game's actions made by a stand-in"
    if not isinstance(data, list):
        raise SaveError(path, bad)
    marks: dict[int, StandIn] = {}
    for item in data:
        if not isinstance(item, dict) or set(item) != {"action", "seat", "bot", "why"}:
            raise SaveError(path, bad)
        index, seat, bot, why = item["action"], item["seat"], item["bot"], item["why"]
        if type(index) is not int or type(seat) is not int or not isinstance(bot, str) \
                or why not in STAND_IN_WHY or not 0 <= index < len(game.history) \
                or game.history[index].seat != seat or not bot or len(bot) > 64:
            raise SaveError(path, bad)
        marks[index] = StandIn(seat, bot, why)
    if marks:
        _stand_ins[game] = marks


_OLD_ID_KEYS = ("rules", "seats", "seed", "stacked_deals", "actions")  # a version 1 record's game
_ID_KEYS = ("game", "options", "seats", "seed", "stacked_deals", "actions")  # any later record's


def _derived_id(record: Any) -> str:
    """The id of a save written without one (before saves had ids; ``simulate``): a
    hash of what the game is (game and options, seats, seed, deals, actions), so
    every copy of one file agrees. A version 1 record hashes its ``rules`` in their
    place, as it always did: an old file keeps its id and is never filed twice."""
    import hashlib  # only for saves from before ids: not loaded at start

    if not isinstance(record, dict):
        record = {}
    keys = _OLD_ID_KEYS if record.get("version") == 1 or "game" not in record else _ID_KEYS
    text = json.dumps({k: record.get(k) for k in keys}, sort_keys=True, ensure_ascii=True)
    return "old-" + hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def _data_id(data: Any) -> Optional[str]:
    """The game id a save file's JSON holds (or derives), None if it is not a save."""
    if not isinstance(data, dict):
        return None
    if data.get("format") == records.RECORD_FORMAT:
        return _derived_id(data)
    if data.get("format") != SAVE_FORMAT:
        return None
    gid = data.get("game_id")
    return gid if isinstance(gid, str) and _GAME_ID.match(gid) else _derived_id(data.get("record"))


# ---------------------------------------------------------------------------- writing
def _now() -> str:
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _summary(game: GameState) -> dict:
    spec = game.spec
    return {
        "players": [s.name for s in game.seats],
        "game": spec.name,
        "options": dict(game.options),
        "rules_text": spec.describe(game.options),
        "finished": game.is_over,
        "rounds_played": len(game.results()),
        "totals": list(game.totals),
        "winners": [game.seats[s].name for s in game.winners],
        "seats": [seat_identity(seat, spec.family) for seat in game.seats],
    }


def seat_identity(seat: Any, family: str) -> dict:
    """What played a seat: a human by the name they played under, or a bot by its
    strength and the family it played (the record's ``player`` says which)."""
    if seat.player == "human":
        return {"name": seat.name, "kind": "human"}
    return {"name": seat.name, "kind": "bot", "bot": seat.player, "family": family}


def save_data(game: GameState, *, date: Optional[str] = None, app: Optional[dict] = None,
              game_id: Optional[str] = None) -> dict:
    """The JSON object a save file holds (see docs/save-format.md)."""
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "date": date or _now(),
    }
    if game_id:
        data["game_id"] = game_id
    data["summary"] = _summary(game)
    record = records.to_record(game)
    marks = _marks_data(game)
    if marks:
        record[STAND_INS] = marks
    data["record"] = record
    if app:
        data["app"] = app
    return data


def write_save(path: Path | str, game: GameState, *, replace: bool = False, date: Optional[str] = None,
               game_id: Optional[str] = None, point: Optional[str] = None) -> Path:
    """Write ``game`` as a save file at ``path`` (atomic). Refuses to replace an
    existing file unless ``replace`` is true. ``game_id`` is stored when given
    (the app's saves); without it the file's id is derived when it is loaded."""
    path = Path(path)
    text = json.dumps(save_data(game, date=date, game_id=game_id), indent=1, ensure_ascii=False) + "\n"
    _atomic_write(path, text, replace=replace, point=point)
    return path


def write_autosave(dirs: SaveDirs, game: GameState, app: Optional[dict] = None, *, sync: bool = True) -> Path:
    """Save the unfinished game (after every action). Only the autosave is replaced.
    ``sync=False``: no fsync (see files._atomic_write), for a table server that
    saves many tables' moves a second."""
    _sweep_once(dirs.state)
    text = json.dumps(save_data(game, app=app, game_id=game_id(game)), separators=(",", ":"), ensure_ascii=False)
    _atomic_write(dirs.autosave, text, replace=True, sync=sync)
    return dirs.autosave


class AutosaveLog:
    """The autosave of a game that moves many times a second (a table server's):
    the save is written whole once (atomically, with fsync), then each action is
    appended as one line, a JSON list of action texts, so a move costs one small
    write instead of a rewritten file. The autosave's readers replay both forms
    (see _read_autosave). A line cut short by a kill is ignored when read: the
    server tells the players of an action only after its line is written."""

    def __init__(self, dirs: SaveDirs, app: Optional[dict] = None) -> None:
        self.dirs = dirs
        self.app = app
        self._fd: Optional[int] = None
        self._game: Optional[GameState] = None
        self._written = 0  # the actions the file holds
        self._marks = 0  # and the stand-in marks

    def write(self, game: GameState) -> Path:
        """Make the autosave hold ``game`` as it is now: a line for the new
        actions, or the whole save for another game (or after a failed write)."""
        history = game.history
        if self._fd is None or game is not self._game or len(history) < self._written \
                or len(_stand_ins.get(game, ())) != self._marks:  # a line holds moves only: a mark, the whole file
            self._write_whole(game)
        elif len(history) > self._written:
            text = game.spec.action_text
            line = json.dumps([text(a) for a in history[self._written:]], ensure_ascii=False) + "\n"
            data = escape_json_output(line).encode("utf-8")
            try:
                done = os.write(self._fd, data)
            except OSError as exc:
                self.close()  # the next write starts the file over
                raise SaveError(self.dirs.autosave, f"cannot write: {exc.strerror or exc}") from None
            if done != len(data):  # a full disk: a line cut short, so start over next time
                self.close()
                raise SaveError(self.dirs.autosave, "cannot write: the disk took only part of a move")
            self._written = len(history)
        return self.dirs.autosave

    def _write_whole(self, game: GameState) -> None:
        self.close()
        _sweep_once(self.dirs.state)
        text = json.dumps(save_data(game, app=self.app, game_id=game_id(game)), separators=(",", ":"),
                          ensure_ascii=False)
        _atomic_write(self.dirs.autosave, text + "\n", replace=True)
        try:
            self._fd = os.open(self.dirs.autosave, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise SaveError(self.dirs.autosave, f"cannot write: {exc.strerror or exc}") from None
        self._game, self._written = game, len(game.history)
        self._marks = len(_stand_ins.get(game, ()))

    def close(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            try:
                os.close(fd)
            except OSError:
                pass


def _read_autosave(path: Path) -> tuple[Any, bool]:
    """The autosave's save data, with the actions an AutosaveLog appended after its
    first line (a last line without its newline is a write cut short: left out), and
    whether there were any (then the summary is older than the record)."""
    raw = _read_raw(path)
    if len(raw) > MAX_BYTES:
        return _parse_json(path, raw), False  # says it is too large
    end = raw.find(b"\n")
    if end < 0 or not raw[end + 1:].strip():
        return _parse_json(path, raw), False
    try:
        data = _parse_json(path, raw[:end])
    except SaveError:
        return _parse_json(path, raw), False  # not a log: a JSON file over several lines
    lines = raw[end + 1:].split(b"\n")[:-1]  # after the last newline: cut short, or nothing
    if not lines:
        return data, False
    added: list[str] = []
    for n, line in enumerate(lines, start=2):
        try:
            texts = json.loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            raise SaveError(path, f"line {n} is not a list of moves") from None
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise SaveError(path, f"line {n} is not a list of moves")
        added += texts
    record = data.get("record") if isinstance(data, dict) else None
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list):
        return data, False  # _from_data says what is wrong with it
    # Only the record's envelope: its derived fields (the rounds, the totals) are as of the first line.
    envelope = {k: v for k, v in record.items() if k in records.ENVELOPE or k == STAND_INS}
    envelope["actions"] = record["actions"] + added
    return {**data, "record": envelope}, True


def clear_autosave(dirs: SaveDirs) -> None:
    try:
        os.unlink(dirs.autosave)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(dirs.autosave, f"cannot remove: {exc.strerror or exc}") from None


def set_aside_autosave(dirs: SaveDirs) -> Optional[Path]:
    """Rename an autosave that cannot be loaded to ``autosave-unreadable-DATE.json``
    beside it, byte for byte, so a new game's autosave never overwrites it."""
    return _set_aside(dirs.autosave)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:24] or "seat"


def new_save_name(game: GameState, when: Optional[datetime] = None) -> str:
    """A file stem like ``20261130-0731-4p-ann``: sortable by date, readable."""
    when = when or datetime.now(timezone.utc)
    first = _slug(game.seats[0].name)
    return f"{when.strftime('%Y%m%d-%H%M%S')}-{game.players}p-{first}"


def _entries_of(dirs: SaveDirs, gid: str) -> list[SavedGame]:
    """The saves in the saves folder that hold the game ``gid`` (each one replayed)."""
    found: list[SavedGame] = []
    try:
        names = sorted(e.name for e in os.scandir(dirs.saves) if e.name.endswith(".json") and not e.name.startswith("."))
    except OSError:
        return found
    for name in names:
        path = dirs.saves / name
        try:
            data = _read_json(path)
            if _data_id(data) == gid:
                found.append(_from_data(path, data))
        except SaveError:
            continue  # not a save of ours: list_saves reports it
    return found


def _is_prefix(short: GameState, long: GameState) -> bool:
    text = long.spec.action_text
    return short.spec is long.spec and \
        [text(a) for a in long.history[:len(short.history)]] == [text(a) for a in short.history]


def _clear_autosave_of(dirs: SaveDirs, gid: str) -> None:
    """Clear the autosave only if it holds this game: another game's is kept."""
    try:
        data, _ = _read_autosave(dirs.autosave)
    except SaveError:
        return  # gone, or unreadable: loading it sets it aside, never us
    if _data_id(data) == gid:
        clear_autosave(dirs)


def _file(dirs: SaveDirs, game: GameState, point: str) -> Path:
    """Write ``game`` into the saves folder once: over its own put-aside entry if
    there is one (the same game, fewer moves), never over another save, and not
    at all if the game is filed already. Then clear the autosave if it holds it."""
    _sweep_once(dirs.saves)
    gid = game_id(game)
    entries = _entries_of(dirs, gid)
    done = next((e for e in entries if e.finished or not _is_prefix(e.game, game)
                 and _is_prefix(game, e.game)), None)
    if done is not None:  # filed already (a kill came before the autosave was cleared)
        _clear_autosave_of(dirs, gid)
        return done.path
    older = next((e for e in entries if _is_prefix(e.game, game)), None)
    if older is not None:
        write_save(older.path, game, replace=True, game_id=gid, point=point)
        path = older.path
    else:
        path = _new_entry(dirs, game, gid, point)
    _kill_point(f"{point}-written")  # filed, autosave not yet cleared
    _clear_autosave_of(dirs, gid)
    return path


def _new_entry(dirs: SaveDirs, game: GameState, gid: str, point: str) -> Path:
    stem = new_save_name(game)
    for n in range(1, 1000):
        path = dirs.saves / (f"{stem}.json" if n == 1 else f"{stem}-{n}.json")
        try:
            return write_save(path, game, game_id=gid, point=point)
        except SaveError as exc:
            if exc.reason.startswith("already exists"):
                continue
            raise
    raise SaveError(dirs.saves / f"{stem}.json", "too many saves with this name")


def finish_game(dirs: SaveDirs, game: GameState) -> Path:
    """File a finished game with the saves (never over another game's save; over
    its own put-aside entry; never twice), then clear the autosave. Returns the
    save's path."""
    return _file(dirs, game, "finished")


def file_received(dirs: SaveDirs, data: Any, where: str) -> Path:
    """File a finished game that came as a save's JSON from elsewhere (a table
    server's record of a game played there): checked as a save file is, kept under
    its own game id, so the same game is never filed twice. ``where`` names the
    source in a SaveError."""
    saved = _from_data(Path(where), data)
    if not saved.finished:
        raise SaveError(Path(where), "holds a game that is not over")
    return _file(dirs, saved.game, "finished")


def put_aside_autosave(dirs: SaveDirs) -> Optional[Path]:
    """Keep the unfinished game with the saves (marked unfinished; the saved games
    list can resume it), then clear the autosave, so a new game can start without
    losing it. Returns the entry's path, or None if there was no autosave. An
    unreadable autosave raises SaveError after being set aside (kept, renamed)."""
    saved = load_autosave_save(dirs)
    if saved is None:
        return None
    return _file(dirs, saved.game, "finished" if saved.game.is_over else "aside")


def save_setup(dirs: SaveDirs, setup: dict) -> Path:
    """Remember the last setup choices (any JSON object)."""
    if not isinstance(setup, dict):
        raise TypeError("setup must be a dict")
    text = json.dumps({"format": "ohseven-setup", "version": 1, "setup": setup}, indent=1, ensure_ascii=False)
    _atomic_write(dirs.setup, text, replace=True)
    return dirs.setup


def _read_setup(path: Path) -> dict:
    data = _read_json(path)
    if not isinstance(data, dict) or data.get("format") != "ohseven-setup" or not isinstance(data.get("setup"), dict):
        raise SaveError(path, "is not an ohseven setup file")
    if data.get("version") != 1:
        raise SaveError(path, f"setup format version {data.get('version')!r} is not supported")
    return data["setup"]


def load_setup(dirs: SaveDirs) -> Optional[dict]:
    """The last setup, or None if there is none. A bad file is set aside (renamed,
    bytes kept, so the next setup does not overwrite it) and raises SaveError."""
    if not os.path.lexists(dirs.setup):
        return None
    try:
        return _read_setup(dirs.setup)
    except SaveError as exc:
        try:
            aside = _set_aside(dirs.setup)
        except SaveError:
            raise exc from None
        if aside is None:  # gone meanwhile: nothing to keep
            raise exc from None
        raise SaveError(dirs.setup, f"{exc.reason} (kept as {aside.name})") from None


PREFS_NAME = "prefs.json"


def prefs_path(dirs: SaveDirs) -> Path:
    return dirs.state / PREFS_NAME


def save_prefs(dirs: SaveDirs, prefs: dict) -> Path:
    """Remember the app's preferences (the theme): a JSON object, written atomically."""
    if not isinstance(prefs, dict):
        raise TypeError("prefs must be a dict")
    text = json.dumps({"format": "ohseven-prefs", "version": 1, "prefs": prefs}, indent=1, ensure_ascii=False)
    _atomic_write(prefs_path(dirs), text, replace=True)
    return prefs_path(dirs)


def load_prefs(dirs: SaveDirs) -> Optional[dict]:
    """The preferences, or None if there are none. A bad file is set aside (bytes
    kept, so the next save does not overwrite it) and raises SaveError."""
    path = prefs_path(dirs)
    if not os.path.lexists(path):
        return None
    try:
        data = _read_json(path)
        if not isinstance(data, dict) or data.get("format") != "ohseven-prefs" or data.get("version") != 1 \
                or not isinstance(data.get("prefs"), dict):
            raise SaveError(path, "is not an ohseven preferences file")
        return data["prefs"]
    except SaveError as exc:
        try:
            aside = _set_aside(path)
        except SaveError:
            raise exc from None
        if aside is None:  # gone meanwhile: nothing to keep
            raise exc from None
        raise SaveError(path, f"{exc.reason} (kept as {aside.name})") from None


# ---------------------------------------------------------------------------- reading
def _check_type(path: Path, data: dict, key: str, kind, what: str):
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise SaveError(path, f"the {key!r} field must be {what}")
    return value


def _check_summary(path: Path, summary: Any, game: GameState) -> None:
    """The summary is for readers without this code; it must agree with the replay."""
    if not isinstance(summary, dict):
        raise SaveError(path, "the 'summary' field must be an object")
    players = summary.get("players")
    totals = summary.get("totals")
    winners = summary.get("winners", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise SaveError(path, "the summary's 'players' must be a list of names")
    if not isinstance(totals, list) or not all(type(t) is int for t in totals):
        raise SaveError(path, "the summary's 'totals' must be a list of whole numbers")
    if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
        raise SaveError(path, "the summary's 'winners' must be a list of names")
    expected = _summary(game)
    if "rules" in summary and not _old_rules_match(summary["rules"], game.spec, game.options):
        raise SaveError(path, "the summary's 'rules' do not match the game record's rules")
    for key in ("game", "options"):
        if key in summary and summary[key] != expected[key]:
            raise SaveError(path, f"the summary's {key!r} does not match the game record's {key}")
    for key in ("players", "totals", "winners", "seats"):
        if summary.get(key, expected[key]) != expected[key]:
            raise SaveError(path, f"the summary's {key!r} does not match what the game's actions replay to")


def _old_rules_match(rules: Any, spec: GameSpec, options: Mapping[str, Any]) -> bool:
    """A version 1 summary's ``rules`` ({preset, players, passing}) name this game
    and its options. Version 1 wrote ``passing`` for every game; a game without
    that option matches only ``false``."""
    if not isinstance(rules, dict) or rules.get("preset") != spec.name:
        return False
    rest = {k: v for k, v in rules.items() if k != "preset"}
    if rest.get("passing") is False and "passing" not in options:
        del rest["passing"]
    return all(type(v) is type(options.get(k)) and v == options.get(k) for k, v in rest.items()) \
        and rest.get("players") == options.get("players")


def _from_data(path: Path, data: Any, *, check_summary: bool = True) -> SavedGame:
    if not isinstance(data, dict):
        raise SaveError(path, "is not a saved game (the file must hold a JSON object)")
    fmt = data.get("format")
    if fmt == records.RECORD_FORMAT:
        # A bare engine record (what `simulate --save-dir` wrote before saves had a
        # summary): still loads; the date is the file's modification time.
        try:
            game = records.from_record(data)
        except RecordError as exc:
            raise SaveError(path, str(exc)) from None
        try:
            mtime = datetime.fromtimestamp(os.stat(path).st_mtime, timezone.utc)
            date = mtime.replace(microsecond=0).isoformat().replace("+00:00", "Z")
        except OSError:
            date = ""
        gid = _ids[game] = _derived_id(data)
        return SavedGame(path, game, date, game.is_over, game_id=gid)
    if fmt != SAVE_FORMAT:
        raise SaveError(path, f"is not an ohseven saved game (format {fmt!r})")
    version = data.get("version")
    if type(version) is not int:
        raise SaveError(path, "the 'version' field must be a whole number")
    if version > SAVE_VERSION:
        raise SaveError(path, f"was saved in format version {version} by a newer ohseven; this one reads version {SAVE_VERSION}")
    if version < 1:
        raise SaveError(path, f"save format version {version} does not exist; this ohseven reads version {SAVE_VERSION}")
    date = _check_type(path, data, "date", str, "a date (text)")
    record = _check_type(path, data, "record", dict, "an object (the game record)")
    app = data.get("app", {})
    if not isinstance(app, dict):
        raise SaveError(path, "the 'app' field must be an object")
    if "game_id" in data and not (isinstance(data["game_id"], str) and _GAME_ID.match(data["game_id"])):
        raise SaveError(path, "the 'game_id' field must be 1 to 64 letters, digits, '-' or '_'")
    try:
        game = records.from_record(record)
    except RecordError as exc:
        raise SaveError(path, str(exc)) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:  # belt and braces: never a traceback
        raise SaveError(path, f"the game record cannot be read ({type(exc).__name__})") from None
    if check_summary:
        _check_summary(path, data.get("summary"), game)
    _read_marks(path, record, game)
    gid = _data_id(data) or _derived_id(record)  # a save always has one (see _data_id)
    _ids[game] = gid
    return SavedGame(path, game, date, game.is_over, app, gid)


def load_save(path: Path | str) -> SavedGame:
    """Load and replay one save file, or raise SaveError (one line naming the file)."""
    path = Path(path)
    return _from_data(path, _read_json(path))


def load_autosave_save(dirs: SaveDirs) -> Optional[SavedGame]:
    """The autosave with its extra app state, or None if there is none.

    An autosave that cannot be loaded is set aside (renamed, every byte kept) before
    SaveError is raised, so the next game's autosave can never overwrite it."""
    if not os.path.lexists(dirs.autosave):
        return None
    try:
        return _replay_autosave(dirs)
    except SaveError as exc:
        try:
            aside = set_aside_autosave(dirs)
        except SaveError:
            raise exc from None
        if aside is None:
            raise
        raise SaveError(dirs.autosave, f"{exc.reason} (kept as {aside.name})") from None


def game_in_play(dirs: SaveDirs) -> Optional[SavedGame]:
    """The autosave's game as it stands, for a list to show (a game put aside, then
    continued, is listed as it is now): None if there is none or it cannot be read.
    Unlike unfinished_game it never touches a file, so a reader in another thread
    can ask."""
    if not os.path.lexists(dirs.autosave):
        return None
    try:
        return _replay_autosave(dirs)
    except SaveError:
        return None  # the menu's Continue says what is wrong with it, and keeps it


def _replay_autosave(dirs: SaveDirs) -> SavedGame:
    """The autosave loaded and replayed (SaveError if it cannot be); a log's summary is
    as of its first line, so only a whole file's is checked."""
    data, logged = _read_autosave(dirs.autosave)
    return _from_data(dirs.autosave, data, check_summary=not logged)


def unfinished_game(dirs: SaveDirs) -> Optional[SavedGame]:
    """The unfinished game's autosave, or None. A corrupt autosave raises SaveError
    naming the file, after setting it aside as ``autosave-unreadable-DATE.json``.
    An autosave of a game that is already over is filed with the saves (once: a
    game filed already is not filed again) and None is returned. Sweeps the temp
    files a killed write left in the saves folder."""
    _sweep_once(dirs.saves)
    saved = load_autosave_save(dirs)
    if saved is not None and saved.game.is_over:
        # Stopped between the last action and filing the game: finish the move now.
        finish_game(dirs, saved.game)
        return None
    return saved


def load_autosave(dirs: SaveDirs) -> Optional[GameState]:
    """The unfinished game, or None (see unfinished_game)."""
    saved = unfinished_game(dirs)
    return saved.game if saved is not None else None


def list_saves(dirs: SaveDirs) -> tuple[list[SavedGame], list[str]]:
    """Every loadable save in the saves directory (newest first), and one warning line
    per file or directory that could not be read. Never raises for a bad file."""
    warnings: list[str] = []
    try:
        names = sorted(
            entry.name for entry in os.scandir(dirs.saves)
            if entry.name.endswith(".json") and not entry.name.startswith(".")
        )
    except FileNotFoundError:
        return [], []
    except NotADirectoryError:
        return [], [f"cannot list the saves directory {dirs.saves}: it is a file, not a directory"]
    except OSError as exc:
        why = "permission denied" if isinstance(exc, PermissionError) else (exc.strerror or str(exc))
        return [], [f"cannot list the saves directory {dirs.saves}: {why}"]
    saves = []
    for name in names:
        try:
            saves.append(load_save(dirs.saves / name))
        except SaveError as exc:
            warnings.append(f"skipped {exc}")
    saves.sort(key=lambda s: (s.date, s.id), reverse=True)
    return saves, warnings


def find_save(dirs: SaveDirs, save_id: str) -> Path:
    """The file a save ID names: ``ID`` -> ``saves/ID.json``; a path to a file works too."""
    text = str(save_id)
    if not text.strip():
        raise SaveError(Path(text), "is not a save ID")
    if "/" in text or os.sep in text or text.endswith(".json"):
        return Path(text)
    # Every ID the list shows: spaces kept ("  space "), and a name that is not UTF-8
    # as the list shows it (each stray byte as \udcXX); a pasted ID's stray spaces last.
    for name in dict.fromkeys((text, _unescaped(text), text.strip())):
        path = dirs.saves / f"{name}.json"
        try:
            if path.is_file():
                return path
        except (OSError, ValueError):  # a name too long, a NUL: no such file, said when it is read
            pass
    return dirs.saves / f"{text.strip()}.json"


_BYTE_ESCAPE = re.compile(r"\\udc([89a-f][0-9a-f])")


def _unescaped(text: str) -> str:
    """An ID as the list prints a file name that is not UTF-8, back to that name."""
    return _BYTE_ESCAPE.sub(lambda m: chr(0xDC00 + int(m.group(1), 16)), text)


def delete_save(dirs: SaveDirs, path: Path | str) -> None:
    """Delete one save file the user chose (after a confirmation, in the app).
    Only a ``.json`` file directly in the saves directory can be deleted."""
    path = Path(path)
    if path.suffix != ".json" or path.parent.resolve() != dirs.saves.resolve():
        raise SaveError(path, "is not a file in the saves directory; not deleted")
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(path, f"cannot delete: {exc.strerror or exc}") from None
