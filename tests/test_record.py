"""Game records: JSON round trips in every phase, tampered records refused with one
readable line, and a record that an independent checker (written here, reading the
JSON alone) agrees with (issue 2, section 5)."""

import copy
import json
import random

import pytest
from helpers import act, check_record_json, finish_round, hands, new_game, play_first_legal, play_random

from ohseven_tui.engine import record
from ohseven_tui.games.ohhell import Game, Phase, RecordError, make_rules

DEAL_A = hands(
    "7S 6S 3S 0D 1D 2D 3D",
    "0C 1C 2C 3C 4C 5C 6C",
    "7H 6H 5H 4H 3H 2H 1H",
    "5S 4S 2S 1S 7D 6D 5D",
)
LOW = hands("0S 1S 2S 3S 4S 5S 6S", "7H 6H 5H 4H 3H 2H 1H")
X = hands("7S 6S 5S 4S 3S 2S 1S", "7H 6H 5H 4H 3H 2H 1H")


def round_trip(game: Game) -> Game:
    """to_record -> JSON text -> from_record; checks the record and every observation."""
    data = record.to_record(game)
    text = json.dumps(data)
    again = record.from_record(json.loads(text))
    assert record.to_record(again) == data
    assert json.dumps(record.to_record(again)) == text
    for seat in range(game.players):
        assert repr(again.observation(seat)) == repr(game.observation(seat))
    assert again.phase is game.phase and again.to_act() == game.to_act()
    assert again._rng.getstate() == game._rng.getstate()  # later deals will match too
    check_record_json(data)
    return again


def continue_both(game: Game, again: Game, seed: int) -> None:
    """The original and the rebuilt game, driven by the same random choices, stay equal."""
    play_random(game, random.Random(seed))
    play_random(again, random.Random(seed))
    assert record.to_record(again) == record.to_record(game)


# --- round trips ------------------------------------------------------------------
def test_round_trip_of_a_fresh_game_and_a_finished_one():
    game = new_game(4, seed=12)
    round_trip(game)
    play_random(game, random.Random(1))
    again = round_trip(game)
    assert again.is_over and again.totals == game.totals and again.winners == game.winners


def test_round_trip_mid_pass_with_one_pass_face_down():
    game = new_game(3, seed=4, passing=True)
    play_first_legal(game, lambda g: g.phase is Phase.PASS)
    seat = game.to_act()[0]
    game.apply(game.legal_actions(seat)[-1])
    assert game.phase is Phase.PASS and game.has_acted(seat)
    again = round_trip(game)
    assert again.observation(seat).passed == game.observation(seat).passed
    continue_both(game, again, 5)


def test_round_trip_between_two_face_down_bids():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "2 bid 1H")
    again = round_trip(game)
    assert again.to_act() == (0, 1, 3)
    act(game, "0 bid 3S")
    again = round_trip(game)
    act(again, "1 bid 0C", "3 bid 2S")
    assert again.round.bids == (3, 0, 1, 2)


def test_round_trip_mid_trick_and_round_over():
    game = new_game(4, [DEAL_A], seed=3)
    act(game, "deal", "0 bid 3S", "1 bid 0C", "2 bid 1H", "3 bid 2S", "0 play 7S", "1 play 6C")
    again = round_trip(game)
    assert again.current_seat == 2
    finish_round(game)
    assert game.phase is Phase.ROUND_OVER
    again = round_trip(game)
    continue_both(game, again, 9)  # round 2 on is dealt by the seeded RNG


def test_round_trip_of_a_rebid_game():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S")  # sum 7: rebid
    again = round_trip(game)
    assert again.totals == [1, 0, 0, 0]
    act(game, "0 bid 3S", "1 bid 0C", "2 bid 1H", "3 bid 2S")
    finish_round(game)
    data = record.to_record(round_trip(game))
    (rnd,) = data["rounds"]
    assert [a["outcome"] for a in rnd["deals"][0]["bid_attempts"]] == ["sum-7", "stands"]
    assert rnd["deals"][0]["bid_attempts"][0]["bids"] == ["3D", "1C", "2H", "1S"]
    assert rnd["deals"][0]["bid_attempts"][0]["bonus"] == [1, 0, 0, 0]


