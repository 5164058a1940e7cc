"""Issue 34, section 1: the table a host with a screen plays at runs in a process of
its own (``HostedTable``), so the host's screen never holds up the others. The app
reads the table's seats and status from the snapshots the child sends and reaches
the host's controls over the same pipe; the child ends when that pipe closes.
Also two defects found beside it: the turn clock kept by ``--continue``, and the
join lines of a table bound to every address of the machine."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from typing import Callable

import pytest
from net_helpers import ROOT, TIMEOUT, Host, join

from ohseven_tui.engine import registry
from ohseven_tui.net.client import Goodbye
from ohseven_tui.net.hosted import HostedTable
from ohseven_tui.net.server import TABLE_FILE, TableError, TableServer, host_dirs


async def settled(check: Callable[[], bool], what: str) -> None:
    """Wait (bounded by TIMEOUT, never a verdict on speed) until ``check()`` holds."""
    until = time.monotonic() + TIMEOUT
    while not check():
        assert time.monotonic() < until, f"never: {what}"
        await asyncio.sleep(0.01)


def three_seats(folder, **kwargs) -> HostedTable:
    return HostedTable(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=0,
                       save_dir=folder, bot_delay=0, **kwargs)


async def test_the_hosted_table_mirrors_a_friend_joining_and_runs_in_another_process(tmp_path):
    table = three_seats(tmp_path)
    changes: list[bool] = []
    table.on_change = lambda _table: changes.append(True)
    await table.start()
    try:
        assert table.pid is not None and table.pid != os.getpid()
        assert table.players == ["human", "human", "easy"] and table.humans == [0, 1]
        assert 1 not in table.joined and table.names[1] == "Seat 2"
        friend = await join(table.address, table.codes[1], "Bea")
        await settled(lambda: 1 in table.joined, "Bea's join seen by the app's side")
        assert table.names[1] == "Bea"
        assert table.status().connected[1] and not table.status().connected[0]
        assert "seat 1" in table.status().message  # the table waits for the host's seat
        assert changes  # the app is told of it
        await friend.close()
        await settled(lambda: not table.status().connected[1], "Bea gone, as the app sees it")
    finally:
        await table.close()
    assert table.pid is not None and not _alive(table.pid)


async def test_the_host_s_controls_work_through_the_pipe(tmp_path):
    """move_seat and hand_to_bot answer with the table's own line, and the seats the
    app reads have changed by the time the answer is back."""
    table = three_seats(tmp_path)
    await table.start()
    try:
        first = dict(table.codes)
        said = await asyncio.to_thread(table.move_seat, 1, 2)
        assert "changed places" in said
        assert table.players == ["human", "easy", "human"] and table.codes[2] == first[1]
        said = table.hand_to_bot(2, "easy")  # called on the app's loop, as the host's screen does
        assert said.startswith("seat 3 is the easy bot's")
        assert table.players == ["human", "easy", "easy"] and 2 not in table.codes
        assert "there is no seat 9" in table.hand_to_bot(8)
        assert not table.started
    finally:
        await table.close()


async def test_closing_sends_everyone_the_reason_and_keeps_the_table_for_continue(tmp_path):
    table = three_seats(tmp_path)
    await table.start()
    friend = await join(table.address, table.codes[1], "Bea")
    await table.close("the host closed the table")
    while True:
        msg = await asyncio.wait_for(friend.next_message(), TIMEOUT)
        if isinstance(msg, Goodbye):
            break
    assert "host closed" in msg.reason
    again = TableServer.continue_table(tmp_path)  # the child wrote the table's file where it always did
    assert again.codes == table.codes


PARENT = """
import sys, time
from ohseven_tui.engine import registry
from ohseven_tui.net.hosted import HostedTable
table = HostedTable(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=0,
                    save_dir=sys.argv[1], bot_delay=0)
