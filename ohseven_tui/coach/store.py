"""Analyses stored once (issue 37): ``analyses.sqlite3`` in the saves' state folder,
beside the saves index but a file of its own (the index's schema is not touched).

A row is one seat's analysis, keyed by the game's record hash (what the game
is: its rules, seats, seed, deals and actions, so an unfinished save and the
finished game are two analyses), the analyser's version, the view (fair, or
with all hands open: never one for the other), the sample count and the seed;
the save's game id and file id are kept beside it. A player's page finds its
games' analyses by the record each save file holds now (the saves index keeps
it): a game put aside, analysed, then continued into the same file is another
record, so the earlier file's analysis is not shown for it. Each write is one SQLite
transaction (all or nothing). The store is only a cache: a file that cannot be
read, from another program or damaged, is left alone and the game is analysed
afresh; a row that does not read back is analysed again and replaced.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional, Sequence

from ..engine.protocol import GameState, Observation
from .analysis import (
    ANALYSER_VERSION,
    DEFAULT_SAMPLES,
    VIEW,
    Analysis,
    Progress,
    SeatAnalysis,
    analyse_game,
    human_seats,
    record_hash,
)

__all__ = ["STORE_NAME", "AnalysisStore", "stored_analysis", "found_analysis", "GameAccuracy"]

STORE_NAME = "analyses.sqlite3"
_SCHEMA = """CREATE TABLE IF NOT EXISTS analyses (
    record TEXT NOT NULL,
    analyser INTEGER NOT NULL,
    view TEXT NOT NULL,
    samples INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    game_id TEXT NOT NULL,
    save_id TEXT NOT NULL,
    game TEXT NOT NULL,
    made TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (record, analyser, view, samples, seed, seat)
)"""
_COLUMNS = ("record", "analyser", "view", "samples", "seed", "seat", "game_id", "save_id", "game", "made", "data")


@dataclass(frozen=True)
class GameAccuracy:
    """One stored fair analysis of a player's seat, for their page's chart."""

    record: str
    game: str
    accuracy: Optional[float]
    judged: int


class AnalysisStore:
    """The stored analyses of one saves folder (its state folder). ``problem``
    says, in one line, why the store could not be used (None: it could)."""

    def __init__(self, state: Path) -> None:
        self.path = Path(state) / STORE_NAME
        self.problem: Optional[str] = None
        self._con: Optional[sqlite3.Connection] = None

    def _connect(self) -> Optional[sqlite3.Connection]:
        if self._con is not None or self.problem is not None:
            return self._con
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            con = sqlite3.connect(self.path, timeout=10)
            with con:
                columns = tuple(row[1] for row in con.execute("PRAGMA table_info(analyses)"))
                if columns and columns != _COLUMNS:  # an older store's rows: only a cache, made again
                    con.execute("DROP TABLE analyses")
                con.execute(_SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            self.problem = f"the stored analyses ({self.path}) cannot be used: {exc}; analysed afresh"
            return None
        self._con = con
        return con

    def _rows(self, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
        con = self._connect()
        if con is None:
            return []
        try:
            return con.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            self.problem = f"the stored analyses ({self.path}) cannot be read: {exc}; analysed afresh"
            return []

    @staticmethod
    def _read(data: str, seat: int) -> Optional[SeatAnalysis]:
        try:
            found = SeatAnalysis.from_dict(json.loads(data))
        except (ValueError, KeyError, TypeError, AttributeError):
            return None  # not what this version writes: analysed again
        return found if found.seat == seat else None

    def get(self, record: str, seat: int, samples: int, seed: int, view: str = VIEW) -> Optional[SeatAnalysis]:
        rows = self._rows("SELECT data FROM analyses WHERE record = ? AND analyser = ? AND view = ? AND samples = ? "
                          "AND seed = ? AND seat = ?", (record, ANALYSER_VERSION, view, samples, seed, seat))
        return self._read(rows[0][0], seat) if rows else None

    def best(self, record: str, seat: int, view: str = VIEW) -> Optional[tuple[SeatAnalysis, int, int]]:
        """The stored analysis of ``seat`` at the most deals per decision, whatever
        the count: (it, its samples, its seed); None when there is none."""
        rows = self._rows("SELECT data, samples, seed FROM analyses WHERE record = ? AND analyser = ? AND view = ? "
                          "AND seat = ? ORDER BY samples DESC, seed", (record, ANALYSER_VERSION, view, seat))
        for data, samples, seed in rows:
            found = self._read(data, seat)
            if found is not None:
                return found, int(samples), int(seed)
        return None

    def accuracy(self, records: Sequence[str], person: str) -> dict[str, GameAccuracy]:
        """Per game record (``record_hash``: the game as a save file holds it now), the
        fair accuracy of ``person``'s seat (``storage.index.person_of``) in its latest
        stored analysis (the most deals if several), whichever file it was made from;
        a record without one is left out. Keyed by the record, not the save's id: a
        continued game's file keeps its id but is another record."""
        from ..storage.index import person_of

        found: dict[str, GameAccuracy] = {}
        wanted = list(dict.fromkeys(r for r in records if r))
        for start in range(0, len(wanted), 500):  # under SQLite's limit on parameters
            part = wanted[start:start + 500]
            marks = ", ".join("?" for _ in part)
            rows = self._rows(f"SELECT record, game, seat, data FROM analyses WHERE analyser = ? AND view = ? "
                              f"AND record IN ({marks}) ORDER BY made, samples",
                              (ANALYSER_VERSION, VIEW, *part))
            for record, game, seat, data in rows:
                report = self._read(data, int(seat))
                if report is None:
                    continue
                who = f"human:{report.name}" if report.player == "human" else f"bot:{report.player}"
                if person_of(who) == person:
                    found[record] = GameAccuracy(record, game, report.accuracy, len(report.judged))
        return found

    def put(self, record: str, analysis: SeatAnalysis, samples: int, seed: int, game: str,
            game_id: str = "", view: str = VIEW, save_id: str = "") -> None:
        con = self._connect()
        if con is None:
            return
        data = json.dumps(analysis.as_dict(), ensure_ascii=False, sort_keys=True)
        made = datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
        try:
            with con:
                con.execute("INSERT OR REPLACE INTO analyses VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (record, ANALYSER_VERSION, view, samples, seed, analysis.seat, game_id, save_id, game,
                             made, data))
        except sqlite3.Error as exc:
            self.problem = f"the analysis could not be stored in {self.path}: {exc}"

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def __enter__(self) -> "AnalysisStore":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def found_analysis(game: GameState[Observation], store: AnalysisStore, seats: Optional[Sequence[int]] = None,
                   view: str = VIEW) -> Optional[Analysis]:
    """``game``'s stored analysis for ``seats`` (default: the people's) in ``view``,
    at whatever sample count each was made (the most, if several), without
    analysing anything; None unless every seat has one."""
    chosen = list(human_seats(game) if seats is None else seats)
    record = record_hash(game)
    found = [store.best(record, s, view) for s in chosen]
    if not chosen or any(f is None for f in found):
        return None
    reports = [f for f in found if f is not None]
    return Analysis(game.spec.name, record, min(r[1] for r in reports), reports[0][2],
                    tuple(r[0] for r in reports), view=view)


