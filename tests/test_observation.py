"""observation(seat) holds what that seat may know, and nothing more (issue 2, section 3)."""

import dataclasses
import random
import re

import pytest
from helpers import act, cards, finish_round, hands, new_game, play_random

from ohseven_tui.games.ohhell import Phase, Suit, parse_card

# Disjoint, known hands (one deck, 4 players). Left out of play: 0S 0H 4D 7C.
TEXTS_A = (
    "7S 6S 3S 0D 1D 2D 3D",
    "0C 1C 2C 3C 4C 5C 6C",
    "7H 6H 5H 4H 3H 2H 1H",
    "5S 4S 2S 1S 7D 6D 5D",
)
DEAL_A = hands(*TEXTS_A)
THREE_TEXTS = ("7S 6S 5S 4S 3S 2S 1S", "7H 6H 5H 4H 3H 2H 1H", "7D 6D 5D 4D 3D 2D 1D")
THREE = hands(*THREE_TEXTS)


def mentions(obs, text: str) -> bool:
    """Does the observation's full text show the card ``text`` anywhere?"""
    return re.search(rf"\b{re.escape(text)}\b", repr(obs)) is not None


def assert_blind_to(game, seat, texts):
    obs = game.observation(seat)
    seen = [t for t in texts if mentions(obs, t)]
    assert not seen, f"seat {seat} can see {seen}"


def test_own_hand_and_never_another_seats_hand():
    game = new_game(4, [DEAL_A])
    act(game, "deal")
    for seat in range(4):
        obs = game.observation(seat)
        assert obs.seat == seat
        assert sorted(obs.hand, reverse=True) == sorted(cards(TEXTS_A[seat]), reverse=True)
        assert obs.hand_counts == (7, 7, 7, 7)
        others = [t for s in range(4) if s != seat for t in TEXTS_A[s].split()]
        assert_blind_to(game, seat, others)
        assert all(a.seat == seat for a in obs.legal_actions)
        # the left-out cards are nobody's business either
        assert_blind_to(game, seat, ["0S", "0H", "4D", "7C"])


def test_the_search_would_find_a_leak():
    """The blindness check is not vacuous: a seat's own cards are found."""
    game = new_game(4, [DEAL_A])
    act(game, "deal")
    obs = game.observation(0)
    assert all(mentions(obs, t) for t in TEXTS_A[0].split())


def test_a_face_down_bid_is_invisible_until_all_have_bid():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3S")
    assert game.observation(0).my_bid == parse_card("3S")
    for seat in (1, 2, 3):
        obs = game.observation(seat)
        assert obs.my_bid is None
        assert obs.bid_attempts == () and obs.bids is None
        assert obs.acted == (True, False, False, False)  # that seat 0 has bid is public
        assert_blind_to(game, seat, ["3S"])
    act(game, "1 bid 0C", "2 bid 1H")
    assert game.observation(3).acted == (True, True, True, False)
    assert_blind_to(game, 3, ["3S", "0C", "1H"])
    act(game, "3 bid 2S")
    obs = game.observation(1)
    assert obs.bids == (3, 0, 1, 2)
    assert obs.bid_cards == tuple(cards("3S 0C 1H 2S"))
    assert obs.trump is Suit.SPADES and obs.leader == 0 and obs.top_bidders == (0,)
    assert mentions(obs, "3S")  # revealed now
    assert_blind_to(game, 1, ["7S", "6S", "0D", "7H", "5S", "7D"])  # the rest stays hidden


def test_failed_bid_attempts_of_this_round_are_shown():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S")  # sum 7: seat 0 +1
    act(game, "2 bid 1H")  # face down in the rebid
    obs = game.observation(1)
    assert obs.deal_number == 1
    ((deal_no, attempt),) = obs.bid_attempts
    assert deal_no == 1
    assert attempt.bids == tuple(cards("3D 1C 2H 1S"))
    assert attempt.outcome == "sum-7" and attempt.bonus == (1, 0, 0, 0)
    assert obs.bonus == (1, 0, 0, 0) and obs.totals == (1, 0, 0, 0)
    assert obs.bid_with == tuple(cards("1C"))  # R12: what seat 1 may no longer bid
    assert obs.acted == (False, False, True, False)
    assert_blind_to(game, 1, ["1H"])  # seat 2's new face-down bid


def test_bid_attempts_from_before_a_redeal_are_shown():
    low = hands("0S 1S 2S 3S 4S 5S 6S", "7H 6H 5H 4H 3H 2H 1H")
    again = hands("7S 6S 5S 4S 3S 2S 1S", "0H 7H 6H 5H 4H 3H 2H")
    game = new_game(2, [low, again])
    act(game, "deal")
    for i in range(7):
        act(game, f"0 bid {i}S", f"1 bid {7 - i}H")  # every attempt sums to 7
    act(game, "deal")
    obs = game.observation(0)
    assert obs.deal_number == 2
    assert [n for n, _ in obs.bid_attempts] == [1] * 7
    assert [a.bids for _, a in obs.bid_attempts] == [
        (parse_card(f"{i}S"), parse_card(f"{7 - i}H")) for i in range(7)
    ]
    assert obs.bonus == (3, 4)  # seat 1 topped 0-7, 1-6, 2-5, 3-4; seat 0 the rest
    assert_blind_to(game, 0, ["0H"])  # seat 1's new hand: 0H was never bid
    assert obs.hand == tuple(cards("7S 6S 5S 4S 3S 2S 1S"))


