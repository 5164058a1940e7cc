"""The network table's words and keys, as a walkthrough of ``ohseven host`` and
``ohseven join`` found them: what a player is told when the table closes, when the
connection drops and comes back, when they only watch or come back to a seat a bot
kept for them, the host's join lines on a narrow screen, and the names' length.
Each drives the real app with Pilot against a real table server."""

from __future__ import annotations

import asyncio
import random

import pytest
from test_ui_driver import delivered, play_game, until

from ohseven_tui.engine import registry
from ohseven_tui.net.server import TableServer
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.confirm import ConfirmScreen
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.snapshot import screen_text
from ohseven_tui.ui.widgets.log import TableLog


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


async def one_seat_table(tmp_path, **kwargs) -> TableServer:
    """A table of three: one human seat (Ann's) and two easy bots, in this process."""
    server = TableServer(registry.default_game(), {"players": 3}, ["human", "easy", "easy"], port=0,
                         save_dir=tmp_path / "host", bot_delay=0, **kwargs)
    await server.start()
    return server


async def test_esc_at_a_table_the_host_closed_goes_to_the_menu_without_asking(tmp_path):
    """The screen says "Disconnected: the host closed the table. Esc goes back to the
    menu."; Esc asked "Leave this game? Your seat waits for you…", a seat that was no
    more. It goes back to the menu, no question."""
    server = await one_seat_table(tmp_path)
    try:
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(server.address, server.codes[0], "Ann"))
        async with app.run_test(size=(100, 30)) as pilot:
            await play_game(pilot, stop=lambda screen: isinstance(screen, TableScreen))  # our first card to play
            await server.close()
            await until(pilot, lambda: "the host closed the table" in screen_text(app), "the table's end told")
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, (MenuScreen, ConfirmScreen)), "Esc taken")
            assert isinstance(app.screen, MenuScreen), screen_text(app)
    finally:
        await server.close()


class DroppedTable:
    """Ann (this app) at a one-seat table, at her first card to play; then the host
    dies with no goodbye (``drop``) and comes back with --continue (``restart``)."""

    def __init__(self, tmp_path, monkeypatch) -> None:
        from ohseven_tui.table.remote import RemoteTable

        monkeypatch.setattr(RemoteTable, "RETRY_EVERY", (0.2,))
        self.tmp_path = tmp_path
        self.server: TableServer | None = None
        self.again: TableServer | None = None

    async def __aenter__(self) -> "DroppedTable":
        self.server = await one_seat_table(self.tmp_path)
        self.app = OhSevenApp(save_dir=self.tmp_path / "mine", bot_delay=0,
                              join=(self.server.address, self.server.codes[0], "Ann"))
        return self

    async def drop(self, pilot) -> None:
        assert self.server is not None
        await self.server.close(None)  # no goodbye: as a killed host's connections end
        await until(pilot, lambda: "Lost the connection" in screen_text(self.app), "the lost connection told")

    async def restart(self, pilot) -> TableServer:
        assert self.server is not None
        port = int(self.server.address.rsplit(":", 1)[1])
        self.again = TableServer.continue_table(self.tmp_path / "host", port=port, bot_delay=0)
        await self.again.start()
        await until(pilot, lambda: "Back at the table" in screen_text(self.app), "the seat taken again")
        return self.again

    async def __aexit__(self, *exc) -> None:
        for server in (self.server, self.again):
            if server is not None:
                await server.close()


async def test_a_lost_and_regained_connection_is_told_once_each(tmp_path, monkeypatch):
    """"Lost the connection to the table; joining again…" showed twice on the table
    screen (the message line and the log's newest line under the table), and so did
    "Back at the table."."""
    async with DroppedTable(tmp_path, monkeypatch) as at:
        app = at.app
        async with app.run_test(size=(100, 30)) as pilot:
            await play_game(pilot, stop=lambda screen: isinstance(screen, TableScreen))
            await at.drop(pilot)
            await pilot.pause()
            assert screen_text(app).count("Lost the connection") == 1, screen_text(app)
            await at.restart(pilot)
            await pilot.pause()
            assert screen_text(app).count("Back at the table") == 1, screen_text(app)


