"""Trick play to a target: take ``need`` more tricks, then lose the rest. The
normal bot's card play as plain functions on small values, so the strong bot's
playouts can call it thousands of times a second without building observations.

Cards are ints; the hand's trump context comes as :class:`~.tables.Tables`
(effective suit, strength, the cards above a card), so follow-suit and the trick
winner are the engine's (``engine.tricks``), whatever the trump rules.
``cards`` is the trick so far (cards in play order). ``unplayed[code]`` counts
the copies of a card not yet seen in a trick; a seat's "outstanding" cards are
``unplayed`` minus its own hand. ``voids[seat]`` is a bitmask of the effective
suits that seat has shown out of.
"""

from __future__ import annotations

from typing import Sequence

from .tables import Tables

__all__ = ["choose_play", "higher_out", "suit_out"]


def _outstanding(codes: Sequence[int], hand: Sequence[int], unplayed: Sequence[int]) -> int:
    """Copies of ``codes`` still unplayed and not in ``hand``."""
    count = 0
    for code in codes:
        k = unplayed[code]
        if k:
            if code in hand:
                k -= hand.count(code)
            if k > 0:
                count += k
    return count


def higher_out(card: int, hand: Sequence[int], unplayed: Sequence[int], above: Sequence[Sequence[int]]) -> int:
    """Outstanding cards of ``card``'s suit that beat it."""
    return _outstanding(above[card], hand, unplayed)


def suit_out(suit: int, hand: Sequence[int], unplayed: Sequence[int], of_suit: Sequence[Sequence[int]]) -> int:
    """Outstanding cards of an effective suit (0 for no suit, as "no trump")."""
    return 0 if suit < 0 else _outstanding(of_suit[suit], hand, unplayed)


def _threat(best: int, led: int, t: Tables, later: list, hand: list, unplayed: list, voids: list) -> bool:
    """May a seat still to play beat ``best``? (Known voids count; a seat may be
    void in the led suit when few of its cards are still out.)"""
    if not later:
        return False
    trump = t.trump
    bs = t.suit[best]
    if bs == led:
        if higher_out(best, hand, unplayed, t.above):
            bit = 1 << led
            for p in later:
                if not voids[p] & bit:
                    return True
        if trump < 0 or led == trump or not suit_out(trump, hand, unplayed, t.of_suit):
            return False
    elif not higher_out(best, hand, unplayed, t.above):
        return False  # a trump on a side suit: only a higher trump beats it
    led_out = suit_out(led, hand, unplayed, t.of_suit)
    maybe_void = led_out <= len(later)
    led_bit = 1 << led
    trump_bit = 1 << trump
    for p in later:
        if voids[p] & trump_bit:
            continue
        if maybe_void or voids[p] & led_bit:
            return True
    return False


