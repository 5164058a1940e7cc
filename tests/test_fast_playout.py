"""The fast path (engine/fast.py, games/ohhell/fast.py) plays what the checked
engine plays: thousands of random hands through both, with the same deals and the
same random numbers, must take the same tricks and score the same points."""

from __future__ import annotations

import random

import pytest

from ohseven_tui.engine import DEAL, BidNumber, Pass
from ohseven_tui.engine.cards import Card, make_pack
from ohseven_tui.engine.fast import cards_of, fast_tricks, mask_of, pick, play_random
from ohseven_tui.engine.tricks import bowers, criticals, plain_trump
from ohseven_tui.games.ohhell import Game, make_rules
from ohseven_tui.games.ohhell.fast import fast_hands

GAMES = 120  # per preset and player count: whole games, 7 or 12 hands each


def _order(action) -> int:
    # the k-th choice: cards highest first, numbers lowest first (the fast path's order);
    # passes as the state lists them (every set of the hand's cards, in order)
    if type(action) is Pass:
        return 0
    return action.number if type(action) is BidNumber else -int(action.card)


def _checked_game(rules, seed: int, deals: list, rnd) -> list:
    """Play a whole game on the checked engine with ``deals`` stacked and every
    choice the k-th legal action, k = int(rnd() * count); per round (dealer,
    tricks taken, points), and how many bids were made again (R10-R13)."""
    game = Game(rules, seed=seed, stacked_deals=deals)
    while not game.is_over:
        seat = game.current_seat
        seats = (seat,) if seat is not None else game.to_act()
        if not seats:
            game.apply(DEAL)
            continue
        for s in seats:
            legal = sorted(game.legal_actions(s), key=_order)
            game.apply(legal[int(rnd() * len(legal))])
    rebids = sum(len(d.attempts) for log in game.rounds for d in log.deals) - len(game.rounds)
    return [(log.dealer, list(log.taken), list(log.round_points)) for log in game.rounds], rebids


def _fast_game(rules, dealer: int, seed: int, rnd) -> tuple[list, list]:
    """The same game on the fast path: per round (dealer, taken, points), and the
    deals it made, as stacked deals for the checked game."""
    fast = fast_hands(rules)
    deal_rnd = random.Random(seed).random
    deals: list = []

    def cards(hand) -> list:  # a mask, or two decks' (held, held twice)
        if isinstance(hand, tuple):
            return sorted(cards_of(hand[0]) + cards_of(hand[1]), reverse=True)
        return cards_of(hand)

    def deal(size, _random):
        hands, turned = fast.deal(size, deal_rnd)
        deals.append(([cards(h) for h in hands], None if turned is None else Card.from_code(turned)))
        return hands, turned

    rounds = []
    for i, size in enumerate(rules.hand_sizes):
        d = (dealer + i) % rules.players
        taken, points = fast.hand(d, size, rnd, deal, passes=rules.passes_in_round(i))
        rounds.append((d, taken, points))
    return rounds, deals


@pytest.mark.parametrize("preset,players,passing", [
    ("oh-seven", 4, False), ("oh-seven", 3, False), ("oh-seven", 5, False), ("oh-seven", 9, False),
    ("oh-seven", 4, True), ("oh-seven", 3, True), ("classic", 4, False), ("classic", 5, False),
    ("up-and-down", 4, False)])
def test_fast_hands_match_the_checked_engine(preset, players, passing):
    rules = make_rules(preset, players, passing=passing)
    rebids = 0
    hands = 0
    for seed in range(GAMES):
        dealer = Game(rules, seed=seed).dealer  # the state's first dealer (random in Oh Hell)
        fast, deals = _fast_game(rules, dealer, seed, random.Random(seed + 1000).random)
        checked, again = _checked_game(rules, seed, deals, random.Random(seed + 1000).random)
        assert fast == checked, (preset, players, seed)
        rebids += again
        hands += len(deals)
    assert hands >= GAMES * 7
    if rules.bid_style.value == "card":
        assert rebids > 0  # R10, R11's rebids were played through both, not only bids that stood


def _checked_tricks(ctx, hands: list, leader: int, rnd) -> list:
    """Whole tricks on the trump context's own rules (playable, winner)."""
    n = len(hands)
    taken = [0] * n
    turn = leader
    first = True
    while hands[leader]:
        cards = []
        for i in range(n):
            seat = (turn + i) % n
            legal = sorted(ctx.playable(hands[seat], cards, first), reverse=True)
            card = legal[int(rnd() * len(legal))]
            hands[seat].remove(card)
            cards.append(card)
        turn = (turn + ctx.winner(cards)) % n
        taken[turn] += 1
        first = False
    return taken


