"""The saved games' index: one sqlite database in the state folder that caches
what each save file holds, so that listing, filtering and player statistics
never replay thousands of games.

The JSON files stay the truth. The index is brought up to date on every read by
comparing each file's name, size, modification time, inode and change time with
its row: a new or changed file is read (replayed once), a removed one dropped. An index that is
corrupt, from a newer schema or cannot be written is rebuilt from the files (in
memory when the file cannot be replaced), with one notice; deleting it loses
nothing. Writes are transactions in WAL mode, so two programs reading and
updating at once (two terminals, the app and ``scores``) never corrupt it.

Nothing here knows a game: each save's figures come from its family's
``SheetView`` and ``StatsView`` (its tallies), and its seats' identities from
the save (see :func:`.saves.seat_identity`).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import threading
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Optional, Sequence

from ..engine.record import record_hash
from .files import SaveError, _parse_json, _read_raw
from .saves import SavedGame, SaveDirs, _from_data, seat_identity

__all__ = [
    "INDEX_NAME",
    "SCHEMA",
    "INDEX_SORT_KEYS",
    "STATES",
    "SaveFilter",
    "SaveRow",
    "FamilyTally",
    "PlayerFamily",
    "PlayerRow",
    "PlayerGame",
    "HeadToHead",
    "PlayerPage",
    "Refresh",
    "SaveIndex",
    "open_index",
    "index_path",
    "player_label",
]

INDEX_NAME = "saves-index.sqlite3"
SCHEMA = 10  # PRAGMA user_version; bump when a table changes (an older index is rebuilt)
INDEX_SORT_KEYS = ("date", "id", "game", "players", "winner", "score")
STATES = ("finished", "aside")
PARALLEL_FROM = 400  # files to read before a second process pays for its start
CHUNK = 200  # files read per transaction: a rebuild cut short keeps what it wrote
BUSY_MS = 3000  # how long a write waits for another program's write
# A file changed this close to the moment it was read may change again within one
# tick of a coarse file system clock (ext4's is a few ms, FAT's 2 s) with the same
# size and times: such a row is read again at the next refresh.
RACY_NS = 2_000_000_000

Progress = Callable[[int, int], None]  # (files read, files to read)

_TABLES = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE saves (
    file TEXT PRIMARY KEY,      -- the file's name in the saves folder
    id TEXT NOT NULL,           -- the name without .json
    raw BLOB NOT NULL,          -- the name as the file system has it (any bytes)
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    stamp TEXT NOT NULL,        -- "inode:ctime_ns", or "racy" (read again next time)
    hash TEXT,                  -- blake2b of the bytes
    error TEXT,                 -- the one-line warning of a file that is not a save (the rest NULL)
    game_id TEXT,
    game TEXT,                  -- the registry's name
    family TEXT,
    options TEXT,               -- JSON
    players INTEGER,
    date TEXT,
    finished INTEGER,
    rounds INTEGER,             -- finished rounds (hands)
    top INTEGER,                -- the highest total
    names TEXT,                 -- JSON (ASCII, so a lone surrogate keeps its escape): per seat, as saved
    totals TEXT,                -- JSON: per seat
    winners TEXT,               -- JSON: the winners' seats
    whos TEXT,                  -- JSON: per seat, its player's identity (the list needs no join)
    record TEXT,                -- the game's record hash (what the game is now: the coach's analyses are keyed by it)
    counted INTEGER NOT NULL    -- 1: the file that stands for its game (copies of a game count once)
);
CREATE INDEX saves_date ON saves (date, id);
CREATE INDEX saves_game ON saves (game_id);
CREATE TABLE seats (
    file TEXT NOT NULL, seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,         -- human | bot
    bot TEXT,                   -- the bot's strength
    who TEXT NOT NULL,          -- the player's identity as saved: "human:NAME" or "bot:STRENGTH"
    person TEXT NOT NULL,       -- who, as one person whatever the case: "human:" + the folded name
    total INTEGER NOT NULL,
    won INTEGER NOT NULL,
    points INTEGER NOT NULL,    -- over finished rounds
    family TEXT NOT NULL,       -- the save's, kept here so the players summary needs no join
    rounds INTEGER NOT NULL,    -- the save's finished rounds, likewise
    finished INTEGER NOT NULL,  -- the save's: a finished game (rates count only those), likewise
    PRIMARY KEY (file, seat)
);
CREATE INDEX seats_person ON seats (person, family);
CREATE TABLE tallies (
    file TEXT NOT NULL, seat INTEGER NOT NULL, ord INTEGER NOT NULL,
    key TEXT NOT NULL, label TEXT NOT NULL, long_label TEXT NOT NULL,
    count INTEGER NOT NULL, chances INTEGER NOT NULL,
    person TEXT NOT NULL, family TEXT NOT NULL  -- the seat's and the save's, kept here for the summary
);
CREATE INDEX tallies_file ON tallies (file);
CREATE TABLE rounds (
    file TEXT NOT NULL, round INTEGER NOT NULL, seat INTEGER NOT NULL,
    points INTEGER NOT NULL, total INTEGER NOT NULL
);
CREATE INDEX rounds_file ON rounds (file);
CREATE TABLE player_sums (      -- the players summary over every save, kept as files come and go
    person TEXT NOT NULL, family TEXT NOT NULL,
    games INTEGER NOT NULL, wins INTEGER NOT NULL, rounds INTEGER NOT NULL, points INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    PRIMARY KEY (person, family)
);
CREATE TABLE tally_sums (
    person TEXT NOT NULL, family TEXT NOT NULL, key TEXT NOT NULL,
    ord INTEGER NOT NULL, label TEXT NOT NULL, long_label TEXT NOT NULL,
    count INTEGER NOT NULL, chances INTEGER NOT NULL,
    PRIMARY KEY (person, family, key)
);
CREATE TABLE person_names (     -- how often each person used each spelling: the list shows the commonest
    person TEXT NOT NULL, who TEXT NOT NULL, games INTEGER NOT NULL,
    PRIMARY KEY (person, who)
);
"""


