"""The remote seat source (ohseven_tui/table/remote.py) on its own: what the table
server sends, fed in as it would arrive, and what the table screen is told."""

from __future__ import annotations

import asyncio

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.net.client import Goodbye, Update
from ohseven_tui.table import Next
from ohseven_tui.table.remote import RemoteTable


class Scripted:
    """A client that has received ``messages`` (the server's, in order), then waits."""

    def __init__(self, spec, seat: int, messages: list) -> None:
        self.spec, self.seat, self.messages = spec, seat, list(messages)
        self.closed = False

    async def next_message(self):
        if self.messages:
            return self.messages.pop(0)
        await asyncio.Event().wait()

    async def close(self) -> None:
        self.closed = True


def _game_to_its_last_action():
    spec = registry.default_game()
    seats = tuple(Seat(n, "easy") for n in ("Ann", "Bea", "Cid"))
    game = spec.new_game(spec.check_options({"players": 3}), seed=4, seats=seats)
    while True:
        seats_to_act = game.to_act()
        action = game.legal_actions()[0] if not seats_to_act else game.observe(seats_to_act[0]).legal_actions[0]
        probe = game.clone()
        probe.apply(action)
        if probe.is_over:
            return spec, game, action
        game.apply(action)


async def _pace(in_turn: bool) -> None:
    return None


FAIL_SAFE = 60.0  # seconds: only so that a reader that never gets there ends the test


async def until(check, what: str) -> None:
    """Let the reader run until ``check()`` is true: not a number of steps."""
    async def poll() -> None:
        while not check():
            await asyncio.sleep(0.01)

    try:
        await asyncio.wait_for(poll(), FAIL_SAFE)
    except asyncio.TimeoutError:
        raise AssertionError(f"never: {what}") from None


def test_the_last_update_is_shown_even_when_the_table_says_goodbye_at_once():
    """The host sends the game's last update and closes the table straight after: the
    screen still gets that update, and then the game is over (it waited forever for
    more moves before)."""
    spec, game, last = _game_to_its_last_action()
    first = Update(len(game.history), None, None, game.observe(0))
    game.apply(last)
    final = Update(len(game.history), last.seat, last, game.observe(0))

    async def run():
        client = Scripted(spec, 0, [final, Goodbye("the game is over")])
        source = RemoteTable(client, first)
        source.start()
        await until(lambda: source.gone, "the goodbye read")  # the reader takes both messages before anyone asks
        assert source.gone
        shown = [a async for a in source.others(0, _pace)]
        await source.close()
        return source, shown

    source, shown = asyncio.run(run())
    assert [a.action for a in shown] == [last] and shown[0].after.winners
    assert source.next_step().kind is Next.OVER


def test_a_table_gone_mid_game_asks_nothing_more():
    """Gone before the end (the host closed it): once what came is shown, the source
    says so instead of sending the screen round to wait for moves that never come."""
    spec, game, _ = _game_to_its_last_action()
    first = Update(len(game.history), None, None, game.observe(1))

    async def run():
        client = Scripted(spec, 1, [Goodbye("the host closed the table")])
        source = RemoteTable(client, first)
        source.start()
        await until(lambda: source.gone, "the goodbye read")
        notes = [a.note async for a in source.others(1, _pace)]
        return source, notes

    source, notes = asyncio.run(run())
    assert source.next_step().kind is Next.GONE
    assert notes == []  # the goodbye is news (the screen says it as it comes), not a move


def test_a_flood_of_chat_is_shown_at_a_bounded_pace_newest_lines_first_the_rest_counted():
    """Issue 34: 10,000 chat lines froze a player's app for ten minutes. However many
    arrive, at most CHAT_WAITING wait to be shown (the newest), one at a time; the
    first one shown says how many were skipped."""
    from ohseven_tui.net.client import ChatLine
    from ohseven_tui.table.news import Chat

    spec, game, _ = _game_to_its_last_action()
    first = Update(len(game.history), None, None, game.observe(0))
    flood = [ChatLine(1, f"line {n}") for n in range(500)]

    async def run():
        source = RemoteTable(Scripted(spec, 0, flood), first)
        source.CHAT_SHOWN_EVERY = 0.0
        shown: list[Chat] = []
        source.listen(lambda news: shown.append(news) if isinstance(news, Chat) else None)
        source.start()
        await until(lambda: shown and shown[-1].text == "line 499", "the newest line shown")
        await source.close()
        return shown

    shown = asyncio.run(run())
    assert RemoteTable.CHAT_WAITING == 20
    assert [c.text for c in shown] == [f"line {n}" for n in range(480, 500)]
    assert [c.skipped for c in shown] == [480] + [0] * 19


def test_a_seat_a_bot_plays_for_an_away_player_is_still_away_but_the_table_does_not_wait():
    """Issue 34: with Bea's seat handed to a bot, the table said "Everyone is at the
    table." The seat stays away in the news (a bot plays it); nobody waits for it."""
    from ohseven_tui.net.client import Status
    from ohseven_tui.table.news import Away

    spec, game, _ = _game_to_its_last_action()
    first = Update(len(game.history), None, None, game.observe(0))
    told = [Status((True, False, True), (1,), "waiting for Bea (seat 2) to come back", ()),
            Status((True, True, True), (0,), "the easy bot plays for Bea (seat 2)", (1,))]

    async def run():
        source = RemoteTable(Scripted(spec, 0, told), first)
        heard: list[Away] = []
        source.listen(lambda news: heard.append(news) if isinstance(news, Away) else None)
        source.start()
        await until(lambda: len(heard) >= 2, "both statuses heard")
        await source.close()
        return source, heard

    source, heard = asyncio.run(run())
    assert [a.seats for a in heard] == [(1,), (1,)]
    # Waited for, then not: a bot plays the seat, and the note says so (never "everyone is here").
    assert "waits for Bea" in heard[0].note
    assert "waits" not in heard[1].note and "bot plays for Bea" in heard[1].note
    assert source.away == ()
