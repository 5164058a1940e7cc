"""Hot-seat in a real terminal: a key pressed once the hand is on screen counts,
even when the app sends more frames before it hears that the hand was drawn.

CI saw it: Bea's discard screen showed her hand, she pressed 1 and 2, and
neither was taken. A newly opened screen goes out as a whole first (her hand in
it), then its footer a moment later; the key gate counted only the last frame
before the "drawn" report, so a key pressed between the two was refused, or
dropped from the terminal's input unread. Here the key is sent as soon as the
first frame with the hand has arrived, which is always before the footer's.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("pyte")  # a test extra: without it (a bare python) these are skipped
from pty_app import HANDOFF, NUMBERED_TOP, TerminalApp

CURSOR = "┏━ {} ━┓"  # the card the cursor is on: a heavy frame


def test_a_key_pressed_as_the_hand_first_shows_counts():
    sent: list[str] = []

    def on_frame(term: TerminalApp) -> None:
        # The first chunk of a frame with Ann's hand face up: she presses 3 at once.
        if pressed and not sent and NUMBERED_TOP.search(term.text()) and not HANDOFF.search(term.text()):
            term.send("3")
            sent.append(term.text())

    pressed: list[str] = []
    with TerminalApp(["play", "--humans", "2", "--players", "2", "--seed", "11", "--bot-delay", "0"],
                     dict(os.environ), on_frame=on_frame) as term:
        shown = term.wait_until(lambda t: HANDOFF.search(t) is not None, "Ann's hand-off")
        handoff = HANDOFF.search(shown)
        assert handoff is not None and handoff.group(1) == "Ann"
        term.drain(0.3)  # the hand-off is drawn: its letter counts
        pressed.append(handoff.group(2))
        term.send(handoff.group(2).lower())
        term.wait_until(lambda t: bool(sent), "Ann's hand on screen")
        # Once her screen's footer is out (the screen is whole), one step right.
        term.wait_for("⏎")
        term.send("\x1b[C")
        text = term.wait_until(lambda t: CURSOR.format(4) in t or CURSOR.format(2) in t, "the cursor moved")
        assert CURSOR.format(4) in text, f"the 3 pressed with her hand in view was lost:\n{text}"
