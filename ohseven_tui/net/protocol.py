"""The table's message protocol, version 1 (docs/network.md): one JSON object per
websocket text frame, ``{"type": "...", ...fields}``.

Client to server: ``hello``, ``action``, ``chat``, ``bye``, ``sit``, ``rematch``.
Server to client: ``welcome``, ``update``, ``status``, ``error``, ``chat``,
``record``, ``bye``, ``clock``, ``series``, ``stood_in``.
Each is a dataclass here, with ``to_json`` and a parser that checks the schema
(exact field names and types, lengths, the 16 KiB cap on what a client sends) and
raises :class:`ProtocolError` with one readable sentence for anything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Mapping, Optional, Union

from ..engine.protocol import GameSpec
from ..safetext import clean_name, quoted
from . import wire

__all__ = [
    "VERSION", "MAX_INBOUND", "MAX_NAME", "MAX_CHAT", "MAX_ACTION", "MAX_CODE", "ProtocolError",
    "Hello", "Act", "Chat", "Bye", "Sit", "Welcome", "Update", "Status", "Error", "ChatLine", "Record", "Goodbye", "Clock",
    "Rematch", "Series", "StoodIn", "STOOD_IN_SHOWN", "ClientMessage", "ServerMessage", "parse_client", "parse_server", "clean_text", "Changes", "changed_fields",
]

VERSION = 1
MAX_INBOUND = 16 * 1024  # bytes of one message a client sends
MAX_NAME = 24  # characters of a seat's name, once cleaned
MAX_CHAT = 200  # characters of a chat line, once cleaned (the chat box stops there too)
MAX_ACTION = 200  # characters of an action's text
MAX_CODE = 64  # characters of a join code as sent
STOOD_IN_SHOWN = 20  # a stood_in message names at most this many of the moves (the last ones)


class ProtocolError(ValueError):
    """A message that breaks the protocol (one sentence, safe to send back)."""


def clean_text(text: str, limit: int) -> str:
    """Text from the network as plain text: no control or bidi character, spaces tidied, cut to ``limit``."""
    return clean_name(text)[:limit].strip()


# ---------------------------------------------------------------------------- client -> server
@dataclass(frozen=True)
class Hello:
    """The first message: the protocol version, the seat's join code, the player's name."""

    v: int
    code: str
    name: str
    type = "hello"


@dataclass(frozen=True)
class Act:
    """An action in the game's record text, for the sender's own seat. ``seq`` is the
    ``seq`` of the last update the client had seen."""

    action: str
    seq: int
    type = "action"


@dataclass(frozen=True)
class Chat:
    text: str
    type = "chat"


@dataclass(frozen=True)
class Bye:
    type = "bye"


@dataclass(frozen=True)
class Sit:
    """In the waiting room: take this seat instead (0-based), if no joined player holds it."""

    seat: int
    type = "sit"


@dataclass(frozen=True)
class Rematch:
    """Once the game is over: this seat wants another game with the same seats and codes."""

    type = "rematch"


ClientMessage = Union[Hello, Act, Chat, Bye, Sit, Rematch]


# ---------------------------------------------------------------------------- server -> client
@dataclass(frozen=True)
class Welcome:
    """The seat is yours: the game, its options and every seat's name and player."""

    v: int
    seat: int
    game: str
    options: dict[str, Any]
    seats: tuple[tuple[str, str], ...]  # (name, player) per seat
    type = "welcome"


@dataclass(frozen=True)
class Update:
    """One applied action (``seq`` actions applied so far), or the table as it is
    (``actor`` and ``action`` None) on joining. ``action`` is what this seat may
    know of it (``GameSpec.action_for``): None when it only learns that ``actor`` acted."""

    seq: int
    actor: Optional[int]
    action: Any  # the action object, or None (its record text on the wire)
    observation: Any  # this seat's observation (as parsed: a Changes, until the client merges it)
    # Sending only: the observation this seat got last. The wire then carries only the
    # fields that differ from it ({"$": "Changes", "v": {field: value}}).
    base: Any = field(default=None, compare=False, repr=False)
    type = "update"


@dataclass(frozen=True)
class Changes:
    """An update's observation as the fields that changed since the seat's last one."""

    fields: Mapping[str, Any]

    def merged(self, last: Any) -> Any:
        """``last`` with these fields; ProtocolError for a field it does not have."""
        if last is None:
            raise ProtocolError("an update changed an observation before sending one")
        unknown = self.fields.keys() - _field_names(type(last))
        if unknown:
            raise ProtocolError(f"an update changed fields the observation does not have: {sorted(unknown)[:3]}")
        try:
            if _plain(type(last)):
                # Every field is a constructor's, set as is: a copy of the old one's with the new
                # values is what replace() builds, without calling __init__ per field.
                new = object.__new__(type(last))
                new.__dict__.update(last.__dict__)
                new.__dict__.update(self.fields)
                return new
            return replace(last, **self.fields)
        except (TypeError, ValueError) as exc:
            raise ProtocolError(f"an update's changes do not fit the observation: {exc}") from None


