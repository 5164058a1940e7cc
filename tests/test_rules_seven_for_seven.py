"""Seven for Seven (``docs/seven-for-seven.md``), rule by rule: every
expected value is read from the rules text (or the seed's §J tables), not from
the code under test."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

from ohseven_tui.engine import IllegalAction, OptionError, record, registry
from ohseven_tui.engine.actions import DEAL, Play
from ohseven_tui.engine.cards import JOKER, Card, Suit, parse_card, parse_cards
from ohseven_tui.engine.tricks import bowers
from ohseven_tui.games.sevenforseven import (
    AuctionPass,
    BasicBid,
    ChooseLeader,
    Discard,
    FactorBid,
    Game,
    Phase,
    deal_cards,
    hand_points,
    lieutenants_of,
    pack_for,
)
from ohseven_tui.games.sevenforseven.log import Contract, HandResult
from ohseven_tui.games.sevenforseven.stats import game_stats

NAME = "seven-for-seven"
SPEC = registry.game_spec(NAME)
C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def cards(text: str) -> list[Card]:
    return parse_cards(text.split())


def fingerprint(game) -> str:
    return json.dumps(record.to_record(game), sort_keys=True, default=str)


def new(seed: int = 0, **options) -> Game:
    return registry.new_game(NAME, options, seed=seed)


def dealt(seed: int = 0, **options) -> Game:
    game = new(seed, **options)
    game.apply(DEAL)
    return game


def bid_and_close(game: Game, bid: BasicBid, factors: dict | None = None) -> None:
    """Pass round to ``bid.seat``, bid, apply factor bids in turn, then 7 passes."""
    while game.turn != bid.seat:
        game.apply(AuctionPass(game.turn))
    game.apply(bid)
    for seat, times in (factors or {}).items():
        for _ in range(times):
            while game.turn != seat:
                game.apply(AuctionPass(game.turn))
            game.apply(FactorBid(seat))
    for _ in range(7):
        game.apply(AuctionPass(game.turn))
    draw(game)


def draw(game: Game) -> None:
    """V15: the table's draws from the kitty (no seat chooses them)."""
    assert game.phase is Phase.DRAW and game.to_act() == ()
    while game.phase is Phase.DRAW:
        game.apply(game.legal_actions()[0])


# ---------------------------------------------------------------- V1-V5: table, pack, game, deal


def test_v1_exactly_seven_players():
    assert SPEC.players == (7, 7)
    with pytest.raises(OptionError):
        registry.new_game(NAME, {"players": 6})


def test_v2_v3_the_pack_is_53_cards_or_52_without_the_joker():
    with_joker = pack_for(True)
    assert len(with_joker) == 53 and len(set(with_joker)) == 53 and JOKER in with_joker
    without = pack_for(False)
    assert len(without) == 52 and JOKER not in without
    assert set(without) == {Card(r, s) for r in range(2, 15) for s in range(4)}


def test_v5_the_deal_order_packets_and_kitty():
    pack = [Card.from_code(c) for c in range(8, 61)]  # 53 distinct cards, in a known order
    eldest = 3
    hands, kitty = deal_cards(pack, eldest, joker=True)
    # 2 each from eldest (14 cards), 2 to the kitty, 3 each (21), 2 to the kitty, 2 each (14).
    for k in range(7):
        seat = (eldest + k) % 7
        want = pack[2 * k:2 * k + 2] + pack[16 + 3 * k:19 + 3 * k] + pack[39 + 2 * k:41 + 2 * k]
        assert hands[seat] == want
    assert kitty == pack[14:16] + pack[37:39]


def test_v5_without_the_joker_the_second_kitty_packet_is_one_card():
    pack = [Card.from_code(c) for c in range(8, 60)]  # 52 cards
    hands, kitty = deal_cards(pack, 0, joker=False)
    assert kitty == pack[14:16] + pack[37:38]
    assert hands[0] == pack[0:2] + pack[16:19] + pack[38:40]
    assert all(len(h) == 7 for h in hands)


@pytest.mark.parametrize("joker, kitty", [(True, 4), (False, 3)])
def test_v5_each_player_holds_seven_and_the_kitty_four_or_three(joker, kitty):
    game = dealt(5, joker=joker)
    assert [len(h) for h in game.hands] == [7] * 7
    assert len(game.kitty) == kitty
    assert game.observe(0).kitty_count == kitty


