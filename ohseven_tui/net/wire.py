"""JSON for what travels between a table server and its clients: one seat's
observation out, and back to an equal object on the other side.

A value is written as JSON where JSON says it exactly (null, booleans, ints,
strings, and tuples as arrays); everything else is tagged with ``"$"``:

- ``{"$": "Card", "v": "5S"}`` (the record's card text), ``{"$": "Phase", "v": "play"}`` (an enum);
- ``{"$": "RoundResult", "number": 3, ...}`` (a dataclass or named tuple: its fields);
- ``{"$": "Action", "v": "1 bid 5S"}``: an action, as the game's own record text
  (``spec.action_text``; read back with ``spec.parse_action``, the save format's parser);
- ``{"$": "list", "v": [...]}``, ``{"$": "dict", "v": {...}}`` (string keys only).

Decoding builds only the types of a whitelist made for one game: the classes
reached by walking its observation class's field types (``wire_types``), plus
``Card``, ``Suit`` and ``Seat``. A tag names a class of that list or nothing: no
name a peer sends is ever imported. Depth, lengths, the number of values and the
size of numbers are capped; anything else is a :class:`WireError` with one
readable sentence.
"""

from __future__ import annotations

import dataclasses
import json
import math
import typing
from enum import Enum
from functools import lru_cache
from json.encoder import encode_basestring_ascii
from typing import Any, Iterable, Mapping

from ..engine.cards import MAX_CODE, Card, Suit
from ..engine.protocol import GameSpec, Seat
from ..safetext import quoted

__all__ = ["WireError", "encode", "decode", "dumps", "dumps_value", "action_json", "decode_fields", "loads",
           "wire_types", "MAX_DEPTH", "MAX_ITEMS", "MAX_INT"]

TAG = "$"
MAX_DEPTH = 32  # nesting levels of one message (an observation needs about 8)
MAX_ITEMS = 200_000  # values in one message
MAX_LENGTH = 10_000  # items of one array or object
MAX_TEXT = 4_096  # characters of one string
MAX_INT = 2**53  # what every JSON reader holds exactly


class WireError(ValueError):
    """A value that cannot travel, or a message that is not one (one sentence)."""


# ---------------------------------------------------------------------------- the whitelist
def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def _walk(hint: Any, found: dict[str, type]) -> None:
    for arg in typing.get_args(hint):
        _walk(arg, found)
    if not isinstance(hint, type) or hint in (int, str, bool, float, tuple, list, dict, object, type(None)):
        return
    if dataclasses.is_dataclass(hint) or _is_named_tuple(hint) or issubclass(hint, Enum):
        name = hint.__name__
        if name in found:
            if found[name] is not hint:
                raise WireError(f"two types called {name} in one game's observation")
            return
        found[name] = hint
        if not issubclass(hint, Enum):
            for field_hint in typing.get_type_hints(hint).values():
                _walk(field_hint, found)


@lru_cache(maxsize=None)
def _types_of(observation_class: type) -> Mapping[str, type]:
    found: dict[str, type] = {"Card": Card, "Suit": Suit, "Seat": Seat}
    _walk(observation_class, found)
    return found


@lru_cache(maxsize=None)
def _observation_class(spec: GameSpec) -> type:
    # A fresh game's observation is of the class every observation of the game has.
    game = spec.new_game(spec.check_options({}), seed=0)
    return type(game.observe(0))


_TYPES: dict[int, tuple[GameSpec, Mapping[str, type]]] = {}  # by id(spec): hashing a spec is slow


def wire_types(spec: GameSpec) -> Mapping[str, type]:
    """The classes a message of this game may hold, by tag: the only ones decoding builds."""
    known = _TYPES.get(id(spec))
    if known is None or known[0] is not spec:
        known = _TYPES[id(spec)] = (spec, _types_of(_observation_class(spec)))
    return known[1]


_INIT_FIELDS: dict[type, tuple[str, ...]] = {}


def init_fields(cls: type) -> tuple[str, ...]:
    """A dataclass's fields that its constructor takes (what travels), in order."""
    names = _INIT_FIELDS.get(cls)
    if names is None:
        names = _INIT_FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return names


