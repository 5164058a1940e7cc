"""The bots' trick play reads the hand's trump context (issue 11, the shared trick
core): follow suit and the trick winner are the engine's, so the same heuristics
and playout hold under bowers (V7), where a card's effective suit is not its
printed one."""

from __future__ import annotations

import random

from ohseven_tui.bots.play import choose_play
from ohseven_tui.bots.search import playout
from ohseven_tui.bots.tables import tables_for
from ohseven_tui.engine.cards import JOKER, parse_card
from ohseven_tui.engine.tricks import bowers, plain_trump

SPADES = 3
PACK = tuple(sorted({r * 4 + s for r in range(7, 15) for s in range(4)} | {JOKER}))


def codes(text: str) -> list:
    return [int(parse_card(t)) for t in text.split()]


def test_the_left_bower_follows_a_trump_lead():
    # Spades trump, jacks are the bowers: the jack of clubs is a spade (V7), and
    # the only card of this hand that follows a spade lead.
    t = tables_for(bowers(SPADES, 11), PACK)
    hand = codes("JC AH 7D")
    unplayed = [1] * (JOKER + 1)
    card, why = choose_play(1, hand, codes("10S"), t, 1, 4, unplayed, [0] * 4)
    assert (card, why) == (int(parse_card("JC")), "only")
    # Under a plain spade trump the same jack is a club: any card may go.
    plain = tables_for(plain_trump(SPADES), PACK)
    card, why = choose_play(1, hand, codes("10S"), plain, 1, 4, unplayed, [0] * 4)
    assert why != "only"


def test_needing_a_trick_it_wins_with_a_bower_over_the_ace_of_trumps():
    # AS leads, the right bower (JS) beats it: needing the trick, play it; with
    # nothing needed, keep it and follow with the lower spade.
    t = tables_for(bowers(SPADES, 11), PACK)
    hand = codes("JS 8S")
    unplayed = [1] * (JOKER + 1)
    assert choose_play(3, hand, codes("AS 9H 9D"), t, 1, 4, unplayed, [0] * 4)[0] == int(parse_card("JS"))
    assert choose_play(3, hand, codes("AS 9H 9D"), t, 0, 4, unplayed, [0] * 4)[0] == int(parse_card("8S"))


def test_a_playout_under_bowers_plays_legal_cards_and_deals_every_trick():
    ctx = bowers(SPADES, 11)
    t = tables_for(ctx, PACK)
    rng = random.Random(3)
    for _ in range(20):
        deck = list(PACK)
        rng.shuffle(deck)
        hands = [sorted(deck[i * 6:(i + 1) * 6], reverse=True) for i in range(4)]
        seen = []

        def policy(seat, hand, cards, tables, need, n, unplayed, voids, seen=seen):
            card, why = choose_play(seat, hand, cards, tables, need, n, unplayed, voids)
            assert card in ctx.playable(hand, cards)
            seen.append(card)
            return card, why

        unplayed = [0] * (JOKER + 1)
        for c in PACK:
            unplayed[c] = 1
        taken = playout([list(h) for h in hands], [], 0, t, [2, 1, 2, 1], [0] * 4, unplayed, [0] * 4, 4, policy)
        assert sum(taken) == 6 and sorted(seen) == sorted(c for h in hands for c in h)


def test_the_trick_is_judged_by_strength_not_by_the_printed_card():
    # The left bower (JC) leads and the ace of hearts follows: the bower wins, so
    # the king and queen of spades cannot take this trick, though both outrank AH.
    t = tables_for(bowers(SPADES, 11), PACK)
    unplayed = [1] * (JOKER + 1)
    card, why = choose_play(2, codes("KS QS"), codes("JC AH"), t, 1, 4, unplayed, [0] * 4)
    assert why == "cannot-win" and card == int(parse_card("QS"))
