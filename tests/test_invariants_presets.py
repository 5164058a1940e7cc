"""Invariants over random games of every preset (issue 6): classic and up-and-down
at 3-7 players, and a few Oh-Seven games for parity.

Every card is accounted for, every play is legal, every trick goes to the R15 winner
(trump is the turned card's suit, or there is none), points follow H6 / U6 (R16/R17
for Oh-Seven), totals are the sum of the rounds, the hook holds in every classic
round (the standing bids never sum to the hand size), and the record round-trips
and passes the independent JSON checker. The rules are worked out here by hand; the
engine's internals (game.round, game.hands) are read as the truth to check.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from helpers import check_record_json, random_action
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ohseven_tui.engine import record
from ohseven_tui.games.ohhell import DEAL, BidNumber, Game, HookBid, Phase, Play, StackedDeal, make_pack, make_rules

SIZES = {"classic": (7, 6, 5, 4, 3, 2, 1), "up-and-down": (7, 6, 5, 4, 3, 2, 2, 3, 4, 5, 6, 7)}  # H2, U2
OH_HELL = ("classic", "up-and-down")


def winner_by_hand(leader, trick, trump, players):
    """R15: the highest trump played, else the highest card of the suit led."""
    trumps = [i for i, c in enumerate(trick) if trump is not None and c.suit == trump]
    contenders = trumps or [i for i, c in enumerate(trick) if c.suit == trick[0].suit]
    best = max(trick[i].rank for i in contenders)
    return (leader + min(i for i in contenders if trick[i].rank == best)) % players


def points_by_hand(preset, bid, taken):
    if preset == "classic":  # H6
        return 10 + taken if bid == taken else 0
    if preset == "up-and-down":  # U6
        return bid if bid == taken else -abs(bid - taken)
    return bid + 2 if bid == taken else -abs(bid - taken)  # R16


def forbidden_by_hand(game):
    """H4: the number the dealer may not bid now (None if none is forbidden)."""
    log = game.round
    if game.rules.preset != "classic" or game.phase is not Phase.BID or game.turn != game.dealer:
        return None
    # The bids so far, read from the history: every BidNumber since this round's deal.
    made = []
    for action in reversed(game.history):
        if action is DEAL:
            break
        if type(action) is BidNumber:
            made.append(action.number)
    k = log.hand_size - sum(made)
    return k if 0 <= k <= log.hand_size else None


def check_cards(game):
    """Hands + cards played this round + the undealt rest == the pack (multisets);
    the turned card is one of the undealt, never in a hand."""
    log = game.round
    pack = Counter(make_pack(game.rules.ranks, game.rules.decks))
    assert sum(pack.values()) == (52 if game.rules.preset in OH_HELL else 32 * game.rules.decks)
    if log is None:
        assert all(not h for h in game.hands)
        return
    deal = log.deals[-1]
    dealt = Counter(c for h in deal.hands for c in h)
    assert sum(dealt.values()) == game.players * log.hand_size
    assert not dealt - pack
    unused = pack - dealt
    if deal.turned is not None:
        assert unused[deal.turned] > 0  # H3: the next card of the pack, not a dealt one
    played = Counter(c for t in log.tricks for c in t.cards) + Counter(c for _, c in game.trick)
    held = Counter(c for h in game.hands for c in h)
    assert held + played + unused == pack


def check_bidding(game):
    """Number bids: who may bid, and the exact numbers allowed (H4 with the hook, U4)."""
    size = game.round.hand_size
    hook = forbidden_by_hand(game)
    for seat in range(game.players):
        legal = game.legal_actions(seat)
        obs = game.observation(seat)
        if game.rules.preset == "classic":
            if seat != game.turn:
                assert legal == [] and obs.hook is None
                continue
            allowed = [k for k in range(size + 1) if k != hook]
            assert obs.hook == hook
        else:
            assert obs.hook is None and obs.bids is None  # U4: nothing shown until all have bid
            if game.has_acted(seat):
                assert legal == []
                continue
            allowed = list(range(size + 1))
        assert [a.number for a in legal] == allowed
        assert all(type(a) is BidNumber and a.seat == seat for a in legal)
    if hook is not None:  # the hook refused by name, and nothing changed
        before = record.to_record(game)
        with pytest.raises(HookBid):
            game.apply(BidNumber(game.dealer, hook))
        assert record.to_record(game) == before


def check_play_legal(game, action):
    assert action in game.legal_actions(action.seat)
    assert action.card in game.hands[action.seat]
    trick = game.trick
    if trick and action.card.suit != trick[0][1].suit:
        assert all(c.suit != trick[0][1].suit for c in game.hands[action.seat])  # R14


def check_totals(game):
    n = game.players
    expected = [sum(r.round_points[s] for r in game.results()) for s in range(n)]
    log = game.round
    if log is not None and not log.finished:
        expected = [e + b for e, b in zip(expected, log.bonus)]  # Oh-Seven's R11 points
    assert game.totals == expected


class Checker:
    def __init__(self, game, full):
        self.game = game
        self.full = full
        self.preset = game.rules.preset
        self.tricks_seen = 0
        self.round_seen = 0
        self.hooked_rounds = 0  # classic rounds whose dealer faced the hook

    def before(self, action):
        game = self.game
        if type(action) is Play:
            check_play_legal(game, action)
        if self.full and game.phase is Phase.BID and self.preset in OH_HELL:
            check_bidding(game)
        if forbidden_by_hand(game) is not None and action.seat == game.dealer:
            self.hooked_rounds += 1

    def after(self, action):
        game = self.game
        log = game.round
        if log is None:
            return
        if log.number != self.round_seen:
            self.round_seen, self.tricks_seen = log.number, 0
            if self.preset in OH_HELL:
                assert log.hand_size == SIZES[self.preset][log.number - 1]
        deal = log.deals[-1]
        if type(action) is BidNumber and game.phase is Phase.PLAY:  # bidding just ended
            bids = log.bids
            assert all(0 <= b <= log.hand_size for b in bids)
            if self.preset == "classic":
                assert sum(bids) != log.hand_size, "H4: the hook"
            expected_trump = deal.turned.suit if deal.turned is not None else None  # H3, U3
            assert log.trump == expected_trump
            assert game.observation(0).trump == expected_trump
            assert game.observation(1).turned == deal.turned
            assert game.turn == log.leader == (game.dealer + 1) % game.players  # H5, U5
        if len(log.tricks) != self.tricks_seen:
            assert len(log.tricks) == self.tricks_seen + 1
            t = log.tricks[-1]
            assert t.winner == winner_by_hand(t.leader, t.cards, log.trump, game.players)
            self.tricks_seen += 1
            if self.tricks_seen == log.hand_size:
                assert sum(log.taken) == log.hand_size
                assert log.points == tuple(points_by_hand(self.preset, b, t) for b, t in zip(log.bids, log.taken))
                assert log.round_points == tuple(b + p for b, p in zip(log.bonus, log.points))
            check_cards(game)
            check_totals(game)
        if self.full:
            check_cards(game)
            check_totals(game)


def no_trump_deals(preset, players, seed, rounds):
    """Stacked deals with no turned card (as when the pack runs out): H3's "no trump"."""
    rng = random.Random(seed)
    deals = []
    for size in SIZES[preset][:rounds]:
        pack = make_pack(range(2, 15))
        rng.shuffle(pack)
        deals.append(StackedDeal(tuple(tuple(pack[i * size:(i + 1) * size]) for i in range(players)), None))
    return deals


