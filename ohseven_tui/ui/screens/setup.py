"""Setup: the game, seats (human or bot, with names), the game's options, seed and
bot speed. The game (from the registry) decides the player range, the options on
offer (its spec declares them), and the bots (a bot class says which games it
plays).

The defaults (one human against three normal bots) mean Enter starts at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static
from textual.widgets.select import NoSelection

from ...engine.protocol import Option
from ...safetext import clean_name
from ..messages import BackToMenu, ChangeSettings, StartGame
from ..setup import (
    BOT_SPEEDS,
    DEFAULT_DELAY,
    MAX_SEATS,
    NAMES,
    GameSetup,
    SeatChoice,
    all_options,
    bot_notes,
    bots_for,
    default_bot,
    default_game_name,
    game_spec,
    games,
)
from ..widgets.keys import KeysFooter
from ..widgets.text_field import TextField

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp

RESERVED_IDS = frozenset({"rules", "players", "speed", "seed", "start"})  # the screen's own choices


def kind_labels(game: str) -> list[tuple[str, str]]:
    """Human, and the bots that play ``game`` (asked each time: bots learn games)."""
    return [("Human", "human")] + [(f"Bot: {name}", name) for name in bots_for(game)]


def option_id(opt: Option) -> str:
    """An option's widget id: its name, unless the screen uses that id itself."""
    return opt.name if opt.name not in RESERVED_IDS else f"option-{opt.name}"


