"""docs/record-format.md against the code: every action kind a family writes and
every derived field it logs is in the doc, and the doc's recipe for deals (the
packs, the shuffles, the first dealer, the packets), implemented here on its own
from the generator's two raw draws (never the engine's shuffle or deal), gives
every deal of the sample games in saves/ and of fresh games."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from ohseven_tui.bots import make_bot
from ohseven_tui.bots.runner import play_game
from ohseven_tui.engine import registry
from ohseven_tui.engine.record import record_log, to_record

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
SAMPLES = sorted((ROOT / "saves").glob("*.json"))

# The doc's section for each game's family.
SECTION = {"oh-seven": "## The Oh Hell family", "classic": "## The Oh Hell family",
           "up-and-down": "## The Oh Hell family", "seven-for-seven": "## Seven for Seven", "watten": "## Watten"}
COMMON = "**Action**: one string each"


def section(heading: str) -> str:
    start = DOC.index(heading)
    end = DOC.find("\n## ", start + len(heading))
    return DOC[start:end if end >= 0 else len(DOC)]


# --- the doc's recipe, written from the doc --------------------------------------------
SUITS = "CDHS"
RANK_OF = {"J": 11, "Q": 12, "K": 13, "A": 14}
JOKER = "JK"


def code(text: str) -> int:
    if text == JOKER:
        return 60
    rank, suit = text[:-1], text[-1]
    return (RANK_OF[rank] if rank in RANK_OF else int(rank)) * 4 + SUITS.index(suit)


def label(c: int) -> str:
    if c == 60:
        return JOKER
    rank = c // 4
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(rank, str(rank)) + SUITS[c % 4]


def high_first(ranks) -> list[int]:
    return sorted((r * 4 + s for r in ranks for s in range(4)), reverse=True)


def below(rng: random.Random, n: int) -> int:
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def forward(rng: random.Random, pack: list[int], places: int) -> None:
    for i in range(places):
        j = i + int(rng.random() * (len(pack) - i))
        pack[i], pack[j] = pack[j], pack[i]


def backward(rng: random.Random, pack: list[int]) -> None:
    for i in range(len(pack) - 1, 0, -1):
        j = below(rng, i + 1)
        pack[i], pack[j] = pack[j], pack[i]


def sort_hand(cards: list[int]) -> list[str]:
    return [label(c) for c in sorted(cards, reverse=True)]


def oh_hell_deals(record: dict) -> Iterator[tuple[str, Any, Any]]:
    """(what, expected, logged) for the first dealer and every shuffled deal."""
    seven = game_name(record) == "oh-seven"  # the rest of the family: classic, up-and-down
    n = len(record["seats"])
    rng = random.Random(record["seed"])
    first = 0 if seven else below(rng, n)
    yield "first dealer", first, record["rounds"][0]["dealer"]
    pack0 = high_first(range(8)) * (2 if n >= 5 else 1) if seven else high_first(range(2, 15))
    skip = len(record["stacked_deals"])
    for rnd in record["rounds"]:
        h = rnd["hand_size"]
        for deal in rnd["deals"]:
            if skip:
                skip -= 1
                continue
            pack = list(pack0)
            forward(rng, pack, min(n * h + 1, len(pack) - 1))
            hands = [sort_hand(pack[s * h:(s + 1) * h]) for s in range(n)]
            turned = None
            if not seven and n * h < len(pack):
                turned = label(pack[n * h])
            yield f"round {rnd['round']} hands", hands, deal["hands"]
            yield f"round {rnd['round']} turned", turned, deal["turned"]


def seven_for_seven_deals(record: dict) -> Iterator[tuple[str, Any, Any]]:
    joker = record["options"]["joker"]
    rng = random.Random(record["seed"])
    yield "first dealer", below(rng, 7), record["first_dealer"]
    pack0 = ([60] if joker else []) + high_first(range(2, 15))
    skip = len(record["stacked_deals"])
    for hand in record["rounds"]:
        eldest = (hand["dealer"] + 1) % 7
        for deal in hand["deals"]:
            if skip:
                skip -= 1
                continue
            pack = list(pack0)
            backward(rng, pack)
            hands: list[list[int]] = [[] for _ in range(7)]
            kitty: list[int] = []
            at = 0
            for packet, to_kitty in ((2, False), (2, True), (3, False), (2 if joker else 1, True), (2, False)):
                if to_kitty:
                    kitty += pack[at:at + packet]
                    at += packet
                    continue
                for k in range(7):
                    hands[(eldest + k) % 7] += pack[at:at + packet]
                    at += packet
            yield f"hand {hand['hand']} hands", [sort_hand(h) for h in hands], deal["hands"]
            yield f"hand {hand['hand']} kitty", [label(c) for c in kitty], deal["kitty"]


def watten_deals(record: dict) -> Iterator[tuple[str, Any, Any]]:
    rng = random.Random(record["seed"])
    yield "first dealer", below(rng, 4), record["first_dealer"]
    pack0 = high_first(range(7, 15))
    for number, hand in enumerate(record["hands"]):
        if number < len(record["stacked_deals"]):
            continue
        pack = list(pack0)
        forward(rng, pack, len(pack) - 1)
        eldest = (hand["dealer"] + 1) % 4
        hands: list[list[int]] = [[] for _ in range(4)]
        at = 0
        for packet in (3, 2):
            for k in range(4):
                hands[(eldest + k) % 4] += pack[at:at + packet]
                at += packet
        yield f"hand {hand['hand']} hands", [sort_hand(h) for h in hands], hand["hands"]
        yield f"hand {hand['hand']} rest", [label(c) for c in pack[20:]], hand["rest"]


RECIPE = {"oh-seven": oh_hell_deals, "classic": oh_hell_deals, "up-and-down": oh_hell_deals,
          "seven-for-seven": seven_for_seven_deals, "watten": watten_deals}


def dealers_move_left(record: dict) -> None:
    logs = record.get("rounds") or record.get("hands")
    n = len(record["seats"])
    for before, after in zip(logs, logs[1:]):
        assert after["dealer"] == (before["dealer"] + 1) % n


# --- games to check ---------------------------------------------------------------------
GAMES = [("oh-seven", {"players": 4}), ("oh-seven", {"players": 6, "passing": True}), ("classic", {"players": 5}),
         ("up-and-down", {"players": 3}), ("seven-for-seven", {"players": 7}),
         ("seven-for-seven", {"players": 7, "joker": False, "bowers": "pictures"}), ("watten", {"players": 4})]


def fresh_record(name: str, options: dict, seed: int) -> dict:
    spec = registry.game_spec(name)
    game = spec.new_game(spec.check_options(dict(options)), seed=seed)
    play_game(game, [make_bot("easy", seed + s) for s in range(options["players"])])
    return to_record(game)


def game_name(record: dict) -> str:
    return record.get("game") or record["rules"]["preset"]  # version 1: the preset names the game


def sample_records() -> list[dict]:
    out = []
    for path in SAMPLES:
        data = json.loads(path.read_text(encoding="utf-8"))
        out.append(data.get("record", data))
    return out


@pytest.fixture(scope="module")
def records() -> list[dict]:
    fresh = [fresh_record(name, options, seed) for name, options in GAMES for seed in (3, 1_000_003)]
    return sample_records() + fresh


def test_the_samples_cover_every_family():
    assert {game_name(r) for r in sample_records()} >= set(RECIPE)


def test_every_deal_follows_the_docs_recipe_from_the_seed(records):
    checked = 0
    for record in records:
        name = game_name(record)
        for what, expected, logged in RECIPE[name](record):
            assert expected == logged, f"{name} seed {record['seed']}: {what} is not what the doc's recipe gives"
            checked += 1
        dealers_move_left(record)
    assert checked > 300


def test_the_recipe_can_tell_a_wrong_seed():
    record = fresh_record("watten", {"players": 4}, 5)
    record["seed"] += 1
    assert any(e != g for _, e, g in watten_deals(record))


def verbs(record: dict) -> set[str]:
    return {"deal" if text == "deal" else text.split()[1] for text in record["actions"]}


def test_every_action_kind_a_family_writes_is_in_its_section_of_the_doc(records):
    common = section(COMMON)
    seen: dict[str, set[str]] = {}
    for record in records:
        name = game_name(record)
        seen.setdefault(name, set()).update(verbs(record))
    for name, kinds in seen.items():
        own = section(SECTION[name])
        for verb in kinds:
            pattern = re.compile(r"`(S )?" + verb + r"\b")
            assert pattern.search(own) or pattern.search(common), f"{name}'s action {verb!r} is not in the doc"
    assert {"striker", "trump", "raise", "hold", "go"} <= seen["watten"]
    assert {"bid", "factor", "pass", "discard", "lead"} <= seen["seven-for-seven"]


def keys_of(value: Any) -> set[str]:
    """Every key of every object inside ``value``."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


def test_every_derived_field_a_family_logs_is_in_its_section_of_the_doc(records):
    for record in records:
        name = game_name(record)
        if record["version"] == 1:
            continue
        own = section(SECTION[name])
        for key in sorted(keys_of(record_log(record))):
            assert f"`{key}`" in own or f'"{key}"' in own, f"{name}'s derived field {key!r} is not in the doc"
