"""Chat and names at a real table server (in this process, on loopback): a seat that floods
the table with lines gets one error line per line refused, and the others hear at
most a burst of them, then one line every CHAT_EVERY seconds (issue 22 §3: a
message never stalls the server or reaches the others when it should not).

The server's clock is frozen here (``server._clock``), so nothing depends on pace.
"""

from __future__ import annotations

import asyncio

from net_helpers import TIMEOUT, join

from ohseven_tui.engine import registry
from ohseven_tui.net import server as server_module
from ohseven_tui.net.client import ChatLine, Error, Update
from ohseven_tui.net.server import CHAT_BURST, CHAT_EVERY, TableServer
from ohseven_tui.seatnames import SEAT_NAMES


async def next_of(client, kind):
    while True:
        msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if isinstance(msg, kind):
            return msg


async def test_a_flood_of_chat_lines_is_cut_to_a_burst_then_a_line_now_and_then(tmp_path, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(server_module, "_clock", lambda: now[0])
    spec = registry.default_game()
    server = TableServer(spec, {"players": 3}, ["human", "human", "easy"], save_dir=tmp_path, bot_delay=0)
    await server.start()
    try:
        a = await join(server.address, server.codes[0], "A")
        b = await join(server.address, server.codes[1], "B")
        flood = CHAT_BURST + 3
        for n in range(flood):
            await a.chat(f"line {n}")
        refused = [await next_of(a, Error) for _ in range(3)]
        assert all("too fast" in e.text for e in refused)
        heard = [(await next_of(b, ChatLine)).text for _ in range(CHAT_BURST)]
        assert heard == [f"line {n}" for n in range(CHAT_BURST)]
        now[0] += CHAT_EVERY  # time for one more line, and only one
        await a.chat("later")
        await a.chat("too soon")
        assert "too fast" in (await next_of(a, Error)).text
        assert (await next_of(b, ChatLine)).text == "later"  # not one of the flood's refused lines
        await a.close()
        await b.close()
    finally:
        await server.close()


async def test_bot_seats_get_names_and_two_players_of_one_name_are_told_apart(tmp_path):
    """As at a local table: a bot seat has a name of the default list (not "Seat 3"),
    never one a player took, and a repeated name is numbered."""
    spec = registry.default_game()
    server = TableServer(spec, {"players": 3}, ["human", "human", "easy"], save_dir=tmp_path, bot_delay=0)
    await server.start()
    try:
        a = await join(server.address, server.codes[0], "Cid")
        b = await join(server.address, server.codes[1], "Cid")
        update = await next_of(a, Update)
        names = [seat.name for seat in update.observation.seats]
        assert names[:2] == ["Cid", "Cid 2"]
        assert names[2] not in ("Cid", "Cid 2") and names[2] in SEAT_NAMES
        await a.close()
        await b.close()
    finally:
        await server.close()
