"""One saved game: scoresheet, statistics S1-S10, a chart of running scores, and a
trick-by-trick replay of any round.

The replay reads the game's record (``engine.record.to_record``), the same public
log a save file holds: a finished game has no secrets left.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import ContentSwitcher, Footer, Static

from ...engine import Card, parse_card, record
from ..cards import cards_text
from ..widgets.scoresheet import legend, scoresheet, statistics
from ..plain import plain, printable

VIEWS = ("scoresheet", "statistics", "chart", "replay")


# ---------------------------------------------------------------------------- replay model
@dataclass
class ReplayStep:
    """One moment of a round: every seat's hand then, and what each seat did."""

    round: int
    title: str
    hands: list[list[Card]]
    notes: list[str] = field(default_factory=list)  # per seat
    summary: str = ""


def _cards(texts) -> list[Card]:
    return [parse_card(t) for t in texts]


def round_steps(game, round_index: int, label=None) -> list[ReplayStep]:
    """Every step of one round: each deal, its passes, each bid attempt, each trick,
    and the round's score. ``label`` writes a card (default ``Card.text``: "5S")."""
    label = label or Card.text

    def _text(cards: Sequence[Card]) -> str:
        return " ".join(label(c) for c in cards)
    rec = record.to_record(game)
    preset = rec["rules"]["preset"]
    log = rec["rounds"][round_index]
    size = log["hand_size"]
    names = [printable(s["name"]) for s in rec["seats"]]  # shown, never parsed
    n = len(names)
    number = log["round"]
    steps: list[ReplayStep] = []
    deals = log["deals"]
    hands: list[list[Card]] = []
    for d, deal in enumerate(deals, start=1):
        of = f" (deal {d} of {len(deals)})" if len(deals) > 1 else ""
        hands = [sorted(_cards(h), reverse=True) for h in deal["hands"]]
        notes = ["dealer" if s == log["dealer"] else "" for s in range(n)]
        why = " again: nobody had an unbid card left (R13)" if d > 1 else ""
        turned = ""
        if preset != "oh-seven":  # H3, U3: the next card of the pack is turned
            if deal.get("turned"):
                card = parse_card(deal["turned"])
                turned = f" and turns up {label(card)}: {card.suit.label} are trump"
            else:
                turned = ": no card is left to turn, so there is no trump"
        word = "card" if size == 1 else "cards"
        steps.append(ReplayStep(number, f"Round {number}: the deal{of}", [list(h) for h in hands], notes,
                                f"{names[log['dealer']]} deals {size} {word} to each seat{why}{turned}."))
        if deal.get("passes") is not None and log.get("pass"):
            passes = [_cards(p) for p in deal["passes"]]
            step = 1 if log["pass"]["direction"] == "left" else -1
            after = [list(h) for h in hands]
            for s, cards in enumerate(passes):
                for c in cards:
                    after[s].remove(c)
            for s, cards in enumerate(passes):
                after[(s + step) % n].extend(cards)
            hands = [sorted(h, reverse=True) for h in after]
            notes = [f"passes {_text(passes[s])} to {names[(s + step) % n]}" for s in range(n)]
            steps.append(ReplayStep(number, f"Round {number}: passing{of}", [list(h) for h in hands], notes,
                                    f"Everyone passes {log['pass']['count']} {log['pass']['direction']} (R6)."))
        attempts = deal["bid_attempts"]
        if preset != "oh-seven":
            for attempt in attempts:
                steps.append(_number_bid_step(number, preset, log, attempt, names, [list(h) for h in hands], label))
            attempts = []
        for a, attempt in enumerate(attempts, start=1):
            bids = _cards(attempt["bids"])
            top = max(bids)
            notes = [f"bids {label(b)} ({b.rank})" + (" top" if b == top else "") + (f", +{attempt['bonus'][s]}" if attempt["bonus"][s] else "")
                     for s, b in enumerate(bids)]
            outcome = attempt["outcome"]
            if outcome == "stands":
                summary = f"The bids stand (sum {attempt['sum']}): {top.suit.label} is trump."
            elif outcome == "sum-7":
                summary = f"The bids sum to {attempt['sum']}: each top bidder scores 1 (R11), then a rebid."
            else:
                summary = "Two identical top cards: nobody is top bidder, a rebid (R10)."
            if outcome != "stands" and a == len(attempts) and d < len(deals):
                summary += " No unbid card is left: the round is dealt again (R13)."
            what = "bid" if a == 1 else f"rebid {a - 1}"
            steps.append(ReplayStep(number, f"Round {number}: {what}{of}", [list(h) for h in hands], notes, summary))
    for t, trick in enumerate(log["tricks"], start=1):
        cards = _cards(trick["cards"])
        notes = [""] * n
        for i, c in enumerate(cards):
            seat = (trick["leader"] + i) % n
            hands[seat].remove(c)
            notes[seat] = ("leads " if i == 0 else "plays ") + label(c) + (", wins" if seat == trick["winner"] else "")
        steps.append(ReplayStep(number, f"Round {number}: trick {t} of {len(log['tricks'])}",
                                [list(h) for h in hands], notes,
                                f"{names[trick['winner']]} wins the trick."))
    if log.get("points") is not None:
        running = [0] * n
        for r in rec["rounds"][: round_index + 1]:
            if r.get("round_points") is not None:
                running = [x + p for x, p in zip(running, r["round_points"])]
        notes = []
        for s in range(n):
            bonus = f" +{log['bonus'][s]} rebid" if log["bonus"][s] else ""
            notes.append(f"bid {log['bids'][s]}, took {log['taken'][s]}: {log['points'][s]:+d}{bonus}, total {running[s]}")
        steps.append(ReplayStep(number, f"Round {number}: the score", [list(h) for h in hands], notes,
                                SCORE_RULES.get(preset, "")))
    return steps


