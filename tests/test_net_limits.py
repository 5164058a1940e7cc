"""Issue 34 §1: no player can stall another. Limits belong to a seat and an address,
not to a connection: chat, wrong codes (parallel connections counted together) and
connections; a web page cannot reach the table; idle connections cannot pile up.

A real table server in this process, on loopback. The server's clock is frozen
where a limit earns back over time (``server._clock``), so nothing depends on pace.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from net_helpers import TIMEOUT, join
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from ohseven_tui.engine import registry
from ohseven_tui.net import protocol as p
from ohseven_tui.net import server as server_module
from ohseven_tui.net.client import ChatLine, Error, JoinError, TableClient
from ohseven_tui.net.server import CHAT_BURST, MAX_WRONG_CODES, TableServer


async def next_of(client, kind):
    while True:
        msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if isinstance(msg, kind):
            return msg


async def table(tmp_path, **limits) -> TableServer:
    server = TableServer(registry.default_game(), {"players": 3}, ["human", "human", "easy"], save_dir=tmp_path,
                         bot_delay=0)
    for name, value in limits.items():
        setattr(server, name, value)
    await server.start()
    return server


async def test_joining_again_does_not_refill_a_seats_chat(tmp_path, monkeypatch):
    """The flood seen: reconnect with the same code, five more lines, again and again."""
    monkeypatch.setattr(server_module, "_clock", lambda: 1000.0)
    server = await table(tmp_path)
    try:
        listener = await join(server.address, server.codes[1], "Bea")
        for attempt in range(3):
            flooder = await join(server.address, server.codes[0], "Ann")
            for n in range(CHAT_BURST):
                await flooder.chat(f"{attempt}.{n}")
            await flooder.chat("one more")
            if attempt:
                assert "too fast" in (await next_of(flooder, Error)).text
            await flooder.close()
        await listener.chat("end")  # the listener's own line marks the end of what it heard
        heard = []
        while (line := (await next_of(listener, ChatLine)).text) != "end":
            heard.append(line)
        assert len(heard) == CHAT_BURST, heard  # one burst in all, however many connections
        await listener.close()
    finally:
        await server.close()


async def raw_hello(address: str, codes: list[str]) -> list[str]:
    """One connection saying hello with each code in turn: the table's answers."""
    answers = []
    try:
        async with connect(address, open_timeout=TIMEOUT) as ws:
            for code in codes:
                await ws.send(p.to_json(p.Hello(p.VERSION, code, "Mallory")))
                answers.append(json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT)).get("text", ""))
    except (ConnectionClosed, InvalidStatus):
        pass
    return answers


async def test_wrong_codes_from_parallel_connections_are_counted_together(tmp_path):
    """40 connections checked 160 wrong codes in 1.6 s; docs/network.md promises five."""
    server = await table(tmp_path, max_per_address=100, connect_burst=100)
    try:
        answers = await asyncio.gather(*(raw_hello(server.address, [f"wrong-{i}-{k}" for k in range(4)])
                                         for i in range(12)))
        checked = [a for each in answers for a in each if "not one of this table's" in a]
        assert len(checked) <= MAX_WRONG_CODES - 1, len(checked)
        with pytest.raises(JoinError, match="try again in a minute"):
            await TableClient.connect(server.address, server.codes[0], "Ann", timeout=TIMEOUT)
    finally:
        await server.close()


@pytest.mark.parametrize("origin", ["https://evil.example", "null", "http://localhost:1"])
async def test_a_web_page_cannot_reach_the_table(tmp_path, origin):
    server = await table(tmp_path)
    try:
        with pytest.raises(InvalidStatus) as info:
            async with connect(server.address, origin=origin, open_timeout=TIMEOUT) as ws:
                await ws.send(p.to_json(p.Hello(p.VERSION, "wrong", "page")))
                await ws.recv()
        assert info.value.response.status_code == 403
        client = await join(server.address, server.codes[0], "Ann")  # a terminal sends no Origin: welcome
        await client.close()
        assert server_module.MAX_WRONG_CODES == MAX_WRONG_CODES
        assert not server._wrong  # the page's codes were never checked
    finally:
        await server.close()


