"""Random Watten hands on the fast path (``engine.fast``): deal, name the striker
and trump, play with raises, holds and goes, and score the hand, with bitmask
hands and no checks. The trick rules (W5, W7, W8) are the hand's context's
(``rules.context``, from ``engine.tricks``) as :class:`~...engine.fast.FastTricks`
tables; a test plays thousands of hands through both this and the checked
:class:`~.state.Game` with the same random numbers.

Every random choice takes the k-th of the state's legal actions in its order
(k = int(random() * count)): ranks and suits highest first, the playable cards
highest first and then a raise if she may (W10), hold before go.
"""

from __future__ import annotations

from typing import Callable, Optional

from ...engine.fast import fast_tricks
from ...engine.kit import shuffle
from .rules import BASE_STAKE, FIRST_PACKET, HAND_SIZE, PLAYERS, RANKS, SECOND_PACKET, TRICKS_TO_WIN, Rules, context

__all__ = ["FastHands"]

Random = Callable[[], float]
Deal = Callable[[int, Random], list[int]]  # (dealer, random) -> a mask per seat
_PACK_BITS = tuple(1 << (r * 4 + s) for r in RANKS for s in range(4))


class FastHands:
    """Watten hands on the fast path: ``hand(dealer, random)`` -> (winning side,
    stake); ``FastHands(rules)(hand_index, random)`` -> points per seat."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        # W5-W8: every (striker rank, trump suit)'s tables, built once
        self.tables = {(r, s): fast_tricks(context(r, s)) for r in RANKS for s in range(4)}

    def deal(self, dealer: int, random: Random) -> list[int]:
        """The state's deal: a shuffle of the whole pack, then from eldest clockwise
        three cards each and two each (W3)."""
        bits = list(_PACK_BITS)
        shuffle(bits, random)
        hands = [0] * PLAYERS
        eldest = (dealer + 1) % PLAYERS
        at = 0
        for packet in (FIRST_PACKET, SECOND_PACKET):
            for k in range(PLAYERS):
                hands[(eldest + k) % PLAYERS] |= sum(bits[at:at + packet])
                at += packet
        return hands

    def __call__(self, hand_index: int, random: Random) -> list[int]:
        side, stake = self.hand(hand_index % PLAYERS, random)
        return [stake if s & 1 == side else 0 for s in range(PLAYERS)]

    def hand(self, dealer: int, random: Random, deal: Optional[Deal] = None) -> tuple[int, int]:
        """One hand from the deal to the score: the side that wins it and its points."""
        hands = (deal or self.deal)(dealer, random)
        eldest = (dealer + 1) % PLAYERS
        striker = RANKS[len(RANKS) - 1 - int(random() * len(RANKS))]  # W4: eldest names a rank
        trump = 3 - int(random() * 4)  # W4: the dealer a suit
        t = self.tables[(striker, trump)]
        row = t.row
        must = t.must_first
        stake = BASE_STAKE
        raised_by = -1  # the side that raised last (W10)
        side_tricks = [0, 0]
        turn = eldest
        for _ in range(HAND_SIZE):
            need = 0
            keys: tuple[int, ...] = ()
            best = win = -1
            for i in range(PLAYERS):
                hand = hands[turn]
                m = hand & need or hand
                count = m.bit_count()
                if raised_by != turn & 1:  # W10: she may raise before she plays
                    k = int(random() * (count + 1))
                    if k == count:
                        if int(random() * 2):  # go: the raising side scores the stake as it was
                            return turn & 1, stake
                        stake += 1  # hold
                        raised_by = turn & 1
                        k = int(random() * count)  # the raiser still plays her card
                else:
                    k = int(random() * count)
                while k:
                    m ^= 1 << (m.bit_length() - 1)
                    k -= 1
                card = m.bit_length() - 1
                hands[turn] = hand ^ (1 << card)
                if i == 0:
                    keys = row[card]
                    need = must[card]
                    best = keys[card]
                    win = turn
                elif keys[card] > best:
                    best = keys[card]
                    win = turn
                turn = (turn + 1) % PLAYERS
            side_tricks[win & 1] += 1
            if side_tricks[win & 1] >= TRICKS_TO_WIN:  # W9
                return win & 1, stake
            turn = win
            must = t.must
        raise AssertionError("five tricks without a side taking three")  # cannot happen: 5 tricks, 2 sides
