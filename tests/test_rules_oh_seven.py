"""Every Oh-Seven rule R1..R17 (docs/oh-seven.md), tested by its id.

Hard cases come from scripted (stacked) deals. Every expected value below was
worked out by hand from the rules and the scripted cards, not by running the engine.
"""

from collections import Counter

import pytest
from helpers import act, cards, finish_round, hands, new_game, play_first_legal

from ohseven_tui.games.ohhell import (
    DEAL,
    Bid,
    CardAlreadyBid,
    Game,
    MustFollowSuit,
    Phase,
    Play,
    RulesError,
    Suit,
    WrongPhase,
    make_rules,
    parse_card,
)

ALL_TEXTS = [f"{r}{s}" for r in range(8) for s in "SHDC"]

# --- Deal A: 4 players, one deck ------------------------------------------------
# Left out of play: 0S 0H 4D 7C.
DEAL_A = hands(
    "7S 6S 3S 0D 1D 2D 3D",
    "0C 1C 2C 3C 4C 5C 6C",
    "7H 6H 5H 4H 3H 2H 1H",
    "5S 4S 2S 1S 7D 6D 5D",
)
# Bids 3, 0, 1, 2: sum 6 (stands); top bid 3S -> trump Spades, seat 0 leads.
BIDS_A = ("0 bid 3S", "1 bid 0C", "2 bid 1H", "3 bid 2S")
TRICKS_A = [
    ("0 play 7S", "1 play 6C", "2 play 7H", "3 play 1S"),  # 7S top trump -> 0
    ("0 play 0D", "1 play 5C", "2 play 6H", "3 play 7D"),  # no trump, 7D top of D -> 3
    ("3 play 5S", "0 play 3S", "1 play 4C", "2 play 5H"),  # 5S beats 3S -> 3
    ("3 play 4S", "0 play 6S", "1 play 3C", "2 play 4H"),  # 6S -> 0
    ("0 play 1D", "1 play 2C", "2 play 3H", "3 play 5D"),  # 5D -> 3
    ("3 play 6D", "0 play 2D", "1 play 1C", "2 play 2H"),  # 6D -> 3
    ("3 play 2S", "0 play 3D", "1 play 0C", "2 play 1H"),  # 2S only trump -> 3
]
WINNERS_A = [0, 3, 3, 0, 3, 3, 3]
TAKEN_A = (2, 0, 0, 5)
# R16: bid 3 took 2 -> -1; bid 0 took 0 -> +2; bid 1 took 0 -> -1; bid 2 took 5 -> -3.
POINTS_A = (-1, 2, -1, -3)


def play_tricks(game, tricks):
    for trick in tricks:
        act(game, *trick)


# --- R1 --------------------------------------------------------------------------
def test_R1_two_to_nine_players_seats_numbered_from_zero():
    for n in range(2, 10):
        game = Game(make_rules("oh-seven", n), seed=1)
        assert game.players == n
        game.apply(DEAL)
        assert game.to_act() == tuple(range(n))
        assert [game.observation(s).seat for s in range(n)] == list(range(n))
    for bad in (0, 1, 10, 11):
        with pytest.raises(RulesError):
            make_rules("oh-seven", bad)


def test_R1_play_goes_clockwise_to_the_next_seat_wrapping_round():
    game = new_game(4, [DEAL_A])
    act(game, "deal", *BIDS_A)
    play_tricks(game, TRICKS_A[:2])  # seat 3 won trick 2 and leads trick 3
    assert game.current_seat == 3
    act(game, "3 play 5S")
    assert game.current_seat == 0  # left of seat 3 at a table of 4 is seat 0
    act(game, "0 play 3S")
    assert game.current_seat == 1


# --- R2 --------------------------------------------------------------------------
def test_R2_a_deck_has_32_cards_ranks_0_to_7_in_four_suits():
    game = Game(make_rules("oh-seven", 4), seed=2)
    pack = sorted(c.text() for c in game._pack)
    assert pack == sorted(ALL_TEXTS)
    assert len(pack) == 32