async def test_enter_while_joining_again_is_refused_with_why_and_the_card_is_played_once_back(tmp_path, monkeypatch):
    """At our turn the connection drops: Enter sent the card into a closed connection
    (lost, with no word) while the screen said the table was being joined again. It
    says why it waits, and once back the same Enter plays the card."""
    from ohseven_tui.ui.widgets.hand import HandView

    async with DroppedTable(tmp_path, monkeypatch) as at:
        app = at.app
        async with app.run_test(size=(100, 30)) as pilot:
            table = await play_game(pilot, stop=lambda screen: isinstance(screen, TableScreen))
            assert table.acting == 0
            await at.drop(pilot)
            held = len(table.query_one(HandView).cards)
            await pilot.press("enter")
            await delivered(pilot, "Enter")
            message = str(table.query_one("#message").render())
            assert "again" in message.lower() and "Lost the connection" not in message, message
            assert len(table.query_one(HandView).cards) == held  # nothing left the hand
            again = await at.restart(pilot)
            await until(pilot, lambda: table.acting == 0, "our turn again")
            played = len(again.game.history)
            await pilot.press("enter")
            await until(pilot, lambda: len(again.game.history) > played, "the card played at the table")


async def test_everyone_back_at_the_table_is_told_once(tmp_path):
    """"Everyone is at the table." showed twice once a friend came back (the log's
    line and the message line)."""
    from net_helpers import Seen, join, play_randomly

    server = TableServer(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=0,
                         save_dir=tmp_path / "host", bot_delay=0)
    await server.start()
    try:
        friend = await join(server.address, server.codes[1], "Bea")
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(server.address, server.codes[0], "Ann"))
        async with app.run_test(size=(100, 30)) as pilot:
            bea = asyncio.get_running_loop().create_task(play_randomly(friend, random.Random(2), Seen()))
            await play_game(pilot, stop=lambda screen: isinstance(screen, TableScreen))  # at the table, not a bid
            bea.cancel()
            await friend.close()
            await until(pilot, lambda: "come back" in screen_text(app), "told that the table waits for Bea")
            friend = await join(server.address, server.codes[1], "Bea")
            await until(pilot, lambda: "Everyone is at the table" in screen_text(app), "Bea back")
            await pilot.pause()
            assert screen_text(app).count("Everyone is at the table") == 1, screen_text(app)
            await friend.close()
    finally:
        await server.close()


async def test_a_watcher_joining_a_game_under_way_is_not_told_it_resumed(tmp_path):
    """A watcher who had just joined read "Resumed: round 1 of 7.": nothing of theirs
    resumed. The log says they are watching, from which round."""
    from net_helpers import Seen, join, play_randomly

    server = await one_seat_table(tmp_path)
    try:
        ann = await join(server.address, server.codes[0], "Ann")
        await play_randomly(ann, random.Random(4), Seen(), stop=lambda update: update.seq >= 3)  # under way
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(server.address, server.watch_code, "Wes"))
        async with app.run_test(size=(120, 30)) as pilot:
            table = await until(pilot, lambda: next((s for s in app.screen_stack if isinstance(s, TableScreen)),
                                                     None), "the table")
            assert table.table.actions_taken >= 3
            await until(pilot, lambda: "Ann" in screen_text(app), "the seats drawn")
            await pilot.pause()
            shown = screen_text(app)
            assert "Resumed" not in shown and "Watching from round 1" in shown, shown
        await ann.close()
    finally:
        await server.close()


