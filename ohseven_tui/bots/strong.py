"""The strong bot: determinized Monte Carlo over the normal heuristics.

For a decision it asks its family's search (taught by the family's bot package:
``registry.teach("strong", family, search)``, ``search(bot, obs, preferred,
start) -> action``), which samples the hidden hands, plays every candidate out in
each sample with the normal policy for all seats (``search.playout``), and keeps
the candidate with the best mean points through this bot's budget loop
(``bot.run``). Without a search, or with one legal action, it plays the normal
bot's choice.
"""

from __future__ import annotations

import gc
import time
from typing import Any, Callable, Optional

from .base import bot_rng
from .normal import decide
from .registry import BotSpec, register_bot, skill
from .search import Budget

__all__ = ["StrongBot", "DEFAULT_BUDGET", "ENDGAME"]

DEFAULT_BUDGET = 0.5  # seconds per decision
ENDGAME = 0  # cards per hand left: a sample plays the tricks from there exactly (bots/endgame.py); 0: never


class StrongBot:
    """Determinized Monte Carlo with the normal policy as the playout policy.

    ``budget`` is seconds per decision; ``clock`` is injectable so tests can
    check the deadline logic without timing anything. ``endgame``: a family's
    search may play a sample's last tricks exactly once every hand holds this many
    cards or fewer (0: the playout policy to the end). ``infer_from_bids``
    also weights each sampled deal by how well it explains the other seats'
    standing card bids (off by default: it measured no better); ``infer_number_bids``
    the same for number bids (H4, U4), on by default (ahead of the plain search in
    five paired comparisons of five against IS-MCTS). ``rollout_random``: the share of the
    playouts' cards played at random instead of by the normal policy. ``fast_playout``:
    a family may play its samples out on bitmask hands (``engine.fast``), the same
    cards as its list playout; False keeps the lists (to compare the two).
    ``stop_early``: end a decision once one candidate is clearly best (the budget
    loop's rule, ``search.Budget``); False spends the whole budget. ``rivalry``: a
    sample is worth this seat's points less this share of the other seats' mean
    (0: its own points only), so a trick that breaks a rival's bid counts."""

    name = "strong"

    def __init__(self, seed: int = 0, budget: float = DEFAULT_BUDGET, clock: Callable[[], float] = time.perf_counter,
                 max_samples: Optional[int] = None, infer_from_bids: bool = False, endgame: int = ENDGAME,
                 infer_number_bids: bool = True, rollout_random: float = 0.0, fast_playout: bool = True,
                 stop_early: bool = True, rivalry: float = 0.0) -> None:
        self.rng = bot_rng(seed)
        self.loop = Budget(budget, clock, max_samples, stop_early)
        self.budget = self.loop.budget
        self.clock = clock
        self.max_samples = max_samples
        self.infer_from_bids = infer_from_bids
        self.endgame = endgame
        self.infer_number_bids = infer_number_bids
        self.rollout_random = rollout_random
        self.fast_playout = fast_playout
        self.rivalry = rivalry
        self.last_elapsed = 0.0

    # Figures of the last decision, for benchmarks and tests.
    @property
    def last_samples(self) -> int:
        return self.loop.last_samples

    @property
    def last_scores(self) -> dict:
        return self.loop.last_scores

    def run(self, candidates: Any, one_sample: Callable[[], tuple], start: float) -> Any:
        """The budget loop (``search.Budget.run``) for a family's search."""
        return self.loop.run(candidates, one_sample, start)

    def late(self) -> bool:
        return self.loop.late()

    def choose(self, observation: Any) -> Any:
        start = self.clock()
        self.loop.reset()
        action = decide(observation, self.rng).action
        search = skill("strong", observation.spec.family)
        if search is not None and len(observation.legal_actions) > 1:
            # No garbage-collector pause in the middle of a timed search.
            collecting = gc.isenabled()
            gc.disable()
            try:
                action = search(self, observation, action, start)
            finally:
                if collecting:
                    gc.enable()
        self.last_elapsed = self.clock() - start
        return action


SPEC = register_bot(BotSpec("strong", "Strong", StrongBot, order=20,
                            description="tries many deals of the cards it cannot see, ½ s a move",
                            about="Searches, about half a second a move: it deals the cards it cannot see "
                                  "many ways that fit what the table has shown, plays each deal out with "
                                  "the normal bot's rules, and picks the move that scores best on average. "
                                  "It beats normal in every game, by a quarter of a point to several points "
                                  "a round or hand in our tournaments, and beats a general search program "
                                  "(IS-MCTS) given as much thinking time: by about half a point a hand at "
                                  "a tenth of a second a move, 0.7 at half a second. "
                                  "docs/bots-strength.md has the figures."))
