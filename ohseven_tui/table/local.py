"""A game played in this process: its state, its bots, and where it is kept.

The one place that holds a live game for the app. The table screen reads only
observations from it and sends the actions of the people at the screen; the bots
choose from their own seat's observation, in a thread.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Mapping, Optional, Sequence

from ..engine.errors import IllegalAction
from ..engine.protocol import GameState, Observation
from .source import Applied, Next, Step

if TYPE_CHECKING:
    from .news import News

__all__ = ["Keeping", "LocalTable"]


@dataclass(frozen=True)
class Keeping:
    """Where a local game is kept: an autosave after every action, the finished game
    filed once, and an undo's rebuilt game known as the same game."""

    after_action: Callable[[GameState], None]
    finished: Callable[[GameState], None]
    replaced: Callable[[GameState, GameState], None]


class LocalTable:
    """One game in this process. ``scripted``: bots that play given seats (a
    tutorial's); ``keeping``: None for a game that is not saved."""

    def __init__(self, game: GameState, *, scripted: Optional[Mapping[int, Any]] = None,
                 keeping: Optional[Keeping] = None) -> None:
        self.game: GameState[Observation] = game
        self.spec = game.spec
        self.seats = game.seats
        self.players = game.players
        self.humans = tuple(s for s, seat in enumerate(game.seats) if seat.player == "human")
        self.keeping = keeping
        self._scripted = dict(scripted or {})
        self._over_at_start = game.is_over  # a finished game opened again is not filed twice
        self.bots: dict[int, Any] = {}
        self.missing_bots: tuple[str, ...] = ()  # bot names asked for that do not play this game
        self._make_bots()

    @property
    def has_bots(self) -> bool:
        return bool(self.bots)

    @property
    def can_undo(self) -> bool:
        return len(self.humans) == 1

    def _make_bots(self) -> None:
        from ..bots import bots_for, make_bot

        missing = set()
        playing = bots_for(self.spec.name)
        self.bots = {}
        for seat, info in enumerate(self.game.seats):
            if seat in self.humans:
                continue
            if seat in self._scripted:
                self.bots[seat] = self._scripted[seat]
                continue
            try:
                if info.player not in playing:  # it would not know these rules
                    raise ValueError(info.player)
                self.bots[seat] = make_bot(info.player, seed=self.game.seed * 16 + seat)
            except ValueError:
                missing.add(info.player)
                self.bots[seat] = make_bot(playing[0], seed=self.game.seed * 16 + seat)  # the weakest plays any game
        self.missing_bots = tuple(sorted(missing))

    hosted = False  # no table server: leaving keeps the game for Continue

    def listen(self, news: Callable[[News], None]) -> None:
        """Nothing to hear: everything here happens through this table."""

    async def close(self) -> None:
        """Nothing to close."""

    leave_note = ""  # the screen says where the game is kept
    can_chat = False  # everyone is at this screen

    def chat(self, text: str) -> None:
        """No one else to tell."""

    # -- reading ------------------------------------------------------------------
    def observe(self, seat: int) -> Observation:
        return self.game.observe(seat)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def actions_taken(self) -> int:
        return len(self.game.history)

    @property
    def round_number(self) -> int:
        return self.game.round_number

    def why_illegal(self, action: Any) -> Optional[str]:
        return self.game.why_illegal(action)

    def next_step(self) -> Step:
        game = self.game
        if game.is_over:
            return Step(Next.OVER)
        seats = game.to_act()
        if not seats:  # the table acts: its one legal action (a deal, a redeal, a family's draw)
            return Step(Next.TABLE, action=game.legal_actions()[0])
        bots = tuple(s for s in seats if s not in self.humans)
        if bots:
            return Step(Next.OTHERS, bots)
        if game.current_seat is not None:  # in turn (card play): the seat whose turn it is
            return Step(Next.HUMAN, (seats[0],))
        return Step(Next.HUMAN, tuple(seats))  # a simultaneous phase: each of them, in any order

    # -- moving the game on ---------------------------------------------------------
    def apply(self, action: Any, viewer: int) -> Applied:
        """Apply ``action`` (IllegalAction: nothing changed), keep the game, and
        return it as ``viewer`` saw it."""
        before = self.game.observe(viewer)
        self.game.apply(action)
        self._kept()
        return Applied(action.seat, action, before, self.game.observe(viewer))

    def _kept(self) -> None:
        if self.keeping is None:
            return
        self.keeping.after_action(self.game)
        if self.game.is_over and not self._over_at_start:
            self._over_at_start = True  # filed once
            self.keeping.finished(self.game)

    async def others(self, viewer: int, pace: Callable[[bool], Awaitable[None]], *,
                     live: Callable[[], bool] = lambda: True) -> AsyncIterator[Applied]:
        """The bots' moves, each chosen in a thread from its own seat's observation,
        until a person must act or the game is over. A move in turn is paced; in a
        simultaneous phase every bot lays its card at once."""
        game = self.game
        while not game.is_over:
            seats = [s for s in game.to_act() if s not in self.humans]
            if not seats:
                return
            in_turn = game.current_seat is not None
            if in_turn:
                seats = seats[:1]
            for seat in seats:
                if seat not in game.to_act():
                    break  # the phase moved on (the last face-down card was laid): ask again
                await pace(in_turn)
                obs = game.observe(seat)
                note = ""
                bot = self.bots[seat]
                try:
                    action = await asyncio.to_thread(bot.choose, obs)
                except Exception as exc:  # a broken bot must not end the game
                    action = None
                    note = f"{game.seats[seat].name}'s bot failed ({exc!r}); it plays its first legal move."
                if game is not self.game or bot is not self.bots.get(seat) or not live():
                    return  # taken back meanwhile (a game that is gone), or no one is watching
                if seat not in game.to_act():
                    break  # someone elsewhere moved the phase on while it thought: ask again
                try:  # the engine judges it once, as it applies it
                    applied = self.apply(obs.legal_actions[0] if action is None else action, viewer)
                except IllegalAction:
                    fallback = game.legal_actions(seat)
                    if not fallback:
                        break
                    applied = self.apply(fallback[0], viewer)
                yield Applied(applied.actor, applied.action, applied.before, applied.after, note)

    def retell(self, viewer: int) -> Sequence[Applied]:
        """This round so far, replayed on a fresh game with the same options, seats,
        seed and deals."""
        game = self.game
        replay = self.spec.new_game(game.options, seed=game.seed, seats=game.seats,
                                    stacked_deals=game.stacked_deals)
        told = []
        for action in game.history:
            before = replay.observe(viewer)
            replay.apply(action)
            if replay.round_number == game.round_number:
                told.append(Applied(action.seat, action, before, replay.observe(viewer)))
        return told

    # -- taking a card back -----------------------------------------------------------
    def last_own_card(self) -> Optional[Any]:
        """The lone human's last action if nobody acted since, else None."""
        if len(self.humans) != 1 or not self.game.history:
            return None
        last = self.game.history[-1]
        return last if last.seat == self.humans[0] else None

    def take_back(self) -> Any:
        """Rebuild the game from its record without its last action (same options,
        seed, seats and deals), with fresh bots (a cancelled one may still be
        thinking in its thread), and keep it. Returns the action taken back."""
        old = self.game
        taken = old.history[-1]
        game = self.spec.new_game(old.options, seed=old.seed, seats=old.seats, stacked_deals=old.stacked_deals)
        for action in old.history[:-1]:
            game.apply(action)
        if self.keeping is not None:
            self.keeping.replaced(old, game)
        self.game = game
        self._make_bots()
        if self.keeping is not None:
            self.keeping.after_action(game)  # the autosave holds only what stood
        return taken