def test_passed_and_received_cards_and_face_down_passes():
    game = new_game(3, [THREE, THREE], passing=True)
    act(game, "deal", "0 bid 7S", "1 bid 7H", "2 bid 7D")
    finish_round(game)
    act(game, "deal", "0 pass 2S")  # round 2: 1 card left, 0 -> 1 -> 2 -> 0
    obs0 = game.observation(0)
    assert obs0.passed == tuple(cards("2S")) and obs0.received is None
    assert (obs0.pass_count, obs0.pass_to, obs0.pass_from) == (1, 1, 2)
    assert game.observation(1).passed is None
    assert_blind_to(game, 1, ["2S"])
    assert_blind_to(game, 2, ["2S"])
    act(game, "1 pass 3H", "2 pass 4D")
    obs0, obs1, obs2 = (game.observation(s) for s in range(3))
    assert obs0.received == tuple(cards("4D")) and parse_card("4D") in obs0.hand
    assert obs1.received == tuple(cards("2S")) and obs1.passed == tuple(cards("3H"))
    assert obs2.received == tuple(cards("3H"))
    # Seat 2 knows only what it passed and got: not seat 0's pass to seat 1.
    assert_blind_to(game, 2, ["2S"])
    assert mentions(obs0, "2S")  # seat 0 knows where its own card went


def test_trump_leader_trick_tricks_taken_and_scores():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3S", "1 bid 0C", "2 bid 1H", "3 bid 2S")
    act(game, "0 play 7S", "1 play 6C", "2 play 7H", "3 play 1S")  # seat 0 wins
    act(game, "0 play 0D", "1 play 5C")
    obs = game.observation(2)
    assert obs.trump is Suit.SPADES and obs.leader == 0
    assert obs.trick == ((0, parse_card("0D")), (1, parse_card("5C")))
    assert obs.trick_leader == 0
    assert [t.cards for t in obs.tricks] == [tuple(cards("7S 6C 7H 1S"))]
    assert obs.tricks[0].winner == 0 and obs.taken == (1, 0, 0, 0)
    assert obs.hand_counts == (5, 5, 6, 6)
    assert obs.to_act == (2,)
    assert obs.played_cards() == cards("7S 6C 7H 1S 0D 5C")
    assert_blind_to(game, 2, ["6S", "1D", "5S", "7D"])  # 3S was bid: public
    # Finish the round (worked out in test_rules_oh_seven: taken 2 0 0 5).
    act(game, "2 play 6H", "3 play 7D")
    for trick in [
        ("3 play 5S", "0 play 3S", "1 play 4C", "2 play 5H"),
        ("3 play 4S", "0 play 6S", "1 play 3C", "2 play 4H"),
        ("0 play 1D", "1 play 2C", "2 play 3H", "3 play 5D"),
        ("3 play 6D", "0 play 2D", "1 play 1C", "2 play 2H"),
        ("3 play 2S", "0 play 3D", "1 play 0C", "2 play 1H"),
    ]:
        act(game, *trick)
    obs = game.observation(1)
    assert obs.phase is Phase.ROUND_OVER
    assert obs.taken == (2, 0, 0, 5)
    assert obs.totals == (-1, 2, -1, -3)
    (result,) = obs.results
    assert result.points == (-1, 2, -1, -3) and result.trump is Suit.SPADES
    assert obs.hand == () and obs.trick == ()


def test_no_such_seat():
    game = new_game(4, [DEAL_A])
    with pytest.raises(ValueError):
        game.observation(4)


@pytest.mark.parametrize("players, passing, seed", [(2, True, 1), (3, True, 2), (4, False, 3), (4, True, 4), (3, False, 5)])
def test_random_games_never_show_a_secret_card(players, passing, seed):
    """At every step, each seat's observation names no card that sits only in other
    hands and has not been made public (bid, played, or passed by this seat)."""
    game = new_game(players, passing=passing, seed=seed)
    checked = [0]

    def check(g, action):
        log = g.round
        if log is None:
            return
        public = {c for d in log.deals for a in d.attempts for c in a.bids}  # revealed bids
        for seat in range(players):
            own = set(g.hands[seat])
            passed = set(g.observation(seat).passed or ())
            secret = {c for s in range(players) if s != seat for c in g.hands[s]} - own - public - passed
            # Earlier rounds' results name their (public) bid cards, and the last trick may be an
            # earlier round's (cards of an earlier deal); leave them out.
            obs = g.observation(seat)
            earlier = obs.last_trick is not None and obs.last_trick.round != obs.round_number
            text = repr(dataclasses.replace(obs, results=(), last_trick=None if earlier else obs.last_trick))
            leaked = [c.text() for c in secret if re.search(rf"\b{c.text()}\b", text)]
            assert not leaked, (seat, leaked, action)
            checked[0] += 1

    play_random(game, random.Random(seed), check)
    assert game.is_over and checked[0] > 100
