"""The bots' Seven for Seven: the easy policy ends its auctions, the normal bot's
heuristics do what the issue says (by hand-built positions), every decision has a
hint, and the strong bot's search returns legal actions within its budget."""

from __future__ import annotations

from ohseven_tui.bots import make_bot
from ohseven_tui.bots.normal import hint
from ohseven_tui.bots.sevenforseven import normal
from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import DEAL
from ohseven_tui.engine.cards import JOKER, Card, Suit, parse_cards
from ohseven_tui.engine.tricks import bowers
from ohseven_tui.games.sevenforseven import AuctionPass, BasicBid, FactorBid, Phase

NAME = "seven-for-seven"
H, S, D, C = int(Suit.HEARTS), int(Suit.SPADES), int(Suit.DIAMONDS), int(Suit.CLUBS)


def codes(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text.split())]


def play(bots, seed: int, options=None, on_obs=None):
    game = registry.new_game(NAME, options or {}, seed=seed)
    steps = 0
    while not game.is_over:
        steps += 1
        assert steps < 5000, "the game does not end"
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
            continue
        obs = game.observe(seats[0])
        if on_obs is not None:
            on_obs(obs)
        action = bots[seats[0]].choose(obs)
        assert action in obs.legal_actions
        game.apply(action)
    return game


def test_easy_ends_its_auctions_passing_most_turns_and_bidding_low():
    said = []

    def watch(obs):
        if obs.phase is Phase.AUCTION:
            said.append((obs.standing.points if obs.standing is not None else 0, obs))

    bots = [make_bot("easy", s) for s in range(7)]
    game = play(bots, 3, on_obs=watch)
    assert len(game.results()) == 7
    auction = [a for log in game.logs for d in log.deals for a in d.auction]
    passes = sum(type(a) is AuctionPass for a in auction)
    assert passes / len(auction) > 0.6
    standing = 0
    for log in game.logs:
        for d in log.deals:
            standing = 0
            for a in d.auction:
                if type(a) is BasicBid:
                    assert a.points <= standing + 2  # low: at most 2 over the standing bid
                    standing = a.points


def test_normal_values_a_hand_by_its_bowers_trump_length_and_side_aces():
    hand = codes("JK 9H 9D 9S AH 5H AC")
    est, trump, rank = normal.best_contract(hand, pictures=False, draws=2)
    assert (trump, rank) == (H, 9)  # Joker, right and left bower, an underbower, two more hearts
    weak = codes("2C 3D 4S 5H 6C 7D 8S")
    assert normal.best_contract(weak, False, 2)[0] < est
    # side aces count; trump length counts
    assert normal.hand_tricks(codes("AC AD 2H 3H 4S 5S 6S"), H, 10) > normal.hand_tricks(
        codes("KC KD 2H 3H 4S 5S 6S"), H, 10)
    assert normal.hand_tricks(codes("2H 3H 4H 5H 6H 7C 8C"), H, 12) > normal.hand_tricks(
        codes("2H 3H 4D 5D 6S 7C 8C"), H, 12)
    # the lieutenants' average share: an empty-handed captain still expects 2 seats' worth
    assert normal.estimate([], H, 12, 0) == 2 * normal.LIEUTENANT_SHARE


def test_normal_discards_keep_trumps_and_aces_and_make_a_void():
    ctx = bowers(H, 7)
    hand = codes("JK 7D AH 2H AC 9S 3S 4C 8D")  # 9 cards: discard 2
    out = normal.discard_cards(hand, 2, ctx)
    # 8♦ is the only diamond (7♦ is a trump): void; then the lowest of the two-card suits (the ace stays)
    assert sorted(out) == sorted(codes("8D 3S"))
    hand = codes("JK 7D AH 2H KC 9S 3S 8D")  # one diamond left besides the left bower: void it
    assert normal.discard_cards(hand, 1, ctx) == codes("8D")


def test_normal_does_not_overtake_a_partners_winning_card():
    ctx = bowers(S, 11)
    trio = [s in (0, 2, 5) for s in range(7)]
    # seat 0 (trio) led A♣ and wins so far; seat 1 (quartet) played 2♣; seat 2 (trio) holds K♣ 3♣ and the J♠
    card, why = normal.choose_card(2, codes("KC 3C JS"), codes("AC 2C"), 0, ctx, trio)
    assert card == codes("3C")[0] and "partner" in why
    # against the other side it wins as cheaply as it can
    card, _ = normal.choose_card(2, codes("KC 3C JS"), codes("QC 2C"), 0, ctx, [s in (0, 3, 5) for s in range(7)])
    assert card == codes("KC")[0]