_TABLE_NAMES = tuple(re.findall(r"^CREATE TABLE (\w+)", _TABLES, re.M))


def index_path(dirs: SaveDirs) -> Path:
    return dirs.state / INDEX_NAME


def player_label(who: str) -> str:
    """A player identity as a player reads it: "Ann", or "normal bot"."""
    kind, _, name = who.partition(":")
    return f"{name} bot" if kind == "bot" else name


def _who(identity: dict) -> str:
    return f"bot:{identity.get('bot')}" if identity.get("kind") == "bot" else f"human:{identity.get('name')}"


def fold_name(name: str) -> str:
    """A person's name as the index matches it: Unicode case folding, so "ÄRGER" is
    "Ärger" and "STRASSE" is "Straße" (SQLite's lower() folds ASCII only)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def person_of(who: str) -> str:
    """The one rule for "the same person": a human's identity with the name folded;
    a bot is its strength."""
    kind, _, name = who.partition(":")
    return f"human:{fold_name(name)}" if kind == "human" else who


# ---------------------------------------------------------------------------- rows
@dataclass(frozen=True)
class SaveFilter:
    """Which saves: a game (registry name), a player (a name, or "normal bot"),
    dates (``YYYY-MM-DD``, both ends included) and finished or put aside."""

    game: Optional[str] = None
    player: Optional[str] = None
    since: Optional[str] = None
    until: Optional[str] = None
    state: Optional[str] = None  # "finished", "aside" or None for both
    who: Optional[str] = None  # one player exactly, as the index names them ("human:Ann", "bot:normal")

    def where(self) -> tuple[str, list]:
        clauses: list[str] = ["error IS NULL AND counted = 1"]
        args: list[Any] = []
        if self.game is not None:
            clauses.append("game = ?")
            args.append(self.game)
        if self.player is not None:
            # A player is who played, never a seat's name: "Ann" is the human Ann (any
            # case), "normal bot" every seat the normal bot played, whatever its name.
            text = self.player.strip()
            if text.lower().endswith(" bot"):
                clauses.append("file IN (SELECT file FROM seats WHERE person = ?)")
                args.append(f"bot:{text[:-4].strip().lower()}")
            else:
                clauses.append("file IN (SELECT file FROM seats WHERE person = ?)")
                args.append(f"human:{fold_name(text)}")
        if self.who is not None:
            clauses.append("file IN (SELECT file FROM seats WHERE person = ?)")
            args.append(person_of(self.who))
        if self.since is not None:
            clauses.append("date >= ?")
            args.append(self.since)
        if self.until is not None:
            clauses.append("date < ?")  # the whole last day: "2026-03-01" < "2026-03-01T..." < "2026-03-02"
            args.append(_next_day(self.until))
        if self.state is not None:
            if self.state not in STATES:
                raise ValueError(f"a save is finished or aside, not {self.state!r}")
            clauses.append("finished = ?")
            args.append(1 if self.state == "finished" else 0)
        return " AND ".join(clauses), args


def _next_day(day: str) -> str:
    from datetime import date, timedelta

    try:
        return (date.fromisoformat(day[:10]) + timedelta(days=1)).isoformat()
    except ValueError:
        return day + "\uffff"


@dataclass(frozen=True)
class SaveRow:
    """One save as the index holds it: enough to list it, without a replay."""

    id: str
    path: Path
    date: str
    game: str
    family: str
    options: dict
    players: int
    names: tuple[str, ...]
    whos: tuple[str, ...]  # per seat, its player's identity
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    rounds: int
    game_id: str = ""

    @property
    def winner_names(self) -> list[str]:
        return [self.names[s] for s in self.winners if 0 <= s < len(self.names)]

    def load(self) -> SavedGame:
        """The game itself (replayed from its file), or SaveError."""
        from .saves import load_save

        return load_save(self.path)


@dataclass
class FamilyTally:
    key: str
    label: str
    long_label: str
    count: int = 0
    chances: int = 0

    @property
    def rate(self) -> Optional[float]:
        return self.count / self.chances if self.chances else None


@dataclass
class PlayerFamily:
    """A player's figures in one game family."""

    family: str
    games: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0  # over finished rounds
    finished: int = 0  # games played to the end: a win rate is over these
    tallies: list[FamilyTally] = field(default_factory=list)  # in the order the family declares them

    @property
    def points_per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0


@dataclass
class PlayerRow:
    """One player across saves: a human by name (one person whatever its case: see
    :func:`person_of`), a bot by strength. ``who`` is the spelling shown."""

    who: str
    games: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0
    finished: int = 0  # games played to the end: a win rate is over these
    families: dict[str, PlayerFamily] = field(default_factory=dict)
    person: str = ""  # person_of(who); set by the index

    @property
    def label(self) -> str:
        return player_label(self.who)

    @property
    def kind(self) -> str:
        return self.who.partition(":")[0]

    @property
    def points_per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class PlayerGame:
    """One of a player's games, for the chart over time."""

    id: str
    date: str
    game: str
    total: int  # the best of the player's seats
    won: bool
    rounds: int
    points: float  # over finished rounds (a mean if the player held several seats)
    family: str = ""
    record: str = ""  # the game's record hash as the file holds it now (the coach's analyses are keyed by it)

    @property
    def points_per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class HeadToHead:
    """A human against one bot strength, over the games they played at one table:
    won (the player won and no such bot did), lost (the reverse), and the rest."""

    who: str
    games: int
    won: int
    lost: int
    shared: int  # both among the winners (partners, or a tie)
    neither: int  # somebody else won, or the game was put aside

    @property
    def label(self) -> str:
        return player_label(self.who)