@pytest.mark.parametrize(
    "bids, top_seat, trump",
    [
        (("0 bid 4H", "1 bid 4S", "2 bid 4D", "3 bid 4C"), 1, Suit.SPADES),  # S > H, D, C
        (("0 bid 4H", "1 bid 1S", "2 bid 4D", "3 bid 1C"), 0, Suit.HEARTS),  # H > D
        (("0 bid 1H", "1 bid 1S", "2 bid 4D", "3 bid 4C"), 2, Suit.DIAMONDS),  # D > C
    ],
)
def test_R2_suit_order_spades_hearts_diamonds_clubs_breaks_bid_ties(bids, top_seat, trump):
    deal = hands(
        "4H 7H 6H 5H 3H 2H 1H",
        "4S 7S 6S 5S 3S 2S 1S",
        "4D 7D 6D 5D 3D 2D 1D",
        "4C 7C 6C 5C 3C 2C 1C",
    )
    game = new_game(4, [deal])
    act(game, "deal", *bids)
    assert game.phase is Phase.PLAY
    assert game.trump is trump
    assert game.round.top_bidders == (top_seat,)
    assert game.current_seat == top_seat


# --- R3 --------------------------------------------------------------------------
@pytest.mark.parametrize("players, decks", [(2, 1), (3, 1), (4, 1), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2)])
def test_R3_one_deck_for_two_to_four_two_decks_for_five_to_nine(players, decks):
    rules = make_rules("oh-seven", players)
    assert rules.decks == decks
    game = Game(rules, seed=players)
    pack = Counter(c.text() for c in game._pack)
    assert pack == Counter({t: decks for t in ALL_TEXTS})
    assert sum(pack.values()) == 32 * decks
    game.apply(DEAL)
    dealt = Counter(c.text() for h in game.hands for c in h)
    assert sum(dealt.values()) == 7 * players
    assert not dealt - pack  # no card dealt more often than the pack holds it


def test_R3_nine_players_deal_63_of_64_cards_so_copies_appear_twice():
    game = Game(make_rules("oh-seven", 9), seed=11)
    game.apply(DEAL)
    dealt = Counter(c.text() for h in game.hands for c in h)
    assert sum(dealt.values()) == 63
    assert sorted(Counter(dealt.values()).items()) == [(1, 1), (2, 31)]


# --- R4 --------------------------------------------------------------------------
# Two players. X: seat 0 holds every trump and bids 7 (takes 7: +9), seat 1 bids 1
# (takes 0: -1). Y: the same with seats swapped. Z: seat 0 takes 4 of 7 with bid 5,
# seat 1 takes 3 with bid 4: both -1.  X Y X Y X Y Z -> 23 each: a shared win.
_SPADES = "7S 6S 5S 4S 3S 2S 1S"
_HEARTS = "7H 6H 5H 4H 3H 2H 1H"
X = hands(_SPADES, _HEARTS)
Y = hands(_HEARTS, _SPADES)
Z = hands("7S 6S 5S 4S 3H 2H 1H", "7H 6H 5H 4H 3S 2S 1S")
TRICKS_Z = [
    ("0 play 7S", "1 play 1S"),
    ("0 play 6S", "1 play 2S"),
    ("0 play 5S", "1 play 3S"),
    ("0 play 4S", "1 play 4H"),  # seat 1 is out of spades: 4S trumps nothing, wins as led
    ("0 play 3H", "1 play 5H"),  # no trump, 5H beats 3H -> seat 1
    ("1 play 7H", "0 play 2H"),
    ("1 play 6H", "0 play 1H"),
]


def test_R4_seven_rounds_of_seven_tricks_and_equal_totals_share_the_win():
    game = new_game(2, [X, Y, X, Y, X, Y, Z])
    expected_points = [(9, -1), (-1, 9)] * 3 + [(-1, -1)]
    for number in range(1, 8):
        act(game, "deal")
        assert game.round_number == number
        assert [len(h) for h in game.hands] == [7, 7]
        if number == 7:
            act(game, "0 bid 5S", "1 bid 4H")
            play_tricks(game, TRICKS_Z)
        elif number % 2:
            act(game, "0 bid 7S", "1 bid 1H")
            finish_round(game)
        else:
            act(game, "0 bid 1H", "1 bid 7S")
            finish_round(game)
        assert len(game.round.tricks) == 7
        assert game.round.round_points == expected_points[number - 1]
    assert game.phase is Phase.GAME_OVER and game.is_over
    assert len(game.results()) == 7
    assert game.totals == [23, 23]
    assert game.winners == (0, 1)
    assert game.to_act() == ()
    with pytest.raises(WrongPhase):
        game.apply(DEAL)  # no eighth round


