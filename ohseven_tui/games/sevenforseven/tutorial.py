"""Seven for Seven's guided first hand (``ohseven tutorial --game seven-for-seven``):
a set deal, six scripted bots and the notes, each shown just before its rule
matters (``docs/seven-for-seven.md``; each note's title names its rule ids).

The deal (you are Ann, seat 0; Fay, seat 5, deals, so Gus, seat 6, speaks first)::

    Ann  JS AS AH 3H 2H 5C 2D      kitty: JK 4D | AD | TD
    Bea  JC AC KC 6H 8D 7D 6D
    Cid  9S 3S 2S 5D 3D 5H 4H      (Ann's lieutenant: draws AD, puts away 5D)
    Dot  JH 8S TH 7H KD 8C 2C      (raises his factor once)
    Eve  6S 4S QH 8H QD 9C 3C
    Fay  JD TS KH 9H 7C 6C 4C      (Ann's lieutenant: draws TD, puts away 6C)
    Gus  KS QS 7S 5S QC TC 9D      (opens 8 clubs, bower rank Q)

The lesson: bid 15 spades with bower rank J, raise your factor once, pass; take
JK 4D from the kitty and put away 4D 2D; lead yourself: JK, JS, AH, then follow
(5C, 2H, 3H) and take the last trick with AS. The trio makes 19 of 15.
Every card is really played: play otherwise and the game goes on by the rules,
the bots playing the first legal card of their script.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.actions import Play
from ...engine.cards import JOKER, Card, Suit, parse_card, rank_label
from ...engine.kit import before_the_deal as _before_the_deal
from ...engine.kit import card_tuple as _cards
from ...engine.kit import my_turn as _my_turn
from ...engine.kit import own_plays as _learner_plays
from ...engine.kit import seat_word as _name
from ...engine.protocol import Seat, Tutorial, TutorialStep
from .actions import AuctionPass, BasicBid, ChooseLeader, Discard, FactorBid, bid_label
from .log import Phase, lieutenants_of
from .observation import Observation

__all__ = ["tutorial", "DEAL_TEXT", "KITTY_TEXT"]

LEARNER = 0
NAMES = ("Ann", "Bea", "Cid", "Dot", "Eve", "Fay", "Gus")
SEED = 19  # random.Random(19).randrange(7) == 5: Fay deals the first hand, Gus is eldest (V4, V8)
DEAL_TEXT = (
    ("JS", "AS", "AH", "3H", "2H", "5C", "2D"),
    ("JC", "AC", "KC", "6H", "8D", "7D", "6D"),
    ("9S", "3S", "2S", "5D", "3D", "5H", "4H"),
    ("JH", "8S", "TH", "7H", "KD", "8C", "2C"),
    ("6S", "4S", "QH", "8H", "QD", "9C", "3C"),
    ("JD", "TS", "KH", "9H", "7C", "6C", "4C"),
    ("KS", "QS", "7S", "5S", "QC", "TC", "9D"),
)
KITTY_TEXT = ("JK", "4D", "AD", "TD")  # the captain's two, then the lieutenants' one each (V15)
# The lesson's contract: spades, bower rank J, 15 trick points.
SUIT, BOWER, POINTS = Suit.SPADES, 11, 15
PUT_AWAY = ("4D", "2D")
LEADS = ("JK", "JS", "AH", "5C", "2H", "3H", "AS")  # Ann's card in tricks 1 to 7
PLAYS = {  # each bot plays the first of these still legal
    1: ("JC", "7D", "6H", "AC", "8D", "6D", "KC"),
    2: ("2S", "3S", "5H", "9S", "AD", "4H", "3D"),
    3: ("JH", "8S", "7H", "2C", "KD", "TH", "8C"),
    4: ("4S", "6S", "8H", "3C", "QD", "QH", "9C"),
    5: ("JD", "TS", "9H", "4C", "TD", "KH", "7C"),
    6: ("5S", "7S", "KS", "QC", "9D", "QS", "TC"),
}
DISCARDS = {2: ("5D",), 5: ("6C",)}


def _names(obs: Observation, seats: Any) -> str:
    words = [_name(obs, s) for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _bower(obs: Observation, card: Card) -> str:
    """V7: what a card is under the contract ("" for an ordinary card)."""
    c = obs.contract
    if c is None:
        return ""
    if card == JOKER:
        return "the overbower"
    if card.rank != c.rank:
        return ""
    if card.suit == c.suit:
        return "the right bower"
    black = (Suit.CLUBS, Suit.SPADES)
    return "the left bower" if (card.suit in black) == (c.suit in black) else "an underbower"


def _contract_words(suit: Suit, rank: int, points: int) -> str:
    return f"{bid_label(points, suit, rank)} ({suit.symbol} trump, bower rank {rank_label(rank)}, {points} points)"


def _trump_order(suit: Suit, rank: int) -> str:
    """V7's order of the trumps for a contract, in a line."""
    same = {Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES, Suit.HEARTS: Suit.DIAMONDS,
            Suit.DIAMONDS: Suit.HEARTS}[suit]
    under = [s for s in Suit if s not in (suit, same)]
    r = rank_label(rank)
    rest = [rank_label(x) for x in range(14, 1, -1) if x != rank]
    return (f"JK (overbower) > {r}{suit.symbol} (right bower) > {r}{same.symbol} (left bower) > "
            f"{r}{under[1].symbol} = {r}{under[0].symbol} (underbowers) > "
            f"{rest[0]}{suit.symbol} {rest[1]}{suit.symbol} … {rest[-1]}{suit.symbol}")


