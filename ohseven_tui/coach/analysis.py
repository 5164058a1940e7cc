"""A game analysed for its people (issue 37): every decision a seat made, judged
from what that seat saw then.

The game is replayed from its record on a fresh state (its rules, seats, seed
and stacked deals, then its actions one by one); just before each action of an
analysed seat, the seat's observation (``observe(seat)``, the public game API)
is what the judge reads (``bots.judge``): never the hidden cards. A decision
is an action taken where the seat had two legal actions or more.

Every random choice comes from a seed made of the analysis's seed, the seat and
the action's place in the game (``bots.judge.decision_seed``): the same record
and sample count give the same analysis, whatever the hidden cards were.

A second view, ``OPEN_VIEW`` ("with all hands open"), is for the player who
wants to know what was possible: each legal action is played out once from the
real cards (the game replayed to that moment), every seat then playing the
normal bot's rules from its own observation, to the end of the round. It is
another analysis, stored and labelled apart, and never mixed into the fair one.
Nothing here knows a game: the figures, labels and thresholds are the family's
(``Judge``). No UI library is imported.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Optional, Sequence

from ..bots.judge import Thresholds, Verdict, Weighed, decision_seed, judge
from ..bots.judge import _verdict as verdict_of
from ..bots.normal import decide
from ..bots.registry import skill
from ..engine.protocol import GameState, Observation
from ..engine.record import record_hash

__all__ = ["ANALYSER_VERSION", "DEFAULT_SAMPLES", "Decision", "RoundLoss", "KindLoss", "SeatAnalysis", "Analysis",
           "analyse_game", "analyse_seat", "record_hash", "human_seats", "LABELS", "VIEW", "OPEN_VIEW", "VIEWS",
           "OPEN_MOST", "OPEN_DRAWN", "finished_rounds", "shown_analysis"]

ANALYSER_VERSION = 5  # 2: Watten raises in the player's favour; 3: Seven for Seven's thresholds; 4: reasons, the open view; 5: a family's normal rules of thumb (its playouts, its reasons). Raise it whenever a figure could change: stored analyses of another version are not used
DEFAULT_SAMPLES = 400  # deals per decision
LABELS = ("fine", "inaccuracy", "mistake", "blunder")
VIEW = "fair"  # from each seat's observation only
OPEN_VIEW = "open"  # with all hands open: the real cards (another analysis, never mixed with the fair one)
VIEWS = (VIEW, OPEN_VIEW)
OPEN_MOST = 60  # with all hands open, every legal action is weighed up to this many
OPEN_DRAWN = 12  # of more (an auction's bids, a discard's choices): the taken, the normal bot's and others drawn

Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


@dataclass(frozen=True)
class Decision:
    """One decision judged. ``index``: the action's place in the game's actions
    (0-based); ``taken`` and ``best`` in the record's words without the seat
    ("play 5H"); points are expected points from that moment in the family's
    unit; ``loss`` is 0 when the action was as good as the best within the
    noise; ``judged`` False when the family's search does not weigh such a
    decision (then no figures and no label)."""

    index: int
    round: int
    taken: str
    best: str
    taken_points: float
    best_points: float
    loss: float
    label: str
    noise: float
    samples: int
    judged: bool = True
    reason: str = ""

    @property
    def kind(self) -> str:
        """The decision's kind: the action's first word in the record's words ("play", "bid")."""
        return self.taken.split(" ", 1)[0]

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "round": self.round, "taken": self.taken, "best": self.best,
                "taken_points": self.taken_points, "best_points": self.best_points, "loss": self.loss,
                "label": self.label, "noise": self.noise, "samples": self.samples, "judged": self.judged,
                "reason": self.reason}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Decision":
        return cls(int(data["index"]), int(data["round"]), str(data["taken"]), str(data["best"]),
                   float(data["taken_points"]), float(data["best_points"]), float(data["loss"]),
                   str(data["label"]), float(data["noise"]), int(data["samples"]), bool(data["judged"]),
                   str(data["reason"]))