SCORE_RULES = {
    "oh-seven": "Exact bid: bid + 2; a miss loses the difference (R16).",
    "classic": "Exact bid: 10 + tricks; a miss scores 0 (H6).",
    "up-and-down": "Exact bid: the bid in points; a miss loses the difference (U6).",
}


def _number_bid_step(number, preset, log, attempt, names, hands, label) -> ReplayStep:
    """The number bids of an Oh Hell round (H4 in turn with the hook, U4 at once)."""
    n = len(names)
    dealer, size, bids = log["dealer"], log["hand_size"], attempt["bids"]
    notes = [f"bids {b}" + (" (dealer)" if s == dealer else "") for s, b in enumerate(bids)]
    if preset == "classic":
        first = (dealer + 1) % n
        order = ", ".join(f"{names[(first + k) % n]} {bids[(first + k) % n]}" for k in range(n))
        hook = size - (sum(bids) - bids[dealer])
        barred = f"; {names[dealer]} could not bid {hook} (the hook)" if 0 <= hook <= size else ""
        summary = f"Bids in turn from the dealer's left (H4): {order}. Sum {attempt['sum']} of {size}{barred}."
    else:
        summary = f"Everyone bids at once (U4); the bids sum to {attempt['sum']} of {size}."
    if log["trump"] is None:
        summary += " No trump this hand."
    else:
        turned = parse_card(log["deals"][-1]["turned"])
        summary += f" Trump: {turned.suit.label} ({label(turned)} turned)."
    leader = log["leader"]
    if leader is not None:
        summary += f" {names[leader]} leads."
    return ReplayStep(number, f"Round {number}: bids", hands, notes, summary)


def running_totals(results, players: int) -> list[list[int]]:
    """Per seat: 0, then the total after each round (R17)."""
    rows = [[0] for _ in range(players)]
    for r in results:
        for s in range(players):
            rows[s].append(rows[s][-1] + r.round_points[s])
    return rows


