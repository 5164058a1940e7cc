"""Issue 34, section 2, item 4: a turn clock, if the table wants one. With
``--turn-clock SECONDS`` a seat that does not act in time has its move made by a
bot, marked in the record as the clock's (docs/record-format.md, "Stand-ins"); the
acting seat is told how long it has (a ``clock`` message) and its screen counts
down. Off by default. No test waits on the clock's length for a verdict: a seat
that never acts is waited for until the clock's move comes; a seat that acts at
once is given a clock far longer than any wait here."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys

import pytest
from net_helpers import ROOT, TIMEOUT, Host, Seen, join, play_randomly

from ohseven_tui.net.client import Clock, Update

FLAGS = ["--game", "oh-seven", "--players", "3", "--bots", "easy"]


async def test_a_seat_that_does_not_act_in_time_has_its_move_made_and_marked(tmp_path):
    host = Host([*FLAGS, "--turn-clock", "1"], tmp_path)
    try:
        codes = host.read_codes(2)
        seen = Seen()
        a = await join(host.address, codes[0], "Ann", seen)
        b = await join(host.address, codes[1], "Bea")  # Bea never acts: the clock moves for her
        told: list[Clock] = []

        async def bea_listens():
            while True:
                msg = await asyncio.wait_for(b.next_message(), TIMEOUT)
                if isinstance(msg, Clock):
                    told.append(msg)
                elif isinstance(msg, Update) and msg.observation.winners:
                    return

        listening = asyncio.get_running_loop().create_task(bea_listens())
        await play_randomly(a, random.Random(4), seen)
        await asyncio.wait_for(listening, TIMEOUT)
        await a.close()
        await b.close()
        assert host.proc.wait(timeout=TIMEOUT) == 0
    finally:
        host.stop()
    record = seen.record["record"]
    bea = [i for i, text in enumerate(record["actions"]) if text.startswith("1 ")]
    marks = {m["action"]: m for m in record["stand_ins"]}
    assert sorted(marks) == bea  # every move of Bea's, and only hers, the clock's
    assert all(m["seat"] == 1 and m["why"] == "clock" for m in marks.values())
    assert told and all(c.seconds == 1 for c in told)  # told at each turn how long it has


async def test_a_seat_that_acts_in_time_is_never_overtaken_and_no_clock_by_default(tmp_path):
    for flags, clocked in (([*FLAGS, "--turn-clock", "3600"], True), (FLAGS, False)):
        host = Host(flags, tmp_path / str(clocked))
        try:
            codes = host.read_codes(2)
            seens = [Seen(), Seen()]
            clients = [await join(host.address, codes[s], f"P{s}", seens[s]) for s in range(2)]
            await asyncio.gather(*(play_randomly(c, random.Random(s), seens[s]) for s, c in enumerate(clients)))
            for c in clients:
                await c.close()
        finally:
            host.stop()
        assert "stand_ins" not in seens[0].record["record"]
        clocks = [f for f in seens[0].frames if '"type":"clock"' in f]
        assert bool(clocks) == clocked


@pytest.mark.parametrize("value", ["0", "-3", "abc", "100000"])
def test_a_bad_turn_clock_gets_one_line_and_exit_2(tmp_path, value):
    env = dict(os.environ, OHSEVEN_SAVE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "ohseven_tui", "host", "--headless", *FLAGS, "--turn-clock", value],
                         cwd=ROOT, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "--turn-clock" in out.stderr, out.stderr


async def test_the_acting_player_s_screen_counts_down_the_clock(tmp_path):
    from test_ui_driver import until

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.snapshot import screen_text

    host = Host(["--game", "oh-seven", "--players", "3", "--humans", "1", "--bots", "easy", "--turn-clock", "3600"],
                tmp_path / "host")
    try:
        code = host.read_codes(1)[0]
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(host.address, code, "Ann"))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: "s left to act; then a bot moves for you" in screen_text(app),
                        "the countdown at the player's first bid")
    finally:
        host.stop()
