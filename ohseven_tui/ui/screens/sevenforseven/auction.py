"""The auction (V8-V14): a basic bid (trump suit, bower rank, trick points), a
factor bid, or a pass. Every bid so far, the standing contract, the proposed trio
and every factor are public and shown; only totals above the standing one are
offered, and the engine judges the bid."""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from ....engine.cards import Suit, rank_label
from ....games.sevenforseven import AuctionPass, BasicBid, FactorBid, Observation
from ...cards import suit_style
from ...plain import plain, printable
from ..choose import ChooseScreen
from .narration import auction_lines, bid_words, factor_words, hand_words

MAX_POINTS = 28  # V20: the seven markers, 1 + 2 + ... + 7
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
FIELDS = ("suit", "rank", "points")


class BidPicker(Static):
    """One line: the suit, bower rank and points being bid; ↑↓ pick the field."""

    SCOPED_CSS = False  # its rule for a short screen starts at the screen
    DEFAULT_CSS = """
    BidPicker { height: 3; border: round $accent; padding: 0 1; }
    .-short BidPicker { height: auto; border: none; }  /* a short terminal: the words above need the room */
    """


class AuctionScreen(ChooseScreen):
    # Below 24 rows the prompt is one row over the bid, out of the scrolling words:
    # at their foot it was cut mid-sentence (the footer names each key in full).
    # A message (a hint) there takes the prompt's row (the footer names each key) and
    # only the rows the words above leave (fit_message): it took the bids' rows.
    DEFAULT_CSS = """
    AuctionScreen #short-prompt { display: none; height: auto; padding: 0 1; text-style: bold; }
    AuctionScreen.-short #short-prompt { display: block; }
    AuctionScreen.-short.-told #short-prompt { display: none; }
    AuctionScreen.-short.-no-bid #picker { display: none; }  /* its words repeat the short prompt's */
    AuctionScreen.-short #prompt { display: none; }
    """
    BINDINGS = [
        Binding("enter", "confirm", "Bid"),
        # A hinted factor or pass: Enter does that, and the footer says so (one Enter shows).
        Binding("enter", "follow('factor')", "Factor"),
        Binding("enter", "follow('pass')", "Pass"),
        Binding("left", "move(-1)", "Change", key_display="←→"),
        Binding("right", "move(1)", "Change", show=False),
        Binding("up", "field(-1)", "Field", key_display="↑↓"),
        Binding("down", "field(1)", "Field", show=False),
        Binding("tab", "field(1)", "Field", show=False),
        Binding("f", "factor", "Factor"),
        Binding("p", "pass_turn", "Pass"),
        Binding("0", "number(-1)", "Points", show=False),
    ]

    def choice_count(self) -> Optional[int]:
        return None  # ←→ change the bid's fields and the digits type points: nothing to count

    def __init__(self, obs: Observation, **kwargs: Any) -> None:
        super().__init__(obs, **kwargs)
        self.ranks = (11, 12, 13) if obs.pictures else tuple(range(2, 15))
        self.lowest = (obs.standing.points + 1) if obs.standing is not None else 1
        own = [a for a in obs.auction if type(a) is BasicBid and a.seat == obs.seat]
        if own:  # the bid you were making: only the points must rise
            self.suit, self.rank = own[-1].suit, own[-1].rank
        else:  # the first time, what the hand suggests
            held = Counter(int(c) & 3 for c in obs.hand if not c.is_joker)
            ranks = Counter(c.rank for c in obs.hand if not c.is_joker and c.rank in self.ranks)
            self.suit = max(SUITS, key=lambda s: (held[s], s))
            self.rank = max(self.ranks, key=lambda r: (ranks[r], r)) if ranks else self.ranks[-1]
        self.points = min(self.lowest, MAX_POINTS)
        self.field = 2  # points first: the number every bid must raise
        self._typed = ""  # digits typed for the points
        self.follow: Optional[Any] = None  # a hinted factor or pass: what Enter does until a field changes

    def compose_picker(self) -> ComposeResult:
        yield Static("", id="short-prompt")
        yield BidPicker("", id="picker")

    def setup(self) -> None:
        obs = self.obs
        me = printable(obs.seats[obs.seat].name)
        deal = f" · deal {obs.deal_number}" if obs.deal_number > 1 else ""
        self.query_one("#choose-title", Static).update(plain(
            f" {me} · {hand_words(obs)}{deal} · auction"))
        name = lambda s: obs.seats[s].name  # noqa: E731
        context = Text("\n").join(Text(self.plain(printable(ln))) for ln in auction_lines(obs, name))
        self.query_one("#context", Static).update(context)  # no empty row after it
        can_bid = self.lowest <= MAX_POINTS
        self.set_class(not can_bid, "-no-bid")
        factor = FactorBid(obs.seat) in obs.legal_actions
        self.query_one("#prompt", Static).update(Text(
            "Your bid: ←→ change, ↑↓ move between suit, bower rank and points, Enter bids. "
            + ("f raises your factor. " if factor else "")
            + "p passes." if can_bid else "No higher basic bid is left: f raises your factor, p passes."))
        self.query_one("#short-prompt", Static).update(Text(  # one row of 60 columns
            "Your bid: ←→ ↑↓ set it, Enter bids, " + ("f factor, " if factor else "") + "p passes."
            if can_bid else "No higher basic bid: f raises your factor, p passes."))
        self.lay_hand(obs.hand, title=f"{me}'s hand", active=False)
        self._paint()

    _words: Optional[Text] = None  # the message's whole words (fit_message may show fewer)

    def say(self, message: str, *, error: bool = False) -> None:
        super().say(message, error=error)
        widget = next(self.query("#message").results(Static), None)
        told = widget.content if widget is not None else None
        self._words = told if message and isinstance(told, Text) else None
        self.set_class(bool(message), "-told")
        if message and self.has_class("-short"):
            self.call_after_refresh(self.fit_message)

    def on_resize(self, event: events.Resize) -> None:
        """(ChooseScreen's own handler moves the seats: Textual calls both.)"""
        if self.has_class("-told"):
            self.call_after_refresh(self.fit_message)

    def fit_message(self) -> None:
        """Below 24 rows the auction's words come first: the message keeps one row (the
        prompt's) and any the words leave; longer, it is cut with "…" (its start says
        what it suggests)."""
        message = self.query_one("#message", Static)
        text = self._words
        if text is None or message.has_class("-empty"):
            return
        if not self.has_class("-short"):  # tall again: room for the whole words
            if message.content is not text:
                message.update(text)
            return
        words = self.query_one("#context", Static).outer_size.height
        rows = max(1, self.query_one("#choose-body").size.height + message.outer_size.height - words)
        width = message.content_size.width
        if width <= 1:
            return
        lines = text.wrap(self.app.console, width)
        if len(lines) <= rows:
            if message.content is not text:  # room again (a resize): the whole words
                message.update(text)
            return
        kept = list(lines)[:rows]
        last = kept[-1]
        last.truncate(width - 1)
        last.rstrip()
        if last.plain.endswith("·"):  # a cut between the hint's parts
            last.right_crop(1)
            last.rstrip()
        last.append("…")
        message.update(Text("\n").join(kept))

    def _standing_title(self) -> Text:
        """The standing bid on the picker's border: the context above may be scrolled away."""
        s = self.obs.standing
        if s is None:
            return Text("No bid stands yet")
        name = printable(self.obs.seats[s.seat].name)
        return Text(self.plain(f"Standing {s.points}{s.suit.symbol}{rank_label(s.rank)} by ") + name)

    def _paint(self) -> None:
        picker = self.query_one(BidPicker)
        picker.border_title = self._standing_title()
        if self.lowest > MAX_POINTS:
            picker.update(Text("No basic bid can top the standing one (28 points is the most)."))
            return
        dark = self.app.current_theme.dark
        out = Text()
        parts = (
            ("Trump ", Text(self.suit.letter if self.ascii else self.suit.symbol, style=suit_style(self.suit, dark))
             + Text(f" {self.suit.label}")),
            ("Bowers ", Text(rank_label(self.rank))),
            ("Points ", Text(f"{self.points}  ({self.lowest}–{MAX_POINTS})")),
        )
        for i, (label, value) in enumerate(parts):
            if i:
                out.append("   ")
            out.append(label, style="dim")
            chosen = i == self.field
            out.append("◀ " if chosen else "  ", style="bold")
            value.stylize("bold reverse" if chosen else "bold")
            out.append_text(value)
            out.append(" ▶" if chosen else "  ", style="bold")
        picker.update(out)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only the keys that can act now (Textual 8: False hides a binding)."""
        if action == "follow":
            return self.follow is not None and parameters[0] == ("factor" if type(self.follow) is FactorBid else "pass")
        if action == "confirm" and self.follow is not None:
            return False  # Enter does what the hint said: the follow bindings
        if action in ("confirm", "move", "field", "number"):
            return self.lowest <= MAX_POINTS  # at 28 points standing no basic bid is left (V9)
        return super().check_action(action, parameters)  # f stays: pressed too early or past ×6, it says why (V12)

    def follow_hint(self, action: Any) -> Optional[str]:
        """A hinted bid becomes the bid shown (Enter bids it); a hinted factor or pass
        is what Enter does, until the bid shown is changed."""
        self._unfollow()
        if type(action) is BasicBid and self.lowest <= action.points <= MAX_POINTS and action.rank in self.ranks:
            self.suit, self.rank, self.points, self._typed = action.suit, action.rank, action.points, ""
            self._paint()
        elif type(action) in (FactorBid, AuctionPass):
            self.follow = action
            self.refresh_bindings()
            return "Enter raises your factor" if type(action) is FactorBid else "Enter passes"
        return None

    def _unfollow(self) -> None:
        if self.follow is not None:
            self.follow = None
            self.refresh_bindings()

    def action_field(self, step: int) -> None:
        self._unfollow()
        self._typed = ""
        self.field = (self.field + step) % len(FIELDS)
        self._paint()

    def action_move(self, step: int) -> None:
        self._unfollow()
        self._typed = ""
        if self.lowest > MAX_POINTS:
            return
        if FIELDS[self.field] == "suit":
            self.suit = SUITS[(SUITS.index(self.suit) - step) % 4]  # ← is the lower suit
        elif FIELDS[self.field] == "rank":
            self.rank = self.ranks[(self.ranks.index(self.rank) + step) % len(self.ranks)]
        else:
            self.points = min(MAX_POINTS, max(self.lowest, self.points + step))
        self._paint()

    def action_number(self, index: int) -> None:
        """Digits type the points (1-9 call number(0..8), 0 calls number(-1)): "1" then "5" is 15."""
        self._unfollow()
        digit = str(index + 1 if index >= 0 else 0)
        typed = self._typed + digit if len(self._typed) < 2 else digit
        if not 0 < int(typed) <= MAX_POINTS:
            typed = digit
        self._typed = typed
        self.field = FIELDS.index("points")
        value = int(typed)
        if self.lowest <= value <= MAX_POINTS:
            self.points = value
            self.say("")
        elif value:
            self.say(f"{value} point{'' if value == 1 else 's'} would not top the standing bid: bid {self.lowest} to {MAX_POINTS}.")
        self._paint()

    def action_follow(self, _kind: str) -> None:
        if self.follow is not None:  # what the hint said
            follow, self.follow = self.follow, None
            self.refresh_bindings()
            if self._try(follow):
                self.dismiss(follow)

    def action_confirm(self) -> None:
        if self.lowest > MAX_POINTS:
            self.say("No basic bid is left: f raises your factor, p passes.", error=True)
            return
        action = BasicBid(self.obs.seat, int(self.suit), self.rank, self.points)
        if self._try(action):
            self.dismiss(action)

    def action_factor(self) -> None:
        action = FactorBid(self.obs.seat)
        if self._try(action):
            self.dismiss(action)

    def action_pass_turn(self) -> None:
        action = AuctionPass(self.obs.seat)
        if self._try(action):
            self.dismiss(action)


__all__ = ["AuctionScreen", "bid_words", "factor_words"]