def _own_bid(obs: Observation) -> Optional[BasicBid]:
    return next((a for a in reversed(obs.auction) if type(a) is BasicBid and a.seat == obs.seat), None)


def _i_stand(obs: Observation) -> bool:
    return obs.standing is not None and obs.standing.seat == obs.seat


def _on_plan(obs: Observation) -> bool:
    """Has the hand gone as the lesson plays it so far (the contract, Ann's cards)?"""
    c = obs.contract
    if c is not None and (c.suit, c.rank, c.points, obs.captain) != (SUIT, BOWER, POINTS, obs.seat):
        return False
    return _learner_plays(obs) == list(_cards(LEADS[:len(obs.tricks)]))


# -- the moments ---------------------------------------------------------------
def _first_bid(obs: Observation) -> bool:
    return obs.phase is Phase.AUCTION and _my_turn(obs) and _own_bid(obs) is None


def _factor_turn(obs: Observation) -> bool:
    return obs.phase is Phase.AUCTION and _my_turn(obs) and _own_bid(obs) is not None and obs.passes_in_row < 6


def _auction_ends(obs: Observation) -> bool:
    return obs.phase is Phase.AUCTION and _my_turn(obs) and obs.standing is not None and obs.passes_in_row == 6


def _discard(obs: Observation) -> bool:
    return obs.phase is Phase.DISCARD and _my_turn(obs)


def _lead_choice(obs: Observation) -> bool:
    return obs.phase is Phase.LEAD and _my_turn(obs)


def _first_card(obs: Observation) -> bool:
    return obs.phase is Phase.PLAY and _my_turn(obs) and not obs.tricks


def _after_a_trick(obs: Observation) -> bool:
    return obs.phase is Phase.PLAY and len(obs.tricks) >= 1


def _must_follow(obs: Observation) -> bool:
    plays = [a for a in obs.legal_actions if isinstance(a, Play)]
    return obs.phase is Phase.PLAY and _my_turn(obs) and bool(obs.trick) and len(plays) < len(obs.hand)


def _last_trick(obs: Observation) -> bool:
    """Before the last trick, or at the latest before the learner's card to it."""
    return (obs.phase is Phase.PLAY and len(obs.tricks) == 6
            and all(seat != obs.seat for seat, _ in obs.trick))


def _hand_over(obs: Observation) -> bool:
    return obs.phase in (Phase.HAND_OVER, Phase.OVER) and bool(obs.results)


# -- the words ---------------------------------------------------------------
def _welcome(obs: Observation) -> str:
    return ("One hand of Seven for Seven: you (Ann, at the bottom) and six bots. It is always seven "
            "players (V1), with the 52 cards and a Joker (V2); a game is seven hands, each player dealing "
            "once (V4).\n"
            "Each player gets 7 cards and 4 go face down to the kitty (V5). An auction sets the contract; "
            "then a trio plays seven tricks against a quartet.\n"
            "The deal is set for this lesson, and the game checks every rule. "
            "A note like this one explains each rule just before it matters: Enter closes it, Esc leaves the "
            "tutorial, F1 shows all the rules.")


