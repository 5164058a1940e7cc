"""``ohseven scores``: review saved games (filled in by the saves issue)."""

from __future__ import annotations


def register(sub) -> None:
    return None
