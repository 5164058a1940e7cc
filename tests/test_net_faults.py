"""Faults at a real table server (``ohseven host --headless`` in its own process):
a client dropped mid-trick and back with its code; the host killed with SIGKILL and
brought back with ``--continue`` and the same codes; two clients with one code; a
client that stops reading; wrong codes."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import stat

import pytest
from net_helpers import TIMEOUT, Host, Seen, join, play_randomly
from test_net_games import check_no_leak, replay

from ohseven_tui.net.client import ChatLine, Goodbye, JoinError, Status, Update
from ohseven_tui.net.server import CHAT_BURST_VAR, HOST_STATE, TABLE_FILE

FLAGS = ["--game", "oh-seven", "--players", "3", "--bots", "easy"]


async def until(client, want):
    """The client's next message that ``want`` accepts (the others are skipped)."""
    while True:
        msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if want(msg):
            return msg
        if isinstance(msg, Goodbye):
            raise AssertionError(f"closed: {msg.reason}")


async def finish(host, clients, seens) -> None:
    await asyncio.gather(*(play_randomly(c, random.Random(i), s) for i, (c, s) in enumerate(zip(clients, seens))))
    for c in clients:
        await c.close()
    assert host.proc.wait(timeout=TIMEOUT) == 0


async def test_a_client_dropped_mid_trick_comes_back_to_the_table_as_it_is(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        seens = [Seen(), Seen()]
        a, b = [await join(host.address, codes[s], f"P{s}", seens[s]) for s in range(2)]
        # mid-trick, with the dropped client to play next: nobody else can act meanwhile
        mid_trick = lambda u: bool(u.observation.trick) and a.seat in u.observation.to_act  # public facts
        await asyncio.gather(*(play_randomly(c, random.Random(i), seens[i], stop=mid_trick)
                               for i, c in enumerate((a, b))))
        before, seq_before = a.observation, a.seq
        assert b.seq == seq_before  # both stopped at the same moment
        a._ws.transport.abort()  # the client's process dies: no close frame, no bye
        # the others hear that the table waits for it
        status = await until(b, lambda m: isinstance(m, Status) and not m.connected[a.seat])
        assert a.seat in status.waiting_for and "P0" in status.message and "come back" in status.message
        a2 = await join(host.address, codes[0], "P0", seens[0])
        first = await until(a2, lambda m: isinstance(m, Update))
        assert first.actor is None and first.action is None
        assert first.seq == seq_before and first.observation == before  # the table as it was
        status = await until(b, lambda m: isinstance(m, Status) and m.connected[a.seat])
        assert "come back" not in status.message
        await finish(host, [a2, b], seens)
    finally:
        host.stop()
    spec, states = replay(seens[0].record)
    for seat in range(2):
        check_no_leak(spec, states, seens[seat], seat)


async def test_the_host_killed_comes_back_with_continue_and_the_same_codes(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        seens = [Seen(), Seen()]
        clients = [await join(host.address, codes[s], f"P{s}", seens[s]) for s in range(2)]
        far = lambda u: u.seq >= 30
        await asyncio.gather(*(play_randomly(c, random.Random(i), s, stop=far)
                               for i, (c, s) in enumerate(zip(clients, seens))))
        seen_seq = max(c.seq for c in clients)
        os.kill(host.proc.pid, signal.SIGKILL)
        host.proc.wait(timeout=TIMEOUT)
    finally:
        host.stop()
    folder = tmp_path / ".state" / HOST_STATE
    table = folder / TABLE_FILE
    assert stat.S_IMODE(table.stat().st_mode) == 0o600
    autosave = (folder / "autosave.json").read_text()
    assert all(code not in autosave for code in codes.values())
    again = Host(["--continue"], tmp_path)
    try:
        assert again.read_codes(2) == codes
        clients = [await join(again.address, codes[s], f"P{s}", seens[s]) for s in range(2)]
        firsts = [await until(c, lambda m: isinstance(m, Update)) for c in clients]
        assert all(f.seq >= seen_seq for f in firsts)
        await finish(again, clients, seens)
    finally:
        again.stop()
    spec, states = replay(seens[0].record)  # one game: what came before the kill is in its record
    for seat in range(2):
        check_no_leak(spec, states, seens[seat], seat)
    assert not table.exists()  # a finished table has nothing to continue


async def test_two_clients_with_one_code_the_newer_takes_the_seat(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        old = await join(host.address, codes[0], "Old")
        b = await join(host.address, codes[1], "B")
        await until(old, lambda m: isinstance(m, Update))
        new = await join(host.address, codes[0], "New")
        bye = await until(old, lambda m: isinstance(m, Goodbye) and "another connection" in m.reason)
        assert bye
        update = await until(new, lambda m: isinstance(m, Update))
        assert new.seat == 0 and update.observation.seat == 0
        assert update.observation.seats[0].name == "Old"  # names are set when the game starts
        seens = [Seen(), Seen()]
        await finish(host, [new, b], seens)
        assert seens[0].record is not None
    finally:
        host.stop()


async def test_a_client_that_stops_reading_does_not_stall_the_table(tmp_path):
    host = Host(FLAGS, tmp_path, env={CHAT_BURST_VAR: "100000"})  # chat as the flood: no limit here
    try:
        codes = host.read_codes(2)
        a = await join(host.address, codes[0], "A")
        slow = await join(host.address, codes[1], "Slow")  # joins, then reads nothing
        lines = 3000
        text = "x" * 290
        dropped = False
        for n in range(lines):  # one line at a time: the sender reads its own echo each time
            await a.chat(f"{n} {text}")
            while True:
                msg = await asyncio.wait_for(a.next_message(), TIMEOUT)
                assert not isinstance(msg, Goodbye), msg
                if isinstance(msg, Status) and not msg.connected[slow.seat]:
                    dropped = True
                if isinstance(msg, ChatLine) and msg.seat == a.seat:
                    assert msg.text.startswith(f"{n} ")  # every line, in order
                    break
        # the slow client got everything, or was dropped and said so to the others; either
        # way it can come back with its code and the game goes on to its end
        await slow.close()
        if not dropped:
            await until(a, lambda m: isinstance(m, Status) and not m.connected[slow.seat])
        back = await join(host.address, codes[1], "Slow")
        await finish(host, [a, back], [Seen(), Seen()])
    finally:
        host.stop()


async def test_wrong_codes_get_one_line_each_then_the_address_waits_a_minute(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        for n in range(5):
            with pytest.raises(JoinError) as info:
                client = await join(host.address, f"wrong-{n}", "Mallory")
                await client.close()
            text = str(info.value)
            assert "\n" not in text
            assert ("not one of this table's" in text) if n < 4 else ("try again in a minute" in text)
        with pytest.raises(JoinError, match="try again in a minute"):
            await join(host.address, codes[0], "Ann")  # even the right code, from that address
    finally:
        host.stop()


def test_the_table_file_holds_codes_only_for_the_host(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
    finally:
        host.stop()
    table = tmp_path / ".state" / HOST_STATE / TABLE_FILE
    assert stat.S_IMODE(table.stat().st_mode) == 0o600
    assert json.loads(table.read_text())["codes"] == {str(s): c for s, c in codes.items()}
    assert all(len(c) >= 16 for c in codes.values())  # 96 random bits each, URL-safe


async def test_the_host_hands_an_empty_seat_to_a_bot_and_the_game_goes_on(tmp_path):
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        seen = Seen()
        a = await join(host.address, codes[0], "A", seen)
        b = await join(host.address, codes[1], "B")
        await until(a, lambda m: isinstance(m, Update))
        host.command("bot 2")  # B is connected: refused in one line
        assert "connected" in host.wait_line(lambda line: "seat 2" in line and "bot" in line)
        await b.close()
        await until(a, lambda m: isinstance(m, Status) and not m.connected[b.seat])
        host.command("bot 2 easy")
        host.wait_line(lambda line: line.startswith("the easy bot plays seat 2"))
        await until(a, lambda m: isinstance(m, Status) and m.connected[b.seat])
        await play_randomly(a, random.Random(0), seen)
        assert seen.record is not None  # the bot played B's seat to the end
        await a.close()
        assert host.proc.wait(timeout=TIMEOUT) == 0
    finally:
        host.stop()


async def test_a_seat_handed_to_a_bot_stays_with_the_bot_after_continue(tmp_path):
    """The host hands B's empty seat to a bot, then the host is killed: --continue
    brings the table back with the bot in that seat, not waiting for B."""
    host = Host(FLAGS, tmp_path)
    try:
        codes = host.read_codes(2)
        seen = Seen()
        a = await join(host.address, codes[0], "A", seen)
        b = await join(host.address, codes[1], "B")
        await until(a, lambda m: isinstance(m, Update))
        await b.close()
        await until(a, lambda m: isinstance(m, Status) and not m.connected[b.seat])
        host.command("bot 2 easy")
        host.wait_line(lambda line: line.startswith("the easy bot plays seat 2"))
        await until(a, lambda m: isinstance(m, Status) and m.connected[b.seat])
        os.kill(host.proc.pid, signal.SIGKILL)
        host.proc.wait(timeout=TIMEOUT)
    finally:
        host.stop()
    again = Host(["--continue"], tmp_path)
    try:
        a = await join(again.address, codes[0], "A", seen)
        status = await until(a, lambda m: isinstance(m, Status))
        assert status.connected[1] and "come back" not in status.message
        await play_randomly(a, random.Random(0), seen)
        assert seen.record is not None  # the bot played B's seat to the end
        await a.close()
        assert again.proc.wait(timeout=TIMEOUT) == 0
    finally:
        again.stop()


def test_continue_listens_where_the_table_listened_so_friends_rejoin_at_the_same_address(tmp_path):
    """Found trying the app: ``host --continue`` without --port went back to 8765
    and a table first opened on another port lost its players' reconnection."""
    host = Host(FLAGS, tmp_path)  # --port 0: a free port, not the default
    try:
        host.read_codes(2)
        first = host.address
        os.kill(host.proc.pid, signal.SIGKILL)
        host.proc.wait(timeout=TIMEOUT)
    finally:
        host.stop()
    assert not first.endswith(":8765")
    again = Host(["--continue"], tmp_path, port=None)
    try:
        assert again.address == first
    finally:
        again.stop()


async def test_a_headless_host_prints_the_tables_chat_and_a_clear_first_line(tmp_path):
    """Found trying the app: a player alone with the bots could chat, and the line went
    nowhere (the headless host is a person at a terminal and never saw it); and the
    host's first status said 'round 0: the table to act'."""
    host = Host(["--game", "oh-seven", "--players", "2", "--humans", "1", "--bots", "easy"], tmp_path)
    try:
        code = host.read_codes(1)[0]
        client = await join(host.address, code, "Ann\x1b[2J")
        await client.chat("is anyone there? [b]")
        said = host.wait_line(lambda line: "is anyone there?" in line)
        assert "Ann" in said and "seat 1" in said and "[b]" in said and "\x1b" not in said
        assert not any("round 0" in line for line in host.seen)
        await client.close()
    finally:
        host.stop()
