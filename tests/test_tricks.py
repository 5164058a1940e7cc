"""The shared trick core (engine.tricks): trump contexts for a plain trump suit
(R14, R15), bowers (V7, V18, V19) and criticals and strikers (W5, W7, W8)."""

import random

import pytest

from ohseven_tui.engine import JOKER, parse_card
from ohseven_tui.engine.cards import make_pack
from ohseven_tui.engine.tricks import Follow, bowers, criticals, plain_trump

C, D, H, S = 0, 1, 2, 3


def cards(text):
    return [parse_card(t) for t in text.split()]


def ranked(ctx, pack):
    """The pack's trumps, strongest first, as the context ranks them."""
    trumps = [c for c in pack if ctx.is_trump(c)]
    return sorted(trumps, key=lambda c: -ctx.strength[c])


# ---------------------------------------------------------------- plain trump
def test_r15_trump_beats_the_suit_led_and_a_discard_never_wins():
    ctx = plain_trump(S)
    trick = cards("7H 0S 6D 3H")  # Oh-Seven ranks 0..7
    assert ctx.winner(trick) == 1
    assert plain_trump(C).winner(trick) == 0  # no trump played: the highest heart
    assert plain_trump(None).winner(cards("2H 7D 3H")) == 2


def test_r15_of_two_identical_cards_the_first_played_wins():
    ctx = plain_trump(H)
    assert ctx.winner(cards("5S 7C 5S")) == 0
    assert ctx.winner(cards("1D 4H 4H")) == 1


def test_r14_follow_the_suit_led_when_you_can():
    ctx = plain_trump(S)
    hand = cards("7S 2H 1H 0D")
    assert ctx.playable(hand, cards("5H")) == cards("2H 1H")
    assert ctx.playable(hand, cards("5C")) == hand  # void: anything
    assert ctx.must_follow(hand, cards("5H"), parse_card("7S"))
    assert not ctx.must_follow(hand, cards("5H"), parse_card("1H"))
    assert ctx.playable(hand, []) == hand


def test_a_plain_context_agrees_with_a_hand_written_rule_on_random_tricks():
    rng = random.Random(5)
    pack = make_pack(range(2, 15))
    for _ in range(2000):
        trump = rng.choice([None, C, D, H, S])
        trick = rng.sample(pack, rng.randint(2, 7))
        led = trick[0] & 3

        def key(c, trump=trump, led=led):
            if trump is not None and c & 3 == trump:
                return (2, c >> 2)
            return (1, c >> 2) if c & 3 == led else (0, 0)

        best = max(range(len(trick)), key=lambda i: (key(trick[i]), -i))
        assert plain_trump(trump).winner(trick) == best


# ---------------------------------------------------------------- bowers (V7)
def test_v7_the_worked_example_trump_hearts_bower_rank_7():
    ctx = bowers(H, 7)
    pack = make_pack(range(2, 15)) + [parse_card("JK")]
    order = ranked(ctx, pack)
    assert order[:3] == cards("JK 7H 7D")
    assert set(order[3:5]) == set(cards("7S 7C"))
    assert ctx.strength[parse_card("7S")] == ctx.strength[parse_card("7C")]  # equal underbowers
    assert order[5:] == cards("AH KH QH JH 10H 9H 8H 6H 5H 4H 3H 2H")
    assert len(order) == 17
    diamonds = [c for c in pack if ctx.suit[c] == D]
    assert len(diamonds) == 12 and parse_card("7D") not in diamonds


def test_v7_without_the_joker_the_trump_suit_has_16_cards():
    ctx = bowers(S, 11)
    pack = make_pack(range(2, 15))
    order = ranked(ctx, pack)
    assert len(order) == 16
    assert order[:2] == cards("JS JC")  # right bower, then left (clubs: spades' colour)
    for suit in (C, D, H):
        assert len([c for c in pack if ctx.suit[c] == suit]) == 12


def test_v7_of_the_two_underbowers_the_first_played_wins():
    ctx = bowers(H, 7)
    assert ctx.winner(cards("7S 7C 2H")) == 0
    assert ctx.winner(cards("3D 7C 7S")) == 1
    assert ctx.winner(cards("7C 7S JK")) == 2  # the overbower beats both


def test_v18_a_led_left_bower_is_a_trump_so_players_must_follow_trump():
    ctx = bowers(H, 7)
    led = cards("7D")  # the left bower: a heart under this contract
    hand = cards("2H 5D KC")
    assert ctx.playable(hand, led) == cards("2H")
    assert ctx.must_follow(hand, led, parse_card("5D"))
    only_diamonds = cards("5D KC")
    assert ctx.playable(only_diamonds, led) == only_diamonds  # no trump: any card


