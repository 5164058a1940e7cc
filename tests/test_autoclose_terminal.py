"""Issue 19, section 8, in a real terminal: the watched game's round summary (and the
round's scoresheet) closes itself after a while; with the last trick opened over it,
that time ran out behind the last trick, popped it, and the next Enter crashed the app
(InvalidStateError: the summary dismissed twice). The real app runs on a
pseudo-terminal at 80x24 and gets the player's keys; the test reads its screen.

The waits are for text on the screen (their timeouts are fail-safes). One wait is a
player's: "wait about 3 s" with the last trick open, twice the screen's own delay
(1.5 s at --bot-delay 0.2), so that its time runs out behind. Nothing is asserted
about time: a right app passes however slow the machine; a wrong one fails once its
timer has fired inside that wait."""

from __future__ import annotations

import os

import pytest

pytest.importorskip("pyte")  # a test extra: without it (a bare python) these are skipped
from pty_app import TerminalApp

SUMMARY = "Enter: the scoresheet"  # the round summary's own line
LAST_TRICK = "Press Enter or Esc to go back."  # the last trick's
SCORESHEET = "Scoresheet after "  # the round's scoresheet's title (a round, or a hand)
BEHIND = 3.0  # the player's wait with the last trick open (the screen's delay is 1.5 s)


def _env(tmp_path) -> dict:
    env = dict(os.environ, OHSEVEN_SAVE_DIR=str(tmp_path / "saves"))
    for var in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[var] = str(tmp_path / var.lower())
    return env


def _open_the_last_trick_over(term: TerminalApp, screen: str) -> None:
    """``l`` on the screen that shows ``screen``. The screen closes itself after its
    delay: on a slow machine the key may come after that and open the last trick over
    what follows; then close it and try again at the next round's."""
    for _ in range(7):
        term.wait_for(screen)
        term.send("l")
        if screen in term.wait_for(LAST_TRICK):
            return
        term.send("\r")
        term.wait_until(lambda s: LAST_TRICK not in s, "the last trick closed")
    raise AssertionError("the l never reached the screen before it closed")


def _wait_behind_then_enter(term: TerminalApp, screen: str) -> None:
    term.keep_reading(BEHIND)
    shown = term.text()
    assert LAST_TRICK in shown and screen in shown, f"the screen behind closed the last trick:\n{shown}"
    term.send("\r")  # closes the last trick
    term.wait_until(lambda s: LAST_TRICK not in s and screen in s, "back on the screen under it")


def _ends_well(term: TerminalApp, tmp_path) -> None:
    assert term.alive() and "crashed" not in term.text()
    assert term.quit() == 0
    assert b"Traceback" not in term.output and b"crashed" not in term.output
    assert not list((tmp_path / "saves" / ".state").glob("crash-*.log"))


@pytest.mark.parametrize("game", ["oh-seven", "watten"])
def test_the_summary_under_the_last_trick_waits_then_goes_on_and_the_app_stays_up(tmp_path, game):
    args = ["play", "--game", game, "--humans", "0", "--bot-delay", "0.2", "--seed", "4"]
    with TerminalApp(args, _env(tmp_path)) as term:
        _open_the_last_trick_over(term, SUMMARY)
        _wait_behind_then_enter(term, SUMMARY)
        term.send("\r")  # the Enter: closes the summary, on to the scoresheet
        term.wait_for(SCORESHEET)
        term.wait_until(lambda s: SCORESHEET not in s, "the scoresheet closed by itself: the game goes on")
        _ends_well(term, tmp_path)


def test_the_round_scoresheet_under_the_last_trick_waits_then_closes_itself(tmp_path):
    args = ["play", "--humans", "0", "--bot-delay", "0.2", "--seed", "4"]
    with TerminalApp(args, _env(tmp_path)) as term:
        _open_the_last_trick_over(term, SCORESHEET)
        _wait_behind_then_enter(term, SCORESHEET)
        # Its delay starts again once it is back on top: it closes by itself, once.
        term.wait_until(lambda s: SCORESHEET not in s, "the scoresheet closed by itself")
        term.keep_reading(BEHIND)
        _ends_well(term, tmp_path)
