"""Game records: the JSON form of a game (format described in docs/record-format.md).

A record is the rules, the seats, the seed and the ordered actions. It also carries a
derived log (every deal, pass, bid attempt, trick, trump and score) so that anyone
can check the game without this code. Loading replays the actions and checks the
log against the replay.
"""

from __future__ import annotations

import json
from typing import Any, Optional

from ..safetext import quoted
from .actions import action_text, parse_action
from .cards import Card, parse_card
from .errors import IllegalAction, RecordError
from .rules import Rules, RulesError
from .state import Game, RoundLog, Seat, StackedDeal

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "to_record", "from_record", "dumps", "loads", "round_log_to_dict"]

RECORD_FORMAT = "ohseven-record"
RECORD_VERSION = 1
_DIRECTION = {1: "left", -1: "right"}


def _cards(cards) -> list[str]:
    return [c.text() for c in cards]


def _bid(bid) -> Any:
    return bid.text() if isinstance(bid, Card) else bid


def round_log_to_dict(log: RoundLog) -> dict:
    deals = []
    for deal in log.deals:
        deals.append(
            {
                "hands": [_cards(h) for h in deal.hands],
                "turned": deal.turned.text() if deal.turned is not None else None,
                "passes": [_cards(p) for p in deal.passes] if deal.passes is not None else None,
                "bid_attempts": [
                    {
                        "bids": [_bid(b) for b in a.bids],
                        "sum": sum(b.rank if isinstance(b, Card) else b for b in a.bids),
                        "outcome": a.outcome,
                        "bonus": list(a.bonus),
                    }
                    for a in deal.attempts
                ],
            }
        )
    return {
        "round": log.number,
        "dealer": log.dealer,
        "hand_size": log.hand_size,
        "pass": {"count": log.pass_count, "direction": _DIRECTION[log.pass_direction]} if log.pass_count else None,
        "deals": deals,
        "bids": list(log.bids) if log.bids is not None else None,
        "top_bidders": list(log.top_bidders),
        "trump": log.trump.letter if log.trump is not None else None,
        "leader": log.leader,
        "tricks": [{"leader": t.leader, "cards": _cards(t.cards), "winner": t.winner} for t in log.tricks],
        "taken": list(log.taken),
        "bonus": list(log.bonus),
        "points": list(log.points) if log.points is not None else None,
        "round_points": list(log.round_points) if log.round_points is not None else None,
    }


def to_record(game: Game) -> dict:
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.to_dict(),
        "seats": [{"name": s.name, "player": s.player} for s in game.seats],
        "seed": game.seed,
        "stacked_deals": [
            {"hands": [_cards(h) for h in d.hands], "turned": d.turned.text() if d.turned is not None else None}
            for d in game.stacked_deals
        ],
        "actions": [action_text(a) for a in game.history],
        "phase": game.phase.value,
        "round": game.round_number,
        "rounds": [round_log_to_dict(log) for log in game.rounds],
        "totals": list(game.totals),
        "winners": list(game.winners),
    }


def _need(data: dict, key: str, kind, what: str):
    if key not in data:
        raise RecordError(f"the record has no {key!r} field")
    value = data[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise RecordError(f"the record's {key!r} field must be {what}")
    return value


def from_record(data: Any, *, check_log: bool = True) -> Game:
    """Rebuild the game a record describes, or raise RecordError saying why not."""
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    fmt = data.get("format")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"not an Oh-Seven game record (format is {quoted(fmt)}, expected {RECORD_FORMAT!r})")
    version = data.get("version")
    if type(version) is not int:
        raise RecordError("the record's 'version' field must be an integer")
    if version != RECORD_VERSION:
        raise RecordError(f"record format version {version} is not supported; this ohseven reads version {RECORD_VERSION}")
    try:
        rules = Rules.from_dict(_need(data, "rules", dict, "an object"))
    except RulesError as exc:
        raise RecordError(f"the record's rules cannot be played: {exc}") from None
    seats_data = _need(data, "seats", list, "a list")
    seats = []
    for i, s in enumerate(seats_data):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not isinstance(s.get("player", "human"), str):
            raise RecordError(f"seat {i} of the record must be an object with a text 'name'")
        seats.append(Seat(s["name"], s.get("player", "human")))
    if len(seats) != rules.players:
        raise RecordError(f"the record has {len(seats)} seats for {rules.players} players")
    seed = _need(data, "seed", int, "an integer")
    actions = _need(data, "actions", list, "a list")
    stacked = []
    stacked_data = data.get("stacked_deals") or []
    if not isinstance(stacked_data, list):
        raise RecordError("the record's 'stacked_deals' field must be a list")
    for i, d in enumerate(stacked_data, start=1):
        try:
            hands = [[parse_card(t) for t in h] for h in d["hands"]]
            turned = parse_card(d["turned"]) if d.get("turned") is not None else None
            stacked.append(StackedDeal(tuple(map(tuple, hands)), turned))
        except (KeyError, TypeError, ValueError, AttributeError):
            raise RecordError(f"stacked deal {i} of the record cannot be read") from None
    try:
        game = Game(rules, seed=seed, seats=seats, stacked_deals=stacked)
    except ValueError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    for i, text in enumerate(actions, start=1):
        try:
            action = parse_action(text)
        except ValueError as exc:
            raise RecordError(f"action {i} cannot be read: {exc}") from None
        try:
            game.apply(action)
        except (IllegalAction, ValueError) as exc:
            raise RecordError(f"action {i} ({quoted(text)}) is illegal: {exc}") from None
    if check_log and "rounds" in data:
        expected = [round_log_to_dict(log) for log in game.rounds]
        if data["rounds"] != expected:
            bad = next(
                (i + 1 for i, r in enumerate(data["rounds"] if isinstance(data["rounds"], list) else [None])
                 if i >= len(expected) or r != expected[i]),
                min(len(data["rounds"]) if isinstance(data["rounds"], list) else 0, len(expected)) + 1,
            )
            raise RecordError(f"the record's log of round {bad} does not match what its actions replay to")
    if check_log:
        # The summary fields are derived too: a hand-edited total must not pass unseen.
        for key, value in (("phase", game.phase.value), ("round", game.round_number),
                           ("totals", list(game.totals)), ("winners", list(game.winners))):
            if key in data and data[key] != value:
                raise RecordError(f"the record's {key!r} field does not match what its actions replay to")
    return game


def dumps(game: Game, *, indent: Optional[int] = 1) -> str:
    return json.dumps(to_record(game), indent=indent, ensure_ascii=False)


def loads(text: str) -> Game:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not valid JSON: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    return from_record(data)