def test_v18_the_bower_rank_card_of_a_plain_suit_does_not_follow_that_suit():
    ctx = bowers(H, 7)
    hand = cards("7C 3S")  # 7C is an underbower (a trump), so the hand has no club
    assert ctx.playable(hand, cards("KC")) == hand
    assert ctx.playable(cards("7C 2C 3S"), cards("KC")) == cards("2C")


def test_v19_no_trump_played_the_highest_of_the_suit_led_wins():
    ctx = bowers(S, 5)
    assert ctx.winner(cards("9D AD KC")) == 1
    assert ctx.winner(cards("9D 2S AD")) == 1  # a trump
    assert ctx.winner(cards("9D 5D AD")) == 1  # 5D is a bower here


def test_the_joker_has_no_suit_but_its_contracts():
    joker = parse_card("JK")
    assert int(joker) == JOKER and joker.is_joker and joker.text() == "JK"
    for trump in (C, D, H, S):
        assert bowers(trump, 9).suit[JOKER] == trump


# ---------------------------------------------------------------- criticals (W5)
CRITS = tuple(cards("KH 7D 7C"))  # Maxi, Belli, Spitz


def test_w5_the_full_order_striker_rank_9_trump_spades():
    ctx = criticals(9, S, CRITS)
    pack = make_pack(range(7, 15))
    order = ranked(ctx, pack)
    assert order[:3] == cards("KH 7D 7C")
    assert order[3] == parse_card("9S")  # the chief striker
    assert set(order[4:7]) == set(cards("9H 9D 9C"))
    assert len({ctx.strength[c] for c in order[4:7]}) == 1  # strikers are equal
    assert order[7:] == cards("AS KS QS JS 10S 8S 7S")
    assert ctx.chief == parse_card("9S")
    assert ctx.follow is Follow.CHIEF_STRIKER


def test_w5_a_chief_striker_that_is_a_critical_means_no_chief_striker():
    ctx = criticals(7, D, CRITS)  # 7D is Belli
    assert ctx.chief is None
    pack = make_pack(range(7, 15))
    order = ranked(ctx, pack)
    assert order[:3] == cards("KH 7D 7C")
    assert set(order[3:5]) == set(cards("7H 7S"))  # the other strikers, equal
    assert order[5] == parse_card("AD")


def test_w5_of_two_strikers_the_first_played_wins():
    ctx = criticals(10, C, CRITS)
    assert ctx.winner(cards("10H 10D AC")) == 0
    assert ctx.winner(cards("8S 10D 10H")) == 1
    assert ctx.winner(cards("10H 10C")) == 1  # the chief striker beats a striker


def test_w8_a_third_plain_suit_never_wins():
    ctx = criticals(10, C, CRITS)
    assert ctx.winner(cards("8S AH AD QS")) == 3  # spades led; hearts and diamonds never win


def test_w7_only_a_led_chief_striker_to_trick_one_forces_a_trump():
    ctx = criticals(9, S, CRITS)
    hand = cards("AS 8H 10D")
    assert ctx.playable(hand, cards("9S"), first_trick=True) == cards("AS")
    assert ctx.must_follow(hand, cards("9S"), parse_card("8H"), first_trick=True)
    assert ctx.playable(hand, cards("9S"), first_trick=False) == hand  # a later trick: no duty
    assert ctx.playable(hand, cards("KS"), first_trick=True) == hand  # another trump led: no duty
    assert ctx.playable(cards("8H 10D"), cards("9S"), first_trick=True) == cards("8H 10D")  # no trump held
    assert ctx.playable(cards("8H KH"), cards("9S"), first_trick=True) == cards("KH")  # a critical is a trump


@pytest.mark.parametrize("make", [lambda: plain_trump(D), lambda: bowers(C, 12), lambda: criticals(8, H, CRITS)])
def test_contexts_are_cached_values(make):
    assert make() is make()


def test_the_table_free_plain_winner_agrees_with_the_plain_context():
    """plain_winner is the Oh Hell family's hot-loop form of plain_trump(t).winner:
    they must never disagree (two decks included: identical cards, R15)."""
    from ohseven_tui.engine.tricks import NO_SUIT, plain_winner

    rng = random.Random(8)
    for ranks, decks in ((range(8), 2), (range(2, 15), 1)):
        pack = make_pack(ranks, decks)
        for _ in range(3000):
            trump = rng.choice([None, C, D, H, S])
            trick = rng.sample(pack, rng.randint(1, 9))
            assert plain_winner(trick, NO_SUIT if trump is None else trump) == plain_trump(trump).winner(trick)
