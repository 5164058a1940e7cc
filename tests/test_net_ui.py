"""The app at a table server, driven through Pilot: ``ohseven join`` against a real
``ohseven host --headless`` process, and ``ohseven host`` with its screen (the
table in a process the app starts) with a friend joining from a client. Whole games, the saves on
both sides, and names from the network drawn as plain text."""

from __future__ import annotations

import asyncio
import random

import pytest
from net_helpers import TIMEOUT, Host, Seen, join, play_randomly
from test_ui_driver import play_game, until

from ohseven_tui.engine import registry
from ohseven_tui.net.client import ChatLine
from ohseven_tui.net.hosted import HostedTable
from ohseven_tui.net.server import TableServer
from ohseven_tui.storage import list_saves, save_dirs
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.chat import ChatScreen
from ohseven_tui.ui.screens.choose import ChooseScreen
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.host import HostScreen
from ohseven_tui.ui.screens.join import JoinScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.snapshot import screen_text


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


def _histories(folder) -> list[list[str]]:
    entries, warnings = list_saves(save_dirs(folder))
    assert warnings == []
    return [[str(a) for a in e.game.history] for e in entries if e.finished]



def hosted_table(tmp_path) -> tuple[HostedTable, OhSevenApp]:
    """A table of three (two human seats and an easy bot) hosted by Hal's app, the
    table in a process of its own as ``ohseven host`` runs it."""
    server = HostedTable(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=0,
                         save_dir=tmp_path / "host", bot_delay=0)
    return server, OhSevenApp(save_dir=tmp_path / "host", bot_delay=0, host=(server, "Hal"))


async def in_the_waiting_room(pilot) -> None:
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, HostScreen) and app.hosting is not None, "the waiting room")

async def test_join_plays_a_whole_game_and_keeps_a_copy_of_the_host_s_save(tmp_path):
    host = Host(["--players", "3", "--humans", "1", "--bots", "easy"], tmp_path / "host")
    try:
        code = host.read_codes(1)[0]
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0,
                         join=(host.address.removeprefix("ws://"), code, "[red]Ann\x1b[31m"))
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack),
                        "the table, after the first deal")
            shown = await until(pilot, lambda: "Ann" in screen_text(app) and screen_text(app), "the seats drawn")
            assert "[red]Ann" in shown and "\x1b" not in shown  # the name as typed, never markup or an escape
            # at our first card: a line to the table, which the server tells everyone (us too)
            await play_game(pilot, stop=lambda screen: isinstance(screen, TableScreen))
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat line")
            await pilot.press(*"hi [b]all")
            await until(pilot, lambda: "hi [b]all" in screen_text(app), "the line shown as it is typed")
            await pilot.press("enter")
            # the name lost its escape sequence on the way in (all of it, issue 36): "[red]Ann"
            await until(pilot, lambda: "[red]Ann: hi [b]all" in screen_text(app), "the line, as typed, in the log")
            over = await play_game(pilot)
            assert isinstance(over, GameOverScreen)
            await until(pilot, lambda: _histories(tmp_path / "mine"), "the copy filed in the player's saves")
        host.wait_line(lambda line: line.startswith("saved as "))
        assert _histories(tmp_path / "mine") == _histories(tmp_path / "host")  # the host filed the same game
    finally:
        host.stop()


async def test_a_wrong_code_says_so_in_one_line_and_lets_the_player_try_again(tmp_path):
    host = Host(["--players", "3", "--humans", "1", "--bots", "easy"], tmp_path / "host")
    try:
        code = host.read_codes(1)[0]
        app = OhSevenApp(save_dir=tmp_path / "mine", join=(host.address, "not-" + code, "Ann"))
        async with app.run_test(size=(100, 30)) as pilot:
            status = lambda: str(app.screen.query_one("#join-status").render()) if isinstance(
                app.screen, JoinScreen) else ""
            await until(pilot, lambda: "Could not join" in status(), "the refusal")
            assert "\n" not in status().strip()
            field = app.screen.query_one("#join-code")
            assert not field.disabled
            field.value = code
            await pilot.press("enter")
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "the table")
    finally:
        host.stop()