def run_game(preset, players, seed, full, stacked=()):
    game = Game(make_rules(preset, players), seed=seed, stacked_deals=stacked)
    checker = Checker(game, full)
    rng = random.Random(seed * 7919 + players)
    midway = midway_at = None
    while not game.is_over:
        action = random_action(game, rng)
        checker.before(action)
        game.apply(action)
        checker.after(action)
        if midway is None and game.round_number == 2 and game.phase is Phase.BID:
            midway, midway_at = round_trip(game), len(game.history)  # a record from mid-game
    rounds = len(SIZES[preset]) if preset in OH_HELL else 7
    assert len(game.results()) == rounds == game.round_number  # H7, U7, R4: all rounds played
    check_totals(game)
    best = max(game.totals)
    assert game.winners == tuple(s for s in range(players) if game.totals[s] == best)
    again = round_trip(game)
    assert again.totals == game.totals and again.winners == game.winners
    # The game rebuilt mid-way takes the rest of the actions to the same end (its RNG
    # came back with it, so the later deals match).
    for action in game.history[midway_at:]:
        midway.apply(action)
    assert record.to_record(midway) == record.to_record(game)
    return game, checker


def round_trip(game):
    data = record.to_record(game)
    assert data["rules"]["preset"] == game.rules.preset
    again = record.from_record(json.loads(json.dumps(data)))
    assert record.to_record(again) == data
    for seat in range(game.players):
        assert again.observation(seat) == game.observation(seat)
    check_record_json(data)
    return again


