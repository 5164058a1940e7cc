"""Join a table someone hosts: its address, your seat's join code, your name.

Opened by ``ohseven join ADDR --code CODE`` (it connects at once) or from the
menu. It connects in a worker, waits while the table fills (saying who it waits
for), and closes with the seat source once the first deal is on the table.
"""

from __future__ import annotations

from typing import Any, Optional

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from ...safetext import one_line
from ..plain import printable
from ..widgets.keys import KeysFooter
from ..widgets.text_field import TextField

__all__ = ["JoinScreen"]


def sentence(text: str) -> str:
    return (text[:1].upper() + text[1:]).rstrip(".") + "."

FIELDS = ["join-address", "join-code", "join-name"]


class _Field(TextField):
    """An Input whose Enter moves the focus at once: keys typed right after it (a
    paste, a fast typist, a browser's burst) go to the next field, not this one
    (``Widget.focus`` moves it only later, after keys already queued)."""

    async def action_submit(self) -> None:
        screen = self.screen
        # Decided now, not when the message is handled: by then the next field may
        # hold the first keys typed into it (a burst), and look filled in.
        if isinstance(screen, JoinScreen) and screen.next_field(self):
            return
        await super().action_submit()

    async def _on_key(self, event: events.Key) -> None:
        # Keys the app handed this field before its Enter moved the focus on: they
        # were typed for the field that has the focus now.
        focused = self.screen.focused
        if focused is not self and isinstance(focused, _Field) and (event.is_printable or event.key == "enter"):
            event.stop()
            event.prevent_default()
            focused.post_message(events.Key(event.key, event.character))
            return
        if event.key == "enter":  # here, not as a binding: the app hands on the keys after it meanwhile
            event.stop()
            event.prevent_default()
            await self.action_submit()
            return
        await super()._on_key(event)


