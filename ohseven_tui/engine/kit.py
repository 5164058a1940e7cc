"""The parts every trick-taking family repeats, in one place: the seats and seed a
game is built with, the seeded shuffle of a pack, copying a state for search, who
leads the trick in play, and the last finished trick as every seat sees it. A
family's state and observation use these instead of writing them again."""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any, Callable, Collection, NamedTuple, Optional, Sequence, TypeVar

from .protocol import GameSpec, GameView, Seat, TableTrick

__all__ = ["LastTrick", "ObservedRules", "checked_seats", "checked_seed", "copy_state", "default_seats",
           "last_trick", "round_deals", "shuffle", "trick_leader", "trick_plays"]

S = TypeVar("S")


@lru_cache(maxsize=None)
def default_seats(players: int) -> tuple[Seat, ...]:
    """``Seat 1`` ... ``Seat n``, all human (frozen, so games may share them)."""
    return tuple(Seat(f"Seat {i + 1}") for i in range(players))


def checked_seats(seats: Optional[Sequence[Any]], players: int) -> tuple[Seat, ...]:
    """The seats a game is built with: the default ones where none are given, a bare
    name as a human's seat; ValueError unless there is one for each player."""
    if seats is None:
        return default_seats(players)
    out = tuple(s if isinstance(s, Seat) else Seat(str(s)) for s in seats)
    if len(out) != players:
        raise ValueError(f"{players} players need {players} seats, not {len(out)}")
    return out


def checked_seed(seed: Any) -> int:
    """The seed, which must be a whole number (a record's, the command line's)."""
    if type(seed) is not int:
        raise ValueError(f"the seed must be an integer, not {seed!r}")
    return seed


def shuffle(cards: list[Any], random: Callable[[], float], count: Optional[int] = None) -> None:
    """Fisher-Yates on the first ``count`` places (all of them by default), driven
    by the game's own RNG (its ``random``): the dealt prefix is a uniform draw, and
    random() is C-fast where Random.shuffle's integer draws are not (the bias is
    below 2**-50). A game's deals depend on exactly these draws: saved games replay
    through it, so it must never change."""
    size = len(cards)
    for i in range(min(size - 1 if count is None else count, size - 1)):
        j = i + int(random() * (size - i))
        cards[i], cards[j] = cards[j], cards[i]


def copy_state(state: S, shared: Collection[str], memo: dict[int, Any]) -> S:
    """A deep copy of ``state`` (a ``__deepcopy__`` body) whose attributes named in
    ``shared`` (values that never change: rules, seats, the seed, the pack) are
    shared with the original instead of copied: search clones states by the thousand."""
    new = object.__new__(type(state))
    for key, value in state.__dict__.items():
        setattr(new, key, value if key in shared else copy.deepcopy(value, memo))
    return new


def trick_leader(trick: Sequence[tuple[int, Any]], tricks: Sequence[Any], leader: Optional[int]) -> Optional[int]:
    """Who leads the trick in play: its first card's seat; before its first card,
    the last trick's winner; before any trick, the hand's leader."""
    if trick:
        return trick[0][0]
    if tricks:
        winner: Optional[int] = tricks[-1].winner
        return winner
    return leader


def trick_plays(leader: int, cards: Sequence[Any], players: int) -> tuple[tuple[int, Any], ...]:
    """A trick's cards as (seat, card), in play order from ``leader`` clockwise."""
    return tuple(((leader + i) % players, card) for i, card in enumerate(cards))


class LastTrick(NamedTuple):
    """The game's latest finished trick, as every seat saw it: this round's, or the
    round before's until this one has a trick (an observation's ``last_trick``)."""

    round: int  # the round (hand) it was played in, from 1
    number: int  # its number in that round, from 1
    plays: tuple[tuple[int, Any], ...]  # (seat, card), in play order, the leader first
    winner: int

    def on_table(self) -> TableTrick:
        """The trick as the table draws it (its ``l`` key)."""
        winning = next(i for i, (seat, _) in enumerate(self.plays) if seat == self.winner)
        return TableTrick(self.plays, winning=winning, complete=True, number=self.number, round=self.round)


# id(trick) -> (trick, key, its LastTrick): the same object for the same trick, so a
# table server comparing each seat's observation with its last one needs no compare.
_LAST_TRICKS: dict[int, tuple[Any, tuple[int, int, int], LastTrick]] = {}


def last_trick(logs: Sequence[Any], players: int) -> Optional[LastTrick]:
    """The latest finished trick of a game whose round logs (``number``, ``tricks``
    of ``leader``, ``cards``, ``winner``) are ``logs``: at a new deal, the round
    before's last trick stays in view."""
    for log in reversed(logs):
        if log.tricks:
            trick = log.tricks[-1]
            key = (log.number, len(log.tricks), players)
            known = _LAST_TRICKS.get(id(trick))
            if known is not None and known[0] is trick and known[1] == key:
                return known[2]
            last = LastTrick(log.number, len(log.tricks), trick_plays(trick.leader, trick.cards, players),
                             trick.winner)
            if len(_LAST_TRICKS) >= 4096:
                _LAST_TRICKS.clear()
            _LAST_TRICKS[id(trick)] = (trick, key, last)  # holds the trick: its id is not reused
            return last
    return None


class ObservedRules:
    """For an observation that carries its game's rules (``rules.game``, the
    registered name; ``rules.options``) and seats: the spec, the view and the number
    of players."""

    rules: Any
    seats: tuple[Seat, ...]

    @property
    def spec(self) -> GameSpec:
        from . import registry

        return registry.game_spec(self.rules.game)

    @property
    def view(self) -> GameView:
        return self.spec.view(self.rules.options)

    @property
    def players(self) -> int:
        return len(self.seats)


def round_deals(history: Sequence[Any], deals: Sequence[int], round_index: int) -> list[list[tuple[int, Any]]]:
    """The actions of round ``round_index`` with their places in ``history``, one
    list per deal of the round, each from its deal action on: ``deals`` is each
    round's number of deals (its redeals counted), from the game's logs. A
    replay's steps name the actions they show by these places (the coach's notes)."""
    from .actions import Deal

    first = sum(deals[:round_index])
    wanted = range(first, first + deals[round_index])
    out: list[list[tuple[int, Any]]] = []
    seen = -1
    for i, action in enumerate(history):
        if isinstance(action, Deal):
            seen += 1
            if seen in wanted:
                out.append([])
            elif seen > wanted[-1]:
                break
        if seen in wanted:
            out[-1].append((i, action))
    return out


# ---------------------------------------------------------------- a guided hand's words and moments
# Each family's tutorial script (games/<family>/tutorial.py) reads a seat's
# observation with these: the cards it names, the seat it speaks to, its moments.
def card_tuple(texts: Any) -> tuple[Any, ...]:
    """Cards from their texts ("7S"), as a tuple (an action's field, a stacked hand)."""
    from .cards import parse_cards

    return tuple(parse_cards(texts))


def seat_word(obs: Any, seat: int) -> str:
    """"you" for the observing seat, else that seat's name."""
    return "you" if seat == obs.seat else obs.seats[seat].name


def my_turn(obs: Any) -> bool:
    return bool(obs.seat in obs.to_act)


def before_the_deal(obs: Any) -> bool:
    return bool(obs.round_number == 0)


def own_plays(obs: Any) -> list[Any]:
    """The cards the observing seat has played to the finished tricks of this round."""
    seats = len(obs.seats)
    return [c for t in obs.tricks for i, c in enumerate(t.cards) if (t.leader + i) % seats == obs.seat]
