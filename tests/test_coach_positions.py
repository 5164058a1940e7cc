"""The coach on positions built by hand (issue 37, section 3): one where an action
is a clear blunder, one where two actions are worth the same. Every expected
figure is worked out here from the rules (R16, W9, W10), never by the analysis."""

from __future__ import annotations

import pytest
from watten_helpers import act, game, stacked

from ohseven_tui.coach import analyse_game
from ohseven_tui.engine import registry
from ohseven_tui.engine.cards import parse_card

SAMPLES = 40  # the positions below leave nothing to chance: a few deals show it


def cards(text: str) -> tuple:
    return tuple(parse_card(t) for t in text.split())


def decision_at(game_state, seat: int, index: int):
    """The analysis of ``seat``'s decision that is action ``index`` of the game."""
    report = analyse_game(game_state, seats=[seat], samples=SAMPLES).seats[0]
    found = [d for d in report.decisions if d.index == index]
    assert len(found) == 1, [d.index for d in report.decisions]
    return found[0]


# ---------------------------------------------------------------- Oh-Seven (R16)
#
# Two players, trump spades (seat 1's 7S is the top bid, R9), seat 0 bids 1 with 1C.
# Seat 0 wins trick 1 (its bid is made), then loses tricks 2 to 5. In trick 6 seat 1
# leads a heart; seat 0 holds 5H and 1H and knows seat 1's last card: the 7S it bid
# with (R8: a bid card stays in the hand, face up). Playing 5H takes a sure extra
# trick (2 tricks for a bid of 1: -1, R16); 1H loses trick 6, and 5H then loses to
# the 7S in trick 7 (1 trick for 1: 1 + 2 = 3 points). A loss of 4 points, certain.

OH_SEVEN_PLAY = ["deal", "0 bid 1C", "1 bid 7S", "1 play 5D", "0 play 6D", "0 play 0D", "1 play 4D",
                 "1 play 7D", "0 play 1D", "1 play 7C", "0 play 0C", "1 play 6C", "0 play 1C"]


def oh_seven(seat1: str, actions: list[str]):
    g = registry.new_game("oh-seven", {"players": 2}, seed=0,
                          stacked_deals=[((cards("5H 1H 1C 0C 6D 0D 1D"), cards(seat1)),)])
    for text in actions:
        g.apply(g.spec.parse_action(text))
    return g


def test_oh_seven_a_sure_extra_trick_after_the_bid_is_made_is_a_blunder():
    g = oh_seven("3H 7S 7C 6C 5D 4D 7D", OH_SEVEN_PLAY + ["1 play 3H", "0 play 5H"])
    d = decision_at(g, 0, len(g.history) - 1)
    assert d.taken == "play 5H"
    assert d.best == "play 1H"
    assert d.taken_points == pytest.approx(-1.0)
    assert d.best_points == pytest.approx(3.0)
    assert d.loss == pytest.approx(4.0)
    assert d.label == "blunder"


def test_oh_seven_the_right_card_in_the_same_position_is_fine():
    g = oh_seven("3H 7S 7C 6C 5D 4D 7D", OH_SEVEN_PLAY + ["1 play 3H", "0 play 1H"])
    d = decision_at(g, 0, len(g.history) - 1)
    assert d.taken == "play 1H"
    assert d.loss == 0.0
    assert d.label == "fine"
    assert d.taken_points == pytest.approx(3.0)


@pytest.mark.parametrize("card", ["5H", "1H"])
def test_oh_seven_two_cards_worth_the_same_are_both_fine(card):
    """Seat 1 leads 6H instead: both hearts lose trick 6 and trick 7 (to 7S), so
    either keeps the bid exact (3 points). 2H, 3H and 4H are out of sight (not
    dealt), so the two cards are not the same card to the search."""
    g = oh_seven("6H 7S 7C 6C 5D 4D 7D", OH_SEVEN_PLAY + ["1 play 6H", f"0 play {card}"])
    d = decision_at(g, 0, len(g.history) - 1)
    assert d.taken == f"play {card}"
    assert d.loss == 0.0
    assert d.label == "fine"
    assert d.taken_points == pytest.approx(3.0)
    assert d.best_points == pytest.approx(3.0)


