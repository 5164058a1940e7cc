"""The Oh Hell family's saved-game replay: the steps of one finished round, read
from the game's record (the public log a save file holds), as plain data.

The app's review screen draws them for any family (``GameSpec.review``); this
module only knows what the family's rounds are made of: deals (R13 redeals),
passes (R6), card bids and rebids (R8-R12) or number bids (H4, U4), tricks and
the score.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Optional, Sequence

from ...engine import record
from ...engine.actions import Bid, BidNumber, Pass, Play
from ...engine.cards import Card, parse_card
from ...engine.kit import round_deals
from ...engine.protocol import ReviewStep
from ...safetext import printable
from .rules import BidStyle, TrumpStyle

__all__ = ["round_steps"]

Label = Callable[[Card], str]


def _cards(texts) -> list[Card]:
    return [parse_card(t) for t in texts]


def _step(number: int, title: str, hands: Sequence[Sequence[Card]], notes: Sequence[str] = (),
          summary: str = "", actions: Sequence[int] = ()) -> ReviewStep:
    return ReviewStep(number, title, tuple(tuple(h) for h in hands), tuple(notes), summary, tuple(actions))


def _places(game: Any, rounds: Sequence[dict], round_index: int, n: int) -> dict[tuple, list[int]]:
    """Where each step's actions are in the game's history: ("pass", deal),
    ("bid", deal, attempt) and ("trick", number), both counted from 1."""
    places: dict[tuple, list[int]] = {}
    plays = 0
    deals = round_deals(game.history, [len(r["deals"]) for r in rounds], round_index)
    for d, actions in enumerate(deals, start=1):
        bids = 0
        for i, action in actions:
            kind = type(action)
            if kind is Pass:
                key: tuple = ("pass", d)
            elif kind is Bid or kind is BidNumber:
                key = ("bid", d, bids // n + 1)
                bids += 1
            elif kind is Play:
                key = ("trick", plays // n + 1)
                plays += 1
            else:
                continue
            places.setdefault(key, []).append(i)
    return places


def round_steps(game: Any, round_index: int, label: Optional[Label] = None) -> list[ReviewStep]:
    """Every step of one round: each deal, its passes, each bid attempt, each trick,
    and the round's score. ``label`` writes a card (default ``Card.text``: "5S")."""
    label = label or Card.text

    def _text(cards: Sequence[Card]) -> str:
        return " ".join(label(c) for c in cards)

    rules = game.rules
    rec = record.to_record(game)
    log = rec["rounds"][round_index]
    size = log["hand_size"]
    names = [printable(s["name"]) for s in rec["seats"]]  # shown, never parsed
    n = len(names)
    number = log["round"]
    turned_trump = rules.trump_style is TrumpStyle.TURNED_CARD  # H3, U3
    places = _places(game, rec["rounds"], round_index, n)
    steps: list[ReviewStep] = []
    deals = log["deals"]
    hands: list[list[Card]] = []
    for d, deal in enumerate(deals, start=1):
        of = f" (deal {d} of {len(deals)})" if len(deals) > 1 else ""
        hands = [sorted(_cards(h), reverse=True) for h in deal["hands"]]
        notes = ["dealer" if s == log["dealer"] else "" for s in range(n)]
        why = " again: nobody had an unbid card left (R13)" if d > 1 else ""
        turned = ""
        if turned_trump:  # H3, U3: the next card of the pack is turned
            if deal.get("turned"):
                card = parse_card(deal["turned"])
                turned = f" and turns up {label(card)}: {card.suit.label} are trump"
            else:
                turned = ": no card is left to turn, so there is no trump"
        word = "card" if size == 1 else "cards"
        steps.append(_step(number, f"Round {number}: the deal{of}", hands, notes,
                           f"{names[log['dealer']]} deals {size} {word} to each seat{why}{turned}."))
        if deal.get("passes") is not None and log.get("pass"):
            passes = [_cards(p) for p in deal["passes"]]
            step = 1 if log["pass"]["direction"] == "left" else -1
            after = [list(h) for h in hands]
            for s, cards in enumerate(passes):
                for c in cards:
                    after[s].remove(c)
            for s, cards in enumerate(passes):
                after[(s + step) % n].extend(cards)
            hands = [sorted(h, reverse=True) for h in after]
            notes = [f"passes {_text(passes[s])} to {names[(s + step) % n]}" for s in range(n)]
            steps.append(_step(number, f"Round {number}: passing{of}", hands, notes,
                               f"Everyone passes {log['pass']['count']} {log['pass']['direction']} (R6).",
                               places.get(("pass", d), ())))
        attempts = deal["bid_attempts"]
        if rules.bid_style is not BidStyle.CARD:
            for a, attempt in enumerate(attempts, start=1):
                steps.append(replace(_number_bid_step(number, rules, log, attempt, names, hands, label),
                                     actions=tuple(places.get(("bid", d, a), ()))))
            attempts = []
        for a, attempt in enumerate(attempts, start=1):
            bids = _cards(attempt["bids"])
            top = max(bids)
            notes = [f"bids {label(b)} ({b.rank})" + (" top" if b == top else "")
                     + (f", +{attempt['bonus'][s]}" if attempt["bonus"][s] else "")
                     for s, b in enumerate(bids)]
            outcome = attempt["outcome"]
            if outcome == "stands":
                summary = f"The bids stand (sum {attempt['sum']}): {top.suit.label} is trump."
            elif outcome == "sum-7":
                summary = f"The bids sum to {attempt['sum']}: each top bidder scores 1 (R11), then a rebid."
            else:
                summary = "Two identical top cards: nobody is top bidder, a rebid (R10)."
            if outcome != "stands" and a == len(attempts) and d < len(deals):
                summary += " No unbid card is left: the round is dealt again (R13)."
            what = "bid" if a == 1 else f"rebid {a - 1}"
            steps.append(_step(number, f"Round {number}: {what}{of}", hands, notes, summary,
                               places.get(("bid", d, a), ())))
    for t, trick in enumerate(log["tricks"], start=1):
        cards = _cards(trick["cards"])
        notes = [""] * n
        for i, c in enumerate(cards):
            seat = (trick["leader"] + i) % n
            hands[seat].remove(c)
            notes[seat] = ("leads " if i == 0 else "plays ") + label(c) + (", wins" if seat == trick["winner"] else "")
        steps.append(_step(number, f"Round {number}: trick {t} of {len(log['tricks'])}", hands, notes,
                           f"{names[trick['leader']]} leads; {names[trick['winner']]} wins the trick.",
                           places.get(("trick", t), ())))
    if log.get("points") is not None:
        running = [0] * n
        for r in rec["rounds"][: round_index + 1]:
            if r.get("round_points") is not None:
                running = [x + p for x, p in zip(running, r["round_points"])]
        notes = []
        for s in range(n):
            bonus = f" +{log['bonus'][s]} rebid" if log["bonus"][s] else ""
            notes.append(f"bid {log['bids'][s]}, took {log['taken'][s]}: {log['points'][s]:+d}{bonus}, "
                         f"total {running[s]}")
        steps.append(_step(number, f"Round {number}: the score", hands, notes,
                           game.spec.view(game.options).scoring_note))
    return steps