def test_v4_seven_counted_hands_the_deal_moves_left_and_a_passed_out_hand_is_dealt_again():
    game = new(11)
    first = game.dealer
    dealers = []
    while not game.is_over:
        if game.phase in (Phase.DEAL, Phase.HAND_OVER):
            game.apply(DEAL)
            if game.round_number == 1 and len(game.logs[0].deals) == 1:
                # V10: pass the first deal out; the same dealer deals again, not counted
                for _ in range(7):
                    game.apply(AuctionPass(game.turn))
                assert game.phase is Phase.DEAL and game.round_number == 1
                game.apply(DEAL)
                assert game.dealer == first and len(game.logs) == 1
            dealers.append(game.dealer)
            bid_and_close(game, BasicBid(game.turn, int(S), 11, 1))
            continue
        legal = game.legal_actions(game.turn)
        game.apply(legal[0])
    assert len(game.results()) == 7
    assert dealers == [(first + k) % 7 for k in range(7)]
    assert game.results()[0].passed_out == 1
    best = max(game.totals)
    assert game.winners == tuple(s for s in range(7) if game.totals[s] == best)


# ---------------------------------------------------------------- V7: the trump order


def _order_is(ctx, high_first: list[list[Card]], led_suit_card: Card) -> None:
    """``high_first``: groups of equal cards, highest group first. Every card of a
    higher group beats every card of a lower one, whichever is played first; within
    a group, the first played wins."""
    flat = [(g, c) for g, group in enumerate(high_first) for c in group]
    for gi, a in flat:
        for gj, b in flat:
            if a == b:
                continue
            trick = [led_suit_card, a, b] if led_suit_card not in (a, b) else [a, b]
            i, j = trick.index(a), trick.index(b)
            win = ctx.winner(trick)
            if gi < gj:
                assert win == i, (a, b)
            elif gi > gj:
                assert win == j, (a, b)
            else:
                assert win == min(i, j), (a, b)  # equal underbowers: the first played wins


def test_v7_hearts_with_bower_rank_7_the_rules_example():
    ctx = bowers(int(H), 7)
    # Joker, 7♥, 7♦, then 7♠ and 7♣ equal, then A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 6♥ … 2♥.
    order = [[Card.from_code(JOKER)], cards("7H"), cards("7D"), cards("7S 7C")]
    order += [[c] for c in cards("AH KH QH JH 10H 9H 8H 6H 5H 4H 3H 2H")]
    _order_is(ctx, order, parse_card("2H"))
    trumps = [c for c in range(61) if (c >= 8 and c < 60 or c == JOKER) and ctx.is_trump(c)]
    assert len(trumps) == 17
    # Diamonds are 12 cards without 7♦, A high, 2 low.
    diamonds = [c for c in range(8, 60) if ctx.suit[c] == int(D)]
    assert sorted(diamonds) == sorted(cards("AD KD QD JD 10D 9D 8D 6D 5D 4D 3D 2D"))
    _order_is(ctx, [[c] for c in cards("AD KD QD JD 10D 9D 8D 6D 5D 4D 3D 2D")], parse_card("2D"))
    # Any trump beats the led suit's ace; a card of another plain suit never wins.
    assert ctx.winner(cards("AD 2H")) == 1
    assert ctx.winner(cards("2D AC AS")) == 0


def test_v7_spades_with_jacks_and_clubs_with_kings():
    ctx = bowers(int(S), 11)
    order = [[Card.from_code(JOKER)], cards("JS"), cards("JC"), cards("JH JD")]
    order += [[c] for c in cards("AS KS QS 10S 9S 8S 7S 6S 5S 4S 3S 2S")]
    _order_is(ctx, order, parse_card("2S"))
    ctx = bowers(int(C), 13)
    order = [[Card.from_code(JOKER)], cards("KC"), cards("KS"), cards("KD KH")]
    order += [[c] for c in cards("AC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C")]
    _order_is(ctx, order, parse_card("2C"))
    hearts = [c for c in range(8, 60) if ctx.suit[c] == int(H)]
    assert len(hearts) == 12 and parse_card("KH") not in hearts


def test_v7_the_two_underbowers_the_first_played_wins():
    ctx = bowers(int(D), 5)  # underbowers 5♠ and 5♣
    assert ctx.winner(cards("5S 5C")) == 0
    assert ctx.winner(cards("5C 5S")) == 0
    assert ctx.winner(cards("AD 5C 5S")) == 1
    assert ctx.winner(cards("AD 5S 5C 5H")) == 3  # the left bower (5♥) beats both


