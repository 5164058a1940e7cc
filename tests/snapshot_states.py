"""Deterministic table moments for snapshot tests, for any registered game, from
its spec alone (``registry.new_game``, ``legal_actions``, ``apply``, ``observe``).

A moment is a game with one human (seat 0, the viewer) and bots elsewhere, played
from a fixed seed by legal actions chosen with a ``random.Random(seed)`` of this
module's own (never a bot: bots change as they learn, and the pictures must not),
up to one of:

- ``MID_TRICK``: the human to play a card, with cards already on the table and at
  least one trick of the round won;
- ``TRICK_WON``: a trick just won, by a card the human played (the human completes
  the trick and it is not the round's last);
- ``ROUND_OVER``: a round just over (not the game's last), the human's card
  completing its last trick.

For ``TRICK_WON`` and ``ROUND_OVER`` the moment also keeps ``before``, the game one
action earlier with the human to play ``action``: a table opened on ``before``
and played with :func:`press_for` reaches the moment through the app's own flow
(the mark on the winning card, the sweep, the round's summary), which a table
opened on the state after the moment would not show. For ``MID_TRICK`` ``before``
is the moment itself and ``action`` is None.

A table opened on a moment moves its bots at once (bot speed instant): open it
with a long bot delay (``OhSevenApp(game=..., bot_delay=3600)``) to hold them.

    from snapshot_states import MOMENTS, moment
    m = moment("classic", ROUND_OVER)               # players: the spec's lowest, at least 4 if it allows
    app = OhSevenApp(game=m.before, bot_delay=3600)  # then pilot.press(*keys(m)) and snapshot

The search is bounded: if a seed's game never reaches the moment, the next seed
is tried (deterministically), up to ``tries`` seeds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import Play
from ohseven_tui.engine.protocol import GameState, Seat

MID_TRICK = "mid-trick"
TRICK_WON = "trick-won"
ROUND_OVER = "round-over"
MOMENTS = (MID_TRICK, TRICK_WON, ROUND_OVER)

HUMAN = 0  # the viewer's seat
NAMES = ("Ann", "Bea", "Cid", "Dot", "Eli", "Fay", "Gus", "Hal", "Ivy")  # fixed: no random names in a picture


@dataclass(frozen=True)
class Moment:
    kind: str
    game: GameState  # at the moment
    before: GameState  # one action earlier, the human to play ``action`` (MID_TRICK: the moment itself)
    action: Optional[Play]  # the human's card that makes the moment (MID_TRICK: None)
    seed: int  # the game's seed (and the chooser's)


def default_players(name: str) -> int:
    """A table of four where the game allows it, else the nearest count it allows."""
    low, high = registry.game_spec(name).players
    return max(low, min(4, high))


def new_table_game(name: str, players: int, seed: int, options: Optional[dict] = None,
                   bot: str = "easy") -> GameState:
    seats = [Seat(NAMES[0], "human")] + [Seat(NAMES[i], bot) for i in range(1, players)]
    return registry.new_game(name, {**(options or {}), "players": players}, seed=seed, seats=seats)


def _next_action(game: GameState, rng: random.Random) -> Any:
    """One legal action, chosen by ``rng`` (the table's deal when no seat owes one).
    Of several seats that owe one at once, the lowest acts first."""
    seats = game.to_act()
    actions = game.legal_actions(seats[0] if seats else None)
    return actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


def _human_plays(game: GameState) -> list[Play]:
    if HUMAN not in game.to_act():
        return []
    return [a for a in game.legal_actions(HUMAN) if isinstance(a, Play)]


def _search(game: GameState, kind: str, rng: random.Random) -> Optional[Moment]:
    tricks_won = 0  # in this round
    rounds = len(game.observe(HUMAN).results)
    while not game.is_over:
        obs = game.observe(HUMAN)
        plays = _human_plays(game)
        if plays:
            on_table = len(obs.trick)
            if kind == MID_TRICK and on_table and tricks_won:
                return Moment(kind, game, game, None, game.seed)
            if kind in (TRICK_WON, ROUND_OVER):
                action = plays[0]  # the first legal card: a choice a test can name
                after = game.clone()
                after.apply(action)
                seen = after.observe(HUMAN)
                trick_done = on_table > 0 and len(seen.trick) <= on_table  # the human's card completed it
                round_done = len(seen.results) > len(obs.results)
                wanted = round_done and not after.is_over if kind == ROUND_OVER else not round_done
                if trick_done and wanted:
                    return Moment(kind, after, game, action, game.seed)
        action = _next_action(game, rng)
        before_trick = len(obs.trick)
        game.apply(action)
        seen = game.observe(HUMAN)
        if len(seen.results) > rounds:
            rounds, tricks_won = len(seen.results), 0
        elif isinstance(action, Play) and before_trick and len(seen.trick) <= before_trick:
            tricks_won += 1
    return None


def moment(name: str, kind: str, *, players: Optional[int] = None, seed: int = 1,
           options: Optional[dict] = None, tries: int = 50) -> Moment:
    """The first ``kind`` moment of game ``name`` from ``seed`` (or a later seed)."""
    if kind not in MOMENTS:
        raise ValueError(f"unknown moment {kind!r}; one of {', '.join(MOMENTS)}")
    players = players or default_players(name)
    for s in range(seed, seed + tries):
        found = _search(new_table_game(name, players, s, options), kind, random.Random(s))
        if found is not None:
            return found
    raise AssertionError(f"no {kind} moment of {name} with {players} players in seeds {seed}..{seed + tries - 1}")


def press_for(card: Any, hand: Sequence[Any]) -> tuple[str, ...]:
    """The keys that play ``card`` from a hand drawn in the order ``hand`` (a digit
    selects the card, Enter plays it)."""
    index = list(hand).index(card)
    if index >= 9:
        raise ValueError("only the first nine cards have a digit key")
    return (str(index + 1), "enter")


def keys(m: Moment) -> tuple[str, ...]:
    """The keys that take a table opened on ``m.before`` to the moment (the human's
    hand drawn in the observation's order); none for ``MID_TRICK``."""
    if m.action is None:
        return ()
    return press_for(m.action.card, m.before.observe(HUMAN).hand)


def every_game_moment() -> list[tuple[str, str]]:
    """(game name, moment) for every registered game: the snapshot tests' parameters."""
    return [(spec.name, kind) for spec in registry.games() for kind in MOMENTS]
