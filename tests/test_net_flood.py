"""Issue 34 §1 against a real server process: a player who joins again and again,
flooding the chat each time, beside honest ones. The honest raw client hears at
most the chat the documented limit allows (5 lines at once, then one every 2 s, for
the flooder's seat however many connections it opens), and keeps its connection;
the honest player's app answers keys during and after the flood.

The bound on the chat heard is the documented one over the flood's own measured
length, so it does not depend on the machine's pace."""

from __future__ import annotations

import asyncio
import math
import time

from net_helpers import TIMEOUT, Host, join
from test_ui_driver import screen_text, until

from ohseven_tui.net.client import ChatLine, Error, Goodbye, JoinError, TableClient
from ohseven_tui.net.server import CHAT_BURST, CHAT_EVERY
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import TableScreen

FLOOD = ["--game", "oh-seven", "--players", "3", "--humans", "3"]


async def flood(address: str, code: str, connections: int, lines: int) -> tuple[int, int]:
    """Join ``connections`` times, saying ``lines`` lines each time: (joined, refused)."""
    joined = refused = 0
    for n in range(connections):
        try:
            client = await TableClient.connect(address, code, "Mallory", timeout=TIMEOUT)
        except JoinError:
            refused += 1
            continue
        joined += 1
        for k in range(lines):
            await client.chat(f"flood {n}.{k} " + "x" * 180)
        await client.close()
    return joined, refused


async def test_a_player_flooding_and_joining_again_stalls_nobody(tmp_path):
    host = Host(FLOOD, tmp_path / "host")
    try:
        codes = host.read_codes(3)
        honest = await join(host.address, codes[1], "Bea")
        app = OhSevenApp(save_dir=tmp_path / "ann", bot_delay=0, join=(host.address, codes[0], "Ann"))
        async with app.run_test(size=(100, 30)) as pilot:
            first = await TableClient.connect(host.address, codes[2], "Mallory", timeout=TIMEOUT)
            await first.close()  # every seat has joined: the game starts
            await until(pilot, lambda: isinstance(app.screen, TableScreen) or "Pass to" in screen_text(app)
                        or app.screen.__class__.__name__ != "MenuScreen", "Ann at the table")
            started = time.monotonic()
            joined, refused = await flood(host.address, codes[2], 40, 6)
            took = time.monotonic() - started
            await honest.chat("end")  # Bea's own line: everything before it has reached her
            heard: list[str] = []
            while True:
                msg = await asyncio.wait_for(honest.next_message(), TIMEOUT)
                assert not isinstance(msg, (Error, Goodbye)), msg
                if isinstance(msg, ChatLine):
                    if msg.text == "end":
                        break
                    heard.append(msg.text)
            allowed = CHAT_BURST + math.ceil(took / CHAT_EVERY) + 1
            assert joined and len(heard) <= allowed, (len(heard), allowed, joined, refused)
            # Ann's app answers a key at once: the help opens and closes.
            await pilot.press("f1")
            await until(pilot, lambda: "HelpScreen" == app.screen.__class__.__name__, "the help open")
            await pilot.press("escape")
            await until(pilot, lambda: "HelpScreen" != app.screen.__class__.__name__, "the help closed")
        await honest.close()
    finally:
        host.stop()
