"""A hand's trump context (``engine.tricks``) as the tables the bots' heuristics
and playouts read: the engine's ``suit`` and ``strength`` per card code, plus
what a heuristic asks again and again (which cards of the pack rank above this
one in its effective suit, which cards a suit holds). Built once per context and
pack, cached, plain tuples: the playout is the inner loop of every decision."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from ..engine.fast import fast_tricks, mask_of
from ..engine.tricks import NO_SUIT, TRUMP, Follow, TrumpContext

__all__ = ["Tables", "tables_for", "MaskTables", "mask_tables"]


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


class MaskTables:
    """:class:`Tables` for a hand held as a bitmask of card codes (single-deck
    packs, a plain trump suit or none: R9, H3): ``above[c]`` and ``of_suit[s]`` as masks, ``beat[c]`` the cards that
    beat ``c`` once it is winning a trick (higher cards of its suit, and every
    trump when it is not one), and the trick core's fast tables (``engine.fast``):
    ``must[c]`` the cards a seat must play to a trick led with ``c``, ``row[c]``
    the trick keys of such a trick. The rules stay the trump context's."""

    __slots__ = ("tables", "above", "of_suit", "trump_mask", "beat", "must", "row")

    def __init__(self, t: Tables) -> None:
        if any(t.suit[c] != c & 3 or t.power[c] != c >> 2 for c in t.codes) or not t.follows_suit:
            raise ValueError("mask tables are for a plain trump suit (a card's suit and rank its code's)")
        self.tables = t
        above = [0] * len(t.suit)
        for c in t.codes:
            above[c] = mask_of(t.above[c])
        self.above = tuple(above)
        self.of_suit = tuple(mask_of(cards) for cards in t.of_suit)
        trump = t.trump
        self.trump_mask = self.of_suit[trump] if trump != NO_SUIT else 0
        suit = t.suit
        self.beat = tuple(a | (self.trump_mask if suit[c] != trump else 0) for c, a in enumerate(above))
        ft = fast_tricks(t.ctx)
        self.must = ft.must
        self.row = ft.row

    def __repr__(self) -> str:
        return f"<MaskTables {self.tables!r}>"


@lru_cache(maxsize=256)
def mask_tables(t: Tables) -> MaskTables:
    """The mask tables of ``t`` (cached)."""
    return MaskTables(t)
