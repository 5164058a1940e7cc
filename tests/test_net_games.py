"""A whole game of every family on a real table server (``ohseven host --headless``
in its own process) with 2-4 clients playing random legal moves; every client's
received bytes scanned for a card it must not see; the finished game filed with
the host's saves, where the review reads it."""

from __future__ import annotations

import asyncio
import random

import pytest
from net_helpers import Host, Seen, cards_in, cards_in_frame, join, play_randomly

from ohseven_tui import storage
from ohseven_tui.engine import registry

# (game, host flags, human seats): the fewest rounds each game allows, bots instant.
GAMES = [
    ("oh-seven", ["--players", "3", "--bots", "easy"], 2),
    ("classic", ["--players", "3"], 3),
    ("up-and-down", ["--players", "3", "--bots", "easy"], 2),
    ("watten", ["--players", "4", "--option", "target=11"], 4),
    ("seven-for-seven", ["--players", "7", "--humans", "3", "--bots", "easy"], 3),
]


def replay(save: dict):
    """The finished game's record, replayed one action at a time: the state after
    each number of actions (the server's truth, to judge what a client was sent)."""
    record = save["record"]
    spec = registry.game_spec(record["game"])
    from ohseven_tui.engine.protocol import Seat

    seats = tuple(Seat(s["name"], s.get("player", "human")) for s in record["seats"])
    game = spec.new_game(spec.check_options(record["options"]), seed=record["seed"], seats=seats)
    states = [game.clone()]
    for text in record["actions"]:
        game.apply(spec.parse_action(text))
        states.append(game.clone())
    return spec, states


def check_no_leak(spec, states, seen: Seen, seat: int) -> int:
    """Each update's bytes name only cards its seat may see then: its own hand, or a
    card every other seat than its holder sees too (played, revealed). Returns the
    number of updates checked."""
    for index, update in seen.updates:
        frame = seen.frames[index]
        state = states[update.seq]
        assert update.observation == state.observe(seat), (seat, update.seq)
        named = cards_in_frame(frame, spec)
        assert named <= cards_in(update.observation, set()) | cards_in(update.action, set())
        own = set(state.observe(seat).hand)
        for other in range(state.players):
            if other == seat:
                continue
            for card in (set(state.observe(other).hand) & named) - own:
                public = all(card in cards_in(state.observe(u), set()) for u in range(state.players) if u != other)
                assert public, (spec.name, seat, update.seq, card.text(), "held by", other)
    return len(seen.updates)


@pytest.mark.parametrize("game,flags,humans", GAMES, ids=[g[0] for g in GAMES])
async def test_a_whole_game_over_the_network(tmp_path, game, flags, humans):
    host = Host(["--game", game, *flags], tmp_path)
    try:
        codes = host.read_codes(humans)
        seens = [Seen() for _ in range(humans)]
        clients = [await join(host.address, codes[s], f"P{s}", seens[s]) for s in range(humans)]
        rngs = [random.Random(s) for s in range(humans)]
        await asyncio.gather(*(play_randomly(c, r, v) for c, r, v in zip(clients, rngs, seens)))
        for c in clients:
            await c.close()
        assert host.proc.wait(timeout=120) == 0
    finally:
        host.stop()
    records = [s.record for s in seens]
    assert all(r is not None for r in records)
    assert all(r["record"] == records[0]["record"] for r in records)
    spec, states = replay(records[0])
    assert states[-1].is_over
    checked = sum(check_no_leak(spec, states, seens[s], s) for s in range(humans))
    assert checked >= len(states)  # every seat saw every action
    for s in seens:  # random legal moves: only a seat acting on an old picture is refused
        assert all("moved on" in e for e in s.errors), s.errors
    # the game is filed with the host's saves, as a local game is, and the review reads it
    saves, warnings = storage.list_saves(storage.save_dirs(tmp_path))
    assert not warnings
    assert [g.game.spec.name for g in saves] == [game] and saves[0].finished
    assert [seat.name for seat in saves[0].game.seats][:humans] == [f"P{s}" for s in range(humans)]
