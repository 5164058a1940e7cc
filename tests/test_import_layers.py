"""Layering (issue 11 names four import cycles; these two are gone): the commands
take UsageError from their own package, not from the cli module that imports
them, and the setup asks the bots' registry, not a CLI command, which bots exist."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ohseven_tui"


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports (relative imports resolved), at any depth."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level] if node.level else []
            name = ".".join(base + ([node.module] if node.module else []))
            found.add(name)
            found.update(f"{name}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_command_imports_the_cli_module():
    for path in (PACKAGE / "commands").glob("*.py"):
        assert "ohseven_tui.cli" not in imported_modules(path), path.name


def test_nothing_outside_the_commands_asks_a_command_module():
    for path in PACKAGE.rglob("*.py"):
        if path.parent.name == "commands" or path.name == "cli.py":
            continue
        leaks = {m for m in imported_modules(path) if m.startswith("ohseven_tui.commands")}
        assert not leaks, (path.relative_to(PACKAGE), leaks)
