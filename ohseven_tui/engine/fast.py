"""The trick core (``engine.tricks``) in the compact form the bots' inner loop and
the benchmarks play on: no objects, no checks, no log.

A hand is a bitmask of card codes (bit ``c`` is card code ``c``), so one pack
copy of each card: single-deck packs only. A :class:`FastTricks` is built from a
:class:`~.tricks.TrumpContext` and reads every rule from it: ``must[c]`` and
``must_first[c]`` are the cards a seat must play (if it holds any) to a trick led
with ``c`` (later tricks, the first trick: W7 differs there), and ``row[c]`` the
trick keys of a trick led with ``c`` (the context's ``keys``: strictly stronger
wins, the first of equals). Every card it plays is legal by construction.

A random choice picks the k-th highest legal card (k = int(random() * count)):
the order a seat's hand is listed in, so a checked game driven with the same
random numbers plays the same cards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable

from .tricks import Follow, TrumpContext

__all__ = ["FastTricks", "fast_tricks", "mask_of", "cards_of", "pick", "play_random", "trick_winners",
           "trick_winners_two_decks"]


class FastTricks:
    """One hand's trump context as per-card tables over card codes."""

    __slots__ = ("ctx", "suit_mask", "must", "must_first", "row")

    def __init__(self, ctx: TrumpContext) -> None:
        self.ctx = ctx
        suit = ctx.suit
        codes = range(len(suit))
        of_suit = [0] * 4
        for c in codes:
            of_suit[suit[c]] |= 1 << c
        self.suit_mask: tuple[int, ...] = tuple(of_suit)  # by effective suit
        if ctx.follow is Follow.SUIT:  # R14, V18: the led card's effective suit, every trick
            self.must: tuple[int, ...] = tuple(of_suit[suit[c]] for c in codes)
            self.must_first: tuple[int, ...] = self.must
        else:  # W7: only a chief striker led to the first trick forces a trump
            self.must = (0,) * len(suit)
            chief = ctx.chief
            self.must_first = tuple(of_suit[ctx.trump] if c == chief else 0 for c in codes)
        keys = ctx.keys
        self.row: tuple[tuple[int, ...], ...] = tuple(keys[suit[c]] for c in codes)

    def __repr__(self) -> str:
        return f"<FastTricks {self.ctx!r}>"


@lru_cache(maxsize=None)
def fast_tricks(ctx: TrumpContext) -> FastTricks:
    """The tables of a (cached, immutable) context, built once."""
    return FastTricks(ctx)


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of distinct card codes."""
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def cards_of(mask: int) -> list[int]:
    """A mask's card codes, highest first (a hand's order)."""
    out = []
    while mask:
        c = mask.bit_length() - 1
        out.append(c)
        mask ^= 1 << c
    return out


def pick(mask: int, k: int) -> int:
    """The k-th highest card code of ``mask`` (k from 0)."""
    while k:
        mask ^= 1 << (mask.bit_length() - 1)
        k -= 1
    return mask.bit_length() - 1


def play_random(hands: list[int], leader: int, t: FastTricks, random: Callable[[], float],
                taken: list[int], first_trick: bool = True) -> list[int]:
    """Play whole tricks from ``leader``'s lead until the hands are empty, every
    card a random legal one; add each trick to its winner's count in ``taken``
    (returned). ``hands`` (masks, one per seat) is emptied. ``first_trick``: the
    next trick is the hand's first (W7)."""
    for win in trick_winners(hands, leader, t, random, first_trick):
        taken[win] += 1
    return taken


def trick_winners(hands: list[int], leader: int, t: FastTricks, random: Callable[[], float],
                  first_trick: bool = True) -> list[int]:
    """As :func:`play_random`, but the winner of each trick in order (a game that
    scores tricks by their number, V20, needs more than the counts)."""
    winners: list[int] = []
    n = len(hands)
    row = t.row
    must = t.must_first if first_trick else t.must
    later = t.must
    turn = leader
    for _ in range(hands[leader].bit_count()):
        m = hands[turn]
        k = int(random() * m.bit_count())
        while k:
            m ^= 1 << (m.bit_length() - 1)
            k -= 1
        lead = m.bit_length() - 1
        hands[turn] ^= 1 << lead
        keys = row[lead]
        need = must[lead]
        best = keys[lead]
        win = turn
        seat = turn
        for _ in range(n - 1):
            seat += 1
            if seat == n:
                seat = 0
            hand = hands[seat]
            m = hand & need or hand
            k = int(random() * m.bit_count())
            while k:
                m ^= 1 << (m.bit_length() - 1)
                k -= 1
            card = m.bit_length() - 1
            hands[seat] = hand ^ (1 << card)
            key = keys[card]
            if key > best:
                best = key
                win = seat
        winners.append(win)
        turn = win
        must = later
    return winners


def trick_winners_two_decks(ones: list[int], twos: list[int], leader: int, t: FastTricks,
                            random: Callable[[], float]) -> list[int]:
    """:func:`trick_winners` for a two-deck pack (R3): a seat's hand is two masks,
    the cards it holds (``ones``) and those it holds twice (``twos``, within
    ``ones``). A choice is among distinct cards, as the state lists them; of two
    equal cards the first played wins (the context's keys). Both lists are emptied."""
    winners: list[int] = []
    n = len(ones)
    row = t.row
    must = t.must
    turn = leader
    for _ in range(ones[leader].bit_count() + twos[leader].bit_count()):
        need = 0
        keys: tuple[int, ...] = ()
        best = win = -1
        for i in range(n):
            hand = ones[turn]
            m = hand & need or hand
            card = pick(m, int(random() * m.bit_count()))
            bit = 1 << card
            if twos[turn] & bit:
                twos[turn] ^= bit
            else:
                ones[turn] = hand ^ bit
            if i == 0:
                keys = row[card]
                need = must[card]
                best = keys[card]
                win = turn
            elif keys[card] > best:
                best = keys[card]
                win = turn
            turn += 1
            if turn == n:
                turn = 0
        winners.append(win)
        turn = win
    return winners
