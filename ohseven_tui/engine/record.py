"""Game records: one JSON envelope for every family (docs/record-format.md).

A record is the game's name, its options, the seats, the seed, any stacked deals
and the ordered actions. Beside them sit the fields of the family's derived log
(its full rules, every deal, bid, trick and score, the totals and the winners) so
that anyone can check the game without this code. Loading replays the actions
and checks every derived field against the replay.

Version 1 records (before the protocol: ``rules`` = preset, players, passing, and
no ``game`` or ``options``) still load, and so do version 2 records (Seven for
Seven's kitty draws left out: the family's ``implied`` puts them back).
"""

from __future__ import annotations

import json
from typing import Any, Optional

from ..safetext import quoted
from .errors import IllegalAction, RecordError
from .protocol import GameSpec, GameState, Observation, OptionError, Seat
from .registry import game_spec

__all__ = ["RECORD_FORMAT", "RECORD_VERSION", "READ_VERSIONS", "MAX_ACTIONS", "to_record", "from_record", "dumps", "loads", "record_log",
           "record_hash"]

RECORD_FORMAT = "ohseven-record"
RECORD_VERSION = 3  # 3: Seven for Seven's kitty draws are actions (2 left them out)
READ_VERSIONS = (1, 2, RECORD_VERSION)
ENVELOPE = ("format", "version", "game", "options", "seats", "seed", "stacked_deals", "actions")
_LOG_KEYS_V1 = ("phase", "round", "rounds", "totals", "winners")
# A real game holds a few thousand actions at most; a record of 960,000 (a hand
# passed out 120,000 times) took seconds to replay. Past this it is refused unread.
MAX_ACTIONS = 100_000


def _what_the_game_is(game: GameState[Observation]) -> dict[str, Any]:
    """The record's keys that say what the game is: its rules, seats, seed, deals, actions."""
    spec = game.spec
    return {
        "game": spec.name,
        "options": dict(game.options),
        "seats": [{"name": s.name, "player": s.player} for s in game.seats],
        "seed": game.seed,
        "stacked_deals": [spec.stacked_text(d) for d in game.stacked_deals],
        "actions": [spec.action_text(a) for a in game.history],
    }


def to_record(game: GameState[Observation]) -> dict[str, Any]:
    data: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION, **_what_the_game_is(game)}
    for key, value in game.log().items():
        if key not in ENVELOPE:  # a family cannot overwrite what the game is
            data[key] = value
    return data


