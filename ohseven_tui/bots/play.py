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

from .tables import MaskTables, Tables

__all__ = ["choose_play", "choose_play_mask", "higher_out", "suit_out"]


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


# ---------------------------------------------------------------- on bitmasks
#
# The same policy for a hand held as a bitmask (single-deck packs, the playouts'
# fast path): ``hand`` and ``unplayed`` are masks of card codes, the tables
# :class:`~.tables.MaskTables`. A card list is walked highest code first, the order
# of a dealt hand, so of two cards a heuristic ranks equal the same one is chosen
# as by :func:`choose_play` on the hand's sorted list (a test plays both).


def _cards(mask: int) -> list:
    out = []
    while mask:
        c = mask.bit_length() - 1
        out.append(c)
        mask ^= 1 << c
    return out


def choose_play_mask(seat: int, hand: int, cards: list, mt: MaskTables, need: int, n: int, unplayed: int,
                     voids: list) -> int:
    """:func:`choose_play`'s card, without the reason."""
    if cards:
        legal = hand & mt.must[cards[0]] or hand  # R14: the trick core's follow rule
    else:
        legal = hand
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    later = [(seat + i) % n for i in range(1, n - len(cards))]
    if not cards:
        return _lead_mask(hand, mt, need, later, unplayed, voids)
    t = mt.tables
    above = mt.above
    out = unplayed & ~hand
    row = mt.row[cards[0]]
    best = max(cards, key=row.__getitem__)  # the first of the highest keys: the card winning so far
    win_m = legal & mt.beat[best]
    trump_then_power = t.by_trump_power

    if need > 0 and t.trump >= 0:
        sure = 0
        m = hand & mt.trump_mask
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if not above[c] & out:
                sure |= 1 << c
        if sure.bit_count() >= need:
            spare = legal & ~win_m & ~sure
            if spare:
                return max(_cards(spare), key=t.by_power_trump)
            own = win_m & sure
            if own:
                return min(_cards(own), key=t.by_order)
    if need > 0:
        if not win_m:
            high = max(_cards(legal), key=t.by_side_power)
            tops = 0
            m = hand & ~(1 << high)
            while m:
                c = m.bit_length() - 1
                m ^= 1 << c
                if not above[c] & out:
                    tops += 1
            if tops >= need:
                return high
            return min(_cards(legal), key=trump_then_power)
        if not later:
            if need == 1:
                return max(_cards(win_m), key=trump_then_power)
            return min(_cards(win_m), key=trump_then_power)
        led = t.suit[cards[0]]
        safe = [c for c in _cards(win_m) if not _threat_mask(c, led, mt, later, out, voids)]
        if safe:
            if need == 1:
                return max(safe, key=trump_then_power)
            return min(safe, key=trump_then_power)
        follow = win_m & mt.of_suit[led]
        if follow:
            return max(_cards(follow), key=t.by_order)
        if need >= hand.bit_count():
            return max(_cards(win_m), key=t.by_order)
        return min(_cards(win_m), key=t.by_order)
    lose_m = legal & ~win_m
    if lose_m:
        return max(_cards(lose_m), key=trump_then_power)
    if need < 0 or not later:
        return max(_cards(legal), key=t.by_power_trump)
    return min(_cards(legal), key=t.by_power)


def _threat_mask(best: int, led: int, mt: MaskTables, later: list, out: int, voids: list) -> bool:
    """:func:`_threat`, ``out`` the cards outstanding for the seat asking."""
    if not later:
        return False
    t = mt.tables
    trump = t.trump
    if t.suit[best] == led:
        if mt.above[best] & out:
            bit = 1 << led
            for p in later:
                if not voids[p] & bit:
                    return True
        if trump < 0 or led == trump or not mt.trump_mask & out:
            return False
    elif not mt.above[best] & out:
        return False
    maybe_void = (mt.of_suit[led] & out).bit_count() <= len(later)
    led_bit = 1 << led
    trump_bit = 1 << trump
    for p in later:
        if voids[p] & trump_bit:
            continue
        if maybe_void or voids[p] & led_bit:
            return True
    return False


def _lead_mask(hand: int, mt: MaskTables, need: int, later: list, unplayed: int, voids: list) -> int:
    """:func:`_lead` on a mask."""
    t = mt.tables
    suit = t.suit
    above = mt.above
    out = unplayed & ~hand
    if need > 0:
        trumps = hand & mt.trump_mask
        sure = 0
        m = trumps
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if not above[c] & out:
                sure |= 1 << c
        if sure and need <= sure.bit_count() < hand.bit_count():
            return _lead_mask(hand & ~sure, mt, 0, later, unplayed, voids)
        if need >= hand.bit_count():
            if trumps:
                return max(_cards(trumps), key=t.by_order)
            return max(_cards(hand), key=t.by_power)
        listed = _cards(hand)
        safe_side = [c for c in listed if not above[c] & out and suit[c] != t.trump
                     and not _threat_mask(c, suit[c], mt, later, out, voids)]
        if safe_side:
            # Cash side winners before the others run out of the suit.
            of_suit = mt.of_suit
            return max(safe_side, key=lambda c: (of_suit[suit[c]] & out).bit_count())
        if need == 1:
            return max(listed, key=t.by_side_power)
        side = hand & ~mt.trump_mask
        if not side:
            return min(listed, key=t.by_order)
        lengths = [(hand & s).bit_count() for s in mt.of_suit]
        if trumps:
            singles = [c for c in _cards(side) if lengths[suit[c]] == 1]
            if singles:
                return min(singles, key=t.by_power)
        power = t.power
        return min(_cards(side), key=lambda c: (-lengths[suit[c]], power[c]))
    # Duck: lead the highest card that still has plenty of higher cards out.
    best = -1
    best_key = None
    trump = t.trump
    power = t.power
    m = hand
    while m:
        c = m.bit_length() - 1
        m ^= 1 << c
        key = (min((above[c] & out).bit_count(), 2), suit[c] == trump, power[c])
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best
