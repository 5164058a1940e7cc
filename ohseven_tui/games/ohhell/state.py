"""The Oh Hell family's one state machine. Everything it varies on comes from
:class:`Rules`.

Phases: DEAL -> [PASS] -> BID (rebids, redeals) -> PLAY -> ROUND_OVER -> DEAL ...
-> GAME_OVER. Passing and card/number bidding may be simultaneous: each seat acts in
any order and nothing is revealed until every seat has acted.

Every rejected action raises an :class:`IllegalAction` before anything is changed;
``why_illegal`` runs the same checks without changing anything.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from itertools import combinations
from typing import Any, NamedTuple, Optional, Sequence

from ...engine import registry
from ...engine.actions import DEAL, Bid, BidNumber, Deal, Pass, Play
from ...engine.cards import Card, Suit, make_pack
from ...engine.errors import (
    AlreadyActed,
    BidOutOfRange,
    CardAlreadyBid,
    CardNotInHand,
    ChecksActions,
    HookBid,
    IllegalAction,
    MustFollowSuit,
    NoSuchSeat,
    NotYourTurn,
    WrongPassCount,
    WrongPhase,
)
from ...engine.kit import checked_seats, checked_seed, copy_state, last_trick, shuffle
from ...engine.protocol import GameSpec, Seat
from ...engine.tricks import plain_trump, plain_winner
from .log import (
    IDENTICAL_TOP,
    STANDS,
    SUM_IS_HAND,
    BidAttempt,
    DealLog,
    Phase,
    RoundLog,
    RoundResult,
    TrickLog,
    card_bid_outcome,
    round_points,
)
from .observation import Observation
from .records import round_log_to_dict
from .rules import BidStyle, Rules, TrumpStyle

__all__ = ["Phase", "Seat", "StackedDeal", "Game", "DealLog", "BidAttempt", "TrickLog", "RoundLog", "RoundResult",
           "round_points", "STANDS", "SUM_IS_HAND", "IDENTICAL_TOP"]


_PLAY = Phase.PLAY
_BID = Phase.BID
_PASS = Phase.PASS
_DEAL = Phase.DEAL
_ROUND_OVER = Phase.ROUND_OVER
_GAME_OVER = Phase.GAME_OVER
_SUIT_OF_CODE = tuple(Suit)
_PLAY_TABLE = Play._table



class StackedDeal(NamedTuple):
    """A deal fixed in advance: every seat's hand, and the turned card (Oh Hell)."""

    hands: tuple[tuple[Card, ...], ...]
    turned: Optional[Card] = None


def _check_stacked(rules: Rules, deal) -> StackedDeal:
    hands = tuple(tuple(Card.from_code(int(c)) for c in h) for h in deal[0])
    turned = deal[1] if len(deal) > 1 else None
    if len(hands) != rules.players:
        raise ValueError(f"a stacked deal needs {rules.players} hands, not {len(hands)}")
    used = Counter(c for h in hands for c in h)
    if turned is not None:
        used[turned] += 1
    pack = Counter(_pack_for(rules))
    extra = used - pack
    if extra:
        raise ValueError(f"a stacked deal uses cards the pack does not have: {' '.join(c.text() for c in extra)}")
    return StackedDeal(hands, turned)


_new_tuple = tuple.__new__  # NamedTuple construction without the Python-level __new__
_PACKS: dict = {}


def _pack_for(rules: Rules) -> tuple:
    key = (rules.ranks, rules.decks)
    pack = _PACKS.get(key)
    if pack is None:
        pack = _PACKS[key] = tuple(make_pack(rules.ranks, rules.decks))
    return pack


