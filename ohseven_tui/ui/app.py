"""The Oh-Seven Textual app. Thin: screens own the flow; this holds the settings,
the global bindings, the command palette and the save hooks."""

from __future__ import annotations

import asyncio
import os
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Optional

from textual import events
from textual._time import get_time
from textual.app import SystemCommand
from textual.binding import Binding
from textual.driver import Driver
from textual.reactive import reactive
from textual.screen import Screen

from . import messages
from .appface import GameApp

CRASH_HOOK = "OHSEVEN_TEST_CRASH"  # test-only hook: set to "mount" to make the app crash as it starts

if TYPE_CHECKING:  # the engine loads with the first game, not before the menu
    from ..engine.protocol import GameState as Game
    from ..settings import Settings
    from .setup import GameSetup


class OhSevenApp(GameApp):
    """``OhSevenApp()`` opens the main menu; ``OhSevenApp(setup=...)`` or
    ``OhSevenApp(game=...)`` starts straight at the table (``game`` may be a
    pre-built, e.g. scripted, game)."""

    TITLE = "ohseven"  # the product (the command); the games are the registry's
    # The bots' pace, in seconds a move: its one home. The settings, the setup and the
    # table's speed keys set it; the table watches it.
    bot_delay: reactive[float] = reactive(0.6, init=False)
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("f1", "help", "Help", key_display="F1"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False),  # in the help; the footer is short
        Binding("f2", "host_panel", "Table host", key_display="F2"),  # only while hosting a table
    ]

    def __init__(
        self,
        *,
        game: Optional["Game"] = None,
        setup: Optional["GameSetup"] = None,
        ascii: bool = False,
        bot_delay: Optional[float] = None,
        save_dir: Optional[Path] = None,
        resume: bool = False,
        theme: Optional[str] = None,
        reduced_motion: bool = False,
        tutorial: Optional[str] = None,
        join: Optional[tuple[str, str, str]] = None,
        host: Optional[tuple[Any, str]] = None,
    ) -> None:
        """``ascii``, ``bot_delay``, ``theme`` and ``reduced_motion`` are this run's
        flags: they override the settings (read here, once) without saving."""
        super().__init__()
        from .. import settings as settings_file

        self.settings_file = settings_file.load()
        self.settings: Settings = self.settings_file.settings
        self.reduced_motion = reduced_motion
        self.ascii_cards = ascii or self.settings.ascii_suits
        self.start_game = game
        self.start_setup = setup
        self.bot_delay = bot_delay if bot_delay is not None else self.settings.bot_delay
        self.save_dir = save_dir
        self.resume = resume
        self.asked_theme = theme or None
        self.start_tutorial_of = tutorial  # a game's name: open its tutorial at start-up
        self.start_join = join  # (address, code, name): join that table at start-up
        self.start_host = host  # (a HostedTable, the host's name): host that table at start-up
        self.hosting: Any = None  # the HostedTable this app runs, once it listens
        self.asked_delay = bot_delay
        self._delay_before_tutorial: Optional[float] = None  # the pace a tutorial borrowed, given back after
        self.crash_report: Optional[str] = None  # the traceback of an unhandled error, for the crash log
        from .privacy import HandoffKeys, KeyGate

        self.key_gate = KeyGate()  # hot-seat: keys typed ahead of a hand-off act for nobody
        self.key_gate.on_open = lambda: self.call_next(self._ask_kept_keys)
        self.handoff_keys = HandoffKeys()  # the letter each hand-off asks for
        self._apply_look()
        if theme:
            self.theme = theme

    def get_driver_class(self) -> type[Driver]:
        """Textual's terminal driver, reading a paste whole (``terminal_input``)."""
        driver = super().get_driver_class()
        if driver.__module__ == "textual.drivers.linux_driver":  # not the web's, not Windows'
            from .terminal_input import PasteWholeDriver

            return PasteWholeDriver
        return driver

    def notify(self, message: str, *, title: str = "", severity="information", timeout=None,
               markup: bool = True) -> None:
        """Every notice is plain text: messages quote names and file names, which are
        never markup (Widget.notify passes markup=True, so it is ignored here)."""
        from ..safetext import one_line

        super().notify(one_line(message, 500), title=one_line(title), severity=severity, timeout=timeout,
                       markup=False)

    # -- crashes: one line and a log file (commands/play.py), not a screen of traceback
    _closing_down = False  # the shutdown has begun: its pruning may leave a late lookup nothing to find

    async def _shutdown(self) -> None:
        self._closing_down = True
        await super()._shutdown()

    def _handle_exception(self, error: Exception) -> None:
        from textual.css.query import NoMatches

        # The closing prunes every screen's widgets; news still arriving (a table's
        # message, a timer) may look one up. Nothing is left to draw it on: no crash.
        if self._closing_down and isinstance(error, NoMatches):
            return
        if self.crash_report is None:
            self.crash_report = "".join(traceback.format_exception(error))
        super()._handle_exception(error)  # sets return_code 1 and exits

    def _print_error_renderables(self) -> None:
        if self.crash_report is not None:  # the caller writes it to the crash log instead
            self._exit_renderables.clear()
            return
        super()._print_error_renderables()

    # -- settings -------------------------------------------------------------
    def _apply_look(self) -> None:
        """What the settings decide for the whole app: the suit colours and the
        animation level (Textual's own, which every animation reads)."""
        from .cards import use_palette

        use_palette(colour_blind=self.settings.colour_blind)
        off = not self.settings.animations or self.reduced_motion
        self.animation_level = "none" if off else "full"

    def change_settings(self, *, apply: bool = True, **changes) -> bool:
        """Change and save settings; with ``apply``, what they change is redrawn
        at once. False (and nothing changed) if a value is not one the setting takes."""
        try:
            new = self.settings.replace(**changes)
        except ValueError:
            return False
        if new == self.settings:
            return True
        self.settings = new
        if apply:
            if "ascii_suits" in changes:
                self.ascii_cards = new.ascii_suits
            if "hand_sort" in changes:
                table = self.table()
                if table is not None and hasattr(table, "hand_sort"):
                    table.hand_sort = new.hand_sort
            if "bot_speed" in changes:
                self.bot_delay = new.bot_delay  # the table watches it
            if "theme" in changes and new.theme in self.available_themes and self.theme != new.theme:
                self.theme = new.theme
            self._apply_look()
            self.redraw()
        try:
            self.settings_file.save(new)
        except Exception as exc:  # never stops the game; the change stands for this run
            self.notify(f"Could not save the settings: {exc}", severity="warning", timeout=6)
        return True

    def redraw(self) -> None:
        """Draw the table and the menu again (after a change of suits or colours)."""
        table = self.table()
        if table is not None and table.is_attached:
            table.refresh_view()
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_look", None)
            if refresh is not None:
                refresh()

    def action_settings(self) -> None:
        from .screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def on_mount(self) -> None:
        from .theme_pref import restore_and_follow_theme

        if self.settings_file.notice:
            self.notify(self.settings_file.notice, severity="warning", timeout=8)
        restore_and_follow_theme(self, asked=self.asked_theme)
        if os.environ.get(CRASH_HOOK) == "mount":  # test-only: a real unhandled error (tests/test_crash.py)
            raise RuntimeError(f"crash on purpose ({CRASH_HOOK}=mount)")
        if self.start_tutorial_of is not None:
            self.start_tutorial(self.start_tutorial_of)
            return
        if self.start_join is not None:
            self.back_to_menu()
            self.open_join(*self.start_join, connect=True)
            return
        if self.start_host is not None:
            from .screens.host import HostScreen

            server, name = self.start_host
            self.back_to_menu()
            self.push_screen(HostScreen(server, name or self.settings.name or "Host"))
            return
        game = self.start_game
        if game is None and self.resume:
            game = self.load_autosave()
            if game is None:
                self.notify("There is no unfinished game to continue.", severity="warning")
        if game is None and self.start_setup is not None:
            from .setup import NAMES, SeatChoice

            seats, name = self.start_setup.seats, self.settings.name
            if name and seats and seats[0] == SeatChoice(NAMES[0], "human"):  # the usual name: the player's own
                seats[0] = SeatChoice(name, "human")
            game = self.start_setup.make_game()
        if game is not None:
            self.start_table(game, bot_delay=self.bot_delay)
        else:
            self.back_to_menu()

    # -- navigation ---------------------------------------------------------
    def start_table(self, game: "Game", *, bot_delay: Optional[float] = None, new_label: str = "start the new game"
                    ) -> None:
        """Open the table for ``game`` on top of the main menu. If another game is
        unfinished (its autosave would be replaced), ask first: continue that one,
        or put it aside with the saved games; Back changes nothing."""
        storage = self.storage()
        if storage is None or not hasattr(storage, "unfinished_game"):
            self._open_table(game, bot_delay)
            return
        dirs = self._dirs(storage)
        try:
            waiting = storage.unfinished_game(dirs)
        except Exception as exc:  # unreadable: it was set aside (kept), so nothing is lost
            self.notify(f"Could not load the unfinished game: {exc}", severity="error", timeout=6)
            waiting = None
        if waiting is None:
            self._open_table(game, bot_delay)
            return
        if waiting.game_id == storage.game_id(game):
            # One game twice: a put-aside entry resumed and played on. Open the later.
            ours, theirs = [str(a) for a in game.history], [str(a) for a in waiting.game.history]
            if len(theirs) > len(ours) and theirs[:len(ours)] == ours:
                self.notify("This game went on after it was put aside: continuing from its latest move.",
                            timeout=6)
                self._open_table(waiting.game, bot_delay)
                return
            if ours[:len(theirs)] == theirs:
                self._open_table(game, bot_delay)
                return
        from .screens.unfinished import UnfinishedGameScreen

        at_start = all(type(s) is Screen for s in self.screen_stack)  # ohseven play: only the blank screen

        def answered(choice: Optional[str]) -> None:
            if choice == "continue":
                self._open_table(waiting.game, bot_delay)
            elif choice == "aside":
                try:
                    entry = storage.put_aside_autosave(dirs)
                except Exception as exc:
                    self.notify(f"Could not put the unfinished game aside: {exc}", severity="error", timeout=8)
                    return
                if entry is not None:
                    self.notify(f"The unfinished game is put aside as {entry.stem}: Saved games can continue it.",
                                timeout=6)
                self._open_table(game, bot_delay)
            elif at_start:
                self.back_to_menu()  # asked at start-up (ohseven play): nothing to go back to but the menu

        self.push_screen(UnfinishedGameScreen(waiting, new_label), answered)

    def _open_table(self, game: "Game", bot_delay: Optional[float] = None) -> None:
        from ..table import Keeping, LocalTable
        from .screens.table import TableScreen

        self._pop_to_menu()  # first: leaving a tutorial gives its pace back
        if bot_delay is not None:
            self.bot_delay = bot_delay
        keeping = Keeping(self.after_action, self.game_finished, self.replaced_game)
        self.push_screen(TableScreen(LocalTable(game, keeping=keeping)))

    def open_join(self, address: str = "", code: str = "", name: str = "", *, connect: bool = False) -> None:
        """The join screen (``connect``: at once, with what ``ohseven join`` was given);
        once joined, the table for that seat."""
        from .screens.join import JoinScreen

        self.push_screen(JoinScreen(address, code, name, connect=connect), self._joined)

    def _joined(self, source: Any) -> None:
        if source is not None:
            self._pop_to_menu()
            self.open_remote_table(source)

    def open_remote_table(self, source: Any, *, keep_copy: bool = True) -> None:
        """The table for one seat at a table server (``keep_copy``: file the finished
        game in this player's saves; a host's server files it already)."""
        from .screens.table import TableScreen

        if keep_copy:
            source.keep_record = self._keep_record
        source.start()
        self.push_screen(TableScreen(source))

    # -- hosting --------------------------------------------------------------------
    def host_changed(self) -> None:
        """The hosted table changed (someone joined, left, or moved): redraw its seats."""
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_seats", None)
            if refresh is not None:
                refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> Optional[bool]:
        if action == "host_panel":
            return self.hosting is not None
        return True

    def action_host_panel(self) -> None:
        from .screens.host import HostPanel

        if self.hosting is not None and not isinstance(self.screen, HostPanel):
            you = self.hosting.humans[0] if self.hosting.humans else None
            self.push_screen(HostPanel(self.hosting, you))

    async def close_hosting(self, reason: str = "the host closed the table") -> None:
        server, self.hosting = self.hosting, None
        if server is not None:
            await server.close(reason)

    async def on_unmount(self) -> None:
        await self.close_hosting()

    # -- what the screens ask for (ui/messages.py) -----------------------------------
    def on_start_game(self, message: messages.StartGame) -> None:
        self.start_table(message.game, bot_delay=message.bot_delay, new_label=message.new_label)

    def on_new_game(self, _message: messages.NewGame) -> None:
        self.action_new_game()

    def on_back_to_menu(self, _message: messages.BackToMenu) -> None:
        self.back_to_menu()

    def on_start_tutorial(self, message: messages.StartTutorial) -> None:
        self.start_tutorial(message.game)

    def on_open_join(self, _message: messages.OpenJoin) -> None:
        self.open_join()

    def on_open_remote_table(self, message: messages.OpenRemoteTable) -> None:
        if message.next_game:  # popped here, not from the game-over screen: it is among them
            table = self.table()
            while table is not None and table in self.screen_stack:
                self.pop_screen()
        self.open_remote_table(message.source, keep_copy=message.keep_copy)

    async def on_table_left(self, message: messages.TableLeft) -> None:
        # The host's leaving closes the table first: were the seat closed first, the
        # others would hear the host is away, as if they might come back.
        if message.seat.hosted:
            await self.close_hosting("the host has left the table")
            if self.screen_stack:  # not while the app shuts down (no screen left to refresh)
                self.refresh_bindings()  # F2 is offered only while hosting: the menu shown stays
        await message.seat.close()

    async def on_close_table(self, message: messages.CloseTable) -> None:
        await self.close_hosting()
        if message.seat is not None:
            await message.seat.close()
        self.back_to_menu()
        self.notify("The table is closed; ohseven host --continue brings it back.", timeout=8)



    def on_change_settings(self, message: messages.ChangeSettings) -> None:
        self.change_settings(apply=message.apply, **message.changes)

    def on_show_help(self, _message: messages.ShowHelp) -> None:
        self.action_help()

    def on_show_settings(self, _message: messages.ShowSettings) -> None:
        self.action_settings()

    def on_set_pace(self, message: messages.SetPace) -> None:
        self.bot_delay = max(0.0, message.delay)

    def on_skip_ahead(self, _message: messages.SkipAhead) -> None:
        self.action_skip()

    def on_leave_table(self, _message: messages.LeaveTable) -> None:
        table = self.table()
        if table is not None:
            table.action_leave()

    def on_hosting(self, message: messages.Hosting) -> None:
        self.hosting = message.server
        loop = asyncio.get_running_loop()  # called on the thread that reads the table's process
        message.server.on_change = lambda _server: loop.call_soon_threadsafe(self.call_later, self.host_changed)
        self.host_changed()  # what the table did before this ear was set (the host's own join, say)

    def _keep_record(self, save: dict) -> None:
        """File a table server's finished game with this player's saves."""
        storage = self.storage()
        if storage is None or not hasattr(storage, "file_received"):
            return
        try:
            storage.file_received(self._dirs(storage), save, "the table's record")
        except Exception as exc:  # the game was played; only the copy failed
            self.notify(f"Could not keep a copy of the game: {exc}", severity="error", timeout=8)

    def _pop_to_menu(self) -> None:
        """Close every screen above the main menu (or above the blank first screen:
        ``ohseven play`` starts at the table and builds the menu only when needed)."""
        menus = sys.modules.get(f"{__package__}.screens.menu")  # not loaded: no menu to stop at
        while len(self.screen_stack) > 1 and not (menus is not None and isinstance(self.screen, menus.MenuScreen)):
            self.pop_screen()
        if self._delay_before_tutorial is not None:  # a tutorial's slow pace is its own
            self.bot_delay, self._delay_before_tutorial = self._delay_before_tutorial, None

    def start_tutorial(self, game: str) -> None:
        """Open the guided first round of ``game`` (a registered game's name with a
        tutorial). Nothing is saved, so no unfinished game is asked about."""
        from ..engine import registry
        from .screens.table import TableScreen
        from .tutorial import Coach

        coach = Coach(registry.game_spec(game))
        delay = self.asked_delay if self.asked_delay is not None else coach.bot_delay
        self._pop_to_menu()
        from ..table import LocalTable

        self._delay_before_tutorial = self.bot_delay
        self.bot_delay = delay
        self.push_screen(TableScreen(LocalTable(coach.new_game(), scripted=coach.bots()),
                                     coach=coach))  # a tutorial is not saved

    def back_to_menu(self) -> None:
        from .screens.menu import MenuScreen

        self._pop_to_menu()
        if not isinstance(self.screen, MenuScreen):
            self.push_screen(MenuScreen())

    def action_new_game(self) -> None:
        from .screens.setup import SetupScreen

        self._pop_to_menu()
        self.push_screen(SetupScreen())

    def push_screen(self, screen, callback=None, wait_for_dismiss=False, *, mode=None):  # type: ignore[override]
        """Every screen opens through here, so the table can end a hot-seat window
        (hands face down) before any shared screen draws its first frame."""
        table = self.table()
        if table is not None and not table.controller.lookout.keeps_window(screen):
            table.controller.cover()
        if getattr(screen, "pends_keys", False):  # a hand-off: no key acts until it is drawn
            self.key_gate.pend(screen)
        settle = getattr(screen, "key_settle", None)
        if settle is not None:  # a screen a move opened: only a key pressed after a quiet moment
            self.key_gate.hold(get_time(), settle)
        return super().push_screen(screen, callback, wait_for_dismiss, mode=mode)

    def pop_screen(self):  # type: ignore[override]
        """Screen.dismiss pops whatever screen is on top. A screen already closed can
        still be handling keys queued for it (a held Enter's repeats); its second
        dismiss must not close the screens under it, so it is ignored."""
        from textual._context import active_message_pump
        from textual.await_complete import AwaitComplete

        pump = active_message_pump.get(None)
        try:
            closing = pump if isinstance(pump, Screen) else getattr(pump, "screen", None)
        except Exception:  # a widget no longer on any screen
            closing = None
        if isinstance(closing, Screen) and closing not in self.screen_stack:
            async def nothing() -> None:
                return None

            return AwaitComplete(nothing()).call_next(self)
        return super().pop_screen()

    QUIT_KEYS = ("ctrl+q", "ctrl+c")

    async def on_event(self, event: events.Event) -> None:
        """Keys and clicks pass the key gate first (see ``privacy.KeyGate``); a
        refused one is dropped before any screen sees it."""
        # A key is checked as it arrives and again if it comes back up unhandled,
        # when the app looks up its binding on whatever screen is on top by then.
        gated = (isinstance(event, events.Key) and event.key not in self.QUIT_KEYS
                 or isinstance(event, (events.MouseDown, events.MouseUp)) and not event.is_forwarded)
        if gated:
            gate = self.key_gate
            if gate.pending is not None and gate.pending not in self.screen_stack:
                gate.abandon(gate.pending)  # closed before it was drawn: it holds the keys no more
            if gate.pending is not None:  # asked again once it is drawn: sent after its frame, it counts
                gate.keep(event)
                return
            if gate.kept:
                await self._ask_kept_keys()  # in the order they came
            if not gate.admits(event.time):
                if gate.opens_at is not None:  # a screen a move opened waits for quiet: it says so
                    held = getattr(self.screen, "key_held", None)
                    if callable(held):
                        held(gate.opens_at)
                return
        await super().on_event(event)

    async def _ask_kept_keys(self) -> None:
        """The keys that came while a screen waited to be drawn, now that it is: each
        acts if it was sent after the frame went out (and until another screen waits)."""
        gate = self.key_gate
        for event in gate.take_kept():
            if gate.pending is not None:
                gate.keep(event)
            elif gate.admits(event.time):
                await super().on_event(event)

    def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
        """Each frame sent to the terminal is stamped for the key gate: the frame that
        shows a screen waiting to be seen is when the keys start to count."""
        super()._display(screen, renderable)
        if renderable is not None and not self._batch_count:
            from .privacy import frame_sent

            frame_sent(self.key_gate, get_time(), screen)

    def table(self):
        """The table screen on the stack, or None. Until a table is opened its module is
        not loaded (every push_screen asks, the main menu's first included)."""
        tables = sys.modules.get(f"{__package__}.screens.table")
        if tables is None:
            return None
        return next((s for s in reversed(self.screen_stack) if isinstance(s, tables.TableScreen)), None)

    def action_pause(self) -> None:
        """Watch mode: pause or resume the bots (also while a reveal is open)."""
        table = self.table()
        if table is not None:
            table.action_pause()

    def action_skip(self) -> None:
        table = self.table()
        if table is not None:
            table.action_skip()

    def action_speed(self, step: int) -> None:
        table = self.table()
        if table is not None:
            table.action_speed(step)

    @property
    def paused(self) -> bool:
        table = self.table()
        return table is not None and table.controller.paused

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            table = self.table()
            self.push_screen(HelpScreen(table.spec.name if table is not None else None))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Set up a new game", self.action_new_game)
        yield SystemCommand("Rules", "The rules in brief and the keys", self.action_help)
        yield SystemCommand("Settings", "Your name, theme, hand sort, bot speed, suits, colours, bell…",
                            self.action_settings)
        yield SystemCommand("Quit", "Quit ohseven: the game in play is saved after every move, and Continue on "
                                    "the menu picks it up (a tutorial is not saved)", self.exit)
        for command in super().get_system_commands(screen):
            if command.title.lower() not in ("quit", "keys"):
                yield command

    # -- save hooks (the saves feature; each is a no-op when it is absent) ----
    def storage(self):
        """The storage module, or None when saving is not part of this build."""
        try:
            from .. import storage
        except ImportError:
            return None
        return storage

    def _dirs(self, storage):
        return storage.save_dirs(self.save_dir)

    def after_action(self, game: "Game") -> None:
        """Called after every applied action: the place to autosave."""
        storage = self.storage()
        if storage is None or not hasattr(storage, "write_autosave"):
            return
        try:
            storage.write_autosave(self._dirs(storage), game, app={"bot_delay": self.bot_delay})
        except Exception as exc:  # a failed autosave must never stop the game
            self.notify(f"Could not save the game: {exc}", severity="error", timeout=6)

    def replaced_game(self, old: "Game", new: "Game") -> None:
        """``new`` is ``old`` rebuilt (an undo): one game, so one id for its saves."""
        storage = self.storage()
        if storage is not None and hasattr(storage, "same_game"):
            storage.same_game(old, new)

    def load_autosave(self) -> Optional["Game"]:
        storage = self.storage()
        if storage is None or not hasattr(storage, "load_autosave"):
            return None
        try:
            return storage.load_autosave(self._dirs(storage))
        except Exception as exc:
            self.notify(f"Could not load the unfinished game: {exc}", severity="error", timeout=6)
            return None

    def has_saved_games(self) -> bool:
        from importlib.util import find_spec

        return find_spec("ohseven_tui.ui.screens.saved_games") is not None

    def game_finished(self, game: "Game") -> None:
        """Called once when a game reaches its end: file it with the saves."""
        storage = self.storage()
        if storage is None or not hasattr(storage, "finish_game"):
            return
        try:
            storage.finish_game(self._dirs(storage), game)
        except Exception as exc:
            self.notify(f"Could not save the finished game: {exc}", severity="error", timeout=6)