def totals_table(results, names: Sequence[str]) -> Table:
    """The chart's numbers: running totals, a row per player, a column per round."""
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold")
    table.add_column("", no_wrap=True)
    table.add_column("Player", no_wrap=True, max_width=14)
    for r in range(1, len(results) + 1):
        table.add_column(f"R{r}", justify="right")
    for s, row in enumerate(running_totals(results, len(names))):
        table.add_row(str(s + 1), plain(names[s]), *(str(v) for v in row[1:]))
    return table


def score_chart(results, names: Sequence[str], height: int = 16) -> Text:
    """Each player's running score by round, one marker per player (1-9 by seat; '*'
    where two meet), rounds across, points up."""
    lines = running_totals(results, len(names))
    values = [v for row in lines for v in row]
    low, high = min(values), max(values)
    if high == low:
        high = low + 1
    rows = max(2, min(height, high - low + 1))
    col_width = 5
    width = col_width * (len(results)) + 1

    def row_of(v: int) -> int:
        return round((high - v) * (rows - 1) / (high - low))

    grid = [[" "] * width for _ in range(rows)]
    zero = row_of(0) if low <= 0 <= high else None
    if zero is not None:
        grid[zero] = ["·"] * width
    for s, row in enumerate(lines):
        mark = str(s + 1)
        for r, v in enumerate(row):
            y, x = row_of(v), r * col_width
            grid[y][x] = mark if grid[y][x] in (" ", "·") else "*"
    label_w = max(len(str(high)), len(str(low)))
    out = Text()
    for y in range(rows):
        value = high - (high - low) * y / (rows - 1)
        label = "0" if y == zero else str(round(value)) if y in (0, rows - 1) else ""
        out.append(f"{label:>{label_w}} ┤", style="dim")
        for ch in grid[y]:
            out.append(ch, style="bold" if ch.isdigit() or ch == "*" else "dim")
        out.append("\n")
    axis = "".join(f"{r:<{col_width}}" for r in range(len(results) + 1))
    out.append(" " * label_w + "  " + axis.rstrip() + "   (round)\n", style="dim")
    out.append("  ".join(f"{s + 1} {name}" for s, name in enumerate(names)))
    out.append("  * two or more players", style="dim")
    return out