def test_R4_the_highest_total_wins_alone():
    game = new_game(2, [X, X, X, X, X, X, X])
    for _ in range(7):
        act(game, "deal", "0 bid 7S", "1 bid 1H")
        finish_round(game)
    assert game.totals == [63, -7]  # 7 x 9 and 7 x -1
    assert game.winners == (0,)


# --- R5 --------------------------------------------------------------------------
def test_R5_dealer_rotates_one_seat_left_each_round():
    game = Game(make_rules("oh-seven", 3), seed=5)
    dealers = []
    while not game.is_over:
        if game.phase in (Phase.DEAL, Phase.ROUND_OVER):
            game.apply(DEAL)
            dealers.append(game.dealer)
            assert game.observation(1).dealer == game.dealer
        else:
            play_first_legal(game, lambda g: g.phase in (Phase.DEAL, Phase.ROUND_OVER, Phase.GAME_OVER))
    # Redeals (if any) keep the dealer, so only changes count.
    changes = [d for i, d in enumerate(dealers) if i == 0 or d != dealers[i - 1]]
    assert changes == [0, 1, 2, 0, 1, 2, 0]
    assert [r.dealer for r in game.results()] == [0, 1, 2, 0, 1, 2, 0]


@pytest.mark.parametrize("players, seed", [(4, 3), (9, 4), (2, 5)])
def test_R5_seven_cards_each_and_leftover_cards_stay_out_of_play(players, seed):
    game = Game(make_rules("oh-seven", players), seed=seed)
    game.apply(DEAL)
    dealt = Counter(c for h in game.hands for c in h)
    assert [len(h) for h in game.hands] == [7] * players
    leftover = Counter(game._pack) - dealt
    assert sum(leftover.values()) == len(game._pack) - 7 * players
    play_first_legal(game, lambda g: g.phase in (Phase.ROUND_OVER, Phase.DEAL))
    assert game.phase is Phase.ROUND_OVER  # these seeds need no redeal
    played = Counter(c for t in game.round.tricks for c in t.cards)
    assert played == dealt  # exactly the dealt cards were played, no leftover card


# --- R6 / R7 -----------------------------------------------------------------------
THREE = hands("7S 6S 5S 4S 3S 2S 1S", "7H 6H 5H 4H 3H 2H 1H", "7D 6D 5D 4D 3D 2D 1D")
# Each seat passes its lowest cards. Left = seat+1, right = seat-1 (R1).
# Round -> (cards, direction, what each seat receives), worked out by hand.
SCHEDULE = {
    1: (0, 0, None),
    2: (1, +1, {0: "1D", 1: "1S", 2: "1H"}),  # 1 left: 0->1, 1->2, 2->0
    3: (2, -1, {0: "2H 1H", 1: "2D 1D", 2: "2S 1S"}),  # 2 right: 0->2, 1->0, 2->1
    4: (3, +1, {0: "3D 2D 1D", 1: "3S 2S 1S", 2: "3H 2H 1H"}),  # 3 left
    5: (2, -1, {0: "2H 1H", 1: "2D 1D", 2: "2S 1S"}),  # 2 right
    6: (1, +1, {0: "1D", 1: "1S", 2: "1H"}),  # 1 left
    7: (0, 0, None),
}
LOWEST = {0: "1S 2S 3S", 1: "1H 2H 3H", 2: "1D 2D 3D"}


