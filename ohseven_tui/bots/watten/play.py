"""Watten trick play as plain functions on card codes, shared by the normal bot
(against the cards it has not seen) and the strong bot's playouts (against the
cards of a sampled deal): do not overtake a partner's sure trick, win cheaply,
lead a sure trump (a critical first) while the side needs tricks, else throw the
least useful card.

``keys[led][c]`` is the trump context's worth of card ``c`` in a trick led in
suit ``led`` (-1: it cannot win); strictly higher wins, so of equals the first.
"""

from __future__ import annotations

from typing import Iterable, Sequence

__all__ = ["cheapest", "sure_lead", "choose_card", "sure_count", "worth"]


def worth(c: int, strength: Sequence[int], trump: int, suit: Sequence[int]) -> int:
    """How much a card is worth keeping: trumps by strength, plain cards by rank."""
    return strength[c] if suit[c] == trump else (c >> 2)


def cheapest(cards: Iterable[int], strength: Sequence[int], trump: int, suit: Sequence[int]) -> int:
    return min(cards, key=lambda c: (worth(c, strength, trump, suit), c))


def sure_lead(c: int, keys: Sequence[Sequence[int]], suit: Sequence[int], danger: Iterable[int]) -> bool:
    """Led now, ``c`` beats every card in ``danger`` (equals lose to the first played)."""
    row = keys[suit[c]]
    mine = row[c]
    return all(row[o] <= mine for o in danger)


def sure_count(hand: Sequence[int], strength: Sequence[int], trump: int, suit: Sequence[int],
               danger: Iterable[int]) -> int:
    """Trumps in ``hand`` stronger than every trump in ``danger``: tricks they take whenever led."""
    top = max((strength[o] for o in danger if suit[o] == trump), default=-1)
    return sum(1 for c in hand if suit[c] == trump and strength[c] > top)


def choose_card(seat: int, playable: Sequence[int], trick: Sequence[int], leader: int,
                keys: Sequence[Sequence[int]], strength: Sequence[int], suit: Sequence[int], trump: int,
                danger: Sequence[int]) -> tuple[int, str]:
    """The card to play and why. ``danger``: the cards the opponents still to play
    might hold (all unseen cards for the normal bot)."""
    if len(playable) == 1:
        return playable[0], "only"
    if not trick:
        sure = [c for c in playable if suit[c] == trump and sure_lead(c, keys, suit, danger)]
        if sure:
            return cheapest(sure, strength, trump, suit), "lead-sure"
        plain = [c for c in playable if suit[c] != trump]
        if plain:
            return cheapest(plain, strength, trump, suit), "lead-low"
        return cheapest(playable, strength, trump, suit), "lead-trump-low"
    row = keys[suit[trick[0]]]
    ks = [row[c] for c in trick]
    best = max(ks)
    win_pos = ks.index(best)
    win_seat = (leader + win_pos) % 4
    to_come = 3 - len(trick)  # seats after this one
    partner_winning = win_seat == (seat + 2) % 4
    if partner_winning:
        # The seats after me: an opponent still to play unless I am last.
        if to_come == 0 or all(row[o] <= best for o in danger):
            return cheapest(playable, strength, trump, suit), "partner-sure"
    winners = [c for c in playable if row[c] > best]
    if not winners:
        return cheapest(playable, strength, trump, suit), "cannot-win"
    if partner_winning:
        # Partner's card may be beaten: take over only with a card nobody can beat.
        safe = [c for c in winners if all(row[o] <= row[c] for o in danger)]
        if safe:
            return cheapest(safe, strength, trump, suit), "overtake-sure"
        return cheapest(playable, strength, trump, suit), "partner-hope"
    if to_come == 0:
        return cheapest(winners, strength, trump, suit), "win-last"
    safe = [c for c in winners if all(row[o] <= row[c] for o in danger)]
    if safe:
        return cheapest(safe, strength, trump, suit), "win-sure"
    return cheapest(winners, strength, trump, suit), "win-try"