# ---------------------------------------------------------------------------- encoding
# Every card's value on the wire, and back: one look-up each (the hot paths). Shared: never changed.
_CARD_JSON = tuple({TAG: "Card", "v": Card.from_code(code).text()} for code in range(MAX_CODE + 1))
_CARD_OF_TEXT = {Card.from_code(code).text(): Card.from_code(code) for code in range(MAX_CODE + 1)}

# Immutable values (frozen dataclasses, named tuples: a finished round's result, a trick's
# log, the rules, the seats) recur in every observation of a game: each is encoded once.
# Only the server's loop encodes, so this needs no lock.
_MEMO: dict[int, tuple[Any, Any]] = {}
_MEMO_SIZE = 50_000


def _immutable(value: Any, kind: type) -> bool:
    if not (_is_named_tuple(kind) or kind.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        return False
    try:
        hash(value)  # a list or dict inside could change: such a value is encoded anew each time
    except TypeError:
        return False
    return True


def encode(value: Any, spec: GameSpec) -> Any:
    """``value`` as plain JSON data (see the module's doc). Raises WireError for a
    value of a type the game's whitelist does not hold."""
    return _encode(value, spec, wire_types(spec), 0)


def encode_fields(values: Mapping[str, Any], spec: GameSpec) -> dict[str, Any]:
    """Each of ``values`` encoded (an observation's changed fields)."""
    types = wire_types(spec)
    return {key: _encode(value, spec, types, 0) for key, value in values.items()}


def _encode(value: Any, spec: GameSpec, types: Mapping[str, type], depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise WireError("the value is nested too deeply to send")
    kind = type(value)
    if value is None or kind is bool or kind is str:
        return value
    if kind is int:
        if abs(value) > MAX_INT:
            raise WireError("a number is too large to send")
        return value
    if kind is Card:
        return _CARD_JSON[value]
    if kind is float:
        if not math.isfinite(value):
            raise WireError("only finite numbers can be sent")
        return value
    if kind is tuple:
        return [_encode(v, spec, types, depth + 1) for v in value]
    if kind is list:
        return {TAG: "list", "v": [_encode(v, spec, types, depth + 1) for v in value]}
    if isinstance(value, Mapping) and not isinstance(value, tuple):
        if not all(type(k) is str for k in value):
            raise WireError("only objects with text keys can be sent")
        return {TAG: "dict", "v": {k: _encode(v, spec, types, depth + 1) for k, v in value.items()}}
    name = kind.__name__
    if types.get(name) is kind:
        if issubclass(kind, Enum):
            return {TAG: name, "v": value.value}
        memo = _MEMO.get(id(value)) if depth else None
        if memo is not None and memo[0] is value:  # the same immutable log entry as last time
            return memo[1]
        pairs: Iterable[tuple[str, Any]]
        if _is_named_tuple(kind):
            pairs = zip(kind._fields, value)  # type: ignore[attr-defined]
        else:
            pairs = [(key, getattr(value, key)) for key in init_fields(kind)]
        out: dict[str, Any] = {TAG: name}
        for key, item in pairs:
            out[key] = _encode(item, spec, types, depth + 1)
        if depth and _immutable(value, kind):
            if len(_MEMO) >= _MEMO_SIZE:
                _MEMO.clear()
            _MEMO[id(value)] = (value, out)  # holding the value keeps its id from being reused
        return out
    try:
        text = spec.action_text(value)
    except (TypeError, ValueError, AttributeError):
        raise WireError(f"a {name} cannot be sent") from None
    return {TAG: "Action", "v": text}


# ---------------------------------------------------------------------------- decoding
_ACTIONS: dict[int, tuple[GameSpec, dict[str, Any]]] = {}  # by id(spec): action text -> action
_ACTIONS_SIZE = 4096


def parse_action(text: str, spec: GameSpec) -> Any:
    """``spec.parse_action(text)``, remembered: a client reads the same few legal
    actions in every update. Only an immutable (hashable) action is kept."""
    entry = _ACTIONS.get(id(spec))
    if entry is None or entry[0] is not spec:
        entry = _ACTIONS[id(spec)] = (spec, {})
    known = entry[1]
    action = known.get(text)
    if action is None:
        action = spec.parse_action(text)
        try:
            hash(action)
        except TypeError:
            return action
        if len(known) >= _ACTIONS_SIZE:  # a peer sending ever new texts: start over
            known.clear()
        known[text] = action
    return action

class _Budget:
    __slots__ = ("left",)

    def __init__(self) -> None:
        self.left = MAX_ITEMS




def decode(data: Any, spec: GameSpec) -> Any:
    """Plain JSON data (as ``json.loads`` gives it) back to the value :func:`encode`
    wrote; WireError for anything else."""
    return _decode(data, spec, wire_types(spec), 0, _Budget())


def decode_fields(values: Mapping[str, Any], spec: GameSpec) -> dict[str, Any]:
    """Each of ``values`` decoded (an update's changed fields), one budget for them all."""
    types, budget = wire_types(spec), _Budget()
    return {str(k): _decode(v, spec, types, 0, budget) for k, v in values.items()}


def _decode(data: Any, spec: GameSpec, types: Mapping[str, type], depth: int, budget: _Budget) -> Any:
    budget.left -= 1
    if budget.left < 0:
        raise WireError("the message holds too many values")
    kind = type(data)
    if kind is int:
        if -MAX_INT <= data <= MAX_INT:
            return data
        raise WireError("a number in the message is too large")
    if data is None or kind is bool:
        return data
    if depth > MAX_DEPTH:
        raise WireError("the message is nested too deeply")
    if kind is float:
        if not math.isfinite(data):
            raise WireError("a number in the message is not finite")
        return data
    if kind is str:
        if len(data) > MAX_TEXT:
            raise WireError("a text in the message is too long")
        return data
    if kind is list:
        if len(data) > MAX_LENGTH:
            raise WireError("a list in the message is too long")
        return tuple([_decode(v, spec, types, depth + 1, budget) for v in data])
    if kind is not dict:
        raise WireError(f"a {kind.__name__} is not JSON data")
    if len(data) > MAX_LENGTH:
        raise WireError("an object in the message is too long")
    tag = data.get(TAG)
    if type(tag) is not str:
        raise WireError("an object in the message has no type tag")
    if tag == "Card" or tag == "Action" or tag == "list" or tag == "dict" \
            or (tag in types and issubclass(types[tag], Enum)):
        if len(data) != 2 or "v" not in data:
            raise WireError(f"a {quoted(tag)} value must have exactly one field, v")
        inner = data["v"]
        if tag == "Card":
            card = _CARD_OF_TEXT.get(inner) if type(inner) is str else None
            if card is None:
                raise WireError(f"not a card: {quoted(inner)}; a card is its text, such as 5S")
            return card
        if tag == "Action":
            if type(inner) is not str or len(inner) > MAX_TEXT:
                raise WireError("an action must be its text")
            try:
                return parse_action(inner, spec)
            except (ValueError, TypeError) as exc:
                raise WireError(str(exc)) from None
        if tag == "list":
            if type(inner) is not list:
                raise WireError("a list must hold an array")
            return list(_decode(inner, spec, types, depth + 1, budget))
        if tag == "dict":
            if type(inner) is not dict or len(inner) > MAX_LENGTH:
                raise WireError("a dict must hold an object")
            return {k: _decode(v, spec, types, depth + 1, budget) for k, v in inner.items()}
        enum = types[tag]
        if type(inner) not in (int, str):
            raise WireError(f"not a {tag}: {quoted(inner)}")
        try:
            return enum(inner)
        except ValueError:
            raise WireError(f"not a {tag}: {quoted(inner)}") from None
    cls = types.get(tag)
    if cls is None or tag in ("Card", "Suit"):
        raise WireError(f"{quoted(tag)} is not a type this game sends")
    if _is_named_tuple(cls):
        names = set(cls._fields)  # type: ignore[attr-defined]
    else:
        names = set(init_fields(cls))
    given = set(data) - {TAG}
    if given != names:
        extra, missing = sorted(given - names), sorted(names - given)
        what = f"unknown field {quoted(extra[0])}" if extra else f"missing field {quoted(missing[0])}"
        raise WireError(f"a {tag} has {what}")
    fields = {k: _decode(v, spec, types, depth + 1, budget) for k, v in data.items() if k != TAG}
    try:
        return cls(**fields)
    except (TypeError, ValueError) as exc:
        raise WireError(f"not a {tag}: {exc}") from None


# ---------------------------------------------------------------------------- text
def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise WireError("a number in the message is too long")
    value = float(text)
    if not math.isfinite(value):
        raise WireError("a number in the message is not finite")
    return value


def _no_constant(name: str) -> Any:
    raise WireError(f"{name} is not a number JSON allows")


_DECODER = json.JSONDecoder(parse_float=_parse_float, parse_constant=_no_constant)  # one, not one per call


def loads(text: str) -> Any:
    """JSON text to plain data, with numbers capped; WireError for anything else."""
    try:
        # Integers are read as Python reads them (it refuses more than 4300 digits) and
        # capped where they are decoded; a hook per integer would double a client's work.
        return _DECODER.decode(text)
    except WireError:
        raise
    except RecursionError:
        raise WireError("the message is nested too deeply") from None
    except (ValueError, TypeError) as exc:
        raise WireError(f"not JSON: {str(exc).splitlines()[0][:120]}") from None


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True, allow_nan=False)  # one, not one per call


def dumps(data: Any) -> str:
    """Plain data to compact JSON (ASCII only: no raw control or bidi character travels)."""
    return _ENCODER.encode(data)


# ---------------------------------------------------------------------------- text, at once
_CARD_TEXT = tuple(dumps(value) for value in _CARD_JSON)
_ACTION_TEXT: dict[int, tuple[GameSpec, dict[Any, str]]] = {}  # by id(spec): action -> its JSON text
_ACTION_STRING: dict[int, tuple[GameSpec, dict[Any, str]]] = {}  # by id(spec): action -> its text as JSON
_TEXT_MEMO: dict[int, tuple[Any, str]] = {}  # id -> (immutable value, its JSON text); the server's loop only


def dumps_value(value: Any, spec: GameSpec) -> str:
    """``dumps(encode(value, spec))``, the same text, written straight for what an
    update's fields hold most (numbers, cards, tuples, actions): the server writes
    four seats' fields for every action."""
    entry = _ACTION_TEXT.get(id(spec))
    if entry is None or entry[0] is not spec:
        entry = _ACTION_TEXT[id(spec)] = (spec, {})
    return _text(value, spec, wire_types(spec), entry[1], 0)


def action_json(action: Any, spec: GameSpec) -> str:
    """The JSON string of ``spec.action_text(action)``, remembered (an update's ``action``)."""
    entry = _ACTION_STRING.get(id(spec))
    if entry is None or entry[0] is not spec:
        entry = _ACTION_STRING[id(spec)] = (spec, {})
    try:
        text = entry[1].get(action)
    except TypeError:
        return dumps(spec.action_text(action))
    if text is None:
        text = dumps(spec.action_text(action))
        if len(entry[1]) >= _ACTIONS_SIZE:
            entry[1].clear()
        entry[1][action] = text
    return text


def _text(value: Any, spec: GameSpec, types: Mapping[str, type], actions: dict[Any, str], depth: int) -> str:
    kind = type(value)
    if kind is int:
        if abs(value) > MAX_INT:
            raise WireError("a number is too large to send")
        return int.__repr__(value)
    if kind is Card:
        return _CARD_TEXT[value]
    if kind is tuple:
        if depth >= MAX_DEPTH:
            raise WireError("the value is nested too deeply to send")
        return "[" + ",".join([_text(v, spec, types, actions, depth + 1) for v in value]) + "]"
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is str:
        return encode_basestring_ascii(value)
    if types.get(kind.__name__) is kind:
        if issubclass(kind, Enum):
            return dumps(_encode(value, spec, types, depth))
        # An immutable value (a finished trick, a round's result) recurs in every
        # observation after it: its text is written once.
        memo = _TEXT_MEMO.get(id(value))
        if memo is not None and memo[0] is value:
            return memo[1]
        text = dumps(_encode(value, spec, types, depth))
        if _immutable(value, kind):
            if len(_TEXT_MEMO) >= _MEMO_SIZE:
                _TEXT_MEMO.clear()
            _TEXT_MEMO[id(value)] = (value, text)  # holding the value keeps its id from being reused
        return text
    if kind is not list and kind is not float and not isinstance(value, Mapping):
        # An action: its record text, remembered (a seat's legal actions recur in every update).
        try:
            known = actions.get(value)
        except TypeError:
            known = None
        if known is not None:
            return known
        text = dumps(_encode(value, spec, types, depth))
        try:
            if len(actions) >= _ACTIONS_SIZE:
                actions.clear()
            actions[value] = text
        except TypeError:  # unhashable: written anew each time
            pass
        return text
    return dumps(_encode(value, spec, types, depth))