def _contract_note(obs: Observation) -> str:
    return ("A contract names a trump suit, a bower rank (any rank, 2 to A) and a number of trick points "
            "(V6). Under it the Joker and the four cards of the bower rank are trumps, above the trump suit's "
            f"own cards (V7). For {_contract_words(SUIT, BOWER, POINTS)}:\n"
            f"  {_trump_order(SUIT, BOWER)}\n"
            f"So J{Suit.CLUBS.symbol} is a trump for the whole hand, not a club: clubs keep 12 cards. "
            "Of two underbowers in one trick, the one played first wins.")


def _bid_note(obs: Observation) -> str:
    before = [a for a in obs.auction if type(a) is BasicBid]
    opened = (f"{obs.seats[before[-1].seat].name} opened with {bid_label(before[-1].points, before[-1].suit, before[-1].rank)}."
              if before else "Nobody has bid yet.")
    left, right = lieutenants_of(obs.seat)
    return (f"{opened} At each turn you make a basic bid, raise your factor, or pass (V8). A basic bid must "
            "offer more trick points than the one standing (V9).\n"
            "Trick 1 is worth 1 point, trick 2 worth 2 … trick 7 worth 7: 28 in all (V20). The bidder would be "
            "captain, with two lieutenants, the players two seats to her left and two to her right (V11): for "
            f"you {obs.seats[left].name} and {obs.seats[right].name}. The trio must take at least the points bid "
            "(V21).\n"
            f"For this lesson bid {bid_label(POINTS, SUIT, BOWER)}: ↑↓ pick suit, bower rank or points, ←→ "
            "change it, digits type the points, Enter bids. h gives the same hint.")


def _factor_note(obs: Observation) -> str:
    trio = obs.proposed_trio
    raised = [s for s in range(len(obs.seats)) if s != obs.seat and obs.factors[s] > 1]
    if raised:
        who = "; ".join(f"{obs.seats[s].name} raised to ×{obs.factors[s]}, "
                        + ("in your trio: betting it makes the contract" if s in trio
                           else "in the quartet: betting your trio fails") for s in raised)
        said = f"{who}."
    else:
        said = "Nobody raised a factor yet."
    return (f"{said} Once a basic bid stands, anyone may raise her own factor one step, ×1 to ×6, on either "
            "side (V12). A factor multiplies only its owner's own gain or loss. A new basic bid would set every "
            "factor back to ×1 (V9). Every bid and factor is said aloud: the table shows them (V14).\n"
            "For this lesson raise yours: press f.")


def _auction_end_note(obs: Observation) -> str:
    s = obs.standing
    assert s is not None
    whose = "yours" if s.seat == obs.seat else f"{obs.seats[s.seat].name}'s"
    return ("Six players in a row have passed. Pass too and the auction is over (V10): the last basic bid, "
            f"{whose}, {bid_label(s.points, s.suit, s.rank)}, is the contract and its bidder the captain (V13). "
            "(Had nobody made a basic bid, the same dealer would deal again.)\n"
            "Press p to pass.")


def _kitty_note(obs: Observation) -> str:
    drawn = " ".join(c.pretty() for c in obs.drawn) or "nothing"
    count = len(obs.hand) - 7
    role = "captain" if obs.seat == obs.captain else "lieutenant"
    text = (f"As {role} you took {drawn} from the kitty (marked +). The captain takes the kitty's first 2 "
            "cards, then each lieutenant 1; the captain puts away 2 cards face down and each lieutenant 1, any "
            f"cards, drawn or not, so all three keep 7 (V15). Nobody else sees them, and they take no part in "
            f"the hand (V16).\nPut away {count} card{'s' if count != 1 else ''}: 1-9 pick, Enter puts away.")
    away = _cards(PUT_AWAY)
    if obs.seat == obs.captain and _on_plan(obs) and all(c in obs.hand for c in away):
        text += (f" For this lesson put away {' '.join(c.pretty() for c in away)}: with no "
                 f"{Suit.DIAMONDS.symbol} left you may trump a {Suit.DIAMONDS.symbol} lead.")
    return text


