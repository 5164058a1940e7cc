from __future__ import annotations

import argparse

from ..safetext import quoted


class UsageError(Exception):
    """A bad command-line argument; the message is shown as one line."""


def int_in(low: int, high: int | None, what: str):
    """An argparse type: an integer in [low, high], with a readable message."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {quoted(text)}") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {span}, not {value}")
        return value

    return parse