def test_R6_every_step_of_the_passing_schedule_with_three_players():
    game = new_game(3, [THREE] * 7, passing=True)
    for number in range(1, 8):
        count, direction, received = SCHEDULE[number]
        act(game, "deal")
        assert game.dealer == (number - 1) % 3  # R5
        obs = game.observation(0)
        assert (obs.pass_count, obs.pass_direction) == (count, direction)
        if count == 0:
            assert game.phase is Phase.BID
        else:
            assert game.phase is Phase.PASS
            for seat in range(3):
                passed = LOWEST[seat].split()[:count]
                act(game, f"{seat} pass {' '.join(passed)}")
            assert game.phase is Phase.BID
            for seat in range(3):
                obs = game.observation(seat)
                assert sorted(c.text() for c in obs.received) == sorted(received[seat].split())
                gone = set(LOWEST[seat].split()[:count])
                original = {c.text() for c in THREE[0][seat]}
                assert {c.text() for c in obs.hand} == (original - gone) | set(received[seat].split())
        act(game, "0 bid 7S", "1 bid 7H", "2 bid 7D")  # sum 21: stands
        finish_round(game)
    assert game.is_over


def test_R6_R7_two_players_pass_to_their_only_neighbour_left_and_right():
    game = new_game(2, [X, X, X], passing=True)
    act(game, "deal", "0 bid 7S", "1 bid 7H")  # round 1: no passing
    finish_round(game)
    act(game, "deal")  # round 2: 1 card left
    assert game.phase is Phase.PASS
    act(game, "0 pass 1S", "1 pass 1H")
    assert [c.text() for c in game.observation(0).received] == ["1H"]
    assert [c.text() for c in game.observation(1).received] == ["1S"]
    act(game, "0 bid 7S", "1 bid 7H")
    finish_round(game)
    act(game, "deal")  # round 3: 2 cards right
    assert game.observation(0).pass_direction == -1
    act(game, "1 pass 2H 1H", "0 pass 2S 1S")
    assert sorted(c.text() for c in game.observation(0).received) == ["1H", "2H"]
    assert sorted(c.text() for c in game.observation(1).received) == ["1S", "2S"]


def test_R6_passing_is_off_by_default():
    rules = make_rules("oh-seven", 3)
    assert rules.passing is False
    game = new_game(3, [THREE] * 7)
    for _ in range(7):
        act(game, "deal")
        assert game.phase is Phase.BID
        act(game, "0 bid 7S", "1 bid 7H", "2 bid 7D")
        finish_round(game)


def test_R7_passes_are_chosen_face_down_and_revealed_together():
    game = new_game(3, [THREE, THREE], passing=True)
    act(game, "deal", "0 bid 7S", "1 bid 7H", "2 bid 7D")
    finish_round(game)
    act(game, "deal", "0 pass 1S")
    assert game.phase is Phase.PASS
    assert game.to_act() == (1, 2)
    assert "1S" in [c.text() for c in game.hands[0]]  # not moved yet
    assert all(game.observation(s).received is None for s in range(3))
    act(game, "2 pass 1D")
    assert "1D" not in [c.text() for c in game.hands[0]]  # still nothing arrived
    act(game, "1 pass 1H")
    assert game.phase is Phase.BID
    assert [c.text() for c in game.observation(0).received] == ["1D"]
    assert [c.text() for c in game.observation(1).received] == ["1S"]
    assert [c.text() for c in game.observation(2).received] == ["1H"]


# --- R8 / R9 -----------------------------------------------------------------------
def test_R8_bids_are_face_down_until_all_have_bid_and_bid_cards_stay_in_hand():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "2 bid 1H", "0 bid 3S", "3 bid 2S")  # any order
    assert game.phase is Phase.BID and game.to_act() == (1,)
    assert game.round.deals[-1].attempts == []  # nothing revealed yet
    assert game.observation(1).bid_attempts == ()
    act(game, "1 bid 0C")
    assert game.phase is Phase.PLAY
    assert game.round.bids == (3, 0, 1, 2)
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    for seat, text in enumerate(["3S", "0C", "1H", "2S"]):
        assert parse_card(text) in game.hands[seat]
    play_tricks(game, TRICKS_A)  # seat 0 plays its bid card 3S in trick 3
    assert game.round.taken == list(TAKEN_A)


