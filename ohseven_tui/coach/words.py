"""The coach's words, shared by ``ohseven scores analyse`` and the app: which view
an analysis is, and one decision's note. Plain strings; no UI library."""

from __future__ import annotations

from typing import Optional

from .analysis import OPEN_VIEW, Analysis, Decision

__all__ = ["OPEN_LABEL", "FAIR_LABEL", "view_note", "view_label", "accuracy_line", "decision_note", "article"]

FAIR_LABEL = "Fair view: from your own cards"
OPEN_LABEL = "WITH ALL HANDS OPEN: the real cards"


def view_label(view: str) -> str:
    return OPEN_LABEL if view == OPEN_VIEW else FAIR_LABEL


def view_note(analysis: Analysis) -> str:
    """What the figures of ``analysis`` mean, in its view's words."""
    if analysis.view == OPEN_VIEW:
        return ("WITH ALL HANDS OPEN: each legal action played out once from the real cards, every seat then "
                "playing the normal bot's rules, to the end of the round. This is what was possible, not a fair "
                "judgement: nobody at the table saw these cards.")
    return (f"Each decision judged from the player's own cards and what the table showed, never the hidden cards: "
            f"{analysis.samples} deals of the cards they could not see per decision, played out by the normal bot.")


def article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def accuracy_line(judged: int, fine: int, mean_loss: Optional[float], total: float, unit: str,
                  view: str = "fair") -> str:
    """The accuracy in words; with all hands open the figures are the real cards'
    outcomes, not estimates."""
    if not judged:
        return "No decision to judge."
    if view == OPEN_VIEW:
        return (f"Accuracy with all hands open: {fine} of {judged} decisions as good as the best "
                f"({fine / judged:.0%}); mean loss {mean_loss or 0.0:.2f} {unit} per decision, {total:.2f} in all.")
    return (f"Accuracy: {fine} of {judged} decisions as good as the best within the noise ({fine / judged:.0%}); "
            f"mean expected loss {mean_loss or 0.0:.2f} {unit} per decision, {total:.2f} in all.")


def decision_note(d: Decision, taken: str, best: str, unit: str = "points", view: str = "fair") -> str:
    """One decision in words: what was played, what was best, the loss and why
    (the bots' words where their rule of thumb chooses the best action too, else
    what the figures rest on). ``taken`` and ``best``: the actions as the reader
    reads them."""
    if not d.judged:
        return f"{taken}: not judged (the search does not weigh such a decision)."
    if d.loss <= 0:
        note = f"{taken} ({d.taken_points:+.2f}): as good as the best, fine."
        return f"{note} Why: {d.reason}." if d.reason else note
    note = (f"{taken} ({d.taken_points:+.2f}); best was {best} ({d.best_points:+.2f}): {d.loss:.2f} {unit} lost, "
            f"{article(d.label)} {d.label}.")
    if d.reason:
        return f"{note} Why {best}: {d.reason}."
    if view == OPEN_VIEW:
        return f"{note} With the real cards, played out by the normal bot's rules, it scored more."
    return (f"{note} Over {d.samples} deals of the cards you could not see, each played out by the normal bot, "
            f"it scored more on average.")