async def test_a_port_out_of_range_in_the_join_form_says_so_in_one_line(tmp_path):
    """Found trying the app: 127.0.0.1:65536 in the join form crashed the app (a
    ValueError from its worker)."""
    app = OhSevenApp(save_dir=tmp_path / "mine", join=("127.0.0.1:65536", "abc", "Ann"))
    async with app.run_test(size=(100, 30)) as pilot:
        status = lambda: str(app.screen.query_one("#join-status").render()) if isinstance(
            app.screen, JoinScreen) else ""
        await until(pilot, lambda: "Could not join" in status(), "the refusal")
        assert "the port must be from 1 to 65535" in status() and "\n" not in status().strip()
        assert app.return_code is None and app.is_running
        field = app.screen.query_one("#join-address")
        assert not field.disabled


async def test_host_with_a_screen_seats_the_host_and_a_friend_joins_with_the_code(tmp_path):
    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        friend_code = server.codes[1]
        await until(pilot, lambda: friend_code in screen_text(app), "the friend's code on the host's screen")
        # The table runs in its own process: the host's seat shows taken once it has joined.
        await until(pilot, lambda: "Hal (you)" in screen_text(app), "the host in their own seat")
        seen = Seen()
        client = await join(server.address, friend_code, "Bea", seen)
        friend = asyncio.get_running_loop().create_task(play_randomly(client, random.Random(5), seen))
        await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "the host's own table")
        await until(pilot, lambda: "Bea" in screen_text(app), "the friend at the host's table")
        over = await play_game(pilot)
        assert isinstance(over, GameOverScreen)
        await asyncio.wait_for(friend, TIMEOUT)
        await client.close()
    assert seen.errors == [] and seen.record is not None
    # the server filed the game in the host's saves: the game its record to the friend holds
    assert _histories(tmp_path / "host") == [[str(server.spec.parse_action(t)) for t in seen.record["record"]["actions"]]]


async def test_the_table_comes_back_after_the_server_is_killed_and_continued(tmp_path):
    """kill -9 the host mid-game, start it again with --continue on the same port:
    the joined app takes its seat again by itself and the game plays to its end."""
    args = ["--players", "3", "--humans", "1", "--bots", "easy"]
    host = Host(args, tmp_path / "host")
    again = None
    try:
        code = host.read_codes(1)[0]
        port = host.address.rsplit(":", 1)[1]
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(host.address, code, "Ann"))
        async with app.run_test(size=(100, 30)) as pilot:
            turns = 0

            def stop(screen) -> bool:
                nonlocal turns
                turns += isinstance(screen, TableScreen)
                return turns >= 5  # a few cards into the first round
            await play_game(pilot, stop=stop)
            source = next(s for s in app.screen_stack if isinstance(s, TableScreen)).table
            before = source.actions_taken
            host.proc.kill()
            host.stop()
            await until(pilot, lambda: "Lost the connection" in screen_text(app), "the lost connection told")
            again = Host([*args, "--port", port], tmp_path / "host", resume=True)
            await until(pilot, lambda: "Back at the table" in screen_text(app), "the seat taken again")
            assert source.actions_taken >= before
            over = await play_game(pilot)
            assert isinstance(over, GameOverScreen)
            await until(pilot, lambda: _histories(tmp_path / "mine"), "the copy filed in the player's saves")
        again.wait_line(lambda line: line.startswith("saved as "))
        assert _histories(tmp_path / "mine") == _histories(tmp_path / "host")
    finally:
        host.stop()
        if again is not None:
            again.stop()


async def test_the_bid_screen_shows_the_others_bids_as_they_are_laid(tmp_path):
    """Found trying the app: a bid screen kept the table as it was when it opened,
    so a friend's face-down bid never showed its mark there."""
    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        friend = await join(server.address, server.codes[1], "Bea")
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen), "the host's bid to choose")
        bea_row = lambda: next((line for line in screen_text(app).splitlines() if "Bea" in line), "")
        assert "✓" not in bea_row(), bea_row()
        while True:
            msg = await asyncio.wait_for(friend.next_message(), TIMEOUT)
            obs = getattr(msg, "observation", None)
            if obs is not None and 1 in obs.to_act and obs.legal_actions:
                await friend.act(obs.legal_actions[0])
                break
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen) and "✓" in bea_row(), "Bea's bid marked")
        await friend.close()


