"""The table without a screen (ohseven_tui.table): who acts next, the bots'
moves, keeping the game, taking a card back. No Textual here."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from ohseven_tui.bots import make_bot
from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import Play
from ohseven_tui.engine.errors import IllegalAction
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.table import Keeping, LocalTable, Next

ROOT = Path(__file__).resolve().parent.parent


def test_the_table_package_imports_no_ui_library():
    code = "import sys, ohseven_tui.table; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    mods = set(out.stdout.split())
    assert "ohseven_tui.table.local" in mods and "ohseven_tui.table.flow" in mods
    assert not {m for m in mods if m.split(".")[0] in ("textual", "rich")}


async def _no_pause(in_turn: bool) -> None:
    return None


class Kept:
    def __init__(self) -> None:
        self.saved: list[int] = []
        self.filed: list[int] = []
        self.replaced: list[tuple[int, int]] = []

    def keeping(self) -> Keeping:
        return Keeping(lambda g: self.saved.append(len(g.history)), lambda g: self.filed.append(len(g.history)),
                       lambda old, new: self.replaced.append((len(old.history), len(new.history))))


def _new(spec, humans: int, seed: int):
    players = spec.players_option.default
    seats = tuple(Seat(f"P{i}", "human" if i < humans else "easy") for i in range(players))
    return spec.new_game(spec.check_options({}), seed=seed, seats=seats)


def _drive(table: LocalTable, viewer: int) -> list[str]:
    """Play the game through the table's steps; people take their first legal action."""
    async def run() -> None:
        while True:
            step = table.next_step()
            if step.kind is Next.OVER:
                return
            if step.kind is Next.TABLE:
                table.apply(step.action, viewer)
            elif step.kind is Next.OTHERS:
                async for _ in table.others(viewer, _no_pause):
                    pass
            else:
                seat = step.seats[0]
                table.apply(table.observe(seat).legal_actions[0], viewer)

    asyncio.run(run())
    return [table.spec.action_text(a) for a in table.game.history]


def _reference(spec, humans: int, seed: int) -> list[str]:
    """The same game played on the engine alone: bots seeded as the table seeds
    them, people taking their first legal action; in a face-down phase the bots
    lay their cards before the people."""
    game = _new(spec, humans, seed)
    bots = {s: make_bot("easy", seed=seed * 16 + s) for s in range(humans, game.players)}
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])
            continue
        seat = next((s for s in seats if s in bots), seats[0])
        game.apply(bots[seat].choose(game.observe(seat)) if seat in bots else game.observe(seat).legal_actions[0])
    return [spec.action_text(a) for a in game.history]


@pytest.mark.parametrize("name", [spec.name for spec in registry.games()])
def test_a_whole_game_through_the_table_is_the_engine_s_game(name):
    spec = registry.game_spec(name)
    kept = Kept()
    table = LocalTable(_new(spec, 1, 3), keeping=kept.keeping())
    history = _drive(table, 0)
    assert history == _reference(spec, 1, 3)
    assert table.is_over and kept.saved == list(range(1, len(history) + 1))  # an autosave after every action
    assert kept.filed == [len(history)]  # filed once, at the end


def test_a_finished_game_opened_again_is_not_filed_again():
    spec = registry.default_game()
    kept = Kept()
    table = LocalTable(_new(spec, 1, 4), keeping=kept.keeping())
    _drive(table, 0)
    again = Kept()
    reopened = LocalTable(table.game, keeping=again.keeping())
    assert reopened.next_step().kind is Next.OVER and again.filed == [] and again.saved == []


def test_steps_name_the_table_the_bots_and_every_person_in_a_face_down_phase():
    spec = registry.default_game()
    table = LocalTable(_new(spec, 2, 5))
    step = table.next_step()
    assert step.kind is Next.TABLE  # the deal
    table.apply(step.action, 0)

    async def bots_first() -> None:
        async for _ in table.others(0, _no_pause):
            pass
    asyncio.run(bots_first())
    step = table.next_step()
    # every seat lays a bid card face down at once: both people may act, in any order
    assert step.kind is Next.HUMAN and set(step.seats) == {0, 1}
    assert set(table.game.to_act()) == {0, 1}


