"""The card table: seats round a central area, the trick in the middle.

Drawn from the game's :class:`~ohseven_tui.engine.protocol.TableView` only (the
family builds it from one seat's observation), so it serves every family and any
table size from 2 to 9 seats. The viewer sits at the bottom; the others follow
in play order round the table (to the viewer's left first). Each card of the
trick lies between the centre and the seat that played it; the card winning so
far is starred; a complete trick names its winner and is then swept to them.

Two motions, both Textual animations (``App.animation_level`` "none" turns them
off): the newest card slides in from its seat, and a won trick sweeps to the
winner's seat.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Card, Suit
from ...engine.protocol import TableTrick, TableView
from ..cards import dealer_mark, suit_style
from ..plain import printable

__all__ = ["TableArea", "seat_places", "score_words"]

# Partners' names: Okabe-Ito orange and sky blue, as far from each other as from the suits.
_SIDE_DARK = ("#e69f00", "#56b4e9")
_SIDE_LIGHT = ("#a85d00", "#0060a0")
SLIDE = 0.18  # seconds: a card from its seat to the table
SWEEP = 0.3  # seconds: a won trick to its winner
BIG = (120, 36)  # from this table size (columns, rows; the log beside it not counted) cards are drawn three rows tall


def score_words(score: str) -> str:
    """A seat's score with its unit: "1 pt", "-1 pt", "3 pts", "12/15 pts"."""
    return f"{score} {'pt' if score.lstrip('+-') == '1' else 'pts'}"


@dataclass
class _Box:
    x: int
    y: int
    width: int
    height: int

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.width / 2, self.y + self.height / 2)


def seat_places(players: int, bottom: int) -> list[float]:
    """Each seat's angle round the table (radians; screen y grows downwards):
    ``bottom`` at the bottom, then the next seats in play order clockwise on
    screen, so the seat after the viewer sits at the viewer's left."""
    return [math.pi / 2 + ((seat - bottom) % players) * 2 * math.pi / players for seat in range(players)]


