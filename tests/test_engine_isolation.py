"""The engine stands alone: importing it pulls in neither textual nor rich."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _loaded_after(import_line: str) -> set[str]:
    code = f"import sys; {import_line}; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_engine_imports_no_ui_library():
    mods = _loaded_after("import ohseven_tui.engine, ohseven_tui.engine.record, ohseven_tui.engine.tricks")
    assert "ohseven_tui.engine.protocol" in mods  # the check really imported the engine
    leaked = {m for m in mods if m.split(".")[0] in ("textual", "rich")}
    assert not leaked, leaked


def test_every_game_family_imports_no_ui_library():
    """Each family under ohseven_tui.games, every module of it: the registry loads a
    family's spec, and its spec the rest at their first use."""
    mods = _loaded_after("import importlib, pkgutil; from ohseven_tui import games; "
                         "[importlib.import_module(m.name) for m in pkgutil.walk_packages(games.__path__, "
                         "games.__name__ + '.')]")
    assert "ohseven_tui.games.ohhell.state" in mods
    leaked = {m for m in mods if m.split(".")[0] in ("textual", "rich")}
    assert not leaked, leaked


def test_bots_import_no_ui_library():
    mods = _loaded_after("import ohseven_tui.bots")
    leaked = {m for m in mods if m.split(".")[0] in ("textual", "rich")}
    assert not leaked, leaked


def test_headless_helpers_import_no_ui_library():
    """Who may look (hot-seat), the text sanitiser, the saves and the settings are plain Python."""
    mods = _loaded_after("import ohseven_tui.ui.privacy, ohseven_tui.safetext, ohseven_tui.storage, "
                         "ohseven_tui.settings; ohseven_tui.settings.load()")
    assert "ohseven_tui.ui.privacy" in mods and "ohseven_tui.settings" in mods
    leaked = {m for m in mods if m.split(".")[0] in ("textual", "rich")}
    assert not leaked, leaked


def test_the_table_server_imports_no_ui_library():
    """Network play runs headless: the server, its protocol, the client and ``ohseven host``."""
    mods = _loaded_after("import ohseven_tui.net.server, ohseven_tui.net.client, ohseven_tui.net.protocol, "
                         "ohseven_tui.net.wire, ohseven_tui.commands.host")
    assert "ohseven_tui.net.server" in mods and "websockets" in {m.split(".")[0] for m in mods}
    leaked = {m for m in mods if m.split(".")[0] in ("textual", "rich")}
    assert not leaked, leaked


def test_the_coach_imports_no_ui_library():
    """The coach's analysis and its store (issue 37) run headless, as ``scores analyse`` does."""
    mods = _loaded_after("import ohseven_tui.coach, ohseven_tui.coach.store, ohseven_tui.bots.judge; "
                         "from ohseven_tui.bots.registry import skill; skill('strong', 'x')")
    assert "ohseven_tui.coach.analysis" in mods and "ohseven_tui.bots.judge" in mods
    leaked = {m for m in mods if m.split(".")[0] in ("textual", "rich")}
    assert not leaked, leaked
