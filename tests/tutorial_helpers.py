"""What the guided-hand tests share: playing a tutorial through the real app to its
end (Pilot), a card chosen by its number key, the rule ids a page states, and the
check that a tutorial saved nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Awaitable, Callable

from test_ui_driver import table, text, until, wait_for_input

from ohseven_tui.engine.cards import parse_card
from ohseven_tui.ui.screens.lesson import LessonScreen
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.widgets.hand import HandView

DOCS = Path(__file__).resolve().parent.parent / "docs"
STATED = re.compile(r"^\s*- \*\*([A-Z]\d+)\*\*", re.MULTILINE)
NAMED = re.compile(r"\b([RSHUVW]\d+)\b")  # as tests/test_docs_rules.py reads ids


def stated_ids(prefix: str) -> set[str]:
    """The rule ids the rules pages state with this prefix letter."""
    ids: set[str] = set()
    for page in DOCS.glob("*.md"):
        ids |= {i for i in STATED.findall(page.read_text(encoding="utf-8")) if i[0] == prefix}
    return ids


def named_ids(words: str) -> set[str]:
    return set(NAMED.findall(words))


def nothing_saved(folder: Path) -> None:
    """No saved game, no autosave, no game file: only the preferences (and the menu's empty index)."""
    from ohseven_tui import storage

    dirs = storage.save_dirs(folder)
    assert storage.list_saves(dirs) == ([], []) and storage.unfinished_game(dirs) is None
    assert {f.name for f in folder.rglob("*.json")} <= {"prefs.json"}


async def key_card(pilot, screen, card_text: str) -> None:
    """Choose a card by its number key, then Enter."""
    cards = list(screen.query_one(HandView).cards)
    await pilot.press(str(cards.index(parse_card(card_text)) + 1), "enter")


async def guided_hand(pilot, also: tuple, note: Callable[[LessonScreen, Any], None],
                      choose: Callable[[Any, Any], Awaitable[None]]) -> Any:
    """Play the tutorial the app opened to its end, back on the menu: each note is
    handed to ``note`` (with the game as it stands) and closed with Enter; a
    round's summary is closed; every other screen asking for input is ``choose``'s.
    Waits for the app, not for a number of steps. The game played."""
    from textual._time import get_time

    app = pilot.app
    game = None
    for _ in range(400):
        screen = await wait_for_input(pilot, also=(LessonScreen, *also))
        if isinstance(screen, MenuScreen):
            return game
        await until(pilot, lambda: app.key_gate.ready(get_time()), "the screen takes a key")
        game = table(app).table.game
        if isinstance(screen, LessonScreen):
            shown = " ".join(text(app).replace("│", " ").split())  # a long title wraps on a small screen
            assert screen.title_text in shown, shown
            note(screen, game)
            await pilot.press("enter")
        elif isinstance(screen, (RoundSummaryScreen, ScoresheetScreen)):
            await pilot.press("enter")
        else:
            await choose(screen, game)
    raise AssertionError("the tutorial never ended")