CONTEXTS = [plain_trump(None), plain_trump(2), bowers(3, 6), bowers(0, 2), criticals(5, 1, ()),
            criticals(5, 1, (22, 9)), criticals(3, 0, (12,))]


@pytest.mark.parametrize("ctx", CONTEXTS, ids=["no-trump", "plain", "bowers", "bowers-2", "criticals-none",
                                              "criticals-two", "criticals-chief"])
def test_fast_tricks_match_the_trump_context(ctx):
    """Every kind of context (plain, bowers, W5's criticals with W7's first trick):
    the tables take the same tricks as the context's playable and winner."""
    pack = sorted(set(make_pack(range(15), 1)) | {60})  # every card code, the Joker too
    for seed in range(400):
        rng = random.Random(seed)
        n = rng.choice((2, 3, 4))
        size = rng.randint(1, 8)
        dealt = rng.sample(pack, n * size)
        hands = [sorted(dealt[i * size:(i + 1) * size], reverse=True) for i in range(n)]
        leader = rng.randrange(n)
        masks = [mask_of(h) for h in hands]
        fast = play_random(masks, leader, fast_tricks(ctx), random.Random(seed).random, [0] * n)
        checked = _checked_tricks(ctx, [list(h) for h in hands], leader, random.Random(seed).random)
        assert fast == checked, seed
        assert masks == [0] * n


def test_pick_and_cards_of_read_a_hand_highest_first():
    mask = mask_of([3, 17, 9, 60])
    assert cards_of(mask) == [60, 17, 9, 3]
    assert [pick(mask, k) for k in range(4)] == [60, 17, 9, 3]


# ---------------------------------------------------------------- Watten


def _watten_checked(seed: int, deals: list, rnd) -> list:
    """A whole Watten game on the checked engine, every choice the k-th legal
    action in the state's order; per hand (dealer, winning side, points)."""
    from ohseven_tui.games.watten.rules import Rules
    from ohseven_tui.games.watten.state import Game as Watten

    game = Watten(Rules(), seed=seed, stacked_deals=deals)
    while not game.is_over:
        seat = game.current_seat
        if seat is None:
            game.apply(DEAL)
            continue
        legal = game.legal_actions(seat)
        game.apply(legal[int(rnd() * len(legal))])
    return [(log.dealer, log.winner, log.points) for log in game.hand_logs]


def test_fast_watten_hands_match_the_checked_engine():
    from ohseven_tui.games.watten.fast import FastHands as WattenHands
    from ohseven_tui.games.watten.rules import Rules
    from ohseven_tui.games.watten.state import Game as Watten

    fast = WattenHands(Rules())
    hands = raised = 0
    for seed in range(150):
        rules = Rules()
        first = Watten(rules, seed=seed).first_dealer  # W3: from the seed
        deal_rnd = random.Random(seed).random
        deals: list = []

        def deal(dealer, _random, deal_rnd=deal_rnd, deals=deals):
            masks = fast.deal(dealer, deal_rnd)
            deals.append(([cards_of(m) for m in masks],))
            return masks

        rnd = random.Random(seed + 1000).random
        got = []
        totals = [0, 0]
        dealer = first
        while max(totals) < rules.target:  # W11, as the state ends a game
            side, stake = fast.hand(dealer, rnd, deal)
            got.append((dealer, side, stake))
            totals[side] += stake
            raised += stake > 2
            dealer = (dealer + 1) % 4
        checked = _watten_checked(seed, deals, random.Random(seed + 1000).random)
        assert got == checked, seed
        hands += len(got)
    assert hands >= 1000
    assert raised > 0  # raises and holds were played through both


# ---------------------------------------------------------------- Seven for Seven


def test_fast_tricks_match_seven_for_seven_play():
    """Seven for Seven's play (V18-V20, bowers and the Joker, seven seats): from
    the first lead of every hand of random games, the fast core and the checked
    state, with the same random numbers, give every trick to the same seats."""
    from ohseven_tui.games.sevenforseven import Game as SevenForSeven
    from ohseven_tui.games.sevenforseven import Phase

    compared = 0
    for seed in range(25):
        game = SevenForSeven(seed=seed)
        other = random.Random(seed)  # the auction, discards and leader: any legal path to the play
        while not game.is_over and compared < 1000:
            seat = game.current_seat
            log = game.hand_log
            if seat is None:
                game.apply(game.legal_actions()[0])
                continue
            if game.phase is Phase.PLAY and log is not None and not log.tricks and not game.trick:
                size = len(game.hands[seat])
                masks = [mask_of(h) for h in game.hands]
                ctx = game._ctx  # the hand's bowers context, as the state plays it
                assert ctx is not None
                fast = play_random(masks, seat, fast_tricks(ctx), random.Random(compared).random,
                                   [0] * len(masks))
                rnd = random.Random(compared).random
                while len(log.tricks) < size:
                    s = game.current_seat
                    legal = sorted(game.legal_actions(s), key=_order)
                    game.apply(legal[int(rnd() * len(legal))])
                taken = [0] * len(masks)
                for trick in log.tricks:
                    taken[trick.winner] += 1
                assert fast == taken, (seed, compared)
                compared += 1
                continue
            legal = game.legal_actions(seat)
            game.apply(legal[int(other.random() * len(legal))])
    assert compared >= 150, compared  # hands, of 49 cards each


