"""The main menu's Continue item names the game it picks up on one row at 80x24
and at 60x15, for every registered game (its label, players and round words): in a
box of 32 columns "Continue: Seven for Seven, 7 players, hand 1 of 7" wrapped to
three rows. No game is named here: each is taken from the registry."""

from __future__ import annotations

import pytest
from test_ui_saves import menu_options
from textual.widgets import OptionList

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.storage import save_dirs, write_autosave
from ohseven_tui.ui.app import OhSevenApp


def _started(spec):
    players = max(spec.players)  # the most: the longest words
    seats = tuple(Seat(f"P{i}", "human" if i == 0 else "easy") for i in range(players))
    options = {"players": players} if spec.check_options({})["players"] != players else {}
    game = registry.new_game(spec.name, options, seed=3, seats=seats)
    while not game.to_act() and not game.is_over:  # the deal: the table's own action
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("size", [(80, 24), (60, 15)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("spec", registry.games(), ids=lambda s: s.name)
async def test_continue_names_the_game_on_one_row(spec, size, tmp_path):
    dirs = save_dirs(tmp_path / "saves")
    game = _started(spec)
    write_autosave(dirs, game)
    app = OhSevenApp(save_dir=dirs.saves)
    async with app.run_test(size=size) as pilot:
        await menu_options(pilot, "continue")
        menu = app.screen.query_one(OptionList)
        option = menu.get_option("continue")
        words = str(option.prompt)
        assert spec.label in words
        rows = menu._heights[menu.get_option_index("continue")]  # as laid out at this width
        assert rows == 1, f"{words!r} takes {rows} rows"