def test_round_trip_of_a_redeal_with_stacked_deals():
    game = new_game(2, [LOW, X])
    act(game, "deal")
    for i in range(7):
        act(game, f"0 bid {i}S", f"1 bid {7 - i}H")
    assert game.phase is Phase.DEAL
    again = round_trip(game)  # saved between the seventh failed bid and the redeal
    act(again, "deal")
    assert [c.text() for c in again.hands[0]] == "7S 6S 5S 4S 3S 2S 1S".split()
    act(game, "deal", "0 bid 7S", "1 bid 7H")
    finish_round(game)
    data = record.to_record(round_trip(game))
    assert data["stacked_deals"] == [  # as scripted, in the order given
        {"hands": [["0S", "1S", "2S", "3S", "4S", "5S", "6S"], ["7H", "6H", "5H", "4H", "3H", "2H", "1H"]], "turned": None},
        {"hands": [["7S", "6S", "5S", "4S", "3S", "2S", "1S"], ["7H", "6H", "5H", "4H", "3H", "2H", "1H"]], "turned": None},
    ]
    (rnd,) = data["rounds"]
    assert len(rnd["deals"]) == 2
    assert len(rnd["deals"][0]["bid_attempts"]) == 7
    assert rnd["bonus"] == [3, 4] and rnd["round_points"] == [12, -3]


@pytest.mark.parametrize("players, passing", [(5, False), (7, True), (9, False)])
def test_round_trip_two_decks_at_every_phase(players, passing):
    game = new_game(players, passing=passing, seed=players)
    rng = random.Random(players)
    seen = set()
    while not game.is_over:
        if game.phase not in seen or rng.random() < 0.02:
            seen.add(game.phase)
            round_trip(game)
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(seats[0])))
    round_trip(game)
    assert {Phase.DEAL, Phase.BID, Phase.PLAY, Phase.ROUND_OVER} <= seen
    assert (Phase.PASS in seen) == passing


def test_dumps_loads():
    game = new_game(3, passing=True, seed=8)
    play_random(game, random.Random(8))
    again = record.loads(record.dumps(game))
    assert record.to_record(again) == record.to_record(game)


# --- what the record carries --------------------------------------------------------
def test_the_record_carries_deals_passes_bids_plays_trump_winners_and_points():
    three = hands("7S 6S 5S 4S 3S 2S 1S", "7H 6H 5H 4H 3H 2H 1H", "7D 6D 5D 4D 3D 2D 1D")
    game = Game(make_rules("oh-seven", 3, passing=True), seed=0, stacked_deals=[three, three])
    texts = ["deal", "0 bid 7S", "1 bid 7H", "2 bid 7D"]
    act(game, *texts)
    while game.phase is Phase.PLAY:  # seat 0 holds all the trumps: it leads 7 spades
        seat = game.current_seat
        action = game.legal_actions(seat)[0]
        texts.append(f"{seat} play {action.card.text()}")
        game.apply(action)
    more = ["deal", "0 pass 1S", "2 pass 1D", "1 pass 1H", "0 bid 7S", "1 bid 7H", "2 bid 7D", "0 play 7S"]
    act(game, *more)
    data = json.loads(record.dumps(game))
    assert data["format"] == "ohseven-record" and data["version"] == 3
    assert data["game"] == "oh-seven" and data["options"] == {"players": 3, "passing": True}
    rules = data["rules"]  # the full rules the options imply (R2, R3, R4, R6)
    assert {k: rules[k] for k in ("preset", "players", "passing")} == {"preset": "oh-seven", "players": 3, "passing": True}
    assert rules["decks"] == 1 and rules["ranks"] == list(range(8)) and rules["hand_sizes"] == [7] * 7
    assert rules["pass_schedule"] == [[0, 0], [1, 1], [2, -1], [3, 1], [2, -1], [1, 1], [0, 0]]
    assert data["seed"] == 0
    assert data["actions"] == texts + more  # every action, in order
    r1, r2 = data["rounds"]
    assert r1["deals"][0]["hands"][1] == "7H 6H 5H 4H 3H 2H 1H".split()
    assert r1["pass"] is None and r1["deals"][0]["passes"] is None
    assert r1["trump"] == "S" and r1["leader"] == 0 and r1["bids"] == [7, 7, 7]
    assert [t["winner"] for t in r1["tricks"]] == [0] * 7
    assert r1["tricks"][0] == {"leader": 0, "cards": ["7S", "7H", "7D"], "winner": 0}
    assert r1["taken"] == [7, 0, 0] and r1["points"] == [9, -7, -7] and r1["round_points"] == [9, -7, -7]
    assert r2["dealer"] == 1 and r2["pass"] == {"count": 1, "direction": "left"}
    assert r2["deals"][0]["passes"] == [["1S"], ["1H"], ["1D"]]
    assert r2["deals"][0]["bid_attempts"] == [
        {"bids": ["7S", "7H", "7D"], "sum": 21, "outcome": "stands", "bonus": [0, 0, 0]}
    ]
    assert r2["tricks"] == [] and r2["points"] is None
    assert data["phase"] == "play" and data["round"] == 2
    assert data["totals"] == [9, -7, -7] and data["winners"] == []
    check_record_json(data)