def test_R9_highest_rank_is_the_top_bid_its_suit_is_trump_and_its_bidder_leads():
    deal = hands(
        "4H 7H 6H 5H 3H 2H 1H",
        "4S 7S 6S 5S 3S 2S 1S",
        "4D 7D 6D 5D 3D 2D 1D",
        "4C 7C 6C 5C 3C 2C 1C",
    )
    game = new_game(4, [deal])
    act(game, "deal", "0 bid 1H", "1 bid 4S", "2 bid 1D", "3 bid 5C")  # 5C outranks 4S
    assert game.trump is Suit.CLUBS
    assert game.round.top_bidders == (3,)
    assert game.round.leader == 3 and game.current_seat == 3
    assert game.observation(0).trump is Suit.CLUBS


# --- R10 .. R13: rebids and redeals -----------------------------------------------------
# Five players, two decks. Seats 0 and 1 both hold 7S and 7H.
DEAL_5 = hands(
    "7S 7H 6H 0C 1C 2C 3C",
    "7S 7H 5H 0D 1D 2D 3D",
    "6S 5S 4S 3S 2S 1S 0S",
    "6D 5D 4D 3D 2D 1D 0D",
    "6C 5C 4C 3C 2C 1C 0C",
)


def test_R10_identical_top_cards_with_two_decks_force_a_rebid():
    game = new_game(5, [DEAL_5])
    act(game, "deal", "0 bid 7S", "1 bid 7S", "2 bid 0S", "3 bid 0D", "4 bid 0C")  # sum 14
    assert game.phase is Phase.BID
    assert game.to_act() == (0, 1, 2, 3, 4)
    assert game.trump is None
    (attempt,) = game.round.deals[-1].attempts
    assert attempt.outcome == "identical-top"
    assert attempt.bonus == (0, 0, 0, 0, 0)  # not a sum of 7: nobody scores
    assert game.totals == [0, 0, 0, 0, 0]
    act(game, "0 bid 6H", "1 bid 5H", "2 bid 1S", "3 bid 1D", "4 bid 1C")  # sum 14, 6H tops
    assert game.phase is Phase.PLAY
    assert game.round.bids == (6, 5, 1, 1, 1)
    assert game.trump is Suit.HEARTS and game.current_seat == 0


@pytest.mark.parametrize(
    "first, top, bonus, round_points",
    [
        # 3 + 1 + 2 + 1 = 7, top bid 3D (seat 0): seat 0 scores 1 at once.
        (("0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S"), 0, (1, 0, 0, 0), (0, 2, -1, -3)),
        # 0 + 1 + 2 + 4 = 7, top bid 4S (seat 3).
        (("0 bid 0D", "1 bid 1C", "2 bid 2H", "3 bid 4S"), 3, (0, 0, 0, 1), (-1, 2, -1, -2)),
    ],
)
def test_R11_R17_bids_summing_to_seven_give_the_top_bidder_one_point_then_a_rebid(
    first, top, bonus, round_points
):
    game = new_game(4, [DEAL_A])
    act(game, "deal", *first)
    assert game.phase is Phase.BID  # a rebid follows
    (attempt,) = game.round.deals[-1].attempts
    assert attempt.outcome == "sum-7"
    assert attempt.bonus == bonus
    assert tuple(game.totals) == bonus  # scored at once, before any trick
    assert game.observation((top + 1) % 4).bonus == bonus  # and public
    act(game, *BIDS_A)  # the rebid stands: sum 6
    play_tricks(game, TRICKS_A)
    assert game.round.points == POINTS_A
    assert game.round.round_points == round_points  # R17: bonus + R16
    assert tuple(game.totals) == round_points
    (result,) = game.results()
    assert result.bonus == bonus and result.round_points == round_points


DEAL_5B = hands(
    "3S 7H 6H 0C 1C 2C 3C",
    "3S 7H 5H 0D 1D 2D 3D",
    "6S 5S 4S 7S 2S 1S 0S",
    "6D 5D 4D 3D 2D 1D 0D",
    "6C 5C 4C 3C 2C 1C 0C",
)


def test_R11_identical_top_cards_summing_to_seven_each_score_one():
    game = new_game(5, [DEAL_5B])
    act(game, "deal", "0 bid 3S", "1 bid 3S", "2 bid 1S", "3 bid 0D", "4 bid 0C")  # 3+3+1 = 7
    (attempt,) = game.round.deals[-1].attempts
    assert attempt.outcome == "sum-7"
    assert attempt.bonus == (1, 1, 0, 0, 0)
    assert game.totals == [1, 1, 0, 0, 0]
    assert game.phase is Phase.BID
    act(game, "0 bid 7H", "1 bid 7H", "2 bid 7S", "3 bid 6D", "4 bid 6C")  # 7S tops 7H (R2)
    assert game.phase is Phase.PLAY
    assert game.trump is Suit.SPADES and game.current_seat == 2
    assert game.round.bonus == [1, 1, 0, 0, 0]


