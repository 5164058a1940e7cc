"""Help (F1 or ?): the rules in brief and the keys.

Each family's UI package gives its rules and the keys of its own screens
(``HELP``, ``HELP_KEYS``; see ``ui.families``); the keys every game shares are here.
"""

from __future__ import annotations

from typing import Optional

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..cards import ascii_suits
from ..widgets.keys import KeysFooter

KEYS_BEFORE = (
    ("Everywhere", "`F1` or `?` help · `Ctrl+P` command palette (new game, rules, settings, quit, theme) · "
                   "`Ctrl+Q` quit · on the menu, `s` settings"),
    ("Your turn", "`←` `→` or a digit (the card's place in your hand: the footer gives the range) select a card · `Enter` play it · or click a card · `h` hint · "
                  "`o` hand by suit or by rank (the same order, so the same keys, on every screen) · "
                  "with Confirm play on (Settings), `Enter` twice (or two clicks); moving cancels"),
    ("Undo", "`u` takes back your own last card, against bots only (not hot-seat), until another seat acts: "
             "that is the bots' pace, so at bot speed instant there is no time to undo; not the game's last card"),
)
KEYS_AFTER = (
    ("Table", "`l` last trick · `t` scoresheet · `Esc` menu; while the bots move: `s` skip their pacing · "
              "`+` `-` bot speed"),
    ("Round's end", "the round summary (who made their bid, who missed and by how much), then the scoresheet: "
                    "`Enter` go on · `l` the round's last trick"),
    ("Watching bots", "`p` pause/resume · `s` skip to the end of the round · `+` `-` speed"),
    ("Hot-seat", "pass the keyboard when asked, then press `Enter`. Your cards are face up only during your "
                 "own turn: after a shared screen (bids, scoresheet, last trick, help, menu) you are asked again"),
    ("Saved games", "`Enter` review · `c` continue a game put aside · `o` sort column, `v` reverse · `f` one game "
                    "at a time · `u` finished or put aside only · `[` `]` pages of 100 · `x` delete (asks first) · "
                    "`p` players · `w` the files that could not be read, and why"),
    ("Players", "`f` one game family at a time, with its own rates · `Enter` a player's page (`g` their games)"),
)


def help_text(current: Optional[str] = None) -> str:
    """Every family's rules (in menu order; the family and game ``current``, the
    game in play, first), then one table of keys."""
    from ...engine import registry
    from ..families import family_ui

    parts: list[str] = []
    rows = list(KEYS_BEFORE)
    seen: set[str] = set()
    specs = list(registry.games())
    if current is not None:
        first = registry.game_spec(current).family
        specs.sort(key=lambda s: s.family != first)  # stable: menu order otherwise
    for spec in specs:
        if spec.family in seen:
            continue
        seen.add(spec.family)
        ui = family_ui(spec)
        text, keys = ui.help(current)
        parts.append(text.strip() or f"# {spec.label}\n\n{spec.description}")
        rows.extend(keys)
    parts.append(bots_help())
    rows.extend(KEYS_AFTER)
    table = "\n".join(["| Where | Keys |", "|---|---|", *(f"| {where} | {keys} |" for where, keys in rows)])
    return "\n\n".join(parts) + "\n\n# Keys\n\n" + table + "\n"


def bots_help() -> str:
    """The bot strengths, weakest first: what each does and how strong it measures."""
    from ...bots import bot_specs

    lines = ["# Bots", "", "Strengths, weakest first (choose one per seat in New game, or `--bots`):", ""]
    lines += [f"- **{b.label}**: {b.about or b.description}" for b in bot_specs()]
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen #help-body { width: 90; max-width: 100%; height: 100%; border: round $accent;
        background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,f1,question_mark,q", "close", "Close")]

    def __init__(self, game: Optional[str] = None) -> None:
        super().__init__()
        self.game = game  # the game in play: its rules come first

    def compose(self) -> ComposeResult:
        text = help_text(self.game)
        if getattr(self.app, "ascii_cards", False):
            text = ascii_suits(text)
        with VerticalScroll(id="help-body"):
            yield Static(Markdown(text))
        yield KeysFooter()

    def action_close(self) -> None:
        self.dismiss(None)
