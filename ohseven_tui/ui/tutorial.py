"""A game's guided first round on the real table (``ohseven tutorial``, the menu).

The game declares it (``GameSpec.tutorial``: the stacked deal, the bots' scripts,
the steps and when each shows); this runs it on an ordinary table: scripted bots
in their seats, and each step's note at the first pause where it is due. A
tutorial game is not saved: it is a lesson, and it must never take the place of
the unfinished game or count in the saved games' player summaries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from ..engine.protocol import GameSpec, GameState, Tutorial, TutorialStep
    from .screens.table import TableScreen

__all__ = ["Coach", "guided_games"]


def guided_games() -> tuple["GameSpec", ...]:
    """The games that offer a tutorial, in menu order."""
    from ..engine import registry

    return tuple(spec for spec in registry.games() if spec.tutorial is not None)


class Coach:
    """One tutorial in progress: which steps were shown, and the table's hook."""

    def __init__(self, spec: "GameSpec") -> None:
        if spec.tutorial is None:
            raise ValueError(f"{spec.label} has no tutorial")
        self.spec = spec
        self.script: "Tutorial" = spec.tutorial()
        self.shown: list[str] = []  # step keys, in the order shown

    @property
    def bot_delay(self) -> float:
        return self.script.bot_delay

    def new_game(self) -> "GameState":
        return self.script.new_game(self.spec)

    def bots(self) -> dict[int, Any]:
        from ..bots.scripted import ScriptedBot

        return {seat: ScriptedBot(actions) for seat, actions in self.script.scripts.items()}

    def hint(self, obs: Any) -> Optional[tuple[Any, str]]:
        """The lesson's suggestion for the learner now, if its notes ask for a move."""
        if self.script.hint is None or obs.seat != self.script.learner:
            return None
        return self.script.hint(obs)

    def due(self, obs: Any) -> Optional["TutorialStep"]:
        """The first step after the last one shown whose moment this is. A step whose
        moment went by unseen (the learner played otherwise) is not shown late: it
        would explain a rule after it mattered."""
        steps = self.script.steps
        shown = [i for i, s in enumerate(steps) if s.key in self.shown]
        for step in steps[max(shown) + 1 if shown else 0:]:
            if step.due(obs):
                return step
        return None

    def step(self, table: "TableScreen") -> bool:
        """The table flow's hold: called whenever it would move the game on. Opens
        the step that is due, if any; the flow waits until it is closed. True if
        one opened."""
        from .messages import BackToMenu
        from .screens.lesson import LessonScreen

        step = self.due(table.table.observe(self.script.learner))
        if step is None:
            return False
        self.shown.append(step.key)
        steps = self.script.steps
        number = next(i for i, s in enumerate(steps) if s is step) + 1
        text = step.text(table.table.observe(self.script.learner))
        flow = table.controller
        flow.showing()

        def closed(_result: object = None) -> None:
            if step.last:
                flow.stop()
                table.app.post_message(BackToMenu())
            else:
                flow.shown()
                table.refresh_view()

        table.app.push_screen(LessonScreen(step.title, text, step=number, steps=len(steps), last=step.last), closed)
        return True


OFFERED = "tutorial_offered"  # the prefs key: the menu has offered the tutorial once


def first_offer(app: Any) -> bool:
    """Is this the first run that could offer a tutorial? If so, remember (in
    storage's prefs file, beside the theme) that it is offered now, so it is
    offered once; the menu keeps it on offer for good. A prefs file that cannot
    be read or written offers nothing more (the theme's reader tells of it)."""
    storage = app.storage() if hasattr(app, "storage") else None
    if storage is None or not hasattr(storage, "load_prefs") or not guided_games():
        return False
    dirs = storage.save_dirs(getattr(app, "save_dir", None))
    try:
        prefs = storage.load_prefs(dirs) or {}
    except Exception:
        return False
    if prefs.get(OFFERED):
        return False
    prefs[OFFERED] = True
    try:
        storage.save_prefs(dirs, prefs)
    except Exception:
        pass  # offered again next time: no harm
    return True
