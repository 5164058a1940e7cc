"""No rule or game name outside its family (issue 11): only a family's own packages
(``games/<family>/``, ``ui/screens/<family>/``, ``bots/<family>/``) may know what
makes a game different. Everything else reads the spec and the view.

The test reads the source of the package and the benchmarks: a string constant
naming a game or a family, a look at a preset, or an import of a family's module,
anywhere else fails CI, so the next leak cannot land. (The registries reach the
families; nothing else does.)"""

import ast
from pathlib import Path

from ohseven_tui.engine import registry

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ohseven_tui"


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
    families = _families()
    where = path.relative_to(ROOT)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            # whole strings, and dotted ones ("ohseven_tui.games.ohhell" handed to importlib)
            if node.value in forbidden or set(node.value.split(".")) & families:
                found.append(f"{where}:{node.lineno}: the game name {node.value!r}")
        elif isinstance(node, ast.Attribute) and node.attr == "preset":
            found.append(f"{where}:{node.lineno}: a look at .preset")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            if isinstance(node, ast.ImportFrom):
                modules += [a.name for a in node.names]
            for module in modules:
                if set(module.split(".")) & families:
                    found.append(f"{where}:{node.lineno}: imports the family module {module!r}")
    return found


def test_the_check_sees_every_registered_game():
    names = {s.name for s in registry.games()}
    assert {"oh-seven", "classic", "up-and-down"} <= names  # the test really knows the games
    assert "ohhell" in _families()


def test_the_check_catches_a_leak(tmp_path):
    leak = PACKAGE / "_leak_probe_for_the_test.py"
    try:
        leak.write_text('"""A docstring may say oh-seven."""\nCARD_BIDS = rules.preset == "oh-seven"\n'
                        'from ohseven_tui.games.ohhell import Game\nimportlib.import_module("x.games.ohhell")\n')
        found = _leaks(leak, _forbidden())
    finally:
        leak.unlink()
    # the constant, the .preset, the import and the dotted name; not the docstring
    assert len(found) == 4, found


def test_no_module_outside_a_family_names_a_game():
    forbidden = _forbidden()
    leaks = []
    for path in sorted([*PACKAGE.rglob("*.py"), *(ROOT / "benchmarks").glob("*.py")]):
        if path.is_relative_to(ROOT / "benchmarks") or not _in_a_family(path):
            leaks.extend(_leaks(path, forbidden))
    assert not leaks, "game names outside their family:\n" + "\n".join(leaks)