def test_v7_without_the_joker_the_trump_suit_has_16_cards():
    ctx = bowers(int(H), 7)
    pack = pack_for(False)
    assert sum(ctx.is_trump(c) for c in pack) == 16
    assert sum(ctx.is_trump(c) for c in pack_for(True)) == 17
    for suit in (C, D, S):
        assert sum(ctx.suit[c] == int(suit) for c in pack) == 12


def test_v7_v18_a_led_left_bower_is_a_trump_so_players_must_follow_trump():
    ctx = bowers(int(H), 7)
    led = cards("7D")  # the left bower: a trump, not a diamond
    hand = cards("AD KD 2H")
    assert ctx.playable(hand, led) == cards("2H")
    assert ctx.must_follow(hand, led, parse_card("AD"))
    # a diamond led: the left bower does not follow diamonds; a diamond must be played
    assert ctx.playable(cards("7D KD 3C"), cards("2D")) == cards("KD")
    # a led underbower is a trump too; the Joker follows trump
    assert ctx.playable(cards("AS JK"), cards("7S")) == [Card.from_code(JOKER)]
    # without a trump, anything
    assert ctx.playable(cards("AS KD"), cards("7C")) == cards("AS KD")


# ---------------------------------------------------------------- V8-V14: bidding


def test_v8_eldest_bids_first_and_a_passed_player_may_bid_later():
    game = dealt(3)
    eldest = (game.dealer + 1) % 7
    assert game.to_act() == (eldest,)
    game.apply(AuctionPass(eldest))
    nxt = (eldest + 1) % 7
    game.apply(BasicBid(nxt, int(H), 7, 3))
    for _ in range(5):
        game.apply(AuctionPass(game.turn))
    assert game.turn == eldest
    game.apply(BasicBid(eldest, int(S), 2, 4))  # she passed before; she may bid now
    assert game.standing == BasicBid(eldest, int(S), 2, 4)


def test_v9_a_basic_bid_cancels_every_factor():
    game = dealt(3)
    e = game.turn
    game.apply(BasicBid(e, int(H), 7, 3))
    game.apply(FactorBid((e + 1) % 7))
    game.apply(FactorBid((e + 2) % 7))
    assert game.factors[(e + 1) % 7] == 2 and game.factors[(e + 2) % 7] == 2
    game.apply(BasicBid((e + 3) % 7, int(C), 9, 5))  # any suit and rank: only the points must rise
    assert game.factors == [1] * 7
    assert game.observe(0).factors == (1,) * 7


def test_v10_seven_passes_in_a_row_end_the_bidding():
    game = dealt(3)
    e = game.turn
    game.apply(BasicBid(e, int(H), 7, 3))
    for _ in range(6):
        game.apply(AuctionPass(game.turn))
        assert game.phase is Phase.AUCTION
    game.apply(AuctionPass(game.turn))  # the bidder's own pass is the seventh
    assert game.phase is Phase.DRAW
    draw(game)
    assert game.phase is Phase.DISCARD
    assert game.logs[-1].captain == e  # V13


def test_v10_a_factor_bid_breaks_the_run_of_passes():
    game = dealt(3)
    e = game.turn
    game.apply(BasicBid(e, int(H), 7, 3))
    for _ in range(5):
        game.apply(AuctionPass(game.turn))
    game.apply(FactorBid(game.turn))
    for _ in range(6):
        game.apply(AuctionPass(game.turn))
    assert game.phase is Phase.AUCTION
    game.apply(AuctionPass(game.turn))
    draw(game)
    assert game.phase is Phase.DISCARD


def test_v11_the_lieutenants_sit_two_seats_either_side_of_the_captain():
    # Amber 0, Betty 1, Cindy 2, Diana 3, Ellie 4, Flora 5, Greta 6: Betty's are Diana and Greta.
    assert set(lieutenants_of(1)) == {3, 6}
    assert lieutenants_of(1) == (3, 6)  # left (two to her left) first, V15
    assert set(lieutenants_of(0)) == {2, 5}


def test_v12_factor_bids_step_by_one_up_to_six():
    game = dealt(3)
    e = game.turn
    game.apply(BasicBid(e, int(H), 7, 3))
    me = (e + 3) % 7
    for step in range(2, 7):
        while game.turn != me:
            game.apply(FactorBid(game.turn) if game.factors[game.turn] < 2 else AuctionPass(game.turn))
        game.apply(FactorBid(me))
        assert game.factors[me] == step
    while game.turn != me:
        game.apply(AuctionPass(game.turn))
    assert FactorBid(me) not in game.legal_actions(me)


