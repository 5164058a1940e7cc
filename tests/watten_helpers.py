"""Helpers for the Watten tests: stacked games and an independent reading of W5/W8."""

from __future__ import annotations

import json

from ohseven_tui.engine import record, registry
from ohseven_tui.engine.cards import parse_card

NAME = "watten"
SEED_DEALER_3 = 0  # random.Random(0).randrange(4) == 3: seat 3 deals first, seat 0 is eldest
CRITS = ("KH", "7D", "7C")


def cards(text: str) -> tuple:
    return tuple(parse_card(t) for t in text.split())


def stacked(*hands: str) -> tuple:
    return (tuple(cards(h) for h in hands), ())


def game(*deals: tuple, seed: int = SEED_DEALER_3, **options):
    return registry.new_game(NAME, options, seed=seed, stacked_deals=deals)


def act(g, *texts: str) -> None:
    spec = g.spec
    for text in texts:
        g.apply(spec.parse_action(text))


def fingerprint(g) -> str:
    return json.dumps(record.to_record(g), sort_keys=True, default=str)


def reference_strength(card: int, striker: int, trump: int) -> int:
    """W5 read straight from the rules text (independent of engine.tricks)."""
    crits = [int(parse_card(t)) for t in CRITS]
    rank, suit = card >> 2, card & 3
    if card in crits:
        return 300 - crits.index(card)
    if rank == striker and suit == trump:
        return 200
    if rank == striker:
        return 150  # the other strikers are equal
    if suit == trump:
        return 100 + rank
    return rank


def reference_winner(plays: list, striker: int, trump: int) -> int:
    """W8: the highest trump (the first of equals), else the highest of the suit led."""
    strengths = [reference_strength(c, striker, trump) for c in plays]
    trumps = [i for i, s in enumerate(strengths) if s >= 100]
    if trumps:
        best = max(strengths[i] for i in trumps)
        return next(i for i in trumps if strengths[i] == best)
    led = plays[0] & 3
    same = [i for i, c in enumerate(plays) if c & 3 == led]
    return max(same, key=lambda i: (plays[i] >> 2, -i))


def is_trump(card: int, striker: int, trump: int) -> bool:
    return reference_strength(card, striker, trump) >= 100
