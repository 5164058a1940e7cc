"""The shared kit of the trick-taking families (engine/kit.py), on its own."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from ohseven_tui.engine.kit import (
    LastTrick,
    checked_seats,
    checked_seed,
    copy_state,
    default_seats,
    last_trick,
    shuffle,
    trick_leader,
    trick_plays,
)
from ohseven_tui.engine.protocol import Seat


def test_seats_default_named_and_counted():
    assert checked_seats(None, 3) == (Seat("Seat 1"), Seat("Seat 2"), Seat("Seat 3"))
    assert checked_seats(None, 3) is default_seats(3)  # shared: seats are frozen
    assert checked_seats(["Ann", Seat("Bot", "easy")], 2) == (Seat("Ann", "human"), Seat("Bot", "easy"))
    with pytest.raises(ValueError, match="3 players need 3 seats, not 2"):
        checked_seats(["Ann", "Bea"], 3)


def test_the_seed_is_a_whole_number():
    assert checked_seed(7) == 7
    for bad in (1.5, "7", True, None):
        with pytest.raises(ValueError, match="the seed must be an integer"):
            checked_seed(bad)


class State:
    def __init__(self) -> None:
        self.rules = ("fixed",)
        self.hands = [[1, 2], [3]]

    def __deepcopy__(self, memo):
        return copy_state(self, ("rules",), memo)


def test_a_copy_shares_what_never_changes_and_copies_the_rest():
    state = State()
    twin = copy.deepcopy(state)
    assert type(twin) is State and twin.rules is state.rules
    twin.hands[0].append(9)
    assert state.hands == [[1, 2], [3]]


@dataclass
class Trick:
    winner: int


def test_who_leads_the_trick_in_play():
    assert trick_leader([(2, "7H"), (3, "5H")], [Trick(0)], 1) == 2  # its first card's seat
    assert trick_leader([], [Trick(0), Trick(3)], 1) == 3  # the last trick's winner
    assert trick_leader([], [], 1) == 1  # the hand's leader


def test_the_shuffle_moves_only_the_places_it_is_asked_for():
    draws = iter([0.0, 0.5, 0.99])  # j = i + int(r * (size - i)): 0, then 1 + 2, then 2 + 2
    cards = list("abcde")
    shuffle(cards, lambda: next(draws), 3)
    assert cards == ["a", "d", "e", "b", "c"]
    untouched = list("abcde")
    shuffle(untouched, lambda: 0.0, 0)
    assert untouched == list("abcde")


def test_a_whole_shuffle_takes_one_draw_a_place_but_the_last():
    taken = []

    def draw() -> float:
        taken.append(1)
        return 0.0

    shuffle(list(range(8)), draw)
    assert len(taken) == 7
    shuffle(list(range(8)), draw, 99)  # more places than the pack: still 7
    assert len(taken) == 14


@dataclass
class _Trick:
    leader: int
    cards: tuple
    winner: int


@dataclass
class _Round:
    number: int
    tricks: list


def test_the_last_trick_is_this_rounds_or_the_round_befores():
    first = _Round(1, [_Trick(2, ("7H", "2S", "5H"), 2), _Trick(2, ("1C", "3C", "0C"), 1)])
    second = _Round(2, [])
    assert last_trick([], 3) is None and last_trick([_Round(1, [])], 3) is None
    last = last_trick([first, second], 3)
    assert last == LastTrick(1, 2, ((2, "1C"), (0, "3C"), (1, "0C")), 1)
    assert last_trick([first, second], 3) is last  # the same object: a server compares nothing
    second.tricks.append(_Trick(1, ("6D", "4D", "7D"), 0))
    assert last_trick([first, second], 3) == LastTrick(2, 1, ((1, "6D"), (2, "4D"), (0, "7D")), 0)


def test_the_last_trick_on_the_table_marks_its_winning_card():
    drawn = LastTrick(3, 5, ((1, "6D"), (2, "4D"), (0, "7D")), 0).on_table()
    assert drawn.cards == ((1, "6D"), (2, "4D"), (0, "7D"))
    assert (drawn.winning, drawn.winner, drawn.complete, drawn.number, drawn.round) == (2, 0, True, 5, 3)


def test_a_tricks_plays_go_clockwise_from_its_leader():
    assert trick_plays(3, "abcd", 4) == ((3, "a"), (0, "b"), (1, "c"), (2, "d"))