def test_normal_drives_trumps_as_the_trio():
    ctx = bowers(S, 11)
    trio = [s in (0, 2, 5) for s in range(7)]
    card, why = normal.choose_card(0, codes("AC 3S JC 4D"), [], 0, ctx, trio)
    assert card == codes("JC")[0] and "trump" in why  # the left bower, its highest trump
    card, _ = normal.choose_card(1, codes("AC 3S JC 4D"), [], 1, ctx, trio)  # the quartet leads its ace
    assert card == codes("AC")[0]


def test_normal_bids_within_its_estimate_and_raises_its_factor_with_a_strong_hand():
    game = registry.new_game(NAME, {}, seed=1)
    game.apply(DEAL)
    me = game.turn
    hint_ = normal.decide(game.observe(me))
    est, trump, rank = normal.best_contract([int(c) for c in game.hands[me]], False, 2)
    if est - normal.MARGIN >= 1:
        assert hint_.action == BasicBid(me, trump, rank, 1)
    # a strong trio hand under a standing contract raises its factor
    game = registry.new_game(NAME, {}, seed=1)
    game.apply(DEAL)
    bidder = game.turn
    game.apply(BasicBid(bidder, H, 7, 28))  # the top: no basic bid can raise it
    lieutenant = (bidder + 2) % 7
    while game.turn != lieutenant:
        game.apply(AuctionPass(game.turn))
    from dataclasses import replace

    obs = replace(game.observe(lieutenant), hand=tuple(Card.from_code(c) for c in codes("JK 7H 7D 7S AH KH QH")))
    assert normal.decide(obs).action == FactorBid(lieutenant)


def test_normal_gives_a_hint_for_every_decision():
    kinds = set()

    def check(obs):
        h = hint(obs)
        assert h is not None and h.reason and h.action in obs.legal_actions
        kinds.add(obs.phase)

    play([make_bot("normal", s) for s in range(7)], 5, on_obs=check)
    assert {Phase.AUCTION, Phase.DISCARD, Phase.LEAD, Phase.PLAY} <= kinds


def test_normal_plays_without_the_joker_and_with_picture_bowers():
    game = play([make_bot("normal", s) for s in range(7)], 6, {"joker": False, "bowers": "pictures"})
    assert all(r.contract.rank in (11, 12, 13) for r in game.results())
    assert all(JOKER not in h for log in game.logs for d in log.deals for h in d.hands)


def test_strong_searches_every_kind_of_decision_legally_within_its_budget():
    """Strong in seat 0 against normal bots: every decision legal, searched (samples
    taken) where there is a choice, and within budget + 10% on its own clock: a fake
    one where every reading costs a millisecond, so the machine's pace changes
    nothing (how long it really takes is benchmarks/bots.py's)."""
    budget = 0.05
    ticks = [0.0]

    def clock():
        ticks[0] += 0.001
        return ticks[0]

    strong = make_bot("strong", 1, budget=budget, clock=clock)
    bots = [strong] + [make_bot("normal", s) for s in range(1, 7)]
    game = registry.new_game(NAME, {}, seed=3)
    searched = set()
    worst = 0.0
    while not game.is_over and len(game.results()) < 2:
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
            continue
        obs = game.observe(seats[0])
        action = bots[seats[0]].choose(obs)
        if seats[0] == 0 and len(obs.legal_actions) > 1:
            worst = max(worst, strong.last_elapsed)
            if strong.last_samples:
                searched.add(obs.phase)
        assert action in obs.legal_actions
        game.apply(action)
    assert Phase.AUCTION in searched and Phase.PLAY in searched
    assert 0 < worst <= budget * 1.1


def test_strong_searches_discards_and_the_leader_as_captain():
    strong = make_bot("strong", 2, budget=0.05)
    game = registry.new_game(NAME, {}, seed=4)
    game.apply(DEAL)
    captain = game.turn
    game.apply(BasicBid(captain, H, 7, 10))
    for _ in range(7):
        game.apply(AuctionPass(game.turn))
    while game.phase is Phase.DRAW:  # V15: the table's draws
        game.apply(game.legal_actions()[0])
    obs = game.observe(captain)
    action = strong.choose(obs)
    assert action in obs.legal_actions and strong.last_samples > 0
    game.apply(action)
    while game.phase is Phase.DISCARD:
        game.apply(normal.decide(game.observe(game.turn)).action)
    obs = game.observe(captain)
    action = strong.choose(obs)
    assert action in obs.legal_actions and strong.last_samples > 0