def record_hash(game: GameState[Observation]) -> str:
    """What the game is (game, options, seats, seed, deals, actions), hashed: two
    saves of one game at different moments differ; two copies of a file agree."""
    import hashlib  # here, not at the top: a table's first frame needs no hashing (start-up)

    # Not to_record: the game's log (derived fields) is no part of what it is, and
    # the saves index hashes every file it reads.
    text = json.dumps(_what_the_game_is(game), sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def record_log(data: dict[str, Any]) -> dict[str, Any]:
    """A record's derived fields (everything beside the envelope)."""
    return {k: v for k, v in data.items() if k not in ENVELOPE}


def _need(data: dict[str, Any], key: str, kind: Any, what: str) -> Any:
    if key not in data:
        raise RecordError(f"the record has no {key!r} field")
    value = data[key]
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise RecordError(f"the record's {key!r} field must be {what}")
    return value


def _game_and_options(data: dict[str, Any], version: int) -> tuple[str, dict[str, Any]]:
    if version == 1:
        rules = _need(data, "rules", dict, "an object")
        name = rules.get("preset")
        if not isinstance(name, str):
            raise RecordError("the record's rules need a preset name")
        options = {k: v for k, v in rules.items() if k != "preset"}
        return name, options
    name = _need(data, "game", str, "a game name")
    return name, _need(data, "options", dict, "an object")


# Reading thousands of saves parses the same few hundred action texts again and
# again; actions are immutable values, so each text is parsed once per game.
_PARSED: dict[tuple[str, str], Any] = {}
_PARSED_MAX = 100_000


def _parse_action(spec: GameSpec, text: Any) -> Any:
    if type(text) is not str or len(text) > 80:
        return spec.parse_action(text)
    key = (spec.name, text)
    action = _PARSED.get(key)
    if action is None:
        action = spec.parse_action(text)
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = action
    return action


def from_record(data: Any, *, check_log: bool = True) -> GameState[Observation]:
    """Rebuild the game a record describes, or raise RecordError saying why not."""
    if not isinstance(data, dict):
        raise RecordError("a game record must be a JSON object")
    fmt = data.get("format")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"not an ohseven game record (format is {quoted(fmt)}, expected {RECORD_FORMAT!r})")
    version = data.get("version")
    if type(version) is not int:
        raise RecordError("the record's 'version' field must be an integer")
    if version not in READ_VERSIONS:
        raise RecordError(f"record format version {version} is not supported; this ohseven reads versions "
                          f"{', '.join(map(str, READ_VERSIONS[:-1]))} and {RECORD_VERSION}")
    name, options = _game_and_options(data, version)
    try:
        spec = game_spec(name)
        if version == 1:  # v1 wrote passing for every preset; only a game with the option keeps it
            known = {o.name for o in spec.all_options()}
            if options.get("passing") is False and "passing" not in known:
                options = {k: v for k, v in options.items() if k != "passing"}
            if type(options.get("players")) is not int:
                raise OptionError("the rules need an integer player count")
        options = spec.check_options(options)
    except OptionError as exc:
        raise RecordError(f"the record's rules cannot be played: {exc}") from None
    seats_data = _need(data, "seats", list, "a list")
    seats = []
    for i, s in enumerate(seats_data):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not isinstance(s.get("player", "human"), str):
            raise RecordError(f"seat {i} of the record must be an object with a text 'name'")
        seats.append(Seat(s["name"], s.get("player", "human")))
    if len(seats) != options["players"]:
        raise RecordError(f"the record has {len(seats)} seats for {options['players']} players")
    seed = _need(data, "seed", int, "an integer")
    actions = _need(data, "actions", list, "a list")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"the record holds {len(actions):,} actions, more than the {MAX_ACTIONS:,} a record may hold")
    stacked = []
    stacked_data = data.get("stacked_deals") or []
    if not isinstance(stacked_data, list):
        raise RecordError("the record's 'stacked_deals' field must be a list")
    for i, d in enumerate(stacked_data, start=1):
        try:
            stacked.append(spec.parse_stacked(d))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            raise RecordError(f"stacked deal {i} of the record cannot be read") from None
    try:
        game = spec.new_game(options, seed=seed, seats=seats, stacked_deals=stacked)
    except ValueError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc}") from None
    for i, text in enumerate(actions, start=1):
        try:
            action = _parse_action(spec, text)
        except ValueError as exc:
            raise RecordError(f"action {i} cannot be read: {exc}") from None
        _apply_implied(spec, game, version)
        try:
            game.apply(action)
        except (IllegalAction, ValueError) as exc:
            raise RecordError(f"action {i} ({quoted(str(text))}) is illegal: {exc}") from None
    _apply_implied(spec, game, version)
    if check_log:
        _check_log(data, version, game)
    return game


def _apply_implied(spec: Any, game: GameState[Observation], version: int) -> None:
    """The actions an older record version left out here (``GameSpec.implied``)."""
    if spec.implied is None or version == RECORD_VERSION:
        return
    while True:
        due = spec.implied(game, version)
        if not due:
            return
        game.apply(due[0])


def _check_log(data: dict[str, Any], version: int, game: GameState[Observation]) -> None:
    expected = {k: v for k, v in game.log().items() if k not in ENVELOPE}
    if version == 1:  # v1's rules were the short form; its other derived fields are as now
        expected = {k: v for k, v in expected.items() if k in _LOG_KEYS_V1}
    for key, value in expected.items():
        if key not in data or data[key] == value:
            continue  # a hand-written record may leave a derived field out
        if key == "rounds":
            got = data["rounds"] if isinstance(data["rounds"], list) else [None]
            bad = next((i + 1 for i, r in enumerate(got) if i >= len(value) or r != value[i]),
                       min(len(got), len(value)) + 1)
            raise RecordError(f"the record's log of round {bad} does not match what its actions replay to")
        raise RecordError(f"the record's {key!r} field does not match what its actions replay to")


def dumps(game: GameState[Observation], *, indent: Optional[int] = 1) -> str:
    return json.dumps(to_record(game), indent=indent, ensure_ascii=False)


def loads(text: str) -> GameState[Observation]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not valid JSON: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    return from_record(data)