def choice_label(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def chosen(select: Select[Any]) -> Any:
    """The value of one of this screen's Selects: all are made with allow_blank=False."""
    value = select.value
    assert not isinstance(value, NoSelection), select.id  # allow_blank=False: never blank
    return value



def _own(spec: Any, opt: Any) -> Any:
    """The game's own option of that name (its choices), else the shared one."""
    return next((o for o in spec.options if o.name == opt.name), opt)

class SetupScreen(Screen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

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
        s = self.initial
        # The settings (or this run's --bot-delay, or +/- at a table) set the pace,
        # and the settings' name is seat 1's.
        s.bot_delay = getattr(self.app, "bot_delay", DEFAULT_DELAY)
        name = self.app.settings.name
        if name and s.seats and s.seats[0].player == "human":
            s.seats[0] = SeatChoice(name, "human")
        speeds = dict(BOT_SPEEDS)
        speed = next((k for k, v in speeds.items() if v == s.bot_delay), None)
        if speed is None:  # a --bot-delay that is not one of the presets
            speed = "custom"
            speeds[speed] = s.bot_delay
        self.speeds = speeds
        # A --bot-delay paces this run only: left as it is, it is neither remembered nor saved.
        self.flag_speed = speed if getattr(self.app, "asked_delay", None) is not None else None
        names = [spec.name for spec in games()]
        game = s.game if s.game in names else default_game_name()
        spec = game_spec(game)
        low, high = spec.players
        players = min(max(s.players, low), high)
        kinds = kind_labels(game)
        declared = {opt.name for opt in spec.options}
        # Enter in any text field starts the game (on_input_submitted): say so.
        yield Static("New game — Tab moves between choices; Enter opens a list, and starts the game "
                     "from a name or the seed field or on Start", id="setup-title")
        body = VerticalScroll(id="setup-body")
        body.can_focus = False  # no empty Tab stop: focusing a choice scrolls it into view
        with body:
            with Horizontal(classes="row", id="rules-row"):  # the note wraps rather than being cut
                yield Label("Rules", classes="label")
                yield Select([(g.label, g.name) for g in games()], value=game, allow_blank=False,
                             compact=True, id="rules")
                yield Static("", id="rules-note")
            # Players, then every option any game declares, two to a row; an
            # option the chosen game lacks keeps its place (the layout stays put)
            # but is hidden, off and disabled.
            choices: list[tuple[str, Any]] = [("Players", None), *((opt.label, opt) for opt in all_options())]
            for start in range(0, len(choices), 2):
                with Horizontal(classes="row"):
                    for label, opt in choices[start:start + 2]:
                        tag = Label(label, classes="label", id=None if opt is None else f"label-{option_id(opt)}")
                        if opt is not None and opt.name not in declared:
                            tag.styles.visibility = "hidden"
                        yield tag
                        if opt is None:
                            yield Select([(str(n), n) for n in range(low, high + 1)], value=players,
                                         allow_blank=False, compact=True, id="players")
                            continue
                        opt = _own(spec, opt)  # two games may give one option name different choices
                        value = s.options.get(opt.name, opt.default) if opt.name in declared else opt.default
                        if value not in opt.choices:
                            value = opt.default
                        select = Select([(choice_label(c), c) for c in opt.choices], value=value,
                                        allow_blank=False, compact=True, id=option_id(opt), classes="option",
                                        disabled=opt.name not in declared, tooltip=opt.help or None)
                        if opt.name not in declared:
                            select.styles.visibility = "hidden"
                        yield select
            with Horizontal(classes="row"):
                yield Label("Bot speed", classes="label")
                yield Select([(f"{k} ({v:g}s)" if v else "instant", k) for k, v in speeds.items()],
                             value=speed, allow_blank=False, compact=True, id="speed")
                yield Label("Seed", classes="label")
                yield TextField("" if s.seed is None else str(s.seed), placeholder="random", type="integer",
                            compact=True, id="seed")
            for i in range(MAX_SEATS):
                seat = s.seats[i] if i < s.players else SeatChoice(NAMES[i], default_bot(game))
                kind = seat.player if any(k == seat.player for _, k in kinds) else kinds[-1][1]
                with Horizontal(classes="row seat", id=f"seat-{i}"):
                    yield Label(f"Seat {i + 1}", classes="label")
                    yield TextField(seat.name, max_length=14, compact=True, id=f"name-{i}", classes="name")
                    yield Select(kinds, value=kind, allow_blank=False, compact=True,
                                 id=f"kind-{i}", classes="kind")
            yield Static("", id="bots-note")
            with Horizontal(id="start-row"):
                yield Button("Start game", variant="primary", id="start")
                yield Static("", id="setup-error")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._show_seats(chosen(self.query_one("#players", Select)))
        self._note_rules(chosen(self.query_one("#rules", Select)))
        self.query_one("#start", Button).focus()

    def _note_rules(self, game: str) -> None:
        notes = bot_notes(game)
        self.query_one("#rules-note", Static).update(game_spec(game).players_words("-"))  # the bots: under the seats
        self.query_one("#bots-note", Static).update(
            "Bots, weakest first: " + " · ".join(f"{name}: {words}" for name, words in notes))

    def _apply_rules(self, game: str) -> None:
        """Clamp the player count to the game's range, offer only the bots that
        play it, and turn off (to their defaults) the options it does not have."""
        spec = game_spec(game)
        low, high = spec.players
        players = self.query_one("#players", Select)
        count = min(max(chosen(players), low), high)
        players.set_options([(str(n), n) for n in range(low, high + 1)])
        players.value = count
        self._show_seats(count)
        kinds = kind_labels(game)
        allowed = [k for _, k in kinds]
        fallback = default_bot(game)
        for i in range(MAX_SEATS):
            select = self.query_one(f"#kind-{i}", Select)
            kind = select.value
            select.set_options(kinds)
            select.value = kind if kind in allowed else fallback
        declared = {opt.name for opt in spec.options}
        for opt in all_options():
            select = self.query_one(f"#{option_id(opt)}", Select)
            mine = _own(spec, opt)
            # Select.NULL is the blank (none here: allow_blank=False); Select.BLANK is
            # Widget's False flag, and would drop a False choice (card passing off)
            if tuple(mine.choices) != tuple(v for _, v in select._options if v is not Select.NULL):
                # another game's choices under the same name: offer this game's
                select.set_options([(choice_label(c), c) for c in mine.choices])
                select.value = mine.default
            if opt.name not in declared:
                select.value = opt.default
            select.disabled = opt.name not in declared
            shown = "visible" if opt.name in declared else "hidden"
            select.styles.visibility = shown
            self.query_one(f"#label-{option_id(opt)}", Label).styles.visibility = shown
        self._note_rules(game)

    def _show_seats(self, players: int) -> None:
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-{i}").display = i < players

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)
        elif event.select.id == "rules" and event.value in [g.name for g in games()]:
            self._apply_rules(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def choices(self) -> GameSetup:
        players = chosen(self.query_one("#players", Select))
        seats = []
        for i in range(players):
            name = clean_name(self.query_one(f"#name-{i}", Input).value) or NAMES[i]
            seats.append(SeatChoice(name, chosen(self.query_one(f"#kind-{i}", Select))))
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.lstrip("-").isdigit() else None
        speed = chosen(self.query_one("#speed", Select))
        game = chosen(self.query_one("#rules", Select))
        declared = {opt.name for opt in game_spec(game).options}
        options = {opt.name: self.query_one(f"#{option_id(opt)}", Select).value
                   for opt in all_options() if opt.name in declared}
        return GameSetup(seats=seats, options=options, seed=abs(seed) if seed is not None else None,
                         bot_delay=self.speeds.get(speed, DEFAULT_DELAY), game=game)

    def action_start(self) -> None:
        from ..last_setup import remember_setup

        setup = self.choices()
        try:
            game = setup.make_game()
        except ValueError as exc:  # OptionError or the family's own: the choices keep to the range; never crash
            self.query_one("#setup-error", Static).update(Text(str(exc)))
            return
        speed = chosen(self.query_one("#speed", Select))
        if speed == self.flag_speed:  # the run's flag, untouched: keep the settings' pace instead
            remember_setup(self.app, GameSetup(seats=setup.seats, options=setup.options, seed=setup.seed,
                                               bot_delay=self.app.settings.bot_delay, game=setup.game))
        else:
            remember_setup(self.app, setup)
            if speed in BOT_SPEEDS:  # one bot speed: the settings' (not a --bot-delay's "custom")
                self.app.post_message(ChangeSettings(bot_speed=speed, apply=False))
        self.app.post_message(StartGame(game, bot_delay=setup.bot_delay))

    def action_back(self) -> None:
        self.app.post_message(BackToMenu())
