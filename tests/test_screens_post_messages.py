"""Screens ask the app for what comes next by posting messages (ui/messages.py);
they never call into it to change things, nor reach the table through it (issue
33 §1: choose.py, menu.py, settings.py, host.py and autoclose.py did). A private
screen is handed its table (``ScreenArgs.table``)."""

from __future__ import annotations

import ast
from pathlib import Path

SCREENS = Path(__file__).resolve().parents[1] / "ohseven_tui" / "ui" / "screens"
# What the app does when asked (messages.py names the message for each), and the
# way to its table.
COMMANDS = {"change_settings", "action_help", "action_settings", "action_skip", "action_new_game", "back_to_menu",
            "start_table", "start_tutorial", "open_join", "open_remote_table", "host_changed", "table"}


def app_calls(path: Path) -> list[str]:
    """``self.app.NAME(...)`` calls of a command, and assignments to ``self.app.NAME``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        target = None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = node.func
            if target.attr not in COMMANDS:
                continue
        elif isinstance(node, ast.Assign):
            target = next((t for t in node.targets if isinstance(t, ast.Attribute)), None)
        if (target is not None and isinstance(target.value, ast.Attribute) and target.value.attr == "app"
                and isinstance(target.value.value, ast.Name) and target.value.value.id == "self"):
            found.append(f"{path.name}:{node.lineno} self.app.{target.attr}")
    return found


def test_the_check_finds_a_call_and_an_assignment(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("class S:\n    def f(self):\n        self.app.change_settings(x=1)\n        self.app.hosting = 2\n"
                   "        self.app.push_screen(3)\n")
    assert len(app_calls(bad)) == 2


def test_no_screen_calls_into_the_app():
    calls = [c for path in SCREENS.rglob("*.py") for c in app_calls(path)]
    assert calls == []
