"""The in-app help (F1) states the rules as the project's rules pages do (docs/*.md
are the source): every rule id it cites is stated on its game's page, every page
it names exists, and the facts it lists by number (hand sizes, the passing
schedule, the targets) are the pages' own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ohseven_tui.ui.screens.help import help_text
from ohseven_tui.ui.screens.ohhell.help import SECTIONS
from ohseven_tui.ui.screens.sevenforseven.help import HELP as SEVEN_FOR_SEVEN
from ohseven_tui.ui.screens.watten.help import HELP as WATTEN

DOCS = Path(__file__).resolve().parent.parent / "docs"
HELPS = {"oh-seven.md": SECTIONS["oh-seven"], "oh-hell.md": SECTIONS["classic"] + SECTIONS["up-and-down"],
         "seven-for-seven.md": SEVEN_FOR_SEVEN, "watten.md": WATTEN}


def page(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def rule(name: str, rule_id: str) -> str:
    """The text of one rule, up to the next one or heading."""
    text = page(name)
    start = text.index(f"- **{rule_id}**")
    end = re.search(r"\n(- \*\*[A-Z]\d+\*\*|#)", text[start + 1:])
    return text[start:start + 1 + end.start()] if end else text[start:]


def cited(text: str) -> set[str]:
    ids = set()
    for first, last in re.findall(r"\b([RSHUVW]\d+)(?:-([RSHUVW]?\d+))?\b", text):
        ids.add(first)
        if last:
            letter = first[0]
            for n in range(int(first[1:]) + 1, int(last.lstrip(letter)) + 1):
                ids.add(f"{letter}{n}")
    return ids


@pytest.mark.parametrize("name", sorted(HELPS))
def test_each_rule_id_the_help_cites_is_stated_on_its_page(name):
    ids = cited(HELPS[name])
    assert ids, f"the help for {name} cites no rule"
    stated = set(re.findall(r"^\s*- \*\*([A-Z]\d+)\*\*", page(name), re.MULTILINE))
    assert ids <= stated, f"the help cites {sorted(ids - stated)}, which {name} does not state"


@pytest.mark.parametrize("name", sorted(HELPS))
def test_the_help_names_its_rules_page(name):
    assert f"docs/{name}" in HELPS[name] and (DOCS / name).exists()


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def test_the_hand_sizes_in_the_help_are_the_pages():
    assert numbers(rule("oh-hell.md", "H2").split(".")[0])[-7:] == [7, 6, 5, 4, 3, 2, 1]
    assert "7, 6, 5, 4, 3, 2, 1" in SECTIONS["classic"]
    u2 = numbers(rule("oh-hell.md", "U2").split("cards.")[0])
    assert u2[-12:] == [7, 6, 5, 4, 3, 2, 2, 3, 4, 5, 6, 7]
    assert "twelve hands of 7 down to 2 and back up to 7" in SECTIONS["up-and-down"]


def test_the_passing_schedule_in_the_help_is_r6s():
    row = next(line for line in rule("oh-seven.md", "R6").splitlines() if line.strip().startswith("| cards"))
    cells = [c.strip() for c in row.strip().strip("|").split("|")][1:]
    help_ = next(p for p in SECTIONS["oh-seven"].split("\n\n") if p.startswith("**Passing**"))
    for rnd, cell in enumerate(cells, start=1):
        if cell == "none":
            assert not re.search(rf"\b{rnd} (one|two|three)\b", help_), (rnd, cell)
            continue
        count, _, _, side = cell.split()
        words = {"1": "one", "2": "two", "3": "three"}[count]
        assert re.search(rf"\b{rnd} {words}( cards?)? {side}\b", help_), (rnd, cell)


def test_the_watten_targets_in_the_help_are_w11s():
    targets = sorted(set(numbers(rule("watten.md", "W11"))))
    assert targets == [11, 13, 15, 18]
    for t in targets:
        assert str(t) in WATTEN


def test_the_seven_for_seven_draws_in_the_help_are_v15s():
    v15 = rule("seven-for-seven.md", "V15")
    assert "captain takes 2 cards" in v15 and "captain takes 1 card" in v15
    assert "draws two cards (one without the Joker)" in SEVEN_FOR_SEVEN


def test_the_help_screen_shows_every_familys_rules():
    text = help_text()
    for name in HELPS:
        assert f"docs/{name}" in text
