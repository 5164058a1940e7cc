"""Save files for the saved-games index tests, and what a full replay of a folder
says, computed without the index (storage.index).

The expected figures come from the old path: each file replayed by
``storage.load_save`` and its family's ``spec.sheet`` / ``spec.stats``; a seat's
player comes from the record's seat ``player`` field in the raw JSON (a human by
name, a bot by strength), never from the code under test.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.engine.registry import games
from ohseven_tui.storage import SaveDirs, SaveError, list_saves, load_save, save_data

GAMES = [spec.name for spec in games()]


def played(game_name: str, seats: list[tuple[str, str]], seed: int, *, upto: Optional[int] = None):
    """A game of ``game_name`` with ``seats`` [(name, "human" | bot strength)], every
    seat driven by an easy bot (what plays a seat does not change who the record says
    played it). ``upto``: stop after that many finished rounds (a put-aside game)."""
    spec = next(s for s in games() if s.name == game_name)
    options = spec.check_options({"players": len(seats)})
    game = spec.new_game(options, seed=seed, seats=[Seat(n, p) for n, p in seats])
    bots = [make_bot("easy", seed=seed * 16 + s) for s in range(len(seats))]
    if upto is None:
        play_game(game, bots)
    else:
        while not game.is_over and len(game.results()) < upto:
            seated = game.to_act()
            if not seated:
                game.apply(game.legal_actions()[0])
                continue
            for s in seated:
                game.apply(bots[s].choose(game.observe(s)))
    return game


def players_of(game_name: str) -> int:
    spec = next(s for s in games() if s.name == game_name)
    return spec.check_options({})["players"]


def write(path: Path, game, date: str, *, old: bool = False, game_id: Optional[str] = None) -> Path:
    """A save file of ``game`` dated ``date``; ``old``: without ``summary.seats``
    (as every save before seats recorded who played them)."""
    data = save_data(game, date=date, game_id=game_id)
    if old:
        del data["summary"]["seats"]
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def make_pool(folder: Path, per_game: int = 3) -> list[Path]:
    """``per_game`` saves of each of the five games, named ``GAME-K.json``: humans
    and bots of two strengths, an "Ann" of each kind, some put aside unfinished,
    dates over several days."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    k = 0
    for name in GAMES:
        n = players_of(name)
        for i in range(per_game):
            kinds = ["human", "easy", "normal", "human", "easy", "normal", "easy"][:n]
            names = ["Ann", "Ann", "Bo", "Cy", "Easy", "Dee", "Eve"][:n] if i % 2 == 0 else \
                ["Bo", "Cy", "Ann", "Ann", "Fay", "Gus", "Hal"][:n]
            if i == 2:
                kinds = ["normal"] + kinds[1:]  # no human at all
            game = played(name, list(zip(names, kinds)), seed=100 + k, upto=1 if i == 1 else None)
            date = f"2026-0{1 + k % 3}-{10 + k:02d}T{k % 24:02d}:30:00Z"
            paths.append(write(folder / f"{name}-{i}.json", game, date, old=i == 2))
            k += 1
    return paths


# ---------------------------------------------------------------------------- a full replay
def who(seat: dict) -> str:
    """A record seat's player, as the review groups them (from the raw JSON)."""
    player = seat.get("player", "human")
    return f"human:{seat['name']}" if player == "human" else f"bot:{player}"


@dataclass
class Fact:
    """One save file as a full replay reads it."""

    id: str
    date: str
    game: str
    family: str
    names: tuple
    whos: tuple
    totals: tuple
    winners: tuple
    finished: bool
    rounds: int
    points: tuple  # per seat, the last finished round's total
    tallies: dict  # key -> (label, per-seat counts, per-seat chances)
    game_id: str = ""  # as the old path (load_save) reads it: copies of a game share it


def replay(path: Path) -> Fact:
    saved = load_save(path)
    game = saved.game
    spec = game.spec
    sheet = spec.sheet(game.observe(0))
    stats = spec.stats(game.observe(0))
    rounds = len(sheet.rounds)
    last = sheet.rounds[-1].cells if sheet.rounds else None
    seats = json.loads(path.read_bytes())["record"]["seats"]
    tallies = {t.key: (t.label, tuple(t.counts), tuple(t.of if t.of is not None else [rounds] * game.players))
               for t in stats.tallies}
    return Fact(path.stem, saved.date, spec.name, spec.family, tuple(s.name for s in game.seats),
                tuple(who(s) for s in seats), tuple(game.totals), tuple(game.winners), game.is_over, rounds,
                tuple(last[s].total if last is not None else 0 for s in range(game.players)), tallies,
                saved.game_id)


