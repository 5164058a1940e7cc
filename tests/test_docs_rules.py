"""The project's own rules pages (docs/*.md): every rule id is stated once, the ids
run without gaps, every id a test names is stated, and nothing in the repository
points outside it for the rules. Reads only the repository's files."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"

# Each page and the id prefixes it states (an id is stated as "- **R1** ...").
PAGES = {
    "oh-seven.md": ("R", "S"),
    "oh-hell.md": ("H", "U"),
    "seven-for-seven.md": ("V",),
    "watten.md": ("W",),
}
STATED = re.compile(r"^\s*- \*\*([A-Z])(\d+)\*\*", re.MULTILINE)
NAMED = re.compile(r"\b([RSHUVW])(\d+)\b")


def stated_ids(page: str) -> list[tuple[str, int]]:
    text = (DOCS / page).read_text(encoding="utf-8")
    return [(letter, int(number)) for letter, number in STATED.findall(text)]


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_rule_id_is_stated_once_and_they_run_from_1_without_a_gap(page):
    ids = stated_ids(page)
    assert ids, f"{page} states no rule"
    twice = [f"{letter}{n}" for (letter, n), count in Counter(ids).items() if count > 1]
    assert not twice, f"{page} states these ids more than once: {twice}"
    for letter in PAGES[page]:
        numbers = sorted(n for lt, n in ids if lt == letter)
        assert numbers == list(range(1, len(numbers) + 1)), f"{page}: the {letter} ids are {numbers}"
    others = sorted({letter for letter, _ in ids} - set(PAGES[page]))
    assert not others, f"{page} states ids of another page's prefix: {others}"


def test_no_id_is_stated_on_two_pages():
    seen: dict[tuple[str, int], str] = {}
    for page in PAGES:
        for rule in stated_ids(page):
            assert rule not in seen, f"{rule[0]}{rule[1]} is on {seen[rule]} and {page}"
            seen[rule] = page


def test_every_rule_id_a_test_names_is_stated_in_the_docs():
    stated = {f"{letter}{n}" for page in PAGES for letter, n in stated_ids(page)}
    missing: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("*.py")):
        for letter, number in NAMED.findall(path.read_text(encoding="utf-8")):
            rule = f"{letter}{int(number)}"
            if rule not in stated:
                missing.setdefault(rule, []).append(path.name)
    assert not missing, f"rule ids named in tests but stated on no docs page: {missing}"


def test_the_id_pattern_finds_what_the_tests_name():
    """The check above must be able to fail: the tests do name rule ids."""
    named = {f"{a}{b}" for p in TESTS.rglob("*.py") for a, b in NAMED.findall(p.read_text(encoding="utf-8"))}
    assert {"R14", "H4", "U4", "V7", "W5", "S8"} <= named


def test_rules_index_links_every_page():
    index = (DOCS / "rules.md").read_text(encoding="utf-8")
    for page in PAGES:
        assert f"]({page})" in index, f"docs/rules.md does not link {page}"


def repo_text_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder in ("docs", "ohseven_tui", "tests", "benchmarks", "saves"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".md", ".py", ".txt", ".sh", ".tcss", ".toml", ".json"):
                files.append(path)
    return files


def test_nothing_in_the_repository_points_outside_it_for_the_rules():
    # Built from parts so that this file does not name them itself.
    outside = ("../" + "shared", "/work/" + "shared", "../" + "seeds")
    found = []
    for path in repo_text_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for needle in outside:
            if needle in text:
                found.append(f"{path.relative_to(ROOT)}: {needle}")
    assert not found, "these files point outside the repository: " + "; ".join(found)


def test_the_readme_links_every_rules_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in PAGES:
        assert f"](docs/{page})" in readme, f"README.md does not link docs/{page}"