def test_an_illegal_action_changes_nothing_and_is_not_kept():
    spec = registry.default_game()
    kept = Kept()
    table = LocalTable(_new(spec, 1, 6), keeping=kept.keeping())
    table.apply(table.next_step().action, 0)
    obs = table.observe(0)
    wrong = next(Play(1, c) for c in obs.hand)  # not seat 1's card, and not its turn
    with pytest.raises(IllegalAction):
        table.apply(wrong, 0)
    assert table.actions_taken == 1 and kept.saved == [1]


def test_the_bots_stop_once_the_screen_is_gone():
    spec = registry.default_game()
    table = LocalTable(_new(spec, 0, 7))  # bots only
    table.apply(table.next_step().action, 0)
    taken = table.actions_taken

    async def run() -> int:
        moves = 0
        async for _ in table.others(0, _no_pause, live=lambda: False):
            moves += 1
        return moves
    assert asyncio.run(run()) == 0 and table.actions_taken == taken


def test_take_back_rebuilds_the_game_without_the_last_card_and_keeps_it():
    spec = registry.default_game()
    kept = Kept()
    table = LocalTable(_new(spec, 1, 8), keeping=kept.keeping())

    async def to_card_play() -> None:
        while True:
            step = table.next_step()
            if step.kind is Next.TABLE:
                table.apply(step.action, 0)
            elif step.kind is Next.OTHERS:
                async for _ in table.others(0, _no_pause):
                    pass
            else:
                obs = table.observe(0)
                table.apply(obs.legal_actions[0], 0)
                if isinstance(obs.legal_actions[0], Play):
                    return
    asyncio.run(to_card_play())
    before = list(table.game.history)
    old = table.game
    assert isinstance(table.last_own_card(), Play)
    taken = table.take_back()
    assert taken == before[-1] and table.game is not old and list(table.game.history) == before[:-1]
    assert kept.replaced == [(len(before), len(before) - 1)] and kept.saved[-1] == len(before) - 1
    assert taken.card in table.observe(0).hand


def test_retell_is_this_round_only():
    spec = registry.default_game()
    table = LocalTable(_new(spec, 0, 9))

    async def run() -> None:
        while table.observe(0).round_number < 2 or not table.observe(0).trick:
            step = table.next_step()
            if step.kind is Next.TABLE:
                table.apply(step.action, 0)
            else:
                async for applied in table.others(0, _no_pause):
                    if applied.after.round_number == 2 and applied.after.trick:
                        return
    asyncio.run(run())
    told = table.retell(0)
    history = table.game.history
    # this round's actions are the end of the history, from its deal on
    assert [a.action for a in told] == history[len(history) - len(told):]
    assert all(a.after.round_number == 2 for a in told) and told[0].before.round_number == 1


@pytest.mark.parametrize("name", [spec.name for spec in registry.games()])
def test_every_family_s_observation_has_the_fields_the_shared_screens_read(name):
    from ohseven_tui.table import Observation

    spec = registry.game_spec(name)
    table = LocalTable(_new(spec, 0, 11))
    seen = [table.observe(0)]

    async def run() -> None:
        while table.next_step().kind is not Next.OVER:
            step = table.next_step()
            if step.kind is Next.TABLE:
                seen.append(table.apply(step.action, 0).after)
            else:
                async for applied in table.others(0, _no_pause):
                    seen.append(applied.after)
    asyncio.run(run())
    assert seen[-1].winners  # over: the game's winners, as RemoteTable reads the end
    assert all(not obs.winners for obs in seen[:-1])
    for obs in seen[:: max(1, len(seen) // 20)] + seen[-1:]:
        assert isinstance(obs, Observation), type(obs)
