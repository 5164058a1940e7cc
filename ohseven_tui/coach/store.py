"""Analyses stored once (issue 37): ``analyses.sqlite3`` in the saves' state folder,
beside the saves index but a file of its own (the index's schema is not touched).

A row is one seat's analysis, keyed by the game's record hash (what the game
is: its rules, seats, seed, deals and actions, so an unfinished save and the
finished game are two analyses), the analyser's version, the sample count and
the seed; the save's game id is kept beside it. Each write is one SQLite
transaction (all or nothing). The store is only a cache: a file that cannot be
read, from another program or damaged, is left alone and the game is analysed
afresh; a row that does not read back is analysed again and replaced.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional, Sequence

from ..engine.protocol import GameState, Observation
from .analysis import (
    ANALYSER_VERSION,
    DEFAULT_SAMPLES,
    Analysis,
    Progress,
    SeatAnalysis,
    analyse_game,
    human_seats,
    record_hash,
)

__all__ = ["STORE_NAME", "AnalysisStore", "stored_analysis"]

STORE_NAME = "analyses.sqlite3"
_SCHEMA = """CREATE TABLE IF NOT EXISTS analyses (
    record TEXT NOT NULL,
    analyser INTEGER NOT NULL,
    samples INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    game_id TEXT NOT NULL,
    game TEXT NOT NULL,
    made TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (record, analyser, samples, seed, seat)
)"""


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
                con.execute(_SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            self.problem = f"the stored analyses ({self.path}) cannot be used: {exc}; analysed afresh"
            return None
        self._con = con
        return con

    def get(self, record: str, seat: int, samples: int, seed: int) -> Optional[SeatAnalysis]:
        con = self._connect()
        if con is None:
            return None
        try:
            row = con.execute("SELECT data FROM analyses WHERE record = ? AND analyser = ? AND samples = ? "
                              "AND seed = ? AND seat = ?", (record, ANALYSER_VERSION, samples, seed, seat)).fetchone()
        except sqlite3.Error as exc:
            self.problem = f"the stored analyses ({self.path}) cannot be read: {exc}; analysed afresh"
            return None
        if row is None:
            return None
        try:
            found = SeatAnalysis.from_dict(json.loads(row[0]))
        except (ValueError, KeyError, TypeError, AttributeError):
            return None  # not what this version writes: analysed again
        return found if found.seat == seat else None

    def put(self, record: str, analysis: SeatAnalysis, samples: int, seed: int, game: str,
            game_id: str = "") -> None:
        con = self._connect()
        if con is None:
            return
        data = json.dumps(analysis.as_dict(), ensure_ascii=False, sort_keys=True)
        made = datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")
        try:
            with con:
                con.execute("INSERT OR REPLACE INTO analyses VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                            (record, ANALYSER_VERSION, samples, seed, analysis.seat, game_id, game, made, data))
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


def stored_analysis(game: GameState[Observation], state: Path, seats: Optional[Sequence[int]] = None,
                    samples: int = DEFAULT_SAMPLES, seed: int = 0, game_id: str = "",
                    progress: Optional[Progress] = None,
                    store: Optional[AnalysisStore] = None) -> tuple[Analysis, list[int]]:
    """``game`` analysed for ``seats`` (default: the people's), each seat read from
    the store in ``state`` when it was analysed before, else analysed now and
    stored. Returns the analysis and the seats analysed now."""
    chosen = list(human_seats(game) if seats is None else seats)
    own = store is None
    keeper = AnalysisStore(state) if store is None else store
    try:
        record = record_hash(game)
        found: dict[int, SeatAnalysis] = {}
        for s in chosen:
            hit = keeper.get(record, s, samples, seed)
            if hit is not None:
                found[s] = hit
        missing = [s for s in chosen if s not in found]
        if missing:
            fresh = analyse_game(game, missing, samples, seed, progress)
            for report in fresh.seats:
                found[report.seat] = report
                keeper.put(record, report, samples, seed, game.spec.name, game_id)
        return Analysis(game.spec.name, record, samples, seed, tuple(found[s] for s in chosen)), missing
    finally:
        if own:
            keeper.close()
