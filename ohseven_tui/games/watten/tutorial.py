"""Watten's guided first hand (``ohseven tutorial --game watten``): a set deal,
three scripted bots and the notes, each shown just before its rule matters
(``docs/watten.md``; each note's title names its rule ids).

The deal (you are Ann, seat 0, with Cid opposite against Bea and Dot; Dot deals,
so you are eldest hand and name the striker rank)::

    Ann  9S 9D KH AC 8H
    Bea  7D AD TD KD 7H      (goes when you raise)
    Cid  TS 8C QC JC TH
    Dot  JS AS KC JH QD      (names spades trump; raises in trick 2)

The lesson: name 9; Dot names spades, so 9S is your chief striker and KH (Maxi)
the highest card of all. Lead 9S (every trump must come out, W7): Bea's Belli 7D
takes it. Dot raises in trick 2 and you hold; your striker 9D takes that trick,
Maxi the next; then you raise, Bea goes, and your side wins 3.
Every card is really played: play otherwise and the game goes on by the rules.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.actions import Play
from ...engine.cards import Card, Suit, parse_card, rank_label
from ...engine.kit import before_the_deal as _before_the_deal
from ...engine.kit import card_tuple as _cards
from ...engine.kit import my_turn as _my_turn
from ...engine.kit import own_plays as _learner_plays
from ...engine.kit import seat_word as _name
from ...engine.protocol import Seat, Tutorial, TutorialStep
from .actions import Go, Hold, NameStriker, NameTrump, Raise
from .log import WENT, Phase
from .observation import Observation
from .rules import BASE_STAKE, CRITICAL_NAMES, CRITICALS, PLAYERS, TRICKS_TO_WIN

__all__ = ["tutorial", "DEAL_TEXT"]

LEARNER = 0
NAMES = ("Ann", "Bea", "Cid", "Dot")
SEED = 0  # random.Random(0).randrange(4) == 3: Dot deals, Ann is eldest hand (W3, W4)
DEAL_TEXT = (
    ("9S", "9D", "KH", "AC", "8H"),
    ("7D", "AD", "TD", "KD", "7H"),
    ("TS", "8C", "QC", "JC", "TH"),
    ("JS", "AS", "KC", "JH", "QD"),
)
STRIKER, TRUMP = 9, Suit.SPADES
LEADS = ("9S", "9D", "KH")  # Ann's card in tricks 1 to 3; then she raises
PLAYS = {  # each bot plays the first of these still legal (each once)
    1: ("7D", "AD", "TD", "KD", "7H"),
    2: ("TS", "8C", "QC", "JC", "TH"),
    3: ("JS", "AS", "KC", "JH", "QD"),
}


def _what(obs: Observation, card: Card) -> str:
    """W5: what a card is this hand ("" for a card of a plain suit)."""
    if card in CRITICAL_NAMES:
        return f"{CRITICAL_NAMES[card]}, a critical"
    if obs.striker is not None and card.rank == obs.striker:
        return "the chief striker" if card.suit == obs.trump else "a striker"
    if obs.trump is not None and card.suit == obs.trump:
        return "a trump"
    return ""


def _on_plan(obs: Observation) -> bool:
    if (obs.striker, obs.trump) not in ((None, None), (STRIKER, None), (STRIKER, TRUMP)):
        return False
    return _learner_plays(obs) == list(_cards(LEADS[:len(obs.tricks)]))


# -- the moments ---------------------------------------------------------------
def _striker(obs: Observation) -> bool:
    return obs.phase is Phase.STRIKER and _my_turn(obs)


def _named(obs: Observation) -> bool:
    return obs.phase is Phase.PLAY and obs.trump is not None and not obs.tricks and not obs.trick


def _first_lead(obs: Observation) -> bool:
    return _named(obs) and _my_turn(obs)


def _after_a_trick(obs: Observation) -> bool:
    return obs.phase in (Phase.PLAY, Phase.ANSWER) and len(obs.tricks) >= 1


def _answer(obs: Observation) -> bool:
    return obs.phase is Phase.ANSWER and _my_turn(obs)


def _may_raise(obs: Observation) -> bool:
    return (obs.phase is Phase.PLAY and _my_turn(obs) and Raise(obs.seat) in obs.legal_actions
            and obs.side_tricks[obs.side] == TRICKS_TO_WIN - 1)


def _hand_over(obs: Observation) -> bool:
    return obs.phase in (Phase.DEAL, Phase.OVER) and bool(obs.results)


# -- the words ---------------------------------------------------------------
def _welcome(obs: Observation) -> str:
    partner = obs.seats[obs.partner].name
    others = " and ".join(obs.seats[s].name for s in range(PLAYERS) if s % 2 != obs.seat % 2)
    return (f"One hand of Watten: you (Ann, at the bottom) and {partner}, facing you, play as a side against "
            f"{others} (W1). The pack is 32 cards, A K Q J 10 9 8 7 of each suit (W2); each player gets 5 "
            "and the other 12 stay face down, out of play (W3).\n"
            "The deal is set for this lesson, and the game checks every rule. "
            "A note like this one explains each rule just before it matters: Enter closes it, Esc leaves the "
            "tutorial, F1 shows all the rules.")


def _striker_note(obs: Observation) -> str:
    crits = ", ".join(f"{c.pretty()} ({CRITICAL_NAMES[c]})" for c in CRITICALS)
    text = (f"{obs.seats[obs.dealer].name} deals, so you are eldest hand: you name the striker rank, aloud, "
            "and then the dealer names the trump suit (W4). Every card of the striker rank becomes a trump, a "
            "striker; the one in the trump suit is the chief striker (W5).\n"
            f"Above them all, whatever is named, are the three criticals: {crits} (W5). You hold "
            f"{CRITICALS[0].pretty()}, the highest card of the game.")
    held = [c for c in obs.hand if c.rank == STRIKER]
    if _on_plan(obs) and len(held) > 1:
        text += (f"\nFor this lesson name {rank_label(STRIKER)}: you hold {' '.join(c.pretty() for c in held)}, "
                 "so both become trumps (←→ or a number, Enter; h gives the same hint).")
    return text


def _order_note(obs: Observation) -> str:
    assert obs.striker is not None and obs.trump is not None
    r, t = rank_label(obs.striker), obs.trump
    strikers = " ".join(f"{r}{s.symbol}" for s in Suit if s != t and parse_card(f"{r}{s.letter}") not in CRITICALS)
    chief = parse_card(f"{r}{t.letter}")
    crits = " > ".join(f"{c.pretty()} {CRITICAL_NAMES[c]}" for c in CRITICALS)
    top = f"{chief.pretty()} (chief striker) > " if chief not in CRITICALS else ""
    return (f"{obs.seats[obs.dealer].name} named {t.symbol} {t.label.lower()} trump; the striker rank is {r} (W4). "
            "This hand the cards rank (W5):\n"
            f"  {crits} (criticals) > {top}{strikers} (strikers, equal: the first played wins) > "
            f"the rest of {t.symbol}, A down to 7 > the other suits.\n"
            "Criticals, strikers and the trump suit are the trumps.")


def _lead_note(obs: Observation) -> str:
    text = ("As eldest hand you lead the first trick; the winner of a trick leads the next (W6). Nobody "
            "has to follow suit or trump, with one exception: when the chief striker is led to the first "
            "trick, everyone holding a trump must play one (W7).")
    if _on_plan(obs):
        chief = parse_card(f"{rank_label(STRIKER)}{TRUMP.letter}")
        text += (f"\nFor this lesson lead {chief.pretty()}, your chief striker: the other three must give up a "
                 "trump if they have one.")
    return text


def _trick_note(obs: Observation) -> str:
    last = obs.tricks[0]
    played = [((last.leader + i) % PLAYERS, c) for i, c in enumerate(last.cards)]
    cards = ", ".join(f"{_name(obs, s)} {c.pretty()}" + (f" ({_what(obs, c)})" if _what(obs, c) else "")
                      for s, c in played)
    won = dict(played)[last.winner]
    return ("The highest trump takes the trick; with no trump in it, the highest card of the suit led; "
            "a card of another plain suit never wins (W8).\n"
            f"Trick 1: {cards}. {_name(obs, last.winner).capitalize()} took it with {won.pretty()}"
            + (f", {_what(obs, won)}" if _what(obs, won) else "") + ", and leads next (W6).\n"
            f"The side that first takes {TRICKS_TO_WIN} tricks wins the hand, and it stops there (W9).")


def _answer_note(obs: Observation) -> str:
    raised = obs.open_raise
    assert raised is not None
    who = obs.seats[raised.seat].name
    mine, theirs = obs.side_tricks[obs.side], obs.side_tricks[1 - obs.side]
    return (f"{who} raised the stake from {obs.stake} to {raised.stake} before playing a card (W10). A hand is "
            f"worth {BASE_STAKE} points to start with; any player may raise it by 1 in her turn, and the "
            f"opponent to her left answers for her side: you.\n"
            f"Hold: play on, the hand worth {raised.stake}. Go: the hand ends now and {who}'s side wins "
            f"{obs.stake}, the stake before the raise. Tricks so far: your side {mine}, theirs {theirs}.\n"
            "For this lesson hold: you have the Maxi, and your side may raise back later.")


def _raise_note(obs: Observation) -> str:
    return (f"Your side has {obs.side_tricks[obs.side]} tricks; one more wins the hand. Now you may raise "
            f"in turn (r, before you play): the stake would go from {obs.stake} to {obs.stake + 1} (W10). "
            "A side that raised may not raise again until the other side has: the other side raised last, "
            "so you may.\n"
            f"{obs.seats[(obs.seat + 1) % PLAYERS].name}, to your left, answers: hold and play on for "
            f"{obs.stake + 1}, or go and give you {obs.stake}.\nFor this lesson press r.")


def _end_note(obs: Observation) -> str:
    r = obs.results[-1]
    won = "your side" if r.winner == obs.side else "their side"
    how = ("three tricks (W9)" if r.ended != WENT else "a go: the raisers win the stake before the raise (W10)")
    return (f"The hand is over: {won} won {r.stake} points, by {how}.\n"
            f"The side that first reaches {obs.target} points wins the game (W11); a game is as many hands "
            "as that takes, the deal moving one seat to the left each time (W3).\n"
            "Enter: back to the menu, where New game starts a real one.")


# -- the lesson's own hints ------------------------------------------------------
def _lesson_hint(obs: Observation) -> Optional[tuple[Any, str]]:
    """Where a note asks for a move, h suggests that move; off the lesson's path,
    the hint bot's."""
    if not _on_plan(obs):
        return None
    seat = obs.seat
    suggestion: Optional[tuple[Any, str]] = None
    if obs.phase is Phase.STRIKER:
        suggestion = (NameStriker(seat, STRIKER), "two of your cards become trumps, one of them maybe the chief")
    elif obs.phase is Phase.ANSWER:
        suggestion = (Hold(seat), "you have the Maxi, the highest card: play on at the higher stake")
    elif obs.phase is Phase.PLAY and _may_raise(obs):
        suggestion = (Raise(seat), "you hold the winning cards: make the hand worth more")
    elif obs.phase is Phase.PLAY and len(obs.tricks) < len(LEADS):
        why = ("the chief striker to the first trick: everyone must give up a trump",
               "a striker beats the rest of the trump suit", "the Maxi, the highest card of all")
        suggestion = (Play(seat, parse_card(LEADS[len(obs.tricks)])), why[len(obs.tricks)])
    if suggestion is None or suggestion[0] not in obs.legal_actions:
        return None
    return suggestion


