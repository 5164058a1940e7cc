"""Chat and names at a real table server (in this process, on loopback): a seat that floods
the table with lines gets one error line per line refused, and the others hear at
most a burst of them, then one line every CHAT_EVERY seconds (issue 22 §3: a
message never stalls the server or reaches the others when it should not).

The server's clock is frozen here (``server._clock``), so nothing depends on pace.
"""

from __future__ import annotations

import asyncio

from net_helpers import TIMEOUT, Host, join

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


async def test_the_chat_key_shows_the_table_s_chat_so_far(tmp_path):
    """Issue 34, section 2, item 5: chat that stays. c opens the table's chat: every
    line heard at this table so far (over the ones shown in the log), and the line to
    send; the lines are kept by the app for the table's life, not in the save."""
    from test_ui_driver import until

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.chat import ChatScreen
    from ohseven_tui.ui.screens.table import TableScreen
    from ohseven_tui.ui.snapshot import screen_text

    host = Host(["--players", "3", "--humans", "2", "--bots", "easy"], tmp_path / "host")
    try:
        codes = host.read_codes(2)
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(host.address, codes[0], "Ann"))
        async with app.run_test(size=(100, 30)) as pilot:
            friend = await join(host.address, codes[1], "Bea")
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "the table")
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            lines = [f"line {n} [b]x" for n in range(12)]
            for text in lines[:5]:  # the burst a seat may send
                await friend.chat(text)
            await until(pilot, lambda: len(table.table.chat_history) == 5, "the lines heard")
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat screen")
            shown = await until(pilot, lambda: "Bea: line 4 [b]x" in screen_text(app) and screen_text(app),
                                "the chat so far")
            assert all(f"Bea: {text}" in shown for text in lines[:5])
            await pilot.press("escape")
            await friend.close()
        saves = list((tmp_path / "mine").rglob("*.json")) + list((tmp_path / "host").rglob("*.json"))
        assert not any("line 4" in path.read_text() for path in saves)  # never in a save
    finally:
        host.stop()
