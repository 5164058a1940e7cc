"""Judging one decision after the game (the coach, issue 37): what the action a
seat took was worth against the best one, in points, from that seat's
observation alone.

The estimate is the strong bot's own search, run at a fixed sample count with
no clock: the family's search (``registry.skill("strong", family)``) deals the
cards the seat cannot see consistently with its observation, plays every
candidate out in each deal with the normal policy, and this module records
each deal's scores instead of only keeping the best. The action taken is handed
to the search as its preferred action, so it is always among the candidates;
the normal bot's choice is weighed too (a second search on the same deals when
the first did not hold it).

A family teaches the judge its part (``teach("strong", family, Judge(...),
part="judge")``): its thresholds in points, and how the search's candidates and
scores become actions and points (:class:`Judge`). Nothing here knows a game.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any, Callable, Optional, Sequence

from .normal import decide
from .registry import skill
from .strong import StrongBot

__all__ = ["Thresholds", "Weighed", "Judge", "Verdict", "Recorder", "judge", "decision_seed", "NOISE_Z"]

NOISE_Z = 2.0  # a loss within this many standard errors of the paired difference is noise


@dataclass(frozen=True)
class Thresholds:
    """A family's labels, in its points (per round or hand): a loss under ``fine``
    is the estimate's noise (counted as 0, "fine"); under ``mistake`` an
    inaccuracy; under ``blunder`` a mistake; from ``blunder`` on a blunder."""

    fine: float
    mistake: float
    blunder: float
    unit: str = "points"  # what the points are, in words: "points for the round"

    def label(self, loss: float) -> str:
        if loss <= 0:
            return "fine"
        if loss < self.mistake:
            return "inaccuracy"
        if loss < self.blunder:
            return "mistake"
        return "blunder"

    def as_dict(self) -> dict[str, Any]:
        return {"fine": self.fine, "mistake": self.mistake, "blunder": self.blunder, "unit": self.unit}


Row = tuple[tuple[float, ...], float]  # one deal: points per action, and the deal's weight


@dataclass(frozen=True)
class Weighed:
    """The actions a search weighed and, per deal, each one's points. One action
    and no deals: nothing else was worth weighing (the other legal actions are
    the same card, or none is legal). ``complete``: every legal action was
    weighed, or one that is the same to the seat (no second search for the
    normal bot's choice)."""

    actions: tuple[Any, ...]
    rows: tuple[Row, ...] = ()
    complete: bool = False


@dataclass(frozen=True)
class Judge:
    """What a family teaches the judge.

    ``thresholds(observation)``: its labels in points.
    ``weigh(observation, taken, candidates, rows, deals)``: the family's search ran
    with ``taken`` as its preferred action and saw ``candidates`` (its own values:
    cards, numbers, actions) with per-deal scores ``rows`` (empty when it weighed
    nothing); ``deals`` holds each row's deal where the search shows it to the
    bot (``bot.saw(deal)``, else None); return them as actions and points
    (:class:`Weighed`), or None when the search does not judge such a decision."""

    thresholds: Callable[[Any], Thresholds]
    weigh: Callable[[Any, Any, tuple[Any, ...], Sequence[Row], Sequence[Any]], Optional[Weighed]]


@dataclass(frozen=True)
class Verdict:
    """One decision judged: the action taken and the best one, each with its
    expected points; the loss (0 within the noise), its label and the noise (the
    standard error of the paired difference). ``judged`` False: the family's
    search does not weigh this kind of decision (no figures)."""

    taken: Any
    best: Any
    taken_points: float
    best_points: float
    loss: float
    label: str
    noise: float
    samples: int
    judged: bool = True
    weighed: int = 1  # actions weighed


class Recorder(StrongBot):
    """The strong bot at a fixed sample count, no clock and no early stop, which
    keeps every deal's scores (``rows``) and the candidates of its search, and
    each row's deal where the search shows it (``saw``; else None)."""

    def __init__(self, seed: int, samples: int) -> None:
        super().__init__(seed, budget=float("inf"), max_samples=samples, stop_early=False)
        self.candidates: tuple[Any, ...] = ()
        self.rows: list[Row] = []
        self.deals: list[Any] = []
        self._deal: Any = None

    def saw(self, deal: Any) -> None:
        """A family's search shows the deal of the sample it is scoring."""
        self._deal = deal

    def run(self, candidates: Any, one_sample: Callable[[], tuple], start: float) -> Any:
        self.candidates = tuple(candidates)
        self.rows = []
        self.deals = []

        def recorded() -> tuple:
            self._deal = None
            scores, weight = one_sample()
            if scores is not None and weight > 0:
                self.rows.append((tuple(float(s) for s in scores), float(weight)))
                self.deals.append(self._deal)
            return scores, weight

        return super().run(candidates, recorded, start)


def decision_seed(*parts: Any) -> int:
    """A seed from the decision's place (the analysis's seed, the seat, the action's
    index): stable across runs and machines (no ``hash()``), and the same for any
    deal of the hidden cards."""
    text = ":".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def _searched(judge_skill: Judge, search: Callable[..., Any], obs: Any, preferred: Any, seed: int,
              samples: int) -> Optional[Weighed]:
    bot = Recorder(seed, samples)
    search(bot, obs, preferred, 0.0)
    return judge_skill.weigh(obs, preferred, bot.candidates, bot.rows, bot.deals)


def _merged(first: Weighed, second: Optional[Weighed]) -> Weighed:
    """``first`` with the actions only ``second`` weighed, deal by deal (both ran
    on the same seed, so on the same deals)."""
    if second is None or len(second.rows) != len(first.rows) or not first.rows:
        return first
    new = [i for i, a in enumerate(second.actions) if a not in first.actions]
    if not new:
        return first
    rows = tuple((a + tuple(b[i] for i in new), wa) for (a, wa), (b, _) in zip(first.rows, second.rows))
    return Weighed(first.actions + tuple(second.actions[i] for i in new), rows, first.complete)


def judge(obs: Any, taken: Any, samples: int, seed: int) -> Optional[Verdict]:
    """The verdict on ``taken`` at ``obs`` (the seat's observation just before it
    acted), from ``samples`` deals drawn with ``seed``; None when the seat had no
    choice (one legal action)."""
    legal = obs.legal_actions
    if len(legal) < 2:
        return None
    family = obs.spec.family
    judge_skill = skill("strong", family, "judge")
    search = skill("strong", family)
    if judge_skill is None or search is None:
        return Verdict(taken, taken, 0.0, 0.0, 0.0, "", 0.0, 0, judged=False)
    thresholds = judge_skill.thresholds(obs)
    weighed = _searched(judge_skill, search, obs, taken, seed, samples)
    if weighed is None:
        return Verdict(taken, taken, 0.0, 0.0, 0.0, "", 0.0, 0, judged=False)
    if weighed.rows and not weighed.complete:
        normal = decide(obs, random.Random(seed)).action
        if normal not in weighed.actions and normal in legal:
            weighed = _merged(weighed, _searched(judge_skill, search, obs, normal, seed, samples))
    return _verdict(weighed, taken, thresholds)


def _verdict(weighed: Weighed, taken: Any, thresholds: Thresholds) -> Verdict:
    rows = weighed.rows
    actions = weighed.actions
    if not rows or len(actions) < 2:
        return Verdict(taken, taken, 0.0, 0.0, 0.0, "fine", 0.0, len(rows), weighed=len(actions))
    total = sum(w for _, w in rows)
    means = [sum(r[i] * w for r, w in rows) / total for i in range(len(actions))]
    t = actions.index(taken)
    # The best by mean; a tie goes to the action taken (it was as good).
    best = max(range(len(actions)), key=lambda i: (round(means[i], 9), i == t))
    diffs = [(r[best] - r[t], w) for r, w in rows]
    mean = sum(d * w for d, w in diffs) / total
    n_eff = total * total / sum(w * w for _, w in rows)
    var = sum(w * (d - mean) ** 2 for d, w in diffs) / total
    noise = (var / max(n_eff - 1.0, 1.0)) ** 0.5
    loss = mean if mean >= thresholds.fine and mean > NOISE_Z * noise else 0.0
    shown_best = actions[best] if loss > 0 else taken
    best_points = means[best] if loss > 0 else means[t]
    return Verdict(taken, shown_best, means[t], best_points, loss, thresholds.label(loss), noise, len(rows),
                   weighed=len(actions))
