"""What the Watten bots do with raises (W10), counted per strength by
``benchmarks/habits.py``: how often a seat raises when it may, how often it
raises with a weak hand (a bluff) or a strong one, and how often it answers a
raise by going, by the answering hand's strength.

The yardstick is the rules', not a bot's: a hand is *strong* when it holds two
or more of the criticals and the chief striker (W5), or its side needs one trick
more and it holds one of them; *weak* when it holds none of them and at most one
other trump."""

from __future__ import annotations

from typing import Any, Iterator

from ...games.watten import CRITICALS, Go, Phase, Raise
from ..registry import Habits

__all__ = ["HABITS", "hand_class"]


def hand_class(obs: Any) -> str:
    """"strong", "weak" or "middling" by the rules' yardstick above."""
    ctx = obs.context
    if ctx is None:
        return "middling"
    tops = sum(1 for c in obs.hand if int(c) in _tops(ctx))
    trumps = sum(1 for c in obs.hand if ctx.suit[int(c)] == ctx.trump)
    need = 3 - obs.side_tricks[obs.seat & 1]
    if tops >= 2 or (need <= 1 and tops >= 1):
        return "strong"
    if tops == 0 and trumps <= 1:
        return "weak"
    return "middling"


def _tops(ctx: Any) -> set[int]:
    """The criticals and the chief striker: the trumps above every striker (W5)."""
    tops = {int(c) for c in CRITICALS}
    if ctx.chief is not None:
        tops.add(ctx.chief)
    return tops


def _decision(obs: Any, action: Any) -> Iterator[tuple[str, float]]:
    kind = type(action)
    if obs.phase is Phase.ANSWER:
        which = hand_class(obs)
        yield "answer", 1
        yield "go", kind is Go
        yield f"answer {which}", 1
        yield f"go {which}", kind is Go
        return
    if Raise(obs.seat) not in obs.legal_actions:
        return
    which = hand_class(obs)
    yield "chance", 1
    yield "raise", kind is Raise
    yield f"chance {which}", 1
    yield f"raise {which}", kind is Raise


def _hand(result: Any) -> Iterator[tuple[int, str, float]]:
    for seat in range(4):
        yield seat, "hand", 1
    for r in result.raises:
        yield r.seat, "raised", 1
        if r.answer == "hold":
            yield r.seat, "held", 1
            yield r.seat, "held and won", result.winner == r.seat & 1


HABITS = Habits(
    lines=(
        ("raise chances taken", "raise", "chance", "%"),
        ("raises per seat and hand", "raised", "hand", "mean"),
        ("raise, strong hand", "raise strong", "chance strong", "%"),
        ("raise, middling hand", "raise middling", "chance middling", "%"),
        ("raise, weak hand (a bluff)", "raise weak", "chance weak", "%"),
        ("raises that are bluffs", "raise weak", "raise", "%"),
        ("go when raised", "go", "answer", "%"),
        ("go when raised, weak hand", "go weak", "answer weak", "%"),
        ("go when raised, middling hand", "go middling", "answer middling", "%"),
        ("go when raised, strong hand", "go strong", "answer strong", "%"),
        ("held raises the raiser won", "held and won", "held", "%"),
    ),
    decision=_decision,
    hand=_hand,
)