async def test_while_a_player_is_away_the_others_are_told_to_wait_not_to_play(tmp_path):
    """Found trying the app: with a friend gone, the host's screen still said it was
    their turn, and the bid they chose came back refused by the server."""
    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        friend = await join(server.address, server.codes[1], "Bea")
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen), "the host's bid to choose")
        await friend.close()
        await until(pilot, lambda: "Bea" in screen_text(app) and "come back" in screen_text(app),
                    "the host told that the table waits for Bea")
        bea_row = lambda: next((line for line in screen_text(app).splitlines() if " Bea " in line), "")
        await until(pilot, lambda: "away" in bea_row(), "Bea's seat marked away")
        sent = server.seq
        await pilot.press("enter")  # the cursor starts on a card: this would lay it
        await until(pilot, lambda: "come back" in screen_text(app), "still told to wait")
        assert isinstance(app.screen, ChooseScreen) and server.seq == sent
        assert "not a legal" not in screen_text(app).lower()
        friend = await join(server.address, server.codes[1], "Bea")
        await until(pilot, lambda: "come back" not in screen_text(app), "the wait over")
        await until(pilot, lambda: "away" not in bea_row(), "Bea's seat no longer marked away")
        await pilot.press("enter")
        await until(pilot, lambda: not isinstance(app.screen, ChooseScreen), "the host's bid laid")
        await friend.close()


async def test_a_seat_taken_by_another_connection_stops_offering_moves_and_keeps_saying_why(tmp_path):
    """Found trying the app: sent away from the table, the screen still offered the
    hand, Enter wiped the line that said why, and it called the table gone."""
    spec = registry.default_game()
    server = TableServer(spec, {"players": 3}, ["human", "easy", "easy"], port=0, save_dir=tmp_path / "host",
                         bot_delay=0)
    await server.start()
    try:
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(server.address, server.codes[0], "Ann"))
        async with app.run_test(size=(100, 30)) as pilot:
            await play_game(pilot, stop=lambda screen: isinstance(screen, TableScreen))  # our first card to play
            table = app.screen
            assert isinstance(table, TableScreen) and table.acting is not None
            other = await join(server.address, server.codes[0], "Ann again")
            await until(pilot, lambda: "another connection" in screen_text(app), "why the seat was lost")
            assert "table is gone" not in screen_text(app).lower()
            assert table.acting is None  # no card offered any more
            await pilot.pause()
            assert "Chat" not in screen_text(app).splitlines()[-1]  # nobody to speak to now
            await pilot.press("enter", "1", "enter")
            await pilot.pause()
            assert "another connection" in screen_text(app)
            await other.close()
    finally:
        await server.close()


async def test_the_host_leaving_their_seat_closes_the_table_for_everyone(tmp_path):
    """Found trying the app: the host's Esc left their own seat with no way back to
    it, while the table went on without them. Leaving is closing the table."""
    from ohseven_tui.ui.screens.confirm import ConfirmScreen
    from ohseven_tui.ui.screens.menu import MenuScreen

    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        seen = Seen()
        friend = await join(server.address, server.codes[1], "Bea", seen)
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen), "the host's bid to choose")
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "close the table" in screen_text(app).lower()
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, MenuScreen) and app.hosting is None, "the table closed")
        heard = []
        while seen.bye is None:
            msg = await asyncio.wait_for(friend.next_message(), TIMEOUT)
            heard.append(msg)
            if type(msg).__name__ == "Goodbye":
                seen.bye = msg.reason
        assert "host closed" in seen.bye
        # the host's seat never looked merely away (as if the table would wait for them)
        assert not any(getattr(m, "connected", (True,))[0] is False for m in heard), heard
        await friend.close()