def _lead_note(obs: Observation) -> str:
    return ("As captain you lead the first trick yourself or name any other player to lead it (V17); "
            "after that, whoever wins a trick leads the next.\n"
            "For this lesson lead yourself: the cursor is on you, press Enter.")


def _first_card_note(obs: Observation) -> str:
    text = ("When a trump is led (the Joker and the bowers are trumps), everyone holding a trump must play "
            "one. When another suit is led, everyone holding that suit must follow, not counting its "
            "bower-rank card, which is a trump now. Otherwise any card may be played (V18). The bright "
            "cards are the ones you may play.")
    if not obs.trick and _on_plan(obs):
        text += ("\nFor this lesson lead the Joker, the highest trump: everyone with a trump must play one, "
                 "so watch the bowers come out.")
    return text


def _trick_note(obs: Observation) -> str:
    last = obs.tricks[0]
    n = len(obs.seats)
    played = [((last.leader + i) % n, c) for i, c in enumerate(last.cards)]
    cards = ", ".join(f"{_name(obs, s)} {c.pretty()}" for s, c in played)
    named = [f"{c.pretty()} is {_bower(obs, c)}" for _, c in played if _bower(obs, c)]
    if sum(_bower(obs, c) == "an underbower" for _, c in played) > 1:
        named.append("the two underbowers are equal: the first played beats the other")
    won = dict(played)[last.winner]
    return ("The highest trump takes the trick; with no trump in it, the highest card of the suit led "
            "(V19). The winner leads the next.\n"
            f"Trick 1: {cards}. " + ("; ".join(named) + " (V7). " if named else "")
            + f"{_name(obs, last.winner).capitalize()} took it with {won.pretty()}.\n"
            "Its winner collects the marker of trick 1, worth 1 point; the marker of trick k is worth k "
            "(V20). The table shows each player's points.")


def _follow_note(obs: Observation) -> str:
    seat, led = obs.trick[0]
    legal = [a.card.pretty() for a in obs.legal_actions if isinstance(a, Play)]
    ctx = obs.context
    assert ctx is not None
    if ctx.is_trump(led):
        must = "A trump was led, and you hold one, so you must play a trump (V18)."
    else:
        suit = Suit(ctx.suit[led])
        must = (f"{suit.symbol} was led and you hold one, so you must follow with it, even if a trump "
                f"could win (V18). Who has no {suit.symbol} may trump or play anything.")
    return (f"{_name(obs, seat).capitalize()} led {led.pretty()}. {must}\n"
            f"You may play: {' '.join(legal)}. Try another card to see the game refuse it.")


def _last_note(obs: Observation) -> str:
    c = obs.contract
    assert c is not None
    trio, quartet = obs.side_points
    mine = "your trio" if obs.seat in obs.trio else "the trio"
    return (f"The last trick, worth 7. {mine.capitalize()} ({_names(obs, obs.trio)}) has {trio} trick points "
            f"and needs {c.points}; the quartet has {quartet} (V21).\n"
            "Then the hand is scored (V22): every player scores her side's trick points, whoever took them; "
            "then if the trio made the contract each trio player gains, and each quartet player loses, the "
            "contract's points times her own factor. If it failed, the trio loses and the quartet gains.")


def _end_note(obs: Observation) -> str:
    r = obs.results[-1]
    made = "made" if r.made else "failed"
    parts = []
    for s in range(len(obs.seats)):
        side = r.trio_points if s in r.trio else r.quartet_points
        sign = "+" if (s in r.trio) == r.made else "-"
        parts.append(f"{_name(obs, s)} {side} {sign} {r.contract.points}×{r.factors[s]} = {r.round_points[s]}")
    return (f"The trio ({_names(obs, r.trio)}) took {r.trio_points} trick points, the quartet {r.quartet_points}: "
            f"the contract of {r.contract.points} is {made} (V21). The scores (V22): " + "; ".join(parts) + ".\n"
            "A game is seven hands like this one, each player dealing once; the highest total wins (V4). "
            "Enter: back to the menu, where New game starts a real one.")