async def test_connections_from_one_address_are_capped(tmp_path):
    server = await table(tmp_path, max_per_address=4, connect_burst=100)
    try:
        idle = [await connect(server.address, open_timeout=TIMEOUT) for _ in range(4)]
        with pytest.raises(JoinError, match="too many connections from your address"):
            await TableClient.connect(server.address, server.codes[0], "Ann", timeout=TIMEOUT)
        await idle.pop().close()
        client = await join(server.address, server.codes[0], "Ann")  # room again
        await client.close()
        for ws in idle:
            await ws.close()
    finally:
        await server.close()


async def test_the_table_takes_so_many_connections_in_all(tmp_path):
    server = await table(tmp_path, max_connections=3, max_per_address=100, connect_burst=100)
    try:
        idle = [await connect(server.address, open_timeout=TIMEOUT) for _ in range(3)]
        with pytest.raises(JoinError, match="the table is full"):
            await TableClient.connect(server.address, server.codes[0], "Ann", timeout=TIMEOUT)
        for ws in idle:
            await ws.close()
    finally:
        await server.close()


async def test_connecting_again_and_again_is_slowed_per_address(tmp_path, monkeypatch):
    """2,000 reconnects in 24 s froze a player's app; an address may open a burst of
    connections, then one now and then."""
    monkeypatch.setattr(server_module, "_clock", lambda: 1000.0)
    server = await table(tmp_path, connect_burst=6)
    try:
        for _ in range(6):
            client = await join(server.address, server.codes[0], "Ann")
            await client.close()
        with pytest.raises(JoinError, match="too many connections from your address"):
            await TableClient.connect(server.address, server.codes[0], "Ann", timeout=TIMEOUT)
    finally:
        await server.close()


async def test_the_hello_deadline_counts_from_the_connection_opening(tmp_path):
    """20 connections sending ``{}`` every 25 s were still open after 100 s."""
    server = await table(tmp_path, hello_seconds=0.5)
    try:
        said = []
        async with connect(server.address, open_timeout=TIMEOUT) as ws:
            loop = asyncio.get_running_loop()
            until = loop.time() + TIMEOUT
            with pytest.raises(ConnectionClosed):
                while loop.time() < until:  # a fail-safe: the table closes it long before
                    await ws.send("{}")
                    said.append(json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT)))
                    await asyncio.sleep(0.1)
        assert said and all(m == {"type": "error", "text": 'a message needs a text field "type"'} or
                            m == {"type": "bye", "reason": "no hello"} for m in said)
    finally:
        await server.close()


async def test_a_chat_line_is_cut_where_the_chat_box_stops(tmp_path):
    """The chat box took 200 characters and the table 300: one limit, 200."""
    from ohseven_tui.ui.screens.chat import MAX_CHAT

    assert MAX_CHAT == 200
    server = await table(tmp_path)
    try:
        a = await join(server.address, server.codes[0], "Ann")
        await a.chat("x" * 250)
        assert (await next_of(a, ChatLine)).text == "x" * 200
        await a.close()
    finally:
        await server.close()


def test_an_action_message_is_named_with_its_article():
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client('{"type": "action", "seq": 1}')
    assert str(info.value) == "an action message needs the field 'action'"


async def test_a_seat_the_table_does_not_have_is_named_as_such(tmp_path):
    server = await table(tmp_path)
    try:
        assert server.hand_to_bot(8) == "there is no seat 9: this table has seats 1 to 3"
        assert server.hand_to_bot(2) == "seat 3 is not a human seat"
    finally:
        await server.close()


async def test_an_action_ahead_of_the_table_says_so(tmp_path):
    server = await table(tmp_path)
    try:
        a = await join(server.address, server.codes[0], "Ann")
        b = await join(server.address, server.codes[1], "Bea")
        update = await next_of(a, p.Update)
        mine = [x for x in update.observation.legal_actions if getattr(x, "seat", None) == a.seat]
        while not mine:  # Ann's turn: the first bid is everyone's
            update = await next_of(a, p.Update)
            mine = [x for x in update.observation.legal_actions if getattr(x, "seat", None) == a.seat]
        action = server.spec.action_text(mine[0])
        await a.send_raw(p.to_json(p.Act(action, update.seq + 5)))
        error = await next_of(a, Error)
        assert "ahead of the table" in error.text, error.text
        await a.close()
        await b.close()
    finally:
        await server.close()
