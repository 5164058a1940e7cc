"""Issue 34, section 2, item 7: a rematch. When a game ends the table stays open;
each seated player may ask for another game (a ``rematch`` message), and once every
human seat has asked (bots always agree) a new game starts with the same seats,
names, codes and watch code, a new seed, filed as a game of its own. The table keeps
the series' running totals (per seat: the sum of its games' final totals, games
won) and tells them in a ``series`` message. A headless host stays up until every
player has left. docs/network.md, "Another game"."""

from __future__ import annotations

import asyncio
import json
import random

from net_helpers import TIMEOUT, Host, Seen, join, play_randomly

from ohseven_tui import storage
from ohseven_tui.net.client import ChatLine, Error, Series, Status, Update
from ohseven_tui.net.server import host_dirs

FLAGS = ["--game", "oh-seven", "--players", "3", "--bots", "easy"]  # two human seats, the fewest rounds


async def next_of(client, want):
    """The client's next message that ``want`` accepts (the others are skipped)."""
    while True:
        msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if want(msg):
            return msg


def finished_saves(save_dir):
    """The filed games, each as its save file's own JSON (read without the code under test's loader)."""
    saves = storage.save_dirs(save_dir).saves
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(saves.glob("*.json"))]


def final_totals(save: dict) -> tuple[list[int], list[int]]:
    """A filed game's final totals, replayed from its record with the game's own rules."""
    from test_net_games import replay

    _spec, states = replay(save)
    assert states[-1].is_over
    return list(states[-1].totals), list(states[-1].winners)


