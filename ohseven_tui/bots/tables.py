"""A hand's trump context (``engine.tricks``) as the tables the bots' heuristics
and playouts read: the engine's ``suit`` and ``strength`` per card code, plus
what a heuristic asks again and again (which cards of the pack rank above this
one in its effective suit, which cards a suit holds). Built once per context and
pack, cached, plain tuples: the playout is the inner loop of every decision."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from ..engine.tricks import NO_SUIT, TRUMP, Follow, TrumpContext

__all__ = ["Tables", "tables_for"]


class Tables:
    """``suit[c]``, ``strength[c]`` (the engine's), ``power[c]`` (strength within
    the suit, without the trump bonus: a plain card's rank), ``order[c]`` (power,
    then code: "the higher card" of a heuristic), ``above[c]`` (the pack's cards of
    ``c``'s effective suit that beat it) and ``of_suit[s]`` (the pack's cards whose
    effective suit is ``s``). ``trump`` is the trump suit, NO_SUIT (-1) for none."""

    __slots__ = ("ctx", "trump", "suit", "strength", "power", "order", "above", "of_suit", "codes", "follows_suit",
                 "winner", "by_order", "by_power", "by_trump_power", "by_power_trump", "by_side_power")

    def __init__(self, ctx: TrumpContext, codes: Sequence[int]) -> None:
        self.ctx = ctx
        self.trump = ctx.trump
        suit = self.suit = ctx.suit
        strength = self.strength = ctx.strength
        self.codes = tuple(sorted(set(codes)))
        power = [s - TRUMP if s >= TRUMP else s for s in strength]
        self.power = tuple(power)
        self.order = tuple(p * 64 + c for c, p in enumerate(power))  # codes are below 64
        above: list[tuple[int, ...]] = [()] * len(suit)
        for c in self.codes:
            above[c] = tuple(x for x in self.codes if suit[x] == suit[c] and strength[x] > strength[c])
        self.above = tuple(above)
        self.of_suit = tuple(tuple(x for x in self.codes if suit[x] == s) for s in range(4))
        # R14, V18: follow the led card's effective suit (the heuristics' fast path).
        self.follows_suit = ctx.follow is Follow.SUIT
        self.winner = ctx.winner  # R15, V7, W5: the index of the card that wins a trick
        # Sort keys as bound lookups of int tables (one per card code), for the
        # heuristics' min/max: cheaper than building a tuple key per card.
        trump = ctx.trump
        is_trump = [trump != NO_SUIT and s == trump for s in suit]
        big = 1 << 20
        self.by_order = self.order.__getitem__
        self.by_power = self.power.__getitem__
        self.by_trump_power = tuple(t * big + p for t, p in zip(is_trump, power)).__getitem__  # (trump?, power)
        self.by_power_trump = tuple(p * 2 + t for t, p in zip(is_trump, power)).__getitem__  # (power, trump?)
        self.by_side_power = tuple((not t) * big + p for t, p in zip(is_trump, power)).__getitem__  # (side?, power)

    def is_trump(self, card: int) -> bool:
        return self.trump != NO_SUIT and self.suit[card] == self.trump

    def __repr__(self) -> str:
        return f"<Tables {self.ctx!r}, {len(self.codes)} codes>"


@lru_cache(maxsize=256)
def tables_for(ctx: TrumpContext, codes: tuple[int, ...]) -> Tables:
    """The tables of ``ctx`` over the pack's distinct card ``codes`` (cached)."""
    return Tables(ctx, codes)
