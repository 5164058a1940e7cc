"""Game over: the winner(s), the final scoresheet, the statistics S1-S10 and the
running-score chart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...table.source import Observation
from ..messages import BackToMenu, NewGame
from ..plain import printable
from ..widgets.keys import KeysFooter
from ..widgets.score_chart import ScoreChart
from ..widgets.scoresheet import legend, sheet_for, statistics
from .last_trick import last_trick, last_trick_line

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp


VERSUS_GAMES = 20  # the record against the bots covers this many of a player's last games


def versus_text(records: list[tuple[str, list[Any]]], family: str, *, solo: bool) -> Text:
    """Each person's record against each bot strength, as the game-over screen
    shows it: "normal bot: 12 games, you won 7, it won 3, both 1, neither 1"."""
    out = Text()
    for name, versus in records:
        if not versus:  # no finished game with a bot in the saves (this one was not filed)
            continue
        you = "you" if solo else printable(name)
        whose = "Your" if solo else f"{you}'s"
        out.append(f"\n{whose} record against the bots over the last {VERSUS_GAMES} {family} games:\n",
                   style="bold")
        for h in versus:
            out.append(f"  {h.label}: {h.games} game{'s' if h.games != 1 else ''}, {you} won {h.won}, "
                       f"it won {h.lost}, both won {h.shared}, neither {h.neither}\n")
    out.rstrip()
    return out


class GameOverScreen(Screen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    CSS_PATH = "scoresheet.tcss"
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("m", "menu", "Menu"),
        Binding("escape", "menu", "Menu", show=False),
        Binding("q", "quit", "Quit"),
        Binding("l", "last_trick", "Last trick"),
    ]

    def __init__(self, obs: Observation) -> None:
        super().__init__()
        self.obs = obs

    def compose(self) -> ComposeResult:
        obs = self.obs
        names = [printable(s.name) for s in obs.seats]
        winners = [names[s] for s in obs.winners]
        best = max(obs.totals)
        if len(winners) == 1:
            title = f"Game over — {winners[0]} wins with {best} point{'' if abs(best) == 1 else 's'}!"
        else:
            title = f"Game over — {', '.join(winners[:-1])} and {winners[-1]} share the win with {best} point{'' if abs(best) == 1 else 's'}!"
        yield Static(Text(title), id="over-title")
        with VerticalScroll(id="over-body"):
            if last_trick(obs) is not None:  # the game's very last trick, never seen on the table
                yield Static(last_trick_line(obs, ascii=getattr(self.app, "ascii_cards", False),
                                             dark=self.app.current_theme.dark), id="over-last-trick")
            yield Static(sheet_for(obs), id="sheet")
            yield Static(Text(legend(obs)), classes="muted")
            yield Static(statistics(obs, names, ascii=getattr(self.app, "ascii_cards", False)),
                         id="stats")
            yield Static("", id="over-versus")  # filled from the saves, in a thread
            # Last, so the scoresheet and the statistics stay where they were at 80x24.
            sheet = obs.spec.sheet(obs)
            if sheet.rounds:
                yield ScoreChart(sheet, round_word=obs.view.round_word, title="Running score",
                                 ascii=getattr(self.app, "ascii_cards", False), id="over-chart")
        yield KeysFooter()

    def on_mount(self) -> None:
        humans = [s.name for s in self.obs.seats if s.player == "human"]
        bots = any(s.player != "human" for s in self.obs.seats)
        if humans and bots and self.app.storage() is not None:
            self._load_versus(humans)

    @work(thread=True, exclusive=True, group="versus")
    def _load_versus(self, names: list[str]) -> None:
        """Each person's record against the bots over their last games of this
        family, read from the saves index (the game just filed among them)."""
        from ...engine import registry
        from ..saves_index import saves_index

        try:
            index = saves_index(self.app)
            index.refresh()
            records = [(name, index.versus_bots(name, self.obs.spec.family, last=VERSUS_GAMES)) for name in names]
        except Exception as exc:  # the record is a bonus: never a reason for the screen to fail
            line = Text(f"Your record against the bots could not be read ({exc}).")
        else:
            line = versus_text(records, registry.family_label(self.obs.spec.family), solo=len(names) == 1)
        self.app.call_from_thread(self._show_versus, line)

    def _show_versus(self, line: Text) -> None:
        if self.is_mounted:
            self.query_one("#over-versus", Static).update(line)

    def action_new_game(self) -> None:
        self.app.post_message(NewGame())

    def action_last_trick(self) -> None:
        from .last_trick import LastTrickScreen

        self.app.push_screen(LastTrickScreen(self.obs))

    def action_menu(self) -> None:
        self.app.post_message(BackToMenu())

    async def action_quit(self) -> None:
        self.app.exit()