@pytest.mark.parametrize("players, passing, seed", [(2, True, 1), (4, False, 2), (5, True, 3), (6, False, 4), (9, True, 5)])
def test_an_independent_checker_agrees_with_the_record(players, passing, seed):
    game = new_game(players, passing=passing, seed=seed)
    play_random(game, random.Random(seed))
    data = json.loads(record.dumps(game))
    check_record_json(data)


def test_the_independent_checker_catches_a_wrong_winner_or_score():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3S", "1 bid 0C", "2 bid 1H", "3 bid 2S")
    finish_round(game)
    data = record.to_record(game)
    check_record_json(data)
    bad = copy.deepcopy(data)
    bad["rounds"][0]["tricks"][0]["winner"] = 1
    with pytest.raises(AssertionError):
        check_record_json(bad)
    bad = copy.deepcopy(data)
    bad["rounds"][0]["points"][0] += 1
    with pytest.raises(AssertionError):
        check_record_json(bad)


# --- tampered records ---------------------------------------------------------------
def _finished_record() -> dict:
    game = new_game(4, [DEAL_A], seed=6)
    act(game, "deal", "0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S", "0 bid 3S", "1 bid 0C", "2 bid 1H", "3 bid 2S")
    finish_round(game)
    act(game, "deal")
    return record.to_record(game)


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _del(key):
    def change(data):
        del data[key]
    return change


def _replace_action(index, text):
    return _set(("actions", index), text)