class JoinScreen(Screen[Optional[Any]]):
    """Dismissed with a started :class:`~ohseven_tui.table.remote.RemoteTable`, or
    None (Esc: back, nothing joined)."""

    DEFAULT_CSS = """
    JoinScreen #join-title { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    JoinScreen #join-body { padding: 1 1 0 1; height: auto; }
    JoinScreen .row { height: 1; margin-bottom: 1; }
    JoinScreen .label { width: 12; color: $text-muted; }
    JoinScreen Input { width: 40; border: none; height: 1; padding: 0 1; }
    JoinScreen Input:focus { border: none; background: $block-cursor-background; color: $block-cursor-foreground; }
    JoinScreen #join-status { height: auto; padding: 0 1; }
    JoinScreen #join-status.error { color: $error; }
    """
    BINDINGS = [Binding("escape", "back", "Back"),
                *[Binding(str(i + 1), f"sit({i})", "Choose a seat", show=i == 0, key_display="1-9")
                  for i in range(9)]]

    def __init__(self, address: str = "", code: str = "", name: str = "", *, connect: bool = False) -> None:
        super().__init__()
        self.address, self.code, self.name_ = address, code, name
        self.connect_now = connect and bool(address and code)
        self.client: Any = None
        self.joined = False
        self.seated = ""  # where this player sits while the table fills

    def compose(self) -> ComposeResult:
        from ...net.protocol import MAX_NAME

        yield Static("Join a table", id="join-title")
        with Vertical(id="join-body"):
            for key, label, value, hint in (
                    ("address", "Address", self.address, "host:port, or the host's line host:port/CODE"),
                    ("code", "Join code", self.code, "your seat's code, from the host"),
                    ("name", "Your name", self.name_, "as the others will see it")):
                with Horizontal(classes="row"):
                    yield Static(label, classes="label")
                    # A name stops where the table would cut it.
                    yield _Field(value, placeholder=hint, id=f"join-{key}", password=key == "code",
                                 max_length=MAX_NAME if key == "name" else 0)
        yield Static("", id="join-status")  # said once a field has the keys (on_mount)
        yield KeysFooter()

    def on_mount(self) -> None:
        if not self.name_:
            name = getattr(getattr(self.app, "settings", None), "name", "") or ""
            self.query_one("#join-name", Input).value = name
        if self.connect_now:
            self._start()
        else:
            self.query_one("#join-address", Input).focus()
            self.say("Enter joins. The table starts once every seat has joined.")

    def _empty_field(self) -> Optional[str]:
        if self._line_code():  # the host's whole line in the address: the code is given
            return next((i for i in FIELDS if i != "join-code" and not self.query_one(f"#{i}", Input).value.strip()),
                        None)
        return next((i for i in FIELDS if not self.query_one(f"#{i}", Input).value.strip()), None)

    def _line_code(self) -> Optional[str]:
        """The code in the address field when it holds the host's line (host:port/CODE)."""
        from ...net.client import split_join

        try:
            return split_join(self.query_one("#join-address", Input).value)[1]
        except ValueError:
            return None

    def next_field(self, field: Input) -> bool:
        """Enter in ``field``: the focus goes now to the first empty field, if any
        (True); else (False) the form is complete and Enter joins."""
        empty = self._empty_field()
        if empty is not None and field.id != "join-name":
            self.set_focus(self.query_one(f"#{empty}", Input))
            return True
        return False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._start()

    def say(self, text: str, *, error: bool = False) -> None:
        status = self.query_one("#join-status", Static)
        status.set_class(error, "error")
        status.update(Text(printable(one_line(text, 300))))  # the server's words are plain text

    def _start(self) -> None:
        if self.client is not None:
            return
        from ...net.client import split_join
        from ...safetext import clean_code

        address = self.query_one("#join-address", Input).value.strip()
        code = clean_code(self.query_one("#join-code", Input).value)
        name = self.query_one("#join-name", Input).value.strip() or "Guest"
        try:
            address, in_line = split_join(address)
        except ValueError:
            in_line = None  # the connection says what is wrong with it, in one line
        if in_line is not None:
            in_line = clean_code(in_line)
            if code and code != in_line:
                self.say("Two different join codes: the one in the address and the one in the code field.",
                         error=True)
                return
            code = in_line
        if not address or not code:
            self.say("The address and the join code are both needed.", error=True)
            return
        for field in self.query(Input):
            field.disabled = True
        self.say(f"Connecting to {address}…")
        self._connect(address, code, name)

    @work(exclusive=True, group="join")
    async def _connect(self, address: str, code: str, name: str) -> None:
        from ...net.client import JoinError
        from ...table.remote import RemoteTable

        def joined(client: Any) -> None:
            self.client = client
            seat = client.seat
            if seat < 0:  # the table's watch code
                self.say(f"Watching {client.spec.label}: every hand face down. Waiting for the table…")
                return
            who = printable(client.seats[seat][0]) if seat < len(client.seats) else f"seat {seat + 1}"
            self.seated = f"Joined {client.spec.label} as {who}, seat {seat + 1}."
            self.say(f"{self.seated} Waiting for the table… A seat's number takes that seat instead.")
            self.refresh_bindings()

        try:
            source = await RemoteTable.join(address, code, name, joined=joined,
                                            status=lambda words: self.say(
                                                f"{self.seated} {sentence(words or 'waiting for the table')} "
                                                "A seat's number takes that seat instead."))
        except JoinError as exc:
            self.client = None
            self._failed(f"Could not join: {exc}.")
            return
        self.joined = True
        self.dismiss(source)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> Optional[bool]:
        if action == "sit":  # in the waiting room only, a digit a seat of the table
            client = self.client
            return client is not None and not self.joined and client.seat >= 0 and \
                int(str(parameters[0])) < len(client.seats)
        return True

    def action_sit(self, index: int) -> None:
        client = self.client
        if client is not None and not self.joined:
            self.run_worker(client.sit(index), group="sit")

    def _failed(self, text: str) -> None:
        self.say(text, error=True)
        for field in self.query(Input):
            field.disabled = False
        self.query_one("#join-code", Input).focus()

    async def action_back(self) -> None:
        self.workers.cancel_group(self, "join")
        if self.client is not None and not self.joined:
            await self.client.close()
        self.dismiss(None)
