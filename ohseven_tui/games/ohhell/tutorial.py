"""Oh-Seven's guided first round (``ohseven tutorial``): a stacked deal, three
scripted bots and the lessons, each shown just before its rule matters.

The deal (you are Ann, seat 0; Bea, Cid and Dot follow clockwise; trump is
spades whatever you bid, since Bea's 5S and then 4S top every card you hold)::

    Ann  4H 2H 3D 1D 3C 1C 0S
    Bea  5S 4S 7H 3H 6D 6C 2C      bids 5S, then 4S
    Cid  2S 5H 1H 7D 2D 4C 0C      bids 1H, then 4C
    Dot  7S 6S 1S 6H 0H 7C 5C      bids 0H, then 1S (no diamonds)

Bid 1 as suggested and the bids sum to 7 (5 + 1 + 0 + 1): a rebid (R11, R12),
which stands whatever you bid next (4 + 4 + 1 + yours is more than 7). Bea
leads 6D; Cid plays 7D, Dot trumps with 1S, and you must follow with a diamond
(R14); Dot takes the trick (R15). Every card after that is really played.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.actions import Bid, Play
from ...engine.kit import before_the_deal as _before_the_deal
from ...engine.kit import card_tuple as _cards
from ...engine.kit import my_turn as _my_turn
from ...engine.kit import seat_word as _name
from ...engine.protocol import Seat, Tutorial, TutorialStep
from .log import SUM_IS_HAND, Phase
from .observation import Observation

__all__ = ["tutorial", "DEAL_TEXT"]

DEAL_TEXT = (
    ("4H", "2H", "3D", "1D", "3C", "1C", "0S"),
    ("5S", "4S", "7H", "3H", "6D", "6C", "2C"),
    ("2S", "5H", "1H", "7D", "2D", "4C", "0C"),
    ("7S", "6S", "1S", "6H", "0H", "7C", "5C"),
)
BIDS = {1: ("5S", "4S"), 2: ("1H", "4C"), 3: ("0H", "1S")}  # first bid, rebid
PLAYS = {  # each bot plays the first of these still legal
    1: ("6D", "7H", "6C", "2C", "3H", "5S", "4S"),
    2: ("7D", "2D", "5H", "1H", "4C", "0C", "2S"),
    3: ("1S", "6H", "0H", "7C", "5C", "6S", "7S"),
}
LEARNER = 0


def _pretty(cards) -> str:
    return " ".join(c.pretty() for c in cards)


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _attempts_this_deal(obs: Observation) -> list[Any]:
    return [a for d, a in obs.bid_attempts if d == obs.deal_number]


# -- the moments ---------------------------------------------------------------
def _first_bid(obs: Observation) -> bool:
    return obs.phase is Phase.BID and _my_turn(obs) and not _attempts_this_deal(obs)


def _rebid(obs: Observation) -> bool:
    attempts = _attempts_this_deal(obs)
    return obs.phase is Phase.BID and _my_turn(obs) and bool(attempts) and attempts[-1].outcome == SUM_IS_HAND


def _bids_stand(obs: Observation) -> bool:
    return obs.phase is Phase.PLAY and not obs.tricks and not obs.trick


def _must_follow(obs: Observation) -> bool:
    plays = [a for a in obs.legal_actions if isinstance(a, Play)]
    return obs.phase is Phase.PLAY and _my_turn(obs) and bool(obs.trick) and len(plays) < len(set(obs.hand))


def _after_a_trick(obs: Observation) -> bool:
    return obs.phase is Phase.PLAY and _my_turn(obs) and len(obs.tricks) >= 1


def _last_trick(obs: Observation) -> bool:
    """Before the last trick, or at the latest before your card to it."""
    return (obs.phase is Phase.PLAY and len(obs.tricks) == obs.hand_size - 1
            and all(seat != obs.seat for seat, _ in obs.trick))


def _round_over(obs: Observation) -> bool:
    return obs.phase in (Phase.ROUND_OVER, Phase.GAME_OVER) and bool(obs.results)


# -- the words ---------------------------------------------------------------
def _welcome(obs: Observation) -> str:
    bots = ", ".join(obs.seats[s].name for s in range(len(obs.seats)) if s != obs.seat)
    return (f"One round of Oh-Seven: you ({obs.seats[obs.seat].name}, at the bottom) against three bots, "
            f"{bots}. Everyone gets 7 cards, bids, then plays 7 tricks. The deal is set for this lesson; "
            "every card is really played and the game checks every rule.\n"
            "A note like this one explains each rule just before it matters. Enter closes it; "
            "Esc leaves the tutorial, F1 shows all the rules.")


def _bid_words(obs: Observation) -> str:
    ones = [c.pretty() for c in obs.hand if c.rank == 1]
    text = ("Everyone lays one card of their hand face down at once; when all have chosen, the cards are "
            "turned up (R8). Your card's rank, 0 to 7, is your bid: how many tricks you mean to take. "
            "The card stays in your hand and is played later.\n"
            "The highest card bid is the top bid: its suit becomes trump (R9).")
    if ones:
        text += (f"\nFor this lesson, bid 1: lay your {_or(ones)} (the arrows or 1-7 pick a card, Enter bids; "
                 "h gives a hint).")
    return text


def _lesson_hint(obs: Observation) -> Optional[tuple[Bid, str]]:
    """At the first bid the note asks for a 1 (the deal's rebid lesson needs it), so
    the hint asks for the same card the note names first; elsewhere the hint bot's."""
    if not _first_bid(obs):
        return None
    ones = [c for c in obs.hand if c.rank == 1 and Bid(obs.seat, c) in obs.legal_actions]
    if not ones:
        return None
    return Bid(obs.seat, ones[0]), ("bid 1, as this lesson's note asks: it sets up the next rule. "
                                    "In a game, h weighs your hand instead.")


def _rebid_words(obs: Observation) -> str:
    attempt = _attempts_this_deal(obs)[-1]
    bids = ", ".join(f"{_name(obs, s)} {c.pretty()}" for s, c in enumerate(attempt.bids))
    ranks = " + ".join(str(c.rank) for c in attempt.bids)
    top = [_name(obs, s) for s, b in enumerate(attempt.bonus) if b]
    unbid = [a.card for a in obs.legal_actions if isinstance(a, Bid)]
    return (f"The bids were {bids}: {ranks} = {obs.hand_size}, exactly the tricks there are. "
            f"Bids may not add up to {obs.hand_size} (R11): the top bidder ({_or(top)}) scores 1 point at once, "
            "and everyone bids again (R12), each with a card they have not bid with yet this round.\n"
            f"You may bid with {_pretty(unbid) if unbid else 'no card'}.")


def _trump_words(obs: Observation) -> str:
    assert obs.bid_cards is not None and obs.trump is not None and obs.leader is not None
    top = obs.top_bidders[0]
    card = obs.bid_cards[top]
    whose = "your" if top == obs.seat else f"{obs.seats[top].name}'s"
    bids = ", ".join(f"{_name(obs, s)} {b}" for s, b in enumerate(obs.bids or ()))
    return (f"The bids stand: {bids}.\n"
            f"The top bid is {whose} {card.pretty()}: the highest rank, and between equal ranks "
            f"♠ > ♥ > ♦ > ♣. So {obs.trump.symbol} {obs.trump.label} are trump this round, and "
            f"{_name(obs, obs.leader)} lead{'' if obs.leader == obs.seat else 's'} the first trick (R9). "
            "A trump beats every card of the other suits."
            + ("" if any(a.outcome == SUM_IS_HAND for _, a in obs.bid_attempts) else
               f"\n(Had the bids added up to {obs.hand_size}, everyone would have bid again: R11, R12.)"))


def _follow_words(obs: Observation) -> str:
    seat, led = obs.trick[0]
    legal = [a.card.pretty() for a in obs.legal_actions if isinstance(a, Play)]
    return (f"{_name(obs, seat).capitalize()} led {led.pretty()}. You must follow suit (R14): play a "
            f"{led.suit.symbol} if you hold one. The bright cards are the ones you may play now: {' '.join(legal)}.\n"
            "Only with none of the suit led may you play any card: a trump to win, or a discard.\n"
            "Try a dim card to see the game refuse it; h marks a card the hint suggests.")


def _winner_words(obs: Observation) -> str:
    last = obs.tricks[-1]
    played = [((last.leader + i) % len(obs.seats), c) for i, c in enumerate(last.cards)]
    cards = ", ".join(f"{_name(obs, s)} {c.pretty()}" for s, c in played)
    won = dict(played)[last.winner]
    why = ("a trump" if obs.trump is not None and won.suit == obs.trump
           else f"the highest {last.cards[0].suit.symbol}, the suit led")
    return ("Who takes a trick (R15): the highest trump played, if any; otherwise the highest card of the "
            "suit led. A card of any other suit never wins. The winner leads the next trick.\n"
            f"Last trick: {cards}. {_name(obs, last.winner).capitalize()} took it with {won.pretty()}, {why}.")


def _score_words(obs: Observation) -> str:
    bid = obs.bids[obs.seat] if obs.bids else 0
    took = obs.taken[obs.seat]
    return ("The last trick. Then the round scores (R16): take exactly your bid and score the bid + 2 "
            "(bid 0, took 0: +2); miss it and lose the difference (bid 3, took 2: -1). "
            "The round's points also count any rebid point (R17).\n"
            f"You bid {bid} and have taken {took} trick{'s' if took != 1 else ''} so far.")


def _end_words(obs: Observation) -> str:
    result = obs.results[-1]
    parts = []
    for s in range(len(obs.seats)):
        pts = result.round_points[s]
        parts.append(f"{_name(obs, s)} bid {result.bids[s]}, took {result.taken[s]}: {pts:+d}")
    said = "; ".join(parts)
    return ("That was a whole round. " + said[:1].upper() + said[1:] + ".\n"
            "A game is 7 rounds like this one; the highest total wins (R4). "
            "Enter: back to the menu, where New game starts a real one.")


def tutorial() -> Tutorial:
    seats = (Seat("Ann", "human"), Seat("Bea", "bot"), Seat("Cid", "bot"), Seat("Dot", "bot"))
    scripts = {seat: tuple(Bid(seat, c) for c in _cards(BIDS[seat])) + tuple(Play(seat, c) for c in _cards(PLAYS[seat]))
               for seat in BIDS}
    steps = (
        TutorialStep("welcome", "Welcome", _before_the_deal, _welcome),
        TutorialStep("bid", "Your bid card (R8)", _first_bid, _bid_words),
        TutorialStep("rebid", "Bids adding up to 7: a rebid (R11, R12)", _rebid, _rebid_words),
        TutorialStep("trump", "Trump from the top bid (R9)", _bids_stand, _trump_words),
        TutorialStep("follow", "Following suit (R14)", _must_follow, _follow_words),
        TutorialStep("winner", "Who takes the trick (R15)", _after_a_trick, _winner_words),
        TutorialStep("score", "Scoring (R16, R17)", _last_trick, _score_words),
        TutorialStep("end", "The round is over", _round_over, _end_words, last=True),
    )
    return Tutorial(options={"players": 4, "passing": False}, seats=seats,
                    stacked_deals=((tuple(_cards(h) for h in DEAL_TEXT), None),), scripts=scripts, steps=steps,
                    learner=LEARNER, seed=7, hint=_lesson_hint)