def test_v13_v14_every_seat_sees_the_auction_the_contract_the_sides_and_every_factor():
    game = dealt(3)
    e = game.turn
    captain = (e + 2) % 7
    bid_and_close(game, BasicBid(captain, int(D), 12, 9), factors={captain: 1, (captain + 1) % 7: 2})
    for seat in range(7):
        obs = game.observe(seat)
        assert obs.contract == Contract(D, 12, 9)
        assert obs.captain == captain
        assert obs.trio == (captain, (captain + 2) % 7, (captain - 2) % 7)
        assert len(obs.quartet) == 4
        assert obs.factors[captain] == 2 and obs.factors[(captain + 1) % 7] == 3
        assert BasicBid(captain, int(D), 12, 9) in obs.auction


# ---------------------------------------------------------------- V15-V17: drawing, discarding, leader


@pytest.mark.parametrize("joker, draws", [(True, 2), (False, 1)])
def test_v15_the_captain_draws_then_the_lieutenants_then_they_discard_in_order(joker, draws):
    game = dealt(4, joker=joker)
    kitty = list(game.kitty)
    captain = (game.turn + 1) % 7
    left, right = (captain + 2) % 7, (captain - 2) % 7
    hands = [list(h) for h in game.hands]
    bid_and_close(game, BasicBid(captain, int(S), 10, 6))
    assert set(game.hands[captain]) == set(hands[captain]) | set(kitty[:draws])
    assert set(game.hands[left]) == set(hands[left]) | {kitty[draws]}
    assert set(game.hands[right]) == set(hands[right]) | {kitty[draws + 1]}
    assert game.kitty == []
    assert game.observe(captain).drawn == tuple(kitty[:draws])
    assert game.observe(left).drawn == (kitty[draws],)
    # captain first; any cards may be discarded, drawn or not
    assert game.to_act() == (captain,)
    throw = sorted(hands[captain], reverse=True)[:draws]
    game.apply(Discard(captain, throw))
    assert game.to_act() == (left,)
    game.apply(Discard(left, [kitty[draws]]))
    assert game.to_act() == (right,)
    game.apply(Discard(right, [game.hands[right][0]]))
    assert [len(h) for h in game.hands] == [7] * 7  # each holds 7 again
    assert game.phase is Phase.LEAD and game.to_act() == (captain,)
    assert game.observe(captain).discarded == tuple(sorted(throw, reverse=True))


def test_v17_the_captain_names_any_player_to_lead():
    game = dealt(4)
    captain = game.turn
    bid_and_close(game, BasicBid(captain, int(S), 10, 6))
    for _ in range(3):
        seat = game.turn
        game.apply(game.legal_actions(seat)[0])
    assert game.legal_actions(captain) == [ChooseLeader(captain, s) for s in range(7)]
    game.apply(ChooseLeader(captain, (captain + 4) % 7))
    assert game.phase is Phase.PLAY and game.to_act() == ((captain + 4) % 7,)


def _to_play(seed: int = 4, joker: bool = True, suit=S, rank=10, points=6) -> Game:
    game = dealt(seed, joker=joker)
    captain = game.turn
    bid_and_close(game, BasicBid(captain, int(suit), rank, points))
    for _ in range(3):
        game.apply(game.legal_actions(game.turn)[0])
    game.apply(ChooseLeader(captain, captain))
    return game


def test_v19_v20_each_trick_goes_to_its_winner_who_takes_the_trick_number_in_points_and_leads():
    game = _to_play()
    ctx = bowers(int(S), 10)
    for k in range(1, 8):
        leader = game.turn
        before = list(game.logs[-1].markers)
        for _ in range(7):
            game.apply(game.legal_actions(game.turn)[-1])
        trick = game.logs[-1].tricks[-1]
        assert trick.leader == leader
        win = (leader + ctx.winner(list(trick.cards))) % 7
        assert trick.winner == win and trick.points == k
        after = game.logs[-1].markers
        assert after[win] - before[win] == k
        if k < 7:
            assert game.turn == win
    assert sum(game.logs[-1].markers) == 28


# ---------------------------------------------------------------- V21-V22: scoring, §J


# Amber 0, Betty 1, Cindy 2, Diana 3, Ellie 4, Flora 5, Greta 6; Betty is captain.
TRIO = (1, 3, 6)
FACTORS = (1, 2, 1, 1, 2, 3, 1)  # Amber single, Betty double, ..., Ellie double, Flora triple


def _markers(tricks_by_seat: dict[int, list[int]]) -> tuple[int, ...]:
    return tuple(sum(tricks_by_seat.get(s, [])) for s in range(7))


