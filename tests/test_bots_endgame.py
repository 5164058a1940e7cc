"""The endgame solver (bots/endgame.py) against a brute force written apart from
it: card lists, the trump context's own ``playable`` and ``winner`` (not the fast
tables or bitmasks), every line of play enumerated without memo."""

from __future__ import annotations

import random

import pytest

from ohseven_tui.bots.endgame import solve
from ohseven_tui.engine.cards import make_pack
from ohseven_tui.engine.fast import fast_tricks, mask_of
from ohseven_tui.engine.tricks import plain_trump
from ohseven_tui.games.ohhell import Scoring, round_points

PACK = [int(c) for c in make_pack(range(2, 15))]


def brute(hands, trick, turn, taken, ctx, payoff):
    """Each seat's value for each legal card of ``turn``: max-n, ties averaged."""
    n = len(hands)

    def node(hands, trick, turn, taken):
        if not trick and not hands[turn]:
            return payoff(taken)
        vals = [child(hands, trick, turn, taken, c) for c in ctx.playable(hands[turn], trick)]
        top = max(v[turn] for v in vals)
        best = [v for v in vals if v[turn] == top]
        return tuple(sum(x) / len(best) for x in zip(*best))

    def child(hands, trick, turn, taken, c):
        hands = [list(h) for h in hands]
        hands[turn].remove(c)
        trick = list(trick) + [c]
        if len(trick) == n:
            leader = (turn + 1) % n
            winner = (leader + ctx.winner(trick)) % n
            taken = list(taken)
            taken[winner] += 1
            return node(hands, [], winner, taken)
        return node(hands, trick, (turn + 1) % n, taken)

    return {c: child(hands, trick, turn, taken, c) for c in ctx.playable(hands[turn], trick)}


def _position(rnd, n, tricks_left):
    trump = rnd.choice([0, 1, 2, 3, None])
    ctx = plain_trump(trump)
    pack = list(PACK)
    rnd.shuffle(pack)
    hands = [pack[i * tricks_left:(i + 1) * tricks_left] for i in range(n)]
    leader = rnd.randrange(n)
    trick: list = []
    turn = leader
    for _ in range(rnd.randrange(n)):  # part of the first of these tricks already played
        c = rnd.choice(ctx.playable(hands[turn], trick))
        hands[turn].remove(c)
        trick.append(c)
        turn = (turn + 1) % n
    done = rnd.randrange(3)  # tricks taken before these
    taken = [0] * n
    for _ in range(done):
        taken[rnd.randrange(n)] += 1
    bids = [rnd.randrange(done + tricks_left + 1) for _ in range(n)]
    return ctx, hands, trick, turn, taken, bids


@pytest.mark.parametrize("scoring", [Scoring.CLASSIC, Scoring.OH_SEVEN, Scoring.UP_AND_DOWN])
def test_solver_agrees_with_brute_force(scoring):
    rnd = random.Random(7)
    positions = 0
    for n in (3, 4, 5):
        for tricks_left in (1, 2, 3):
            for _ in range(12):
                ctx, hands, trick, turn, taken, bids = _position(rnd, n, tricks_left)
                payoff = lambda t, bids=bids: tuple(round_points(scoring, b, x) for b, x in zip(bids, t))
                masks = [mask_of(h) for h in hands]
                before = (list(masks), list(taken))
                got = solve(masks, trick, turn, taken, fast_tricks(ctx), payoff)
                want = brute(hands, trick, turn, taken, ctx, payoff)
                assert set(got) == set(want)
                for c in want:
                    assert got[c] == pytest.approx(want[c]), (n, tricks_left, c)
                assert (masks, taken) == before  # the arguments are left as they were
                positions += 1
    assert positions == 3 * 3 * 12


def test_a_hand_built_last_trick():
    """One trick left, spades trump, seat 0 to lead the ace of trumps: it wins, so
    it makes a bid of 1 (10 + 1 under H6) and misses a bid of 0 (0)."""
    ctx = plain_trump(3)
    ace_s, three_h, four_h, five_h = 14 * 4 + 3, 3 * 4 + 2, 4 * 4 + 2, 5 * 4 + 2
    hands = [mask_of([ace_s]), mask_of([three_h]), mask_of([four_h]), mask_of([five_h])]
    for bid, points in ((1, 11), (0, 0)):
        payoff = lambda t, bid=bid: tuple(round_points(Scoring.CLASSIC, b, x) for b, x in zip([bid, 0, 0, 0], t))
        got = solve(list(hands), [], 0, [0, 0, 0, 0], fast_tricks(ctx), payoff)
        assert list(got) == [ace_s] and got[ace_s][0] == points


# ---------------------------------------------------------------- the strong bot's use of it

def _classic_positions(seeds, phase_kind):
    """Seat 0's decisions of ``phase_kind`` in classic games of normal bots, with
    the true hands: (observation, hands)."""
    from ohseven_tui.bots import make_bot
    from ohseven_tui.engine import DEAL, registry

    for seed in seeds:
        game = registry.new_game("classic", {"players": 4}, seed=seed)
        bots = [make_bot("normal", s) for s in range(4)]
        while not game.is_over and game.round_number <= 3:
            seats = game.to_act()
            if not seats:
                game.apply(DEAL)
                continue
            seat = seats[0]
            obs = game.observe(seat)
            if seat == 0 and len(obs.legal_actions) > 1 and type(obs.legal_actions[0]).__name__ == phase_kind:
                yield obs, [list(h) for h in game.hands]
            game.apply(bots[seat].choose(obs))