# ---------------------------------------------------------------------------- screen
class GameReviewScreen(Screen[None]):
    CSS_PATH = "saved_games.tcss"
    BINDINGS = [
        Binding("escape,q", "close", "Back"),
        Binding("s", "view('scoresheet')", "Scoresheet"),
        Binding("t", "view('statistics')", "Statistics"),
        Binding("c", "view('chart')", "Chart"),
        Binding("r", "view('replay')", "Replay"),
        Binding("right,l", "step(1)", "Step", priority=True),
        Binding("left,h", "step(-1)", "Back a step", priority=True),
        Binding("]", "round(1)", "Next round"),
        Binding("[", "round(-1)", "Prev round"),
        Binding("home", "edge(0)", "First step", show=False),
        Binding("end", "edge(-1)", "Last step", show=False),
    ]

    def __init__(self, saved) -> None:
        super().__init__()
        self.saved = saved
        self.game = saved.game
        self.view = "scoresheet"
        self.round_index = 0
        self.step_index = 0
        self._steps: dict[int, list[ReplayStep]] = {}

    @property
    def ascii(self) -> bool:
        return bool(getattr(self.app, "ascii_cards", False))

    def compose(self) -> ComposeResult:
        saved, game = self.saved, self.game
        names = [printable(s.name) for s in game.seats]
        results = game.results()
        if saved.finished:
            who = ", ".join(saved.winner_names)
            state = f"won by {who} with {max(game.totals)}"
        else:
            state = f"unfinished after {len(results)} of {game.rules.rounds} rounds"
        yield Static(plain(f"{saved.id}: {game.rules.describe()}, {saved.date.replace('T', ' ').rstrip('Z')}, {state}"),
                     id="review-title")
        with ContentSwitcher(initial="scoresheet", id="review-views"):
            with VerticalScroll(id="scoresheet"):
                # An unfinished game: the round it stopped in, with any R11 point won.
                # An unfinished game: the round it stopped in, with any points won in it.
                obs = game.observe(0)
                sheet = game.spec.sheet(obs)
                yield Static(scoresheet(sheet), id="review-sheet")
                yield Static(Text(legend(sheet, in_play=sheet.current is not None)), classes="legend")
            with VerticalScroll(id="statistics"):
                yield Static(statistics(game.spec.stats(obs), names, ascii=self.ascii), id="review-stats")
            with VerticalScroll(id="chart"):
                yield Static(Text("Running score by round"), classes="legend")
                yield Static(score_chart(results, names) if results else Text("No round finished."), id="review-chart")
                yield Static(totals_table(results, names), id="review-totals")
            with VerticalScroll(id="replay"):
                yield Static(id="replay-title")
                yield Static(id="replay-body")
                yield Static(Text("← → step · [ ] round · Home End"), classes="legend")
        yield Footer()

    def on_mount(self) -> None:
        self._show_step()

    @property
    def replay_rounds(self) -> int:
        """Rounds the replay may show. An unfinished game's round in play stays
        hidden: its hands are still in play, and whoever resumes it may be watching."""
        return len(self.game.rounds) if self.saved.finished else len(self.game.results())

    def check_action(self, action: str, parameters) -> Optional[bool]:
        if action in ("step", "round", "edge"):
            return self.view == "replay" and self.replay_rounds > 0
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_view(self, view: str) -> None:
        self.view = view
        self.query_one(ContentSwitcher).current = view
        self.refresh_bindings()
        self._show_step()

    def steps(self) -> list[ReplayStep]:
        if self.round_index not in self._steps:
            label = (lambda c: c.pretty(self.ascii))
            shown = self.round_index < self.replay_rounds
            self._steps[self.round_index] = round_steps(self.game, self.round_index, label) if shown else []
        return self._steps[self.round_index]

    def action_step(self, delta: int) -> None:
        steps = self.steps()
        new = self.step_index + delta
        if 0 <= new < len(steps):
            self.step_index = new
        elif new >= len(steps) and self.round_index + 1 < self.replay_rounds:
            self.round_index += 1
            self.step_index = 0
        elif new < 0 and self.round_index > 0:
            self.round_index -= 1
            self.step_index = len(self.steps()) - 1
        self._show_step()

    def action_round(self, delta: int) -> None:
        new = self.round_index + delta
        if 0 <= new < self.replay_rounds:
            self.round_index = new
            self.step_index = 0
        self._show_step()

    def action_edge(self, where: int) -> None:
        self.step_index = 0 if where == 0 else len(self.steps()) - 1
        self._show_step()

    @property
    def current_step(self) -> Optional[ReplayStep]:
        steps = self.steps()
        return steps[self.step_index] if steps else None

    def _show_step(self) -> None:
        step = self.current_step
        title = self.query_one("#replay-title", Static)
        body = self.query_one("#replay-body", Static)
        if step is None:
            if self.game.rounds and not self.saved.finished:
                title.update(Text("No round of this unfinished game is over yet; the round in play stays "
                                  "hidden until it is."))
            else:
                title.update(Text("Nothing was dealt in this game."))
            body.update("")
            return
        steps = self.steps()
        title.update(Text(f"{step.title}  ·  step {self.step_index + 1} of {len(steps)}", style="bold"))
        table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold")
        table.add_column("Seat", no_wrap=True, max_width=14)
        table.add_column("Hand", no_wrap=True)
        table.add_column("This step")
        for s, seat in enumerate(self.game.seats):
            note = step.notes[s] if s < len(step.notes) else ""
            table.add_row(plain(seat.name), cards_text(step.hands[s], ascii=self.ascii), Text(note))
        body.update(Group(table, Text(""), Text(step.summary)))