TAMPERING = {
    # a changed round log
    "trick winner": (_set(("rounds", 0, "tricks", 0, "winner"), 1), "round 1"),
    "round points": (_set(("rounds", 0, "round_points", 0), 5), "round 1"),
    "bid attempt bonus": (_set(("rounds", 0, "deals", 0, "bid_attempts", 0, "bonus"), [0, 0, 0, 0]), "round 1"),
    "dealt hand": (_set(("rounds", 0, "deals", 0, "hands", 0, 0), "0S"), "round 1"),
    "trump": (_set(("rounds", 0, "trump"), "H"), "round 1"),
    "missing round": (_set(("rounds",), []), "round 1"),
    "totals": (_set(("totals",), [0, 0, 0, 0]), "totals"),
    "winners": (_set(("winners",), [1]), "winners"),
    "phase": (_set(("phase",), "game-over"), "phase"),
    # an illegal action
    "card not in hand": (_replace_action(9, "0 play 7H"), "action 10"),
    "not following suit": (_replace_action(12, "3 play 7D"), "action 13"),
    "bid again with a bid card": (_replace_action(5, "0 bid 3D"), "action 6"),
    "wrong seat": (_replace_action(10, "2 play 7H"), "action 11"),
    "unreadable action": (_replace_action(3, "1 bod 1C"), "action 4"),
    "action not text": (_replace_action(3, 13), "action 4"),
    # the wrong version or format
    "version 4": (_set(("version",), 4), "version"),
    "version text": (_set(("version",), "1"), "version"),
    "no version": (_del("version"), "version"),
    "format": (_set(("format",), "chess"), "format"),
    # wrong types
    "seed text": (_set(("seed",), "6"), "seed"),
    "seed bool": (_set(("seed",), True), "seed"),
    "actions object": (_set(("actions",), {"0": "deal"}), "actions"),
    "rules list": (_set(("rules",), ["oh-seven", 4]), "rules"),
    "players text": (_set(("rules", "players"), "4"), "rules"),
    "players 10": (_set(("rules", "players"), 10), "rules"),
    "unknown preset": (_set(("rules", "preset"), "bridge"), "rules"),
    "unknown game": (_set(("game",), "bridge"), "game"),
    "options list": (_set(("options",), ["oh-seven", 4]), "options"),
    "options players text": (_set(("options", "players"), "4"), "players"),
    "options players 10": (_set(("options", "players"), 10), "players"),
    "options unknown": (_set(("options", "trumps"), True), "trumps"),
    "no game": (_del("game"), "game"),
    "seats text": (_set(("seats",), "Ann Bob"), "seats"),
    "seat number": (_set(("seats", 0), 3), "seat 0"),
    "three seats": (_set(("seats",), [{"name": "A"}] * 3), "seats"),
    "stacked deals number": (_set(("stacked_deals",), 5), "stacked_deals"),
    "stacked hand number": (_set(("stacked_deals", 0, "hands"), 3), "stacked deal 1"),
    "stacked card": (_set(("stacked_deals", 0, "hands", 0, 0), "9Z"), "stacked deal 1"),
    "stacked extra card": (_set(("stacked_deals", 0, "hands", 0, 0), "5S"), "5S"),
    "rounds text": (_set(("rounds",), "none"), "round"),
}


@pytest.mark.parametrize("name", sorted(TAMPERING))
def test_a_tampered_record_raises_record_error_with_one_line(name):
    change, words = TAMPERING[name]
    data = _finished_record()
    record.from_record(copy.deepcopy(data))  # the untouched record loads
    change(data)
    with pytest.raises(RecordError) as info:
        record.from_record(json.loads(json.dumps(data)))
    message = str(info.value)
    assert message and "\n" not in message and "Traceback" not in message
    assert words.lower() in message.lower(), message


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"record"', "7", "{\"format\": \"ohseven-record\"}"])
def test_loads_refuses_what_is_not_a_record(text):
    with pytest.raises(RecordError) as info:
        record.loads(text)
    assert "\n" not in str(info.value) and str(info.value)


def test_a_family_seat_action_is_immutable_equal_by_value_and_its_own_copy():
    """engine.actions.SeatAction: what a family's own actions (a contract bid, a
    raise) share, so a record's actions and a clone's stay one value."""
    import copy

    import pytest

    from ohseven_tui.engine.actions import SeatAction

    class Call(SeatAction):
        __slots__ = ("words",)
        _fields = ("seat", "words")

        def __init__(self, seat: int, words: str) -> None:
            object.__setattr__(self, "seat", seat)
            object.__setattr__(self, "words", words)

    a, b = Call(1, "raise"), Call(1, "raise")
    assert a == b and hash(a) == hash(b) and a != Call(2, "raise") and a != Call(1, "hold")
    with pytest.raises(AttributeError):
        a.seat = 3
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert repr(a) == "Call(1, 'raise')"
    assert Call(*a.__reduce__()[1]) == a
