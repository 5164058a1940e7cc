"""A Watten hand's chances (W5, W9), read from the cards a seat holds and those
it has not seen, for the raise and its answer (W10).

A trump in hand is worth the chance that neither opponent holds a stronger one
(each unseen card is in an opponent's hand with the share of the unseen cards
they hold; the rest are the partner's or out of play, W3); a plain ace a quarter
of the chance that they hold no trump at all. Their sum, the *power*, and the
tricks each side has taken give the side's chance to take three tricks first by
a logistic fit to 6,000 hands of normal bots (every raise chance, raises not
played; within 0.08 of the measured rate in 47 of the 53 cells of 40 or more
hands)."""

from __future__ import annotations

import math
from typing import Iterable, Sequence

__all__ = ["power", "win_chance", "hold_pays", "AFTER_A_RAISE"]

_BASE, _POWER, _OURS, _THEIRS = -0.78, 1.33, 0.81, -0.81
AFTER_A_RAISE = -0.5  # logit: what a raise says (fitted to 8,000 hands of normal bots that always held)


def power(hand: Iterable[int], unseen: Sequence[int], their_cards: int, strength: Sequence[int],
          suit: Sequence[int], trump: int) -> float:
    """The tricks ``hand`` takes on its own, as the module says."""
    free = 1.0 - their_cards / len(unseen) if unseen else 1.0  # an unseen card is not theirs
    trumps = sorted((strength[c] for c in unseen if suit[c] == trump), reverse=True)
    total = 0.0
    for c in hand:
        if suit[c] == trump:
            total += free ** sum(1 for s in trumps if s > strength[c])
        elif c >> 2 == 14:
            total += 0.25 * free ** len(trumps)
    return total


def win_chance(hand_power: float, ours: int, theirs: int, shift: float = 0.0) -> float:
    """The side's chance to win the hand: ``ours`` and ``theirs`` are the tricks taken;
    ``shift`` (logit) for what the other side's raise says."""
    z = _BASE + _POWER * hand_power + _OURS * ours + _THEIRS * theirs + shift
    return 1.0 / (1.0 + math.exp(-z))


def hold_pays(chance: float, raised_to: int) -> bool:
    """W10: holding plays for +-``raised_to``, going loses ``raised_to - 1`` for sure;
    holding pays when the chance beats 1 / (2 x raised_to)."""
    return chance * 2 * raised_to > 1.0