def choose_play(seat: int, hand: list, cards: list, t: Tables, need: int, n: int, unplayed: list,
                voids: list) -> tuple[int, str]:
    """The normal bot's card: returns (card, why) where ``why`` names the reason."""
    suit = t.suit
    if not cards:
        legal = hand
    elif t.follows_suit:  # the engine's playable(), inlined: this is the playout's inner loop
        led = suit[cards[0]]
        legal = [c for c in hand if suit[c] == led] or hand
    else:
        legal = t.ctx.playable(hand, cards)
    if len(legal) == 1:
        return legal[0], "only"
    later = [(seat + i) % n for i in range(1, n - len(cards))]
    if not cards:
        return _lead(seat, hand, t, need, later, unplayed, voids)
    above = t.above
    trump = t.trump
    led = suit[cards[0]]
    best = cards[t.winner(cards)]
    strength = t.strength
    beat = strength[best]
    winners: list[int] = []
    losers: list[int] = []
    for c in legal:
        s = suit[c]
        (winners if (s == led or s == trump) and strength[c] > beat else losers).append(c)
    trump_then_power = t.by_trump_power

    if need > 0 and trump >= 0:
        sure = [c for c in hand if suit[c] == trump and not higher_out(c, hand, unplayed, above)]
        if len(sure) >= need:
            # Top trumps win whenever played: they alone make the bid, so lose
            # this trick with another card if possible, else spend a top trump.
            spare = [c for c in losers if c not in sure]
            if spare:
                return max(spare, key=t.by_power_trump), "sure-duck"
            own = [c for c in winners if c in sure]
            if own:
                return min(own, key=t.by_order), "sure-win"
    if need > 0:
        if not winners:
            high = max(legal, key=t.by_side_power)
            tops = [c for c in hand if c != high and not higher_out(c, hand, unplayed, above)]
            if len(tops) >= need:
                # The top cards kept can make the bid: shed a high card now,
                # before it wins a trick too many.
                return high, "shed"
            # Throw the least useful card: low, and not a trump.
            return min(legal, key=trump_then_power), "cannot-win"
        # For the last trick it needs, win with the card likeliest to win again
        # later (and so to take one too many); before that, win cheaply.
        if not later:
            if need == 1:
                return max(winners, key=trump_then_power), "win-last"
            return min(winners, key=trump_then_power), "win-cheap"
        safe = [c for c in winners if not _threat(c, led, t, later, hand, unplayed, voids)]
        if safe:
            if need == 1:
                return max(safe, key=trump_then_power), "win-last"
            return min(safe, key=trump_then_power), "win-safe"
        follow = [c for c in winners if suit[c] == led]
        order = t.by_order
        if follow:
            return max(follow, key=order), "win-try"
        if need >= len(hand):
            return max(winners, key=order), "win-try"
        return min(winners, key=order), "ruff"
    if losers:
        return max(losers, key=trump_then_power), ("duck" if need == 0 else "over-duck")
    if need < 0 or not later:
        return max(legal, key=t.by_power_trump), ("forced" if need == 0 else "over-control")
    return min(legal, key=t.by_power), "forced-low"


def _lead(seat: int, hand: list, t: Tables, need: int, later: list, unplayed: list, voids: list) -> tuple[int, str]:
    suit = t.suit
    power = t.power
    above = t.above
    trump = t.trump
    if need > 0:
        trumps = [c for c in hand if suit[c] == trump]
        sure = [c for c in trumps if not higher_out(c, hand, unplayed, above)]
        if sure and len(sure) >= need and len(sure) < len(hand):
            rest = [c for c in hand if c not in sure]
            card, why = _lead(seat, rest, t, 0, later, unplayed, voids)
            return card, "sure-duck"
        if need >= len(hand):
            if trumps:
                return max(trumps, key=t.by_order), "lead-top-trump"
            return max(hand, key=t.by_power), "lead-high"
        safe_side: list[int] = []
        safe_trump: list[int] = []
        for c in hand:
            if not higher_out(c, hand, unplayed, above) and not _threat(c, suit[c], t, later, hand, unplayed, voids):
                (safe_trump if suit[c] == trump else safe_side).append(c)
        if safe_side:
            # Cash side winners before the others run out of the suit.
            return max(safe_side, key=lambda c: suit_out(suit[c], hand, unplayed, t.of_suit)), "cash"
        if need == 1:
            # One trick to go and no sure winner: try the best side card now,
            # before the others run out of its suit and trump it.
            return max(hand, key=t.by_side_power), "lead-best"
        side = [c for c in hand if suit[c] != trump]
        if not side:
            return min(hand, key=t.by_order), "lead-low"
        lengths = [0, 0, 0, 0]
        for c in hand:
            lengths[suit[c]] += 1
        if trumps:
            singles = [c for c in side if lengths[suit[c]] == 1]
            if singles:
                return min(singles, key=t.by_power), "void-for-ruff"
        return min(side, key=lambda c: (-lengths[suit[c]], power[c])), "lead-low"
    # Duck: lead the highest card that still has plenty of higher cards out.
    best = None
    best_key = None
    for c in hand:
        h = higher_out(c, hand, unplayed, above)
        key = (min(h, 2), suit[c] == trump, power[c])
        if best_key is None or key > best_key:
            best, best_key = c, key
    assert best is not None and best_key is not None  # a seat that leads has cards
    return best, ("lead-duck" if best_key[0] else "lead-forced")