class _Canvas:
    """A grid of cells, each one character and a style: pieces of text are laid at
    (x, y) and clipped to the grid; wide characters take two cells."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.rows: list[list[tuple[str, Optional[Style]]]] = [[(" ", None)] * width for _ in range(height)]

    def put(self, x: int, y: int, text: Text) -> None:
        if not 0 <= y < self.height:
            return
        row = self.rows[y]
        for span_text, style in _styled_chars(text):
            for ch in span_text:
                w = cell_len(ch)
                if w == 0:
                    continue
                if 0 <= x and x + w <= self.width:
                    row[x] = (ch, style)
                    if w == 2:
                        row[x + 1] = ("", style)
                x += w

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop", end="")
        for i, row in enumerate(self.rows):
            if i:
                out.append("\n")
            run: list[str] = []
            run_style: Optional[Style] = None
            for ch, style in row:
                if style != run_style and run:
                    out.append("".join(run), run_style)
                    run = []
                run_style = style
                run.append(ch)
            if run:
                out.append("".join(run), run_style)
        return out


def _styled_chars(text: Text) -> list[tuple[str, Optional[Style]]]:
    """A Text as (characters, style) runs, spans resolved."""
    return [(seg.text, seg.style) for seg in text.render(_CONSOLE) if seg.text and seg.text != "\n"]


def _console():  # a Console only to resolve a Text's spans into segments
    from rich.console import Console

    return Console(width=10_000, color_system="truecolor", legacy_windows=False)


_CONSOLE = _console()


class TableArea(Widget, can_focus=False):
    """The table's middle: seats round it, the trick on it."""

    DEFAULT_CSS = """
    TableArea { width: 1fr; height: 1fr; }
    """

    slide: reactive[float] = reactive(1.0, layout=False)
    sweep: reactive[float] = reactive(0.0, layout=False)

    def __init__(self, *, id: Optional[str] = None) -> None:
        super().__init__(id=id)
        self.view: Optional[TableView] = None
        self.bottom = 0  # the seat drawn at the bottom (the viewer)
        self.you: Optional[int] = None  # the seat called "you", if one human plays
        self.ascii = False
        self.dark = True
        self.held: Optional[TableTrick] = None  # a won trick on show, until it is swept
        self.swept_to: Optional[int] = None  # the seat the last sweep went to (for tests, and the eye)
        self._sliding: Optional[tuple[int, Any]] = None  # (seat, card) on its way in
        self._sweeping: Optional[TableTrick] = None
        self._seen: tuple = ()  # the trick's cards at the last show(): a new one slides in
        self._centre = (0.0, 0.0)
        self._reach = 0.5  # how far from the centre towards its seat a card lies
        self.big = False  # the trick's cards drawn large (a big table)
        self.faces: list[tuple[int, int, int, int]] = []  # each trick card drawn last: x, y, width, height

    # -- state -------------------------------------------------------------
    def show(self, view: TableView, bottom: int, *, you: Optional[int], ascii: bool, dark: bool,
             motion: float = SLIDE) -> None:
        """Draw ``view`` with seat ``bottom`` at the bottom. ``motion``: how long a
        card new to the trick takes to slide in (0: it is simply there)."""
        cards = view.trick.cards if view.trick is not None else ()
        new = len(cards) == len(self._seen) + 1 and cards[:-1] == self._seen
        self.view = view
        self.bottom = bottom
        self.you = you
        self.ascii = ascii
        self.dark = dark
        self._seen = cards
        if new and motion > 0 and self.is_mounted and self.app.animation_level != "none":
            self._sliding = cards[-1]
            self.slide = 0.0
            self.animate("slide", 1.0, duration=min(SLIDE, motion), easing="out_cubic", on_complete=self._slid)
        self.refresh()

    def _slid(self) -> None:
        self._sliding = None
        self.refresh()

    def hold(self, trick: TableTrick) -> None:
        """Keep a won trick in the middle, its winner named, until :meth:`sweep_away`."""
        self.held = trick
        self._sliding = None
        self.refresh()

    def sweep_away(self, done: Callable[[], None], duration: float = SWEEP) -> None:
        """Sweep the held trick to its winner (in ``duration`` seconds at most), then call ``done``."""
        trick = self.held
        self.held = None
        if trick is None:
            done()
            return
        self.swept_to = trick.winner

        def finished() -> None:
            self._sweeping = None
            self.refresh()
            done()

        if not self.is_mounted or self.app.animation_level == "none" or duration <= 0:
            self.refresh()
            finished()
            return
        self._sweeping = trick
        self.sweep = 0.0
        self.animate("sweep", 1.0, duration=min(SWEEP, duration), easing="in_cubic", on_complete=finished)

    def watch_slide(self) -> None:
        self.refresh()

    def watch_sweep(self) -> None:
        self.refresh()

    # -- drawing -------------------------------------------------------------
    def render(self) -> Text:
        width, height = self.size
        canvas = _Canvas(width, height)
        view = self.view
        self.faces = []
        if view is None or width < 20 or height < 5:
            return canvas.text()
        self.big = width >= BIG[0] and height >= BIG[1]
        top = 1 if view.trump else 0  # the trump line's row stays clear
        lines = 3 if height - top >= 13 else 2
        seat_lines = [self._seat_lines(view, seat, lines) for seat in range(len(view.seats))]
        room = max(10, (width - 2) // (2 if len(view.seats) <= 4 else 4))
        needs = [max(ln.cell_len for ln in seat) for seat in seat_lines]
        bw = min(room, max(needs))
        boxes = self._boxes(len(view.seats), bw, lines, width, height, top)
        self._widen(boxes, needs, width)
        self._centre = (width / 2, top + (height - top) / 2)
        self._draw_felt(canvas, boxes, width, height, top)
        for seat, box in enumerate(boxes):
            for i, ln in enumerate(seat_lines[seat]):
                ln = ln.copy()
                ln.truncate(box.width, overflow="ellipsis")
                canvas.put(box.x, box.y + i, ln)
        self._draw_trump(canvas, view)
        self._draw_sides(canvas, view, boxes, width, height)
        self._draw_trick(canvas, view, boxes, width, height)
        return canvas.text()

    def _boxes(self, n: int, bw: int, lines: int, width: int, height: int, top: int) -> list[_Box]:
        angles = seat_places(n, self.bottom)
        rx = max(0.0, (width - bw) / 2)
        ry = max(0.0, (height - top - lines) / 2)
        cy0 = top + (height - top) / 2
        boxes = []
        for seat in range(n):
            a = angles[seat]
            cx = width / 2 + rx * math.cos(a)
            cy = cy0 + ry * math.sin(a)
            x = int(round(cx - bw / 2))
            y = int(round(cy - lines / 2))
            boxes.append(_Box(min(max(0, x), width - bw), min(max(top, y), height - lines), bw, lines))
        return boxes

    def _widen(self, boxes: list[_Box], needs: Sequence[int], width: int) -> None:
        """A seat cut to the common width gets what it needs where that overlaps no
        other seat (the seats at the top and bottom have the room): a name and its
        marks are never cut for want of a wider box."""
        for seat, box in enumerate(boxes):
            need = min(needs[seat], width)
            if need <= box.width:
                continue
            centre = box.x + box.width / 2
            wide = _Box(min(max(0, int(round(centre - need / 2))), width - need), box.y, need, box.height)
            if not any(other is not box and other.x < wide.x + wide.width and other.x + other.width > wide.x
                       and other.y < wide.y + wide.height and other.y + other.height > wide.y for other in boxes):
                boxes[seat] = wide

    def _felt(self, boxes: Sequence[_Box], width: int, height: int, top: int) -> Optional[tuple[int, int, int, int]]:
        """The table itself, a frame round every card's place (with room for the
        card) that no seat reaches into; the cards come nearer the centre until one
        fits. None, at a size where none does: the cards lie halfway to their seat."""
        for reach in (0.5, 0.45, 0.4, 0.35):
            self._reach = reach
            slots = [self._slot(seat, boxes, width, height) for seat in range(len(boxes))]
            cx, cy = self._centre
            grow = 2 if self.big else 0  # a big card reaches a row further each way, and needs air
            half_w = max(12, int(max(abs(x - cx) for x, _ in slots)) + 5 + grow)  # two seats: still a table
            # The rows the cards are drawn on (as _draw_trick rounds them), a row of edge beyond:
            # from the centre's rounding instead, the top card could land on the edge.
            rows = [int(round(y)) for _, y in slots]
            x0, x1 = int(cx) - half_w, int(cx) + half_w
            y0, y1 = min(min(rows), int(round(cy)) - 2) - 1 - grow, max(max(rows), int(round(cy)) + 2) + 1 + grow
            if x1 - x0 < 16 or y0 < top or y1 >= height:
                continue
            if not any(b.x <= x1 and b.x + b.width > x0 and b.y <= y1 and b.y + b.height > y0 for b in boxes):
                return (x0, y0, x1, y1)
        self._reach = 0.5
        return None

    def _draw_felt(self, canvas: _Canvas, boxes: Sequence[_Box], width: int, height: int, top: int) -> None:
        felt = self._felt(boxes, width, height, top)
        if felt is None:
            return
        x0, y0, x1, y1 = felt
        # A double edge: a card box in a hand is single-lined, and no card on the
        # table should ever read as one (the hot-seat frame checks look for those).
        style = Style(dim=True)
        canvas.put(x0, y0, Text("╔" + "═" * (x1 - x0 - 1) + "╗", style=style))
        for y in range(y0 + 1, y1):
            canvas.put(x0, y, Text("║", style=style))
            canvas.put(x1, y, Text("║", style=style))
        canvas.put(x0, y1, Text("╚" + "═" * (x1 - x0 - 1) + "╝", style=style))

    def _seat_lines(self, view: TableView, seat: int, lines: int) -> list[Text]:
        info = view.seats[seat]
        winner = self.held.winner if self.held is not None else None
        head = Text()
        head.append("▶ " if info.to_act else ("✓ " if info.acted else ""), style="bold")
        name_style = "bold reverse" if info.to_act or seat == winner else ("bold" if seat == self.bottom else "")
        if info.side is not None and info.side < len(view.side_names):  # partners share a colour (the legend)
            name_style = f"{name_style} {self._side_style(info.side)}".strip()
        head.append(_cut(printable(info.name), 16), style=name_style)
        if info.mark:  # "*" hugs the name; a word ("eldest") stands apart
            head.append((" " if info.mark[:1].isalnum() else "") + info.mark, style="bold")
        if info.dealer:
            head.append(" " + dealer_mark(ascii=self.ascii), style="dim")
        if seat == self.you:
            head.append(" (you)", style="dim")
        cells = Text()
        for i, (label, value) in enumerate(info.cells):
            if i:
                cells.append(" · ", style="dim")
            cells.append(f"{label} ", style="dim")
            cells.append(value, style="bold")
        score = Text()
        score.append(info.score, style="bold")
        score.append(score_words(info.score)[len(info.score):], style="dim")
        backs = Text("▮" * min(info.hand_count, 13), style="dim") if info.hand_count else Text("")
        if lines >= 3:
            tail = backs.copy()
            if tail.cell_len:
                tail.append("  ")
            tail.append_text(score)
            return [head, cells, tail]
        both = cells.copy()
        if both.cell_len:
            both.append("  ")
        both.append_text(score)
        return [head, both]

    def _side_style(self, side: int) -> str:
        shades = _SIDE_DARK if self.dark else _SIDE_LIGHT
        return f"underline {shades[side % len(shades)]}"

    def _draw_sides(self, canvas: _Canvas, view: TableView, boxes: Sequence[_Box], width: int, height: int) -> None:
        """The sides, each in its colour as its seats' names are (so colour is
        never the only cue): in a corner no seat reaches, bottom left first."""
        sides = sorted({s.side for s in view.seats if s.side is not None and s.side < len(view.side_names)})
        if not sides:
            return
        legend = []
        for side in sides:
            legend.append(Text(_cut(printable(view.side_names[side]), max(24, width // 3)), style=f"bold {self._side_style(side)}"))
        wide = max(ln.cell_len for ln in legend)
        top = 1 if view.trump else 0
        corners = ((0, height - len(legend)), (width - wide, height - len(legend)), (width - wide, top), (0, top))
        for x, y in corners:
            if x < 0 or y < top:
                continue
            if not any(b.x < x + wide and b.x + b.width > x and b.y < y + len(legend) and b.y + b.height > y
                       for b in boxes):
                for i, ln in enumerate(legend):
                    canvas.put(x, y + i, ln)
                return

    def _draw_trump(self, canvas: _Canvas, view: TableView) -> None:
        if not view.trump:
            return
        line = self._parts(view.trump)
        if line.cell_len > canvas.width and view.trump_short:  # the family's own shorter words, not a cut
            line = self._parts(view.trump_short)
        canvas.put(0, 0, line)

    def _parts(self, parts: Sequence[Any]) -> Text:
        out = Text()
        for part in parts:
            if isinstance(part, Card):
                out.append_text(self._card(part))
            elif isinstance(part, Suit):
                out.append(part.letter if self.ascii else part.symbol, style=suit_style(part, self.dark))
            else:
                out.append(printable(str(part)))
        return out

    def _card(self, card: Any, *, star: bool = False, dim: bool = False, wide: bool = False) -> Text:
        style = suit_style(card.suit, self.dark) if not getattr(card, "is_joker", False) else "bold"
        face = f" {card.pretty(self.ascii)} "
        if wide:
            face = f" {face}".ljust(6)
        t = Text(face, style=style + " reverse" + (" dim" if dim else ""))
        if star:
            t.append("★", style="bold")
        return t

    def _slot(self, seat: int, boxes: Sequence[_Box], width: int, height: int) -> tuple[float, float]:
        """Where the card of ``seat`` lies: between the centre and its seat."""
        sx, sy = boxes[seat].centre
        cx, cy = self._centre
        reach = self._reach
        return (cx + (sx - cx) * reach, cy + (sy - cy) * reach)

    def _draw_trick(self, canvas: _Canvas, view: TableView, boxes: Sequence[_Box], width: int, height: int) -> None:
        trick = self._sweeping or self.held or view.trick
        if trick is None or not trick.cards:
            return
        for i, (seat, card) in enumerate(trick.cards):
            x, y = self._slot(seat, boxes, width, height)
            if self._sweeping is not None and trick.winner is not None:
                wx, wy = boxes[trick.winner].centre
                t = self.sweep
                x, y = x + (wx - x) * t, y + (wy - y) * t
            elif self._sliding is not None and (seat, card) == self._sliding and trick is view.trick:
                sx, sy = boxes[seat].centre
                t = self.slide
                x, y = sx + (x - sx) * t, sy + (y - sy) * t
            face = self._card(card, star=i == trick.winning and self._sweeping is None)
            if self.big:  # a face three rows tall and two cells wider: a card, not a word, on a big felt
                blank = Text(" " * 6, style=face.spans[0].style if face.spans else face.style)
                left, row = int(round(x - 3)), int(round(y))
                canvas.put(left, row - 1, blank)
                canvas.put(left, row, self._card(card, star=i == trick.winning and self._sweeping is None, wide=True))
                canvas.put(left, row + 1, blank)
                self.faces.append((left, row - 1, 6, 3))
            else:
                canvas.put(int(round(x - 2)), int(round(y)), face)
                self.faces.append((int(round(x - 2)), int(round(y)), len(card.pretty(self.ascii)) + 2, 1))
        if self.held is not None and trick.winner is not None:
            said = Text()
            said.append(printable(view.seats[trick.winner].name), style="bold")
            said.append(" wins the trick", style="bold")
            said.truncate(max(1, width // 2))
            used = {int(round(self._slot(seat, boxes, width, height)[1])) + d for seat, _ in trick.cards
                    for d in ((-1, 0, 1) if self.big else (0,))}
            used |= {y for b in boxes for y in range(b.y, b.y + b.height)
                     if b.x < width * 3 // 4 and b.x + b.width > width // 4}
            middle = int(self._centre[1])
            for y in (middle, middle - 1, middle + 1, middle - 2, middle + 2):
                if 0 < y < height and y not in used:
                    canvas.put(max(0, (width - said.cell_len) // 2), y, said)
                    break


def _cut(text: str, cells: int) -> str:
    out, used = [], 0
    for ch in text:
        w = cell_len(ch)
        if used + w > cells:
            break
        out.append(ch)
        used += w
    return "".join(out)
