"""Setup: seats (human or bot, with names), passing, seed and bot speed.

The defaults (one human against three normal bots) mean Enter starts at once.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from ..setup import BOT_SPEEDS, DEFAULT_DELAY, NAMES, GameSetup, SeatChoice

KIND_LABELS = [("Human", "human"), ("Bot: easy", "easy"), ("Bot: normal", "normal"), ("Bot: strong", "strong")]


class SetupScreen(Screen[None]):
    CSS_PATH = "setup.tcss"
    BINDINGS = [Binding("escape", "back", "Back"), Binding("ctrl+s", "start", "Start")]

    def __init__(self, setup: GameSetup | None = None) -> None:
        super().__init__()
        self.initial = setup

    def compose(self) -> ComposeResult:
        if self.initial is None:  # the saves feature: the last setup, if one was kept
            from ..last_setup import load_last_setup

            self.initial = load_last_setup(self.app)
        if self.initial is None:
            self.initial = GameSetup.default()
            self.initial.bot_delay = getattr(self.app, "bot_delay", DEFAULT_DELAY)
        s = self.initial
        speeds = dict(BOT_SPEEDS)
        speed = next((k for k, v in speeds.items() if v == s.bot_delay), None)
        if speed is None:  # a --bot-delay that is not one of the presets
            speed = "custom"
            speeds[speed] = s.bot_delay
        self.speeds = speeds
        yield Static("New game — Enter starts; Tab moves between choices", id="setup-title")
        with VerticalScroll(id="setup-body"):
            with Horizontal(classes="row"):
                yield Label("Players", classes="label")
                yield Select([(str(n), n) for n in range(2, 10)], value=s.players, allow_blank=False,
                             compact=True, id="players")
                yield Label("Passing", classes="label")
                yield Select([("off", False), ("on", True)], value=s.passing, allow_blank=False, compact=True,
                             id="passing")
            with Horizontal(classes="row"):
                yield Label("Bot speed", classes="label")
                yield Select([(f"{k} ({v:g}s)" if v else "instant", k) for k, v in speeds.items()],
                             value=speed, allow_blank=False, compact=True, id="speed")
                yield Label("Seed", classes="label")
                yield Input("" if s.seed is None else str(s.seed), placeholder="random", type="integer",
                            compact=True, id="seed")
            for i in range(9):
                seat = s.seats[i] if i < s.players else SeatChoice(NAMES[i], "normal")
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"Seat {i + 1}", classes="label")
                    yield Input(seat.name, max_length=14, compact=True, id=f"name-{i}", classes="name")
                    yield Select(KIND_LABELS, value=seat.player, allow_blank=False, compact=True,
                                 id=f"kind-{i}", classes="kind")
            with Horizontal(id="start-row"):
                yield Button("Start game", variant="primary", id="start")
                yield Static("", id="setup-error")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(self.initial.players)
        self.query_one("#start", Button).focus()

    def _show_seats(self, players: int) -> None:
        for i in range(9):
            self.query_one(f"#seat-{i}").display = i < players

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def choices(self) -> GameSetup:
        players = self.query_one("#players", Select).value
        seats = []
        for i in range(players):
            name = self.query_one(f"#name-{i}", Input).value.strip() or NAMES[i]
            seats.append(SeatChoice(name, self.query_one(f"#kind-{i}", Select).value))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        speed = self.query_one("#speed", Select).value
        return GameSetup(seats=seats, passing=bool(self.query_one("#passing", Select).value),
                         seed=abs(seed) if seed is not None else None,
                         bot_delay=self.speeds.get(speed, DEFAULT_DELAY))

    def action_start(self) -> None:
        from ..last_setup import remember_setup

        setup = self.choices()
        remember_setup(self.app, setup)
        self.app.start_table(setup.make_game(), bot_delay=setup.bot_delay)

    def action_back(self) -> None:
        self.app.back_to_menu()