table.open()
print(table.pid, table.address, table.codes[1], flush=True)
time.sleep(600)
"""


async def test_the_table_s_process_ends_when_the_app_is_killed(tmp_path):
    """kill -9 of the host's app: the table's process hears its pipe close, stops the
    table (a friend's app sees the connection lost, so it tries again) and ends; the
    table's file stays for ``ohseven host --continue``."""
    parent = subprocess.Popen([sys.executable, "-c", PARENT, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert parent.stdout is not None
        pid, address, code = (await asyncio.to_thread(parent.stdout.readline)).split()
        friend = await join(address, code, "Bea")
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(timeout=TIMEOUT)
        while True:
            msg = await asyncio.wait_for(friend.next_message(), TIMEOUT)
            if isinstance(msg, Goodbye):
                break
        assert friend.closed  # lost, not sent away: the friend's app joins again by itself
        await settled(lambda: not _alive(int(pid)), "the table's process ended")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait(timeout=TIMEOUT)
    assert TableServer.continue_table(tmp_path).codes[1] == code


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (ours, not yet reaped) is not a running table
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True


def test_a_taken_port_is_one_readable_line(tmp_path):
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        table = HostedTable(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=port,
                            save_dir=tmp_path, bot_delay=0)
        with pytest.raises(TableError) as caught:
            table.open()
    said = str(caught.value)
    assert said.startswith(f"cannot listen on 127.0.0.1:{port}: ") and "\n" not in said
    assert "Traceback" not in said
    assert not list(tmp_path.rglob(TABLE_FILE))  # a table that never opened leaves nothing to continue


def test_continue_with_nothing_to_continue_is_one_readable_line(tmp_path):
    with pytest.raises(TableError, match="no table to continue"):
        HostedTable.continue_table(tmp_path)


async def test_a_continued_hosted_table_has_the_same_codes_and_its_turn_clock(tmp_path):
    table = three_seats(tmp_path, turn_clock=30)
    await table.start()
    codes = dict(table.codes)
    await table.close()
    again = HostedTable.continue_table(tmp_path, port=0, bot_delay=0)
    await again.start()
    try:
        assert again.codes == codes and again.turn_clock == 30
    finally:
        await again.close()


async def test_the_turn_clock_is_kept_in_the_table_s_file(tmp_path):
    """Defect: ``--turn-clock`` was not in table.json, so ``--continue`` lost it
    unless the host typed it again."""
    server = TableServer(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=0,
                         save_dir=tmp_path, bot_delay=0, turn_clock=45)
    await server.start()
    await server.close()
    assert json.loads((host_dirs(tmp_path).state / TABLE_FILE).read_text())["turn_clock"] == 45
    assert TableServer.continue_table(tmp_path).turn_clock == 45
    assert TableServer.continue_table(tmp_path, turn_clock=5).turn_clock == 5  # --turn-clock again overrides


def test_a_table_bound_to_every_address_gives_friends_a_line_that_reaches_it(tmp_path):
    """Defect: ``--bind 0.0.0.0`` printed ``ohseven join 0.0.0.0:PORT/CODE``, an address
    no friend can use. The join lines name an address of this machine instead (one a
    client here reaches the table at), and never the wildcard."""
    host = Host(["--players", "3", "--humans", "2", "--bots", "easy", "--bind", "0.0.0.0"], tmp_path)
    try:
        line = host.wait_line(lambda text: text.startswith("seat 2: "))
        watch = host.wait_line(lambda text: text.startswith("watch: "))
        assert "0.0.0.0" not in line and "0.0.0.0" not in watch
        given = line.removeprefix("seat 2: ohseven join ")
        address, code = given.rsplit("/", 1)

        async def joins() -> int:
            friend = await join("ws://" + address, code, "Bea")
            seat = friend.seat
            await friend.close()
            return seat

        assert asyncio.run(joins()) == 1
    finally:
        host.stop()


async def test_a_table_s_process_that_dies_is_told_to_the_app(tmp_path):
    """The table's process killed under the app: the status the host's screens show
    says so (and how to bring the table back) instead of the last one heard."""
    table = three_seats(tmp_path)
    await table.start()
    told: list[str] = []
    table.on_change = lambda t: told.append(t.status().message)
    assert table.pid is not None
    os.kill(table.pid, signal.SIGKILL)
    await settled(lambda: bool(told), "the app told")
    assert "ended" in table.status().message and "--continue" in table.status().message
    assert "ended" in table.hand_to_bot(1)
    await table.close()  # nothing left to close: no error
