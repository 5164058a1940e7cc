"""A bot that follows a script (a tutorial's seats): at each turn it plays the
first of its scripted actions that is legal now, else its first legal action.
Each scripted action is made once: a raise or a factor bid that stays legal is not
made again at every turn. It knows no game: it only compares its script with the
observation's legal actions."""

from __future__ import annotations

from typing import Any, Sequence

__all__ = ["ScriptedBot"]


class ScriptedBot:
    name = "scripted"

    def __init__(self, script: Sequence[Any]) -> None:
        self.script = list(script)  # what is left of it

    def choose(self, observation: Any) -> Any:
        legal = observation.legal_actions
        for i, action in enumerate(self.script):
            if action in legal:
                del self.script[i]
                return action
        return legal[0]