def test_v22_example_one():
    # Betty 1st 7th, Diana 2nd 6th, Ellie 3rd 4th, Amber 5th; contract 13.
    markers = _markers({1: [1, 7], 3: [2, 6], 4: [3, 4], 0: [5]})
    scores, trio, quartet, made = hand_points(TRIO, markers, 13, FACTORS)
    assert (trio, quartet, made) == (16, 12, True)
    assert scores == (-1, 42, -1, 29, -14, -27, 29)


def test_v22_example_two():
    markers = _markers({1: [1, 7], 3: [2, 6], 4: [3, 4], 0: [5]})
    scores, trio, quartet, made = hand_points(TRIO, markers, 18, FACTORS)
    assert (trio, quartet, made) == (16, 12, False)
    assert scores == (30, -20, 30, -2, 48, 66, -2)


def test_v22_example_three():
    # Betty 1st, Diana 3rd 4th; the quartet's 2nd, 5th (Amber), 6th, 7th; contract 5.
    markers = _markers({1: [1], 3: [3, 4], 2: [2], 0: [5], 4: [6], 5: [7]})
    scores, trio, quartet, made = hand_points(TRIO, markers, 5, FACTORS)
    assert (trio, quartet, made) == (8, 20, True)
    assert scores == (15, 18, 15, 13, 10, 5, 13)


def test_v21_exactly_the_contract_makes_it():
    markers = _markers({1: [6, 7], 0: [1, 2, 3, 4, 5]})
    scores, trio, _, made = hand_points(TRIO, markers, 13, (1,) * 7)
    assert trio == 13 and made
    assert scores[1] == 13 + 13 and scores[0] == 15 - 13


def test_v22_the_engine_scores_a_played_hand_as_the_rules_say():
    game = _to_play(seed=8)
    captain = game.logs[-1].captain
    while game.phase is Phase.PLAY:
        game.apply(game.legal_actions(game.turn)[0])
    log = game.logs[-1]
    trio = {captain, (captain + 2) % 7, (captain - 2) % 7}
    trio_pts = sum(t.points for t in log.tricks if t.winner in trio)
    made = trio_pts >= 6
    for s in range(7):
        side = trio_pts if s in trio else 28 - trio_pts
        want = side + (6 if (s in trio) == made else -6)
        assert game.totals[s] == want


# ---------------------------------------------------------------- illegal actions: one line, nothing changed


def _refused(game, action, words: str) -> None:
    before = fingerprint(game)
    why = game.why_illegal(action)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert str(info.value) == why and "\n" not in why and words in why
    assert fingerprint(game) == before


def test_v9_a_total_not_above_the_standing_one_is_refused():
    game = dealt(3)
    e = game.turn
    game.apply(BasicBid(e, int(H), 7, 13))
    _refused(game, BasicBid(game.turn, int(S), 2, 13), "more than the standing 13")
    _refused(game, BasicBid(game.turn, int(S), 2, 29), "1 to 28")


def test_v12_a_factor_before_any_basic_bid_and_past_six_are_refused():
    game = dealt(3)
    _refused(game, FactorBid(game.turn), "basic bid")
    game.apply(BasicBid(game.turn, int(H), 7, 3))
    me = game.turn
    for _ in range(5):
        while game.turn != me:
            game.apply(AuctionPass(game.turn))
        game.apply(FactorBid(me))
    while game.turn != me:
        game.apply(AuctionPass(game.turn))
    _refused(game, FactorBid(me), "×6")


def test_v6_a_non_picture_bower_is_refused_with_picture_bowers():
    game = dealt(3, bowers="pictures")
    _refused(game, BasicBid(game.turn, int(H), 7, 3), "J, Q or K")
    assert all(a.rank in (11, 12, 13) for a in game.legal_actions(game.turn) if type(a) is BasicBid)
    game.apply(BasicBid(game.turn, int(H), 12, 3))


def test_v15_v17_an_illegal_discard_count_and_lead_choice_are_refused():
    game = dealt(4)
    captain = game.turn
    bid_and_close(game, BasicBid(captain, int(S), 10, 6))
    hand = game.hands[captain]
    _refused(game, Discard(captain, hand[:1]), "you must discard exactly 2 cards, not 1")  # said to the captain
    _refused(game, Discard(captain, hand[:3]), "exactly 2 cards")
    other = next(c for c in pack_for(True) if c not in hand)
    _refused(game, Discard(captain, [hand[0], other]), "not in")
    for _ in range(3):
        game.apply(game.legal_actions(game.turn)[0])
    _refused(game, ChooseLeader((captain + 1) % 7, 0), "turn")
    _refused(game, ChooseLeader(captain, 9), "seat")


