"""The game protocol: what every family implements, and all the rest reads.

A *family* is one package under ``ohseven_tui.games`` (or anywhere that calls
:func:`ohseven_tui.engine.registry.register`). It declares one :class:`GameSpec`
per game it plays. The CLI, the UI, storage, the bots and the benchmarks know a
game only through its spec, its state (:class:`GameState`) and what the state's
``observe(seat)`` returns; none of them branch on a game's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Protocol, Sequence, TypeVar, runtime_checkable

from ..safetext import quoted

if TYPE_CHECKING:
    from .reports import ReviewStep, SheetCell, SheetRound, SheetView, Stat, StatsView, Tally, Tutorial, TutorialStep

__all__ = [
    "Seat",
    "Option",
    "OptionError",
    "GameView",
    "Stat",
    "Tally",
    "StatsView",
    "SheetCell",
    "SheetRound",
    "SheetView",
    "ReviewStep",
    "TableSeat",
    "TableTrick",
    "TableView",
    "TutorialStep",
    "Tutorial",
    "GameSpec",
    "GameState",
    "Observation",
]


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat. ``player`` is a free label: "human", "normal", ..."""

    name: str
    player: str = "human"


class OptionError(ValueError):
    """An option value a game cannot be played with (one readable sentence)."""


@dataclass(frozen=True)
class Option:
    """One choice a game offers at setup: ``players`` is always one of them."""

    name: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""

    def check(self, value: Any) -> Any:
        # bool is an int: never let True stand for 1 (or 1 for True).
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return choice
        shown = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in self.choices)
        raise OptionError(f"{self.label.lower()} must be one of {shown}, not {quoted(str(value))}")


@dataclass(frozen=True)
class GameView:
    """What the table and the scoresheet show for one game with its options.

    Declared once per game and options, so a screen draws any family without
    knowing which it is.
    """

    bid_input: str  # the bidding screen's input: "card" (lay a card), "number", or "" (none)
    bids_in_turn: bool  # bids are said aloud in turn (else face down, all at once)
    columns: tuple[str, ...]  # per-seat columns on the table, e.g. ("Bid", "Took", "Score")
    contract_note: str  # how the trump (or contract) is set, with rule ids
    scoring_note: str  # how a round scores, with rule ids
    legend: str  # the scoresheet's key
    in_play_legend: str = ""  # the scoresheet's key for a round still in play
    top_bid_mark: str = ""  # the table's caption for a marked bid ("* top bid (trump)")
    show_hand_sizes: bool = False  # the scoresheet labels each round with its hand size
    sides: tuple[tuple[int, ...], ...] = ()  # partnerships, when seats play in sides
    round_word: str = "round"
    rounds: Optional[int] = None  # how many rounds a game lasts, when that is fixed (None: played to a score)


@dataclass(frozen=True)
class TableSeat:
    """One seat as the card table shows it, from one seat's observation (public
    facts only: another seat's hand is a count)."""

    name: str
    player: str  # "human", or a bot's name
    dealer: bool = False
    to_act: bool = False  # this seat's turn (in a turn-based step)
    acted: bool = False  # in a face-down step: has chosen already
    cells: tuple[tuple[str, str], ...] = ()  # ("bid", "3"), ("took", "1"): in the family's words
    score: str = ""  # the running total, as shown
    mark: str = ""  # a short badge after the name: "*" (the top bid), "declarer"
    hand_count: int = 0  # cards held (drawn as card backs)
    side: Optional[int] = None  # index into TableView.side_names, when seats play in sides


@dataclass(frozen=True)
class TableTrick:
    """A trick on the table: the cards in play order and the one winning it."""

    cards: tuple[tuple[int, Any], ...]  # (seat, card), in play order
    winning: Optional[int] = None  # index into ``cards`` of the card that wins so far (or won)
    complete: bool = False  # every seat has played: ``winning`` took the trick
    number: int = 0  # 1-based trick number in its round
    round: int = 0  # 1-based round it belongs to

    @property
    def winner(self) -> Optional[int]:
        """The seat whose card wins (so far, or for good once complete)."""
        return self.cards[self.winning][0] if self.winning is not None and self.cards else None


