"""Trick estimates that any bidding game's bot can use: a hand's chance of each
number of tricks from per-card chances, and the expected score of each bid."""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

__all__ = ["distribution", "expected_scores"]


def distribution(chances: Sequence[float]) -> list[float]:
    """P(tricks = k): a sum of independent chances (Poisson binomial)."""
    dist = [1.0]
    for p in chances:  # in place: the bid search asks this for every seat of every sample
        q = 1 - p
        below = 0.0
        for k, d in enumerate(dist):
            dist[k] = d * q + below * p
            below = d
        dist.append(below * p)
    return dist


def expected_scores(points: Callable[[int, int], float], dist: Sequence[float], numbers: Iterable[int]) -> list:
    """(expected points, number) for each bid number, best first (ties: lower);
    ``points(bid, tricks)`` is the game's score for one seat."""
    out = []
    for b in numbers:
        ev = sum(p * points(b, k) for k, p in enumerate(dist))
        out.append((ev, b))
    out.sort(key=lambda x: (-x[0], x[1]))
    return out