def test_v18_a_card_that_does_not_follow_is_refused():
    game = _to_play(seed=4)
    ctx = bowers(int(S), 10)
    for _ in range(40):
        seat = game.turn
        hand = game.hands[seat]
        if game._trick:
            wrong = [c for c in hand if ctx.must_follow(hand, game._trick, c)]
            if wrong:
                _refused(game, Play(seat, wrong[0]), "V18")
                return
        game.apply(game.legal_actions(seat)[0])
    pytest.skip("no seat could break V18 in this deal")


def test_wrong_turn_and_wrong_phase_are_refused():
    game = dealt(3)
    _refused(game, AuctionPass((game.turn + 1) % 7), "turn")
    _refused(game, Discard(game.turn, game.hands[game.turn][:2]), "auction phase")
    _refused(game, DEAL, "cannot deal")


# ---------------------------------------------------------------- V14, V16: what each seat sees


def _cards_in(value, out: set) -> None:
    if isinstance(value, Card):
        out.add(int(value))
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            _cards_in(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _cards_in(v, out)
    elif hasattr(value, "__dataclass_fields__"):
        for f in fields(value):
            _cards_in(getattr(value, f.name), out)
    elif hasattr(value, "card"):
        _cards_in(value.card, out)
    elif hasattr(value, "cards"):
        _cards_in(value.cards, out)


def test_v16_an_observation_never_shows_another_seats_cards_or_the_kitty():
    game = dealt(6)
    captain = game.turn
    bid_and_close(game, BasicBid(captain, int(H), 9, 8))
    steps = 0
    while game.phase is not Phase.HAND_OVER:
        played = {int(c) for t in game.logs[-1].tricks for c in t.cards} | {int(c) for c in game._trick}
        for seat in range(7):
            obs = game.observe(seat)
            seen: set = set()
            _cards_in(obs, seen)
            log = game.logs[-1]
            mine = {int(c) for c in game.hands[seat]} | {int(c) for c in log.draws[seat]} \
                | {int(c) for c in log.discards[seat]}
            assert seen <= mine | played, (seat, seen - mine - played)
            assert obs.hand_counts == tuple(len(h) for h in game.hands)
        game.apply(game.legal_actions(game.turn)[0])
        steps += 1
    assert steps == 3 + 1 + 49
    # the test can fail: the deal's hands hold other seats' cards
    seen = set()
    _cards_in(game.logs[-1].deals[-1], seen)
    assert len(seen) == 53


def test_v16_the_kitty_is_never_observed_before_the_draw():
    game = dealt(6)
    kitty = {int(c) for c in game.kitty}
    for seat in range(7):
        seen: set = set()
        _cards_in(game.observe(seat), seen)
        assert not seen & kitty


# ---------------------------------------------------------------- records, actions, saves


def test_every_action_round_trips_through_its_text():
    actions = [DEAL, AuctionPass(3), FactorBid(6), BasicBid(0, int(H), 7, 13), BasicBid(2, int(S), 14, 28),
               BasicBid(5, int(C), 10, 1), Discard(1, cards("JK 5H")), Discard(4, cards("2C")), ChooseLeader(2, 6),
               Play(3, parse_card("10D")), Play(0, Card.from_code(JOKER))]
    for a in actions:
        text = SPEC.action_text(a)
        assert SPEC.parse_action(text) == a, text
        assert hash(SPEC.parse_action(text)) == hash(a)
    assert SPEC.action_text(BasicBid(0, int(H), 7, 13)) == "0 bid 13 H 7"
    for bad in ("3 bid 13 X 7", "3 bid H 13 7", "9 pass", "3 lead x", "3 frob"):
        with pytest.raises(ValueError):
            SPEC.parse_action(bad)


def test_a_game_replays_exactly_from_its_record_with_stacked_deals():
    game = new(21)
    game.apply(DEAL)
    stacked = (tuple(tuple(h) for h in game.logs[0].deals[0].hands), tuple(game.logs[0].deals[0].kitty))
    again = registry.new_game(NAME, {}, seed=99, stacked_deals=[stacked])
    again.apply(DEAL)
    assert [list(h) for h in again.hands] == [list(h) for h in game.hands]
    assert again.kitty == game.kitty
    text = json.dumps(record.to_record(again))
    data = json.loads(text)
    assert data["stacked_deals"][0]["kitty"] == [c.text() for c in game.kitty]
    loaded = record.from_record(data)
    assert fingerprint(loaded) == fingerprint(again)


def test_a_record_with_a_changed_score_is_refused():
    game = new(2)
    from ohseven_tui.bots import make_bot

    bots = [make_bot("easy", s) for s in range(7)]
    while not game.is_over:
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else bots[seats[0]].choose(game.observe(seats[0])))
    data = record.to_record(game)
    data["totals"][0] += 1
    with pytest.raises(record.RecordError):
        record.from_record(data)


