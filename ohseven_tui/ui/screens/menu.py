"""The main menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..messages import NewGame, OpenJoin, ShowHelp, ShowSettings, StartGame, StartTutorial
from ..narration import out_of
from ..plain import plain
from ..widgets.keys import KeysFooter

if TYPE_CHECKING:
    from textual import getters

    from ..appface import GameApp

BANNER = "♠ ♥  O H - S E V E N  ♦ ♣"



def continue_words(game: Any, room: Optional[int] = None) -> str:
    """Which game Continue picks up: "Continue: Oh-Seven, 4 players, round 3 of 7" (the
    game's own word); in fewer than ``room`` cells, "Continue: Oh-Seven, round 3/7"."""
    view = game.spec.view(game.options)
    words = (f"Continue: {game.spec.label}, {game.players} players, "
             f"{view.round_word} {out_of(game.round_number, view.rounds, ' of ')}")
    if room is not None and Text(words).cell_len > room:
        words = f"Continue: {game.spec.label}, {view.round_word} {out_of(game.round_number, view.rounds)}"
    return words

class MenuList(OptionList):
    """The menu's options. On a terminal too small to lay them out (3 rows), Textual
    8's OptionList has no line for the highlight and PageUp/PageDown raise KeyError;
    there is nothing to page through then, so the keys do nothing."""

    def _page(self, step: int) -> None:
        try:
            super().action_page_up() if step < 0 else super().action_page_down()
        except KeyError:  # no laid-out line for the highlighted option
            pass

    def action_page_up(self) -> None:
        self._page(-1)

    def action_page_down(self) -> None:
        self._page(1)


class MenuScreen(Screen[None]):
    if TYPE_CHECKING:  # the checker's view of self.app: this app, with its own methods
        app = getters.app(GameApp)

    CSS_PATH = "menu.tcss"
    _unfinished: Any = None  # the game Continue picks up, worded again for each width
    VERTICAL_BREAKPOINTS = [(0, "-short"), (22, "-tall")]  # short: a one-line banner (menu.tcss), every choice in view
    BINDINGS = [Binding("q", "app.quit", "Quit", show=False), Binding("n", "choose('new')", "New game", show=False),
                Binding("s", "choose('settings')", "Settings"),
                Binding("t", "choose('tutorial')", "Tutorial", show=False),
                Binding("j", "choose('join')", "Join a table", show=False)]

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static(self._banner(), id="banner")
            with Center():
                yield Static(" ", id="tagline")  # its words after the first paint: they load the games
            with Center():
                yield MenuList(id="menu")
            with Center():
                yield Static("", id="offer")
        yield KeysFooter()

    @staticmethod
    def _tagline() -> str:
        from ...engine import registry

        games = registry.games()
        low = min(s.players[0] for s in games)
        high = max(s.players[1] for s in games)
        return f"Trick-taking card games for {low} to {high} players"

    def _banner(self) -> Text:
        text = BANNER
        if getattr(self.app, "ascii_cards", False):
            text = "S H  O H - S E V E N  D C"
        return Text(text, style="bold")

    def refresh_look(self) -> None:
        """The settings changed the suits: the banner shows them."""
        self.query_one("#banner", Static).update(self._banner())

    def on_mount(self) -> None:
        self.refresh_menu(look_for_saves=False)
        # Looking for an unfinished game loads the engine: after the first paint.
        self.call_after_refresh(self.refresh_menu)
        self.call_after_refresh(self._offer_tutorial)
        self.call_after_refresh(self._ready_the_saves)

    @work(thread=True, exclusive=True, group="ready-saves")
    def _ready_the_saves(self) -> None:
        """After the first paint, in a thread: load the saved games' code and open
        their index (no reading), so Saved games shows its first rows at once."""
        from ..saves_index import saves_index

        saves_index(self.app)

    def _offer_tutorial(self) -> None:
        """On the first run, say that a guided first round is on the menu."""
        from ..tutorial import first_offer, guided_games

        if first_offer(self.app):
            label = guided_games()[0].label
            offer = self.query_one("#offer", Static)
            offer.update(Text(f"New to {label}? Tutorial (t) plays a short guided first round.", style="bold"))
            offer.display = True

    def _choose_tutorial(self) -> None:
        """The guided first hand: at once when one game has one, else the player picks."""
        from ..tutorial import guided_games
        from .lesson import TutorialChoiceScreen

        def start(name: Optional[str]) -> None:
            if name:
                self.app.post_message(StartTutorial(name))

        guided = guided_games()
        if len(guided) == 1:
            start(guided[0].name)
        elif guided:
            self.app.push_screen(TutorialChoiceScreen(guided), start)

    def on_screen_resume(self) -> None:
        if getattr(self, "_shown", False):  # back from a game: Continue may have changed
            self.refresh_menu()
        self._shown = True

    def refresh_menu(self, look_for_saves: bool = True) -> None:
        """Continue and Saved games appear only when the saves feature is present.
        Without ``look_for_saves`` (the first paint) nothing that loads the games'
        code is asked: the saves, the tagline's player counts, the tutorials."""
        if look_for_saves:
            self.query_one("#tagline", Static).update(self._tagline())
        menu = self.query_one(OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_option(Option("New game", id="new"))
        unfinished = self._unfinished_game() if look_for_saves else None
        self._unfinished = unfinished
        if unfinished is not None:
            menu.add_option(Option(plain(continue_words(unfinished, self._room())), id="continue"))
        if look_for_saves and self.app.has_saved_games():
            menu.add_option(Option("Saved games", id="saved"))
        from ..tutorial import guided_games

        if look_for_saves and guided_games():  # one entry: with several games it asks which
            menu.add_option(Option("Tutorial", id="tutorial"))
        menu.add_option(Option("Join a table", id="join"))
        menu.add_option(Option("Rules and keys", id="rules"))
        menu.add_option(Option("Settings", id="settings"))
        menu.add_option(Option("Quit", id="quit"))
        menu.highlighted = 0 if highlighted is None else min(highlighted, menu.option_count - 1)
        self._fit_menu()
        menu.focus()

    def _room(self) -> int:
        """The cells an option may take on one row: the screen's width less the menu's
        border, the options' padding and a scrollbar (a short screen scrolls the list)."""
        return max(1, (self.size.width or self.app.size.width) - 6)

    def on_resize(self) -> None:
        menu = self.query(OptionList)
        if self._unfinished is not None and menu:
            menu.first().replace_option_prompt("continue", plain(continue_words(self._unfinished, self._room())))
            self._fit_menu()

    def _fit_menu(self) -> None:
        """The menu's box as wide as its longest option (32 cells at least), so that
        Continue's words stay on one row."""
        menu = self.query_one(OptionList)
        longest = max((Text(str(o.prompt)).cell_len for o in menu.options), default=0)
        menu.styles.width = max(32, min(longest, self._room()) + 6)

    def _unfinished_game(self) -> Any:
        storage = self.app.storage()
        if storage is None or not hasattr(storage, "load_autosave"):
            return None
        return self.app.load_autosave()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None  # every option of the menu has its id (on_mount)
        self.action_choose(event.option.id)

    def action_choose(self, choice: str) -> None:
        if choice in ("new", "continue", "tutorial", "join"):  # a game or the tutorial: the offer was heard
            self.query_one("#offer", Static).display = False
        if choice == "new":
            self.app.post_message(NewGame())
        elif choice == "continue":
            game = self.app.load_autosave()
            if game is not None:
                self.app.post_message(StartGame(game))
            else:
                self.notify("There is no unfinished game to continue.", severity="warning")
                self.refresh_menu()
        elif choice == "saved":
            from .saved_games import SavedGamesScreen  # the saves feature

            self.app.push_screen(SavedGamesScreen())
        elif choice == "tutorial":
            self._choose_tutorial()
        elif choice == "join":
            self.app.post_message(OpenJoin())
        elif choice == "rules":
            self.app.post_message(ShowHelp())
        elif choice == "settings":
            self.app.post_message(ShowSettings())
        elif choice == "quit":
            self.app.exit()
