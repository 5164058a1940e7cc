"""The Oh Hell presets (oh-hell.md, H1-H7 and U1-U7) on the one state machine.

Expected values come from the rules applied by hand to scripted deals.
"""

from __future__ import annotations

import random

import pytest

from ohseven_tui.games.ohhell import (
    DEAL,
    BidNumber,
    Game,
    HookBid,
    NotYourTurn,
    Phase,
    Play,
    RulesError,
    make_rules,
    parse_card,
    parse_cards,
)
from ohseven_tui.games.ohhell import Game as StateGame

SPADES_TOP = parse_cards("AS KS QS JS 10S 9S 8S".split())
HEARTS = parse_cards("AH KH QH JH 10H 9H 8H".split())
DIAMONDS = parse_cards("AD KD QD JD 10D 9D 8D".split())
CLUBS = parse_cards("AC KC QC JC 10C 9C 8C".split())


def test_presets_use_the_same_state_machine():
    for preset in ("oh-seven", "classic", "up-and-down"):
        game = Game(make_rules(preset, 4), seed=1)
        assert type(game) is StateGame


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
def test_H1_U1_three_to_seven_players(preset):
    for players in (3, 4, 5, 6, 7):
        assert make_rules(preset, players).players == players
    for players in (2, 8, 9):
        with pytest.raises(RulesError, match="3 to 7 players"):
            make_rules(preset, players)
    with pytest.raises(RulesError):
        make_rules(preset, 4, passing=True)