def test_R12_a_rebid_may_only_use_a_card_not_yet_bid_this_round():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S")  # sum 7: rebid
    assert Bid(0, parse_card("3D")) not in game.legal_actions(0)
    assert len(game.legal_actions(0)) == 6
    with pytest.raises(CardAlreadyBid, match="3♦"):
        game.apply(Bid(0, parse_card("3D")))
    act(game, *BIDS_A)  # new cards: the new bids replace the old ones
    assert game.round.bids == (3, 0, 1, 2)
    assert game.round.bid_cards == tuple(cards("3S 0C 1H 2S"))


# Five players, two decks: seat 0 holds both 6S; seats 1-3 both copies of a 0; seat 4 both 1C.
DEAL_5C = hands(
    "6S 6S 0H 1H 2H 3H 4H",
    "0D 0D 7D 6D 5D 4D 3D",
    "0S 0S 7S 5S 4S 3S 2S",
    "0C 0C 7C 6C 5C 4C 3C",
    "1C 1C 2C 2C 1D 1D 2D",
)


def test_R12_R11_with_two_copies_the_second_copy_may_be_bid_then_neither():
    game = new_game(5, [DEAL_5C])
    first = ("0 bid 6S", "1 bid 0D", "2 bid 0S", "3 bid 0C", "4 bid 1C")  # 6+1 = 7
    act(game, "deal", *first)
    assert game.totals == [1, 0, 0, 0, 0]
    assert Bid(0, parse_card("6S")) in game.legal_actions(0)  # the second copy
    act(game, *first)  # every seat bids its second copy: 7 again (R11 applies again)
    attempts = game.round.deals[-1].attempts
    assert [a.outcome for a in attempts] == ["sum-7", "sum-7"]
    assert game.totals == [2, 0, 0, 0, 0]
    assert Bid(0, parse_card("6S")) not in game.legal_actions(0)
    with pytest.raises(CardAlreadyBid):
        game.apply(Bid(0, parse_card("6S")))
    act(game, "0 bid 4H", "1 bid 7D", "2 bid 7S", "3 bid 7C", "4 bid 2C")
    assert game.phase is Phase.PLAY
    assert game.round.bids == (4, 7, 7, 7, 2)
    assert game.trump is Suit.SPADES and game.current_seat == 2
    assert game.round.bonus == [2, 0, 0, 0, 0]


# Two players, one deck: every pair of bids can be made to sum to 7.
LOW = hands("0S 1S 2S 3S 4S 5S 6S", "7H 6H 5H 4H 3H 2H 1H")


def seven_failed_bids(game, low_cards, high_cards):
    """Bid low_cards[i] against high_cards[i]: each pair sums to 7 (R11)."""
    for i in range(7):
        assert game.phase is Phase.BID
        act(game, f"0 bid {low_cards[i]}", f"1 bid {high_cards[i]}")


def test_R13_R5_seven_failed_bids_redeal_keeping_bonus_and_dealer():
    game = new_game(2, [LOW, X])
    act(game, "deal")
    seven_failed_bids(game, "0S 1S 2S 3S 4S 5S 6S".split(), "7H 6H 5H 4H 3H 2H 1H".split())
    # Top bidder of each pair: seat 1 for 0-7, 1-6, 2-5, 3-4; seat 0 for 4-3, 5-2, 6-1.
    assert game.phase is Phase.DEAL
    assert game.to_act() == ()
    assert game.round.bonus == [3, 4]
    assert game.totals == [3, 4]
    act(game, "deal")  # the redeal (second stacked deal)
    assert game.round_number == 1 and game.dealer == 0
    assert len(game.round.deals) == 2
    assert [len(h) for h in game.hands] == [7, 7]
    assert {c.text() for c in game.hands[0]} == set(_SPADES.split())
    assert game.round.bonus == [3, 4] and game.totals == [3, 4]
    obs = game.observation(1)
    assert obs.deal_number == 2
    assert [n for n, _ in obs.bid_attempts] == [1] * 7  # the failed attempts stay visible
    assert obs.bid_with == ()  # a fresh hand: every card may be bid again
    act(game, "0 bid 7S", "1 bid 7H")
    finish_round(game)  # seat 0 holds all seven trumps: 7 tricks
    (result,) = game.results()
    assert result.redeals == 1 and result.attempts == 8
    assert result.points == (9, -7)
    assert result.round_points == (12, -3)  # R17: 3 + 9, 4 - 7
    assert game.totals == [12, -3]


