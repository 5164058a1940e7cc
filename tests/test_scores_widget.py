"""The app's scoresheet grid and statistics (ui/widgets/scoresheet.py) draw what a
game declares (SheetView, StatsView), with no game's name in them (issue 11)."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat, SheetCell, SheetRound, SheetView, Stat, StatsView
from ohseven_tui.ui.widgets.scoresheet import legend, round_so_far, scoresheet, sheet_for, statistics


def text(renderable) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def in_play(totals: tuple[int, ...]) -> SheetView:
    """No round finished; the first is in play with the given points already won."""
    cells = tuple(SheetCell("…", "", None, False, t) for t in totals)
    current = SheetRound(1, "R1", ("1",), "in play", 0, cells, ())
    return SheetView(names=("Ann", "Bea"), total_rounds=7, labels=tuple(f"R{r}" for r in range(1, 8)), rounds=(),
                     current=current, totals=totals, round_columns=("Round",), seat_columns=("Total",), legend="key")


def test_nobody_is_starred_while_everyone_is_level():
    def starred(table) -> list:
        return ["★" in str(cell) for cell in table.columns[-1].cells]

    assert starred(scoresheet(in_play((0, 0)))) == [False, False]
    assert starred(scoresheet(in_play((1, 0)))) == [True, False]


def test_the_grid_draws_the_declared_labels_and_cells():
    cells = (SheetCell("zz/9", "+7", 12, True, 40), SheetCell("qq/1", "", -3, False, -3))
    done = SheetRound(1, "Q1\nmoon", ("1",), "", 0, cells, ())
    sheet = SheetView(names=("Ann", "Bea"), total_rounds=2, labels=("Q1\nmoon", "Q2\nsun"), rounds=(done,),
                      current=None, totals=(40, -3), round_columns=(), seat_columns=(), legend="toy key",
                      in_play_legend="toy in play")
    shown = text(scoresheet(sheet))
    for words in ("Q1", "moon", "Q2", "sun", "zz/9 +7", "+12", "→40", "qq/1", "-3", "40 ★"):
        assert words in shown
    assert legend(sheet) == "toy key" and legend(sheet, in_play=True) == "toy key\ntoy in play"


def played_some(name: str, rounds: int):
    spec = registry.game_spec(name)
    low, high = spec.players
    n = min(max(3, low), high)  # 3, or the count a game of fixed size needs
    names = ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")[:n]
    game = registry.new_game(name, {"players": n}, seed=4, seats=[Seat(x, "easy") for x in names])
    rng = random.Random(4)
    while len(game.results()) < rounds or not game.to_act():
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(seats[0])))
    return spec, game


def test_each_game_shows_its_own_legend_and_statistics():
    for spec in registry.games():
        _, game = played_some(spec.name, 2)
        obs = game.observe(0)
        view = spec.view(game.options)
        assert legend(obs) == view.legend and legend(spec.name) == spec.view({}).legend
        assert legend(obs, in_play=True) == f"{view.legend}\n{view.in_play_legend}"
        stats = spec.stats(obs)
        shown = text(statistics(obs))
        for stat in stats.table:
            assert f"{stat.label}: {stat.value}" in " ".join(shown.split())  # in words, without the rule id
        for _, label in stats.columns:
            assert label in shown
        assert round_so_far(obs) is not None and round_so_far(obs) == spec.sheet(obs).current
        sheet = text(sheet_for(obs))
        for label in spec.sheet(obs).labels:
            assert label.split("\n")[0] in sheet


def test_statistics_of_a_view_need_the_names():
    view = StatsView(table=(Stat("Z1", "owls", "3"),), columns=(("Z2", "Hoots"),), seats=(("[bold]x",),))
    shown = text(statistics(view, ["Ann"]))
    assert "owls: 3" in shown and "Z1" not in shown and "Hoots" in shown and "[bold]x" in shown  # a value is text, not markup


def test_the_old_call_with_results_says_what_to_pass():
    _, game = played_some(registry.default_game().name, 1)
    with pytest.raises(TypeError, match="observation or a StatsView"):
        statistics(game.results(), [s.name for s in game.seats])
