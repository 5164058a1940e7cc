"""Storage, the commands, the scoresheet renderers and the benchmarks know a game only
through the registry and its spec (issue 11): no string constant in them equals a
game's or a family's name. Docstrings and comments may name games."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ohseven_tui.engine import registry

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ohseven_tui"
FILES = sorted(
    [*(PACKAGE / "storage").glob("*.py"), *(PACKAGE / "commands").glob("*.py"), PACKAGE / "cli.py",
     PACKAGE / "ui" / "widgets" / "scoresheet.py", ROOT / "benchmarks" / "engine.py", ROOT / "benchmarks" / "tui.py"]
)


def names() -> set[str]:
    found = set()
    for spec in registry.games():
        found |= {spec.name, spec.family}
    return found


def docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def test_the_files_exist():
    assert (PACKAGE / "storage" / "__init__.py").exists()
    assert all(path.exists() for path in FILES) and len(FILES) >= 12


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_game_or_family_name_outside_the_families(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = docstrings(tree)
    bad = {"oh-seven", "classic", "up-and-down", "ohhell", *names()}
    hits = [
        f"line {node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
        and (node.value in bad or any(f"{name}" == part for name in bad for part in node.value.split(".")))
    ]
    assert hits == []


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_of_a_family_package(path):
    """They reach a family only through the registry, never by importing it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    families = {spec.family for spec in registry.games()}
    hits = []
    for node in ast.walk(tree):
        modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
            [a.name for a in node.names] if isinstance(node, ast.Import) else []
        hits += [f"line {node.lineno}: {m}" for m in modules if set(m.split(".")) & families]
    assert hits == []