@pytest.mark.parametrize("size", [(80, 24), (60, 15)])
async def test_the_watch_line_never_breaks_inside_its_command(tmp_path, size):
    """At 80 columns (and 60x15) the waiting room's and F2's "Anyone may watch, every
    hand face down: ohseven join ADDRESS/CODE" wrapped at the space inside the
    command, so the line to hand on was split in two. The command keeps to one row,
    and so does each seat's join line."""
    from test_net_ui import hosted_table, in_the_waiting_room

    from ohseven_tui.net.client import join_line
    from ohseven_tui.ui.screens.host import HostPanel

    server, app = hosted_table(tmp_path)
    async with app.run_test(size=size) as pilot:
        await in_the_waiting_room(pilot)
        await until(pilot, lambda: app.screen.started, "the table started")
        watch = join_line(server.join_address, server.watch_code)
        seat = join_line(server.join_address, server.codes[1])
        app.screen.query_one("#host-watch").scroll_visible(animate=False)
        await until(pilot, lambda: server.watch_code in screen_text(app), "the watch line in view")
        await pilot.pause()
        assert any(watch in row for row in screen_text(app).splitlines()), screen_text(app)
        app.screen.query_one("#host-seats").scroll_visible(animate=False)
        await until(pilot, lambda: server.codes[1] in screen_text(app), "the seat's line in view")
        assert any(seat in row for row in screen_text(app).splitlines()), screen_text(app)
        await pilot.press("f2")
        await until(pilot, lambda: isinstance(app.screen, HostPanel), "the host panel")
        await until(pilot, lambda: server.watch_code in screen_text(app), "the panel's watch line")
        await pilot.pause()
        rows = screen_text(app).splitlines()
        assert any(watch in row for row in rows) and any(seat in row for row in rows), screen_text(app)