def _number_bid_step(number: int, rules, log: dict, attempt: dict, names: Sequence[str],
                     hands: Sequence[Sequence[Card]], label: Label) -> ReviewStep:
    """The number bids of an Oh Hell round (H4 in turn with the hook, U4 at once)."""
    n = len(names)
    dealer, size, bids = log["dealer"], log["hand_size"], attempt["bids"]
    notes = [f"bids {b}" + (" (dealer)" if s == dealer else "") for s, b in enumerate(bids)]
    if rules.bid_style is BidStyle.NUMBER_IN_TURN:
        first = (dealer + 1) % n
        order = ", ".join(f"{names[(first + k) % n]} {bids[(first + k) % n]}" for k in range(n))
        summary = f"Bids in turn from the dealer's left (H4): {order}. Sum {attempt['sum']} of {size}"
        if rules.hook:
            hook = size - (sum(bids) - bids[dealer])
            if 0 <= hook <= size:
                summary += f"; {names[dealer]} could not bid {hook} (the hook)"
        summary += "."
    else:
        summary = f"Everyone bids at once (U4); the bids sum to {attempt['sum']} of {size}."
    if log["trump"] is None:
        summary += " No trump this hand."
    else:
        turned = parse_card(log["deals"][-1]["turned"])
        summary += f" Trump: {turned.suit.label} ({label(turned)} turned)."
    leader = log["leader"]
    if leader is not None:
        summary += f" {names[leader]} leads."
    return _step(number, f"Round {number}: bids", hands, notes, summary)
