"""The README's quick start works on a fresh Debian/Ubuntu machine as written
(issue 10, section 2): a stock Python there refuses ``pip install`` outside a
virtual environment (PEP 668, "externally-managed-environment"), so both commands
make and enter one first. ``.ci/run`` runs exactly the README's test command
(``.ci/run --print`` shows which); the run itself is CI's, not this suite's."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = "python3 -m venv .venv && . .venv/bin/activate && "


def quick_start() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```\n(.*?)```", section, re.S)]


def test_exactly_two_quick_start_commands_each_in_a_virtual_environment():
    commands = quick_start()
    assert len(commands) == 2 and all("\n" not in c for c in commands)
    play, test = commands
    assert play == VENV + "pip install . && ohseven"
    assert test == VENV + 'pip install -e ".[test]" && python -m pytest -n auto'  # pytest-xdist: 2 cores


def test_ci_runs_the_readme_test_command_exactly():
    out = subprocess.run(["bash", str(ROOT / ".ci" / "run"), "--print"], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == quick_start()[1]
