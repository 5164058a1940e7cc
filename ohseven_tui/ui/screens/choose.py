"""The passing and bidding screens: one human chooses cards from their own hand.

They get that seat's observation and a ``check`` callable that asks the engine
whether an action is legal (the engine's message is shown when it is not), and
dismiss with the chosen card(s); the table applies the action.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ..cards import ascii_suits, cards_text
from ..hints import hinted_cards
from ..plain import sentence
from ..widgets.hand import HAND_SORTS, HandView, hand_order
from ..widgets.keys import KeysFooter, number_keys
from ..widgets.seats import SeatsView

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp


def hand_in_order(obs: Any, sort: str = "suit") -> tuple[list[Any], list[int], dict[Any, str]]:
    """The seat's hand in the player's order (``widgets.hand.hand_order``: the game's
    suit groups, trumps first, or by rank), the groups' sizes and the cards' marks,
    from the game's table view; the plain order without one."""
    table = getattr(obs.spec, "table", None)
    picture = table(obs) if table is not None else None
    hand, groups = hand_order(obs.hand, picture, sort)
    marks = dict(picture.hand_marks) if picture is not None else {}
    return hand, groups, marks


class ChooseScreen(Screen):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    # Absolute: Textual resolves a relative path beside each subclass's own file,
    # and the families' screens (ui/screens/<family>/) subclass this one.
    CSS_PATH = str(Path(__file__).with_name("choose.tcss"))
    BINDINGS = [
        Binding("enter", "confirm", "Confirm"),
        Binding("left", "move(-1)", "Select", key_display="←→/1-7"),
        Binding("right", "move(1)", "Select", show=False),
        *[Binding(str(i + 1), f"number({i})", "Select", show=False) for i in range(9)],
        Binding("h", "hint", "Hint"),
        Binding("o", "sort", "Sort", show=False),
        Binding("l", "last_trick", "Last trick", show=False),
        Binding("t", "scoresheet", "Scores", show=False),
        Binding("c", "chat", "Chat", show=False),  # a table over the network only
        Binding("escape", "leave", "Menu"),
    ]
    FOOTER_DROP = ("leave", "move")  # where the footer is short of room (each key still works)
    # A short terminal ("-short", choose.tcss): the words the choice needs (the trump,
    # the bids so far, the striker rank) come before the seats' table, and an empty
    # message row takes no room, so they are in view without scrolling.
    SHORT_ROWS = 24
    VERTICAL_BREAKPOINTS = [(0, "-short"), (SHORT_ROWS, "-tall")]

    def __init__(
        self,
        obs: Any,
        *,
        check: Optional[Callable[[object], Optional[str]]] = None,
        hint: Optional[Callable[[Any], str]] = None,
        humans: int = 1,
        table: Any = None,
    ) -> None:
        """``table``: the table screen this one opens over (None: on its own, as in a test)."""
        super().__init__()
        self.table = table
        self.obs = obs
        self._table_obs = obs  # the latest public picture of the table (others move meanwhile over a network)
        self.check = check
        self.hint = hint
        self.humans = humans
        self._handing_off = False
        self._hand_args: Optional[dict[str, Any]] = None  # what lay_hand was last told
        self._covered = False  # a shared screen is over this one: its hand is given as a count only
        self._kept: Optional[tuple[list[Any], Any, Any]] = None  # (picked, cursor's card, hinted) while covered
        self._told: Optional[tuple[str, bool]] = None  # a line said before the screen was drawn

    @property
    def private_to(self) -> int:
        """This screen shows one seat's hand: opening it keeps that seat's window."""
        return self.obs.seat

    @property
    def ascii(self) -> bool:
        return getattr(self.app, "ascii_cards", False)

    def plain(self, text: str) -> str:
        return ascii_suits(text) if self.ascii else text

    def cards(self, cards) -> Text:
        return cards_text(cards, ascii=self.ascii, dark=self.app.current_theme.dark)

    @property
    def hand_sort(self) -> str:
        """The player's one order for their hand: the table's (``o`` switches it),
        else the settings'."""
        table = self.table
        sort = getattr(table, "hand_sort", None) or getattr(getattr(self.app, "settings", None), "hand_sort", "")
        return sort if sort in HAND_SORTS else HAND_SORTS[0]

    def lay_hand(self, legal: Sequence[Any], *, title: str, active: bool, new: Sequence[Any] = ()) -> None:
        """This seat's hand in the player's order (the table's own), so a number key
        picks the same card here as there; cards picked, the cursor's card and a
        hint's mark stay with their cards when the order changes."""
        self._hand_args = {"legal": tuple(legal), "title": title, "active": active, "new": tuple(new)}
        view = self.query_one(HandView)
        if self._covered:  # a shared screen is over this one: only how many cards
            view.set_backs(len(self.obs.hand), title=title)
            return
        picked, current, hinted = self._kept or (view.picked_cards, view.current, view.hinted)
        self._kept = None
        hand, groups, marks = hand_in_order(self.obs, self.hand_sort)
        view.set_hand(hand, legal, title=title, active=active, new=new, groups=groups, marks=marks,
                      hinted=hinted)
        if picked or current is not None:
            view.picked = {i for i, c in enumerate(view.cards) if c in picked}
            if current in view.cards:
                view.cursor = view.cards.index(current)
            view.repaint()
        self.refresh_bindings()  # the footer's number keys: as many as the cards

    def choice_count(self) -> Optional[int]:
        """How many things ←→ and the digits choose among here: the hand's cards.
        None where they do something else (a screen whose picker is not the hand says)."""
        views = self.query(HandView)
        return len(views.first().cards) if views else None

    def footer_key_display(self, binding: Binding) -> Optional[str]:
        count = self.choice_count() if binding.action == "move(-1)" else None
        return None if count is None else number_keys(count)

    def action_sort(self) -> None:
        """Order the hand by suit or by rank, here and on the table (as its ``o``)."""
        sort = "rank" if self.hand_sort == "suit" else "suit"
        table = self.table
        if table is not None:
            table.hand_sort = sort
            if table.is_attached:
                table.refresh_view()
        self.refresh_look()
        self.say(f"Hand sorted by {sort}.")

    def refresh_look(self) -> None:
        """The settings changed (the app redraws): lay the hand out again in their order."""
        if self._hand_args is not None and self.is_mounted:
            self.lay_hand(**self._hand_args)

    def compose_picker(self) -> ComposeResult:
        """Anything to choose above the hand (the number picker for number bids)."""
        return iter(())

    def compose(self) -> ComposeResult:
        yield Static("", id="choose-title")
        body = VerticalScroll(id="choose-body")
        body.can_focus = False  # the arrow keys belong to the hand
        with body:
            yield SeatsView(id="seats")
            yield Static("", id="context")
            yield Static("", id="prompt")
        with Vertical(id="choose-bottom"):  # always on screen, however many seats
            yield from self.compose_picker()
            yield Static("", id="message", classes="-empty")
            yield HandView(id="hand", slots=self.obs.spec.max_hand)
        yield KeysFooter(compact=True)

    def on_resize(self, event: events.Resize) -> None:
        """Short, the seats' table goes below the words; tall, above them (as composed)."""
        if not self.query(SeatsView):  # pushed as the app closed (on_mount)
            return
        body = self.query_one("#choose-body")
        seats = self.query_one("#seats")
        if event.size.height < self.SHORT_ROWS:
            body.move_child(seats, after=self.query_one("#prompt"))
        else:
            body.move_child(seats, before=self.query_one("#context"))

    def on_mount(self) -> None:
        if not self.query(SeatsView):  # pushed as the app closed: its children were never mounted
            return
        self.show_seats()
        told, self._told = self._told, None
        self.setup()
        if told is not None:  # news came while it was being pushed: newer than setup's own line
            self.say(told[0], error=told[1])

    @property
    def away(self) -> tuple[int, ...]:
        """The seats whose players are away (a table server), as the table was told."""
        return tuple(getattr(self.table, "away_seats", ()))

    def show_seats(self) -> None:
        seats = next(self.query(SeatsView).results(), None)
        if seats is None:  # pushed as the app closed: its children were never mounted
            return
        seats.show(self._table_obs, self.obs.seat, ascii=self.ascii,
                                       dark=self.app.current_theme.dark, humans=self.humans, away=self.away)

    def show_table(self, obs: Any) -> None:
        """The others moved while this seat chooses (a table server): the seats show
        it. The choice itself still answers the observation this screen opened with."""
        if obs.seat == self.obs.seat:
            self._table_obs = obs
            if self.is_mounted:
                self.show_seats()

    def on_screen_resume(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._redraw())
        # After the closing screen's own callback (which may leave the game).
        self.call_later(self._check_window)

    def _check_window(self) -> None:
        table = self.table
        if (table is not None and self.is_current and not self._handing_off
                and table.controller.lookout.needs_handoff(self.obs.seat)):
            # Back from a shared screen: hand the screen back before the cards show.
            self._handing_off = True
            self.app.push_screen(table.stage.handoff_screen(self.obs.seat), self._handed_back)

    def _handed_back(self, _result: object = None) -> None:
        self._handing_off = False
        table = self.table
        if table is not None:
            table.controller.lookout.open(self.obs.seat)
        self._show_private(True)
        if table is not None:
            table.stage.reveal_after_handoff()

    # Everything that tells about this seat's hand: the cards, the words about them
    # (what was passed and received, the cards still unbid, a hint, the cards
    # picked) and the number being picked.
    PRIVATE = ("#context", "#message", "#picker")

    def cover(self) -> None:
        """A shared screen opens over this one: everything private is hidden now,
        before that screen's first frame."""
        self._show_private(False)

    def _show_private(self, shown: bool) -> None:
        """Covered, the hand is given to its view as a count only (what was picked is
        kept here, for when it shows again); shown, it is laid again from this seat's
        own observation."""
        view = self.query_one(HandView)
        if not shown and not self._covered:
            self._kept = (view.picked_cards, view.current, view.hinted)
        self._covered = not shown
        if shown and self._hand_args is not None:
            self.lay_hand(**self._hand_args)
        elif not shown:
            view.turn_down()
        for selector in self.PRIVATE:
            for widget in self.query(selector):
                widget.display = shown

    def action_last_trick(self) -> None:
        table = self.table
        if table is not None:
            table.action_last_trick()

    def action_scoresheet(self) -> None:
        table = self.table
        if table is not None:
            table.action_scoresheet()

    def action_chat(self) -> None:
        table = self.table
        if table is not None:
            table.action_chat()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> Optional[bool]:
        if action == "chat":
            table = self.table
            return table is not None and table.table.can_chat
        return True

    def _redraw(self) -> None:
        self.show_seats()
        self.query_one(HandView).repaint()

    def setup(self) -> None:  # filled in by each screen
        raise NotImplementedError

    def say(self, message: str, *, error: bool = False) -> None:
        if error:
            message = sentence(message)
        found = self.query("#message").results(Static)
        widget = next(found, None)
        if widget is None:  # not composed yet: shown once it is
            self._told = (message, error)
            return
        widget.set_class(error, "error")
        widget.set_class(not message, "-empty")
        widget.update(Text(self.plain(message)))

    def action_move(self, step: int) -> None:
        self.query_one(HandView).move(step)

    def action_number(self, index: int) -> None:
        self.query_one(HandView).digit(index + 1)

    def action_hint(self) -> None:
        if self.hint is not None:
            words = self.hint(self.obs)
            # The table keeps the suggestion: it becomes this screen's choice, so Enter does it.
            suggested = self.table.hand.hint_action if self.table is not None else None
            note = None
            if suggested is not None and getattr(suggested, "seat", None) == self.obs.seat:
                note = self.follow_hint(suggested)
            self.say(f"{words} · {note}" if note else words)

    def follow_hint(self, action: Any) -> Optional[str]:
        """Make ``action`` (a hint's) this screen's choice: by default the card it
        names, marked and under the cursor. A screen that chooses otherwise (several
        cards, a number, a named choice) says how; the words returned, if any, say
        what Enter does where the screen does not show it."""
        cards = hinted_cards(action)
        if cards:
            self.query_one(HandView).show_hint(cards)
        return None

    def action_leave(self) -> None:
        table = self.table
        if table is not None:
            table.action_leave()

    def _try(self, action) -> bool:
        problem = self.check(action) if self.check is not None else None
        if problem:
            self.say(problem, error=True)
            self.app.bell()
            return False
        return True
