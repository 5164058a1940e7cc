"""Random hands of the Oh Hell family on the fast path (``engine.fast``): deal,
bid, play and score one hand with bitmask hands and no checks, for the bots'
inner loop and the benchmarks. The rules are the state's: the trick tables come
from the trump context (``engine.tricks``), a round of card bids is read by
``log.card_bid_outcome``, points by ``log.round_points``; a test plays thousands
of hands through both this and the checked :class:`~.state.Game` with the same
random numbers and requires the same tricks and points.

A single-deck hand is one bitmask, and passes (R6, R7) are drawn as the state
lists them (every set of the hand's cards, in order); a two-deck one (Oh-Seven at five
or more, R3) two: the cards held, and those held twice (:class:`FastHandsTwoDecks`,
``fast_hands`` picks the class). Every random choice takes the k-th of the legal
choices in the order the state lists them (distinct cards highest first, numbers
lowest first), k = int(random() * count).
"""

from __future__ import annotations

from math import comb
from typing import Any, Callable, Optional, Sequence

from ...engine.fast import cards_of, fast_tricks, pick, play_random, trick_winners_two_decks
from ...engine.kit import shuffle
from ...engine.tricks import plain_trump
from .log import STANDS, SUM_IS_HAND, card_bid_outcome, round_points
from .rules import BidStyle, Rules, TrumpStyle
from .state import _pack_for

__all__ = ["FastHands", "FastHandsTwoDecks", "fast_hands", "Deal"]

Random = Callable[[], float]
Deal = Callable[[int, Random], tuple[list[int], Optional[int]]]  # (size, random) -> (hands, turned)


class FastHands:
    """One preset's hands on the fast path. ``hand(dealer, size, random)`` plays a
    hand with random bids and cards; ``FastHands(rules)(round_index, random)``
    plays the round's hand with the dealer moving one seat a round."""

    decks = 1

    def __init__(self, rules: Rules) -> None:
        if rules.decks != self.decks:
            raise ValueError(f"this fast path plays {self.decks}-deck packs (fast_hands picks the class)")
        if rules.passing and self.decks != 1:
            raise ValueError("the two-deck fast path plays no card passing")
        self.rules = rules
        self.n = rules.players
        self.bits = [1 << int(c) for c in _pack_for(rules)]
        self.card_bids = rules.bid_style is BidStyle.CARD
        self.bids_in_turn = rules.bid_style is BidStyle.NUMBER_IN_TURN
        self.turned_trump = rules.trump_style is TrumpStyle.TURNED_CARD
        self.hook = rules.hook
        self.scoring = rules.scoring
        self.sizes = rules.hand_sizes
        # R9, R14, R15, H3: the plain trump contexts' tables, by trump suit (None: -1 -> last)
        self.tables = tuple(fast_tricks(plain_trump(t)) for t in (0, 1, 2, 3, None))

    def deal(self, size: int, random: Random) -> tuple[list[int], Optional[int]]:
        """The state's deal (its shuffle, seat i the i-th ``size`` cards, then the
        turned card if the preset turns one): masks per seat, the turned code."""
        bits = list(self.bits)
        n = self.n
        shuffle(bits, random, n * size + 1)
        hands = [sum(bits[i * size:(i + 1) * size]) for i in range(n)]
        turned = None
        if self.turned_trump and n * size < len(bits):
            turned = bits[n * size].bit_length() - 1
        return hands, turned

    def __call__(self, round_index: int, random: Random) -> list[int]:
        sizes = self.sizes
        index = round_index % len(sizes)
        return self.hand(round_index % self.n, sizes[index], random,
                         passes=self.rules.passes_in_round(index))[1]

    def passed(self, hands: list[int], passes: tuple[int, int], random: Random) -> list[int]:
        """R6, R7: every seat passes ``count`` random cards (the k-th set of its hand's
        cards, in the state's order), all at once, to the seat ``direction`` away."""
        count, direction = passes
        if not count:
            return hands
        n = self.n
        given = []
        for s in range(n):
            cards = cards_of(hands[s])
            size = len(cards)
            k = int(random() * comb(size, count))
            chosen = 0
            at = 0
            for left in range(count, 0, -1):  # the k-th combination, in order
                while True:
                    here = comb(size - at - 1, left - 1)
                    if k < here:
                        break
                    k -= here
                    at += 1
                chosen |= 1 << cards[at]
                at += 1
            given.append(chosen)
        out = [hands[s] ^ given[s] for s in range(n)]
        for s in range(n):
            out[(s + direction) % n] |= given[s]
        return out

    def unbid(self, hand: Any) -> list[int]:
        """A hand as [cards not yet bid with, of those the ones held twice]."""
        return [hand, 0]

    def card_bids_round(self, hands: list, size: int, random: Random,
                        redeal: Callable[[], list]) -> tuple[list, list[int], tuple[int, ...], list[int]]:
        """R8-R13: card bids, bid again while they fail, dealt again (``redeal``)
        after ``size`` failed rounds; (the hands, the bids that stand, the top
        bidders, each seat's R11 points)."""
        n = self.n
        bonus = [0] * n
        left = [self.unbid(h) for h in hands]  # R12: the copies not yet bid with
        attempts = 0
        while True:
            bids = []
            for s in range(n):
                ones, twos = left[s]
                c = pick(ones, int(random() * ones.bit_count()))
                bit = 1 << c
                if twos & bit:
                    left[s][1] = twos ^ bit
                else:
                    left[s][0] = ones ^ bit
                bids.append(c)
            attempts += 1
            outcome, holders = card_bid_outcome(tuple(bids), size)
            if outcome is STANDS:
                return hands, bids, holders, bonus
            if outcome is SUM_IS_HAND:
                for s in holders:
                    bonus[s] += 1
            if attempts >= size:  # R13: a redeal
                hands = redeal()
                left = [self.unbid(h) for h in hands]
                attempts = 0

    def hand(self, dealer: int, size: int, random: Random,
             deal: Optional[Deal] = None, passes: tuple[int, int] = (0, 0)) -> tuple[list[int], list[int]]:
        """One hand from the deal to the score: (tricks taken, points) per seat.
        ``deal`` replaces :meth:`deal` (a test records the deals it makes);
        ``passes``: the round's (cards, direction) to pass after each deal (R6)."""
        deal = deal or self.deal
        n = self.n
        hands, turned = deal(size, random)
        hands = self.passed(hands, passes, random)
        bonus = [0] * n
        if self.card_bids:
            hands, bids, holders, bonus = self.card_bids_round(
                hands, size, random, lambda: self.passed(deal(size, random)[0], passes, random))
            leader = holders[0]
            numbers: Sequence[int] = [c >> 2 for c in bids]
            trump: Optional[int] = bids[leader] & 3
        else:
            leader = (dealer + 1) % n
            top = size + 1
            numbers = [0] * n
            if self.bids_in_turn:
                for i in range(n):
                    s = (leader + i) % n
                    forbidden = size - sum(numbers) if s == dealer and self.hook else -1  # H4: the hook
                    if 0 <= forbidden <= size:
                        k = int(random() * size)
                        numbers[s] = k + 1 if k >= forbidden else k
                    else:
                        numbers[s] = int(random() * top)
            else:
                numbers = [int(random() * top) for _ in range(n)]
            trump = turned & 3 if turned is not None else None
        t = self.tables[trump if trump is not None else 4]
        taken = play_random(hands, leader, t, random, [0] * n)
        scoring = self.scoring
        return taken, [bonus[s] + round_points(scoring, numbers[s], taken[s]) for s in range(n)]