def stored_analysis(game: GameState[Observation], state: Path, seats: Optional[Sequence[int]] = None,
                    samples: int = DEFAULT_SAMPLES, seed: int = 0, game_id: str = "",
                    progress: Optional[Progress] = None,
                    store: Optional[AnalysisStore] = None, view: str = VIEW,
                    save_id: str = "") -> tuple[Analysis, list[int]]:
    """``game`` analysed for ``seats`` (default: the people's) in ``view``, each seat
    read from the store in ``state`` when it was analysed before, else analysed
    now and stored. Returns the analysis and the seats analysed now."""
    chosen = list(human_seats(game) if seats is None else seats)
    own = store is None
    keeper = AnalysisStore(state) if store is None else store
    try:
        record = record_hash(game)
        found: dict[int, SeatAnalysis] = {}
        for s in chosen:
            hit = keeper.get(record, s, samples, seed, view)
            if hit is not None:
                found[s] = hit
        missing = [s for s in chosen if s not in found]
        if missing:
            fresh = analyse_game(game, missing, samples, seed, progress, view)
            for report in fresh.seats:
                found[report.seat] = report
                keeper.put(record, report, samples, seed, game.spec.name, game_id, view, save_id)
        return Analysis(game.spec.name, record, samples, seed, tuple(found[s] for s in chosen), view=view), missing
    finally:
        if own:
            keeper.close()
