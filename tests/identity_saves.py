"""Saves of every game with people and bots at one table, for the player-identity
tests: a human "Ann", a bot seat also named "Ann", and bots of two strengths.

The games are played with seeded random legal actions through the game protocol;
the expected figures are read back from the written JSON, never from the index.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.storage import save_data

# (game, players) for all five games; seat 0 is the person Ann, seat 1 a bot named Ann.
GAMES = (("oh-seven", 4), ("classic", 3), ("up-and-down", 3), ("watten", 4), ("seven-for-seven", 7))
KINDS = ("human", "normal", "easy", "normal", "easy", "normal", "easy")


def seats_for(players: int) -> list[Seat]:
    names = ["Ann", "Ann", "Bea", "Cid", "Dot", "Eve", "Fay"]
    return [Seat(names[s], KINDS[s]) for s in range(players)]


def play_random(game, rng: random.Random, cap: int = 20000) -> None:
    for _ in range(cap):
        if game.is_over:
            return
        seats = game.to_act()
        game.apply(rng.choice(game.legal_actions(seats[0] if seats else None)))


def write_identity_saves(folder: Path, *, old: bool = False, repeats: int = 1) -> list[Path]:
    """One finished game of each of the five games (``repeats`` times), dated a day
    apart. ``old``: written as a save from before seats were recorded in the summary
    (the record's seat ``player`` field is all there is)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    day = 1
    for k in range(repeats):
        for g, (name, players) in enumerate(GAMES):
            spec = registry.game_spec(name)
            game = spec.new_game(spec.check_options({"players": players}), seed=100 * k + g, seats=seats_for(players))
            play_random(game, random.Random(100 * k + g))
            when = datetime(2026, 2, 1, 12, tzinfo=timezone.utc) + timedelta(days=day)
            data = save_data(game, date=when.isoformat().replace("+00:00", "Z"))
            day += 1
            if old:
                data["summary"].pop("seats", None)
            path = folder / f"{'old' if old else 'new'}-{name}-{k}.json"
            path.write_text(json.dumps(data), encoding="utf-8")
            paths.append(path)
    return paths


def who(seat: dict) -> str:
    """A seat's player as the review names them, from a record's seat."""
    player = seat.get("player", "human")
    return seat["name"] if player == "human" else f"{player} bot"


def expected_players(paths) -> dict[str, dict]:
    """Per player: the games (ids) they sat in and won, from the files alone."""
    found: dict[str, dict] = {}
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        rec = data["record"]
        for s, seat in enumerate(rec["seats"]):
            entry = found.setdefault(who(seat), {"games": set(), "wins": set()})
            entry["games"].add(path.stem)
            if s in rec["winners"]:  # the record's log: the winners' seats
                entry["wins"].add(path.stem)
    return found
