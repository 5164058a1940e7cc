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


def one_person_table(tmp_path):
    """A headless host of three seats: one person's and two easy bots'."""
    return Host(["--players", "3", "--humans", "1", "--bots", "easy"], tmp_path / "host")


def ann_joins(host, tmp_path):
    """Ann's app, joining the person's seat of ``host`` with its code."""
    from ohseven_tui.ui.app import OhSevenApp

    code = host.read_codes(1)[0]
    return OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(host.address.removeprefix("ws://"), code, "Ann"))


async def test_the_app_asks_for_another_game_with_r_and_the_next_game_opens(tmp_path, monkeypatch):
    """Pilot: a joined player's game-over screen shows the series and offers r; r asks
    (the only human seat: the bots agree), and the next game's table opens."""
    from test_ui_driver import play_game, until

    from ohseven_tui.ui.screens.gameover import GameOverScreen
    from ohseven_tui.ui.snapshot import screen_text

    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    host = one_person_table(tmp_path)
    try:
        app = ann_joins(host, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            over = await play_game(pilot)
            assert isinstance(over, GameOverScreen)
            first_table = app.table().table
            await until(pilot, lambda: "Series after 1 game" in screen_text(app), "the series on the game-over screen")
            filed_first = await until(pilot, lambda: finished_saves(tmp_path / "host"), "the first game filed")
            totals, _won = final_totals(filed_first[0])
            shown = screen_text(app)
            assert f"Ann {totals[0]} (" in shown and "r asks the table for another game" in shown
            # one's own seat is "you", as at the table, not one's name as if someone else's
            assert "Waiting for you to ask." in shown and "The table:" not in shown  # told once, not twice
            assert "Waiting for Ann" not in shown
            lines = shown.splitlines()
            title = next(line for line in lines if line.lstrip().startswith("Game over"))
            series = next(line for line in lines if line.lstrip().startswith("Series after"))
            indent = len(title) - len(title.lstrip())
            assert len(series) - len(series.lstrip()) == indent  # the series lines up with the title
            await pilot.press("r")
            await until(pilot, lambda: app.table() is not None and app.table().table is not first_table,
                        "the next game's table")
            nxt = app.table().table
            assert not nxt.is_over and nxt.seat == 0 and nxt.series is not None and nxt.series.games == 1
            assert not any(isinstance(s, GameOverScreen) for s in app.screen_stack)
            # the second game plays to its end like the first, and its game-over screen tells two games
            over = await play_game(pilot)
            assert isinstance(over, GameOverScreen)
            await until(pilot, lambda: "Series after 2 games" in screen_text(app), "the series after two games")
            filed = await until(pilot, lambda: len(finished_saves(tmp_path / "host")) == 2
                                and finished_saves(tmp_path / "host"), "the second game filed")
            first_id = filed_first[0]["game_id"]
            second, _won = final_totals(next(f for f in filed if f["game_id"] != first_id))
            both = [a + b for a, b in zip(totals, second)]
            assert f"Ann {both[0]} (" in screen_text(app)
            mine = finished_saves(tmp_path / "mine")
            assert len(mine) == 2 and mine[0]["game_id"] != mine[1]["game_id"]  # the joiner's copies: each game on its own
            # the host closes the table: the screen says why, and r is no longer offered
            host.command("quit")
            await until(pilot, lambda: "no other game" in screen_text(app), "the close told on the game-over screen")
            await until(pilot, lambda: "r Another game" not in screen_text(app), "r no longer offered")
            assert "The host closed the table: no other game." in screen_text(app)
    finally:
        host.stop()


async def test_leaving_game_over_for_the_menu_lets_a_headless_host_end(tmp_path, monkeypatch):
    """A joined player who goes from the game-over screen back to the menu leaves the
    table (the connection closes), so a headless host whose players all left ends."""
    from test_ui_driver import play_game, until

    from ohseven_tui.ui.screens.gameover import GameOverScreen
    from ohseven_tui.ui.screens.menu import MenuScreen

    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    host = one_person_table(tmp_path)
    try:
        app = ann_joins(host, tmp_path)
        async with app.run_test(size=(100, 30)) as pilot:
            over = await play_game(pilot)
            assert isinstance(over, GameOverScreen)
            await pilot.press("m")
            await until(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
            ended = await until(pilot, lambda: host.proc.poll() is not None, "the host ending", TIMEOUT)
            assert ended is not None
    finally:
        host.stop()


async def test_a_watcher_s_app_follows_the_table_to_its_next_game(tmp_path, monkeypatch):
    """A watcher asks for nothing (no r), but when the players start another game its
    app opens the next game's table face down, as it watched the first."""
    from test_net_watch import watch_line
    from test_ui_driver import until

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.gameover import GameOverScreen
    from ohseven_tui.ui.snapshot import screen_text

    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    host = one_person_table(tmp_path)
    try:
        code = host.read_codes(1)[0]
        watch_code = watch_line(host)
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0,
                         join=(host.address.removeprefix("ws://"), watch_code, "Wes"))
        async with app.run_test(size=(100, 30)) as pilot:
            seen = Seen()
            player = await join(host.address, code, "Pat", seen)
            await until(pilot, lambda: app.table() is not None, "the watcher's table")
            first_table = app.table().table
            await asyncio.wait_for(play_randomly(player, random.Random(4), seen), TIMEOUT)
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the watcher's game over")
            shown = await until(pilot, lambda: "You are watching" in screen_text(app) and screen_text(app),
                                "what a watcher is told of another game")
            assert "r asks" not in shown and "Another game" not in shown
            await player.rematch()  # the only human seat: the next game starts
            await until(pilot, lambda: app.table() is not None and app.table().table is not first_table,
                        "the next game's table on the watcher's screen")
            nxt = app.table().table
            assert nxt.watcher and not nxt.is_over
            await player.close()
    finally:
        host.stop()


async def test_the_host_asks_with_r_at_their_own_table_and_leaving_closes_it_for_everyone(tmp_path, monkeypatch):
    """The app that hosts (the table in its own process): the friend asks, the host's
    r starts the next game at the host's screen; the host going to the menu from the
    next game-over closes the table, and the friend hears why."""
    from test_net_ui import hosted_table, in_the_waiting_room
    from test_ui_driver import play_game, until

    from ohseven_tui.ui.screens.gameover import GameOverScreen
    from ohseven_tui.ui.screens.menu import MenuScreen
    from ohseven_tui.ui.snapshot import screen_text

    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        seen = Seen()
        friend = await join(server.address, server.codes[1], "Bea", seen)
        playing = asyncio.get_running_loop().create_task(play_randomly(friend, random.Random(6), seen))
        over = await play_game(pilot)
        assert isinstance(over, GameOverScreen)
        await asyncio.wait_for(playing, TIMEOUT)
        first_table = app.table().table
        await friend.rematch()
        await until(pilot, lambda: "Asked: Bea. Waiting for you to ask." in screen_text(app), "who asked, at the host's")
        await pilot.press("r")
        await until(pilot, lambda: app.table() is not None and app.table().table is not first_table,
                    "the next game at the host's screen")
        seen2 = Seen()
        playing = asyncio.get_running_loop().create_task(play_randomly(friend, random.Random(7), seen2))
        over = await play_game(pilot)
        assert isinstance(over, GameOverScreen)
        await asyncio.wait_for(playing, TIMEOUT)
        assert seen2.record is not None and seen2.record["game_id"] != seen.record["game_id"]
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.hosting is None, "the table closed")
        # the menu no longer offers the host's F2: there is no table to show (found in tmux)
        await until(pilot, lambda: "Table host" not in screen_text(app), "F2 gone from the menu's footer")
        async def goodbye() -> str:
            while type(msg := await friend.next_message()).__name__ != "Goodbye":
                pass
            return msg.reason

        assert "host has left" in await asyncio.wait_for(goodbye(), TIMEOUT)
        await friend.close()