@dataclass
class PlayerPage:
    row: PlayerRow
    recent: dict[str, list[PlayerGame]]  # per game family, its last games, oldest first
    head_to_head: list[HeadToHead]


@dataclass
class Refresh:
    """What bringing the index up to date did."""

    read: int = 0
    removed: int = 0
    files: int = 0  # save files in the folder
    notice: str = ""  # one line when the index had to be rebuilt or bypassed
    warnings: list[str] = field(default_factory=list)  # one line per file or folder that cannot be read


# ---------------------------------------------------------------------------- reading one file
def _storable(text: str) -> str:
    """Text sqlite can hold: a lone surrogate (a hostile name) becomes its escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _facts(folder: str, file: str, size: int, mtime_ns: int, stamp: str) -> tuple:
    """Everything the index keeps of one file: (save row, seats, tallies, rounds),
    or an error row. Runs in a worker process for big rebuilds: plain data only."""
    path = Path(folder) / file
    ident = _storable(file[:-5])
    raw_name = os.fsencode(file)
    file = _storable(file)
    # A change this close to the read may leave the same times behind: read again next time.
    # Measured from this file's own read, not the scan's start (a long build read thousands twice).
    began = time.time_ns()
    ino, _, ctime = stamp.partition(":")
    if not ctime.isdigit() or int(ctime) >= began - RACY_NS:
        stamp = "racy"
    try:
        raw = _read_raw(path)
        digest = hashlib.blake2b(raw, digest_size=16).hexdigest()
        saved = _from_data(path, _parse_json(path, raw))
        game = saved.game
        spec = game.spec
        obs = game.observe(0)
        sheet = spec.sheet(obs)
        stats = spec.stats(obs)
    except SaveError as exc:
        return ((file, ident, raw_name, size, mtime_ns, stamp, None, _storable(f"skipped {exc}")) + (None,) * 14,
                (), (), ())
    except Exception as exc:  # a family's figures failed on a game its rules allowed: still one line
        return ((file, ident, raw_name, size, mtime_ns, stamp, None,
                 _storable(f"skipped {path}: cannot be reviewed ({type(exc).__name__})")) + (None,) * 14, (), (), ())
    rounds = len(sheet.rounds)
    last = sheet.rounds[-1].cells if sheet.rounds else None
    totals = list(game.totals)
    winners = list(game.winners)
    row = (file, ident, raw_name, size, mtime_ns, stamp, digest, None, saved.game_id, spec.name, spec.family,
           json.dumps(dict(game.options), sort_keys=True), game.players, _storable(saved.date), int(saved.finished),
           rounds, max(totals) if totals else 0, json.dumps([s.name for s in game.seats]),
           json.dumps(totals), json.dumps(winners))
    seats = []
    for s, seat in enumerate(game.seats):
        identity = seat_identity(seat, spec.family)
        who = _storable(_who(identity))
        bot = identity.get("bot")
        seats.append((file, s, _storable(seat.name), identity["kind"], bot and _storable(bot), who, person_of(who), totals[s],
                      int(s in winners), last[s].total if last is not None else 0, spec.family, rounds,
                      int(saved.finished)))
    tallies = []
    for order, tally in enumerate(stats.tallies):
        for s in range(game.players):
            chances = tally.of[s] if tally.of is not None else rounds
            tallies.append((file, s, order, tally.key, tally.label, tally.long_label or tally.label.lower(),
                            int(tally.counts[s]), int(chances), seats[s][6], spec.family))
    per_round = [(file, r.number, s, cell.points or 0, cell.total)
                 for r in sheet.rounds for s, cell in enumerate(r.cells)]
    whos = json.dumps([seat[5] for seat in seats])
    return (*row, whos, record_hash(game)), tuple(seats), tuple(tallies), tuple(per_round)


def _facts_chunk(folder: str, items: Sequence[tuple[str, int, int, str]]) -> list[tuple]:
    return [_facts(folder, *item) for item in items]


# ---------------------------------------------------------------------------- the index
class SaveIndex:
    """The index of one saves folder. Use :func:`open_index`; every method may be
    called from one thread at a time (the app reads in a worker thread)."""

    def __init__(self, dirs: SaveDirs, conn: sqlite3.Connection, path: Optional[Path], notice: str = "") -> None:
        self.dirs = dirs
        self.path = path  # None: in memory (the file could not be used)
        self._conn = conn
        self._notice = notice
        # Reentrant: refresh's progress callback may read a page of what is built so far.
        self._lock = threading.RLock()
        self._refreshing = False

    # -- bringing it up to date --------------------------------------------------
    def refresh(self, progress: Optional[Progress] = None) -> Refresh:
        """Compare the folder with the index; read what is new or changed, drop what
        is gone. Never raises for a bad file (its row holds the warning).

        ``progress(done, total)`` is called in this thread after each batch is
        written: it may query this index there (the list so far); such a query
        raises sqlite3.Error rather than rebuild the index under the refresh."""
        with self._lock:
            self._refreshing = True
            try:
                return self._refresh(progress)
            finally:
                self._refreshing = False

    def _refresh(self, progress: Optional[Progress]) -> Refresh:
        result = Refresh()
        listing, folder_warning = _scan(self.dirs.saves)
        if folder_warning:
            result.warnings.append(folder_warning)
        try:
            self._update(listing, result, progress)
        except sqlite3.Error as exc:
            self._recover(exc)
            result = Refresh(warnings=result.warnings)
            self._update(listing, result, progress)
        result.files = len(listing)
        result.warnings += [w for (w,) in self._conn.execute(
            "SELECT error FROM saves WHERE error IS NOT NULL ORDER BY file")]
        if self._notice:  # what it cost, said with what happened
            self._notice = f"{self._notice} ({result.read} of {len(listing)} files read)"
        result.notice = self.take_notice()
        return result

    def take_notice(self) -> str:
        """The one line saying the index had to be rebuilt or bypassed, once."""
        notice, self._notice = self._notice, ""
        return notice

    def _recover(self, exc: sqlite3.Error) -> None:
        """The index failed under us: rebuild its file, or read into memory if it
        is locked or cannot be replaced. Its rows are filled by the next update."""
        from ..safetext import one_line

        locked = "locked" in str(exc) or "busy" in str(exc)
        copy = _copy(self.dirs.saves, source=self._conn) if locked or _unwritable(exc) else None
        try:
            self._conn.close()
        except sqlite3.Error:
            pass
        path, self.path = self.path, None
        if copy is not None:  # it can be read: only what changed is read again
            self._conn = copy
            self._notice = one_line(_join(self._notice, f"the saved games index {_where(self.dirs)} {_why(exc)}; "
                                                        "this look used a copy of it in memory"), 400)
            return
        self._conn = _memory()
        if path is not None and not locked and not _unwritable(exc):
            try:
                _remove_index(path)
                conn = _connect(path)
                try:
                    _create(conn, self.dirs.saves)
                except BaseException:
                    conn.close()
                    raise
                self._conn.close()
                self._conn, self.path = conn, path
                self._notice = one_line(_join(self._notice, f"the saved games index {_where(self.dirs)} could not be "
                                                            f"read ({exc}); rebuilt from the save files"), 400)
                return
            except (sqlite3.Error, OSError):
                pass
        self._notice = one_line(_join(self._notice, f"the saved games index {_where(self.dirs)} {_why(exc)}; "
                                                    "read the save files directly this time"), 400)

    def _query(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        with self._lock:
            try:
                return fn(self._conn)
            except sqlite3.Error as exc:
                if self.path is None or self._refreshing:
                    raise
                self._recover(exc)
                self._update(_scan(self.dirs.saves)[0], Refresh(), None)
                return fn(self._conn)

    def _update(self, listing: dict[str, tuple[int, int, str, str]], result: Refresh, progress: Optional[Progress]) -> None:
        conn = self._conn
        known = {f: (size, mtime, stamp) for f, size, mtime, stamp in
                 conn.execute("SELECT file, size, mtime_ns, stamp FROM saves")}
        gone = [f for f in known if f not in listing]
        todo = [(name, size, mtime, stamp) for f, (size, mtime, stamp, name) in sorted(listing.items())
                if known.get(f) != (size, mtime, stamp) or stamp == "racy"]
        if gone:
            with _write(conn):
                games = set()
                for f in gone:
                    games.add(_game_of(conn, f))
                    _delete(conn, f)
                _count_once(conn, games)
            result.removed = len(gone)
        if not todo:
            return
        if progress is not None:
            progress(0, len(todo))
        done = 0
        for batch in _read_all(str(self.dirs.saves), todo):
            with _write(conn):  # a batch and what it changes in what counts: one transaction, so a kill keeps both or neither
                games = set()
                for row, seats, tallies, per_round in batch:
                    games |= {_game_of(conn, row[0]), row[8]}
                    _delete(conn, row[0])
                    conn.execute(f"INSERT INTO saves VALUES ({','.join('?' * 22)}, 0)", row)
                    conn.executemany("INSERT INTO seats VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", seats)
                    conn.executemany("INSERT INTO tallies VALUES (?,?,?,?,?,?,?,?,?,?)", tallies)
                    conn.executemany("INSERT INTO rounds VALUES (?,?,?,?,?)", per_round)
                _count_once(conn, games)
            done += len(batch)
            if progress is not None:
                progress(done, len(todo))
        result.read = done

    # -- queries ---------------------------------------------------------------
    def count(self, where: SaveFilter = SaveFilter()) -> int:
        sql, args = where.where()
        return int(self._query(lambda c: c.execute(f"SELECT count(*) FROM saves WHERE {sql}", args).fetchone()[0]))

    def rows(self, where: SaveFilter = SaveFilter(), sort: str = "date", reverse: bool = False,
             offset: int = 0, limit: Optional[int] = None) -> list[SaveRow]:
        """One page of saves, sorted as the list's columns: dates and scores highest
        first, the rest A to Z; ``reverse`` flips that."""
        sql, args = where.where()
        order = _order(sort, reverse)
        page = f" LIMIT {int(limit)} OFFSET {int(offset)}" if limit is not None else ""
        found = self._query(lambda c: c.execute(
            f"SELECT id, raw, date, game, family, options, players, names, totals, winners, finished, rounds, game_id,"
            f" whos FROM saves WHERE {sql} ORDER BY {order}{page}", args).fetchall())
        options: dict[str, dict] = {}  # a few distinct texts among thousands of rows
        return [self._row(r, options) for r in found]

    def _row(self, r: tuple, options_seen: dict[str, dict]) -> SaveRow:
        (ident, raw, date, game, family, options, players, names, totals, winners, finished, rounds, gid, whos) = r
        if options not in options_seen:
            options_seen[options] = json.loads(options)
        return SaveRow(ident, self.dirs.saves / os.fsdecode(raw), date, game, family, dict(options_seen[options]),
                       players, tuple(json.loads(names)), tuple(json.loads(whos)), tuple(json.loads(totals)),
                       tuple(json.loads(winners)), bool(finished), rounds, gid or "")

    def games(self, where: SaveFilter = SaveFilter()) -> list[str]:
        """The games (registry names) of the saves that match."""
        sql, args = where.where()
        return [g for (g,) in self._query(lambda c: c.execute(
            f"SELECT DISTINCT game FROM saves WHERE {sql} ORDER BY game", args).fetchall())]

    def families(self, where: SaveFilter = SaveFilter()) -> dict[str, int]:
        """Per game family of the saves that match, how many games (menu order)."""
        from ..engine.registry import games

        sql, args = where.where()
        found = dict(self._query(lambda c: c.execute(
            f"SELECT family, count(*) FROM saves WHERE {sql} GROUP BY family", args).fetchall()))
        order = list(dict.fromkeys(spec.family for spec in games()))
        return dict(sorted(found.items(), key=lambda kv: (order.index(kv[0]) if kv[0] in order else len(order), kv[0])))

    def players(self, where: SaveFilter = SaveFilter()) -> list[PlayerRow]:
        """Every player of the saves that match, most games first: their games, wins,
        finished rounds and points, per family and over all, with each family's
        tallies pooled (a shared win counts; two seats of one player count once)."""
        sql, args = where.where()
        # Seats and tallies exist only for readable saves: with no filter, no join.
        keep = "" if where == SaveFilter() else f"WHERE file IN (SELECT file FROM saves WHERE {sql})"
        args = [] if not keep else args
        rows: dict[str, PlayerRow] = {}

        def query(conn: sqlite3.Connection) -> tuple[list, list, list]:
            if not keep:  # every save: the sums kept as files came and went
                return (conn.execute("SELECT person, family, games, wins, rounds, points, finished FROM player_sums"
                                     " WHERE games > 0").fetchall(),
                        conn.execute("SELECT t.person, t.family, key, label, long_label, ord, count, chances"
                                     " FROM tally_sums t JOIN player_sums USING (person, family)"
                                     " WHERE games > 0 ORDER BY ord").fetchall(),
                        conn.execute("SELECT person, who, games FROM person_names WHERE games > 0").fetchall())
            per_family = conn.execute(
                f"""SELECT person, family, count(DISTINCT file), count(DISTINCT CASE WHEN won THEN file END),
                           sum(rounds), sum(points), count(DISTINCT CASE WHEN finished THEN file END)
                    FROM seats {keep} GROUP BY person, family""", args).fetchall()
            tallies = conn.execute(
                f"""SELECT person, family, key, min(label), min(long_label), min(ord), sum(count), sum(chances)
                    FROM tallies {keep} GROUP BY person, family, key ORDER BY min(ord)""", args).fetchall()
            names = conn.execute(
                f"SELECT person, who, count(DISTINCT file) FROM seats {keep} GROUP BY person, who", args).fetchall()
            return per_family, tallies, names

        per_family, tallies, names = self._query(query)
        # A person is shown by the spelling they used in most games (a tie: the first in code point order).
        shown: dict[str, tuple[int, str]] = {}
        for person, who, games in names:
            if person not in shown or (-games, who) < (-shown[person][0], shown[person][1]):
                shown[person] = (games, who)
        for person, family, games, wins, rounds, points, finished in per_family:
            row = rows.setdefault(person, PlayerRow(shown.get(person, (0, person))[1], person=person))
            row.families[family] = PlayerFamily(family, games, wins, rounds or 0, points or 0, finished or 0)
            row.games += games
            row.wins += wins
            row.finished += finished or 0
            row.rounds += rounds or 0
            row.points += points or 0
        for who, family, key, label, long_label, _, count, chances in tallies:
            rows[who].families[family].tallies.append(FamilyTally(key, label, long_label, count, chances))
        return sorted(rows.values(), key=lambda p: (-p.games, p.label.lower(), p.who))

    def player(self, who: str, where: SaveFilter = SaveFilter(), recent: int = 50) -> Optional[PlayerPage]:
        """One player's page: their row, their last ``recent`` games in each game
        family and, for a human, how they fared against each bot strength at their
        tables."""
        person = person_of(who)
        found = [p for p in self.players(where) if p.person == person]
        if not found:
            return None
        sql, args = where.where()
        def query(conn: sqlite3.Connection) -> tuple[list, list]:
            games = conn.execute(
                f"""SELECT id, date, game, family, total, won, rounds, points, record FROM (
                      SELECT id, date, game, saves.family AS family, max(s.total) AS total, max(s.won) AS won,
                             saves.rounds AS rounds, avg(s.points) AS points, saves.record AS record,
                             row_number() OVER (PARTITION BY saves.family ORDER BY date DESC, id DESC) AS nth
                      FROM seats s JOIN saves USING (file)
                      WHERE s.person = ? AND {sql} GROUP BY file)
                    WHERE nth <= ? ORDER BY date DESC, id DESC""",
                [person, *args, recent]).fetchall()
            return games, _versus(conn, person, sql, args) if person.startswith("human:") else []

        games, h2h = self._query(query)
        by_family: dict[str, list[PlayerGame]] = {}
        for i, d, g, f, t, w, r, p, rec in reversed(games):
            by_family.setdefault(f, []).append(PlayerGame(i, d, g, t, bool(w), r, p, f, rec or ""))
        return PlayerPage(found[0], {f: by_family[f] for f in found[0].families if f in by_family}, h2h)

    def versus_bots(self, name: str, family: str, last: int = 20) -> list[HeadToHead]:
        """How the person ``name`` fared against each bot strength over their last
        ``last`` finished games of a game ``family`` (the game-over screen's record).
        Oldest games beyond ``last`` do not count."""
        person = f"human:{fold_name(name)}"

        def query(conn: sqlite3.Connection) -> list[HeadToHead]:
            sql = """file IN (SELECT file FROM seats JOIN saves USING (file)
                              WHERE seats.person = ? AND saves.family = ? AND saves.finished = 1
                                AND saves.counted = 1
                              GROUP BY file ORDER BY saves.date DESC, saves.id DESC LIMIT ?)"""
            return _versus(conn, person, sql, [person, family, last])

        return self._query(query)

    def lines(self, where: SaveFilter = SaveFilter(), sort: str = "date", reverse: bool = False,
              tie: str = " ") -> list[tuple]:
        """The list's cells, composed by SQL for thousands of rows: (id, date, game,
        options (JSON), players, finished, rounds, winners' names, "name total" per
        seat joined by two spaces, ``tie`` between a name and its total, how many
        other files hold the same game)."""
        sql, args = where.where()
        order = _order(sort, reverse)
        return self._query(lambda c: c.execute(
            f"""SELECT id, date, game, options, players, finished, rounds,
                   (SELECT group_concat(name, ', ') FROM (SELECT name FROM seats
                      WHERE seats.file = saves.file AND won ORDER BY seat)),
                   (SELECT group_concat(name || ? || total, '  ') FROM (SELECT name, total FROM seats
                      WHERE seats.file = saves.file ORDER BY seat)),
                   (SELECT count(*) - 1 FROM saves c WHERE c.game_id = saves.game_id AND c.error IS NULL)
                FROM saves WHERE {sql} ORDER BY {order}""", [tie, *args]).fetchall())

    def export(self, where: SaveFilter = SaveFilter(), sort: str = "date", reverse: bool = False) -> Iterator[dict]:
        """Every matching save as plain data, a seat list in each (for a spreadsheet)."""
        sql, args = where.where()
        order = _order(sort, reverse)

        def query(conn: sqlite3.Connection) -> tuple[list, list]:
            found = conn.execute(
                f"SELECT file, id, date, game, family, options, players, finished, rounds, totals, winners, game_id,"
                f" hash, names FROM saves WHERE {sql} ORDER BY {order}", args).fetchall()
            seat_rows = conn.execute(
                f"SELECT file, seat, name, kind, bot, total, won, points FROM seats"
                f" WHERE file IN (SELECT file FROM saves WHERE {sql}) ORDER BY file, seat", args).fetchall()
            return found, seat_rows

        found, seat_rows = self._query(query)
        seats: dict[str, list] = {}
        for file, seat, name, kind, bot, total, won, points in seat_rows:
            seats.setdefault(file, []).append(
                {"seat": seat, "name": name, "kind": kind, "bot": bot, "total": total, "won": bool(won),
                 "points": points})
        for file, ident, date, game, family, options, players, finished, rounds, totals, winners, gid, digest, names \
                in found:
            # Each seat's name as saved (the seats table keeps a storable form for grouping).
            for seat, name in zip(seats.get(file, []), json.loads(names)):
                seat["name"] = name
            yield {"id": ident, "date": date, "game": game, "family": family, "options": json.loads(options),
                   "players": players, "finished": bool(finished), "rounds": rounds, "totals": json.loads(totals),
                   "winners": json.loads(winners), "game_id": gid, "hash": digest, "seats": seats.get(file, [])}

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def __enter__(self) -> "SaveIndex":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _versus(conn: sqlite3.Connection, person: str, sql: str, args: list) -> list[HeadToHead]:
    """A person against each bot strength at their tables, over the saves ``sql`` picks."""
    rows = conn.execute(
        f"""SELECT b.who, count(*),
                   sum(me.won AND NOT b.won), sum(b.won AND NOT me.won), sum(me.won AND b.won),
                   sum(NOT me.won AND NOT b.won)
            FROM (SELECT file, max(won) AS won FROM seats WHERE person = ? GROUP BY file) me
            JOIN (SELECT file, who, max(won) AS won FROM seats WHERE kind = 'bot' GROUP BY file, who) b
              USING (file) JOIN saves USING (file)
            WHERE {sql} GROUP BY b.who ORDER BY b.who""", [person, *args]).fetchall()
    return [HeadToHead(b, n, w, lost, sh, ne) for b, n, w, lost, sh, ne in rows]


def _order(sort: str, reverse: bool) -> str:
    keys = {
        "date": ("date", "id"),
        "id": ("id",),
        "game": ("game", "options", "id"),
        "rules": ("game", "options", "id"),
        "players": ("players", "id"),
        "winner": ("(SELECT lower(group_concat(name, ', ')) FROM (SELECT name FROM seats WHERE seats.file ="
                   " saves.file AND won ORDER BY seat))", "id"),
        "score": ("top", "id"),
    }
    if sort not in keys:
        raise ValueError(f"cannot sort saves by {sort!r}; choose one of: {', '.join(INDEX_SORT_KEYS)}")
    descending = (sort in ("date", "score")) != reverse
    return ", ".join(f"{k} {'DESC' if descending else 'ASC'}" for k in keys[sort])


# ---------------------------------------------------------------------------- files and connections
def _scan(folder: Path) -> tuple[dict[str, tuple[int, int, str, str]], str]:
    """The folder's save files: their index key -> (size, mtime_ns, stamp, name), and a
    warning if the folder itself cannot be listed ("" if it does not exist yet)."""
    found: dict[str, tuple[int, int, str, str]] = {}
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                name = entry.name
                if not name.endswith(".json") or name.startswith("."):
                    continue
                try:
                    st = entry.stat()
                    # The inode and change time see a rewrite that kept the size and the
                    # modification time (cp -p, rsync -t, a backup restored; utime sets ctime).
                    stamp = f"{st.st_ino}:{st.st_ctime_ns}"  # racy or not: decided when it is read
                    found[_storable(name)] = (st.st_size, st.st_mtime_ns, stamp, name)
                except OSError:
                    found[_storable(name)] = (-1, -1, "racy", name)  # read it: its row says why it cannot be
    except FileNotFoundError:
        return {}, ""
    except NotADirectoryError:
        return {}, f"cannot list the saves directory {folder}: it is a file, not a directory"
    except OSError as exc:
        why = "permission denied" if isinstance(exc, PermissionError) else (exc.strerror or str(exc))
        return {}, f"cannot list the saves directory {folder}: {why}"
    return found, ""


def _read_all(folder: str, todo: list[tuple[str, int, int, str]]) -> Iterator[list[tuple]]:
    """The facts of every file, a chunk at a time: in two or more processes when
    there are many (a cold rebuild), else here."""
    done = 0
    workers = min(os.cpu_count() or 1, 4)
    if len(todo) >= PARALLEL_FROM and workers > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        step = CHUNK // 4
        small = [todo[i:i + step] for i in range(0, len(todo), step)]
        try:
            with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=_end_with, initargs=(os.getpid(),)) as pool:
                for batch in pool.map(_facts_chunk, [folder] * len(small), small):
                    done += len(batch)
                    yield batch
        except Exception:  # no worker could start (no importable __main__, no semaphores): read the rest here
            pass
    for i in range(done, len(todo), CHUNK):
        yield _facts_chunk(folder, todo[i:i + CHUNK])


def _end_with(parent: int) -> None:
    """In a build's worker: end when the program that started it ends, however it
    ends (a SIGKILL leaves its workers waiting on a queue that nobody will fill)."""
    import sys

    if sys.platform.startswith("linux"):  # the kernel's word, at once
        try:
            import ctypes
            import signal

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # it ended before the line above
        os._exit(0)

    def watch() -> None:  # elsewhere, or if the above failed: look twice a second
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="end-with-parent").start()


class _write:
    """A write transaction that waits for another program's (BEGIN IMMEDIATE)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def __enter__(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if kind is None:
            self.conn.execute("COMMIT")
        else:
            try:
                self.conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass


def _delete(conn: sqlite3.Connection, file: str) -> None:
    found = conn.execute("SELECT counted FROM saves WHERE file = ?", (file,)).fetchone()
    if found is not None and found[0]:
        _add_sums(conn, file, -1)
    for table in ("saves", "seats", "tallies", "rounds"):
        conn.execute(f"DELETE FROM {table} WHERE file = ?", (file,))


def _game_of(conn: sqlite3.Connection, file: str) -> Optional[str]:
    found = conn.execute("SELECT game_id FROM saves WHERE file = ?", (file,)).fetchone()
    return found[0] if found is not None else None


def _count_once(conn: sqlite3.Connection, games: set[Optional[str]]) -> None:
    """Of the files holding each of ``games``, one counts (in every figure and list):
    the one furthest on (finished, then most rounds, then the latest), then by name."""
    for gid in games:
        if gid is None:
            continue
        files = conn.execute("SELECT file, counted FROM saves WHERE game_id = ? AND error IS NULL"
                             " ORDER BY finished DESC, rounds DESC, date DESC, file", (gid,)).fetchall()
        for k, (file, was) in enumerate(files):
            now = int(k == 0)
            if now != was:
                _add_sums(conn, file, +1 if now else -1)
                conn.execute("UPDATE saves SET counted = ? WHERE file = ?", (now, file))


