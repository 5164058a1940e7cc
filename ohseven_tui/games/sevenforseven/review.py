"""Seven for Seven's saved-game replay: the steps of one finished hand (every deal,
its auction, the draws and discards, the leader, each trick and the score), read
from the game's logs. Once the hand is over all of it is public."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from ...engine.actions import Play
from ...engine.cards import Card, rank_label
from ...engine.kit import round_deals
from ...engine.protocol import ReviewStep
from ...safetext import printable
from .actions import AuctionPass, BasicBid, ChooseLeader, Discard, Draw, FactorBid, bid_label

__all__ = ["hand_steps"]

Label = Callable[[Card], str]


def _step(number: int, title: str, hands: Sequence[Sequence[Card]], notes: Sequence[str] = (),
          summary: str = "", actions: Sequence[int] = ()) -> ReviewStep:
    return ReviewStep(number, title, tuple(tuple(sorted(h, reverse=True)) for h in hands), tuple(notes), summary,
                      tuple(actions))


_STEP_OF = {BasicBid: "auction", FactorBid: "auction", AuctionPass: "auction", Draw: "draws", Discard: "discards",
            ChooseLeader: "lead"}


def _places(game: Any, round_index: int, n: int) -> dict[tuple, list[int]]:
    """Where each step's actions are in the game's history: ("auction", deal),
    ("draws",), ("discards",), ("lead",) and ("trick", number), counted from 1."""
    places: dict[tuple, list[int]] = {}
    plays = 0
    deals = round_deals(game.history, [len(log.deals) for log in game.logs], round_index)
    for d, actions in enumerate(deals, start=1):
        for i, action in actions:
            kind = type(action)
            if kind is Play:
                key: tuple = ("trick", plays // n + 1)
                plays += 1
            elif kind in _STEP_OF:
                step = _STEP_OF[kind]
                key = (step, d) if step == "auction" else (step,)
            else:
                continue
            places.setdefault(key, []).append(i)
    return places


def hand_steps(game: Any, round_index: int, label: Optional[Label] = None) -> list[ReviewStep]:
    """Every step of counted hand ``round_index`` (0-based)."""
    label = label or Card.text

    def text(cards: Sequence[Card]) -> str:
        return " ".join(label(c) for c in cards)

    log = game.logs[round_index]
    names = [printable(s.name) for s in game.seats]
    n = len(names)
    number = log.number
    places = _places(game, round_index, n)
    steps: list[ReviewStep] = []
    hands: list[list[Card]] = []
    for d, deal in enumerate(log.deals, start=1):
        of = f" (deal {d} of {len(log.deals)})" if len(log.deals) > 1 else ""
        hands = [list(h) for h in deal.hands]
        notes = ["dealer" if s == log.dealer else "" for s in range(n)]
        again = " again, the last deal having been passed out (V10)" if d > 1 else ""
        steps.append(_step(number, f"Hand {number}: the deal{of}", hands, notes,
                           f"{names[log.dealer]} deals 7 cards each and {len(deal.kitty)} to the kitty{again} (V5)."))
        said: list[list[str]] = [[] for _ in range(n)]
        for a in deal.auction:
            if type(a) is BasicBid:
                said[a.seat].append(bid_label(a.points, a.suit, a.rank))
            elif type(a) is FactorBid:
                said[a.seat].append("factor")
            elif type(a) is AuctionPass:
                said[a.seat].append("pass")
        notes = [", ".join(s) for s in said]
        if d < len(log.deals):
            summary = "Nobody made a basic bid: the hand is passed out and dealt again by the same dealer (V10)."
        else:
            c = log.contract
            summary = (f"Contract {c.points}, trump {c.suit.label}, bowers {rank_label(c.rank)}: "
                       f"{names[log.captain]} is captain, {names[log.lieutenants[0]]} and "
                       f"{names[log.lieutenants[1]]} lieutenants (V11, V13).")
        steps.append(_step(number, f"Hand {number}: the auction{of}", hands, notes, summary,
                           places.get(("auction", d), ())))
    if log.captain is None:
        return steps
    for s, drawn in enumerate(log.draws):
        hands[s].extend(drawn)
    steps.append(_step(number, f"Hand {number}: the draws", hands,
                       [f"draws {text(d)}" if d else "" for d in log.draws],
                       "The captain draws from the kitty, then each lieutenant (V15).", places.get(("draws",), ())))
    for s, cards in enumerate(log.discards):
        for c in cards:
            hands[s].remove(c)
    steps.append(_step(number, f"Hand {number}: the discards", hands,
                       [f"discards {text(d)}" if d else "" for d in log.discards],
                       "The discards are out of play for the hand (V15, V16).", places.get(("discards",), ())))
    if log.leader is not None:
        steps.append(_step(number, f"Hand {number}: the lead", hands,
                           ["leads" if s == log.leader else "" for s in range(n)],
                           f"{names[log.captain]} names {names[log.leader]} to lead (V17).",
                           places.get(("lead",), ())))
    for k, trick in enumerate(log.tricks, start=1):
        notes = [""] * n
        for i, c in enumerate(trick.cards):
            seat = (trick.leader + i) % n
            hands[seat].remove(c)
            notes[seat] = ("leads " if i == 0 else "plays ") + label(c) + (", wins" if seat == trick.winner else "")
        steps.append(_step(number, f"Hand {number}: trick {k} of 7", hands, notes,
                           f"{names[trick.leader]} leads; {names[trick.winner]} wins the trick and its "
                           f"{trick.points}-point marker (V20).", places.get(("trick", k), ())))
    if log.points is not None:
        running = [0] * n
        for earlier in game.logs[: round_index + 1]:
            if earlier.points is not None:
                running = [x + p for x, p in zip(running, earlier.points)]
        trio = set(log.trio)
        notes = [f"{'trio' if s in trio else 'quartet'} ×{log.factors[s]}: {log.points[s]:+d}, total {running[s]}"
                 for s in range(n)]
        made = "made" if log.made else "failed"
        steps.append(_step(number, f"Hand {number}: the score", hands, notes,
                           f"Trio {log.trio_points}, quartet {log.quartet_points}: the contract of "
                           f"{log.contract.points} is {made} (V21, V22)."))
    return steps
