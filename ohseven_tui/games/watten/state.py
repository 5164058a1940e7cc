"""Watten's state machine (``docs/watten.md``, W1-W11).

Phases: DEAL -> STRIKER (eldest names a rank) -> TRUMP (the dealer names a suit)
-> PLAY (tricks; the seat in turn may raise first) <-> ANSWER (the opponent who
plays next holds or goes) -> DEAL ... -> OVER.

Rulings where the rules file is silent (followed here, and tested):

- a *go* ends the hand at once: the raising side scores the stake before the
  raise; the cards of the trick in play stay where they are (logged, unscored);
- after a *hold* the stake is raised by 1 and the raiser plays her card;
- the game is over as soon as a side's total reaches the target after a hand: no
  further hand is dealt, and the final total may pass the target (it scores the
  whole stake);
- there is no cap on the stake;
- the striker rank may be any of the eight ranks and the trump any suit, whatever
  the namer holds.

Every refused action raises an :class:`IllegalAction` with one sentence before
anything changes; ``why_illegal`` runs the same checks and changes nothing.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any, Mapping, NamedTuple, Optional, Sequence

from ...engine import registry
from ...engine.actions import DEAL, Deal, Play
from ...engine.cards import Card, Suit, make_pack, rank_label
from ...engine.errors import (
    CardNotInHand,
    ChecksActions,
    IllegalAction,
    MustFollowSuit,
    NoSuchSeat,
    NotYourTurn,
    WrongPhase,
)
from ...engine.kit import checked_seats, checked_seed, copy_state, last_trick, shuffle
from ...engine.protocol import GameSpec, Seat
from ...engine.tricks import TrumpContext
from .actions import Go, Hold, NameStriker, NameTrump, Raise
from .log import THREE_TRICKS, WENT, HandLog, HandResult, LastTrick, Phase, RaiseLog, TrickLog
from .observation import Observation, observe
from .records import hand_log_to_dict
from .rules import (
    BASE_STAKE,
    FIRST_PACKET,
    HAND_SIZE,
    PLAYERS,
    RANKS,
    SECOND_PACKET,
    TRICKS_TO_WIN,
    Rules,
    context,
)

__all__ = ["Game", "StackedDeal", "context", "RaiseTwice"]

_PACK: tuple[Card, ...] = tuple(make_pack(RANKS))
_PLAY_TABLE = Play._table
_SUITS = tuple(Suit)


class RaiseTwice(IllegalAction):
    """W10: a side raised last and may not raise again before the other side has."""


class StackedDeal(NamedTuple):
    """A hand dealt in advance: each seat's five cards, and the cards out of play."""

    hands: tuple[tuple[Card, ...], ...]
    rest: tuple[Card, ...] = ()


def _check_stacked(deal: Any) -> StackedDeal:
    hands = tuple(tuple(sorted((Card.from_code(int(c)) for c in h), reverse=True)) for h in deal[0])
    rest = tuple(Card.from_code(int(c)) for c in (deal[1] if len(deal) > 1 and deal[1] else ()))
    if len(hands) != PLAYERS or any(len(h) != HAND_SIZE for h in hands):
        raise ValueError(f"a stacked deal needs {PLAYERS} hands of {HAND_SIZE} cards")
    used = Counter(c for h in hands for c in h) + Counter(rest)
    extra = used - Counter(_PACK)
    if extra:
        raise ValueError(f"a stacked deal uses cards the pack does not have: {' '.join(c.text() for c in extra)}")
    if not rest:  # the rest is what the hands leave, highest first
        rest = tuple(c for c in _PACK if c not in used)
    return StackedDeal(hands, rest)