# ---------------------------------------------------------------- V23, V24: statistics


def _result(number, captain, suit, rank, points, markers, factors, passed_out=0) -> HandResult:
    trio = (captain, (captain + 2) % 7, (captain - 2) % 7)
    scores, tp, qp, made = hand_points(trio, markers, points, factors)
    return HandResult(number, 0, passed_out, Contract(suit, rank, points), captain,
                      ((captain + 2) % 7, (captain - 2) % 7), factors, markers, tp, qp, made, scores)


def test_v23_v24_statistics_by_hand():
    one = _result(1, 1, H, 7, 13, (5, 8, 0, 8, 7, 0, 0), (1, 2, 1, 1, 2, 3, 1), passed_out=2)  # made (16)
    two = _result(2, 1, S, 11, 18, (5, 8, 0, 8, 7, 0, 0), (1, 1, 1, 1, 1, 1, 1))  # failed (16 < 18)
    three = _result(3, 4, H, 11, 3, (0, 0, 0, 0, 0, 0, 28), (1, 1, 1, 1, 1, 1, 4))  # Ellie 4: trio 4,6,2: made
    table, seats = game_stats([one, two, three], 7)
    assert table.passed_out == 2
    assert table.mean_contract == pytest.approx((13 + 18 + 3) / 3)
    assert table.made == 2 and table.made_share == pytest.approx(2 / 3)
    assert table.trump_counts == {"H": 2, "S": 1}
    assert table.bower_counts == {"7": 1, "J": 2}
    betty, greta, ellie = seats[1], seats[6], seats[4]
    assert betty.captain == 2 and betty.made_as_captain == 1 and betty.lieutenant == 0
    assert greta.lieutenant == 3 and greta.captain == 0  # Betty's twice, Ellie's once (4 + 2)
    assert ellie.captain == 1 and ellie.made_as_captain == 1
    assert greta.mean_factor == pytest.approx((1 + 1 + 4) / 3)
    # Betty: +42 (example one), 16 - 18 = -2, then quartet of a made 3: 0 - 3 = -3
    assert betty.points_per_hand == pytest.approx((42 - 2 - 3) / 3)


def test_the_scoresheet_and_statistics_views_of_a_finished_game():
    game = new(5)
    from ohseven_tui.bots import make_bot

    bots = [make_bot("easy", s) for s in range(7)]
    while not game.is_over:
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else bots[seats[0]].choose(game.observe(seats[0])))
    obs = game.observe(3)
    sheet = SPEC.sheet(obs)
    assert len(sheet.rounds) == 7 and sheet.totals == tuple(game.totals)
    first = game.results()[0]
    head = sheet.rounds[0].head
    assert head[2] == game.seats[first.captain].name
    assert head[4] == str(first.trio_points) and head[5] == str(28 - first.trio_points)
    assert head[6] == ("made" if first.made else "failed")
    assert [c.points for c in sheet.rounds[0].cells] == list(first.round_points)
    stats = SPEC.stats(obs)
    assert [s.id for s in stats.table] == ["V23"] * 5
    assert len(stats.seats) == 7 and all(len(row) == 5 for row in stats.seats)
    assert sum(int(row[1]) for row in stats.seats) == 7  # one captain a hand


# ---------------------------------------------------------------- the table view


def test_the_table_groups_the_hand_under_the_contract_and_marks_the_bowers():
    game = _to_play(seed=4, suit=H, rank=7)
    # give seat 0 a known hand by hand: the table reads only the observation
    obs = game.observe(0)
    hand = tuple(sorted(cards("JK 7D 7S AH 2H AD 7C"), reverse=True))
    from dataclasses import replace

    view = SPEC.table(replace(obs, hand=hand))
    assert view.hand_by_suit[0] == tuple(cards("JK 7D 7S 7C AH 2H")) or \
        view.hand_by_suit[0] == tuple(cards("JK 7D 7C 7S AH 2H"))
    assert view.hand_by_suit[1] == tuple(cards("AD"))
    marks = dict(view.hand_marks)
    assert marks[Card.from_code(JOKER)] == "overbower" and marks[parse_card("7D")] == "left bower"
    assert marks[parse_card("7S")] == "underbower"
    assert view.side_names == ("Trio", "Quartet")
    captain = obs.captain
    assert view.seats[captain].side == 0 and view.seats[(captain + 1) % 7].side == 1
    assert "Contract 6" in view.trump[0]


