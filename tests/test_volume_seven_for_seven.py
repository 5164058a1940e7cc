"""Seven for Seven in volume: seeded random games with every invariant checked
after every action. ``OHSEVEN_VOLUME_GAMES=10000`` runs the issue's full 10,000;
by default a few dozen (CI time).

- every card is in exactly one place (a hand, the kitty, the discards, the trick
  in play, a finished trick);
- the markers sum to 28 at the end of every hand (V20);
- every score follows V22, recomputed here from the tricks' winners;
- the record replays to the identical game.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

from ohseven_tui.engine import record, registry
from ohseven_tui.engine.actions import DEAL
from ohseven_tui.games.sevenforseven import AuctionPass, FactorBid, Phase, pack_for

NAME = "seven-for-seven"
GAMES = int(os.environ.get("OHSEVEN_VOLUME_GAMES", "40"))


def _policy(game, rng):
    seat = game.turn
    if game.phase is Phase.AUCTION:
        r = rng.random()
        if r < 0.75:
            return AuctionPass(seat)
        if r < 0.85 and game.standing is not None and game.factors[seat] < 6:
            return FactorBid(seat)
        low = game.standing.points + 1 if game.standing is not None else 1
        bids = game.basic_bids_from(seat, low)[:104]
        return rng.choice(bids) if bids else AuctionPass(seat)
    return rng.choice(game.legal_actions(seat))


def _places(game) -> Counter:
    held = Counter()
    for h in game.hands:
        held.update(h)
    held.update(game.kitty)
    held.update(game.discarded)
    held.update(game._trick)
    for t in game.logs[-1].tricks:  # a hand's finished tricks, until the next deal
        held.update(t.cards)
    return held


def _check_hand_scores(log) -> None:
    """V20-V22 by hand: markers from the tricks, sides from the captain."""
    c = log.captain
    trio = {c, (c + 2) % 7, (c - 2) % 7}
    taken = [0] * 7
    for k, t in enumerate(log.tricks, start=1):
        taken[t.winner] += k
    assert sum(taken) == 28 and list(log.markers) == taken
    trio_pts = sum(taken[s] for s in trio)
    made = trio_pts >= log.contract.points
    for s in range(7):
        side = trio_pts if s in trio else 28 - trio_pts
        sign = 1 if (s in trio) == made else -1
        assert log.points[s] == side + sign * log.contract.points * log.factors[s]


def test_seeded_random_games_keep_every_invariant():
    breaches = 0
    for g in range(GAMES):
        options = {"joker": g % 3 != 2, "bowers": "pictures" if g % 4 == 3 else "any"}
        game = registry.new_game(NAME, options, seed=g)
        rng = random.Random(g)
        pack = Counter(pack_for(options["joker"]))
        totals = [0] * 7
        while not game.is_over:
            if game.phase in (Phase.DEAL, Phase.HAND_OVER):
                game.apply(DEAL)
            else:
                game.apply(_policy(game, rng))
            if _places(game) != pack:
                breaches += 1
        for log in game.logs:
            _check_hand_scores(log)
            for s in range(7):
                totals[s] += log.points[s]
        assert list(game.totals) == totals
        assert len(game.results()) == 7
        data = json.loads(record.dumps(game))
        again = record.from_record(data)
        assert json.dumps(record.to_record(again), sort_keys=True) == json.dumps(data, sort_keys=True)
    assert breaches == 0
