"""The coach (issue 37): after a game, where each person's points went, decision
by decision. ``analysis`` judges a game's decisions from each seat's own
observation with the strong bot's search (``bots.judge``); ``store`` keeps each
analysis once, beside the saves index; ``words`` says them. A second view,
``OPEN_VIEW``, plays each action out from the real cards ("with all hands
open"), stored and labelled apart. Headless: no UI library.

    analysis = analyse_game(game, seats=[0], samples=400)
    report = analysis.seats[0]
    report.accuracy, report.mean_loss, report.rounds, report.worst(3)
"""

from .analysis import (
    ANALYSER_VERSION,
    DEFAULT_SAMPLES,
    LABELS,
    OPEN_MOST,
    OPEN_VIEW,
    VIEW,
    VIEWS,
    Analysis,
    Decision,
    RoundLoss,
    SeatAnalysis,
    analyse_game,
    analyse_seat,
    human_seats,
    record_hash,
)

__all__ = ["ANALYSER_VERSION", "DEFAULT_SAMPLES", "LABELS", "OPEN_MOST", "OPEN_VIEW", "VIEW", "VIEWS", "Analysis", "Decision", "RoundLoss",
           "SeatAnalysis", "analyse_game", "analyse_seat", "human_seats", "record_hash"]