def configs(count, start):
    for i in range(count):
        yield OH_HELL[i % 2], 3 + (i // 2) % 5, start + i


def test_every_action_checked_classic_and_up_and_down():
    hooked = 0
    for preset, players, seed in configs(60, 100):
        _, checker = run_game(preset, players, seed, full=True)
        hooked += checker.hooked_rounds
    assert hooked > 50  # the dealer really faced the hook, many times


def test_checked_at_every_trick_over_many_games():
    trumps = Counter()
    for preset, players, seed in configs(300, 20_000):
        game, _ = run_game(preset, players, seed, full=False)
        trumps.update(r.trump for r in game.results())
    assert None not in trumps  # 3-7 players never use up the pack: always a turned card
    assert len(trumps) == 4


@pytest.mark.parametrize("preset", OH_HELL)
@pytest.mark.parametrize("players", [3, 7])
def test_no_trump_hands(preset, players):
    """Every hand stacked with no turned card: the led suit wins each trick (checked
    by winner_by_hand with trump None), observation.trump is None, and records say so."""
    stacked = no_trump_deals(preset, players, seed=players, rounds=len(SIZES[preset]))
    game, _ = run_game(preset, players, seed=3, full=True, stacked=stacked)
    assert all(r.trump is None for r in game.results())
    data = record.to_record(game)
    assert all(rnd["trump"] is None and rnd["deals"][0]["turned"] is None for rnd in data["rounds"])


def test_a_few_oh_seven_games_for_parity():
    for players, seed in [(2, 1), (4, 2), (5, 3), (9, 4)]:
        run_game("oh-seven", players, seed, full=True)


def test_the_checker_can_fail():
    """A tampered classic record: the hook broken, a wrong winner, a wrong point."""
    game, _ = run_game("classic", 4, 77, full=False)
    data = record.to_record(game)
    check_record_json(data)
    bad = json.loads(json.dumps(data))
    bad["rounds"][0]["tricks"][0]["winner"] = (bad["rounds"][0]["tricks"][0]["winner"] + 1) % 4
    with pytest.raises(AssertionError):
        check_record_json(bad)
    bad = json.loads(json.dumps(data))
    bad["rounds"][1]["points"][0] += 1
    with pytest.raises(AssertionError):
        check_record_json(bad)
    bad = json.loads(json.dumps(data))
    rnd = bad["rounds"][2]
    attempt = rnd["deals"][0]["bid_attempts"][0]
    dealer = rnd["dealer"]
    attempt["bids"][dealer] += rnd["hand_size"] - sum(attempt["bids"])  # now they sum to the hand size
    attempt["sum"] = rnd["hand_size"]
    rnd["bids"] = attempt["bids"]
    with pytest.raises(AssertionError):
        check_record_json(bad)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(OH_HELL), players=st.integers(3, 7), seed=st.integers(0, 2**32))
def test_invariants_hypothesis(preset, players, seed):
    run_game(preset, players, seed, full=False)