# ---------------------------------------------------------------- Watten (W9, W10)
#
# Seat 0 is eldest (seed 0: seat 3 deals). Striker ace, trump spades. Seat 2's two
# strikers win tricks 1 and 2 for side 0/2; seat 3's K of spades wins trick 3. Seat 3
# raises before it leads trick 4, and seat 0 answers. Seat 0 holds the Maxi (KH, the
# highest card of every hand, W5), which takes trick 4 or trick 5, whichever it is
# played to: the hand is won. Holding wins it at the raised stake, 3 points (net +3);
# going gives it away at the stake before the raise (W10): 2 points to the others
# (net -2). A loss of 5 points, certain.

WATTEN_DEAL = stacked("KH 9C 8C 10D 9D", "QC JC 10C 8D QD", "AC AD KC 7H 8H", "KS QS 7S 9H 10H")
WATTEN_PLAY = ["deal", "0 striker A", "3 trump S", "0 play 9C", "1 play 10C", "2 play AC", "3 play 9H",
               "2 play AD", "3 play 10H", "0 play 8C", "1 play 8D", "2 play KC", "3 play KS", "0 play 9D",
               "1 play JC", "3 raise"]


def watten(actions: list[str]):
    g = game(WATTEN_DEAL)
    act(g, *actions)
    return g


def test_watten_going_when_the_hand_is_won_is_a_blunder():
    g = watten(WATTEN_PLAY + ["0 go"])
    d = decision_at(g, 0, len(g.history) - 1)
    assert d.taken == "go"
    assert d.best == "hold"
    assert d.taken_points == pytest.approx(-2.0)
    assert d.best_points == pytest.approx(3.0)
    assert d.loss == pytest.approx(5.0)
    assert d.label == "blunder"


def test_watten_holding_when_the_hand_is_won_is_fine():
    g = watten(WATTEN_PLAY + ["0 hold"])
    d = decision_at(g, 0, len(g.history) - 1)
    assert d.taken == "hold"
    assert d.loss == 0.0
    assert d.label == "fine"
    assert d.taken_points == pytest.approx(3.0)


WATTEN_RAISED_EARLY = ["deal", "0 striker A", "3 trump S", "0 play 9C", "1 play 10C", "2 play AC", "3 play 9H",
                      "2 raise", "3 hold", "2 play AD", "3 play 10H", "0 play 8C", "1 play 8D", "2 play KC",
                      "3 play KS", "0 play 9D", "1 play JC", "3 play QS"]


@pytest.mark.parametrize("card", ["KH", "10D"])
def test_watten_two_cards_that_both_win_the_hand_are_both_fine(card):
    """Seat 2 raised before trick 2 and seat 3 held (stake 3); seat 0's side may not
    raise again (W10). In trick 4 seat 3 leads QS: the Maxi takes the trick (the
    third); the 10D loses it and the Maxi takes trick 5. Either way the hand is won
    at stake 3: +3."""
    g = watten(WATTEN_RAISED_EARLY)
    assert sorted(g.spec.action_text(a) for a in g.legal_actions(0)) == ["0 play 10D", "0 play KH"]
    act(g, f"0 play {card}")
    d = decision_at(g, 0, len(g.history) - 1)
    assert d.taken == f"play {card}"
    assert d.loss == 0.0
    assert d.label == "fine"
    assert d.taken_points == pytest.approx(3.0)
    assert d.best_points == pytest.approx(3.0)


def test_watten_raising_with_the_hand_won_is_fine():
    """With the Maxi and two tricks, a raise costs nothing: the other side goes
    (this side wins the stake as it is) or holds (the hand is won at one more)."""
    g = watten(WATTEN_PLAY + ["0 hold", "3 play QS", "0 raise"])
    d = decision_at(g, 0, len(g.history) - 1)
    assert d.taken == "raise"
    assert d.loss == 0.0
    assert d.label == "fine"
    assert d.taken_points >= 3.0


@pytest.mark.parametrize("card", ["KH", "10D"])
def test_watten_not_raising_is_never_counted_against_a_card_that_wins(card):
    """Seat 0 may raise here (seat 3 raised last) and plays a card instead. Nobody
    knows how the other side would answer, so the coach does not count a raise
    not made: either card wins the hand at stake 3 (+3), and that is fine."""
    g = watten(WATTEN_PLAY + ["0 hold", "3 play QS"])
    assert "0 raise" in {g.spec.action_text(a) for a in g.legal_actions(0)}
    act(g, f"0 play {card}")
    d = decision_at(g, 0, len(g.history) - 1)
    assert d.loss == 0.0 and d.label == "fine"
    assert d.best == f"play {card}"
    assert d.taken_points == pytest.approx(3.0)
