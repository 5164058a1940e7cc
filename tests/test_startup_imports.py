"""What the ``ohseven`` command has loaded when its first screen is drawn (issue 36,
section 6). Start-up time is ``benchmarks/tui.py``'s to measure (a figure, never a
test); what it imports is a property: the main menu needs no table, bot, network,
coach or saves index, and ``ohseven play``'s table needs no network, coach, saves
index or another family's screens. Each loads when first used.

The command runs in a child process, headless (its pipes are no terminal, so the
check for one is waived), and prints its modules at the first frame of the wanted
screen, as ``benchmarks/tui.py`` times it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual")

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import os, sys
from textual.app import App
from ohseven_tui import cli
from ohseven_tui.commands import play

WANTED = sys.argv[1].split(",")
_display = App._display

def first_frame(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is not None and not getattr(self, "_seen", False) and type(screen).__name__ in WANTED:
        self._seen = True
        os.write(1, (" ".join(sorted(sys.modules)) + "\\n").encode())
        self.exit()

App._display = first_frame
play.no_terminal = lambda: None
_run = App.run
App.run = lambda self, **_: _run(self, headless=True, size=(80, 24))
sys.exit(cli.main(sys.argv[2:]))
"""


def loaded_at_first_frame(tmp_path: Path, screens: str, *args: str) -> set[str]:
    env = {**os.environ, "OHSEVEN_SAVE_DIR": str(tmp_path / "saves"), "OHSEVEN_CONFIG_DIR": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, screens, *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip(), out.stderr[-2000:]
    return set(out.stdout.split())


def under(modules: set[str], *packages: str) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in packages))


# The command line builds the parser of the command it names (play, by default), not every command's.
OTHER_COMMANDS = tuple(f"ohseven_tui.commands.{name}" for name in ("simulate", "scores", "tutorial", "host", "join",
                                                                     "serve", "analyse"))
LATER = ("ohseven_tui.net", "ohseven_tui.coach", "ohseven_tui.storage.index", "ohseven_tui.ui.saves_index",
         "websockets", "sqlite3")


def test_the_main_menu_is_drawn_before_any_table_bot_or_network_code_loads(tmp_path):
    """``ohseven``: the menu's first frame. The command once loaded every bot to set
    up a table it was not asked for, and the app the table screen (with the table's
    flow and widgets) to learn that none was open yet; the menu loaded every game
    family for its tagline's player counts and its Tutorial entry (now words that
    come after the first paint, as Continue does), and the command line every
    command's module to build their options."""
    loaded = loaded_at_first_frame(tmp_path, "MenuScreen")
    assert "ohseven_tui.ui.screens.menu" in loaded
    early = under(loaded, "ohseven_tui.bots", "ohseven_tui.table", "ohseven_tui.ui.screens.table",
                  "ohseven_tui.ui.setup", "ohseven_tui.games", *LATER, *OTHER_COMMANDS)
    assert not early, early


def test_the_table_is_drawn_before_network_coach_or_other_families_screens_load(tmp_path):
    """``ohseven play --seed 1``: the default game's table at its first frame, with
    that game's family screens and bots and no other family's (every family's bots
    loaded to learn who plays the one game), and no main menu (it loaded to learn
    there was no menu under the table yet)."""
    from ohseven_tui.engine import registry

    loaded = loaded_at_first_frame(tmp_path, "BidScreen,PassScreen,NumberBidScreen,TableScreen", "play",
                                   "--seed", "1")
    assert "ohseven_tui.ui.screens.table" in loaded
    ours = registry.default_game().family
    others = {spec.family for spec in registry.games()} - {ours}
    early = under(loaded, *LATER, *OTHER_COMMANDS, "ohseven_tui.ui.screens.menu",
                  *(f"ohseven_tui.ui.screens.{family}" for family in others),
                  *(f"ohseven_tui.bots.{family}" for family in others))
    assert not early, early


# What a family's spec names but a table's first frame does not use: the replay, the
# scoresheet, the statistics, the tutorial, the fast path.
LATER_PARTS = ("review", "sheet", "stats", "tutorial", "fast")