def tutorial() -> Tutorial:
    seats = tuple(Seat(name, "human" if s == LEARNER else "bot") for s, name in enumerate(NAMES))
    scripts: dict[int, tuple[Any, ...]] = {seat: tuple(Play(seat, c) for c in _cards(cards))
                                           for seat, cards in PLAYS.items()}
    scripts[3] = (NameTrump(3, TRUMP), scripts[3][0], Raise(3)) + scripts[3][1:]  # the raise in trick 2 (W10)
    scripts[1] = scripts[1] + (Go(1),)  # Bea goes when Ann raises (W10)
    steps = (
        TutorialStep("welcome", "Welcome (W1, W2, W3)", _before_the_deal, _welcome),
        TutorialStep("striker", "Naming the striker (W4, W5)", _striker, _striker_note),
        TutorialStep("order", "Trump named: the order of the cards (W4, W5)", _named, _order_note),
        TutorialStep("lead", "The first lead (W6, W7)", _first_lead, _lead_note),
        TutorialStep("trick", "Who takes a trick (W8, W6, W9)", _after_a_trick, _trick_note),
        TutorialStep("answer", "A raise: hold or go (W10)", _answer, _answer_note),
        TutorialStep("raise", "Your raise (W10)", _may_raise, _raise_note),
        TutorialStep("end", "The hand is over (W9, W10, W11)", _hand_over, _end_note, last=True),
    )
    hands = tuple(_cards(h) for h in DEAL_TEXT)
    return Tutorial(options={"players": 4}, seats=seats, stacked_deals=((hands, ()),), scripts=scripts,
                    steps=steps, learner=LEARNER, seed=SEED, hint=_lesson_hint)
