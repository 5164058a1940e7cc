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


# ---------------------------------------------------------------- the bots (issue 11: bots/ohhell.py <-> normal/strong)

BOTS = PACKAGE / "bots"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules under ``root`` it imports (at any depth, so an import
    inside a function counts too). ``from .x import name`` is an edge to ``x``, or
    to ``x.name`` when that is a module itself."""
    modules = {module_name(p): p for p in root.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        edges = set()
        for imported in imported_modules(path):
            # The longest prefix that is one of the modules: "pkg.mod.func" -> "pkg.mod".
            parts = imported.split(".")
            for k in range(len(parts), 0, -1):
                prefix = ".".join(parts[:k])
                if prefix in modules:
                    if prefix != name:
                        edges.add(prefix)
                    break
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]):
    """One import cycle (a list of modules, first = last), or None."""
    state = {}
    stack = []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_the_cycle_checker_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_cycle_inside_the_bots():
    graph = import_graph(BOTS)
    assert len(graph) > 5 and graph["ohseven_tui.bots"]  # the checker saw the package
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def test_no_bot_module_reaches_into_another_objects_private_state():
    """``bot._run``, ``model._no_ruff``: a private name is read only on ``self``
    (or ``cls``); a family's bot package uses the strengths' public API."""
    leaks = []
    for path in BOTS.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
                owner = node.value
                if not (isinstance(owner, ast.Name) and owner.id in ("self", "cls")):
                    leaks.append(f"{path.relative_to(PACKAGE)}:{node.lineno} .{node.attr}")
    assert not leaks, leaks


# ---------------------------------------------------------------- the app is the top (issue 33: settings.py imported ui/)

def test_only_the_commands_import_the_app():
    """Everything below the Textual app (the engine, the families, the table and its
    flow, the bots, the saves, the network, the settings) stands without it; only the
    commands that start the app import ``ohseven_tui.ui``."""
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in ("ui", "commands"):
            continue
        leaks = {m for m in imported_modules(path) if m.startswith("ohseven_tui.ui")}
        assert not leaks, (str(rel), sorted(leaks))


def test_the_app_starts_without_a_game(tmp_path):
    """The main menu comes up before any game is loaded: making the app imports no
    table, game or bot module (they load with the first game; the engine's cards are
    the one part the look needs). A hot-seat helper once pulled the table and its
    flow into every start."""
    import os
    import subprocess
    import sys

    code = ("import sys\nfrom ohseven_tui.ui.app import OhSevenApp\nOhSevenApp()\n"
            "print(' '.join(m for m in sys.modules if m.startswith('ohseven_tui.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parent, capture_output=True, text=True,
                         check=True, env={**os.environ, "OHSEVEN_CONFIG_DIR": str(tmp_path)})
    loaded = set(out.stdout.split())
    assert "ohseven_tui.ui.app" in loaded
    assert not {m for m in loaded if m.split(".")[1] in ("table", "games", "bots", "storage", "net")}, sorted(loaded)
