"""Issue 34, section 2, item 6: seats and partners. In the waiting room a player
chooses their seat (a ``sit`` message: any seat no joined player holds; in a game
played in sides, the spec's sides say who partners whom), and the host moves a
seat or hands it to a bot before the start (``move A B``, ``bot N``). Every such
message from a client after the start, or for a seat that is taken or not there,
gets one error line and changes nothing."""

from __future__ import annotations

import asyncio
import json
import random

from net_helpers import TIMEOUT, Host, Seen, join, play_randomly

from ohseven_tui.engine import registry
from ohseven_tui.net.client import Error, Status, Welcome

WATTEN = ["--game", "watten", "--players", "4", "--humans", "2", "--bots", "easy", "--option", "target=11"]


async def next_of(client, kind):
    while True:
        msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if isinstance(msg, kind):
            return msg


async def test_two_friends_choose_to_partner_in_watten(tmp_path):
    sides = registry.game_spec("watten").view({"players": 4}).sides
    host = Host(WATTEN, tmp_path)
    try:
        codes = host.read_codes(2)
        assert not any({0, 1} <= set(side) for side in sides)  # the seats --humans 2 gives: opponents
        bea = await join(host.address, codes[1], "Bea")
        partner = next(s for side in sides if 0 in side for s in side if s != 0)
        await bea.sit(partner)
        welcome = await next_of(bea, Welcome)
        assert welcome.seat == partner and bea.seat == partner
        status = await next_of(bea, Status)
        assert status.connected[partner] and status.waiting_for == (0,)
        for bad, words in ((7, "there is no seat 8"), (partner, "you sit there already")):
            await bea.sit(bad)
            assert words in (await next_of(bea, Error)).text
        seens = [Seen(), Seen()]
        ann = await join(host.address, codes[0], "Ann", seens[0])
        bea_seen = seens[1]
        await asyncio.gather(play_randomly(ann, random.Random(1), seens[0]),
                             play_randomly(bea, random.Random(2), bea_seen))
        await bea.sit(1)  # after the start: refused, the game is over anyway
        for c in (ann, bea):
            await c.close()
    finally:
        host.stop()
    seats = seens[0].record["record"]["seats"]
    assert [s["name"] for s in seats if s["player"] == "human"] == (["Ann", "Bea"])
    assert seats[partner] == {"name": "Bea", "player": "human"} and seats[1]["player"] == "easy"


async def test_a_seat_taken_by_a_joined_player_cannot_be_chosen(tmp_path):
    host = Host(["--players", "3", "--humans", "3"], tmp_path)
    try:
        codes = host.read_codes(3)
        ann = await join(host.address, codes[0], "Ann")
        # Bea not here yet: Ann may take her seat (the code goes with the seat's player)...
        await join(host.address, codes[1], "Bea")
        await ann.sit(1)
        assert "taken" in (await next_of(ann, Error)).text  # ...but not once Bea has joined it
    finally:
        host.stop()


async def test_the_host_moves_a_seat_and_hands_one_to_a_bot_before_the_start(tmp_path):
    host = Host(["--players", "3", "--humans", "3"], tmp_path)
    try:
        codes = host.read_codes(3)
        ann = await join(host.address, codes[0], "Ann")
        host.command("move 1 3")
        host.wait_line(lambda line: line.startswith("seat 1 and seat 3 changed places"))
        assert (await next_of(ann, Welcome)).seat == 2
        host.command("bot 2 easy")  # nobody joined there: the seat is a bot's from now on
        host.wait_line(lambda line: line.startswith("seat 2 is the easy bot's"))
        table = json.loads(next(tmp_path.rglob("table.json")).read_text())
        assert table["players"] == ["human", "easy", "human"] and sorted(table["codes"]) == ["0", "2"]
        host.command("move 1 9")
        host.wait_line(lambda line: "there is no seat 9" in line)
        seens = [Seen(), Seen()]
        other = await join(host.address, codes[2], "Cid", seens[1])  # Ann's old code's seat moved: Cid's code
        assert other.seat == 0
        await asyncio.gather(play_randomly(ann, random.Random(1), Seen()), play_randomly(other, random.Random(2),
                                                                                          seens[1]))
        seats = seens[1].record["record"]["seats"]
        assert [s["name"] for s in seats] [0] == "Cid" and seats[2]["name"] == "Ann" and seats[1]["player"] == "easy"
    finally:
        host.stop()


async def test_in_the_app_the_host_moves_seats_and_a_friend_chooses_one(tmp_path):
    from test_net_ui import in_the_waiting_room
    from test_ui_driver import until

    from ohseven_tui.net.hosted import HostedTable
    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.join import JoinScreen
    from ohseven_tui.ui.snapshot import screen_text

    server = HostedTable(registry.game_spec("watten"), {"players": 4}, ["human", "human", "human", "easy"], port=0,
                         save_dir=tmp_path / "host", bot_delay=0)
    app = OhSevenApp(save_dir=tmp_path / "host", bot_delay=0, host=(server, "Hal"))
    async with app.run_test(size=(110, 30)) as pilot:
        await in_the_waiting_room(pilot)
        await until(pilot, lambda: "Hal (you)" in screen_text(app), "the host seated", fail_safe=60)
        await pilot.press("3", "4")  # seat 3 and seat 4 change places: the bot to seat 3
        await until(pilot, lambda: server.players == ["human", "human", "easy", "human"], "the seats moved",
                    fail_safe=60)
        await until(pilot, lambda: "changed places" in screen_text(app), "said on the host's screen", fail_safe=60)
        friend_app = OhSevenApp(save_dir=tmp_path / "friend", bot_delay=0,
                                join=(server.address, server.codes[1], "Bea"))
        async with friend_app.run_test(size=(100, 30)) as friend:
            await until(friend, lambda: isinstance(friend_app.screen, JoinScreen) and "seat 2" in
                        screen_text(friend_app), "Bea waiting at seat 2", fail_safe=60)
            await friend.press("3")  # Bea takes the bot's seat: Hal's partner in Watten
            await until(friend, lambda: "seat 3" in screen_text(friend_app), "Bea told her new seat", fail_safe=60)
            await until(pilot, lambda: server.players == ["human", "easy", "human", "human"] and 2 in server.joined,
                        "Bea at seat 3", fail_safe=60)
            await until(pilot, lambda: "Hal and Bea are partners" in screen_text(app), "partners said",
                        fail_safe=60)