_PLAIN: dict[type, bool] = {}
_NAMES: dict[type, frozenset[str]] = {}


def _field_names(cls: type) -> frozenset[str]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = frozenset(wire.init_fields(cls))
    return names


def _plain(cls: type) -> bool:
    """A dataclass whose instances are their fields and nothing more: no __post_init__,
    no slots, no field the constructor does not take (so a copy is a replace())."""
    plain = _PLAIN.get(cls)
    if plain is None:
        plain = _PLAIN[cls] = (not hasattr(cls, "__post_init__") and not hasattr(cls, "__slots__")
                               and all(f.init for f in fields(cls)))
    return plain


def changed_fields(last: Any, now: Any) -> dict[str, Any]:
    """The init fields of ``now`` that differ from ``last`` (same class)."""
    names = wire.init_fields(type(now))
    try:
        new_values, old_values = now.__dict__, last.__dict__  # a dataclass's fields, without getattr each
    except AttributeError:  # slots
        new_values = {name: getattr(now, name) for name in names}
        old_values = {name: getattr(last, name) for name in names}
    changed = {}
    for name in names:
        value, old = new_values[name], old_values[name]
        if value is not old and value != old:
            changed[name] = value
    return changed


@dataclass(frozen=True)
class Status:
    """Who is connected (per seat; a bot seat is always, and so is a human seat a
    bot plays while its player is away: those are ``standins``), whose action the
    table waits for, and one line saying so."""

    connected: tuple[bool, ...]
    waiting_for: tuple[int, ...]
    message: str
    standins: tuple[int, ...] = ()
    type = "status"


@dataclass(frozen=True)
class Error:
    text: str
    type = "error"


@dataclass(frozen=True)
class ChatLine:
    seat: int
    text: str
    type = "chat"


@dataclass(frozen=True)
class Record:
    """The finished game's save data (docs/save-format.md), sent once when it ends."""

    save: dict[str, Any]
    type = "record"


@dataclass(frozen=True)
class Goodbye:
    reason: str
    type = "bye"


@dataclass(frozen=True)
class Clock:
    """The table's turn clock: you have ``seconds`` from now to act, then a bot moves for you."""

    seconds: int
    type = "clock"


@dataclass(frozen=True)
class Series:
    """The table's series of games so far: ``games`` finished, each seat's sum of
    their final totals and games won, and which seats asked for another game
    (a bot seat always agrees)."""

    games: int
    totals: tuple[int, ...]
    won: tuple[int, ...]
    asked: tuple[bool, ...]
    type = "series"


@dataclass(frozen=True)
class StoodIn:
    """To a player taking their seat again: a bot made ``moves`` moves for it while they
    were away; ``actions`` are the last of them (at most STOOD_IN_SHOWN), oldest first
    (the record's text on the wire). Their own moves: nothing hidden from them."""

    moves: int
    actions: tuple[Any, ...]
    type = "stood_in"


ServerMessage = Union[Welcome, Update, Status, Error, ChatLine, Record, Goodbye, Clock, Series, StoodIn]


# ---------------------------------------------------------------------------- encoding
def to_json(message: Any, spec: Optional[GameSpec] = None, shared: Optional[dict[Any, str]] = None) -> str:
    """One message as the JSON text of one frame. An update needs the game's spec.
    ``shared``: the updates of one action to every seat may share one dict, so a
    changed field that is equal for several seats (the trick, the scores) is
    encoded once; only equal values share a text."""
    if isinstance(message, Update) and message.base is not None and type(message.base) is type(message.observation):
        assert spec is not None
        return _changes_json(message, spec, {} if shared is None else shared)
    data: dict[str, Any] = {"type": message.type}
    for f in fields(message):
        if f.compare:  # not Update.base: it says how to send, it is not sent
            data[f.name] = getattr(message, f.name)
    if isinstance(message, Update):
        assert spec is not None
        data["action"] = None if message.action is None else spec.action_text(message.action)
        base, obs = message.base, message.observation
        if base is not None and type(base) is type(obs):
            changed = changed_fields(base, obs)
            data["observation"] = {wire.TAG: "Changes", "v": wire.encode_fields(changed, spec)}
        else:
            data["observation"] = wire.encode(obs, spec)
    elif isinstance(message, Welcome):
        data["seats"] = [{"name": n, "player": p} for n, p in message.seats]
    elif isinstance(message, Status):
        data["connected"] = list(message.connected)
        data["waiting_for"] = list(message.waiting_for)
    elif isinstance(message, Series):
        data["totals"], data["won"], data["asked"] = list(message.totals), list(message.won), list(message.asked)
    elif isinstance(message, StoodIn):
        assert spec is not None
        data["actions"] = [spec.action_text(a) for a in message.actions]
    return wire.dumps(data)