def test_the_table_loads_only_the_registered_names_of_other_families(tmp_path):
    """``ohseven play --seed 1``: to find the default game the registry imports every
    family, which once loaded each one's state, log, observation, replay, statistics
    and tutorial. Another family is its package and its spec (with the option values
    the spec declares) until one of its games is played; the default game's own
    family leaves out what the first frame does not show."""
    from ohseven_tui.engine import registry

    loaded = loaded_at_first_frame(tmp_path, "BidScreen,PassScreen,NumberBidScreen,TableScreen", "play",
                                   "--seed", "1")
    ours = registry.default_game().family
    others = {spec.family for spec in registry.games()} - {ours}
    light = {"", ".spec", ".rules"}
    early = [m for family in others for m in under(loaded, f"ohseven_tui.games.{family}")
             if m.removeprefix(f"ohseven_tui.games.{family}") not in light]
    early += under(loaded, *(f"ohseven_tui.games.{ours}.{part}" for part in LATER_PARTS))
    assert not early, early


def test_the_table_is_drawn_before_its_bots_heuristics_load(tmp_path):
    """``ohseven play --seed 1``: who plays the default game is the family's bot
    package's to say, which once loaded every strength's skill for the family (its
    heuristics, search and the coach's judge) to teach them. They load at the first
    bot's first move (or the first hint), after the first frame."""
    from ohseven_tui.engine import registry

    loaded = loaded_at_first_frame(tmp_path, "BidScreen,PassScreen,NumberBidScreen,TableScreen", "play",
                                   "--seed", "1")
    family = f"ohseven_tui.bots.{registry.default_game().family}"
    assert family in loaded
    early = [m for m in under(loaded, family) if m != family] + under(loaded, "ohseven_tui.bots.judge")
    assert not early, early


def test_the_table_is_drawn_before_hashing_loads(tmp_path):
    """``ohseven play --seed 1``: hashlib (OpenSSL's, a few ms to load) served the
    coach's decision seeds, a save's old-style id and the game's random id; the first
    frame needs none of them (a new game's id is os.urandom's)."""
    loaded = loaded_at_first_frame(tmp_path, "BidScreen,PassScreen,NumberBidScreen,TableScreen", "play",
                                   "--seed", "1")
    assert "ohseven_tui.storage.saves" in loaded
    early = under(loaded, "hashlib", "_hashlib", "hmac", "secrets")
    assert not early, early


def test_the_table_is_drawn_before_the_statistics_and_scoresheet_classes_are_made(tmp_path):
    """``ohseven play --seed 1``: the protocol's statistics, scoresheet, replay and
    tutorial classes (nine frozen dataclasses, about half a millisecond each to make)
    live in ``engine.reports``, which the first frame does not load."""
    loaded = loaded_at_first_frame(tmp_path, "BidScreen,PassScreen,NumberBidScreen,TableScreen", "play",
                                   "--seed", "1")
    assert "ohseven_tui.engine.protocol" in loaded
    assert "ohseven_tui.engine.reports" not in loaded


def test_a_local_table_is_drawn_before_the_network_news_loads(tmp_path):
    """``ohseven play --seed 1``: a table server's news (who is away, chat, the clock:
    seven dataclasses, about 3.5 ms to make) is told only at a networked table."""
    loaded = loaded_at_first_frame(tmp_path, "BidScreen,PassScreen,NumberBidScreen,TableScreen", "play",
                                   "--seed", "1")
    assert "ohseven_tui.table.flow" in loaded
    early = under(loaded, "ohseven_tui.table.news", "ohseven_tui.ui.screens.table_news")
    assert not early, early


def test_a_table_is_drawn_before_the_saved_games_review_loads(tmp_path):
    """``ohseven play --seed 1``: the saved-games list's sorting, filters and player
    summaries (``storage.review``) serve Saved games, not the table's first frame."""
    loaded = loaded_at_first_frame(tmp_path, "BidScreen,PassScreen,NumberBidScreen,TableScreen", "play",
                                   "--seed", "1")
    assert "ohseven_tui.storage.saves" in loaded
    assert "ohseven_tui.storage.review" not in loaded