Pairs = list[tuple[int, int]]  # per seat: (cards held, cards held twice)


class FastHandsTwoDecks(FastHands):
    """Oh-Seven with two decks (R3): each hand is the cards held and the cards held
    twice. Card bids only (R8): the presets with two decks bid with a card."""

    decks = 2

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        if not self.card_bids:
            raise ValueError("the two-deck fast path bids with cards (R8)")

    def unbid(self, hand: Any) -> list[int]:
        return list(hand)

    def deal(self, size: int, random: Random) -> tuple[Pairs, None]:  # type: ignore[override]
        """The state's deal, each seat's cards as (held, held twice)."""
        bits = list(self.bits)
        n = self.n
        shuffle(bits, random, n * size + 1)
        hands = []
        for i in range(n):
            ones = twos = 0
            for b in bits[i * size:(i + 1) * size]:
                if ones & b:
                    twos |= b
                else:
                    ones |= b
            hands.append((ones, twos))
        return hands, None

    def hand(self, dealer: int, size: int, random: Random,  # type: ignore[override]
             deal: Optional[Callable[[int, Random], tuple[Pairs, None]]] = None,
             passes: tuple[int, int] = (0, 0)) -> tuple[list[int], list[int]]:
        deal = deal or self.deal
        n = self.n
        hands, bids, holders, bonus = self.card_bids_round(deal(size, random)[0], size, random,
                                                           lambda: deal(size, random)[0])
        leader = holders[0]
        t = self.tables[bids[leader] & 3]
        taken = [0] * n
        for win in trick_winners_two_decks([h[0] for h in hands], [h[1] for h in hands], leader, t, random):
            taken[win] += 1
        scoring = self.scoring
        return taken, [bonus[s] + round_points(scoring, bids[s] >> 2, taken[s]) for s in range(n)]


def fast_hands(rules: Rules) -> FastHands:
    """The fast path for ``rules``: one deck or two."""
    return FastHandsTwoDecks(rules) if rules.decks == 2 else FastHands(rules)