@pytest.mark.parametrize("command", [["join", "127.0.0.1:8765/abc"], ["host", "--port", "0"]])
def test_a_name_longer_than_the_table_keeps_is_refused_in_one_line(tmp_path, command):
    """--name took 40 characters where the table keeps 24 of a seat's name: the name
    was cut without a word. Over 24, one line and exit code 2, nothing started."""
    import os
    import subprocess
    import sys

    from net_helpers import ROOT

    from ohseven_tui.net.protocol import MAX_NAME

    env = dict(os.environ, OHSEVEN_SAVE_DIR=str(tmp_path), OHSEVEN_CONFIG_DIR=str(tmp_path / "config"))
    out = subprocess.run([sys.executable, "-m", "ohseven_tui", *command, "--name", "N" * (MAX_NAME + 1)], cwd=ROOT,
                         env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.count("\n") == 1 and f"1 to {MAX_NAME} " in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    assert not list(tmp_path.rglob("table.json"))  # no table opened


async def test_the_join_form_s_name_stops_where_the_table_cuts_names(tmp_path):
    """The join form's name field took any length; the table keeps 24 characters."""
    from ohseven_tui.net.protocol import MAX_NAME
    from ohseven_tui.ui.screens.join import JoinScreen

    app = OhSevenApp(save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(JoinScreen())
        await until(pilot, lambda: isinstance(app.screen, JoinScreen) and app.focused is not None, "the join form")
        field = app.screen.query_one("#join-name")
        field.value = ""
        field.focus()
        await pilot.press(*"Bartholomew Fitzgerald-Smythe")
        await pilot.pause()
        assert field.value == "Bartholomew Fitzgerald-Smythe"[:MAX_NAME]


async def test_a_player_back_at_a_seat_a_bot_kept_is_told_what_the_bot_did(tmp_path):
    """Bea's app is gone; the host hands her seat to a bot, which bids and plays for
    her. Joining again she took the seat with no word of it. One line now says what
    the bot did for her: how many moves, and each (its cards by name)."""
    from net_helpers import TIMEOUT, join

    from ohseven_tui.net.client import Update
    from ohseven_tui.storage import stand_ins

    server = TableServer(registry.default_game(), {"players": 3}, ["human", "human", "easy"], port=0,
                         save_dir=tmp_path / "host", bot_delay=0)
    await server.start()
    try:
        bea = await join(server.address, server.codes[1], "Bea")
        ann = await join(server.address, server.codes[0], "Ann")
        await bea.close()  # her app is gone: the table waits for her
        await asyncio.wait_for(_until_true(lambda: 1 not in server.conns), TIMEOUT)
        assert server.hand_to_bot(1, "easy").startswith("the easy bot plays seat 2")
        handed = len(server.game.history)
        rng = random.Random(7)

        def for_bea():
            return [a for i, a in enumerate(server.game.history) if i >= handed and a.seat == 1]

        # Ann plays until the bot has moved twice for Bea and the table waits for Ann alone.
        while True:
            msg = await asyncio.wait_for(ann.next_message(), TIMEOUT)
            obs = ann.observation
            if isinstance(msg, Update) and obs is not None and 0 in obs.to_act and obs.legal_actions:
                if len(for_bea()) >= 2 and tuple(server.game.to_act()) == (0,):
                    break
                await ann.act(rng.choice(obs.legal_actions))
        made = for_bea()
        assert all(stand_ins(server.game)[i].seat == 1 for i, a in enumerate(server.game.history)
                   if i >= handed and a.seat == 1)
        app = OhSevenApp(save_dir=tmp_path / "mine", bot_delay=0, join=(server.address, server.codes[1], "Bea"))
        async with app.run_test(size=(120, 30)) as pilot:
            await until(pilot, lambda: "While you were away" in screen_text(app), "told what the bot did")
            await pilot.pause()
            assert screen_text(app).count("While you were away") == 1, screen_text(app)
            log = app.screen.query_one(TableLog).plain  # the line unwrapped
            told = next(line for line in log.splitlines() if "While you were away" in line)
            assert f"{len(made)} moves for you" in told, told
            for action in made:
                assert action.card.pretty() in told, (action, told)
        await ann.close()
    finally:
        await server.close()


async def _until_true(check) -> None:
    while not check():
        await asyncio.sleep(0.01)


def test_the_stood_in_message_round_trips_and_refuses_what_does_not_fit():
    """The table's word to a player back at their seat (docs/network.md, protocol):
    the count of a bot's moves for them and the last of them, schema-checked."""
    from ohseven_tui.engine.actions import Play
    from ohseven_tui.engine.cards import parse_card
    from ohseven_tui.net import protocol as p

    spec = registry.default_game()
    moves = (Play(1, parse_card("7H")), Play(1, parse_card("KS")))
    text = p.to_json(p.StoodIn(5, moves), spec)
    assert p.parse_server(text, spec) == p.StoodIn(5, moves)
    for bad in ('{"type":"stood_in","moves":1,"actions":["1 play 7H","1 play KS"]}',  # more named than made
                '{"type":"stood_in","moves":2,"actions":[]}',
                '{"type":"stood_in","moves":2,"actions":[7]}',
                '{"type":"stood_in","moves":2,"actions":["no such move"]}',
                '{"type":"stood_in","moves":2}'):
        with pytest.raises(p.ProtocolError) as info:
            p.parse_server(bad, spec)
        assert "\n" not in str(info.value)
    with pytest.raises(p.ProtocolError):
        p.parse_server(text, None)  # before the welcome


async def test_the_waiting_room_at_60_columns_keeps_who_sits_where(tmp_path):
    """Found at 60x15 in tmux: the seats' table kept the join line whole but dropped
    the Player and state columns (rich gave them no room): no 'Hal (you)', no 'not
    joined yet', no 'easy bot'. There each seat's join line goes on a row of its own."""
    from test_net_ui import hosted_table, in_the_waiting_room

    from ohseven_tui.net.client import join_line

    server, app = hosted_table(tmp_path)
    async with app.run_test(size=(60, 15)) as pilot:
        await in_the_waiting_room(pilot)
        await until(pilot, lambda: app.screen.started and "Hal (you)" in screen_text(app), "the host's own seat")
        await until(pilot, lambda: server.codes[1] in screen_text(app), "the friend's line")
        rows = screen_text(app).splitlines()
        assert any(join_line(server.join_address, server.codes[1]) in row for row in rows), screen_text(app)
        assert "not joined" in screen_text(app) and "easy bot" in screen_text(app), screen_text(app)


def test_a_move_told_back_names_its_cards_in_every_family():
    """The line a player back at their seat reads names each move a bot made for them
    in the family's words (``own_move_words``): never a blank where the hint has
    words, and every card the move holds by name. Random legal moves of every game."""
    from net_helpers import cards_in

    from ohseven_tui.ui.families import family_ui

    for spec in registry.games():
        family = family_ui(spec)
        game = spec.new_game({"players": spec.players[1]}, seed=5)
        rng = random.Random(5)
        for _ in range(400):
            if game.is_over:
                break
            seat = next(iter(game.to_act()), None)
            action = rng.choice(game.legal_actions(seat) if seat is not None else game.legal_actions())
            if getattr(action, "seat", None) is not None:
                words = family.own_move_words(action)
                assert words or not family.action_words(action), (spec.name, action)
                if words:
                    for card in cards_in(action, set()):
                        assert card.pretty() in words, (spec.name, action, words)
            game.apply(action)
