"""Watten's rules by id (docs/watten.md, W1-W13). Expected values come
from the rules text and hand-built deals, never from running the engine."""

from __future__ import annotations

import pytest
from watten_helpers import act, cards, fingerprint, game, reference_winner, stacked

from ohseven_tui.engine import IllegalAction, OptionError, record, registry
from ohseven_tui.engine.actions import DEAL, Play
from ohseven_tui.engine.cards import Card, Suit, parse_card
from ohseven_tui.engine.errors import MustFollowSuit, NotYourTurn, WrongPhase
from ohseven_tui.games.watten import Go, Hold, NameStriker, NameTrump, Phase, Raise, RaiseTwice, context

C = parse_card
# Seat 3 deals the first hand (seed 0), so seat 0 is eldest: it names the striker and leads.
DEAL_A = stacked("9H KH 7D 7C AH", "8H AS KS QS JS", "9S AD KD QD JD", "AC KC QC JC 10C")
START_A = ("deal", "0 striker 9", "3 trump H")  # striker 9, trump hearts: 9H is the chief striker


def started(*deals, **options):
    g = game(*(deals or (DEAL_A,)), **options)
    act(g, *START_A)
    return g


# ---------------------------------------------------------------- W1, W2, W3
def test_w1_partners_opposite_share_their_side_points():
    g = started()
    act(g, "0 play 9H", "1 play 8H", "2 play 9S", "3 play AC", "0 play KH", "1 play AS", "2 play AD",
        "3 play KC", "0 play 7D", "1 play KS", "2 play KD", "3 play QC")
    assert g.totals == [2, 0, 2, 0]  # seats 0 and 2 against 1 and 3
    assert registry.game_spec("watten").view({}).sides == ((0, 2), (1, 3))


def test_w1_four_players_only():
    with pytest.raises(OptionError):
        registry.new_game("watten", {"players": 3})


def test_w2_w3_a_32_card_pack_five_each_and_twelve_out_of_play():
    g = game(seed=5)
    g.apply(DEAL)
    hands = [c for s in range(4) for c in g.hands[s]]
    rest = list(g.hand.rest)
    assert [len(g.hands[s]) for s in range(4)] == [5, 5, 5, 5] and len(rest) == 12
    everything = sorted(hands + rest)
    pack = sorted(Card(r, s) for r in range(7, 15) for s in range(4))
    assert everything == pack


def test_w3_the_deal_moves_left_and_the_first_dealer_comes_from_the_seed():
    dealers = {game(seed=s).dealer for s in range(12)}
    assert len(dealers) > 1  # the seed decides
    g = game()
    assert g.dealer == 3
    act(g, "deal", "0 striker A", "3 trump S", "0 raise", "1 go")  # a quick hand
    g.apply(DEAL)
    assert g.dealer == 0 and g.to_act() == (1,)  # one seat left; seat 1 is eldest now


def test_w3_the_rest_stays_out_of_play_and_out_of_every_observation():
    g = game(seed=7)
    g.apply(DEAL)
    rest = set(g.hand.rest)
    for seat in range(4):
        obs = g.observe(seat)
        assert not rest & set(obs.hand)
        assert not rest & set(obs.played_cards())


# ---------------------------------------------------------------- W4
def test_w4_eldest_names_the_striker_rank_then_the_dealer_the_trump_suit():
    g = game(DEAL_A)
    g.apply(DEAL)
    assert g.phase is Phase.STRIKER and g.to_act() == (0,)
    assert sorted(a.rank for a in g.legal_actions(0)) == [7, 8, 9, 10, 11, 12, 13, 14]
    assert g.legal_actions(3) == []
    with pytest.raises(NotYourTurn):
        g.apply(NameStriker(3, 9))
    g.apply(NameStriker(0, 9))
    assert g.phase is Phase.TRUMP and g.to_act() == (3,)
    assert {a.suit for a in g.legal_actions(3)} == set(Suit)
    with pytest.raises(NotYourTurn):
        g.apply(NameTrump(0, Suit.HEARTS))
    g.apply(NameTrump(3, Suit.HEARTS))
    obs = g.observe(1)
    assert obs.striker == 9 and obs.trump is Suit.HEARTS  # said aloud: every seat sees them
    assert g.phase is Phase.PLAY