# -- the lesson's own hints ------------------------------------------------------
def _lesson_hint(obs: Observation) -> Optional[tuple[Any, str]]:
    """Where a note asks for a move, h suggests that move (the hint bot would weigh
    the hand instead); off the lesson's path, the hint bot's."""
    legal = obs.legal_actions
    seat = obs.seat
    suggestion: Optional[tuple[Any, str]] = None
    if obs.phase is Phase.AUCTION:
        bid = BasicBid(seat, SUIT, BOWER, POINTS)
        if _own_bid(obs) is None:
            suggestion = (bid, "this lesson's contract: you hold the right bower and the ace of trumps, "
                               "and two partners will help")
        elif _i_stand(obs) and obs.factors[seat] == 1:
            suggestion = (FactorBid(seat), "this lesson raises your factor once: your trio should make it")
        elif _i_stand(obs):
            suggestion = (AuctionPass(seat), "your contract stands: seven passes end the auction")
    elif obs.phase is Phase.DISCARD and _on_plan(obs):
        suggestion = (Discard(seat, _cards(PUT_AWAY)), "this lesson keeps every trump and the hearts, "
                                                       "and leaves you with no diamonds")
    elif obs.phase is Phase.LEAD and _on_plan(obs):
        suggestion = (ChooseLeader(seat, seat), "lead yourself: you hold the top trumps")
    elif obs.phase is Phase.PLAY and _on_plan(obs) and len(obs.tricks) < len(LEADS):
        card = parse_card(LEADS[len(obs.tricks)])
        why = {0: "the overbower, highest of all: the others must give up trumps",
               1: "the right bower, now the highest trump left", 2: "the top heart",
               4: "keep A♠ for the last trick; your partner's A♦ is winning"}.get(len(obs.tricks), "as the lesson plays it")
        suggestion = (Play(seat, card), why)
    if suggestion is None or suggestion[0] not in legal:
        return None
    return suggestion


def tutorial() -> Tutorial:
    seats = tuple(Seat(name, "human" if s == LEARNER else "bot") for s, name in enumerate(NAMES))
    scripts: dict[int, tuple[Any, ...]] = {seat: tuple(Play(seat, c) for c in _cards(cards))
                                           for seat, cards in PLAYS.items()}
    for seat, away in DISCARDS.items():
        scripts[seat] = (Discard(seat, _cards(away)),) + scripts[seat]
    scripts[6] = (BasicBid(6, Suit.CLUBS, 12, 8),) + scripts[6]  # Gus opens 8♣Q (V9)
    scripts[3] = (FactorBid(3),) + scripts[3]  # Dot raises his factor, once (V12)
    steps = (
        TutorialStep("welcome", "Welcome (V1, V2, V4, V5)", _before_the_deal, _welcome),
        TutorialStep("contract", "What a contract names (V6, V7)", _first_bid, _contract_note),
        TutorialStep("bid", "Your basic bid (V8, V9, V11, V20, V21)", _first_bid, _bid_note),
        TutorialStep("factor", "Factor bids (V12, V9, V14)", _factor_turn, _factor_note),
        TutorialStep("auction-end", "Seven passes end the auction (V10, V13)", _auction_ends, _auction_end_note),
        TutorialStep("kitty", "The kitty (V15, V16)", _discard, _kitty_note),
        TutorialStep("leader", "Who leads (V17)", _lead_choice, _lead_note),
        TutorialStep("first-card", "Leading a trump (V18)", _first_card, _first_card_note),
        TutorialStep("trick", "Who takes a trick (V19, V20, V7)", _after_a_trick, _trick_note),
        TutorialStep("follow", "Following suit (V18)", _must_follow, _follow_note),
        TutorialStep("last", "The last trick (V21, V22)", _last_trick, _last_note),
        TutorialStep("end", "The hand is over (V22, V4)", _hand_over, _end_note, last=True),
    )
    hands = tuple(_cards(h) for h in DEAL_TEXT)
    return Tutorial(options={"players": 7, "joker": True, "bowers": "any"}, seats=seats,
                    stacked_deals=((hands, _cards(KITTY_TEXT)),), scripts=scripts, steps=steps,
                    learner=LEARNER, seed=SEED, hint=_lesson_hint)