def _add_sums(conn: sqlite3.Connection, file: str, sign: int) -> None:
    """Add (or take away) one save's part of the players summary: a player counts
    a game once however many seats they held; a shared win counts."""
    conn.execute(
        f"""INSERT INTO player_sums
            SELECT person, family, {sign}, {sign} * max(won), {sign} * sum(rounds), {sign} * sum(points),
                   {sign} * max(finished)
            FROM seats WHERE file = ? GROUP BY person, family
            ON CONFLICT (person, family) DO UPDATE SET games = games + excluded.games, wins = wins + excluded.wins,
                rounds = rounds + excluded.rounds, points = points + excluded.points,
                finished = finished + excluded.finished""", (file,))
    conn.execute(
        f"""INSERT INTO tally_sums
            SELECT person, family, key, min(ord), min(label), min(long_label), {sign} * sum(count), {sign} * sum(chances)
            FROM tallies WHERE file = ? GROUP BY person, family, key
            ON CONFLICT (person, family, key) DO UPDATE SET count = count + excluded.count,
                chances = chances + excluded.chances""", (file,))
    conn.execute(
        f"""INSERT INTO person_names SELECT person, who, {sign} FROM seats WHERE file = ? GROUP BY person, who
            ON CONFLICT (person, who) DO UPDATE SET games = games + excluded.games""", (file,))


