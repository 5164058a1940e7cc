"""The strong bot's playouts on bitmask hands (``play.choose_play_mask``,
``search.play_until_masks``) play the cards its list playouts play: the policy
card for card on hands met in play, and the whole search, decision for decision
and score for score, at a fixed seed and sample count."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import bot_turns

from ohseven_tui.bots import make_bot
from ohseven_tui.bots.play import choose_play, choose_play_mask
from ohseven_tui.bots.search import play_until, play_until_masks
from ohseven_tui.bots.tables import mask_tables, tables_for
from ohseven_tui.engine import registry
from ohseven_tui.engine.cards import make_pack
from ohseven_tui.engine.fast import cards_of, mask_of
from ohseven_tui.engine.tricks import plain_trump


def _deal(rnd, n, size, ranks):
    pack = [int(c) for c in make_pack(ranks)]
    rnd.shuffle(pack)
    hands = [sorted(pack[i * size:(i + 1) * size], reverse=True) for i in range(n)]
    counts = [0] * (max(pack) + 1)
    for c in pack:
        counts[c] = 1
    return hands, pack, counts


def test_the_mask_policy_plays_the_normal_policys_card_everywhere():
    """Random deals, targets and trumps (and no trump): at every turn of a whole
    hand both policies see the same position and must choose the same card; the
    hand then goes on with that card. Every reason the policy gives is met."""
    rnd = random.Random(1)
    reasons: Counter = Counter()
    turns = 0
    for _ in range(1200):
        n, ranks = rnd.choice([(4, range(2, 15)), (3, range(7, 15)), (6, range(2, 15)), (5, range(7, 15))])
        size = rnd.randint(1, min(10, len(ranks) * 4 // n))
        hands, pack, unplayed = _deal(rnd, n, size, ranks)
        trump = rnd.choice([0, 1, 2, 3, None])
        t = tables_for(plain_trump(trump), tuple(sorted(pack)))
        mt = mask_tables(t)
        targets = [rnd.randint(0, size) for _ in range(n)]
        taken = [0] * n
        voids = [0] * n
        turn = rnd.randrange(n)
        cards: list = []
        for _ in range(n * size):
            need = targets[turn] - taken[turn]
            card, why = choose_play(turn, hands[turn], cards, t, need, n, unplayed, voids)
            fast = choose_play_mask(turn, mask_of(hands[turn]), list(cards), mt, need, n,
                                    mask_of(c for c, k in enumerate(unplayed) if k), list(voids))
            assert fast == card, (why, hands[turn], cards, need)
            reasons[why] += 1
            turns += 1
            if cards and t.suit[card] != t.suit[cards[0]]:
                voids[turn] |= 1 << t.suit[cards[0]]
            hands[turn].remove(card)
            unplayed[card] -= 1
            cards.append(card)
            if len(cards) == n:
                turn = (turn + 1 + t.winner(cards)) % n
                taken[turn] += 1
                cards = []
            else:
                turn = (turn + 1) % n
    assert turns > 10000
    every = {"only", "sure-duck", "sure-win", "shed", "cannot-win", "win-last", "win-cheap", "win-safe", "win-try",
             "ruff", "duck", "over-duck", "forced", "over-control", "forced-low", "lead-top-trump", "lead-high",
             "cash", "lead-best", "lead-low", "void-for-ruff", "lead-duck", "lead-forced"}
    assert set(reasons) == every, sorted(reasons.items())


def test_the_mask_playout_takes_the_tricks_the_list_playout_takes():
    rnd = random.Random(7)
    for _ in range(200):
        n = rnd.randint(3, 6)
        size = rnd.randint(1, 52 // n if n > 4 else 10)
        hands, pack, unplayed = _deal(rnd, n, size, range(2, 15))
        t = tables_for(plain_trump(rnd.choice([0, 1, 2, 3, None])), tuple(sorted(pack)))
        targets = [rnd.randint(0, size) for _ in range(n)]
        leader = rnd.randrange(n)
        left = rnd.choice([0, 0, 1, 2])
        a_hands, a_taken, a_voids = [list(h) for h in hands], [0] * n, [0] * n
        a_turn = play_until(a_hands, [], leader, t, targets, a_taken, list(unplayed), a_voids, n, left)
        b_hands, b_taken, b_voids = [mask_of(h) for h in hands], [0] * n, [0] * n
        b_turn = play_until_masks(b_hands, [], leader, mask_tables(t), targets, b_taken,
                                  mask_of(c for c, k in enumerate(unplayed) if k), b_voids, n, left)
        assert (a_turn, a_taken, a_voids) == (b_turn, b_taken, b_voids)
        assert [sorted(h, reverse=True) for h in a_hands] == [cards_of(m) for m in b_hands]


def _positions(game_name: str, seeds, rounds: int):
    """Observations with a real choice met while normal bots play the first rounds."""
    for seed in seeds:
        game = registry.new_game(game_name, {"players": 4}, seed=seed)
        bots = [make_bot("normal", s) for s in range(4)]
        for obs, _ in bot_turns(game, bots, until=lambda g: g.round_number > rounds):
            if len(obs.legal_actions) > 1:
                yield obs


@pytest.mark.parametrize("game_name,options", [
    ("oh-seven", {}), ("classic", {}), ("classic", {"rollout_random": 0.2}), ("oh-seven", {"endgame": 2})])
def test_strong_decides_the_same_on_masks_as_on_lists(game_name, options):
    """The same seed and sample count: the same action and the same mean score
    per candidate for every decision kind (card bids, number bids, cards)."""
    kinds: Counter = Counter()
    for i, obs in enumerate(_positions(game_name, range(3), 3)):
        if i % 3:
            continue
        results = []
        for fast in (True, False):
            bot = make_bot("strong", 5 + i, budget=1e6, max_samples=24, fast_playout=fast, **options)
            action = bot.choose(obs)
            results.append((action, bot.last_samples, bot.last_scores))
        assert results[0] == results[1], obs
        kinds[type(obs.legal_actions[0]).__name__] += 1
    assert kinds["Play"] >= 10 and (kinds["Bid"] >= 3 or kinds["BidNumber"] >= 3), kinds


def test_the_budget_loop_stops_early_only_when_asked():
    """One candidate always a point better: the loop settles after its first
    checks, unless told to spend its whole budget (here a sample cap; the clock
    stands still)."""
    from ohseven_tui.bots.search import MIN_SAMPLES, Budget

    def sample():
        return [1.0, 0.0], 1.0

    for stop_early, expected in ((True, MIN_SAMPLES), (False, 200)):
        loop = Budget(1.0, clock=lambda: 0.0, max_samples=200, stop_early=stop_early)
        assert loop.run(["a", "b"], sample, 0.0) == "a"
        assert loop.last_samples == expected


def test_the_trick_distribution_is_the_sum_over_every_outcome():
    """bidding.distribution against every win/lose outcome of the cards, summed."""
    from itertools import product

    from ohseven_tui.bots.bidding import distribution

    rnd = random.Random(2)
    for _ in range(200):
        chances = [rnd.choice([0.0, 1.0, rnd.random()]) for _ in range(rnd.randint(0, 7))]
        want = [0.0] * (len(chances) + 1)
        for outcome in product((0, 1), repeat=len(chances)):
            p = 1.0
            for won, c in zip(outcome, chances):
                p *= c if won else 1 - c
            want[sum(outcome)] += p
        assert distribution(chances) == pytest.approx(want, abs=1e-12)


def test_one_deck_card_chances_are_the_general_ones_float_for_float():
    """The bid model's one-deck shortcut (whole numbers of higher cards, powers
    looked up) against its general count, on random hands of both packs, every
    trump and none, sorted as held and shuffled."""
    from ohseven_tui.bots.ohhell.bidding import BidModel

    rnd = random.Random(11)
    checked = 0
    for ranks, players in ((tuple(range(8)), 3), (tuple(range(8)), 4), (tuple(range(2, 15)), 4),
                           (tuple(range(2, 15)), 6)):
        for size in range(1, 8):
            model = BidModel(players, 1, ranks, size)
            pack = [r * 4 + s for r in ranks for s in range(4)]
            for _ in range(300):
                hand = sorted(rnd.sample(pack, size), reverse=True)
                if rnd.random() < 0.2:
                    rnd.shuffle(hand)
                trump = rnd.randrange(-1, 4)
                assert model.card_chances(hand, trump) == model.card_chances_any(hand, trump), (hand, trump)
                checked += 1
    assert checked == 4 * 7 * 300