class Game(ChecksActions):
    """A game of Watten: rules (the target), seats, seed and actions."""

    def __init__(self, rules: Rules, seed: int = 0, seats: Optional[Sequence[Seat]] = None,
                 stacked_deals: Sequence[Any] = ()) -> None:
        self.rules = rules
        self.spec: GameSpec = registry.game_spec(rules.preset)
        self.options: Mapping[str, Any] = rules.options
        self.seed = checked_seed(seed)
        self.seats: tuple[Seat, ...] = checked_seats(seats, PLAYERS)
        self.players = PLAYERS
        self._rng = random.Random(seed)
        self.first_dealer = self._rng.randrange(PLAYERS)  # W3: the first dealer comes from the seed
        self.dealer = self.first_dealer
        self.phase = Phase.DEAL
        self.history: list[Any] = []
        self.hand_logs: list[HandLog] = []
        self.hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.side_points = [0, 0]
        self.turn: Optional[int] = None  # the seat to play (PLAY) or to name (STRIKER, TRUMP)
        self.current_seat: Optional[int] = None  # the one seat in turn, else None
        self._trick: list[Card] = []
        self._leader = 0
        self._ctx: Optional[TrumpContext] = None
        self.open_raise: Optional[RaiseLog] = None
        self.stacked_deals = tuple(_check_stacked(d) for d in stacked_deals)

    # ------------------------------------------------------------------ queries

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def round_number(self) -> int:
        return len(self.hand_logs)

    @property
    def hand(self) -> Optional[HandLog]:
        return self.hand_logs[-1] if self.hand_logs else None

    @property
    def totals(self) -> list[int]:
        """Per seat, its side's points."""
        a, b = self.side_points
        return [a, b, a, b]

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        side = 0 if self.side_points[0] >= self.rules.target else 1
        return (side, side + 2)

    @property
    def trick(self) -> list[tuple[int, Card]]:
        return [((self._leader + i) % PLAYERS, c) for i, c in enumerate(self._trick)]

    @property
    def context(self) -> Optional[TrumpContext]:
        return self._ctx

    def to_act(self) -> tuple[int, ...]:
        return (self.current_seat,) if self.current_seat is not None else ()

    def _seat_in_turn(self) -> Optional[int]:
        phase = self.phase
        if phase is Phase.ANSWER:
            assert self.open_raise is not None
            return self.open_raise.answerer
        if phase in (Phase.STRIKER, Phase.TRUMP, Phase.PLAY):
            return self.turn
        return None

    def may_raise(self, seat: int) -> bool:
        """W10: in her turn to play, unless her side raised last this hand."""
        if self.phase is not Phase.PLAY or seat != self.turn:
            return False
        log = self.hand_logs[-1]
        return not log.raises or log.raises[-1].seat & 1 != seat & 1

    def _playable(self, seat: int) -> list[int]:
        assert self._ctx is not None
        first = not self.hand_logs[-1].tricks
        return self._ctx.playable(self.hands[seat], self._trick, first)

    def legal_actions(self, seat: Optional[int] = None) -> list[Any]:
        phase = self.phase
        if phase is Phase.DEAL:
            return [DEAL]
        if seat is None or seat != self.current_seat:
            return []
        if phase is Phase.PLAY:
            table = _PLAY_TABLE[seat]
            acts: list[Any] = [table[c] for c in self._playable(seat)]
            if self.may_raise(seat):
                acts.append(Raise(seat))
            return acts
        if phase is Phase.ANSWER:
            return [Hold(seat), Go(seat)]
        if phase is Phase.STRIKER:
            return [NameStriker(seat, r) for r in reversed(RANKS)]
        if phase is Phase.TRUMP:
            return [NameTrump(seat, s) for s in reversed(_SUITS)]
        return []

    # ------------------------------------------------------------------ checks
    def _name(self, seat: Optional[int]) -> str:
        return self.seats[seat].name if seat is not None else "nobody"

    def _check_seat(self, seat: Any) -> None:
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            raise NoSuchSeat(f"there is no seat {seat!r} at a table of {PLAYERS}")

    def _check_turn(self, seat: int, doing: str) -> None:
        if seat != self.current_seat:
            raise NotYourTurn(f"it is {self._name(self.current_seat)}'s turn, not {self._name(seat)}'s, "
                              f"so {self._name(seat)} cannot {doing} now")

    def _check(self, action: Any) -> None:
        kind = type(action)
        phase = self.phase
        if kind is Deal:
            if phase is not Phase.DEAL:
                raise WrongPhase(f"you cannot deal now: the game is in the {phase.value} phase")
            return
        if kind not in (Play, NameStriker, NameTrump, Raise, Hold, Go):
            raise IllegalAction(f"{action!r} is not an action of this game")
        seat = action.seat
        self._check_seat(seat)
        if phase is Phase.OVER:
            raise WrongPhase("the game is over")
        if kind is Play:
            if phase is Phase.ANSWER:
                raise WrongPhase(f"a raise is open: {self._name(self._seat_in_turn())} must hold or go first")
            if phase is not Phase.PLAY:
                raise WrongPhase(f"you cannot play a card now: the game is in the {phase.value} phase")
            self._check_turn(seat, "play")
            card = action.card
            hand = self.hands[seat]
            if card not in hand:
                raise CardNotInHand(f"{card.text()} is not in {self._name(seat)}'s hand")
            assert self._ctx is not None
            if self._ctx.must_follow(hand, self._trick, card, not self.hand_logs[-1].tricks):
                raise MustFollowSuit("the chief striker was led to the first trick, so you must play a trump "
                                     "while you hold one (W7)", self._ctx.trump)
        elif kind is NameStriker:
            if phase is not Phase.STRIKER:
                raise WrongPhase(f"you cannot name a striker rank now: the game is in the {phase.value} phase")
            self._check_turn(seat, "name the striker rank")
            if action.rank not in RANKS:
                raise IllegalAction(f"the striker rank must be one of 7 8 9 10 J Q K A, not {action.rank!r}")
        elif kind is NameTrump:
            if phase is not Phase.TRUMP:
                raise WrongPhase(f"you cannot name a trump suit now: the game is in the {phase.value} phase")
            self._check_turn(seat, "name the trump suit")
            if not isinstance(action.suit, Suit):
                raise IllegalAction(f"the trump suit must be one of the four suits, not {action.suit!r}")
        elif kind is Raise:
            if phase is Phase.ANSWER:
                raise WrongPhase("a raise is open: it must be held or gone before anyone raises again")
            if phase is not Phase.PLAY:
                raise WrongPhase(f"you cannot raise now: the game is in the {phase.value} phase")
            if seat != self.turn:
                raise NotYourTurn(f"only the seat in turn to play may raise: it is {self._name(self.turn)}'s turn "
                                  f"(W10)")
            if not self.may_raise(seat):
                raise RaiseTwice("your side raised last: it may raise again once the other side has (W10)")
        else:  # Hold, Go
            word = "hold" if kind is Hold else "go"
            if phase is not Phase.ANSWER:
                raise WrongPhase(f"you cannot {word} now: no raise is open to answer")
            assert self.open_raise is not None
            if seat != self.open_raise.answerer:
                raise NotYourTurn(f"{self._name(self.open_raise.answerer)} answers this raise, "
                                  f"not {self._name(seat)} (W10)")

    # ------------------------------------------------------------------ apply
    def apply(self, action: Any) -> None:
        """Apply one action, or raise an IllegalAction and change nothing."""
        self._check(action)
        kind = type(action)
        if kind is Play:
            self._play(action.seat, action.card)
        elif kind is Deal:
            self._deal()
        elif kind is NameStriker:
            log = self.hand_logs[-1]
            log.striker = action.rank
            self.phase = Phase.TRUMP
            self.turn = log.dealer  # W4
        elif kind is NameTrump:
            log = self.hand_logs[-1]
            log.trump = Suit(action.suit)
            assert log.striker is not None
            self._ctx = context(log.striker, log.trump)
            self.phase = Phase.PLAY
            self.turn = self._leader = log.eldest  # W6
        elif kind is Raise:
            log = self.hand_logs[-1]
            seat = action.seat
            self.open_raise = RaiseLog(seat, (seat + 1) % PLAYERS, len(log.tricks) + 1, log.stake + 1, None)
            self.phase = Phase.ANSWER
        elif kind is Hold:
            log = self.hand_logs[-1]
            assert self.open_raise is not None
            log.raises.append(self.open_raise._replace(answer="hold"))
            log.stake += 1
            self.open_raise = None
            self.phase = Phase.PLAY  # the raiser still plays her card
        else:  # Go
            log = self.hand_logs[-1]
            assert self.open_raise is not None
            raised = self.open_raise
            log.raises.append(raised._replace(answer="go"))
            self.open_raise = None
            log.unfinished = tuple(self.trick)
            self._trick = []
            self._finish_hand(log, raised.seat & 1, WENT)  # the stake before the raise
        self.history.append(action)
        self.current_seat = self._seat_in_turn()

    def _deal(self) -> None:
        number = len(self.hand_logs)
        if self.hand_logs:
            self.dealer = (self.dealer + 1) % PLAYERS  # W3: the deal moves one seat left
        stacked = self.stacked_deals[number] if number < len(self.stacked_deals) else None
        if stacked is not None:
            hands = [list(h) for h in stacked.hands]
            rest = stacked.rest
        else:
            pack = list(_PACK)
            shuffle(pack, self._rng.random)
            hands = [[] for _ in range(PLAYERS)]
            eldest = (self.dealer + 1) % PLAYERS
            at = 0
            for packet in (FIRST_PACKET, SECOND_PACKET):  # W3: from eldest clockwise, 3 each then 2 each
                for k in range(PLAYERS):
                    hands[(eldest + k) % PLAYERS].extend(pack[at:at + packet])
                    at += packet
            for h in hands:
                h.sort(reverse=True)
            rest = tuple(pack[at:])
        self.hands = hands
        log = HandLog(number + 1, self.dealer, tuple(tuple(h) for h in hands), tuple(rest), stake=BASE_STAKE)
        self.hand_logs.append(log)
        self._trick = []
        self._ctx = None
        self.open_raise = None
        self.phase = Phase.STRIKER
        self.turn = log.eldest  # W4

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        trick = self._trick
        trick.append(card)
        if len(trick) < PLAYERS:
            self.turn = (seat + 1) % PLAYERS
            return
        assert self._ctx is not None
        log = self.hand_logs[-1]
        leader = self._leader
        winner = (leader + self._ctx.winner(trick)) % PLAYERS  # W8
        log.tricks.append(TrickLog(leader, tuple(trick), winner))
        log.side_tricks[winner & 1] += 1
        self._trick = []
        self.turn = self._leader = winner  # W6
        if log.side_tricks[winner & 1] >= TRICKS_TO_WIN:  # W9: the hand ends at once
            self._finish_hand(log, winner & 1, THREE_TRICKS)

    def _finish_hand(self, log: HandLog, side: int, ended: str) -> None:
        log.winner = side
        log.ended = ended
        log.points = log.stake
        self.side_points[side] += log.stake
        self.turn = None
        self.phase = Phase.OVER if self.side_points[side] >= self.rules.target else Phase.DEAL  # W11

    # ------------------------------------------------------------------ results
    def results(self) -> tuple[HandResult, ...]:
        out = []
        points = [0, 0]
        for log in self.hand_logs:
            if not log.finished:
                continue
            assert log.winner is not None
            points[log.winner] += log.points
            out.append(HandResult(log.number, log.dealer, log.striker, log.trump, (log.side_tricks[0],
                                  log.side_tricks[1]), log.points, tuple(log.raises), log.winner, log.ended,
                                  tuple(log.tricks), (points[0], points[1])))
        return tuple(out)

    def log(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_full_dict(),
            "phase": self.phase.value,
            "first_dealer": self.first_dealer,
            "round": self.round_number,
            "hands": [hand_log_to_dict(log) for log in self.hand_logs],
            "side_points": list(self.side_points),
            "totals": list(self.totals),
            "winners": list(self.winners),
        }

    def last_trick(self) -> Optional[LastTrick]:
        return last_trick(self.hand_logs, PLAYERS)

    # ------------------------------------------------------------------ misc
    def clone(self) -> "Game":
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: Any) -> "Game":
        return copy_state(self, ("rules", "spec", "options", "seats", "seed", "_ctx", "stacked_deals", "open_raise"),
                          memo)

    def observe(self, seat: int) -> Observation:
        return observe(self, seat)

    def __repr__(self) -> str:
        return f"<Game watten seed={self.seed} hand={self.round_number} phase={self.phase.value}>"


def striker_text(rank: Optional[int]) -> str:
    return rank_label(rank) if rank is not None else "-"