def _changes_json(message: Update, spec: GameSpec, shared: dict[Any, str]) -> str:
    parts = []
    for name, value in changed_fields(message.base, message.observation).items():
        key: Any = (name, type(value), value)
        try:
            text = shared.get(key)
        except TypeError:  # unhashable: encoded for this seat alone
            key, text = None, None
        if text is None:
            text = wire.dumps_value(value, spec)
            if key is not None:
                shared[key] = text
        parts.append(f'"{name}":{text}')  # a field's name: a Python identifier, plain ASCII
    action = "null" if message.action is None else wire.action_json(message.action, spec)
    seq, actor = message.seq, message.actor
    if type(seq) is int and (actor is None or type(actor) is int):
        head = f'{{"type":"update","seq":{seq},"actor":{"null" if actor is None else actor}}}'
    else:
        head = wire.dumps({"type": message.type, "seq": seq, "actor": actor})
    return f'{head[:-1]},"action":{action},"observation":{{"{wire.TAG}":"Changes","v":{{{",".join(parts)}}}}}}}'


# ---------------------------------------------------------------------------- parsing
def _object(raw: Union[str, bytes], limit: Optional[int]) -> dict[str, Any]:
    if isinstance(raw, bytes):
        raise ProtocolError("send messages as text frames, not binary")
    if not isinstance(raw, str):
        raise ProtocolError("a message must be text")
    if limit is not None and (len(raw) > limit or len(raw.encode("utf-8", "surrogatepass")) > limit):
        raise ProtocolError(f"a message may hold at most {limit // 1024} KiB")
    try:
        data = wire.loads(raw)
    except wire.WireError as exc:
        raise ProtocolError(str(exc)) from None
    if type(data) is not dict:
        raise ProtocolError("a message must be a JSON object")
    kind = data.get("type")
    if type(kind) is not str:
        raise ProtocolError("a message needs a text field \"type\"")
    return data


def _fields(data: dict[str, Any], kind: str, spec: dict[str, type]) -> dict[str, Any]:
    names = set(data) - {"type"}
    if names != set(spec):
        extra, missing = sorted(names - set(spec)), sorted(set(spec) - names)
        what = f"has an unknown field {quoted(extra[0])}" if extra else f"needs the field {quoted(missing[0])}"
        raise ProtocolError(f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind} message {what}")
    for name, want in spec.items():
        value = data[name]
        if type(value) is not want:  # exact: true is not 1
            raise ProtocolError(f"the {kind} message's {name} must be {_words[want]}")
    return {name: data[name] for name in spec}


_words = {int: "a whole number", str: "text", bool: "true or false", list: "a list", dict: "an object"}


def _text(value: str, limit: int, what: str) -> str:
    if len(value) > limit:
        raise ProtocolError(f"{what} may be at most {limit} characters")
    return value


def parse_client(raw: Union[str, bytes]) -> ClientMessage:
    """A client's frame as a message, schema-checked; ProtocolError otherwise."""
    data = _object(raw, MAX_INBOUND)
    kind = data["type"]
    if kind == "hello":
        f = _fields(data, kind, {"v": int, "code": str, "name": str})
        return Hello(f["v"], _text(f["code"], MAX_CODE, "a join code"), _text(f["name"], 200, "a name"))
    if kind == "action":
        f = _fields(data, kind, {"action": str, "seq": int})
        if not 0 <= f["seq"] <= wire.MAX_INT:
            raise ProtocolError("the action message's seq is out of range")
        return Act(_text(f["action"], MAX_ACTION, "an action"), f["seq"])
    if kind == "chat":
        f = _fields(data, kind, {"text": str})
        return Chat(_text(f["text"], 1000, "a chat line"))
    if kind == "bye":
        _fields(data, kind, {})
        return Bye()
    if kind == "sit":
        seat = _fields(data, kind, {"seat": int})["seat"]
        if not 0 <= seat < 64:
            raise ProtocolError("the sit message's seat is out of range")
        return Sit(seat)
    if kind == "rematch":
        _fields(data, kind, {})
        return Rematch()
    raise ProtocolError(f"unknown message type {quoted(kind)}")


