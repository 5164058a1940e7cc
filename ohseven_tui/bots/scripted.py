"""A bot that follows a script (a tutorial's seats): at each turn it plays the
first of its scripted actions that is legal now, else its first legal action.
It knows no game: it only compares its script with the observation's legal actions."""

from __future__ import annotations

from typing import Any, Sequence

__all__ = ["ScriptedBot"]


class ScriptedBot:
    name = "scripted"

    def __init__(self, script: Sequence[Any]) -> None:
        self.script = tuple(script)

    def choose(self, observation: Any) -> Any:
        legal = observation.legal_actions
        for action in self.script:
            if action in legal:
                return action
        return legal[0]
