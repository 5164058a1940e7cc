"""Where the table finds a family's own screens and words.

A family's UI lives in ``ohseven_tui.ui.screens.<spec.family>`` (found by the
spec's ``family``, so a new family adds its package and edits nothing here). It
may define:

- ``SCREENS``: phase -> factory ``(obs, ScreenArgs) -> (screen, to_action)``: the
  private screen a human acts on in that phase (passing, bidding, ...), and how
  its result becomes an action. Phases without one are card play on the table.
- ``narrate(action, before, after, name) -> Told``: the log's lines.
- ``round_over_line(before, after, name) -> Line | None``.
- ``round_summary(before, after, name) -> Summary | None``: the round summary
  screen's words when ``after`` finished a round (who made their bid or
  contract, who missed and by how much, bonus points); None: no summary.
- ``status_lines(obs, name, you=) -> list[Line]``: the status line.
- ``announcement(before, after, humans=, auto=) -> Screen | None``: a screen every
  seat sees after an action (a reveal), opened before play goes on.
- ``action_words(action) -> str``: an action in a hint.
- ``own_move_words(action) -> str``: one of the player's own moves told back to
  them ("bid 3", "played 7♠": what a bot did for them while they were away);
  default: ``action_words``.
- ``render_seats(obs, viewer, ascii=, dark=, humans=, room=, away=)``: the seats
  around the table (a Rich renderable; that one hook draws); ``away`` are the seats
  whose players are gone for now (``widgets.seats.kind_cell`` words them).
- ``TABLE_KEYS`` ((key, name, label) rows) and ``table_action(obs, name) ->
  action | None``: actions besides a card that a seat may take at its turn to
  play on the table (a raise); the key shows in the footer only while the action
  ``table_action`` gives is legal; given but illegal, the key says the engine's
  reason; None: the key does nothing now.
- ``HELP`` (markdown: the family's rules in brief) and ``HELP_KEYS`` ((where,
  keys) rows for its own screens), for the help screen.

Anything it leaves out falls back to the plain versions below.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import Any, Callable, Mapping, Optional

from ..engine.protocol import Observation
from .narration import Line, Summary, Told, line, out_of

__all__ = ["ScreenArgs", "FamilyUI", "family_ui"]


@dataclass(frozen=True)
class ScreenArgs:
    """What the table hands a family's private screen."""

    check: Callable[[Any], Optional[str]]  # the engine's reason an action is illegal, or None
    hint: Callable[[Any], str]  # a hint for an observation
    humans: int  # humans at the table (one: "you"; more: hot-seat)
    table: Any = None  # the table screen it opens over: its hand order, its news, its window, its keys


class FamilyUI:
    """One family's UI hooks, with plain defaults for any it does not define."""

    def __init__(self, spec: Any, module: Optional[ModuleType]) -> None:
        self.spec = spec
        self.module = module

    def _hook(self, name: str) -> Any:
        return getattr(self.module, name, None) if self.module is not None else None

    @property
    def screens(self) -> Mapping[Any, Callable[..., Any]]:
        return self._hook("SCREENS") or {}

    def narrate(self, action: Any, before: Any, after: Any, name: Callable[[int], str]) -> Told:
        hook = self._hook("narrate")
        if hook is not None:
            return hook(action, before, after, name)
        seat = getattr(action, "seat", None)
        words = self.spec.action_text(action)
        return Told((line(f"{name(seat)}: {words}" if seat is not None else words),))

    def round_over_line(self, before: Any, after: Any, name: Callable[[int], str]) -> Optional[Line]:
        hook = self._hook("round_over_line")
        if hook is not None:
            return hook(before, after, name)
        if len(after.results) > len(before.results):
            return line(f"{after.view.round_word.capitalize()} {len(after.results)} over.")
        return None

    def round_summary(self, before: Any, after: Any, name: Callable[[int], str]) -> Optional[Summary]:
        hook = self._hook("round_summary")
        return hook(before, after, name) if hook is not None else None

    def status_lines(self, obs: Observation, name: Callable[[int], str], *, you: Optional[str]) -> list[Line]:
        hook = self._hook("status_lines")
        if hook is not None:
            return hook(obs, name, you=you)
        out = [line(f"{obs.view.round_word.capitalize()} {out_of(obs.round_number, obs.view.rounds)}", style="bold")]
        if obs.to_act:
            seat = obs.to_act[0]
            out.append(line(" · "))
            out.append(line(f"{you} to play", style="bold reverse") if you is not None
                       else line(f"{name(seat)} to play", style="bold"))
        return out

    def announcement(self, before: Observation, after: Observation, *, humans: int, auto: Optional[float]) -> Any:
        hook = self._hook("announcement")
        return hook(before, after, humans=humans, auto=auto) if hook is not None else None

    def help(self, game: Optional[str] = None) -> tuple[str, tuple[tuple[str, str], ...]]:
        """The family's rules (markdown, "" if none), the game ``game`` first when
        the family orders them (``help_for``), and its screens' key rows."""
        ordered = self._hook("help_for")
        text = ordered(game) if ordered is not None else self._hook("HELP")
        return text or "", tuple(self._hook("HELP_KEYS") or ())

    @property
    def table_keys(self) -> tuple[tuple[str, str, str], ...]:
        """(key, name, label) of the family's actions on the table besides a card."""
        return tuple(self._hook("TABLE_KEYS") or ())

    def table_action(self, obs: Observation, name: str) -> Any:
        """The action the table key ``name`` takes for this seat now, or None (not now)."""
        hook = self._hook("table_action")
        return hook(obs, name) if hook is not None else None

    def seats_renderer(self) -> Optional[Callable[..., Any]]:
        """The family's own drawing of the seats, or None (the seats widget then
        draws names, turn and totals)."""
        return self._hook("render_seats")

    def action_words(self, action: Any) -> str:
        hook = self._hook("action_words")
        return hook(action) if hook is not None else self.spec.action_text(action)

    def own_move_words(self, action: Any) -> str:
        hook = self._hook("own_move_words")
        return hook(action) if hook is not None else self.action_words(action)


@lru_cache(maxsize=None)
def _module(family: str) -> Optional[ModuleType]:
    try:
        return importlib.import_module(f"{__package__}.screens.{family}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.screens.{family}":  # the package exists but is broken: say so
            raise
        return None


def family_ui(spec: Any) -> FamilyUI:
    """The UI hooks of the family that plays ``spec``."""
    return FamilyUI(spec, _module(spec.family))
