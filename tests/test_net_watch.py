"""Issue 34, section 2, item 3: watchers. ``ohseven host`` prints a watch line beside
the seats' lines; a client joining with the watch code gets the table face down for
everyone: what every seat sees alike (the public table, bids once revealed, tricks,
scores), never a hand, never an action of its own, never another seat's card. Its
bytes are scanned for hidden cards as a seat's are (tests/test_net_games.py)."""

from __future__ import annotations

import asyncio
import random
import re

from net_helpers import TIMEOUT, Host, Seen, cards_in, cards_in_frame, join, play_randomly
from test_net_games import replay

from ohseven_tui.net.client import Error, Goodbye, Status, Update

GAMES = [  # one game of each way of hiding: face-down bid cards, a kitty, open play
    ("oh-seven", ["--players", "3", "--bots", "easy"], 2),
    ("seven-for-seven", ["--players", "7", "--humans", "2", "--bots", "easy"], 2),
    ("watten", ["--players", "4", "--humans", "2", "--bots", "easy", "--option", "target=11"], 2),
]


def watch_line(host: Host) -> str:
    line = host.wait_line(lambda text: text.startswith("watch: "))
    m = re.fullmatch(r"watch: ohseven join (\S+)/([A-Za-z0-9]+)", line)
    assert m, line
    return m.group(2)


async def watch(client, seen: Seen) -> Seen:
    while True:
        msg = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if isinstance(msg, Update):
            seen.updates.append((len(seen.frames) - 1, msg))
            if msg.observation.winners:
                return seen
        elif isinstance(msg, Error):
            seen.errors.append(msg.text)
        elif isinstance(msg, Goodbye):
            seen.bye = msg.reason
            return seen


async def test_a_watcher_sees_the_whole_game_and_never_a_hidden_card(tmp_path):
    for n, (game, flags, humans) in enumerate(GAMES):
        host = Host(["--game", game, *flags], tmp_path / str(n))
        try:
            codes = host.read_codes(humans)
            code = watch_line(host)
            watched = Seen()
            watcher = await join(host.address, code, "Wes", watched)
            seens = [Seen() for _ in range(humans)]
            clients = [await join(host.address, codes[s], f"P{s}", seens[s]) for s in range(humans)]
            await asyncio.gather(watch(watcher, watched),
                                 *(play_randomly(c, random.Random(s), v) for s, (c, v) in enumerate(zip(clients, seens))))
            for c in (*clients, watcher):
                await c.close()
        finally:
            host.stop()
        spec, states = replay(seens[0].record)
        assert watched.bye is None and watched.record is None  # the record holds every hand: not a watcher's
        assert [u.seq for _, u in watched.updates] == list(range(len(states)))  # the start, then every action
        for index, update in watched.updates:
            state = states[update.seq]
            views = [state.observe(s) for s in range(state.players)]
            public = set.intersection(*(cards_in(v, set()) for v in views))  # what every seat sees
            named = cards_in_frame(watched.frames[index], spec)
            assert named <= public, (game, update.seq, sorted(c.text() for c in named - public))
            obs = update.observation
            assert obs.hand == () and obs.legal_actions == ()
            assert obs.totals == views[0].totals and obs.round_number == views[0].round_number
            assert obs.to_act == views[0].to_act
        assert watched.updates[-1][1].observation.winners == states[-1].winners


async def next_error(client):
    """The next message that is not the table going on (the bots play, the status changes)."""
    while True:
        reply = await asyncio.wait_for(client.next_message(), TIMEOUT)
        if not isinstance(reply, (Update, Status)):
            return reply


async def test_a_watcher_cannot_act_or_chat_and_the_seats_hear_nothing_of_it(tmp_path):
    host = Host(["--game", "watten", "--players", "4", "--humans", "1", "--bots", "easy"], tmp_path)
    try:
        code = host.read_codes(1)[0]
        watcher = await join(host.address, watch_line(host), "Wes")
        player = await join(host.address, code, "Pat")
        update = await asyncio.wait_for(watcher.next_message(), TIMEOUT)
        while not isinstance(update, Update):
            update = await asyncio.wait_for(watcher.next_message(), TIMEOUT)
        for text in ("0 play 7H", "deal", f"{update.observation.to_act[0] if update.observation.to_act else 0} pass"):
            await watcher.act(text)
            reply = await next_error(watcher)
            assert isinstance(reply, Error) and "watch" in reply.text, reply
        await watcher.chat("hello")
        reply = await next_error(watcher)
        assert isinstance(reply, Error) and "watch" in reply.text, reply
        await player.close()
        await watcher.close()
    finally:
        host.stop()


async def test_the_app_joined_with_the_watch_code_shows_the_table_face_down_to_its_end(tmp_path):
    from test_ui_driver import until

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.gameover import GameOverScreen
    from ohseven_tui.ui.screens.table import TableScreen
    from ohseven_tui.ui.snapshot import screen_text

    host = Host(["--players", "3", "--humans", "1", "--bots", "easy"], tmp_path / "host")
    try:
        code = host.read_codes(1)[0]
        line = host.wait_line(lambda text: text.startswith("watch: "))
        address, watch_code = line.split()[-1].rsplit("/", 1)
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(address, watch_code, "Wes"))
        async with app.run_test(size=(100, 30)) as pilot:
            seen = Seen()
            player = await join(host.address, code, "Pat", seen)
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "the table")
            shown = await until(pilot, lambda: "Pat" in screen_text(app) and screen_text(app), "the seats drawn")
            assert "Watching the table: every hand stays face down." in shown and "Pause" not in shown
            table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
            assert not table.table.can_chat and table.acting is None  # c reads the chat: a watcher only reads
            rng = random.Random(3)
            game = asyncio.get_running_loop().create_task(play_randomly(player, rng, seen))
            await until(pilot, lambda: isinstance(app.screen, GameOverScreen) or game.done() and
                        isinstance(app.screen, GameOverScreen), "the game's end on the watcher's screen")
            await asyncio.wait_for(game, TIMEOUT)
            await player.close()
    finally:
        host.stop()


def test_continue_keeps_the_watch_code(tmp_path):
    import os
    import signal

    host = Host(["--players", "3", "--bots", "easy"], tmp_path)
    try:
        host.read_codes(2)
        code = watch_line(host)
        os.kill(host.proc.pid, signal.SIGKILL)
        host.proc.wait(timeout=TIMEOUT)
    finally:
        host.stop()
    again = Host(["--continue"], tmp_path, port=None)
    try:
        again.read_codes(2)
        assert watch_line(again) == code
    finally:
        again.stop()


async def test_the_host_s_waiting_room_shows_the_watch_line(tmp_path):
    from test_net_ui import hosted_table, in_the_waiting_room
    from test_ui_driver import until

    from ohseven_tui.ui.snapshot import screen_text

    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(110, 30)) as pilot:
        await in_the_waiting_room(pilot)
        await until(pilot, lambda: f"/{server.watch_code}" in screen_text(app), "the watch line")