def test_w4_a_striker_rank_outside_the_pack_is_refused():
    g = game(DEAL_A)
    g.apply(DEAL)
    why = g.why_illegal(NameStriker(0, 5))
    assert why and "\n" not in why


# ---------------------------------------------------------------- W5 (the trump context)
def _strength(striker: int, trump: Suit, text: str) -> int:
    return context(striker, trump).strength[C(text)]


@pytest.mark.parametrize("striker", range(7, 15))
@pytest.mark.parametrize("trump", list(Suit))
def test_w5_the_criticals_are_always_the_top_three_in_order(striker, trump):
    ctx = context(striker, trump)
    maxi, belli, spitz = (ctx.strength[C(t)] for t in ("KH", "7D", "7C"))
    others = [ctx.strength[Card(r, s)] for r in range(7, 15) for s in range(4)
              if Card(r, s) not in (C("KH"), C("7D"), C("7C"))]
    assert maxi > belli > spitz > max(others)
    assert all(ctx.suit[C(t)] == trump for t in ("KH", "7D", "7C"))  # criticals are trumps


def test_w5_the_chief_striker_beats_the_other_strikers_and_the_trump_ace():
    assert _strength(9, Suit.SPADES, "9S") > _strength(9, Suit.SPADES, "9D") == _strength(9, Suit.SPADES, "9C")
    assert _strength(9, Suit.SPADES, "9H") > _strength(9, Suit.SPADES, "AS")
    assert context(9, Suit.SPADES).chief == C("9S")


def test_w5_a_chief_striker_that_is_a_critical_means_no_chief_striker():
    ctx = context(13, Suit.HEARTS)  # K♥ is Maxi
    assert ctx.chief is None
    assert ctx.strength[C("KS")] == ctx.strength[C("KD")] == ctx.strength[C("KC")]  # all plain strikers
    assert ctx.strength[C("KH")] > ctx.strength[C("7D")]  # still Maxi
    ctx7 = context(7, Suit.DIAMONDS)  # 7♦ is Belli
    assert ctx7.chief is None
    assert ctx7.strength[C("7H")] == ctx7.strength[C("7S")]
    assert ctx7.strength[C("7C")] > ctx7.strength[C("7H")]  # Spitz is a critical, not a striker


def test_w5_the_trump_suit_runs_a_k_q_j_10_9_8_7_below_the_strikers():
    ctx = context(10, Suit.CLUBS)
    order = [ctx.strength[C(t)] for t in ("AC", "KC", "QC", "JC", "9C", "8C")]
    assert order == sorted(order, reverse=True) and len(set(order)) == 6
    assert ctx.strength[C("10H")] > ctx.strength[C("AC")]  # a striker above the trump ace


def test_w5_two_strikers_in_one_trick_the_first_played_wins():
    ctx = context(9, Suit.HEARTS)
    assert ctx.winner(cards("9S 9D AH 8S")) == 0
    assert ctx.winner(cards("AH 9D 9S KS")) == 1
    assert ctx.winner(cards("9S 9D 9H 8S")) == 2  # but the chief striker beats them


def test_w5_ordering_matches_a_reading_of_the_rules_for_every_striker_and_trump():
    pack = [Card(r, s) for r in range(7, 15) for s in range(4)]
    for striker in range(7, 15):
        for trump in Suit:
            ctx = context(striker, trump)
            for i in range(0, 32, 3):
                trick = [pack[(i + k * 7) % 32] for k in range(4)]
                assert ctx.winner(trick) == reference_winner(trick, striker, trump), (striker, trump, trick)


# ---------------------------------------------------------------- W6
def test_w6_eldest_leads_and_the_trick_winner_leads_the_next():
    g = started()
    assert g.to_act() == (0,)
    act(g, "0 play AH", "1 play 8H", "2 play AD", "3 play AC")  # A♥ wins: seat 0 again
    assert g.to_act() == (0,)
    act(g, "0 play 7C", "1 play AS", "2 play 9S", "3 play KC")  # Spitz (7♣) wins
    assert g.to_act() == (0,)


def test_w6_a_trick_won_by_another_seat_moves_the_lead():
    g = started(stacked("8C AH 7S 8S 10S", "9H KH 7D 7C QH", "9S AD KD QD JD", "AC KC QC JC 10C"))
    act(g, "0 play 8C", "1 play 9H", "2 play AD", "3 play AC")  # the chief striker wins for seat 1
    assert g.to_act() == (1,)


