"""Exact play of a hand's last few tricks on one deal with every card known (a
sample of the strong bot's search): each seat plays the card that is best for
its own score (max-n), on bitmask hands and the fast trick tables
(``engine.fast``), no checks.

A seat that several cards serve equally well (a bid already made or lost, or
cards that come to the same) is taken to pick among them at random: the value is
the mean over those cards, so no one's indifference is read as spite or as help.
The tricks' rules are the later tricks' (``t.must``): not for Watten's first trick
(W7). Positions at the start of a trick repeat (the same cards left, the same tricks
taken, by another order of play) and are solved once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Sequence

from ..engine.fast import FastTricks

__all__ = ["solve", "solve_value"]

Payoff = Callable[[Sequence[int]], tuple[float, ...]]


def solve(hands: list[int], trick: Sequence[int], turn: int, taken: list[int], t: FastTricks,
          payoff: Payoff) -> dict[int, tuple[float, ...]]:
    """The value per seat of each legal card of ``turn``, playing the hand to its
    end. ``hands``: a bitmask per seat (every hand as long as the tricks left need),
    ``trick``: the cards in play (in play order, ``turn`` next), ``taken``: tricks
    per seat so far, ``payoff(taken)``: each seat's points for its final tricks.
    The arguments are left as they were."""
    n = len(hands)
    row = t.row
    must = t.must
    suit, between = _runs(t)
    memo: dict = {}
    cards = list(trick)
    state = [0, 0]  # best key, winning seat of the trick in play

    def value(turn: int) -> tuple[float, ...]:
        hand = hands[turn]
        if cards:
            lead = cards[0]
            m = hand & must[lead] or hand
            keys = row[lead]
        else:
            if not hand:
                return payoff(taken)
            key = (tuple(hands), turn, tuple(taken))
            got = memo.get(key)
            if got is not None:
                return got
            m = hand
            keys = None
        out = _best(turn, m, keys)
        if not cards:
            memo[key] = out
        return out

    def _best(turn: int, m: int, keys) -> tuple[float, ...]:
        """The seat's best card of ``m`` (ties: the mean, each card counted)."""
        alive = sum(hands) | sum(1 << c for c in cards)
        best: list = []
        weights: list = []
        top = float("-inf")
        for c, w in _distinct(m, alive):
            v = play(turn, c, keys)
            if v[turn] > top:
                top = v[turn]
                best, weights = [v], [w]
            elif v[turn] == top:
                best.append(v)
                weights.append(w)
        if len(best) == 1:
            return best[0]
        total = sum(weights)
        return tuple(sum(w * x for w, x in zip(weights, xs)) / total for xs in zip(*best))

    def _distinct(m: int, alive: int) -> list:
        """The cards of ``m`` one per run of equivalent cards (same suit, no card
        still in play between them), highest first, with the run's length."""
        out: list = []
        last = -1
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if last >= 0 and suit[c] == suit[last] and not (alive & between[c][last]):
                out[-1][1] += 1
            else:
                out.append([c, 1])
            last = c
        return out

    def play(turn: int, c: int, keys) -> tuple[float, ...]:
        hands[turn] ^= 1 << c
        saved = state[0], state[1]
        if keys is None:  # a lead
            keys = row[c]
            state[0], state[1] = keys[c], turn
        elif keys[c] > state[0]:
            state[0], state[1] = keys[c], turn
        cards.append(c)
        if len(cards) == n:
            winner = state[1]
            done = cards[:]
            cards.clear()
            taken[winner] += 1
            v = value(winner)
            taken[winner] -= 1
            cards.extend(done)
        else:
            v = value((turn + 1) % n)
        cards.pop()
        state[0], state[1] = saved
        hands[turn] ^= 1 << c
        return v

    if cards:
        keys0 = row[cards[0]]
        first = len(cards)
        best_key, win = keys0[cards[0]], (turn - first) % n
        for i, c in enumerate(cards[1:], 1):
            if keys0[c] > best_key:
                best_key, win = keys0[c], (turn - first + i) % n
        state[0], state[1] = best_key, win
        m = hands[turn] & must[cards[0]] or hands[turn]
        lead_keys = keys0
    else:
        m = hands[turn]
        lead_keys = None
    out = {}
    while m:
        c = m.bit_length() - 1
        m ^= 1 << c
        out[c] = play(turn, c, lead_keys)
    return out


@lru_cache(maxsize=64)
def _runs(t: FastTricks) -> tuple[tuple[int, ...], tuple[dict, ...]]:
    """Per card its effective suit, and ``between[c][d]``: the mask of the cards of
    that suit ranking strictly between c and d (c below d), for cards whose rank
    order within the suit is their code order (a plain trump context's; the
    others compare by the context's strength)."""
    ctx = t.ctx
    suit = ctx.suit
    strength = ctx.strength
    codes = range(len(suit))
    between: list = [dict() for _ in codes]
    for c in codes:
        for d in codes:
            if c < d and suit[c] == suit[d] and strength[c] < strength[d]:
                lo, hi = strength[c], strength[d]
                between[c][d] = sum(1 << x for x in codes if suit[x] == suit[c] and lo < strength[x] < hi)
            elif c < d and suit[c] == suit[d]:
                between[c][d] = -1  # not in code order: never merged
    return suit, tuple(between)


def solve_value(hands: list[int], trick: Sequence[int], turn: int, taken: list[int], t: FastTricks,
                payoff: Payoff) -> tuple[float, ...]:
    """The position's value per seat: ``turn`` plays its best card (ties averaged)."""
    vals = list(solve(hands, trick, turn, taken, t, payoff).values())
    top = max(v[turn] for v in vals)
    best = [v for v in vals if v[turn] == top]
    return best[0] if len(best) == 1 else tuple(sum(x) / len(best) for x in zip(*best))