def counted_once(facts: dict[str, Fact]) -> dict[str, Fact]:
    """A game held by several files counts once: the file furthest on (finished,
    then most rounds, then the latest date), then the first by file name."""
    best: dict[str, Fact] = {}
    for fact in sorted(facts.values(), key=lambda f: (not f.finished, -f.rounds, _desc(f.date), f.id + ".json")):
        best.setdefault(fact.game_id or fact.id, fact)
    return {f.id: f for f in best.values()}


def _desc(text: str) -> tuple:
    return tuple(-ord(c) for c in text) + (1,)  # later dates first; a longer text after its prefix, as SQL's DESC


_memo: dict[str, Fact] = {}


def replay_memo(path: Path) -> Fact:
    """:func:`replay`, remembered by the file's bytes (a pool file copied again
    replays the same; the id is the file's own)."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest not in _memo:
        _memo[digest] = replay(path)
    fact = _memo[digest]
    return Fact(**{**fact.__dict__, "id": path.stem})


def folder_facts(folder: Path, fast: bool = False) -> tuple[dict[str, Fact], list[str]]:
    """Every save of the folder by id, as a full replay reads it, and the warnings
    the old path (``list_saves``) gives for the rest. ``fast``: each file's bytes
    are replayed once (``load_save`` on them, remembered), the folder read as
    ``list_saves`` reads it."""
    dirs = SaveDirs(folder, folder / ".state")
    if not fast:
        saves, warnings = list_saves(dirs)
        return {s.id: replay_memo(s.path) for s in saves}, warnings
    facts: dict[str, Fact] = {}
    warnings = []
    for name in sorted(e.name for e in os.scandir(folder) if e.name.endswith(".json") and not e.name.startswith(".")):
        path = folder / name
        if not path.is_file():
            try:
                load_save(path)
            except SaveError as exc:
                warnings.append(f"skipped {exc}")
            continue
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest not in _failed and digest not in _memo:
            try:
                _memo[digest] = replay(path)
            except SaveError as exc:
                _failed[digest] = exc.reason
        if digest in _failed:
            warnings.append(f"skipped {SaveError(path, _failed[digest])}")
        else:
            facts[path.stem] = Fact(**{**_memo[digest].__dict__, "id": path.stem})
    return facts, warnings


_failed: dict[str, str] = {}


@dataclass
class Figures:
    games: set = field(default_factory=set)
    wins: set = field(default_factory=set)
    rounds: int = 0
    points: int = 0
    tallies: dict = field(default_factory=dict)  # key -> [count, chances]


def player_figures(facts: dict[str, Fact]) -> dict[tuple[str, str], Figures]:
    """Per (player, family): the games and wins (files), seat-rounds, points and
    each tally pooled over the player's seats."""
    out: dict[tuple[str, str], Figures] = {}
    for fact in facts.values():
        for s, w in enumerate(fact.whos):
            f = out.setdefault((w, fact.family), Figures())
            f.games.add(fact.id)
            if s in fact.winners:
                f.wins.add(fact.id)
            f.rounds += fact.rounds
            f.points += fact.points[s]
            for key, (_, counts, chances) in fact.tallies.items():
                pair = f.tallies.setdefault(key, [0, 0])
                pair[0] += counts[s]
                pair[1] += chances[s]
    return out


def index_figures(rows) -> dict[tuple[str, str], tuple]:
    """``SaveIndex.players()`` in the shape of :func:`expected_figures`."""
    return {(p.who, fam): (f.games, f.wins, f.rounds, f.points,
                           {t.key: [t.count, t.chances] for t in f.tallies})
            for p in rows for fam, f in p.families.items()}


def expected_figures(facts: dict[str, Fact]) -> dict[tuple[str, str], tuple]:
    return {k: (len(f.games), len(f.wins), f.rounds, f.points, f.tallies)
            for k, f in player_figures(facts).items()}


def hashes(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (the index's own state folder left out) by its
    bytes' hash: the save files must be byte-for-byte unchanged."""
    out = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != ".state"]
        for f in files:
            p = Path(root) / f
            out[str(p.relative_to(folder))] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def assert_agrees(index, folder: Path, warnings: Optional[list] = None, fast: bool = False) -> None:
    """The index lists what a full replay of ``folder`` reads: each save's id, date,
    game, names, players, totals, winners and finished; the players' figures per
    family; and (when given) the refresh's warnings, one per bad file."""
    facts, old_warnings = folder_facts(folder, fast)
    facts = counted_once(facts)
    rows = index.rows()
    assert sorted(r.id for r in rows) == sorted(facts)
    assert index.count() == len(facts)
    for r in rows:
        f = facts[r.id]
        assert (r.date, r.game, r.family, r.names, r.whos, r.totals, r.winners, r.finished, r.rounds) == \
            (f.date, f.game, f.family, f.names, f.whos, f.totals, f.winners, f.finished, f.rounds), r.id
    assert index_figures(index.players()) == expected_figures(facts)
    if warnings is not None:
        assert warnings == old_warnings
