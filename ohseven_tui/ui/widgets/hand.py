"""A hand of cards: a row of card faces with a cursor.

The hand is told which cards are legal (it never works that out itself); legal
cards are bright, the others dimmed. Keys are bound on the screen; a click on a
card posts :class:`HandView.Chosen`.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from ...engine import Card
from ..cards import card_text, hint_mark, palette_name
from .status import fit_rows

MAX_CARDS = 13  # slots a hand has unless its game declares fewer (GameSpec.max_hand)
TWO_ROWS_FROM = 10  # from this many cards the hand takes two rows: 13 (and 14) fit in 80 columns
HAND_SORTS = ("suit", "rank")


def hand_order(hand: Sequence[Card], picture: Any, sort: str) -> tuple[list[Card], list[int]]:
    """The hand as the player reads it on every screen, so a number key picks the
    same card everywhere: by ``sort`` "suit", the game's suit groups (trumps first,
    ``TableView.hand_by_suit``); by "rank", strongest first (``hand_by_rank``). The
    plain order (highest first) where the game's picture has none or is out of
    step. Returns the cards and the sizes of their groups."""
    cards = list(hand)
    if picture is not None and sort == "suit" and picture.hand_by_suit:
        groups = [list(g) for g in picture.hand_by_suit]
        if sorted(c for g in groups for c in g) == sorted(cards):
            return [c for g in groups for c in g], [len(g) for g in groups]
    if picture is not None and sort == "rank" and sorted(picture.hand_by_rank) == sorted(cards):
        cards = list(picture.hand_by_rank)
    return cards, [len(cards)]
MARK = "◆"  # under a card the game's ranking sets apart (TableView.hand_marks)


class CardFace(Static):
    """One card in a hand. Which card it shows is set by the hand."""

    DEFAULT_CSS = """
    CardFace {
        width: 7;
        height: 3;
        border: round $foreground 40%;
        content-align: center middle;
        text-align: center;
        margin: 0 1 0 0;
    }
    CardFace.-legal { border: round $foreground 80%; }
    CardFace.-illegal { opacity: 55%; border: round $foreground 20%; }
    CardFace.-cursor { border: heavy $accent; }
    CardFace.-picked { background: $accent 35%; border: heavy $success; }
    CardFace.-new { border: round $warning; }
    CardFace.-new.-cursor { border: heavy $warning; }
    CardFace.-back { border: round $foreground 30%; color: $foreground 40%; }
    CardFace.-hint { border: double $success; }
    CardFace.-hint.-cursor { border: heavy $success; }
    CardFace.-gap { margin: 0 1 0 2; }
    """

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"card-{index}")
        self.index = index
        self.card: Optional[Card] = None

    def show(self, card: Optional[Card], *, ascii: bool, dark: bool, legal: bool, cursor: bool, picked: bool,
             new: bool, back: bool = False, hint: bool = False, gap: bool = False, mark: str = "") -> None:
        """``back``: a face-down card (the card itself is not kept, so no click can
        reveal it). ``hint``: a card a hint names (★ under it). ``gap``: the first card of a
        suit group after another. ``mark``: the game's name for a card its
        ranking sets apart ("critical", "right bower"): ◆ under the card."""
        if back:
            hint = False
            mark = ""
        # A back is given no card (``card`` None): it must still differ from an empty slot.
        state = ("back" if back else card, back, ascii, dark, palette_name(), legal, cursor,
                 picked, new, hint, gap, mark)
        if state == getattr(self, "_state", None):
            return
        self._state = state
        self.display = card is not None or back
        self.card = None if back else card
        if card is None and not back:
            return
        if card is None or back:
            legal = cursor = picked = new = False
            self.update(Text("░░░"), layout=False)
        else:
            self.update(card_text(card, ascii=ascii, dark=dark, dim=not legal), layout=False)
        wanted = {"-legal": legal, "-illegal": not legal and not back, "-cursor": cursor, "-picked": picked,
                  "-new": new, "-back": back, "-hint": hint, "-gap": gap}
        self.update_classes(wanted)  # one styles pass for all of them, none if none changed
        self.border_title = None if back else str(self.index + 1)
        # A card 7 cells wide shows one character under it: the mark's names are in the hand's title,
        # the hint's star starts the hint's words.
        self.border_subtitle = hint_mark(ascii=ascii) if hint else ("+" if new else (MARK if mark else None))

    def on_click(self, event) -> None:
        event.stop()
        if self.card is not None:
            self.post_message(HandView.Chosen(self.index, self.card))


class HandView(Widget):
    """The viewing player's hand, highest first, with number labels 1..n."""

    DEFAULT_CSS = """
    HandView { height: auto; layout: vertical; }
    /* two rows where one would cut it (a player's name, the marked cards' names) */
    HandView #hand-title { height: auto; max-height: 2; color: $text-muted; }
    HandView #hand-row { height: 3; layout: horizontal; }
    /* 10 cards or more: two rows of 7, each face wide enough for a two-digit number */
    HandView.-two-rows #hand-row { height: 6; layout: grid; grid-size: 7; grid-columns: 9; grid-rows: 3; }
    HandView.-two-rows CardFace { width: 8; margin: 0; }
    /* Narrower than the faces need (a 9-card hand at 60 columns): faces as wide as "10♠", edged
       above and below only, so that the number still shows on the top edge */
    HandView.-narrow CardFace {
        width: 5; border-left: none !important; border-right: none !important;
        border-title-align: center; border-subtitle-align: center;
    }
    HandView.-narrow.-two-rows #hand-row { grid-columns: 7; }
    HandView.-narrow.-two-rows CardFace { width: 6; }
    """

    class Chosen(Message):
        """A card was clicked."""

        def __init__(self, index: int, card: Card) -> None:
            super().__init__()
            self.index = index
            self.card = card

    def __init__(self, *, id: Optional[str] = None, slots: int = MAX_CARDS) -> None:
        """``slots``: the most cards this hand can hold (the game's ``max_hand``)."""
        super().__init__(id=id)
        self.slots = max(1, slots)
        # Kept, not looked up: an app closing can prune them while the hand still draws.
        self._title_line = Static("", id="hand-title")
        self._card_row = Widget(id="hand-row")
        self._last_digit: Optional[int] = None  # the number key pressed last (pressed again, it goes on)
        self.cards: tuple[Card, ...] = ()
        self.legal: set[Card] = set()
        self.cursor = 0
        self.picked: set[int] = set()
        self.new: set[int] = set()
        self.active = False
        self.face_up = True
        self.title = ""
        self.gaps: frozenset[int] = frozenset()  # indices that start a new suit group
        self.hinted: frozenset[Card] = frozenset()  # the cards a hint names
        self.marks: dict[Card, str] = {}
        self.backs = 0  # face down: how many cards, and nothing more (no card is kept)
        self._title_rows = 1  # the title's rows now (two where one would cut it)
        self._painted: Optional[tuple[Any, ...]] = None  # what the faces show now (drawn again only if it changes)

    def compose(self) -> ComposeResult:
        yield self._title_line
        with self._card_row:
            for i in range(self.slots):
                yield CardFace(i)

    def on_mount(self) -> None:
        self._paint()

    # -- state --------------------------------------------------------------
    def set_hand(
        self,
        cards: Sequence[Card],
        legal: Sequence[Card] = (),
        *,
        title: str = "",
        active: bool = False,
        new: Sequence[Card] = (),
        face_up: bool = True,
        groups: Sequence[int] = (),
        hinted: Iterable[Card] = (),
        marks: Optional[Mapping[Card, str]] = None,
    ) -> None:
        """``face_up=False`` draws the cards as backs: the count shows, the cards
        do not (hot-seat, outside their owner's turn). ``groups``: the sizes of
        the suit groups ``cards`` come in, set apart by a gap. ``hinted``: the cards
        a hint names, marked. ``marks``: the names of the cards the game's
        ranking sets apart (bowers, criticals): ◆ under each, the names in the title."""
        if not face_up:  # never kept face down: only how many
            self.set_backs(len(cards), title=title)
            return
        old = self.cards
        starts, at = set(), 0
        for size in groups:
            if at:
                starts.add(at)
            at += size
        self.gaps = frozenset(starts)
        self.hinted = frozenset(hinted)
        self.marks = dict(marks or {})
        self.backs = 0
        self.cards = tuple(cards)
        self.face_up = face_up
        self.legal = set(legal)
        self.title = title
        self.active = active
        if self.cards != old:
            self.picked = set()
            self.cursor = self._first_legal()
        elif self.cursor >= len(self.cards) or (self.cards and self.cards[self.cursor] not in self.legal):
            self.cursor = self._first_legal()
        remaining = list(new)
        self.new = set()
        for i, c in enumerate(self.cards):
            if c in remaining:
                remaining.remove(c)
                self.new.add(i)
        self._paint()

    def _first_legal(self) -> int:
        for i, c in enumerate(self.cards):
            if c in self.legal:
                return i
        return 0

    @property
    def legal_indices(self) -> list[int]:
        return [i for i, c in enumerate(self.cards) if c in self.legal]

    @property
    def current(self) -> Optional[Card]:
        if not self.face_up:
            return None
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def move(self, step: int) -> None:
        self._last_digit = None
        if self.cards:
            self.cursor = (self.cursor + step) % len(self.cards)
            self._paint()

    def select(self, index: int) -> bool:
        self._last_digit = None
        if 0 <= index < len(self.cards):
            self.cursor = index
            self._paint()
            return True
        return False

    def digit(self, digit: int) -> Optional[int]:
        """The number key ``digit`` (1-9): the card of that number; with ten cards or
        more, the same digit pressed again goes on to the next card whose number
        starts with it (1, 10, 11, ...). No timer: each press moves on. The index
        chosen, or None."""
        numbers = [i for i in range(len(self.cards)) if str(i + 1).startswith(str(digit))]
        if not numbers:
            return None
        again = self._last_digit == digit and self.cursor in numbers
        index = numbers[(numbers.index(self.cursor) + 1) % len(numbers)] if again else numbers[0]
        self.select(index)
        self._last_digit = digit
        return index

    def toggle(self, index: Optional[int] = None) -> None:
        index = self.cursor if index is None else index
        if 0 <= index < len(self.cards):
            self.picked ^= {index}
            self._paint()

    def show_hint(self, cards: Iterable[Card], *, pick: bool = False) -> None:
        """Mark the cards a hint names and make them the choice, so that Enter does
        what the hint said: the cursor on the first of them and, with ``pick`` (a
        choice of several cards), them the cards picked. None: unmark."""
        hinted = frozenset(c for c in cards if c in self.cards) if self.face_up else frozenset()
        self.hinted = hinted
        self._last_digit = None
        if hinted:
            indices = [i for i, c in enumerate(self.cards) if c in hinted]
            self.cursor = indices[0]
            if pick:
                self.picked = set(indices)
        self._paint()

    def set_backs(self, count: int, *, title: str = "") -> None:
        """The hand face down: ``count`` card backs. No card is given, so none can be
        drawn, hinted, selected or clicked until a hand is laid again (``set_hand``)."""
        self.cards, self.legal, self.picked, self.new = (), set(), set(), set()
        self.backs, self.face_up, self.active, self.title = count, False, False, title
        self.gaps, self.hinted, self.marks, self.cursor = frozenset(), frozenset(), {}, 0
        self._paint()

    def turn_down(self) -> None:
        """Face down (a shared screen is opening): the cards are dropped, their count
        kept; the owner lays them again (``set_hand``) when the hand may show."""
        self.set_backs(len(self.cards) if self.face_up else self.backs, title=self.title)

    def repaint(self) -> None:
        """Draw again (after a theme change: the suit shades differ)."""
        self._paint()

    @property
    def picked_cards(self) -> list[Card]:
        return [self.cards[i] for i in sorted(self.picked)]

    # -- drawing ------------------------------------------------------------
    def _paint(self) -> None:
        if not self.is_mounted:
            return
        app = self.app
        ascii = getattr(app, "ascii_cards", False)
        dark = app.current_theme.dark
        # Repaint only what changed: bot moves leave the hand alone.
        key: tuple[Any, ...] = (self.cards, frozenset(self.legal), self.cursor, frozenset(self.picked), frozenset(self.new),
               self.active, self.face_up, self.title, ascii, dark, self.gaps, self.hinted, palette_name(),
               tuple(sorted(self.marks.items())), self.backs)
        held = max(len(self.cards), self.backs)
        two_rows = held >= TWO_ROWS_FROM
        narrow = self._narrow(held, two_rows)
        key += (narrow,)
        if key == getattr(self, "_painted", None):
            return
        if held > self.slots:  # more than the game declared: room is made, no card is dropped
            if not self._card_row.is_attached:  # pruned as the app closes: nothing to draw
                return
            self._card_row.mount(*[CardFace(i) for i in range(self.slots, held)])
            self.slots = held
            self.call_after_refresh(self._paint)
            return
        self._painted = key
        self.set_class(two_rows, "-two-rows")
        self.set_class(narrow, "-narrow")
        shown = 0  # card slots shown or hidden now: the row needs a layout pass
        for i, face in enumerate(self.query(CardFace)):
            card = self.cards[i] if i < len(self.cards) else None
            back = not self.face_up and i < self.backs
            shown += face.display != (card is not None or back)
            legal = card in self.legal
            face.show(card, ascii=ascii, dark=dark, legal=legal, cursor=self.active and i == self.cursor,
                      picked=i in self.picked, new=i in self.new, back=back,
                      hint=card is not None and card in self.hinted and self.active, gap=i in self.gaps,
                      mark=self.marks.get(card, "") if card is not None and self.face_up else "")
        self._title_rows = fit_rows(self._title_line, self._title_text(ascii, dark),
                                    self._title_rows)
        if shown:
            # Each slot asks for its layout pass when it next idles; a frame drawn
            # before that would show the new title over the old number of cards.
            # Ask now, so the next frame lays the row out with the title.
            self._card_row._clear_arrangement_cache()
            self.screen.refresh(layout=True)

    @property
    def rows(self) -> int:
        """The rows it takes now: the title's and the cards'."""
        return self._title_rows + (6 if max(len(self.cards), self.backs) >= TWO_ROWS_FROM else 3)

    def _narrow(self, held: int, two_rows: bool) -> bool:
        """Are the faces too wide for the room (a hand of 8 or 9 at 60 columns)? Then
        they are drawn narrower, so that every card shows; before the first layout,
        no."""
        room = self.content_region.width
        if not room:
            return False
        if two_rows:
            return 7 * 9 - 1 > room  # the grid's seven columns
        return held * 8 - 1 + len(self.gaps) > room  # a face and its margin, a cell more before each group

    def on_resize(self) -> None:
        # The room changed: the faces may have to be narrower (or may be wide again), the title take two rows.
        self._painted = None
        self._paint()

    def _title_text(self, ascii: bool, dark: bool) -> Text:
        """The title, then the marked cards by name: "◆ critical K♥ 7♦ · chief striker 9♥"."""
        out = Text(self.title)
        if not self.marks or not self.face_up:
            return out
        named: dict[str, list[Card]] = {}
        for card in self.cards:
            if card in self.marks:
                named.setdefault(self.marks[card], []).append(card)
        out.append(f"  {MARK} ", style="bold")
        for i, (name, cards) in enumerate(named.items()):
            if i:
                out.append(" · ")
            out.append(f"{name} ")
            for j, card in enumerate(cards):
                if j:
                    out.append(" ")
                out.append_text(card_text(card, ascii=ascii, dark=dark))
        return out
