"""A toy game family, written only against the protocol (engine.protocol) to prove
it is general: two players, a 12-card pack (Q, K, A of four suits), two rounds of
3 tricks, follow suit, the highest card of the suit led wins, a trick is a point.
Importing this module registers it; nothing outside this file knows it exists."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from ohseven_tui.engine import DEAL, Deal, IllegalAction, Play, action_text, parse_action, parse_card, registry
from ohseven_tui.engine.cards import Card, make_pack
from ohseven_tui.engine.errors import CardNotInHand, MustFollowSuit, NotYourTurn, WrongPhase
from ohseven_tui.engine.protocol import GameSpec, GameView, Seat, SheetCell, SheetRound, SheetView, Stat, StatsView
from ohseven_tui.engine.tricks import plain_trump

NAME, ROUNDS, TRICKS = "toy-high-card", 2, 3
CONTEXT = plain_trump(None)  # no trump: follow suit, the highest of the suit led wins


@dataclass(frozen=True)
class ToyObservation:
    seat: int
    seats: tuple
    phase: str
    round_number: int
    hand: tuple
    trick: tuple  # (seat, card) in play order
    to_act: tuple
    legal_actions: tuple
    taken: tuple
    totals: tuple
    results: tuple  # per finished round: tricks per seat
    winners: tuple

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def spec(self) -> GameSpec:
        return SPEC

    @property
    def view(self) -> GameView:
        return SPEC.view({})


class ToyGame:
    def __init__(self, options: dict, *, seed: int = 0, seats: Any = None, stacked_deals: Any = ()) -> None:
        self.spec, self.options, self.seed, self.players = SPEC, dict(options), seed, 2
        self.seats = tuple(seats or (Seat("North"), Seat("South")))
        self.stacked_deals = tuple(stacked_deals)
        self.history: list = []
        self.phase, self.round_number, self.turn = "deal", 0, 0
        self.hands: list[list[Card]] = [[], []]
        self.trick: list[Card] = []
        self.leader, self.taken, self.results_, self._rng = 0, [0, 0], [], random.Random(seed)

    is_over = property(lambda self: self.phase == "over")
    totals = property(lambda self: tuple(sum(r[s] for r in self.results_) for s in range(2)))
    current_seat = property(lambda self: self.turn if self.phase == "play" else None)

    @property
    def winners(self) -> tuple:
        best = max(self.totals)
        return tuple(s for s in range(2) if self.totals[s] == best) if self.is_over else ()

    def to_act(self) -> tuple:
        return (self.turn,) if self.phase == "play" else ()

    def legal_actions(self, seat: Optional[int] = None) -> list:
        if self.phase == "deal":
            return [DEAL]
        if self.phase != "play" or seat != self.turn:
            return []
        return [Play(seat, c) for c in CONTEXT.playable(self.hands[seat], self.trick)]

    def why_illegal(self, action: Any) -> Optional[str]:
        if type(action) is Deal:
            return None if self.phase == "deal" else "you cannot deal now"
        if type(action) is not Play or self.phase != "play":
            return str(WrongPhase(f"{action!r} is not an action now"))
        if action.seat != self.turn:
            return str(NotYourTurn(f"it is {self.seats[self.turn].name}'s turn"))
        if action.card not in self.hands[action.seat]:
            return str(CardNotInHand(f"{action.card.text()} is not in your hand"))
        if CONTEXT.must_follow(self.hands[action.seat], self.trick, action.card):
            return str(MustFollowSuit("you must follow suit"))
        return None

    def is_legal(self, action: Any) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Any) -> None:
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        self.history.append(action)
        if type(action) is Deal:
            stacked = self.stacked_deals[self.round_number] if self.round_number < len(self.stacked_deals) else None
            pack = list(make_pack((12, 13, 14)))
            self._rng.shuffle(pack)
            self.hands = [list(h) for h in stacked] if stacked else [pack[0:3], pack[3:6]]
            self.round_number += 1
            self.phase, self.taken, self.turn = "play", [0, 0], (self.round_number - 1) % 2
            return
        self.hands[action.seat].remove(action.card)
        self.trick.append(action.card)
        self.turn = 1 - self.turn
        if len(self.trick) == 2:
            winner = (self.turn + CONTEXT.winner(self.trick)) % 2
            self.taken[winner] += 1
            self.trick, self.turn = [], winner
            if not self.hands[0]:
                self.results_.append(tuple(self.taken))
                self.phase = "over" if self.round_number == ROUNDS else "deal"

    def observe(self, seat: int) -> ToyObservation:
        first = (self.turn - len(self.trick)) % 2
        return ToyObservation(seat, self.seats, self.phase, self.round_number, tuple(self.hands[seat]),
                              tuple(((first + i) % 2, c) for i, c in enumerate(self.trick)), self.to_act(),
                              tuple(self.legal_actions(seat)), tuple(self.taken), self.totals,
                              tuple(self.results_), self.winners)

    def clone(self) -> "ToyGame":
        copy = ToyGame(self.options, seed=self.seed, seats=self.seats, stacked_deals=self.stacked_deals)
        for action in self.history:
            copy.apply(action)
        return copy

    def results(self) -> tuple:
        return tuple(self.results_)

    def log(self) -> dict:
        return {"phase": self.phase, "results": [list(r) for r in self.results_], "totals": list(self.totals),
                "winners": list(self.winners)}


def sheet(obs: ToyObservation) -> SheetView:
    rounds, running = [], [0, 0]
    for number, taken in enumerate(obs.results, start=1):
        running = [running[s] + taken[s] for s in range(2)]
        cells = tuple(SheetCell(str(taken[s]), "", taken[s], taken[s] >= 2, running[s]) for s in range(2))
        rounds.append(SheetRound(number, f"R{number}", (str(number),), "", 0, cells,
                                 tuple((str(taken[s]), str(running[s])) for s in range(2))))
    return SheetView(tuple(s.name for s in obs.seats), ROUNDS, ("R1", "R2"), tuple(rounds), None,
                     tuple(running), ("Round",), ("Tricks", "Total"), "Each round: tricks taken → running total.")


def stats(obs: ToyObservation) -> StatsView:
    won = [sum(r[s] for r in obs.results) for s in range(2)]
    return StatsView((Stat("T1", "rounds", str(len(obs.results))),), (("T2", "Tricks"),),
                     tuple((str(w),) for w in won))


SPEC = registry.register(GameSpec(
    name=NAME, label="Toy high card", family="toy", players=(2, 2), rule_prefix="T",
    description="Two players, 12 cards, 3 tricks a round: the highest card of the suit led wins.",
    new_game=ToyGame, stats=stats, sheet=sheet, parse_action=parse_action, action_text=action_text,
    view=lambda options: GameView(bid_input="", bids_in_turn=False, columns=("Took", "Score"),
                                  contract_note="No trump.", scoring_note="A trick is a point.",
                                  legend="Each round: tricks taken → running total."),
    parse_stacked=lambda d: tuple(tuple(parse_card(t) for t in h) for h in d["hands"]),
    stacked_text=lambda d: {"hands": [[c.text() for c in h] for h in d]},
    order=1000,
))