def parse_server(raw: Union[str, bytes], spec: Optional[GameSpec]) -> ServerMessage:
    """A server's frame as a message (an update's observation decoded with the game's
    whitelist: ``spec`` from the welcome); ProtocolError otherwise."""
    data = _object(raw, None)
    kind = data["type"]
    try:
        if kind == "welcome":
            f = _fields(data, kind, {"v": int, "seat": int, "game": str, "options": dict, "seats": list})
            seats = []
            for s in f["seats"]:
                if type(s) is not dict or set(s) != {"name", "player"} or not all(type(v) is str for v in s.values()):
                    raise ProtocolError("a welcome's seats must be objects with a name and a player")
                seats.append((clean_text(s["name"], MAX_NAME), clean_text(s["player"], MAX_NAME)))
            return Welcome(f["v"], f["seat"], f["game"], f["options"], tuple(seats))
        if kind == "update":
            if spec is None:
                raise ProtocolError("an update came before the welcome")
            names = set(data) - {"type"}
            if names != {"seq", "actor", "action", "observation"}:
                raise ProtocolError("an update needs exactly seq, actor, action and observation")
            seq, actor, action = data["seq"], data["actor"], data["action"]
            if type(seq) is not int or not (actor is None or type(actor) is int) \
                    or not (action is None or type(action) is str):
                raise ProtocolError("an update's seq, actor or action has the wrong type")
            parsed = None if action is None else wire.parse_action(action, spec)
            obs = data["observation"]
            if type(obs) is dict and obs.get(wire.TAG) == "Changes":
                changes = obs.get("v")
                if set(obs) != {wire.TAG, "v"} or type(changes) is not dict or len(changes) > 100:
                    raise ProtocolError("an update's changes must be one object of fields")
                return Update(seq, actor, parsed, Changes(wire.decode_fields(changes, spec)))
            return Update(seq, actor, parsed, wire.decode(obs, spec))
        if kind == "status":
            f = _fields(data, kind, {"connected": list, "waiting_for": list, "message": str, "standins": list})
            if not all(type(c) is bool for c in f["connected"]) or \
                    not all(type(w) is int for w in f["waiting_for"] + f["standins"]):
                raise ProtocolError("a status holds a list of true/false and lists of seats")
            return Status(tuple(f["connected"]), tuple(f["waiting_for"]), clean_text(f["message"], 1000),
                          tuple(f["standins"]))
        if kind == "error":
            return Error(clean_text(_fields(data, kind, {"text": str})["text"], 1000))
        if kind == "chat":
            f = _fields(data, kind, {"seat": int, "text": str})
            return ChatLine(f["seat"], clean_text(f["text"], MAX_CHAT))
        if kind == "record":
            return Record(_fields(data, kind, {"save": dict})["save"])
        if kind == "bye":
            return Goodbye(clean_text(_fields(data, kind, {"reason": str})["reason"], 1000))
        if kind == "clock":
            seconds = _fields(data, kind, {"seconds": int})["seconds"]
            if not 0 < seconds <= 86400:
                raise ProtocolError("a clock's seconds must be from 1 to 86400")
            return Clock(seconds)
        if kind == "series":
            f = _fields(data, kind, {"games": int, "totals": list, "won": list, "asked": list})
            if not all(type(t) is int for t in f["totals"] + f["won"]) or \
                    not all(type(a) is bool for a in f["asked"]) or f["games"] < 0:
                raise ProtocolError("a series holds a count of games, lists of numbers and a list of true/false")
            return Series(f["games"], tuple(f["totals"]), tuple(f["won"]), tuple(f["asked"]))
        if kind == "stood_in":
            if spec is None:
                raise ProtocolError("a stood_in came before the welcome")
            f = _fields(data, kind, {"moves": int, "actions": list})
            texts = f["actions"]
            if not all(type(t) is str and len(t) <= MAX_ACTION for t in texts) or \
                    not 0 < len(texts) <= min(f["moves"], STOOD_IN_SHOWN):
                raise ProtocolError("a stood_in holds a count of moves and the last of them as actions")
            return StoodIn(f["moves"], tuple(wire.parse_action(t, spec) for t in texts))
    except (wire.WireError, ValueError, TypeError) as exc:
        if isinstance(exc, ProtocolError):
            raise
        raise ProtocolError(str(exc).splitlines()[0] if str(exc) else "a malformed message") from None
    raise ProtocolError(f"unknown message type {quoted(kind)}")