def _create(conn: sqlite3.Connection, folder: Path) -> None:
    """Empty tables of this schema, for ``folder`` (in one transaction)."""
    with _write(conn):
        if _check(conn, folder) == "":  # another program made it while we waited for the lock
            return
        for table in _TABLE_NAMES:
            conn.execute(f"DROP TABLE IF EXISTS {table}")
        _make_tables(conn)
        conn.execute("INSERT INTO meta VALUES ('folder', ?)", (_folder_key(folder),))
        conn.execute("INSERT INTO meta VALUES ('made_by', ?)", (_made_by(),))
        conn.execute(f"PRAGMA user_version = {SCHEMA}")


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")  # WAL: a crash loses at most the last write, never the file
    except BaseException:
        conn.close()
        raise
    return conn


def _make_tables(conn: sqlite3.Connection) -> None:
    for statement in _TABLES.split(";"):
        if statement.strip():
            conn.execute(statement)


def _memory() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    _make_tables(conn)
    return conn


def _check(conn: sqlite3.Connection, folder: Path) -> str:
    """Why this index cannot be used as it is ("" if it can)."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = {t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if version == 0 and not tables:
        return "new"
    if version > SCHEMA:
        return f"was made by a newer ohseven (schema {version}; this one uses {SCHEMA})"
    if version < SCHEMA:
        return "old"
    if not set(_TABLE_NAMES) <= tables:
        return "is missing tables"
    meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    if meta.get("folder") != _folder_key(folder):
        return "moved"
    if meta.get("made_by") != _made_by():  # another version's families may count differently
        return "old"
    return ""


def _folder_key(folder: Path) -> str:
    """The folder as the index knows it: one folder however its path is spelled
    (``saves``, ``./saves``, its absolute path, through a link)."""
    return os.path.realpath(folder)


def _made_by() -> str:
    from .. import __version__

    return f"ohseven {__version__}"


def _where(dirs: SaveDirs) -> str:
    return f"({index_path(dirs)})"


def _why(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    if "locked" in text or "busy" in text:
        return "is locked by another program"
    if _unwritable(exc):
        return f"cannot be written ({text})"
    return f"cannot be used ({text})"


def _unwritable(exc: BaseException) -> bool:
    """The index (or its folder) cannot be written: it may still be read."""
    text = str(exc).lower()
    return isinstance(exc, PermissionError) or "readonly" in text or "read-only" in text


def _copy(folder: Path, *, source: Optional[sqlite3.Connection] = None,
          path: Optional[Path] = None) -> Optional[sqlite3.Connection]:
    """The index as it is, copied into memory (it can be read, not written), from an
    open connection or opened read-only; None if it cannot be read or is not of this
    schema and folder."""
    own = None
    try:
        if source is None:
            if path is None or not path.is_file():
                return None
            source = own = _read_only(path)
        # Read under one read transaction: the backup itself retries a locked file forever.
        source.execute("BEGIN")
        try:
            source.execute("SELECT count(*) FROM meta").fetchone()  # waits BUSY_MS at most, then raises
            copy = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            source.backup(copy)
        finally:
            source.execute("ROLLBACK")
        if _check(copy, folder) != "":
            copy.close()
            return None
        return copy
    except sqlite3.Error:
        return None
    finally:
        if own is not None:
            own.close()


def _read_only(path: Path) -> sqlite3.Connection:
    """The index opened read-only. A WAL database whose -shm file this reader cannot
    make (the folder is another user's) cannot be opened so; with no -wal file beside
    it no program is writing it, and it is read as unchanging (immutable)."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    conn = sqlite3.connect(uri, uri=True, timeout=BUSY_MS / 1000, check_same_thread=False)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return conn
    except sqlite3.Error:
        conn.close()
        if os.path.lexists(path.with_name(path.name + "-wal")):
            raise
    return sqlite3.connect(uri + "&immutable=1", uri=True, timeout=BUSY_MS / 1000, check_same_thread=False)


def _join(a: str, b: str) -> str:
    return f"{a}; {b}" if a else b


def _remove_index(path: Path) -> None:
    for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            os.unlink(p)
        except FileNotFoundError:
            pass


def open_index(dirs: SaveDirs) -> SaveIndex:
    """The index of ``dirs.saves``, opened or made in ``dirs.state``. Never raises:
    an index that cannot be used is rebuilt (in memory if its file cannot be
    written), and the first refresh's ``notice`` says so in one line."""
    from ..safetext import one_line

    path = index_path(dirs)
    reason = ""  # why the index file was removed, to be rebuilt
    if not dirs.saves.is_dir():  # nothing saved yet (or not a folder: refresh says so): reviewing creates nothing
        return SaveIndex(dirs, _memory(), None)
    for attempt in (1, 2):
        conn: Optional[sqlite3.Connection] = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = _connect(path)
            why = _check(conn, dirs.saves)
            if why in ("new", "old", "moved"):
                _create(conn, dirs.saves)  # a first index, or one this ohseven outgrew: quietly
            elif why:
                raise sqlite3.DatabaseError(why)
            # Only now is it true that the index was rebuilt.
            notice = one_line(f"the saved games index {_where(dirs)} {reason}; rebuilt from the save files", 400) \
                if reason else ""
            return SaveIndex(dirs, conn, path, notice)
        except (sqlite3.Error, OSError) as exc:
            if conn is not None:
                conn.close()
            text = str(exc)
            if "locked" in text or "busy" in text or _unwritable(exc):  # it may still be read as it is
                copy = _copy(dirs.saves, path=path)
                if copy is not None:
                    notice = one_line(f"the saved games index {_where(dirs)} {_why(exc)}; "
                                      "this look used a copy of it in memory", 400)
                    return SaveIndex(dirs, copy, None, notice)
            elif attempt == 1 and not isinstance(exc, OSError):
                # Corrupt, damaged or newer: it is a cache of the files, so it is rebuilt.
                reason = text if text.startswith(("was made", "is ")) else f"could not be read ({text})"
                try:
                    _remove_index(path)
                    continue
                except OSError:
                    pass
            why = reason if attempt == 1 and reason else _why(exc)
            notice = one_line(f"the saved games index {_where(dirs)} {why}; read the save files directly this time", 400)
            return SaveIndex(dirs, _memory(), None, notice)
    return SaveIndex(dirs, _memory(), None)  # pragma: no cover - the loop always returns
