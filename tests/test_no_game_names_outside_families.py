"""No rule or game name outside its family (issue 11): only a family's own packages
(``games/<family>/``, ``ui/screens/<family>/``, ``bots/<family>/``) may know what
makes a game different. Everything else reads the spec and the view.

The test reads the source: a string constant naming a game or a family, or a
look at a preset, anywhere else fails CI, so the next leak cannot land."""

import ast
from pathlib import Path

from ohseven_tui.engine import registry

PACKAGE = Path(__file__).resolve().parent.parent / "ohseven_tui"


def _families() -> set[str]:
    return {spec.family for spec in registry.games()}


def _forbidden() -> set[str]:
    words = set(_families())
    for spec in registry.games():
        words |= {spec.name, spec.label}
    return words


def _in_a_family(path: Path) -> bool:
    parts = path.relative_to(PACKAGE).parts
    families = _families()
    return any(parts[i] in families and parts[:i] in (("games",), ("ui", "screens"), ("bots",))
               for i in range(len(parts)))


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _leaks(path: Path, forbidden: set[str]) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value in forbidden:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: the game name {node.value!r}")
        elif isinstance(node, ast.Attribute) and node.attr == "preset":
            found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: a look at .preset")
    return found


def test_the_check_sees_every_registered_game():
    names = {s.name for s in registry.games()}
    assert {"oh-seven", "classic", "up-and-down"} <= names  # the test really knows the games
    assert "ohhell" in _families()


def test_the_check_catches_a_leak(tmp_path):
    leak = PACKAGE / "_leak_probe_for_the_test.py"
    try:
        leak.write_text('"""A docstring may say oh-seven."""\nCARD_BIDS = rules.preset == "oh-seven"\n')
        found = _leaks(leak, _forbidden())
    finally:
        leak.unlink()
    assert len(found) == 2, found  # the constant and the .preset, not the docstring


def test_no_module_outside_a_family_names_a_game():
    forbidden = _forbidden()
    leaks = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if not _in_a_family(path):
            leaks.extend(_leaks(path, forbidden))
    assert not leaks, "game names outside their family:\n" + "\n".join(leaks)