def test_R13_a_redeal_repeats_the_passing_step():
    game = new_game(2, [X, LOW, X], passing=True)
    act(game, "deal", "0 bid 7S", "1 bid 7H")
    finish_round(game)
    assert game.totals == [9, -7]  # round 1: seat 0 takes all 7 with bid 7; seat 1 bid 7 took 0
    act(game, "deal")  # round 2: dealer 1, pass 1 card left
    assert game.dealer == 1 and game.phase is Phase.PASS
    act(game, "0 pass 6S", "1 pass 6H")
    assert {c.text() for c in game.hands[0]} == set("0S 1S 2S 3S 4S 5S 6H".split())
    seven_failed_bids(game, "0S 1S 2S 3S 4S 5S 6H".split(), "7H 6S 5H 4H 3H 2H 1H".split())
    assert game.phase is Phase.DEAL
    assert game.totals == [9 + 3, -7 + 4]
    act(game, "deal")
    assert game.phase is Phase.PASS  # passing again
    assert game.dealer == 1 and game.round_number == 2
    assert game.observation(0).pass_count == 1
    assert game.observation(0).received is None
    act(game, "0 pass 1S", "1 pass 1H")
    assert [c.text() for c in game.observation(0).received] == ["1H"]
    act(game, "0 bid 7S", "1 bid 7H")
    finish_round(game)
    # Seat 0 holds 7S-2S and 1H; seat 1 holds 1S and hearts. Spades are led until
    # seat 0 leads 1H last and loses it: seat 0 takes 6 (bid 7: -1), seat 1 takes 1 (-6).
    assert game.round.taken == [6, 1]
    assert game.round.round_points == (3 - 1, 4 - 6)
    assert game.totals == [12 - 1, -3 - 6]


# --- R14 ----------------------------------------------------------------------------
def test_R14_leader_plays_any_card_others_must_follow_suit_if_they_can():
    game = new_game(4, [DEAL_A])
    act(game, "deal", *BIDS_A)
    assert len(game.legal_actions(0)) == 7  # the leader: any card
    act(game, "0 play 7S")
    assert len(game.legal_actions(1)) == 7  # seat 1 has no spade: any card
    act(game, "1 play 6C", "2 play 7H")
    assert sorted(a.card.text() for a in game.legal_actions(3)) == ["1S", "2S", "4S", "5S"]
    with pytest.raises(MustFollowSuit, match="Spades"):
        game.apply(Play(3, parse_card("7D")))
    act(game, "3 play 1S")
    assert game.round.tricks[0].winner == 0


# --- R15 ----------------------------------------------------------------------------
def test_R15_identical_cards_in_one_trick_the_one_played_first_wins():
    game = new_game(5, [DEAL_5])
    act(game, "deal", "0 bid 7S", "1 bid 7S", "2 bid 0S", "3 bid 0D", "4 bid 0C")
    act(game, "0 bid 6H", "1 bid 5H", "2 bid 1S", "3 bid 1D", "4 bid 1C")  # trump Hearts
    # Trick 1: two identical trumps 7H; seat 0 played first.
    act(game, "0 play 7H", "1 play 7H", "2 play 0S", "3 play 0D", "4 play 0C")
    # Trick 2: clubs led; seat 1 trumps with 5H over seat 4's higher 6C.
    act(game, "0 play 0C", "1 play 5H", "2 play 1S", "3 play 1D", "4 play 6C")
    # Trick 3: seat 1 leads 7S; seat 0, playing last, has the identical 7S.
    act(game, "1 play 7S", "2 play 6S", "3 play 6D", "4 play 5C", "0 play 7S")
    assert [t.winner for t in game.round.tricks] == [0, 1, 1]
    assert game.round.taken == [1, 2, 0, 0, 0]
    assert game.current_seat == 1  # the winner leads next


