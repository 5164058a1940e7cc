"""Reviewing saved games: the list's rows and sort keys, filtering by game, and
player summaries across saves. Each game's own scoresheet and statistics come from
its spec (``spec.sheet(obs)``, ``spec.stats(obs)``), so nothing here knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ..engine.protocol import GameSpec
from .saves import SavedGame

if TYPE_CHECKING:
    from ..engine.reports import SheetView, StatsView

__all__ = [
    "SORT_KEYS",
    "sort_saves",
    "filter_saves",
    "rules_short",
    "sheet_of",
    "stats_of",
    "PlayerSummary",
    "player_summaries",
    "stand_in_note",
]

SORT_KEYS = ("date", "id", "players", "rules", "winner", "score")


def stand_in_note(game: Any) -> str:
    """Which of a game's moves a stand-in made for a person ('' if none): "Stand-ins:
    8 of Bea's 21 moves by the easy bot while Bea was away"."""
    from .saves import stand_ins

    counts: dict[tuple[int, str, str], int] = {}
    for mark in stand_ins(game).values():
        key = (mark.seat, mark.bot, mark.why)
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return ""
    parts = []
    for (seat, bot, why), n in sorted(counts.items()):
        name = game.seats[seat].name
        moves = sum(1 for action in game.history if action.seat == seat)
        when = f"while {name} was away" if why == "away" else f"when {name}'s time ran out"
        parts.append(f"{n} of {name}'s {moves} moves by the {bot} bot {when}")
    return "Stand-ins: " + "; ".join(parts) + "."


def rules_short(spec: GameSpec, options: Mapping[str, Any]) -> str:
    """The list's Rules cell: the game's name and any option not at its default
    (the player count has its own column): "oh-seven, passing"."""
    parts = [spec.name]
    for opt in spec.options:
        value = options.get(opt.name, opt.default)
        if value != opt.default:
            parts.append(opt.name if value is True else f"{opt.name} {value}")  # as the command line names it
    return ", ".join(parts)


def _options_key(saved: SavedGame) -> tuple:
    spec, options = saved.game.spec, saved.game.options
    return tuple(str(options.get(opt.name, opt.default)) for opt in spec.options)


def sort_saves(saves: list[SavedGame], key: str = "date", reverse: bool = False) -> list[SavedGame]:
    """Sorted by a list column. Dates and scores come highest first, the rest A to Z;
    ``reverse`` flips that. "rules" sorts by the game's name, then its options."""
    keys = {
        "id": lambda s: s.id,
        "players": lambda s: (s.game.players, s.id),
        "rules": lambda s: (s.game.spec.name, _options_key(s), s.id),
        "winner": lambda s: (", ".join(s.winner_names).lower(), s.id),
        "score": lambda s: (max(s.totals) if s.totals else 0, s.id),
        "date": lambda s: (s.date, s.id),
    }
    if key not in keys:
        raise ValueError(f"cannot sort saves by {key!r}; choose one of: {', '.join(SORT_KEYS)}")
    descending = key in ("date", "score")
    return sorted(saves, key=keys[key], reverse=descending != reverse)


def filter_saves(saves: Sequence[SavedGame], game: Optional[str] = None) -> list[SavedGame]:
    """The saves of one game, by its registry name (all of them when ``game`` is None)."""
    if game is None:
        return list(saves)
    return [s for s in saves if s.game.spec.name == game]


def sheet_of(saved: SavedGame) -> SheetView:
    """The game's scoresheet, as its family declares it (public information only)."""
    game = saved.game
    return game.spec.sheet(game.observe(0))


def stats_of(saved: SavedGame) -> StatsView:
    """The game's statistics, as its family declares them."""
    game = saved.game
    return game.spec.stats(game.observe(0))


@dataclass
class PlayerSummary:
    """One player name across saves: games, wins, finished rounds, their points, and
    every tally the games' statistics declare (``StatsView.tallies``), pooled.

    ``rate(key)`` is a tally as a share of its chances (``Tally.of``, else the rounds)
    in the games that keep it; ``summary.fill_rate`` reads ``rate("fill")``."""

    name: str
    games: int = 0
    wins: int = 0
    rounds: int = 0
    points: int = 0  # over finished rounds
    counts: dict[str, int] = field(default_factory=dict)  # tally key -> rounds (or chances) that count
    counted: dict[str, int] = field(default_factory=dict)  # tally key -> the chances: Tally.of, else rounds
    labels: dict[str, str] = field(default_factory=dict)  # tally key -> its column head

    @property
    def points_per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0

    def rate(self, key: str) -> Optional[float]:
        """The tally ``key`` as a share of its chances; None if no game of this name
        keeps it, or it never had a chance (never captain: no share, not 0%)."""
        if not self.counted.get(key):
            return None
        return self.counts[key] / self.counted[key]

    def __getattr__(self, name: str) -> Any:
        # "fill_rate" -> rate("fill"); only for tallies some game declared.
        if name.endswith("_rate") and not name.startswith("_"):
            counted = self.__dict__.get("counted", {})
            key = name[: -len("_rate")]
            if key in counted:
                return self.rate(key)
        raise AttributeError(name)


def player_summaries(saves: Sequence[SavedGame]) -> list[PlayerSummary]:
    """Per player name: games, wins (a shared win counts), rounds, points and the
    games' tallies. Sorted by games played (most first), then name."""
    by_name: dict[str, PlayerSummary] = {}
    for saved in saves:
        game = saved.game
        sheet = sheet_of(saved)
        stats = stats_of(saved)
        rounds = len(sheet.rounds)
        last = sheet.rounds[-1].cells if sheet.rounds else None
        seen: set = set()
        won: set = set()
        for s, seat in enumerate(game.seats):
            row = by_name.setdefault(seat.name, PlayerSummary(seat.name))
            if seat.name not in seen:  # two seats with one name still make one game
                row.games += 1
                seen.add(seat.name)
            if s in game.winners and seat.name not in won:
                row.wins += 1
                won.add(seat.name)
            row.rounds += rounds
            row.points += last[s].total if last is not None else 0
            for tally in stats.tallies:
                row.labels.setdefault(tally.key, tally.label)
                row.counts[tally.key] = row.counts.get(tally.key, 0) + tally.counts[s]
                chances = tally.of[s] if tally.of is not None else rounds
                row.counted[tally.key] = row.counted.get(tally.key, 0) + chances
    return sorted(by_name.values(), key=lambda p: (-p.games, p.name.lower(), p.name))