async def test_chat_works_while_choosing_a_bid_and_lines_heard_there_are_shown(tmp_path):
    """The bid (a screen of its own over the table) is where a player waits longest:
    `c` speaks from there too, and a line heard meanwhile shows over it."""
    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:  # the toasts drawn
        await in_the_waiting_room(pilot)
        friend = await join(server.address, server.codes[1], "Bea")
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen), "the host's bid to choose")
        await friend.chat("hi [b]Hal")
        await until(pilot, lambda: "Bea: hi [b]Hal" in screen_text(app), "the friend's line over the bid")
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChatScreen), "the chat line, from the bid")
        await pilot.press(*"hey", "enter")
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen), "back at the bid")
        while True:
            msg = await asyncio.wait_for(friend.next_message(), TIMEOUT)
            if isinstance(msg, ChatLine) and msg.text == "hey":
                break
        await friend.close()


async def test_the_host_panel_offers_a_digit_per_seat_of_the_table(tmp_path):
    """F2 at a table of three: the footer says 1-3 hand a seat to a bot, not 1-9."""
    from textual.widgets._footer import FooterKey

    from ohseven_tui.ui.screens.host import HostPanel

    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, HostPanel), "the host panel")
        await pilot.pause()
        keys = [k.key_display for k in app.screen.query(FooterKey) if k.action == "to_bot(0)"]
        assert keys == ["1-3"]


async def test_the_hosts_busy_screen_never_keeps_the_table_from_answering(tmp_path):
    """Issue 34 §1: a host that plays a seat shared its process with the table; its
    screen's work raised a probe's round trip from 6 ms to 1.4 s. The table runs in
    a process of its own: with the host's app loop held busy, a friend's message is still
    answered (before, it waited until the app was free: never, here)."""
    import threading

    from websockets.sync.client import connect as sync_connect

    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        go, answered = threading.Event(), threading.Event()

        def probe() -> None:
            go.wait(TIMEOUT)
            with sync_connect(server.address, open_timeout=TIMEOUT) as ws:
                ws.send("{}")
                if "error" in ws.recv(timeout=TIMEOUT):
                    answered.set()

        threading.Thread(target=probe, daemon=True).start()
        held: list[bool] = []

        def busy_screen() -> None:  # the app's loop does nothing else meanwhile
            go.set()
            held.append(answered.wait(20.0))

        app.call_later(busy_screen)
        await until(pilot, lambda: bool(held), "the busy moment over")
        assert held == [True]


async def test_keys_typed_right_after_enter_go_to_the_next_field_of_the_join_form(tmp_path):
    """Found by the browser test on a busy machine: the join code typed at once after
    Enter in the address field put its first characters at the end of the address
    (the focus moved later than the keys arrived)."""
    from textual import events

    app = OhSevenApp(save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(JoinScreen())
        await until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.focused is not None
                    and app.focused.id == "join-address", "the join form")
        burst = list("127.0.0.1:9") + ["enter"] + list("_Code")
        for key in burst:  # all at once, as a terminal or a browser delivers a burst
            app.post_message(events.Key(key, "\r" if key == "enter" else key))
        form = app.screen
        typed = lambda: form.query_one("#join-address").value + form.query_one("#join-code").value
        await until(pilot, lambda: len(typed()) == len("127.0.0.1:9_Code"), "every key taken")
        assert form.query_one("#join-address").value == "127.0.0.1:9"
        assert form.query_one("#join-code").value == "_Code"


async def test_the_host_s_seat_shows_taken_when_the_table_seats_them_before_the_app_hears_of_the_table(
        tmp_path, monkeypatch):
    """CI met it: the table runs apart from the app, and the host's own join can be
    done before the app has set up its ear for the table's changes; the waiting room
    then said 'Seat 1 (you)' until someone else joined. Here the app hears of the
    table only once the host's seat is taken."""
    server, app = hosted_table(tmp_path)
    heard = OhSevenApp.on_hosting

    async def late(self, message):
        while 0 not in message.server.joined:  # the host's join, seen by the table's process
            await asyncio.sleep(0.01)
        heard(self, message)

    monkeypatch.setattr(OhSevenApp, "on_hosting", late)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        await until(pilot, lambda: "Hal (you)" in screen_text(app), "the host in their own seat", fail_safe=60)


