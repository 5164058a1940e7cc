"""Invariants over many random games, 2..9 players, passing on and off (issue 2, section 7).

Every card is accounted for, every play is legal, every trick goes to the R15 winner,
round points follow R16/R17 and totals are the sum of the rounds. The rules are
recomputed here by hand; the engine's internals (game.rounds, game.hands) are read
as the truth to check. Full checks run after every action for some games, and at
every trick's end for the bulk.
"""

import random
from collections import Counter

from helpers import check_record_json, new_game, play_random, random_action
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ohseven_tui.engine import record
from ohseven_tui.games.ohhell import Bid, Pass, Phase, Play

GAMES_FULL = 120  # every action fully checked
GAMES_BULK = 960  # checked at each trick's end, each round's end, and from the record


def winner_by_hand(leader, trick, trump, players):
    """R15: highest trump played, else highest of the suit led; first identical wins."""
    trumps = [i for i, c in enumerate(trick) if c.suit == trump]
    led = trick[0].suit
    contenders = trumps or [i for i, c in enumerate(trick) if c.suit == led]
    best = max(trick[i].rank for i in contenders)
    return (leader + min(i for i in contenders if trick[i].rank == best)) % players


def r16(bid, taken):
    return bid + 2 if bid == taken else -abs(bid - taken)


def check_cards(game):
    """hands + played this round + unused pack == the whole pack, as multisets."""
    log = game.round
    pack = Counter(game._pack)
    if log is None:
        assert all(not h for h in game.hands)
        return
    dealt = Counter(c for h in log.deals[-1].hands for c in h)
    assert sum(dealt.values()) == game.players * 7
    unused = pack - dealt
    assert sum(unused.values()) == len(game._pack) - game.players * 7  # dealt is inside the pack
    played = Counter(c for t in log.tricks for c in t.cards) + Counter(c for _, c in game.trick)
    held = Counter(c for h in game.hands for c in h)
    assert held + played + unused == pack


def check_legal_set(game, seat):
    """The engine's legal actions are exactly what the rules allow, worked out here."""
    hand = game.hands[seat]
    legal = game.legal_actions(seat)
    if game.phase is Phase.PLAY:
        if seat != game.current_seat:
            assert legal == []
            return
        trick = game.trick
        follow = [c for c in hand if trick and c.suit == trick[0][1].suit]
        allowed = set(follow or hand)
        assert {a.card for a in legal} == allowed and all(type(a) is Play for a in legal)
    elif game.phase is Phase.BID:
        if game.has_acted(seat):
            assert legal == []
            return
        used = Counter()
        for attempt in game.round.deals[-1].attempts:
            used[attempt.bids[seat]] += 1
        unbid = Counter(hand) - used  # R12
        assert {a.card for a in legal} == set(unbid) and all(type(a) is Bid for a in legal)
    elif game.phase is Phase.PASS:
        if game.has_acted(seat):
            assert legal == []
            return
        count = game.round.pass_count
        assert all(type(a) is Pass and len(a.cards) == count for a in legal)
        assert not any(Counter(a.cards) - Counter(hand) for a in legal)
        assert len(set(legal)) == len(legal) > 0


def check_round_end(game, log):
    assert len(log.tricks) == 7 and sum(log.taken) == 7
    assert log.points == tuple(r16(b, t) for b, t in zip(log.bids, log.taken))  # R16
    bonus = [0] * game.players
    for deal in log.deals:
        for attempt in deal.attempts:
            bonus = [b + x for b, x in zip(bonus, attempt.bonus)]
    assert list(log.bonus) == bonus
    assert log.round_points == tuple(b + p for b, p in zip(bonus, log.points))  # R17


def check_totals(game):
    """Totals = the finished rounds' points + the rebid points of the round under way."""
    n = game.players
    expected = [sum(r.round_points[s] for r in game.results()) for s in range(n)]
    log = game.round
    if log is not None and not log.finished:
        expected = [e + b for e, b in zip(expected, log.bonus)]
    assert game.totals == expected


class Checker:
    """Watches one game action by action."""

    def __init__(self, game, full):
        self.game = game
        self.full = full
        self.tricks_seen = 0
        self.round_seen = 0

    def before(self, action):
        game = self.game
        if type(action) is Play:
            assert action in game.legal_actions(action.seat)
            assert action.card in game.hands[action.seat]
            trick = game.trick
            if trick and action.card.suit != trick[0][1].suit:
                assert all(c.suit != trick[0][1].suit for c in game.hands[action.seat])  # R14

    def after(self, game, action):
        log = game.round
        if log is None:
            return
        if log.number != self.round_seen:
            self.round_seen, self.tricks_seen = log.number, 0
        if len(log.tricks) != self.tricks_seen:
            assert len(log.tricks) == self.tricks_seen + 1
            t = log.tricks[-1]
            assert t.winner == winner_by_hand(t.leader, t.cards, log.trump, game.players)
            self.tricks_seen += 1
            if self.tricks_seen == 7:
                check_round_end(game, log)
            check_cards(game)
            check_totals(game)
        if self.full:
            check_cards(game)
            check_totals(game)
            for seat in range(game.players):
                check_legal_set(game, seat)
            assert game.phase is not Phase.PLAY or game.to_act() == (game.current_seat,)


def run_game(players, passing, seed, full):
    game = new_game(players, passing=passing, seed=seed)
    checker = Checker(game, full)
    rng = random.Random(seed * 7919 + players)
    while not game.is_over:
        action = random_action(game, rng)
        checker.before(action)
        game.apply(action)
        checker.after(game, action)
    assert len(game.results()) == 7 and game.round_number == 7
    check_totals(game)
    best = max(game.totals)
    assert game.winners == tuple(s for s in range(players) if game.totals[s] == best)  # R4
    return game


def configs(count, start):
    for i in range(count):
        yield 2 + i % 8, bool((i // 8) % 2), start + i


def test_invariants_checked_after_every_action():
    for players, passing, seed in configs(GAMES_FULL, 1000):
        game = run_game(players, passing, seed, full=True)
        check_record_json(record.to_record(game))


def test_invariants_checked_at_every_trick_over_many_games():
    assert GAMES_FULL + GAMES_BULK >= 1000  # issue 2: at least 1,000 complete random games
    outcomes = Counter()
    for players, passing, seed in configs(GAMES_BULK, 50_000):
        game = run_game(players, passing, seed, full=False)
        data = record.to_record(game)
        outcomes["games"] += game.is_over
        check_record_json(data)  # follow suit, winners, points, totals: from the JSON alone
        for rnd in data["rounds"]:
            outcomes["redeal"] += len(rnd["deals"]) > 1
            for deal in rnd["deals"]:
                outcomes.update(a["outcome"] for a in deal["bid_attempts"])
    assert outcomes["games"] == GAMES_BULK
    # The random games did reach the rebid rules.
    assert outcomes["sum-7"] > 0 and outcomes["identical-top"] > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 9), passing=st.booleans(), seed=st.integers(0, 2**32))
def test_invariants_hypothesis(players, passing, seed):
    run_game(players, passing, seed, full=False)


def test_a_clone_plays_on_exactly_like_the_original():
    for players, passing in [(3, True), (6, True), (4, False)]:
        game = new_game(players, passing=passing, seed=players)
        rng = random.Random(players)
        while game.round_number < 3:
            seats = game.to_act()
            game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(seats[0])))
        twin = game.clone()
        play_random(game, random.Random(1))
        play_random(twin, random.Random(1))
        assert record.to_record(twin) == record.to_record(game)
