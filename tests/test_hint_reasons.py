"""A hint's reason supports its action, in every family that has hints (issue 36,
section 1): a normal bot plays seeded games of every registered game, and at every
decision the hint's action is legal and the figures its reason states agree with
it. What is checked reads only the hint's words and the action:

- a bid ("Bid N …") is no more than the worth its reason states ("worth … X"),
  rounded to a whole bid, unless the reason names the bid it passed over (the
  worth rounded) and why ("you may not bid 2", "scores more than 2");
- a pass that states the hand's worth and the standing bid ("worth … X, not more
  than S") has X at most S.

No game is named here: the registry says which games there are.
"""

from __future__ import annotations

import re

import pytest

from ohseven_tui.bots import bots_for, hint, make_bot
from ohseven_tui.engine import registry

WORTH = re.compile(r"worth\D*?(\d+(?:\.\d+)?)")
BID = re.compile(r"Bid (\d+)")
NOT_MORE = re.compile(r"not more than (\d+)")


def _games():
    return [spec for spec in registry.games() if "normal" in bots_for(spec)]


def reason_disagrees(reason: str) -> str:
    """What in ``reason`` its own figures contradict, or ''."""
    worth = WORTH.search(reason)
    if worth is None:
        return ""
    value = float(worth.group(1))
    bid = BID.match(reason)
    if bid is not None:
        points = int(bid.group(1))
        if points > value + 0.5:
            passed_over = round(value)
            if not re.search(rf"(?:not bid|than) {passed_over}\b", reason):
                return f"bids {points}, above the stated worth {value:g}"
        return ""
    if reason.startswith("Pass"):
        standing = NOT_MORE.search(reason)
        if standing is not None and value > int(standing.group(1)):
            return f"passes though the stated worth {value:g} is more than {standing.group(1)}"
    return ""


def test_the_check_reads_the_issue_s_example_as_a_contradiction():
    """Issue 36 §1's hint, word for word apart from the layout of the contract."""
    assert reason_disagrees("Bid 23 ♥ bowers 9: your hand is worth about 21 trick points as captain")
    assert not reason_disagrees("Bid 3 tricks: your hand is worth about 2.6")
    assert not reason_disagrees("Bid 3: you may not bid 2; your hand is worth about 2.2 tricks")
    assert reason_disagrees("Pass: your best contract is worth about 25 trick points, not more than 22")


@pytest.mark.parametrize("spec", _games(), ids=lambda s: s.name)
def test_every_hint_s_reason_supports_its_action(spec):
    checked = 0
    for seed in range(3):
        game = registry.new_game(spec.name, {}, seed=seed)
        bots = [make_bot("normal", seed * 16 + s, look=False) for s in range(len(game.observe(0).seats))]
        while not game.is_over:
            seats = game.to_act()
            if not seats:
                game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
                continue
            obs = game.observe(seats[0])
            h = hint(obs)
            assert h is not None and h.reason and h.action in obs.legal_actions
            wrong = reason_disagrees(h.reason)
            assert not wrong, f"{spec.name}, seed {seed}: {h.reason!r} {wrong}"
            checked += 1
            game.apply(bots[seats[0]].choose(obs))
    assert checked