class Game(ChecksActions):
    """An Oh-Seven (or Oh Hell preset) game: rules, seats, seed and actions."""

    def __init__(
        self,
        rules: Rules,
        seed: int = 0,
        seats: Optional[Sequence[Seat]] = None,
        stacked_deals: Sequence["StackedDeal"] = (),
    ):
        """``stacked_deals`` fixes the first deals (redeals count) instead of the RNG:
        for tests, tutorials and scripted sample games. They are part of the record."""
        n = rules.players
        self.rules = rules
        self.seed = checked_seed(seed)
        self.seats = checked_seats(seats, n)
        self.players = n
        self._rng = random.Random(seed)
        self._pack = _pack_for(rules)
        self.dealer = self._rng.randrange(n) if rules.random_first_dealer else 0
        self.phase = _DEAL
        self.round_index = -1  # becomes 0 with the first deal
        self.totals = [0] * n
        self.history: list = []
        self.rounds: list[RoundLog] = []
        self._results: tuple[RoundResult, ...] = ()  # the scoresheet so far: one result per finished round
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self._pending: list = [None] * n  # face-down passes or bids, per seat
        self._waiting = 0  # seats still owing a simultaneous action
        self._bid_with: list[list[Card]] = [[] for _ in range(n)]  # R12
        self._number_bids: list[int] = []
        self.turn: Optional[int] = None
        # The one seat to act in a turn-based phase, else None: kept by apply (every
        # change goes through it), so a caller's loop reads it as a plain attribute.
        self.current_seat: Optional[int] = None
        self._trick: list[Card] = []  # cards of the current trick, in play order
        self.trump: Optional[Suit] = None
        self._ctx = plain_trump(None)  # R14/R15 for the hand in play (engine.tricks)
        self._two_decks = rules.decks > 1
        self._card_bids = rules.bid_style is BidStyle.CARD
        self._bids_in_turn = rules.bid_style is BidStyle.NUMBER_IN_TURN
        self._turned_trump = rules.trump_style is TrumpStyle.TURNED_CARD
        self.stacked_deals = tuple(_check_stacked(rules, d) for d in stacked_deals)
        self._deals_made = 0

    # ------------------------------------------------------------------ queries
    @property
    def spec(self) -> GameSpec:
        return registry.game_spec(self.rules.preset)

    @property
    def options(self) -> dict:
        return self.rules.options

    @property
    def is_over(self) -> bool:
        return self.phase is _GAME_OVER

    @property
    def round(self) -> Optional[RoundLog]:
        return self.rounds[-1] if self.rounds else None

    @property
    def round_number(self) -> int:
        return self.round_index + 1

    def to_act(self) -> tuple[int, ...]:
        """Seats that still owe an action; empty when the table must deal."""
        phase = self.phase
        if phase is _PLAY:
            return (self.turn,) if self.turn is not None else ()
        if phase is _BID or phase is _PASS:
            if self.turn is not None:
                return (self.turn,)
            pending = self._pending
            return tuple([s for s in range(self.players) if pending[s] is None])
        return ()

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) pairs, in play order."""
        cards = self._trick
        if not cards:
            return []
        n = self.players
        first = ((self.turn or 0) - len(cards)) % n  # a trick is under way only while a seat is to play
        return [((first + i) % n, c) for i, c in enumerate(cards)]

    def _seat_in_turn(self) -> Optional[int]:
        """The one seat to act in a turn-based phase, else None."""
        phase = self.phase
        if phase is _PLAY or (phase is _BID and self.turn is not None):
            return self.turn
        return None

    def has_acted(self, seat: int) -> bool:
        """In a simultaneous phase: has this seat laid its cards face down?"""
        return self._pending[seat] is not None

    def legal_actions(self, seat: Optional[int] = None) -> list:
        phase = self.phase
        if phase is _PLAY:
            if seat is None or seat != self.turn:
                return []
            hand = self.hands[seat]
            table = _PLAY_TABLE[seat]
            trick = self._trick
            if trick:  # R14 under a plain trump suit: a card's suit is its own (c & 3)
                led = trick[0] & 3
                follow = [table[c] for c in hand if c & 3 == led]
                if follow:
                    return list(dict.fromkeys(follow)) if self._two_decks else follow
            acts = list(map(table.__getitem__, hand))
            return list(dict.fromkeys(acts)) if self._two_decks else acts
        if phase is _DEAL or phase is _ROUND_OVER:
            return [DEAL]
        if seat is None or not 0 <= seat < self.players:
            return []
        if phase is _BID:
            if self._card_bids:
                if self._pending[seat] is not None:
                    return []
                table = Bid._table[seat]
                return [table[c] for c in self._unbid_cards(seat)]
            if self.turn is not None and seat != self.turn or self._pending[seat] is not None:
                return []
            table = BidNumber._table[seat]
            return [table[k] for k in self._allowed_numbers(seat)]
        if phase is _PASS:
            if self._pending[seat] is not None:
                return []
            count = self.rounds[-1].pass_count
            return [Pass(seat, cs) for cs in dict.fromkeys(combinations(self.hands[seat], count))]
        return []

    def _unbid_cards(self, seat: int) -> list[Card]:
        used = self._bid_with[seat]
        if not used:
            return list(dict.fromkeys(self.hands[seat])) if self._two_decks else self.hands[seat]
        left = Counter(self.hands[seat])
        left.subtract(used)
        return [c for c in dict.fromkeys(self.hands[seat]) if left[c] > 0]

    def _allowed_numbers(self, seat: int) -> list[int]:
        size = self.rounds[-1].hand_size
        numbers = list(range(size + 1))
        if self.rules.hook and seat == self.dealer:
            forbidden = size - sum(self._number_bids)
            numbers = [k for k in numbers if k != forbidden]
        return numbers

    def hook_number(self) -> Optional[int]:
        """H4: the number the dealer may not bid now, if the dealer is to bid."""
        if self.rules.hook and self.phase is _BID and self.turn == self.dealer:
            size = self.rounds[-1].hand_size
            forbidden = size - sum(self._number_bids)
            return forbidden if 0 <= forbidden <= size else None
        return None

    @property
    def winners(self) -> tuple[int, ...]:
        """R4: every seat with the highest total (only once the game is over)."""
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == best)

    # ------------------------------------------------------------------ apply
    def apply(self, action) -> None:
        """Apply one action, or raise an IllegalAction and change nothing."""
        kind = type(action)
        if kind is Play and self.phase is _PLAY and action.seat == self.turn:
            # The hot path of every playout: checks inlined; _reject_play words the errors.
            seat = action.seat
            card = action.card
            hand = self.hands[seat]
            trick = self._trick
            if trick:  # R14, as in legal_actions
                led = trick[0] & 3
                if card & 3 != led:
                    for c in hand:
                        if c & 3 == led:
                            self._reject_play(seat, card)
            try:
                hand.remove(card)
            except ValueError:
                self._reject_play(seat, card)
            trick.append(card)
            self.history.append(action)
            n = self.players
            if len(trick) < n:
                self.turn = self.current_seat = (seat + 1) % n
                return
            # Trick complete (R15): the plain trump context's winner, table-free.
            win = plain_winner(trick, self._ctx.trump)
            leader = (seat + 1) % n  # the last to play sits right of the leader
            win_seat = (leader + win) % n
            log = self.rounds[-1]
            tricks = log.tricks
            tricks.append(_new_tuple(TrickLog, (leader, tuple(trick), win_seat)))
            log.taken[win_seat] += 1
            self._trick = []
            self.turn = win_seat
            if len(tricks) == log.hand_size:
                self._finish_round(log)
            self.current_seat = self.turn  # the winner leads; None once the round is over
            return
        if kind is Play:
            self._reject_play(action.seat, action.card)
        elif kind is Bid:
            self._bid_card(action.seat, action.card)
        elif kind is Pass:
            self._pass(action.seat, action.cards)
        elif kind is Deal:
            self._deal()
        elif kind is BidNumber:
            self._bid_number(action.seat, action.number)
        else:
            raise IllegalAction(f"{action!r} is not an action of this game")
        self.current_seat = self._seat_in_turn()
        self.history.append(action)

    def _check(self, action: Any) -> None:
        kind = type(action)
        if kind is Play:
            seat, card = action.seat, action.card
            if self.phase is not _PLAY or seat != self.turn or card not in self.hands[seat] \
                    or self._ctx.must_follow(self.hands[seat], self._trick, card):
                self._reject_play(seat, card)
        elif kind is Bid:
            self._check_bid_card(action.seat, action.card)
        elif kind is Pass:
            self._check_pass(action.seat, action.cards)
        elif kind is Deal:
            self._check_deal()
        elif kind is BidNumber:
            self._check_bid_number(action.seat, action.number)
        else:
            raise IllegalAction(f"{action!r} is not an action of this game")

    def _check_phase(self, phase: Phase, doing: str) -> None:
        if self.phase is not phase:
            raise WrongPhase(f"you cannot {doing} now: the game is in the {self.phase.value} phase")

    def _check_seat(self, seat) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise NoSuchSeat(f"there is no seat {seat!r} at a table of {self.players}")

    def _name(self, seat: Optional[int]) -> str:
        if seat is None:
            return "nobody"
        return self.seats[seat].name

    def _check_simultaneous(self, seat: int, doing: str) -> None:
        if self._pending[seat] is not None:
            raise AlreadyActed(f"{self._name(seat)} has already chosen cards to {doing}")

    # -- deal ------------------------------------------------------------------
    def _check_deal(self) -> int:
        """The 0-based round the next deal is for, or WrongPhase."""
        phase = self.phase
        if phase is _ROUND_OVER:
            return self.round_index + 1
        if phase is _DEAL:
            return max(self.round_index, 0)
        raise WrongPhase(f"you cannot deal now: the game is in the {phase.value} phase")

    def _deal(self) -> None:
        phase = self.phase
        index = self._check_deal()
        rules = self.rules
        n = self.players
        size = rules.hand_sizes[index]
        stacked = None
        if self._deals_made < len(self.stacked_deals):
            stacked = self.stacked_deals[self._deals_made]
            if any(len(h) != size for h in stacked.hands):
                raise ValueError(f"stacked deal {self._deals_made + 1} does not hold {size} cards per hand")
        # Nothing has changed up to here.
        if phase is _ROUND_OVER:
            self.dealer = (self.dealer + 1) % n  # R5
        self.round_index = index
        if not self.rounds or self.rounds[-1].number != index + 1:  # else an R13 redeal
            count, direction = rules.passes_in_round(index)
            log = RoundLog(index + 1, self.dealer, size, count, direction)
            log.bonus = [0] * n
            log.taken = [0] * n
            self.rounds.append(log)
        log = self.rounds[-1]
        turned = None
        if stacked is not None:
            hands = [sorted(h, reverse=True) for h in stacked.hands]
            turned = stacked.turned
        else:
            pack = list(self._pack)
            shuffle(pack, self._rng.random, n * size + 1)
            hands = [sorted(pack[i * size:(i + 1) * size], reverse=True) for i in range(n)]
            if self._turned_trump and n * size < len(pack):
                turned = pack[n * size]  # H3
        self._deals_made += 1
        log.deals.append(DealLog(tuple([tuple(h) for h in hands]), turned))
        self.hands = hands
        self._trick = []
        # H3: a turned card names trump from the deal on; a top bid names it later (R9).
        self.trump = log.trump = turned.suit if turned is not None else None
        self._ctx = plain_trump(None)
        self._bid_with = [[] for _ in range(n)]
        self._start_bidding_or_passing(log)

    def _start_bidding_or_passing(self, log: RoundLog) -> None:
        n = self.players
        self._pending = [None] * n
        self._waiting = n
        if log.pass_count and log.deals[-1].passes is None:
            self.phase = _PASS
            self.turn = None
            return
        self.phase = _BID
        self._number_bids = []
        if self._bids_in_turn:
            self.turn = (self.dealer + 1) % n  # H4
        else:
            self.turn = None

    # -- pass ------------------------------------------------------------------
    def _pass(self, seat, cards) -> None:
        self._check_pass(seat, cards)
        log = self.rounds[-1]
        self._pending[seat] = tuple(cards)
        self._waiting -= 1
        if self._waiting == 0:
            self._reveal_passes(log)

    def _check_pass(self, seat, cards) -> None:
        self._check_phase(_PASS, "pass cards")
        self._check_seat(seat)
        self._check_simultaneous(seat, "pass")
        log = self.rounds[-1]
        if len(cards) != log.pass_count:
            word = "card" if log.pass_count == 1 else "cards"
            raise WrongPassCount(f"pass exactly {log.pass_count} {word} this round, not {len(cards)}")
        missing = Counter(cards) - Counter(self.hands[seat])
        if missing:
            card = next(iter(missing))
            raise CardNotInHand(f"{card.text()} is not in {self._name(seat)}'s hand")

    def _reveal_passes(self, log: RoundLog) -> None:
        n = self.players
        passes = tuple(self._pending)
        for seat, cards in enumerate(passes):
            hand = self.hands[seat]
            for c in cards:
                hand.remove(c)
        for seat, cards in enumerate(passes):  # R7: left is seat+1, right seat-1
            self.hands[(seat + log.pass_direction) % n].extend(cards)
        for hand in self.hands:
            hand.sort(reverse=True)
        log.deals[-1].passes = passes
        self._start_bidding_or_passing(log)

    def received(self, seat: int, deal: Optional[DealLog] = None) -> tuple[Card, ...]:
        """Cards a seat received in the revealed pass of a deal (the latest by default)."""
        log = self.rounds[-1] if self.rounds else None
        deal = deal or (log.deals[-1] if log and log.deals else None)
        if log is None or deal is None or deal.passes is None:
            return ()
        return deal.passes[(seat - log.pass_direction) % self.players]

    # -- bid -------------------------------------------------------------------
    def _bid_card(self, seat, card) -> None:
        self._check_bid_card(seat, card)
        self._pending[seat] = card
        self._waiting -= 1
        if self._waiting == 0:
            self._reveal_bid_cards()

    def _check_bid_card(self, seat, card) -> None:
        if self.phase is not _BID or not self._card_bids:
            self._check_phase(_BID, "bid")
            raise WrongPhase("bid with a number in this game, not a card")
        if seat >= self.players:
            self._check_seat(seat)
        pending = self._pending
        if pending[seat] is not None:
            self._check_simultaneous(seat, "bid")
        hand = self.hands[seat]
        if card not in hand:
            raise CardNotInHand(f"{card.text()} is not in {self._name(seat)}'s hand")
        used = self._bid_with[seat]
        if card in used and hand.count(card) <= used.count(card):
            raise CardAlreadyBid(  # a player reads this one: suit symbols, as the screens (--ascii converts)
                f"{self._name(seat)} has already bid with {card.pretty()} this round; bid with another card"
            )

    def _reveal_bid_cards(self) -> None:
        n = self.players
        log = self.rounds[-1]
        bids = tuple(self._pending)
        for seat, card in enumerate(bids):
            self._bid_with[seat].append(card)
        outcome, holders = card_bid_outcome(bids, log.hand_size)
        bonus = [0] * n
        if outcome is SUM_IS_HAND:  # R11
            for s in holders:
                bonus[s] = 1
                log.bonus[s] += 1
                self.totals[s] += 1
        log.deals[-1].attempts.append(_new_tuple(BidAttempt, (bids, outcome, tuple(bonus))))
        if outcome is STANDS:
            log.bid_cards = bids
            log.top_bidders = holders
            self._start_play(log, tuple([c >> 2 for c in bids]), _SUIT_OF_CODE[bids[holders[0]] & 3], holders[0])
        elif len(self._bid_with[0]) >= log.hand_size:  # R13: no unbid card left
            self.phase = _DEAL
            self.turn = None
        else:  # R12: rebid
            self._pending = [None] * n
            self._waiting = n

    def _bid_number(self, seat, number) -> None:
        self._check_bid_number(seat, number)
        log = self.rounds[-1]
        if self._bids_in_turn:
            self._number_bids.append(number)
            if len(self._number_bids) < self.players:
                self.turn = (seat + 1) % self.players
                return
            first = (self.dealer + 1) % self.players
            in_seat_order = [0] * self.players
            for i, b in enumerate(self._number_bids):
                in_seat_order[(first + i) % self.players] = b
            bids = tuple(in_seat_order)
        else:
            self._pending[seat] = number
            self._waiting -= 1
            if self._waiting:
                return
            bids = tuple(self._pending)
        self._stand_number_bids(log, bids)

    def _check_bid_number(self, seat, number) -> None:
        if self.phase is not _BID or self._card_bids:
            self._check_phase(_BID, "bid")
            raise WrongPhase("bid by laying a card face down in this game, not a number")
        self._check_seat(seat)
        log = self.rounds[-1]
        size = log.hand_size
        if type(number) is not int or not 0 <= number <= size:
            raise BidOutOfRange(f"bid a number from 0 to {size}, not {number!r}")
        if self._bids_in_turn:
            if seat != self.turn:
                raise NotYourTurn(f"it is {self._name(self.turn)}'s turn to bid, not {self._name(seat)}'s")
            if seat == self.dealer and self.rules.hook and number == size - sum(self._number_bids):
                raise HookBid(f"the dealer may not bid {number}: the bids would add up to {size}")
        else:
            self._check_simultaneous(seat, "bid")

    def _stand_number_bids(self, log: RoundLog, bids: tuple[int, ...]) -> None:
        log.deals[-1].attempts.append(_new_tuple(BidAttempt, (bids, STANDS, (0,) * self.players)))
        top = max(bids)
        log.top_bidders = tuple([s for s in range(self.players) if bids[s] == top])
        turned = log.deals[-1].turned
        self._start_play(log, bids, turned.suit if turned is not None else None, (self.dealer + 1) % self.players)

    # -- play ------------------------------------------------------------------
    def _start_play(self, log: RoundLog, bids: tuple[int, ...], trump: Optional[Suit], leader: int) -> None:
        log.bids = bids
        log.trump = trump
        log.leader = leader
        self.trump = trump
        self._ctx = plain_trump(trump)
        self._pending = [None] * self.players
        self.phase = _PLAY
        self.turn = leader
        self._trick = []

    def _reject_play(self, seat, card) -> None:
        """Raise the precise error for a play that apply's fast path refused."""
        if self.phase is not _PLAY:
            self._check_phase(_PLAY, "play a card")
        if seat != self.turn:
            self._check_seat(seat)
            raise NotYourTurn(f"it is {self._name(self.turn)}'s turn to play, not {self._name(seat)}'s")
        hand = self.hands[seat]
        if card not in hand:
            raise CardNotInHand(f"{card.text()} is not in {self._name(seat)}'s hand")
        suit = Suit(self._ctx.suit[self._trick[0]])
        raise MustFollowSuit(f"you must follow {suit.symbol} ({suit.label})", suit)

    def _finish_round(self, log: RoundLog) -> None:
        scoring = self.rules.scoring
        assert log.bids is not None  # play only starts once bids stand
        log.points = tuple(round_points(scoring, b, t) for b, t in zip(log.bids, log.taken))
        for seat, p in enumerate(log.points):
            self.totals[seat] += p  # R11 points were added when scored
        log.finished = True
        # A finished round never changes: the sheet grows here, and every observation
        # shares it (a table server compares and sends it per seat).
        self._results += (RoundResult.from_log(log),)
        self.turn = None
        last = self.round_index + 1 >= self.rules.rounds
        self.phase = _GAME_OVER if last else _ROUND_OVER

    def log(self) -> dict:
        """The derived fields a record carries: the full rules, every round, the
        totals and the winners."""
        return {
            "rules": self.rules.to_full_dict(),
            "phase": self.phase.value,
            "round": self.round_number,
            "rounds": [round_log_to_dict(log) for log in self.rounds],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }

    def results(self) -> tuple["RoundResult", ...]:
        """The scoresheet: one public result per finished round."""
        return self._results

    # ------------------------------------------------------------------ misc
    def clone(self) -> "Game":
        """An independent copy, RNG included (for search and what-ifs)."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo):
        return copy_state(self, ("rules", "seats", "_pack", "seed", "_ctx", "stacked_deals"), memo)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know (the UI and the bots read only this)."""
        game = self
        n = game.players
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"there is no seat {seat!r} at a table of {n}")
        log = game.round
        phase = game.phase
        simultaneous = phase is _PASS or (phase is _BID and game.turn is None)
        pending = game._pending
        acted = tuple(simultaneous and p is not None for p in pending)
        passed = received = None
        attempts: list = []
        deal_number = 0
        bid_with: tuple = ()
        turned = None
        if log is not None:
            deal_number = len(log.deals)
            deal = log.deals[-1]
            turned = deal.turned
            if log.pass_count:
                if deal.passes is not None:
                    passed = deal.passes[seat]
                    received = game.received(seat)
                elif phase is _PASS and pending[seat] is not None:
                    passed = pending[seat]
            for number, d in enumerate(log.deals, start=1):
                attempts.extend((number, a) for a in d.attempts)
            bid_with = tuple(game._bid_with[seat]) if phase is _BID else ()
        my_bid = pending[seat] if phase is _BID and game.turn is None else None
        in_round = log is not None and phase not in (_DEAL, _ROUND_OVER, _GAME_OVER)
        return Observation.of(
            seat=seat,
            rules=game.rules,
            seats=game.seats,
            phase=phase,
            round_number=game.round_number if log is not None else 0,
            dealer=game.dealer,
            hand=tuple(game.hands[seat]),
            hand_counts=tuple(len(h) for h in game.hands),
            to_act=game.to_act(),
            acted=acted,
            legal_actions=tuple(game.legal_actions(seat)),
            pass_count=log.pass_count if log else 0,
            pass_direction=log.pass_direction if log else 0,
            passed=passed,
            received=received,
            deal_number=deal_number,
            bid_attempts=tuple(attempts),
            my_bid=my_bid,
            bid_with=bid_with,
            bids=log.bids if log else None,
            bid_cards=log.bid_cards if log else None,
            top_bidders=log.top_bidders if log and log.bids is not None else (),
            hook=game.hook_number() if game.turn == seat else None,
            bids_made=game._bids_made() if phase is _BID else (),
            trump=log.trump if log else None,
            turned=turned,
            leader=log.leader if log else None,
            trick=tuple(game.trick) if in_round else (),
            tricks=tuple(log.tricks) if log else (),
            last_trick=last_trick(game.rounds, n),
            taken=tuple(log.taken) if log else (0,) * n,
            bonus=tuple(log.bonus) if log else (0,) * n,
            totals=tuple(game.totals),
            results=game.results(),
            winners=game.winners,
        )

    def _bids_made(self) -> tuple[tuple[int, int], ...]:
        """Number bids said aloud in turn (H4) before the last seat has bid."""
        game = self
        if game.turn is None:
            return ()
        first = (game.dealer + 1) % game.players
        return tuple(((first + i) % game.players, b) for i, b in enumerate(game._number_bids))

    observation = observe  # the older name


    def __repr__(self) -> str:
        return f"<Game {self.rules.describe()} seed={self.seed} round={self.round_number} phase={self.phase.value}>"