@dataclass(frozen=True)
class TableView:
    """What the card table draws, built by the family from one seat's observation
    (``GameSpec.table``): the seats round the table, the trick in the middle, the
    trump (or contract) line, and the viewer's hand in the game's own order."""

    seats: tuple[TableSeat, ...]
    trick: Optional[TableTrick] = None  # the trick being played (None between tricks)
    last_trick: Optional[TableTrick] = None  # the last complete trick, this round or the one before
    trump: tuple[Any, ...] = ()  # the always-visible trump or contract line: text, Suit and Card parts
    trump_short: tuple[Any, ...] = ()  # the same, shorter, for a table too narrow for it (empty: none)
    side_names: tuple[str, ...] = ()
    hand_by_suit: tuple[tuple[Any, ...], ...] = ()  # the viewer's hand in suit groups, trumps first
    hand_by_rank: tuple[Any, ...] = ()  # the viewer's hand, strongest first under this hand's trumps
    tricks_done: int = 0  # complete tricks of the round in play (a change means a trick was won)
    round_number: int = 0
    # the viewer's cards that the game's ranking sets apart, each with its name in the game's
    # words ((Card, "right bower"), (Card, "critical")): the hand marks them and names them
    hand_marks: tuple[tuple[Any, str], ...] = ()


@runtime_checkable
class Observation(Protocol):
    """What one seat may know, as every family's observation gives it: the fields the
    shared screens, the bots' registry, the saves and the server read. Each family's
    observation has more, read only by its own screens and bots."""

    # Read-only: an observation is a value (the families' are frozen dataclasses).
    @property
    def seat(self) -> int: ...

    @property
    def seats(self) -> tuple[Seat, ...]: ...

    @property
    def phase(self) -> Any: ...

    @property
    def round_number(self) -> int: ...

    @property
    def hand(self) -> tuple[Any, ...]: ...

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def legal_actions(self) -> tuple[Any, ...]: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def results(self) -> tuple[Any, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def spec(self) -> "GameSpec": ...

    @property
    def view(self) -> "GameView": ...


ObsT_co = TypeVar("ObsT_co", bound=Observation, covariant=True)


@runtime_checkable
class GameState(Protocol[ObsT_co]):
    """One game in progress: its rules, seats, seed and the actions applied so far.
    ``GameState[O]``: a state whose seats observe as ``O`` (the family's type).

    ``apply`` changes the state or raises an ``IllegalAction`` and changes nothing;
    ``why_illegal`` gives the same sentence without changing or cloning anything.
    """

    spec: "GameSpec"
    options: Mapping[str, Any]
    seats: tuple[Seat, ...]
    seed: int
    players: int
    history: list[Any]
    stacked_deals: tuple[Any, ...]

    @property
    def phase(self) -> Any: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def current_seat(self) -> Optional[int]: ...

    @property
    def round_number(self) -> int: ...

    @property
    def totals(self) -> Sequence[int]: ...

    def to_act(self) -> tuple[int, ...]: ...

    def legal_actions(self, seat: Optional[int] = None) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def is_legal(self, action: Any) -> bool: ...

    def why_illegal(self, action: Any) -> Optional[str]: ...

    def observe(self, seat: int) -> ObsT_co:
        """What ``seat`` may know now (the family's observation type)."""
        ...

    def clone(self) -> "GameState[ObsT_co]": ...

    def results(self) -> tuple[Any, ...]: ...

    def log(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class GameSpec:
    """A game as the registry knows it. ``family`` names the package that plays it."""

    name: str  # "oh-seven": the record's and the command line's name
    label: str  # "Oh-Seven": what a player reads
    family: str  # "ohhell"
    players: tuple[int, int]  # the player range, inclusive
    description: str  # one line
    rule_prefix: str  # "R": rule ids of this game start with it
    new_game: Callable[..., GameState[Observation]]  # (options, seed=, seats=, stacked_deals=) -> state
    view: Callable[[Mapping[str, Any]], GameView]  # options -> what screens show
    stats: Callable[[Any], StatsView]  # an observation (any seat's) -> statistics
    sheet: Callable[[Any], SheetView]  # an observation (any seat's) -> scoresheet
    parse_action: Callable[[str], Any]
    action_text: Callable[[Any], str]
    parse_stacked: Callable[[Any], Any]  # a record's stacked deal -> the family's value
    stacked_text: Callable[[Any], Any]  # the family's stacked deal -> JSON
    options: tuple[Option, ...] = field(default=())  # besides ``players``
    order: int = 100  # menus list games by this, then by name
    # (game, round index, card label) -> that round's replay steps; None: no replay.
    # Only rounds the game has finished are asked for.
    review: Optional[Callable[[Any, int, Callable[[Any], str]], Sequence[ReviewStep]]] = None
    # an observation -> the card table's picture; None: the table draws names,
    # turn and totals from the observation's common fields.
    table: Optional[Callable[[Any], TableView]] = None
    # () -> a guided first round (``ohseven tutorial``, the menu); None: not offered.
    tutorial: Optional[Callable[[], Tutorial]] = None
    # (game, record version) -> the actions a record of that older version left out
    # at this point (they followed from the rules then), applied on loading before
    # the record's next action and after its last; None: every action is written.
    implied: Optional[Callable[[Any, int], Sequence[Any]]] = None
    # what a player reads for the whole family, where saves are reviewed by family
    # ("Oh-Seven and Oh Hell"); empty: the family's games' labels
    family_label: str = ""
    # options -> a random hand on the family's fast path (engine.fast): called with
    # (round index, random) it deals, bids, plays and scores that round's hand at
    # random and returns the points per seat; raises ValueError for options the fast
    # path does not play. None: no fast path (benchmarks/engine.py compares them).
    fast_hands: Optional[Callable[[Mapping[str, Any]], Callable[[int, Callable[[], float]], Sequence[int]]]] = None
    # (action, viewer seat) -> the action as that seat may know it, or None when it
    # only learns that the actor acted (a card laid face down, a pass). A table server
    # sends each seat only this. None: every other seat learns nothing of the action.
    public_action: Optional[Callable[[Any, int], Any]] = None
    # The most cards one hand can hold at any moment (a kitty taken up included): the
    # screens make room for that many, and the conformance kit checks it is never passed.
    max_hand: int = 13
    # True where one round can end the game (a stake raised to the target in one
    # hand); else the conformance kit expects two rounds at least of random play.
    may_end_in_one_round: bool = False

    def action_for(self, action: Any, viewer: int) -> Any:
        """``action`` as ``viewer`` may know it (``public_action``), or None. The actor
        knows its own action; without the hook nobody else learns it."""
        if getattr(action, "seat", None) == viewer:
            return action
        if self.public_action is None:
            return None
        return self.public_action(action, viewer)

    def players_words(self, to: str = " to ") -> str:
        """How many play, in words: "7 players", "2 to 9 players" (``to``: "-" where it is short)."""
        low, high = self.players
        return f"{low} players" if low == high else f"{low}{to}{high} players"

    @property
    def players_option(self) -> Option:
        low, high = self.players
        return Option("players", "Players", tuple(range(low, high + 1)), min(max(4, low), high))

    def all_options(self) -> tuple[Option, ...]:
        return (self.players_option, *self.options)

    def option(self, name: str) -> Option:
        for opt in self.all_options():
            if opt.name == name:
                return opt
        raise OptionError(f"{self.label} has no option {quoted(name)}")

    def check_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every option of this game, defaults filled in; unknown or bad values refused."""
        if not isinstance(options, Mapping):
            raise OptionError("the options must be an object")
        known = {opt.name for opt in self.all_options()}
        for name in options:
            if name not in known:
                raise OptionError(f"{self.label} has no option {quoted(str(name))}")
        players = options.get("players", self.players_option.default)
        low, high = self.players
        if type(players) is not int or not low <= players <= high:
            raise OptionError(f"{self.label} is for {self.players_words()}, not {quoted(str(players))}")
        checked: dict[str, Any] = {"players": players}
        for opt in self.options:
            checked[opt.name] = opt.check(options[opt.name]) if opt.name in options else opt.default
        return checked

    def describe(self, options: Mapping[str, Any]) -> str:
        """One line: "Oh-Seven, 4 players, passing"."""
        parts = [self.label, f"{options.get('players')} players"]
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            if value != opt.default:
                parts.append(opt.label.lower() if value is True else f"{opt.label.lower()} {value}")
        return ", ".join(parts)


_REPORTS = frozenset({"Stat", "Tally", "StatsView", "SheetCell", "SheetRound", "SheetView", "ReviewStep",
                      "TutorialStep", "Tutorial"})


def __getattr__(name: str) -> Any:
    """The statistics, scoresheet, replay and tutorial classes, made at their first
    use (``from ohseven_tui.engine.protocol import StatsView`` works as before)."""
    if name in _REPORTS:
        from . import reports

        return getattr(reports, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