def test_v11_the_table_badges_the_captain_and_lieutenants_and_counts_trick_points():
    """V11: the trio is plain to see without colour: C the captain, L the two seats two
    to her left and two to her right; everyone's cell is the trick points taken (V20)."""
    game = _to_play(seed=4, suit=H, rank=7)
    obs = game.observe(0)
    view = SPEC.table(obs)
    captain = obs.captain
    lieutenants = {(captain + 2) % 7, (captain - 2) % 7}  # read from V11, not from the engine
    for seat, info in enumerate(view.seats):
        want = "C" if seat == captain else ("L" if seat in lieutenants else "")
        assert info.mark == want, seat
        assert ("took", "0") in info.cells


def test_during_the_auction_the_table_groups_the_hand_by_plain_suit_and_shows_the_bids():
    game = dealt(4)
    first = game.turn
    game.apply(BasicBid(first, int(H), 7, 13))
    game.apply(FactorBid(game.turn))
    obs = game.observe(0)
    from dataclasses import replace

    hand = tuple(sorted(cards("JK AS 7S 7H 2H KD 3C"), reverse=True))
    view = SPEC.table(replace(obs, hand=hand))
    assert view.hand_by_suit == ((Card.from_code(JOKER),), tuple(cards("AS 7S")), tuple(cards("7H 2H")),
                                 tuple(cards("KD")), tuple(cards("3C")))
    cells = dict(view.seats[first].cells)
    assert cells["bid"] == "13♥7"
    assert view.seats[(first + 1) % 7].cells == (("bid", "factor"), ("factor", "×2"))
    assert view.hand_marks == () and view.side_names == ()
    assert "13♥7" in view.trump[0]


def test_the_review_replays_a_finished_hand_step_by_step():
    game = registry.new_game(NAME, {}, seed=9)
    from ohseven_tui.bots import make_bot

    bots = [make_bot("easy", s) for s in range(7)]
    while not game.is_over:
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else bots[seats[0]].choose(game.observe(seats[0])))
    for index, log in enumerate(game.logs):
        steps = SPEC.review(game, index, Card.text)
        deals = len(log.deals)
        # every deal and its auction, the draws, the discards, the lead, 7 tricks, the score
        assert len(steps) == 2 * deals + 3 + 7 + 1
        assert all(len(s.hands) == 7 for s in steps)
        assert [len(h) for h in steps[-1].hands] == [0] * 7
        assert sum(len(h) for h in steps[2 * deals].hands) == 53  # after the draws: every card but none twice
        assert steps[-1].notes[log.captain].startswith("trio")


def test_the_scoresheet_heads_each_hand_with_its_contract_and_both_sides_trick_points():
    """Issue 13: the scoresheet shows per hand the contract and the trick points per
    side, made or failed, as well as each player's role, factor and score."""
    from ohseven_tui.bots import make_bot, play_game

    game = registry.new_game("seven-for-seven", {}, seed=9)
    play_game(game, [make_bot("easy", s) for s in range(7)])
    sheet = SPEC.sheet(game.observe(0))
    for rnd, result in zip(sheet.rounds, game.results()):
        c = result.contract
        head = rnd.label.split("\n")
        assert head[0] == f"H{result.number}"
        assert head[1].startswith(str(c.points)) and c.suit.symbol in head[1]
        assert head[2] == f"{result.trio_points}–{result.quartet_points} {'✓' if result.made else '✗'}"
        assert result.trio_points + result.quartet_points == 28  # V20


def test_a_seed_deals_what_it_always_dealt():
    """Saved games replay: seed 2024's first deal, written down once."""
    from deal_pins import first_deal

    assert first_deal("seven-for-seven", 7, 2024) == [
        "QS JH 10C 8H 8C 7H 3S", "QH QC 9D 9C 5D 4C 2D", "AC 10H 10D 9S 6D 6C 5S", "KS QD JS 5H 4D 3H 2S",
        "JK AD KC 9H 8D 7D 2H", "AS KD JD 8S 5C 4S 2C", "AH KH JC 10S 7C 6H 4H"]
