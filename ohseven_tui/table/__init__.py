"""The table without a screen: who acts next, and the seat sources a screen plays
through (this process's game, or a seat at a table server). Imports no textual
or rich."""

from .flow import Flow, Stage, TableFlow
from .local import Keeping, LocalTable
from .source import Applied, Next, Observation, SeatSource, Step

__all__ = ["Applied", "Flow", "Keeping", "LocalTable", "Next", "Observation", "SeatSource", "Stage", "Step",
           "TableFlow"]
