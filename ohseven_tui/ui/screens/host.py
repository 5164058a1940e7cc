"""Hosting a table (``ohseven host``): the table runs in a process of its own
(net/hosted.py's HostedTable, which this app holds), and the host plays the first
human seat through it like any other player.

:class:`HostScreen` is the waiting room: the address, one join code per seat,
who has joined; the host's own table opens once the first deal is out.
:class:`HostPanel` (F2 at the table) shows the same and hands a seat whose
player is away to a bot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from ...safetext import one_line
from ..messages import BackToMenu, CloseTable, Hosting, OpenRemoteTable
from ..plain import printable
from ..widgets.keys import KeysFooter

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp

__all__ = ["HostScreen", "HostPanel", "SeatsTable", "seats_table"]


class SeatsTable:
    """The seats' table where it fits whole. Narrower (60 columns), rich would give the
    name and the state no room at all: there a row per seat, its join line on the next."""

    def __init__(self, rows: list[tuple[str, Text, str, Text]]) -> None:
        self.rows = rows  # per seat: its number, who plays it, its join line (or ""), whether they are here
        grid = Table(box=None, padding=(0, 2, 0, 0), show_edge=False)
        # On a narrow screen the name and the seat's state wrap: the join line and the seat's
        # number never shrink (rich cuts every unwrappable column alike, the line too).
        grid.add_column("Seat", style="bold", no_wrap=True)
        grid.add_column("Player")
        grid.add_column("Their join line", no_wrap=True)
        grid.add_column("")
        for number, name, line, here in rows:
            grid.add_row(number, name, Text(line), here)
        self.table = grid

    def _fits(self, width: int) -> bool:
        """Does every column get its longest word, the join lines whole? (Rich's own
        measure of the table says yes where it then gives the name no room.)"""
        def widest(texts: list[str]) -> int:
            return max((cell_len(word) for text in texts for word in text.split()), default=0)

        names, states = [r[1].plain for r in self.rows], [r[3].plain for r in self.rows]
        seat = max(4, widest([r[0] for r in self.rows]))
        line = max([len("Their join line")] + [cell_len(r[2]) for r in self.rows])
        return seat + 2 + max(widest(names), len("Player")) + 2 + line + 2 + widest(states) <= width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self._fits(options.max_width):
            yield self.table
            return
        for number, name, line, here in self.rows:
            yield Text(f"{number}  ", style="bold") + Text(" · ").join(part for part in (name, here) if part.plain)
            if line:  # never broken at its space: folded only where even the line alone is too wide
                yield Text(f"   {line}", no_wrap=True, overflow="fold")


def seats_table(server: Any, *, you: Optional[int]) -> SeatsTable:
    """Every seat: who plays it, the line its friend joins with (human seats: the
    address and the code in one argument), and whether its player is here."""
    from ...net.client import join_line

    status = server.status()
    rows: list[tuple[str, Text, str, Text]] = []
    for seat, kind in enumerate(server.players):
        name = Text(printable(server.names.get(seat, f"Seat {seat + 1}")))  # a Text: a str cell is markup
        if seat not in server.humans:
            rows.append((str(seat + 1), name, "", Text(f"{kind} bot", style="dim")))
            continue
        if seat == you:
            rows.append((str(seat + 1), name + " (you)", "", Text("here")))
            continue
        if seat in server.standins:
            here = Text(f"away: a {server.standins[seat]} bot plays", style="italic")
        elif status.connected[seat] and seat in server.joined:
            here = Text("here", style="bold")
        elif seat in server.joined:
            here = Text("away", style="bold reverse")
        else:
            here = Text("not joined yet")
        rows.append((str(seat + 1), name if seat in server.joined else Text(""),
                     join_line(server.join_address, server.codes[seat]), here))
    return SeatsTable(rows)


def _sentence(text: str) -> str:
    return (text[:1].upper() + text[1:]).rstrip(".") + "." if text else text


def _where(server: Any) -> str:
    local = server.host in ("127.0.0.1", "::1", "localhost")
    reach = ("this machine only: friends elsewhere need an SSH tunnel (see the README)" if local
             else "anyone who can reach this address can try to join")
    return f"Table at {server.join_address}, {server.spec.describe(server.options)}: {reach}."


def _watch_line(server: Any) -> Text:
    from ...net.client import join_line

    # The command on a row of its own: a narrow screen breaks before it, never at its space.
    command = printable(join_line(server.join_address, server.watch_code))
    return Text("Anyone may watch, every hand face down:\n") + Text(command)


class HostScreen(Screen[None]):
    """Start the server, seat the host, and wait for the others."""

    if TYPE_CHECKING:
        app = getters.app(GameApp)

    DEFAULT_CSS = """
    HostScreen #host-title { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    HostScreen #host-body { padding: 1 1 0 1; height: auto; }
    HostScreen #host-seats { height: auto; margin: 1 0; }
    HostScreen #host-status { height: auto; }
    HostScreen #host-watch { height: auto; margin-bottom: 1; }
    HostScreen #host-status.error { color: $error; }
    """
    BINDINGS = [Binding("escape", "close_table", "Close the table"),
                *[Binding(str(i + 1), f"pick({i})", "Move a seat", show=i == 0, key_display="1-9")
                  for i in range(9)],
                Binding("b", "to_bot", "Hand to a bot")]

    def __init__(self, server: Any, name: str) -> None:
        super().__init__()
        self.server = server
        self.host_name = name
        self.you: Optional[int] = server.humans[0] if server.humans else None
        self.your_code: Optional[str] = server.codes[self.you] if self.you is not None else None
        self.picked: Optional[int] = None  # a seat picked to move (the next seat's number) or hand to a bot
        self.started = False
        # Held, not looked up: the table's news may come before they are mounted or
        # after the app's closing pruned them, and then it is kept, not a crash.
        self.where_line = Static("Starting the table…", id="host-where")
        self.seats_line = Static("", id="host-seats")
        self.watch_line = Static("", id="host-watch")
        self.said_line = Static("", id="host-said")
        self.status_line = Static("", id="host-status")

    def compose(self) -> ComposeResult:
        yield Static("Hosting a table", id="host-title")
        with Vertical(id="host-body"):
            yield self.where_line
            yield self.seats_line
            yield Static("Give each friend their seat's line: they run it, or paste it into Join a table on "
                         "the menu. The game starts once every seat has joined.",
                         id="host-help")
            yield self.watch_line
            yield self.said_line
            yield self.status_line
        yield KeysFooter()

    def on_mount(self) -> None:
        self._start()

    def refresh_seats(self) -> None:
        if not self.started:
            return
        # The host's seat moves with the host's code (the waiting room's seats may change places).
        self.you = next((s for s, code in self.server.codes.items() if code == self.your_code), self.you)
        self.seats_line.update(seats_table(self.server, you=self.you))
        self.status_line.update(Text(printable(one_line(self.server.status().message, 300))))

    def say(self, text: str, *, error: bool = False) -> None:
        status = self.status_line
        status.set_class(error, "error")
        status.update(Text(printable(one_line(text, 300))))

    @work(exclusive=True, group="host")
    async def _start(self) -> None:
        from ...net.client import JoinError
        from ...net.server import TableError
        from ...table.remote import RemoteTable

        server = self.server
        try:
            await server.start()  # its own process: the host's screen never delays the table
        except TableError as exc:
            self.say(f"Cannot open the table: {exc}. Esc goes back.", error=True)
            return
        self.app.post_message(Hosting(server))
        self.started = True
        self.where_line.update(Text(printable(_where(server))))
        self.watch_line.update(_watch_line(server))
        self.refresh_seats()
        if self.you is None:
            return
        try:
            source = await RemoteTable.join(server.address, server.codes[self.you], self.host_name)
        except JoinError as exc:
            self.say(f"Could not take your own seat: {exc}.", error=True)
            return
        source.hosted = True  # the host's Esc closes the table: nobody could take this seat back
        self.app.post_message(OpenRemoteTable(source, keep_copy=False))  # the server files it here

    def _said(self, text: str) -> None:
        self.said_line.update(Text(printable(one_line(text, 300))))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> Optional[bool]:
        if action in ("pick", "to_bot"):  # seats change places only before the start
            ready = self.started and not self.server.started
            if action == "pick":
                return ready and int(str(parameters[0])) < len(self.server.players)
            return ready and self.picked is not None
        return True

    def footer_key_display(self, binding: Binding) -> Optional[str]:
        seats = min(len(self.server.players), 9)
        return (f"1-{seats}" if seats > 1 else "1") if binding.action == "pick(0)" else None

    def action_pick(self, seat: int) -> None:
        """A seat's number picks it; a second seat's number makes the two change places."""
        if self.picked is None or self.picked == seat:
            self.picked = None if self.picked == seat else seat
            self._said(f"Seat {seat + 1} picked: another seat's number moves it there, b hands it to a bot."
                       if self.picked is not None else "No seat picked.")
        else:
            said, self.picked = self.server.move_seat(self.picked, seat), None
            self._said(_sentence(said))
        self.refresh_bindings()
        self.refresh_seats()

    def action_to_bot(self) -> None:
        if self.picked is None:
            return
        said, self.picked = self.server.hand_to_bot(self.picked), None
        self._said(_sentence(said))
        self.refresh_bindings()
        self.refresh_seats()

    async def action_close_table(self) -> None:
        from .confirm import ConfirmScreen

        async def close(yes: Optional[bool]) -> None:
            if yes:
                self.app.post_message(CloseTable())

        if not self.started:
            self.app.post_message(BackToMenu())
            return
        self.app.push_screen(ConfirmScreen("Close the table? Everyone at it is sent away; "
                                           "ohseven host --continue brings it back."), close)


class HostPanel(ModalScreen[None]):
    """The table's seats during play (F2): digits hand an away seat to a bot."""

    DEFAULT_CSS = """
    HostPanel { align: center middle; }
    HostPanel #panel { width: 96; max-width: 100%; height: auto; border: round $accent; background: $surface;
                       padding: 0 1; }
    """
    BINDINGS = [Binding("escape,f2", "dismiss", "Back"),
                *[Binding(str(i + 1), f"to_bot({i})", "Hand to a bot", show=i == 0, key_display="1-9")
                  for i in range(9)]]

    def __init__(self, server: Any, you: Optional[int]) -> None:
        super().__init__()
        self.server = server
        self.you = you
        self.seats_line = Static("", id="panel-seats")  # held: news may come before it is mounted
        self.said_line = Static("", id="panel-said")

    def compose(self) -> ComposeResult:
        with Vertical(id="panel"):
            yield Static(Text(printable(_where(self.server))), id="panel-where")
            yield Static(_watch_line(self.server), id="panel-watch")
            yield self.seats_line
            yield Static("A seat's number hands it to a bot while its player is away; "
                         "they take it back by joining again with their code.", id="panel-help")
            yield self.said_line
        yield KeysFooter()

    def on_mount(self) -> None:
        self.refresh_seats()

    def footer_key_display(self, binding: Binding) -> Optional[str]:
        seats = min(len(self.server.players), 9)  # a digit a seat
        return (f"1-{seats}" if seats > 1 else "1") if binding.action == "to_bot(0)" else None

    def refresh_seats(self) -> None:
        self.seats_line.update(seats_table(self.server, you=self.you))

    def action_to_bot(self, index: int) -> None:
        said = self.server.hand_to_bot(index)
        self.said_line.update(Text(_sentence(printable(one_line(said, 200)))))
        self.refresh_seats()
