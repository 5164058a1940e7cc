"""Seeded random Watten games with the rules' invariants checked after every action.
A few games by default; ``OHSEVEN_VOLUME_GAMES=10000`` runs the full volume.

Invariants: every trick's winner is W5/W8 read from the rules text; a hand ends
exactly when a side reaches three tricks (W9) or a raise is answered by going
(W10), and then scores its stake to that side only; W7 is kept; raises alternate
between the sides; points are awarded only while both sides are below the target
(W11), after which nothing can be done; the 32 cards are all accounted for."""

from __future__ import annotations

import os
import random

from watten_helpers import is_trump, reference_winner

from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import Deal, Play
from ohseven_tui.games.watten import Go, Hold, Phase, Raise

GAMES = int(os.environ.get("OHSEVEN_VOLUME_GAMES", "400"))
TARGETS = (11, 13, 15, 18)


def _choose(rng: random.Random, legal: list):
    raises = [a for a in legal if type(a) is Raise]
    if raises and rng.random() < 0.12:
        return raises[0]
    plain = [a for a in legal if type(a) is not Raise] or legal
    return rng.choice(plain)


def _play_one(seed: int, breaches: list) -> None:
    rng = random.Random(seed)
    target = TARGETS[seed % 4]
    g = registry.new_game("watten", {"target": target}, seed=seed)

    def breach(what: str) -> None:
        breaches.append(f"seed {seed}: {what}")

    steps = 0
    while not g.is_over:
        steps += 1
        if steps > 10_000:
            breach("the game does not end")
            return
        seats = g.to_act()
        legal = g.legal_actions(seats[0] if seats else None)
        if not legal:
            breach(f"nobody can act in {g.phase}")
            return
        action = _choose(rng, legal)
        log = g.hand
        before_points = list(g.side_points)
        before_tricks = len(log.tricks) if log else 0
        trick_before = list(g._trick)
        holder_had_trump = False
        if type(action) is Play and log is not None and log.striker is not None:
            holder_had_trump = any(is_trump(c, log.striker, log.trump) for c in g.hands[action.seat])
        open_raise = g.open_raise
        g.apply(action)
        log = g.hand
        kind = type(action)
        if kind is Play:
            if not log.tricks and trick_before and log.striker is not None:
                chief = log.striker * 4 + log.trump
                if trick_before[0] == chief and chief not in (54, 29, 28) and holder_had_trump \
                        and not is_trump(action.card, log.striker, log.trump):
                    breach("W7 broken: a trump holder did not trump a led chief striker")
            if len(log.tricks) > before_tricks:
                t = log.tricks[-1]
                expect = (t.leader + reference_winner(list(t.cards), log.striker, log.trump)) % 4
                if t.winner != expect:
                    breach(f"trick {t} won by {t.winner}, the rules say {expect}")
                three = max(log.side_tricks) >= 3
                if three != log.finished:
                    breach("a hand did not end exactly at three tricks")
                if max(log.side_tricks) > 3 or sum(log.side_tricks) > 5:
                    breach(f"impossible trick counts {log.side_tricks}")
                if log.finished and log.ended != "three tricks":
                    breach("a three-trick hand logged another ending")
            elif log.finished:
                breach("a hand ended in the middle of a trick without a go")
        if kind is Go:
            if not log.finished or log.ended != "went" or log.winner != open_raise.seat % 2 \
                    or log.points != open_raise.stake - 1:
                breach("a go did not end the hand at the stake before the raise for the raisers")
        if kind is Hold and log.stake != open_raise.stake:
            breach("a hold did not raise the stake")
        gained = [g.side_points[s] - before_points[s] for s in (0, 1)]
        if any(gained):
            if not log.finished or gained[1 - log.winner] or gained[log.winner] != log.points:
                breach(f"points {gained} awarded outside a finished hand's stake")
            if max(before_points) >= target:
                breach("points awarded after the target was reached")
            holds = sum(r.answer == "hold" for r in log.raises)
            if log.points != 2 + holds:
                breach(f"a hand of {holds} held raises scored {log.points}")
        if kind is Raise and log.raises and log.raises[-1].seat % 2 == action.seat % 2:
            breach("a side raised twice in a row")
        if log is not None:
            seen = [c for h in g.hands for c in h] + list(log.rest) + [c for t in log.tricks for c in t.cards]
            seen += [c for _, c in (log.unfinished or g.trick)]
            if len(seen) != 32 or len(set(seen)) != 32:
                breach("cards lost or doubled")
        if kind is Deal and log.dealer != (g.first_dealer + len(g.hand_logs) - 1) % 4:
            breach("the deal did not move left")
    totals = [0, 0]
    for r in g.results():
        totals[r.winner] += r.stake
    if totals != g.side_points or max(totals) < target or min(totals) >= target:
        breach(f"final totals {g.side_points} against results {totals}, target {target}")
    finished = [r for r in g.results()]
    for r in finished[:-1]:
        if max(r.totals) >= target:
            breach("a hand was dealt after the target was reached")
    if g.legal_actions() or g.to_act() or g.phase is not Phase.OVER:
        breach("a finished game still offers actions")
    winners = g.winners
    side = winners[0] % 2
    if winners != (side, side + 2) or g.side_points[side] < target:
        breach(f"wrong winners {winners}")


def test_w9_w10_w11_volume_of_seeded_random_games_without_a_breach():
    breaches: list = []
    for seed in range(GAMES):
        _play_one(seed, breaches)
    assert breaches == [], breaches[:10]