# ---------------------------------------------------------------- W7
def test_w7_a_led_chief_striker_forces_a_trump_from_every_holder():
    g = started()
    act(g, "0 play 9H")
    why = g.why_illegal(Play(1, C("AS")))
    assert why and "\n" not in why and "trump" in why and "W7" in why
    with pytest.raises(MustFollowSuit):
        g.apply(Play(1, C("AS")))
    assert [a.card for a in g.legal_actions(1) if type(a) is Play] == [C("8H")]
    act(g, "1 play 8H")
    # seat 2's only trump is the striker 9♠ (a striker is a trump, W5)
    assert [a.card for a in g.legal_actions(2) if type(a) is Play] == [C("9S")]
    act(g, "2 play 9S")
    # seat 3 holds no trump: any card
    assert len([a for a in g.legal_actions(3) if type(a) is Play]) == 5


def test_w7_a_critical_counts_as_a_trump_to_play():
    g = started(stacked("9H AS 8S JS 10S", "7C AD KD QD JD", "KS QS 8D 9D 10D", "AC KC QC JC 10C"))
    act(g, "0 play 9H")
    assert [a.card for a in g.legal_actions(1) if type(a) is Play] == [C("7C")]


def test_w7_no_player_must_follow_or_trump_otherwise():
    g = started()
    act(g, "0 play AH")  # a plain trump led: nothing forced
    assert len([a for a in g.legal_actions(1) if type(a) is Play]) == 5
    g2 = started(stacked("9S KH 7D 7C AH", "8H AS KS QS JS", "9H AD KD QD JD", "AC KC QC JC 10C"))
    act(g2, "0 play 9S")  # a striker that is not the chief: nothing forced
    assert len([a for a in g2.legal_actions(1) if type(a) is Play]) == 5


def test_w7_the_chief_striker_led_to_a_later_trick_forces_nothing():
    g = started(stacked("AH 9H 7D 7C KH", "8H AS KS QS JS", "9S AD KD QD JD", "AC KC QC JC 10C"))
    act(g, "0 play AH", "1 play AS", "2 play AD", "3 play AC")  # A♥ (trump) wins
    act(g, "0 play 9H")
    assert len([a for a in g.legal_actions(1) if type(a) is Play]) == 4


# ---------------------------------------------------------------- W8
def test_w8_the_highest_trump_wins():
    g = started()
    act(g, "0 play AH", "1 play 8H", "2 play 9S", "3 play AC")  # the striker 9♠ beats the trump ace
    assert g.hand.tricks[-1].winner == 2


def test_w8_without_trumps_the_highest_of_the_suit_led_wins_and_a_third_suit_never():
    g = started(stacked("8C AS KS QS JS", "AD 9H 8H 7H 10H", "QC KD QD JD 10D", "AH KH 7D 7C 9S"))
    act(g, "0 play 8C", "1 play AD", "2 play QC", "3 play 9S")  # 9♠ is a striker: trump!
    assert g.hand.tricks[-1].winner == 3
    g2 = started(stacked("8C AS KS QS JS", "AD JH 8H 7H 10H", "QC KD QD JD 10D", "AC KH 7D 7S 9S"))
    act(g2, "0 play 8C", "1 play AD", "2 play QC", "3 play 7S")  # no trump: the clubs decide
    assert g2.hand.tricks[-1].winner == 2  # Q♣ over 8♣; A♦ (another suit) never wins


# ---------------------------------------------------------------- W9
def test_w9_three_tricks_win_and_the_hand_ends_at_once():
    g = started()
    act(g, "0 play 9H", "1 play 8H", "2 play 9S", "3 play AC", "0 play KH", "1 play AS", "2 play AD",
        "3 play KC")
    assert g.phase is Phase.PLAY and g.hand.side_tricks == [2, 0]
    act(g, "0 play 7D", "1 play KS", "2 play KD", "3 play QC")
    assert g.phase is Phase.DEAL and g.hand.side_tricks == [3, 0]
    assert [len(g.hands[s]) for s in range(4)] == [2, 2, 2, 2]  # the other cards are not played
    assert g.side_points == [2, 0]  # W10: a hand is worth 2
    assert g.legal_actions(1) == [DEAL] and g.to_act() == ()
    result = g.results()[-1]
    assert result.ended == "three tricks" and result.straight and result.stake == 2