def test_play_until_then_playout_is_the_playout():
    from ohseven_tui.bots.ohhell.knowledge import Knowledge
    from ohseven_tui.bots.search import play_until, playout

    checked = 0
    for obs, true_hands in _classic_positions(range(3), "Play"):
        know = Knowledge(obs)
        n = know.n
        for left in (0, 1, 2, 3):
            whole = [list(h) for h in true_hands]
            a = playout(whole, list(know.trick), 0, know.tables, know.bids, list(know.taken), list(know.unplayed),
                        list(know.voids), n)
            part = [list(h) for h in true_hands]
            taken = list(know.taken)
            unplayed, voids = list(know.unplayed), list(know.voids)
            turn = play_until(part, list(know.trick), 0, know.tables, know.bids, taken, unplayed, voids, n, left)
            assert len(part[turn]) <= left and len({len(h) for h in part}) == 1  # at a trick's start
            b = playout(part, [], turn, know.tables, know.bids, taken, unplayed, voids, n)
            assert a == b
            checked += 1
    assert checked >= 20


def test_number_bid_inference_weighs_the_true_deal_up():
    """The weight never excludes the true deal (the bids were made from these
    hands), and the true deal outweighs the sampler's average deal in most positions."""
    from ohseven_tui.bots.ohhell.knowledge import Knowledge
    from ohseven_tui.bots.ohhell.strong import _number_bid_likelihood
    from ohseven_tui.bots.search import Sampler

    rnd = random.Random(3)
    higher = total = 0
    for obs, true_hands in _classic_positions(range(8), "Play"):
        know = Knowledge(obs)
        weigh = _number_bid_likelihood(obs, know)
        truth = weigh(true_hands)
        assert truth > 0
        sampler = Sampler(know, obs.hand_counts, rnd)
        mean = sum(weigh(sampler.sample()) for _ in range(30)) / 30
        higher += truth > mean
        total += 1
    assert total >= 30
    assert higher >= 0.6 * total, (higher, total)


@pytest.mark.parametrize("preset", ["classic", "oh-seven"])
def test_strong_with_the_endgame_and_inference_plays_legal_whole_rounds(preset):
    from ohseven_tui.bots import make_bot
    from ohseven_tui.engine import DEAL, registry

    game = registry.new_game(preset, {"players": 4}, seed=11)
    bots = [make_bot("strong", 1, budget=0.5, clock=lambda: 0.0, max_samples=4, endgame=3,
                     infer_number_bids=True)] + [make_bot("normal", s) for s in (1, 2, 3)]
    searched = 0
    while not game.is_over and game.round_number <= 2:
        seats = game.to_act()
        if not seats:
            game.apply(DEAL)
            continue
        for seat in seats:
            obs = game.observe(seat)
            action = bots[seat].choose(obs)
            assert action in obs.legal_actions
            if seat == 0 and len(obs.legal_actions) > 1:
                searched += bots[0].last_samples > 0
            game.apply(action)
    assert searched >= 5


def test_a_softened_policy_plays_legal_cards_and_sometimes_its_own():
    from ohseven_tui.bots.ohhell.knowledge import Knowledge
    from ohseven_tui.bots.play import choose_play
    from ohseven_tui.bots.search import softened

    rnd = random.Random(2)
    assert softened(choose_play, rnd.random, 0.0) is choose_play
    policy = softened(choose_play, rnd.random, 0.5)
    own = other = 0
    for obs, _ in _classic_positions(range(3), "Play"):
        know = Knowledge(obs)
        legal = [int(a.card) for a in obs.legal_actions]
        for _ in range(10):
            card, why = policy(0, list(obs.hand), list(know.trick), know.tables, know.need, know.n,
                               list(know.unplayed), list(know.voids))
            assert card in legal
            if why == "random":
                other += 1
            else:
                own += 1
    assert own > 50 and other > 50


def test_inference_from_the_numbers_bid_so_far_weighs_the_true_deal_up():
    """While bidding (H4): the true deal explains the earlier bidders' numbers
    better than the sampler's average deal in most positions, and is never excluded."""
    from ohseven_tui.bots.ohhell.knowledge import Knowledge
    from ohseven_tui.bots.ohhell.strong import _bids_made_likelihood
    from ohseven_tui.bots.search import Sampler

    rnd = random.Random(4)
    higher = total = 0
    for obs, true_hands in _classic_positions(range(12), "BidNumber"):
        weigh = _bids_made_likelihood(obs)
        if weigh is None:  # the first bidder
            continue
        truth = weigh(true_hands)
        assert truth > 0
        sampler = Sampler(Knowledge(obs), obs.hand_counts, rnd)
        mean = sum(weigh(sampler.sample()) for _ in range(30)) / 30
        higher += truth > mean
        total += 1
    assert total >= 20
    assert higher >= 0.6 * total, (higher, total)
