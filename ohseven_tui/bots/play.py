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
    return _may_ruff(later, voids, led, trump, suit_out(led, hand, unplayed, t.of_suit) <= len(later))


def _may_ruff(later: list, voids: list, led: int, trump: int, maybe_void: bool) -> bool:
    """May a later seat trump in? Not one known void in trumps; one known void in the
    led suit may, and any may when so few led cards are out that it could be void."""
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
# The same policy for a hand held as a bitmask (single-deck packs with a plain
# trump suit, the playouts' fast path): ``hand`` and ``unplayed`` are masks of card
# codes, the tables :class:`~.tables.MaskTables`. A plain card's rank is its code
# >> 2, so the heuristics' min and max over a sort key are a few bit operations;
# where two cards rank equal, the higher code is taken: the first of a hand's
# list, highest first, as :func:`choose_play` takes it on the sorted hand (a test
# plays both on every kind of position).


def _hi(m: int) -> int:
    """max by order or power: the highest code."""
    return m.bit_length() - 1


def _lo(m: int) -> int:
    """min by order: the lowest code."""
    return (m & -m).bit_length() - 1


def _low_rank(m: int) -> int:
    """min by power: the lowest rank, of its cards the highest code."""
    r = ((m & -m).bit_length() - 1) >> 2
    return (m & (15 << (r << 2))).bit_length() - 1


def _max_trump_power(m: int, tm: int) -> int:
    """max by (trump?, power)."""
    return (m & tm or m).bit_length() - 1


def _min_trump_power(m: int, tm: int) -> int:
    """min by (trump?, power)."""
    side = m & ~tm
    return _low_rank(side) if side else _lo(m)


def _max_power_trump(m: int, tm: int) -> int:
    """max by (power, trump?): the top rank, its trump if it has one."""
    top = m.bit_length() - 1
    t = m & (15 << ((top >> 2) << 2)) & tm
    return t.bit_length() - 1 if t else top


def _max_side_power(m: int, tm: int) -> int:
    """max by (side?, power)."""
    return (m & ~tm or m).bit_length() - 1


def choose_play_mask(seat: int, hand: int, cards: list, mt: MaskTables, need: int, n: int, unplayed: int,
                     voids: list) -> int:
    """:func:`choose_play`'s card, without the reason."""
    if not cards:
        if not hand & (hand - 1):
            return hand.bit_length() - 1
        return _lead_mask(seat, hand, mt, need, n, unplayed, voids)
    first = cards[0]
    legal = hand & mt.must[first] or hand  # R14: the trick core's follow rule
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    tm = mt.trump_mask
    above = mt.above
    out = unplayed & ~hand
    row = mt.row[first]
    best = max(cards, key=row.__getitem__)  # the first of the highest keys: the card winning so far
    win_m = legal & mt.beat[best]

    if need > 0 and tm:
        sure = 0
        m = hand & tm
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if not above[c] & out:
                sure |= 1 << c
        if sure.bit_count() >= need:
            # Top trumps win whenever played: they alone make the bid, so lose
            # this trick with another card if possible, else spend a top trump.
            spare = legal & ~win_m & ~sure
            if spare:
                return _max_power_trump(spare, tm)
            own = win_m & sure
            if own:
                return _lo(own)
    if need > 0:
        if not win_m:
            high = _max_side_power(legal, tm)
            tops = 0
            m = hand ^ (1 << high)
            while m:
                c = m.bit_length() - 1
                m ^= 1 << c
                if not above[c] & out:
                    tops += 1
            if tops >= need:
                return high
            return _min_trump_power(legal, tm)
        left = n - 1 - len(cards)  # seats still to play to this trick
        if not left:
            return _max_trump_power(win_m, tm) if need == 1 else _min_trump_power(win_m, tm)
        later = [(seat + i) % n for i in range(1, left + 1)]
        led = mt.tables.suit[first]
        safe = 0
        m = win_m
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if not _threat_mask(c, led, mt, later, out, voids):
                safe |= 1 << c
        if safe:
            return _max_trump_power(safe, tm) if need == 1 else _min_trump_power(safe, tm)
        follow = win_m & mt.of_suit[led]
        if follow:
            return _hi(follow)
        if need >= hand.bit_count():
            return _hi(win_m)
        return _lo(win_m)
    lose_m = legal & ~win_m
    if lose_m:
        return _max_trump_power(lose_m, tm)
    if need < 0 or len(cards) == n - 1:
        return _max_power_trump(legal, tm)
    return _low_rank(legal)


def _threat_mask(best: int, led: int, mt: MaskTables, later: list, out: int, voids: list) -> bool:
    """:func:`_threat`, ``out`` the cards outstanding for the seat asking."""
    trump = mt.tables.trump
    if mt.tables.suit[best] == led:
        if mt.above[best] & out:
            bit = 1 << led
            for p in later:
                if not voids[p] & bit:
                    return True
        if trump < 0 or led == trump or not mt.trump_mask & out:
            return False
    elif not mt.above[best] & out:
        return False
    return _may_ruff(later, voids, led, trump, (mt.of_suit[led] & out).bit_count() <= len(later))


def _lead_mask(seat: int, hand: int, mt: MaskTables, need: int, n: int, unplayed: int, voids: list) -> int:
    """:func:`_lead` on a mask."""
    tm = mt.trump_mask
    above = mt.above
    out = unplayed & ~hand
    if need > 0:
        trumps = hand & tm
        sure = 0
        m = trumps
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if not above[c] & out:
                sure |= 1 << c
        if sure and need <= sure.bit_count() < hand.bit_count():
            return _lead_mask(seat, hand & ~sure, mt, 0, n, unplayed, voids)
        if need >= hand.bit_count():
            return _hi(trumps or hand)
        suit = mt.tables.suit
        later = [(seat + i) % n for i in range(1, n)]
        of_suit = mt.of_suit
        cash = -1
        most = -1
        m = hand & ~tm
        while m:
            c = m.bit_length() - 1
            m ^= 1 << c
            if not above[c] & out and not _threat_mask(c, suit[c], mt, later, out, voids):
                k = (of_suit[suit[c]] & out).bit_count()
                if k > most:  # the first of the most
                    cash, most = c, k
        if cash >= 0:
            # Cash side winners before the others run out of the suit.
            return cash
        if need == 1:
            return _max_side_power(hand, tm)
        side = hand & ~tm
        if not side:
            return _lo(hand)
        lengths = [(hand & s).bit_count() for s in of_suit]
        if trumps:
            singles = 0
            for s in range(4):
                if lengths[s] == 1:
                    singles |= side & of_suit[s]
            if singles:
                return _low_rank(singles)
        longest = max(lengths[s] for s in range(4) if side & of_suit[s])
        pick = 0
        for s in range(4):
            if lengths[s] == longest:
                pick |= side & of_suit[s]
        return _low_rank(pick)
    # Duck: lead the highest card that still has plenty of higher cards out.
    best = -1
    best_key = -1
    power = mt.tables.power
    m = hand
    while m:
        c = m.bit_length() - 1
        m ^= 1 << c
        key = min((above[c] & out).bit_count(), 2) * 4096 + (tm >> c & 1) * 64 + power[c]
        if key > best_key:
            best, best_key = c, key
    return best