def test_w9_a_hand_of_three_to_two():
    g = started(stacked("AH QS 7S 8S 10S", "9H KS 8D 9D 10D", "KH QH JS 9C 8C", "7D 7C JH 10H AS"))
    # striker 9, trump hearts. T1: 0 AH, 1 9H(chief) wins for side B
    act(g, "0 play AH", "1 play 9H", "2 play 8C", "3 play AS")  # B 1
    act(g, "1 play KS", "2 play KH", "3 play JH", "0 play QS")  # Maxi: A 1
    act(g, "2 play 9C", "3 play 7D", "0 play 7S", "1 play 8D")  # Belli: B 2
    act(g, "3 play 7C", "0 play 8S", "1 play 9D", "2 play QH")  # Spitz: B 3
    assert g.hand.side_tricks == [1, 3] and g.phase is Phase.DEAL
    assert g.side_points == [0, 2]
    assert not g.results()[-1].straight


# ---------------------------------------------------------------- W10
def test_w10_a_raise_the_answer_by_the_next_opponent_and_hold():
    g = started()
    assert Raise(0) in g.legal_actions(0)
    act(g, "0 raise")
    assert g.phase is Phase.ANSWER and g.to_act() == (1,)
    assert set(g.legal_actions(1)) == {Hold(1), Go(1)}
    assert g.legal_actions(0) == []
    obs = g.observe(2)
    assert obs.open_raise.seat == 0 and obs.open_raise.answerer == 1 and obs.stake == 2
    act(g, "1 hold")
    assert g.phase is Phase.PLAY and g.to_act() == (0,) and g.hand.stake == 3
    assert Raise(0) not in g.legal_actions(0)  # the raiser still plays her card
    act(g, "0 play 9H")


def test_w10_go_ends_the_hand_and_the_raisers_score_the_stake_before_the_raise():
    g = started()
    act(g, "0 raise", "1 go")
    assert g.phase is Phase.DEAL and g.side_points == [2, 0]
    r = g.results()[-1]
    assert r.ended == "went" and r.stake == 2 and r.winner == 0


def test_w10_sides_alternate_and_a_go_after_a_hold_scores_the_held_stake():
    g = started()
    act(g, "0 raise", "1 hold", "0 play 9H")
    assert Raise(1) in g.legal_actions(1)  # the other side may raise now
    act(g, "1 raise")
    assert g.to_act() == (2,)  # seat 2 plays next: it answers for side A
    act(g, "2 go")
    assert g.side_points == [0, 3]  # side B raised from 3 to 4; A went: B scores 3
    assert [(x.seat, x.answer) for x in g.results()[-1].raises] == [(0, "hold"), (1, "go")]


def test_w10_a_side_may_not_raise_twice_in_a_row():
    g = started()
    act(g, "0 raise", "1 hold", "0 play 9H", "1 play 8H")
    before = fingerprint(g)
    why = g.why_illegal(Raise(2))  # seat 2 is side A, which raised last
    assert why and "\n" not in why and "W10" in why
    with pytest.raises(RaiseTwice) as info:
        g.apply(Raise(2))
    assert str(info.value) == why and fingerprint(g) == before
    assert Raise(2) not in g.legal_actions(2)
    act(g, "2 play 9S", "3 raise", "0 hold")  # side B raises; then side A may again
    act(g, "3 play AC", "0 raise", "1 hold")
    assert g.hand.stake == 5


def test_w10_a_held_stake_is_what_three_tricks_score():
    g = started()
    act(g, "0 raise", "1 hold", "0 play 9H", "1 play 8H", "2 play 9S", "3 raise", "0 hold", "3 play AC",
        "0 play KH", "1 play AS", "2 play AD", "3 play KC", "0 play 7D", "1 play KS", "2 play KD", "3 play QC")
    assert g.side_points == [4, 0]
    assert g.results()[-1].stake == 4


def test_w10_raising_out_of_turn_or_answering_with_no_raise_open_is_refused():
    g = started()
    before = fingerprint(g)
    for action, kind in ((Raise(2), NotYourTurn), (Hold(1), WrongPhase), (Go(1), WrongPhase)):
        why = g.why_illegal(action)
        assert why and "\n" not in why
        with pytest.raises(kind) as info:
            g.apply(action)
        assert str(info.value) == why and fingerprint(g) == before
    act(g, "0 raise")
    for action in (Hold(3), Go(2), Raise(1), Play(1, C("8H")), Play(0, C("9H"))):
        with pytest.raises(IllegalAction):
            g.apply(action)
    g2 = game(DEAL_A)
    g2.apply(DEAL)
    with pytest.raises(WrongPhase):
        g2.apply(Raise(0))  # no raising before the trump is named


