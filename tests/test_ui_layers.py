"""The app imports its screens; no screen or widget imports the app back (not even
for type checking): screens type ``self.app`` with ui/appface.GameApp and post what
they ask of it as messages (ui/messages.py)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "ohseven_tui" / "ui"


def _imports(path: Path, text: str = "") -> set[str]:
    """Every module a file imports (``text``: its source, if not read from it),
    resolved to its dotted name (relative ones too)."""
    package = ".".join(path.relative_to(UI.parent.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(text or path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
    return found


def test_no_screen_or_widget_imports_the_app():
    files = sorted((UI / "screens").rglob("*.py")) + sorted((UI / "widgets").rglob("*.py"))
    assert len(files) > 20
    back = {str(f.relative_to(UI)): sorted(m for m in _imports(f) if m == "ohseven_tui.ui.app")
            for f in files}
    assert {f: m for f, m in back.items() if m} == {}


def test_the_check_sees_a_relative_import_of_the_app():
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..app import OhSevenApp\n"
    assert "ohseven_tui.ui.app" in _imports(UI / "screens" / "menu.py", source)
    assert "ohseven_tui.ui.app" in _imports(UI / "screens" / "ohhell" / "seats.py", "from ...app import x\n")
