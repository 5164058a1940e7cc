"""Seven for Seven's name and length, which its spec declares without loading the
state (``docs/seven-for-seven.md``)."""

from __future__ import annotations

__all__ = ["GAME_NAME", "HANDS"]

GAME_NAME = "seven-for-seven"
HANDS = 7  # V4