# ---------------------------------------------------------------- W11
def _side_a_raises_and_b_goes(g) -> None:
    """One hand: the first seat of side A in turn to play raises; side B goes."""
    g.apply(DEAL)
    hand = g.hand
    act(g, f"{hand.eldest} striker A", f"{hand.dealer} trump S")
    if hand.eldest % 2:  # side B leads: it plays a card, then side A raises
        g.apply(next(a for a in g.legal_actions(hand.eldest) if type(a) is Play))
    seat = g.to_act()[0]
    act(g, f"{seat} raise", f"{(seat + 1) % 4} go")


@pytest.mark.parametrize("target", [11, 13, 15, 18])
def test_w11_the_first_side_to_the_target_wins_and_no_further_hand_is_dealt(target):
    g = game(target=target)
    hands = 0
    while not g.is_over:
        _side_a_raises_and_b_goes(g)
        hands += 1
    expect = -(-target // 2)  # 2 points a hand
    assert hands == expect and g.side_points == [2 * expect, 0]
    assert g.winners == (0, 2) and g.legal_actions() == [] and g.to_act() == ()
    assert g.phase is Phase.OVER and g.why_illegal(DEAL)


def test_w11_the_default_target_is_15_and_others_are_refused():
    spec = registry.game_spec("watten")
    assert spec.check_options({})["target"] == 15
    for bad in (14, 20, "15"):
        with pytest.raises(OptionError):
            spec.check_options({"target": bad})


# ---------------------------------------------------------------- records, actions
def test_every_action_round_trips_through_its_text():
    spec = registry.game_spec("watten")
    actions = [DEAL, Play(2, C("10H")), NameStriker(1, 10), NameStriker(0, 14), NameTrump(3, Suit.CLUBS),
               Raise(0), Hold(1), Go(3)]
    for a in actions:
        text = spec.action_text(a)
        assert spec.parse_action(text) == a and hash(spec.parse_action(text)) == hash(a)
    assert spec.action_text(NameStriker(1, 10)) == "1 striker 10"
    for bad in ("1 striker 5", "1 trump X", "raise", "1 raise 2", "1 bid 3"):
        with pytest.raises(ValueError):
            spec.parse_action(bad)


def test_actions_are_immutable_and_copy_to_themselves():
    import copy
    import pickle

    a = Raise(2)
    with pytest.raises(AttributeError):
        a.seat = 1
    assert copy.deepcopy(a) is a and pickle.loads(pickle.dumps(a)) == a
    assert NameTrump(1, Suit.HEARTS) != NameTrump(1, Suit.SPADES) and Hold(1) != Go(1)


def test_a_raise_and_its_answer_are_in_the_record_and_replay():
    g = started()
    act(g, "0 raise", "1 hold", "0 play 9H", "1 raise", "2 go")
    data = record.to_record(g)
    assert data["actions"][3:] == ["0 raise", "1 hold", "0 play 9H", "1 raise", "2 go"]
    assert data["hands"][0]["raises"][1]["answer"] == "go"
    again = record.from_record(data)
    assert again.side_points == [0, 3] and fingerprint(again) == fingerprint(g)
    assert data["stacked_deals"][0]["hands"][0] == ["AH", "KH", "9H", "7D", "7C"]


def test_a_stacked_deal_with_a_card_twice_is_refused():
    with pytest.raises(ValueError):
        game(stacked("9H KH 7D 7C AH", "9H AS KS QS JS", "9S AD KD QD JD", "AC KC QC JC 10C"))


def test_a_seed_deals_what_it_always_dealt():
    """Saved games replay: seed 2024's first deal, written down once."""
    from random import Random

    from deal_pins import first_deal

    from ohseven_tui.games.watten import Rules, fast

    assert first_deal("watten", 4, 2024) == ["KH QS QC 10S 10D", "KS KD JS 9C 8H", "AS 10C 9D 7S 7D",
                                             "AC JC 10H 9H 8C"]
    assert fast.FastHands(Rules()).deal(1, Random(2024).random) == \
        [36032181453193216, 18436750560985088, 578792266710122496, 76561195544346624]