async def test_both_ask_and_a_second_game_starts_with_the_same_seats_and_codes(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        seens = [Seen(), Seen()]
        ann = await join(host.address, codes[0], "Ann", seens[0])
        bea = await join(host.address, codes[1], "Bea", seens[1])
        await asyncio.gather(play_randomly(ann, random.Random(1), seens[0]),
                             play_randomly(bea, random.Random(2), seens[1]))
        first = seens[0].record
        assert first is not None
        host.wait_line(lambda line: line.startswith("saved as "))
        # Ann asks: Bea hears who waits for whom, and that Ann asked
        await ann.rematch()
        status = await next_of(bea, lambda m: isinstance(m, Status) and "Ann asked" in m.message)
        assert "waiting for Bea" in status.message
        told = await next_of(bea, lambda m: isinstance(m, Series))
        assert told.games == 1 and told.asked == (True, False, True)  # the bot seat agrees
        await bea.rematch()
        started = await next_of(ann, lambda m: isinstance(m, Update))
        assert started.seq == 0 and started.actor is None and not started.observation.winners
        assert [s.name for s in started.observation.seats][:2] == ["Ann", "Bea"] and ann.seat == 0
        host.wait_line(lambda line: line.startswith("game 2 of the series begins"))
        # the same codes: Bea leaves and takes her seat again with hers, mid-game
        await bea.close()
        bea = await join(host.address, codes[1], "Bea", seens[1])
        assert bea.seat == 1
        seens = [Seen(), Seen()]
        await asyncio.gather(play_randomly(ann, random.Random(3), seens[0]),
                             play_randomly(bea, random.Random(4), seens[1]))
        second = seens[0].record
        assert second is not None and second == seens[1].record
        series = await next_of(ann, lambda m: isinstance(m, Series) and m.games == 2)
        for c in (ann, bea):
            await c.close()
        assert host.proc.wait(timeout=TIMEOUT) == 0  # every player left: the table closes
    finally:
        host.stop()
    filed = finished_saves(tmp_path)
    assert len(filed) == 2
    assert filed[0]["game_id"] != filed[1]["game_id"]
    assert {f["game_id"] for f in filed} == {first["game_id"], second["game_id"]}
    assert filed[0]["record"]["seed"] != filed[1]["record"]["seed"]
    assert [s["name"] for s in filed[0]["record"]["seats"]] == [s["name"] for s in filed[1]["record"]["seats"]]
    results = [final_totals(f) for f in filed]
    assert list(series.totals) == [a + b for a, b in zip(results[0][0], results[1][0])]
    assert list(series.won) == [sum(seat in won for _totals, won in results) for seat in range(3)]


async def test_one_asks_and_the_other_leaves_no_new_game_and_the_asker_is_told(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        seens = [Seen(), Seen()]
        ann = await join(host.address, codes[0], "Ann", seens[0])
        bea = await join(host.address, codes[1], "Bea", seens[1])
        await asyncio.gather(play_randomly(ann, random.Random(5), seens[0]),
                             play_randomly(bea, random.Random(6), seens[1]))
        await ann.rematch()
        await next_of(ann, lambda m: isinstance(m, Series) and m.asked[0])
        await bea.close()
        told = await next_of(ann, lambda m: isinstance(m, Status) and "Bea left the table" in m.message)
        assert "Ann asked for another game" in told.message and "no other game" in told.message
        await ann.close()
        assert host.proc.wait(timeout=TIMEOUT) == 0
    finally:
        host.stop()
    assert not any(line.startswith("game 2") for line in host.seen)
    assert len(finished_saves(tmp_path)) == 1
    assert not host_dirs(tmp_path).autosave.exists()  # nothing left to continue


async def _errors_until_marker(client, marker: str) -> list[str]:
    """The error lines the client gets before its own chat line ``marker`` comes back."""
    await client.chat(marker)
    errors = []
    while True:
        msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if isinstance(msg, Error):
            errors.append(msg.text)
        elif isinstance(msg, Update):
            raise AssertionError(f"the table moved: {msg}")
        elif isinstance(msg, ChatLine) and msg.text == marker:
            return errors


async def test_a_hostile_rematch_gets_one_error_line_each_and_changes_nothing(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        watch = host.wait_line(lambda line: line.startswith("watch: "))
        watch_code = watch.rsplit("/", 1)[1]
        seens = [Seen(), Seen()]
        ann = await join(host.address, codes[0], "Ann", seens[0])
        bea = await join(host.address, codes[1], "Bea", seens[1])
        watcher = await join(host.address, watch_code, "Wes")
        # the table stands still while it waits for the people (the bots and the deal are done)
        await next_of(ann, lambda m: isinstance(m, Update) and m.observation.to_act
                      and set(m.observation.to_act) <= {ann.seat, bea.seat})
        await next_of(watcher, lambda m: isinstance(m, Update) and m.seq == ann.seq)
        # before the game is over: a player's thousand, and a malformed one
        for _ in range(1000):
            await ann.rematch()
        await ann.send_raw('{"type": "rematch", "now": true}')
        errors = await _errors_until_marker(ann, "one")
        assert len(errors) == 1001 and all("not over" in e for e in errors[:1000]), errors[:3]
        assert "unknown field" in errors[1000]
        # a watcher's thousand: it cannot vote
        for _ in range(1000):
            await watcher.rematch()
        await watcher.chat("two")  # refused in its own words, after the thousand: a marker on its connection
        errors = []
        while True:
            msg = await asyncio.wait_for(watcher.next_message(), TIMEOUT)
            assert not isinstance(msg, Update), msg
            if isinstance(msg, Error):
                if "only its seats speak" in msg.text:
                    break
                errors.append(msg.text)
        assert len(errors) == 1000 and all("watching" in e for e in errors), errors[:3]
        await asyncio.gather(play_randomly(ann, random.Random(7), seens[0]),
                             play_randomly(bea, random.Random(8), seens[1]))
        # once over: the watcher still cannot; Ann asks, then a thousand more are refused
        await watcher.rematch()
        assert "watching" in (await next_of(watcher, lambda m: isinstance(m, Error))).text
        await ann.rematch()
        for _ in range(1000):
            await ann.rematch()
        errors = await _errors_until_marker(ann, "three")
        assert len(errors) == 1000 and all("asked for another game already" in e for e in errors), errors[:3]
        # nothing changed: the table still waits for Bea, and her ask starts the next game
        await bea.rematch()
        started = await next_of(ann, lambda m: isinstance(m, Update))
        assert started.seq == 0 and not started.observation.winners
        await next_of(watcher, lambda m: isinstance(m, Update) and m.seq == 0)
        for c in (ann, bea, watcher):
            await c.close()
        host.command("quit")
        assert host.proc.wait(timeout=TIMEOUT) == 0
    finally:
        host.stop()
    assert len(finished_saves(tmp_path)) == 1  # the second game is in the autosave, not filed
