"""What a family shows of a game besides the table: its statistics, its scoresheet,
the replay's steps and a guided first round. Part of the game protocol
(:mod:`.protocol`, which names them all), in a module of its own so that the table's
first frame does not make their classes (a dataclass costs about half a millisecond
at start)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

if TYPE_CHECKING:
    from .protocol import GameSpec, GameState, Observation, Seat

__all__ = ["Stat", "Tally", "StatsView", "SheetCell", "SheetRound", "SheetView", "ReviewStep", "TutorialStep",
           "Tutorial"]


@dataclass(frozen=True)
class Stat:
    id: str  # the rule id, "S2"
    label: str  # "zero bids"
    value: str  # "25%"
    long_label: str = ""  # the fuller wording of printed reports ("zero-bid rate"); ``label`` if empty

    @property
    def long(self) -> str:
        return self.long_label or self.label


@dataclass(frozen=True)
class Tally:
    """A per-seat count that adds up across games: the review's player summaries
    pool it over every game a player played and show it as a share: of their
    rounds, or of ``of`` (per seat: the chances it counts out of, such as the
    hands a seat played as declarer). ``key`` "fill" is ``summary.rate("fill")``."""

    key: str  # "fill"
    label: str  # the summary's column head, "Fill"
    counts: tuple[int, ...]  # per seat: rounds (or chances) that count
    of: Optional[tuple[int, ...]] = None  # per seat: the chances; None: the rounds played
    long_label: str = ""  # the fuller wording of a player's page ("contracts made as captain")


@dataclass(frozen=True)
class StatsView:
    """A game's statistics as text: the table's, then one row per seat."""

    table: tuple[Stat, ...]
    columns: tuple[tuple[str, str], ...]  # (rule id, short label) per seat column
    seats: tuple[tuple[str, ...], ...]  # per seat, one value per column
    note: str = ""
    long_columns: tuple[str, ...] = ()  # per seat column, the fuller label of printed reports ("underfill")
    tallies: tuple[Tally, ...] = ()  # what pools across games (player summaries)
    data: Optional[Mapping[str, Any]] = None  # the same figures as plain JSON data, for exports


@dataclass(frozen=True)
class SheetCell:
    """One seat in one round of a scoresheet grid."""

    top: str  # what the seat did: "3/2" (bid/tricks), "…" before a bid stands
    extra: str  # a bonus beside it, shown bold: "+1", or ""
    points: Optional[int]  # the round's points; None while the round is in play
    good: bool  # the seat made it (shown bold)
    total: int  # running total after this round


@dataclass(frozen=True)
class SheetRound:
    number: int  # 1-based
    label: str  # the grid's column head: "R3", or "R3\n5c"
    head: tuple[str, ...]  # one value per SheetView.round_columns
    note: str  # "1 rebid", ""
    dealer: int
    cells: tuple[SheetCell, ...]  # per seat
    rows: tuple[tuple[str, ...], ...]  # per seat, one value per SheetView.seat_columns
    contract: str = ""  # the round's contract in words, for one-line reports: "7 cards, Spades (7S turned)"
    lines: tuple[str, ...] = ()  # per seat, the round in one cell: "3 (d) / 2, +13 = 40"
    data: Optional[Mapping[str, Any]] = None  # the round as plain JSON data, for exports (else from head/rows)


@dataclass(frozen=True)
class SheetView:
    """A game's scoresheet from public information: the grid (seats by rounds) the
    app draws, and the long table (a row per seat per round) ``scores show`` prints."""

    names: tuple[str, ...]
    total_rounds: int
    labels: tuple[str, ...]  # every round's column head, played or not
    rounds: tuple[SheetRound, ...]  # finished rounds
    current: Optional[SheetRound]  # the round in play, if any
    totals: tuple[int, ...]  # with the round in play's points already won
    round_columns: tuple[str, ...]  # the long table's per-round columns
    seat_columns: tuple[str, ...]  # the long table's per-seat columns
    legend: str
    in_play_legend: str = ""
    notes: str = ""  # printed under the long table
    mark_dealer: bool = False  # the long table names each round's dealer ("Ann (dealer)")
    contract_label: str = ""  # the head of SheetRound.contract in one-line reports ("Trump")
    lines_legend: str = ""  # the key of SheetRound.lines


@dataclass(frozen=True)
class ReviewStep:
    """One moment of a finished round, for the saved-game replay: every seat's
    hand then, and what each seat did (all public once the round is over)."""

    round: int  # 1-based
    title: str  # "Round 3: trick 2 of 7"
    hands: tuple[tuple[Any, ...], ...]  # per seat, the cards held, highest first
    notes: tuple[str, ...] = ()  # per seat: "plays 7♠, wins"
    summary: str = ""  # under the table: what the step means, with rule ids
    actions: tuple[int, ...] = ()  # the game's actions this step shows (places in its history), for the coach


@dataclass(frozen=True)
class TutorialStep:
    """One lesson of a guided round, shown once: at the first moment the table
    pauses (before anyone acts next) with ``due(observation)`` true for the
    learner's observation. ``text`` words it from that observation."""

    key: str  # "bid"
    title: str  # "Your bid card (R8)"
    due: Callable[[Any], bool]
    text: Callable[[Any], str]
    last: bool = False  # the tutorial ends once this step is read


@dataclass(frozen=True)
class Tutorial:
    """A guided first round: an ordinary game on a stacked deal, the learner in
    seat ``learner`` against bots that play ``scripts`` (per seat, the actions
    it prefers: the first of them legal at its turn, else its first legal one)."""

    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    stacked_deals: tuple[Any, ...]
    scripts: Mapping[int, tuple[Any, ...]]
    steps: tuple[TutorialStep, ...]
    learner: int = 0
    seed: int = 0
    bot_delay: float = 0.8  # slow enough to follow
    # The lesson's own suggestion, (action, reason), where a note asks for a move
    # the hint bot would not make: ``h`` then says what the note says.
    hint: Optional[Callable[[Any], Optional[tuple[Any, str]]]] = None

    def new_game(self, spec: "GameSpec") -> "GameState[Observation]":
        return spec.new_game(spec.check_options(self.options), seed=self.seed, seats=self.seats,
                             stacked_deals=self.stacked_deals)