async def test_a_name_typed_right_after_enter_in_the_code_field_is_not_cut_short(tmp_path, monkeypatch):
    """Found by the browser test on a busy machine: Enter in the code field moved the
    focus to the empty name field, but whether to join was decided only when its
    message was handled, after the name's first letter had arrived: the player joined
    as "Z" instead of "Zoë". Enter decides when it is pressed."""
    from textual import events

    started: list[str] = []
    monkeypatch.setattr(JoinScreen, "_start", lambda self: started.append(self.query_one("#join-name").value))
    app = OhSevenApp(save_dir=tmp_path, bot_delay=0)
    app.settings = app.settings.replace(name="")
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(JoinScreen())
        await until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.focused is not None
                    and app.focused.id == "join-address", "the join form")
        form = app.screen
        form.query_one("#join-name").value = ""
        burst = list("127.0.0.1:9") + ["enter"] + list("code") + ["enter"] + list("Zoë")
        for key in burst:
            app.post_message(events.Key(key, "\r" if key == "enter" else key))
        await until(pilot, lambda: form.query_one("#join-name").value == "Zoë", "the name typed")
        await pilot.press("enter")
        await until(pilot, lambda: started, "the join")
        assert started == ["Zoë"]


async def test_the_host_s_whole_join_line_pasted_in_the_address_field_joins(tmp_path):
    """Issue 34, section 2, item 1: the one line the host gives each friend, pasted
    whole into the join form's address field, is enough: Enter joins that seat."""
    host = Host(["--players", "3", "--humans", "1", "--bots", "easy"], tmp_path / "host")
    try:
        line = host.wait_line(lambda text: text.startswith("seat 1: "))
        given = line.removeprefix("seat 1: ")
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0)
        async with app.run_test(size=(100, 30)) as pilot:
            app.open_join()  # the menu's Join a table
            await until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.focused is not None
                        and app.focused.id == "join-address", "the join form")
            app.screen.query_one("#join-name").value = "Bea"
            app.screen.query_one("#join-address").insert_text_at_cursor(given)
            await pilot.press("enter")
            await until(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack), "the table")
    finally:
        host.stop()


async def test_a_seat_a_bot_plays_while_its_player_is_away_is_never_told_as_everyone_here(tmp_path):
    """Issue 34, section 2, item 2: the host's screen said "Everyone is at the table."
    while a bot played for a friend who was away."""
    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await in_the_waiting_room(pilot)
        friend = await join(server.address, server.codes[1], "Bea")
        await until(pilot, lambda: isinstance(app.screen, ChooseScreen), "the host's bid to choose")
        await friend.close()
        await until(pilot, lambda: "come back" in screen_text(app), "the host told that the table waits for Bea")
        said = await asyncio.to_thread(server.hand_to_bot, 1, "easy")
        assert said.startswith("the easy bot plays seat 2")
        await until(pilot, lambda: "bot plays for Bea" in screen_text(app), "told that a bot plays for Bea")
        assert "Everyone is at the table" not in screen_text(app)


async def test_the_waiting_room_shows_each_join_line_whole_at_80x24(tmp_path):
    """Found in tmux: at 80x24 the waiting room cut the friend's join line short
    ('ohseven join 127.0.0.1:8813/lWb92J6ZB91L…') and dropped the Seat column, so the
    line the host must hand on could not be copied. The line stays whole; the name
    and the seat's state wrap instead."""
    from ohseven_tui.net.client import join_line

    server, _app = hosted_table(tmp_path)
    name = "[red]Halvard Longfellow\x1b"  # a long name, with markup and an escape
    app = OhSevenApp(save_dir=tmp_path / "host", bot_delay=0, host=(server, name))
    async with app.run_test(size=(80, 24)) as pilot:
        await in_the_waiting_room(pilot)
        line = join_line(server.join_address, server.codes[1])
        await until(pilot, lambda: "Their join line" in screen_text(app), "the seats drawn")
        await pilot.pause()
        shown = screen_text(app)
        assert line in shown
        assert "Seat" in shown and "not joined" in shown and "\x1b" not in shown