def _random_to_end(game: Game, rng: random.Random, on_deal=None) -> Game:
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
            if on_deal:
                on_deal(game)
            continue
        for seat in seats:
            game.apply(rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize(
    "preset,sizes",
    [("classic", [7, 6, 5, 4, 3, 2, 1]), ("up-and-down", [7, 6, 5, 4, 3, 2, 2, 3, 4, 5, 6, 7])],
)
def test_H2_U2_hand_sizes_and_dealer(preset, sizes):
    game = _random_to_end(Game(make_rules(preset, 4), seed=11), random.Random(2))
    assert [log.hand_size for log in game.rounds] == sizes
    assert [len(log.deals[0].hands[0]) for log in game.rounds] == sizes
    first = game.rounds[0].dealer
    assert [log.dealer for log in game.rounds] == [(first + i) % 4 for i in range(len(sizes))]
    # The first dealer is drawn from the seed: reproducible, and not always seat 0.
    firsts = {Game(make_rules(preset, 4), seed=s).dealer for s in range(30)}
    assert len(firsts) > 1
    assert Game(make_rules(preset, 4), seed=5).dealer == Game(make_rules(preset, 4), seed=5).dealer


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
def test_H3_U3_turned_card_is_trump(preset):
    game = Game(make_rules(preset, 3), seed=4)
    game.apply(DEAL)
    deal = game.round.deals[-1]
    assert deal.turned is not None
    dealt = [c for h in deal.hands for c in h]
    assert deal.turned not in dealt  # the next card of the pack, not a dealt one
    obs = game.observation(0)
    assert obs.turned == deal.turned
    assert obs.trump == deal.turned.suit  # known from the deal on, before any bid
    _bid_all(game, [1, 2, 3])
    assert game.observation(1).trump == deal.turned.suit


def _bid_all(game: Game, numbers) -> None:
    """Bid numbers[seat] for every seat, in the order the engine asks."""
    while game.phase is Phase.BID:
        for seat in game.to_act():
            game.apply(BidNumber(seat, numbers[seat]))


def test_H3_no_trump_when_no_card_is_turned():
    # A 3-player hand with no turned card (as when the pack is used up).
    hands = (SPADES_TOP, HEARTS, DIAMONDS)
    game = Game(make_rules("classic", 3), seed=1, stacked_deals=[(hands, None)])
    game.apply(DEAL)
    _bid_all(game, [1, 1, 1] if game.dealer != 2 else [1, 1, 0])
    assert game.observation(0).trump is None
    # Everyone is void in the led suit: with no trump the led suit wins every trick.
    leader = game.turn
    game.apply(Play(leader, game.hands[leader][0]))
    for seat in ((leader + 1) % 3, (leader + 2) % 3):
        game.apply(Play(seat, game.hands[seat][0]))
    assert game.round.tricks[0].winner == leader


def test_H4_bidding_in_turn_from_dealers_left_with_the_hook():
    game = Game(make_rules("classic", 4), seed=3)
    game.apply(DEAL)
    dealer = game.dealer
    order = [(dealer + i) % 4 for i in (1, 2, 3, 4)]
    assert game.to_act() == (order[0],)
    with pytest.raises(NotYourTurn):
        game.apply(BidNumber(order[1], 1))
    assert [a.number for a in game.legal_actions(order[0])] == list(range(8))
    game.apply(BidNumber(order[0], 2))
    # Bids in turn are said aloud: every seat's observation hears them.
    assert all(game.observation(s).bids_made == ((order[0], 2),) for s in range(4))
    game.apply(BidNumber(order[1], 3))
    game.apply(BidNumber(order[2], 0))
    assert game.observation(order[0]).bids_made == ((order[0], 2), (order[1], 3), (order[2], 0))
    # 2 + 3 + 0 = 5, so the dealer may not bid 2 (sum would be 7, the hand size).
    assert game.to_act() == (dealer,)
    assert 2 not in [a.number for a in game.legal_actions(dealer)]
    assert game.observation(dealer).hook == 2
    before = game.observation(dealer)
    with pytest.raises(HookBid, match="may not bid 2"):
        game.apply(BidNumber(dealer, 2))
    assert game.observation(dealer) == before
    game.apply(BidNumber(dealer, 1))
    assert game.phase is Phase.PLAY
    bids = game.observation(0).bids
    assert bids[order[0]] == 2 and bids[order[1]] == 3 and bids[order[2]] == 0 and bids[dealer] == 1


def test_H4_no_hook_when_the_sum_is_already_past_the_hand():
    game = Game(make_rules("classic", 3), seed=3)
    game.apply(DEAL)
    dealer = game.dealer
    first, second = (dealer + 1) % 3, (dealer + 2) % 3
    game.apply(BidNumber(first, 7))
    game.apply(BidNumber(second, 7))
    assert [a.number for a in game.legal_actions(dealer)] == list(range(8))


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
def test_H5_U5_left_of_dealer_leads(preset):
    game = Game(make_rules(preset, 5), seed=8)
    game.apply(DEAL)
    _bid_all(game, [0, 1, 2, 4, 5])
    assert game.turn == (game.dealer + 1) % 5
    assert game.observation(0).leader == (game.dealer + 1) % 5


def _one_sided_round(preset: str, bids_by_role):
    """Seat 0 holds the seven top spades and spades are trump, so seat 0 takes all
    seven tricks whatever anyone plays. Returns (game, bids) after the round."""
    hands = (SPADES_TOP, HEARTS, DIAMONDS)
    game = Game(make_rules(preset, 3), seed=2, stacked_deals=[(hands, parse_card("2S"))])
    game.apply(DEAL)
    bids = bids_by_role(game.dealer)
    _bid_all(game, bids)
    rng = random.Random(1)
    while game.phase is Phase.PLAY:
        game.apply(rng.choice(game.legal_actions(game.turn)))
    assert game.round.taken == [7, 0, 0]
    return game, bids


def test_H6_exact_scores_ten_plus_tricks_a_miss_scores_nothing():
    # Bids 7, 0 and 1 (the hook forbids a dealer's 0 when the others bid 7 and 0).
    def bids(dealer):
        return [7, 0, 1] if dealer == 2 else [7, 1, 0] if dealer == 1 else [7, 0, 1]

    game, b = _one_sided_round("classic", bids)
    expected = [10 + 7] + [10 if b[s] == 0 else 0 for s in (1, 2)]
    assert list(game.round.points) == expected
    assert game.totals == expected


def test_U6_exact_scores_the_bid_a_miss_loses_the_difference():
    game, _ = _one_sided_round("up-and-down", lambda dealer: [7, 0, 2])
    # Seat 0: exact 7 -> 7. Seat 1: bid 0 took 0 -> 0. Seat 2: bid 2 took 0 -> -2.
    assert list(game.round.points) == [7, 0, -2]


def test_U4_simultaneous_number_bids_revealed_together_and_no_hook():
    game = Game(make_rules("up-and-down", 3), seed=6)
    game.apply(DEAL)
    dealer = game.dealer
    assert set(game.to_act()) == {0, 1, 2}
    others = [s for s in range(3) if s != dealer]
    game.apply(BidNumber(others[0], 3))
    # Not revealed: another seat sees only that a bid was laid.
    obs = game.observation(others[1])
    assert obs.bids is None and obs.my_bid is None and obs.acted[others[0]]
    game.apply(BidNumber(others[1], 3))
    # 3 + 3 + 1 = 7 = hand size: allowed, there is no hook (U4).
    assert 1 in [a.number for a in game.legal_actions(dealer)]
    game.apply(BidNumber(dealer, 1))
    assert game.phase is Phase.PLAY


@pytest.mark.parametrize("preset,rounds", [("classic", 7), ("up-and-down", 12)])
def test_H7_U7_highest_total_after_the_last_hand_wins(preset, rounds):
    game = _random_to_end(Game(make_rules(preset, 4), seed=21), random.Random(4))
    assert game.is_over and len(game.results()) == rounds
    sums = [sum(r.round_points[s] for r in game.results()) for s in range(4)]
    assert game.totals == sums
    best = max(sums)
    assert game.winners == tuple(s for s in range(4) if sums[s] == best)


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
def test_the_scoresheet_keys_never_speak_of_rebids_h4_u4(preset):
    """Oh Hell has no rebid and no R11 point (H4, U4: the bids simply stand); the
    scoresheet's key for the round in play said "any rebid point already won"."""
    from ohseven_tui.engine import registry

    view = registry.game_spec(preset).view({"players": 4})
    for text in (view.legend, view.in_play_legend, view.scoring_note, view.contract_note):
        assert "rebid" not in text.lower() and "R11" not in text


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
def test_statistics_name_the_highest_number_bid_not_a_top_bid_card(preset):
    """oh-hell.md: S1-S10 apply to every preset, the "top bid" being the highest
    number bid, and trump is turned (H3, U3), never selected by a bid (found by the
    new-user walkthrough: "S4 trump selection", "Top bids" in a classic game)."""
    from ohseven_tui.engine import registry

    game = registry.new_game(preset, {"players": 4}, seed=1)
    view = game.spec.stats(game.observe(0))
    words = " ".join([*(f"{s.label} {s.long}" for s in view.table), *(c for _, c in view.columns),
                      *view.long_columns, view.note]).lower()
    assert "top bid" not in words and "top-bid" not in words and "selection" not in words
    assert "highest bid" in words


def test_a_seed_deals_what_it_always_dealt():
    """Saved games replay: seed 2024's first deal, written down once."""
    from random import Random

    from deal_pins import first_deal

    from ohseven_tui.games.ohhell import fast, make_rules

    assert first_deal("classic", 3, 2024) == ["AH KS QH JS 7D 5D 4S", "KH 9S 8S 6S 6D 6C 5S",
                                              "10S 10H 8D 4H 4C 3C 2H"]
    assert first_deal("up-and-down", 7, 2024)[-1] == "QS QD QC JH JC 8H 7C"
    assert fast.fast_hands(make_rules("classic", 4)).deal(7, Random(2024).random) == \
        ([288237076302798848, 9007221267038720, 2621235754303744, 36600544164317184], 22)