def _seven_at_lead(seed: int, joker: bool):
    """A Seven for Seven game, random legal choices up to a hand's first lead (V17)."""
    from ohseven_tui.games.sevenforseven import Game as Seven
    from ohseven_tui.games.sevenforseven.log import Phase as SevenPhase

    game = Seven({"joker": joker}, seed=seed)
    rng = random.Random(seed)
    while True:
        seats = game.to_act()
        legal = game.legal_actions(seats[0] if seats else None)
        action = rng.choice(legal)
        game.apply(action)
        if game.phase is SevenPhase.PLAY and not game.trick and game.hand_log.tricks == []:
            return game


@pytest.mark.parametrize("joker", [False, True])
def test_seven_for_seven_play_outs_match_the_checked_engine(joker):
    """V18-V22 on the fast path: from each hand's first lead, the same random numbers
    play the same cards, every trick's marker goes to the same seat, and the hand
    scores the same points."""
    from ohseven_tui.games.sevenforseven.fast import play_out

    for seed in range(300):
        game = _seven_at_lead(seed, joker)
        log = game.hand_log
        before = random.Random(seed)
        for _ in range(7 * (seed % 4)):  # from the first trick, or after one to three tricks
            seat = game.to_act()[0]
            game.apply(before.choice(game.legal_actions(seat)))
        assert len(log.tricks) == seed % 4 and not game.trick
        hands = [mask_of(int(c) for c in game.hands[s]) for s in range(len(game.hands))]
        contract = log.contract
        fast = play_out(hands, game.turn, int(contract.suit), contract.rank, log.trio, contract.points,
                        log.factors, random.Random(seed + 7).random, markers=list(log.markers),
                        tricks_done=len(log.tricks))
        rnd = random.Random(seed + 7).random
        number = log.number
        while game.hand_log is log and not log.finished:
            seat = game.to_act()[0]
            legal = sorted(game.legal_actions(seat), key=lambda a: -int(a.card))
            game.apply(legal[int(rnd() * len(legal))])
        assert fast == log.points, (seed, number)


def test_two_decks_seven_tied_top_bids_redeal_on_the_fast_path_as_on_the_engine():
    """R10, R13 with two decks: Ann and Bea hold the same seven cards, above
    everyone's, and every choice is the highest (random() is 0), so they tie at
    the top seven times and the hand is dealt again; both paths agree after."""
    from helpers import hands as stacked

    rules = make_rules("oh-seven", 5)
    same = "7S 7H 7D 7C 6S 6H 6D"
    first = stacked(same, same, "0S 0H 0D 0C 1S 1H 1D", "5S 5H 5D 5C 4S 4H 4D", "2S 2H 2D 2C 3S 3H 3D")
    fast = fast_hands(rules)
    deal_rnd = random.Random(3).random
    deals: list = [first]

    def deal(size, _random):
        if len(deals) == 1 and not getattr(deal, "used", False):
            deal.used = True
            pairs = []
            for cards in first[0]:
                ones = twos = 0
                for c in cards:
                    bit = 1 << int(c)
                    if ones & bit:
                        twos |= bit
                    else:
                        ones |= bit
                pairs.append((ones, twos))
            return pairs, None
        hands, turned = fast.deal(size, deal_rnd)
        deals.append(([sorted(cards_of(o) + cards_of(t), reverse=True) for o, t in hands], None))
        return hands, turned

    game = Game(rules, seed=3)
    dealer = game.dealer
    taken, points = fast.hand(dealer, 7, lambda: 0.0, deal)
    checked = Game(rules, seed=3, stacked_deals=deals)
    while not checked.results():
        seats = checked.to_act()
        if not seats:
            checked.apply(DEAL)
            continue
        for s in seats:
            checked.apply(sorted(checked.legal_actions(s), key=_order)[0])
    result = checked.results()[0]
    assert result.redeals == 1 and len(deals) == 2
    assert (list(result.taken), list(result.round_points)) == (taken, points)
