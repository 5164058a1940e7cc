"""The shared kit of the trick-taking families (engine/kit.py), on its own."""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from ohseven_tui.engine.kit import checked_seats, checked_seed, copy_state, default_seats, trick_leader
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