def test_R15_highest_trump_wins_else_highest_of_the_suit_led():
    game = new_game(4, [DEAL_A])
    act(game, "deal", *BIDS_A)
    play_tricks(game, TRICKS_A)
    assert [t.winner for t in game.round.tricks] == WINNERS_A
    assert [t.leader for t in game.round.tricks] == [0] + WINNERS_A[:-1]


# --- R16 / R17 ------------------------------------------------------------------------
def test_R16_exact_scores_bid_plus_two_a_miss_loses_the_difference():
    game = new_game(4, [DEAL_A])
    act(game, "deal", *BIDS_A)
    play_tricks(game, TRICKS_A)
    assert game.phase is Phase.ROUND_OVER
    assert game.round.bids == (3, 0, 1, 2)
    assert game.round.taken == list(TAKEN_A)
    assert game.round.points == POINTS_A  # bid 3 took 2 -> -1; bid 0 took 0 -> +2
    assert game.round.round_points == POINTS_A  # no rebid points
    assert tuple(game.totals) == POINTS_A


def test_R16_bid_seven_took_seven_scores_nine():
    game = new_game(2, [X])
    act(game, "deal", "0 bid 7S", "1 bid 1H")
    finish_round(game)
    assert game.round.points == (9, -1)


def test_R16_a_zero_bid_that_takes_tricks_loses_them():
    game = new_game(2, [hands("0S 1S 2S 3S 4S 5S 6S", "0H 7H 6H 5H 4H 3H 2H")])
    act(game, "deal", "0 bid 0S", "1 bid 0H")  # 0S tops 0H by suit: seat 0 leads, spades trump
    finish_round(game)  # seat 0 holds all seven trumps
    assert game.round.taken == [7, 0]
    assert game.round.points == (-7, 2)


def test_R17_round_points_add_rebid_points_to_trick_points_over_several_rounds():
    game = new_game(4, [DEAL_A, DEAL_A])
    act(game, "deal", "0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S", *BIDS_A)
    play_tricks(game, TRICKS_A)
    assert game.round.round_points == (0, 2, -1, -3)
    act(game, "deal", "0 bid 0D", "1 bid 1C", "2 bid 2H", "3 bid 4S", *BIDS_A)
    play_tricks(game, TRICKS_A)  # same deal, dealer 1: the top bidder still leads
    assert game.round.round_points == (-1, 2, -1, -2)
    assert game.totals == [-1, 4, -2, -5]
    assert [r.round_points for r in game.results()] == [(0, 2, -1, -3), (-1, 2, -1, -2)]


def test_every_rule_R1_to_R17_has_a_test_naming_it():
    import re
    import sys

    names = [n for n in dir(sys.modules[__name__]) if n.startswith("test_")]
    missing = [i for i in range(1, 18) if not any(re.search(rf"_R{i}_", n) for n in names)]
    assert not missing, [f"R{i}" for i in missing]


def test_a_seed_deals_what_it_always_dealt():
    """Saved games replay: seed 2024's first deal, written down once."""
    from random import Random

    from deal_pins import first_deal

    from ohseven_tui.games.ohhell import fast, make_rules

    assert first_deal("oh-seven", 2, 2024) == ["7S 5C 4S 4C 2C 1S 0S", "4H 3D 3C 2S 1D 1C 0C"]
    assert first_deal("oh-seven", 9, 2024)[::4] == ["4D 4C 2S 2H 1H 0S 0D", "7H 6C 5D 5C 4S 2C 1S",
                                                  "7S 7C 5S 4S 4H 4D 1C"]
    assert fast.fast_hands(make_rules("oh-seven", 3)).deal(7, Random(2024).random) == \
        ([2149122440, 276529, 1925185600], None)
    assert fast.fast_hands(make_rules("oh-seven", 6)).deal(7, Random(2024).random)[0][1] == (2818589698, 134217728)