@dataclass(frozen=True)
class RoundLoss:
    round: int
    decisions: int  # judged decisions in the round
    loss: float  # their expected loss, summed


@dataclass(frozen=True)
class KindLoss:
    """The judged decisions of one kind: the action's first word in the record's
    words ("play", "bid", "lead"), whatever the game."""

    kind: str
    decisions: int
    loss: float  # their expected loss, summed


@dataclass(frozen=True)
class SeatAnalysis:
    """One seat's decisions in a game, and its figures."""

    seat: int
    name: str
    player: str
    decisions: tuple[Decision, ...]
    thresholds: Optional[Thresholds]

    @property
    def judged(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.judged)

    @property
    def accuracy(self) -> Optional[float]:
        """The share of judged decisions as good as the best within the noise (None: none judged)."""
        judged = self.judged
        return sum(d.loss == 0 for d in judged) / len(judged) if judged else None

    @property
    def mean_loss(self) -> Optional[float]:
        """Expected points lost per judged decision (None: none judged)."""
        judged = self.judged
        return sum(d.loss for d in judged) / len(judged) if judged else None

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.judged)

    @property
    def rounds(self) -> tuple[RoundLoss, ...]:
        """Per round with a judged decision: how many, and their expected loss."""
        by_round: dict[int, list[Decision]] = {}
        for d in self.judged:
            by_round.setdefault(d.round, []).append(d)
        return tuple(RoundLoss(r, len(ds), sum(d.loss for d in ds)) for r, ds in sorted(by_round.items()))

    @property
    def kinds(self) -> tuple[KindLoss, ...]:
        """Per kind of decision with a judged one: how many, and their expected loss;
        the costliest first (ties by name)."""
        by_kind: dict[str, list[Decision]] = {}
        for d in self.judged:
            by_kind.setdefault(d.kind, []).append(d)
        found = [KindLoss(k, len(ds), sum(d.loss for d in ds)) for k, ds in by_kind.items()]
        return tuple(sorted(found, key=lambda k: (-k.loss, k.kind)))

    def worst(self, count: int = 3) -> tuple[Decision, ...]:
        """The biggest losses, biggest first (the earlier of equal ones first); none of 0."""
        lost = [d for d in self.judged if d.loss > 0]
        return tuple(sorted(lost, key=lambda d: (-d.loss, d.index))[:count])

    def labels(self) -> dict[str, int]:
        """How many judged decisions carry each label."""
        counts = dict.fromkeys(LABELS, 0)
        for d in self.judged:
            counts[d.label] = counts.get(d.label, 0) + 1
        return counts

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "player": self.player,
            "thresholds": self.thresholds.as_dict() if self.thresholds is not None else None,
            "decisions": [d.as_dict() for d in self.decisions],
            "judged": len(self.judged),
            "accuracy": self.accuracy,
            "mean_loss": self.mean_loss,
            "total_loss": self.total_loss,
            "labels": self.labels(),
            "rounds": [{"round": r.round, "decisions": r.decisions, "loss": r.loss} for r in self.rounds],
            "kinds": [{"kind": k.kind, "decisions": k.decisions, "loss": k.loss} for k in self.kinds],
            "worst": [d.index for d in self.worst()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "SeatAnalysis":
        t = data.get("thresholds")
        thresholds = (Thresholds(float(t["fine"]), float(t["mistake"]), float(t["blunder"]), str(t["unit"]))
                      if t else None)
        return cls(int(data["seat"]), str(data["name"]), str(data["player"]),
                   tuple(Decision.from_dict(d) for d in data["decisions"]), thresholds)


@dataclass(frozen=True)
class Analysis:
    """A game's analysis for some of its seats, in one view: ``VIEW`` (fair: each
    seat's own observation) or ``OPEN_VIEW`` (all hands open). ``record`` is the
    hash of the game's record it was made from."""

    game: str  # the game's name ("oh-seven")
    record: str
    samples: int
    seed: int
    seats: tuple[SeatAnalysis, ...]
    analyser: int = ANALYSER_VERSION
    view: str = VIEW

    def as_dict(self) -> dict[str, Any]:
        return {"analyser": self.analyser, "view": self.view, "game": self.game, "record": self.record,
                "samples": self.samples, "seed": self.seed, "seats": [s.as_dict() for s in self.seats]}


def finished_rounds(game: GameState[Observation], report: SeatAnalysis) -> SeatAnalysis:
    """``report`` without the decisions of a round still in play: "best was 7♥"
    would show a card its player still holds, whoever is looking (privacy; the
    review's replay hides that round too)."""
    if game.is_over:
        return report
    done = len(game.results())
    return replace(report, decisions=tuple(d for d in report.decisions if d.round <= done))


def shown_analysis(game: GameState[Observation], analysis: Analysis) -> Analysis:
    """``analysis`` as it may be shown while ``game`` is unfinished: its finished rounds."""
    return replace(analysis, seats=tuple(finished_rounds(game, s) for s in analysis.seats))


def human_seats(game: GameState[Observation]) -> list[int]:
    """The seats people played (``Seat.player`` "human")."""
    return [s for s, seat in enumerate(game.seats) if seat.player == "human"]


def _fresh(game: GameState[Observation]) -> GameState[Observation]:
    """The game as it began: its rules, seats, seed and stacked deals, no action."""
    return game.spec.new_game(dict(game.options), seed=game.seed, seats=game.seats,
                              stacked_deals=game.stacked_deals)


def _words(game: GameState[Observation], action: Any, seat: int) -> str:
    """An action in the record's words, without its seat: "play 5H"."""
    text = str(game.spec.action_text(action))
    head = f"{seat} "
    return text[len(head):] if text.startswith(head) else text


Moment = tuple[int, int, Observation, Any, Optional[GameState[Observation]]]


def _moments(game: GameState[Observation], seats: Iterable[int], real: bool = False) -> list[Moment]:
    """(action index, seat, the seat's observation just before, the action, and
    with ``real`` a copy of the game then) for every decision of ``seats``:
    replayed from the start, seen as the seat saw it."""
    wanted = set(seats)
    state = _fresh(game)
    found: list[Moment] = []
    for index, action in enumerate(game.history):
        seat = getattr(action, "seat", None)
        if seat in wanted and len(state.legal_actions(seat)) > 1:
            found.append((index, seat, state.observe(seat), action, state.clone() if real else None))
        state.apply(action)
    return found


def _round_points(state: GameState[Observation], seat: int, start: Sequence[int]) -> float:
    """What the round gave ``seat`` since ``start`` (the totals then): its own
    points, less the other side's where seats play in sides (as the fair view
    counts them)."""
    gained = [now - then for now, then in zip(state.totals, start)]
    sides = state.spec.view(state.options).sides
    mine = next((side for side in sides if seat in side), None)
    if mine is None:
        return float(gained[seat])
    others = [s for s in range(len(gained)) if s not in mine]
    return float(gained[seat]) - (sum(gained[s] for s in others) / len(others) if others else 0.0)


def _played_out(state: GameState[Observation], seat: int, action: Any) -> float:
    """``action`` applied to the real game, then every seat playing the normal bot's
    rules of thumb from its own observation to the end of the round (or to a
    redeal, whose cards are new): the points it gave ``seat``."""
    game = state.clone()
    start = list(game.totals)
    number = game.round_number
    game.apply(action)
    while not game.is_over and game.round_number == number:
        to_act = game.to_act()
        if not to_act:
            break
        game.apply(decide(game.observe(to_act[0]), None).action)
    return _round_points(game, seat, start)


def _open_verdict(state: GameState[Observation], seat: int, taken: Any, thresholds: Optional[Thresholds],
                  seed: int) -> Verdict:
    """The verdict on ``taken`` with all hands open: every legal action played out
    once from the real cards (the playouts follow fixed rules: one is enough).
    Of more than ``OPEN_MOST`` (an auction's bids, a discard of several cards), the
    action taken, the normal bot's and others drawn with ``seed``, ``OPEN_DRAWN`` in all."""
    legal = list(state.legal_actions(seat))
    if thresholds is None:
        return Verdict(taken, taken, 0.0, 0.0, 0.0, "", 0.0, 0, judged=False)
    if len(legal) > OPEN_MOST:
        first = [taken]
        normal = decide(state.observe(seat), None).action
        if normal != taken and normal in legal:
            first.append(normal)
        others = [a for a in legal if a not in first]
        legal = first + random.Random(seed).sample(others, OPEN_DRAWN - len(first))
    points = tuple(_played_out(state, seat, a) for a in legal)
    return verdict_of(Weighed(tuple(legal), ((points, 1.0),), complete=True), taken, thresholds)


def _reason(obs: Observation, best: Any) -> str:
    """The normal bot's words for ``best`` where its rules of thumb choose it too."""
    try:
        rule = decide(obs, None)
    except ValueError:  # the normal bot does not play this game
        return ""
    return rule.reason if rule.action == best else ""


def _thresholds(obs: Observation) -> Optional[Thresholds]:
    taught = skill("strong", obs.spec.family, "judge")
    return taught.thresholds(obs) if taught is not None else None


def analyse_seat(game: GameState[Observation], seat: int, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                 progress: Optional[Progress] = None, view: str = VIEW) -> SeatAnalysis:
    """One seat's decisions in ``game`` judged at ``samples`` deals each."""
    return analyse_game(game, [seat], samples, seed, progress, view).seats[0]


def analyse_game(game: GameState[Observation], seats: Optional[Sequence[int]] = None,
                 samples: int = DEFAULT_SAMPLES, seed: int = 0,
                 progress: Optional[Progress] = None, view: str = VIEW) -> Analysis:
    """``game`` (finished or not) analysed for ``seats`` (default: the people's),
    each decision at ``samples`` deals (``view`` VIEW), or played out from the real
    cards (``view`` OPEN_VIEW); ``progress(done, total)`` after each one: an
    exception it raises stops the analysis (the app's cancel)."""
    if samples < 1:
        raise ValueError(f"the samples per decision must be at least 1, not {samples}")
    if view not in VIEWS:
        raise ValueError(f"there is no view {view!r}: {' or '.join(VIEWS)}")
    chosen = list(human_seats(game) if seats is None else seats)
    for s in chosen:
        if not 0 <= s < len(game.seats):
            raise ValueError(f"there is no seat {s} at a table of {len(game.seats)}")
    moments = _moments(game, chosen, real=view == OPEN_VIEW)
    total = len(moments)
    per_seat: dict[int, list[Decision]] = {s: [] for s in chosen}
    thresholds: dict[int, Optional[Thresholds]] = {}
    for done, (index, seat, obs, action, real) in enumerate(moments, start=1):
        if seat not in thresholds:
            thresholds[seat] = _thresholds(obs)
        if real is not None:
            verdict: Optional[Verdict] = _open_verdict(real, seat, action, thresholds[seat],
                                                       decision_seed(seed, seat, index))
        else:
            verdict = judge(obs, action, samples, decision_seed(seed, seat, index))
        if verdict is not None:
            reason = _reason(obs, verdict.best) if verdict.judged else ""
            per_seat[seat].append(Decision(
                index, obs.round_number, _words(game, verdict.taken, seat), _words(game, verdict.best, seat),
                verdict.taken_points, verdict.best_points, verdict.loss, verdict.label, verdict.noise,
                verdict.samples, verdict.judged, reason))
        if progress is not None:
            progress(done, total)
    if progress is not None and not total:
        progress(0, 0)
    reports = []
    for s in chosen:
        if s not in thresholds:
            thresholds[s] = _thresholds(game.observe(s))
        reports.append(SeatAnalysis(s, game.seats[s].name, game.seats[s].player, tuple(per_seat[s]),
                                    thresholds[s]))
    return Analysis(game.spec.name, record_hash(game), samples, seed, tuple(reports), view=view)
