"""Seven for Seven's state machine (``docs/seven-for-seven.md``, V1-V24).

Phases: DEAL -> AUCTION (V8-V13; a passed-out hand is dealt again, V10) ->
DRAW (the table gives the kitty's cards: the captain's, then each lieutenant's;
one ``Draw`` action each, so the record lists them, V15) -> DISCARD -> LEAD (V17) -> PLAY
(V18-V20) -> HAND_OVER (scored, V21-V22) -> DEAL ... -> OVER after 7 counted hands (V4).

Every rejected action raises an ``IllegalAction`` before anything changes;
``why_illegal`` runs the same checks without changing anything.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import Any, Optional, Sequence

from ...engine import registry
from ...engine.actions import DEAL, Deal, Play
from ...engine.cards import JOKER, Card, Suit, make_pack, rank_label
from ...engine.errors import (
    BidOutOfRange,
    CardNotInHand,
    ChecksActions,
    IllegalAction,
    MustFollowSuit,
    NoSuchSeat,
    NotYourTurn,
    WrongPassCount,
    WrongPhase,
)
from ...engine.kit import checked_seats, checked_seed, copy_state, last_trick
from ...engine.protocol import GameSpec, Seat
from ...engine.tricks import TrumpContext, bowers
from .actions import (
    MAX_FACTOR,
    MAX_POINTS,
    PICTURES,
    RANKS,
    SEATS,
    AuctionPass,
    BasicBid,
    ChooseLeader,
    Discard,
    Draw,
    FactorBid,
)
from .log import Contract, DealLog, HandLog, HandResult, Phase, TrickLog, hand_points, lieutenants_of
from .observation import Observation
from .rules import GAME_NAME, HANDS

__all__ = ["Game", "GAME_NAME", "HANDS", "pack_for", "deal_cards", "kitty_size", "captain_draws"]

HAND_SIZE = 7
_PLAY_TABLE = Play._table


def kitty_size(joker: bool) -> int:
    return 4 if joker else 3  # V5


def captain_draws(joker: bool) -> int:
    return 2 if joker else 1  # V15


@lru_cache(maxsize=None)
def pack_for(joker: bool) -> tuple[Card, ...]:
    """V2, V3: 52 cards, and the Joker unless the option is off."""
    pack = make_pack(RANKS)
    if joker:
        pack.insert(0, Card.from_code(JOKER))
    return tuple(pack)


def deal_cards(pack: Sequence[Card], eldest: int, joker: bool) -> tuple[list[list[Card]], list[Card]]:
    """V5, from the top of ``pack``, eldest hand first, clockwise: 2 each, 2 to the
    kitty, 3 each, 2 (1 without the Joker) to the kitty, 2 each."""
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    kitty: list[Card] = []
    i = 0
    for packet in (2, -2, 3, -2 if joker else -1, 2):
        if packet < 0:
            kitty.extend(pack[i:i - packet])
            i -= packet
            continue
        for k in range(SEATS):
            hands[(eldest + k) % SEATS].extend(pack[i:i + packet])
            i += packet
    return hands, kitty


@lru_cache(maxsize=None)
def _bid_table(seat: int, pictures: bool) -> tuple[BasicBid, ...]:
    """Every basic bid of a seat, by points then suit then rank: the legal ones
    are a tail of it (V9: more points than the standing bid)."""
    ranks = PICTURES if pictures else RANKS
    return tuple(BasicBid(seat, suit, rank, points) for points in range(1, MAX_POINTS + 1)
                 for suit in range(4) for rank in ranks)


class Game(ChecksActions):
    """A game of Seven for Seven: options, seats, seed and actions."""

    players = SEATS

    def __init__(self, options: Optional[dict[str, Any]] = None, *, seed: int = 0,
                 seats: Optional[Sequence[Seat]] = None, stacked_deals: Sequence[Any] = ()) -> None:
        options = dict(options or {})
        options.setdefault("players", SEATS)
        options.setdefault("joker", True)
        options.setdefault("bowers", "any")
        if options["players"] != SEATS:
            raise ValueError(f"Seven for Seven is for exactly {SEATS} players, not {options['players']}")
        self.options = options
        self.seed = checked_seed(seed)
        self.seats = checked_seats(seats, SEATS)
        self.joker = bool(options["joker"])
        self.pictures = options["bowers"] == "pictures"
        self._pack = pack_for(self.joker)
        self.stacked_deals = tuple(self._check_stacked(d) for d in stacked_deals)
        self._rng = random.Random(seed)
        self.dealer = self._rng.randrange(SEATS)  # V4: the first dealer comes from the seed
        self.phase = Phase.DEAL
        self.history: list[Any] = []
        self.logs: list[HandLog] = []
        self.hands: list[list[Card]] = [[] for _ in range(SEATS)]
        self.kitty: list[Card] = []
        self.discarded: list[Card] = []  # out of play this hand (V16)
        self.totals = [0] * SEATS
        self.turn: Optional[int] = None
        self.current_seat: Optional[int] = None
        self.standing: Optional[BasicBid] = None
        self.factors = [1] * SEATS
        self._passes = 0  # passes in a row (V10)
        self._drawers: tuple[tuple[int, int], ...] = ()  # (seat, count) still to draw, in order
        self._discarders: tuple[tuple[int, int], ...] = ()  # (seat, count) still to discard, in order
        self._trick: list[Card] = []
        self._ctx: Optional[TrumpContext] = None
        self._deals_made = 0

    def _check_stacked(self, deal: Any) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        hands = tuple(tuple(Card.from_code(int(c)) for c in h) for h in deal[0])
        kitty = tuple(Card.from_code(int(c)) for c in deal[1])
        if len(hands) != SEATS or any(len(h) != HAND_SIZE for h in hands):
            raise ValueError(f"a stacked deal needs {SEATS} hands of {HAND_SIZE} cards")
        if len(kitty) != kitty_size(self.joker):
            raise ValueError(f"a stacked deal needs a kitty of {kitty_size(self.joker)} cards")
        if Counter(c for h in hands for c in h) + Counter(kitty) != Counter(self._pack):
            raise ValueError("a stacked deal must hold every card of the pack exactly once")
        return hands, kitty

    # ------------------------------------------------------------------ queries
    @property
    def spec(self) -> GameSpec:
        return registry.game_spec(GAME_NAME)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def round_number(self) -> int:
        return len(self.logs)

    @property
    def hand_log(self) -> Optional[HandLog]:
        return self.logs[-1] if self.logs else None

    @property
    def winners(self) -> tuple[int, ...]:
        if not self.is_over:
            return ()
        best = max(self.totals)
        return tuple(s for s in range(SEATS) if self.totals[s] == best)

    @property
    def contract(self) -> Optional[Contract]:
        log = self.hand_log
        return log.contract if log is not None else None

    def to_act(self) -> tuple[int, ...]:
        return (self.turn,) if self.turn is not None else ()

    @property
    def trick(self) -> list[tuple[int, Card]]:
        cards = self._trick
        if not cards or self.turn is None:
            return []
        first = (self.turn - len(cards)) % SEATS
        return [((first + i) % SEATS, c) for i, c in enumerate(cards)]

    def legal_actions(self, seat: Optional[int] = None) -> list[Any]:
        phase = self.phase
        if phase is Phase.DEAL or phase is Phase.HAND_OVER:
            return [DEAL]
        if phase is Phase.DRAW:  # the table's action, like the deal: no seat is offered it (V16)
            return [self._next_draw()] if seat is None else []
        if seat is None or seat != self.turn:
            return []
        if phase is Phase.PLAY:
            assert self._ctx is not None
            table = _PLAY_TABLE[seat]
            return [table[c] for c in self._ctx.playable(self.hands[seat], self._trick)]
        if phase is Phase.AUCTION:
            acts: list[Any] = [AuctionPass(seat)]
            if self.standing is not None and self.factors[seat] < MAX_FACTOR:
                acts.append(FactorBid(seat))
            start = self.standing.points if self.standing is not None else 0
            per_points = len(PICTURES if self.pictures else RANKS) * 4
            acts.extend(_bid_table(seat, self.pictures)[start * per_points:])
            return acts
        if phase is Phase.DISCARD:
            count = self._discarders[0][1]
            return [Discard(seat, cs) for cs in combinations(self.hands[seat], count)]
        if phase is Phase.LEAD:
            return [ChooseLeader(seat, s) for s in range(SEATS)]
        return []

    def _next_draw(self) -> Draw:
        seat, count = self._drawers[0]
        return Draw(seat, self.kitty[:count])

    def basic_bids_from(self, seat: int, points: int) -> tuple[BasicBid, ...]:
        """The seat's basic bids of at least ``points`` (bots read a slice, not the list)."""
        per_points = len(PICTURES if self.pictures else RANKS) * 4
        return _bid_table(seat, self.pictures)[(points - 1) * per_points:]

    def _name(self, seat: Optional[int]) -> str:
        return self.seats[seat].name if seat is not None and 0 <= seat < SEATS else f"seat {seat}"

    # ------------------------------------------------------------------ checks
    def _check(self, action: Any) -> None:
        kind = type(action)
        if kind is Deal:
            if self.phase is not Phase.DEAL and self.phase is not Phase.HAND_OVER:
                raise WrongPhase(f"you cannot deal now: the game is in the {self.phase.value} phase")
            return
        if kind is Draw:
            if self.phase is not Phase.DRAW:
                raise WrongPhase(f"nobody draws from the kitty now: the game is in the {self.phase.value} phase")
            due = self._next_draw()
            if action != due:
                raise IllegalAction(f"the kitty's next {'cards go' if len(due.cards) > 1 else 'card goes'} to "
                                    f"{self._name(due.seat)}, in the order dealt to it (V15)")
            return
        if kind not in (Play, BasicBid, FactorBid, AuctionPass, Discard, ChooseLeader):
            raise IllegalAction(f"{action!r} is not an action of Seven for Seven")
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise NoSuchSeat(f"there is no seat {seat!r} at a table of {SEATS}")
        want = {Play: Phase.PLAY, Discard: Phase.DISCARD, ChooseLeader: Phase.LEAD}.get(kind, Phase.AUCTION)
        doing = {Play: "play a card", Discard: "discard", ChooseLeader: "choose the leader"}.get(kind, "bid")
        if self.phase is not want:
            raise WrongPhase(f"you cannot {doing} now: the game is in the {self.phase.value} phase")
        if seat != self.turn:
            raise NotYourTurn(f"it is {self._name(self.turn)}'s turn, not {self._name(seat)}'s")
        if kind is BasicBid:
            self._check_basic(action)
        elif kind is FactorBid:
            if self.standing is None:
                raise IllegalAction("a factor bid needs a basic bid standing first (V12)")
            if self.factors[seat] >= MAX_FACTOR:
                raise BidOutOfRange(f"your factor is already ×{MAX_FACTOR}, the highest (V12)")
        elif kind is Discard:
            self._check_discard(seat, action.cards)
        elif kind is ChooseLeader:
            leader = action.leader
            if type(leader) is not int or not 0 <= leader < SEATS:
                raise NoSuchSeat(f"name a seat of the table to lead, not {leader!r} (V17)")
        elif kind is Play:
            card = action.card
            hand = self.hands[seat]
            if card not in hand:
                raise CardNotInHand(f"{card.text()} is not in {self._name(seat)}'s hand")
            assert self._ctx is not None
            if self._ctx.must_follow(hand, self._trick, card):
                led = self._trick[0]
                if self._ctx.is_trump(led):
                    raise MustFollowSuit("a trump was led: you must play a trump (V18)", self._ctx.trump)
                suit = Suit(self._ctx.suit[led])
                raise MustFollowSuit(f"you must follow {suit.symbol} ({suit.label}) (V18)", suit)

    def _check_basic(self, bid: BasicBid) -> None:
        points, suit, rank = bid.points, bid.suit, bid.rank
        if type(points) is not int or not 1 <= points <= MAX_POINTS:
            raise BidOutOfRange(f"bid from 1 to {MAX_POINTS} trick points, not {points!r} (V6)")
        if not isinstance(suit, int) or not 0 <= int(suit) <= 3:
            raise BidOutOfRange(f"name a trump suit, not {suit!r} (V6)")
        if type(rank) is not int or rank not in RANKS:
            raise BidOutOfRange(f"name a bower rank from 2 to A, not {rank!r} (V6)")
        if self.pictures and rank not in PICTURES:
            raise BidOutOfRange(f"the bower rank must be J, Q or K (picture bowers), not {rank_label(rank)} (V6)")
        if self.standing is not None and points <= self.standing.points:
            raise BidOutOfRange(f"bid more than the standing {self.standing.points} trick points, "
                                f"not {points} (V9)")

    def _check_discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        count = self._discarders[0][1]
        if len(cards) != count:
            word = "card" if count == 1 else "cards"
            raise WrongPassCount(f"you must discard exactly {count} {word}, not {len(cards)} (V15)")
        hand = self.hands[seat]
        for c in cards:
            if c not in hand or cards.count(c) > 1:
                raise CardNotInHand(f"{Card.from_code(int(c)).text()} is not in {self._name(seat)}'s hand")

    # ------------------------------------------------------------------ apply
    def apply(self, action: Any) -> None:
        """Apply one action, or raise an IllegalAction and change nothing."""
        kind = type(action)
        if kind is Play and self.phase is Phase.PLAY and action.seat == self.turn:
            self._play(action)
            return
        self._check(action)
        if kind is Deal:
            self._deal()
        elif kind is AuctionPass:
            self._auction(action)
            self._passes += 1
            if self._passes == SEATS:
                self._end_auction()
        elif kind is BasicBid:
            self._auction(action)
            self.standing = action
            self.factors = [1] * SEATS  # V9: every factor is single again
            self._passes = 0
        elif kind is FactorBid:
            self._auction(action)
            self.factors[action.seat] += 1
            self._passes = 0
        elif kind is Draw:
            self._draw(action)
        elif kind is Discard:
            self._discard(action)
        elif kind is ChooseLeader:
            log = self.logs[-1]
            log.leader = action.leader
            self.phase = Phase.PLAY
            self.turn = action.leader
        else:  # Play, refused by the fast path
            self._check(action)
            raise IllegalAction(f"{action!r} cannot be played now")
        self.history.append(action)
        self.current_seat = self.turn

    def _auction(self, action: Any) -> None:
        self.logs[-1].deals[-1].auction.append(action)
        if self.turn is not None:
            self.turn = (self.turn + 1) % SEATS

    def _deal(self) -> None:
        n = SEATS
        if self.phase is Phase.HAND_OVER:
            self.dealer = (self.dealer + 1) % n  # V4
        if not self.logs or self.logs[-1].finished:
            self.logs.append(HandLog(len(self.logs) + 1, self.dealer))
        log = self.logs[-1]
        eldest = (self.dealer + 1) % n
        if self._deals_made < len(self.stacked_deals):
            stacked_hands, stacked_kitty = self.stacked_deals[self._deals_made]
            hands = [list(h) for h in stacked_hands]
            kitty = list(stacked_kitty)
        else:
            pack = list(self._pack)
            self._rng.shuffle(pack)
            hands, kitty = deal_cards(pack, eldest, self.joker)
        self._deals_made += 1
        for h in hands:
            h.sort(reverse=True)
        self.hands = hands
        self.kitty = kitty
        self.discarded = []
        log.deals.append(DealLog(tuple(tuple(h) for h in hands), tuple(kitty)))
        self.standing = None
        self.factors = [1] * n
        self._passes = 0
        self._trick = []
        self._ctx = None
        self.phase = Phase.AUCTION
        self.turn = eldest  # V8

    def _end_auction(self) -> None:
        log = self.logs[-1]
        bid = self.standing
        if bid is None:  # V10: passed out, the same dealer deals again
            self.phase = Phase.DEAL
            self.turn = None
            return
        captain = bid.seat
        log.contract = Contract(Suit(bid.suit), bid.rank, bid.points)
        log.captain = captain
        log.factors = tuple(self.factors)
        self._ctx = bowers(int(bid.suit), bid.rank)
        left, right = lieutenants_of(captain)
        k = captain_draws(self.joker)
        log.draws = tuple(() for _ in range(SEATS))
        self._drawers = self._discarders = ((captain, k), (left, 1), (right, 1))
        self.phase = Phase.DRAW
        self.turn = None  # the table draws for them (V15)

    def _draw(self, action: Draw) -> None:
        seat, cards = action.seat, action.cards
        del self.kitty[:len(cards)]
        hand = self.hands[seat]
        hand.extend(cards)
        hand.sort(reverse=True)
        log = self.logs[-1]
        log.draws = tuple(cards if s == seat else d for s, d in enumerate(log.draws))
        self._drawers = self._drawers[1:]
        if not self._drawers:
            self.phase = Phase.DISCARD
            self.turn = log.captain

    def _discard(self, action: Discard) -> None:
        seat = action.seat
        hand = self.hands[seat]
        for c in action.cards:
            hand.remove(c)
        self.discarded.extend(action.cards)
        self.logs[-1].discards[seat] = action.cards
        self._discarders = self._discarders[1:]
        if self._discarders:
            self.turn = self._discarders[0][0]
        else:
            self.phase = Phase.LEAD
            self.turn = self.logs[-1].captain

    def _play(self, action: Play) -> None:
        seat, card = action.seat, action.card
        hand = self.hands[seat]
        ctx = self._ctx
        assert ctx is not None
        trick = self._trick
        if card not in hand or ctx.must_follow(hand, trick, card):
            self._check(action)
        hand.remove(card)
        trick.append(card)
        self.history.append(action)
        if len(trick) < SEATS:
            self.turn = self.current_seat = (seat + 1) % SEATS
            return
        leader = (seat + 1) % SEATS
        winner = (leader + ctx.winner(trick)) % SEATS
        log = self.logs[-1]
        number = len(log.tricks) + 1
        log.tricks.append(TrickLog(leader, tuple(trick), winner, number))
        log.markers[winner] += number  # V20
        self._trick = []
        self.turn = winner
        if number == HAND_SIZE:
            self._score(log)
        self.current_seat = self.turn

    def _score(self, log: HandLog) -> None:
        assert log.contract is not None
        points, trio_points, quartet_points, made = hand_points(log.trio, tuple(log.markers), log.contract.points,
                                                                log.factors)
        log.points, log.trio_points, log.quartet_points, log.made = points, trio_points, quartet_points, made
        for s in range(SEATS):
            self.totals[s] += points[s]
        log.finished = True
        self.turn = None
        self.phase = Phase.OVER if len(self.logs) >= HANDS else Phase.HAND_OVER

    # ------------------------------------------------------------------ views
    def results(self) -> tuple[HandResult, ...]:
        return tuple(HandResult.from_log(log) for log in self.logs if log.finished)

    def log(self) -> dict[str, Any]:
        from .records import hand_log_to_dict

        return {
            "phase": self.phase.value,
            "round": self.round_number,
            "first_dealer": self.logs[0].dealer if self.logs else self.dealer,
            "rounds": [hand_log_to_dict(log) for log in self.logs],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }

    def clone(self) -> "Game":
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> "Game":
        return copy_state(self, ("seats", "_pack", "seed", "_ctx", "stacked_deals", "options", "standing"), memo)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` may know (V14, V16): its own cards, draws and discards, and
        everything said or played aloud. Another seat's hand is only a count."""
        if type(seat) is not int or not 0 <= seat < SEATS:
            raise ValueError(f"there is no seat {seat!r} at a table of {SEATS}")
        log = self.hand_log
        deal = log.deals[-1] if log is not None and log.deals else None
        contract = log.contract if log is not None else None
        captain = log.captain if log is not None else None
        discarders = tuple(s for s, _ in self._discarders) if self.phase is Phase.DISCARD else ()
        proposed = self.standing.seat if self.standing is not None else None
        side_seat = captain if captain is not None else proposed
        trio = (side_seat, *lieutenants_of(side_seat)) if side_seat is not None else ()
        tricks = tuple(log.tricks) if log is not None else ()
        markers = tuple(log.markers) if log is not None else (0,) * SEATS
        trio_so_far = sum(markers[s] for s in trio) if captain is not None else 0
        return Observation(
            seat=seat,
            options=self.options,
            seats=self.seats,
            phase=self.phase,
            round_number=self.round_number,
            dealer=self.dealer,
            hand=tuple(self.hands[seat]),
            hand_counts=tuple(len(h) for h in self.hands),
            kitty_count=len(self.kitty),
            to_act=self.to_act(),
            legal_actions=tuple(self.legal_actions(seat)),
            deal_number=len(log.deals) if log is not None else 0,
            passed_out=self._passed_out(),
            auction=tuple(deal.auction) if deal is not None else (),
            standing=self.standing,
            factors=tuple(self.factors),
            passes_in_row=self._passes if self.phase is Phase.AUCTION else 0,
            contract=contract,
            captain=captain,
            proposed_trio=trio if captain is None else (),
            trio=trio if captain is not None else (),
            drawn=log.draws[seat] if log is not None and log.draws else (),
            discarded=log.discards[seat] if log is not None else (),
            discards_done=tuple(s for s in range(SEATS) if log is not None and log.discards[s]),
            discarders=discarders,
            leader=log.leader if log is not None else None,
            trick=tuple(self.trick) if self.phase is Phase.PLAY else (),
            tricks=tricks,
            last_trick=last_trick(self.logs, SEATS),
            markers=markers,
            side_points=(trio_so_far, sum(markers) - trio_so_far) if captain is not None else (0, 0),
            totals=tuple(self.totals),
            results=self.results(),
            winners=self.winners,
        )

    def _passed_out(self) -> int:
        """Deals of the hand in play passed out so far (V10)."""
        log = self.hand_log
        if log is None:
            return 0
        redeal = self.phase is Phase.DEAL and not log.finished  # every deal so far was passed out
        return len(log.deals) - (0 if redeal else 1)

    observation = observe

    def __repr__(self) -> str:
        return f"<Game seven-for-seven seed={self.seed} hand={self.round_number} phase={self.phase.value}>"
