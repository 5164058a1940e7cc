"""Below 80x24 the table is a list of seats beside the log (issue 19, section 3):
at 60x15 every heading of the seats and every name up to 12 cells shows whole,
with the log beside them. What gives way first is the bot strengths (the seat's
kind), then a long name, cut with "…"; never a heading or a number."""

from __future__ import annotations

import random

import pytest
from snapshot_states import _next_action
from test_ui_driver import text, wait_for_input

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.widgets.seats import SeatsView

NAMES = ("Annabel Lee", "Beatrice", "Cid", "Dorothy", "Eli")
HEADS = ("Seat", "Bid", "Took", "Score", "Trick")


def mid_trick(name: str, players: int, names=NAMES, seed: int = 3):
    """A game in its first round's play with a card or more on the trick and seat 0 to play."""
    seats = [Seat(names[0], "human")] + [Seat(n, "easy") for n in names[1:players]]
    game = registry.new_game(name, {"players": players}, seed=seed, seats=seats)
    rng = random.Random(seed)
    while True:
        obs = game.observe(0)
        if obs.phase.name == "PLAY" and obs.trick and tuple(game.to_act()) == (0,):
            return game
        game.apply(_next_action(game, rng))


async def seats_at_60x15(game, tmp_path) -> tuple[list[str], int]:
    """The seats' rows as drawn at 60x15 (heading, one per seat) once the human is
    to play, and the width of the log beside them (0 if it is hidden)."""
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(60, 15)) as pilot:
        await wait_for_input(pilot)
        await pilot.pause()
        region = app.screen.query_one(SeatsView).region
        rows = [row[region.x:region.right] for row in text(app).splitlines()[region.y:region.bottom]]
        log = app.screen.query_one("#log")
        return rows, log.region.width if log.display else 0


@pytest.mark.parametrize("name,players", [("oh-seven", 5), ("classic", 4), ("up-and-down", 4)])
async def test_at_60x15_the_seats_show_every_heading_name_and_card_whole(name, players, tmp_path):
    game = mid_trick(name, players)
    rows, log_width = await seats_at_60x15(game, tmp_path)
    shown = "\n".join(rows)
    assert "…" not in shown, shown
    assert rows[0].split() == list(HEADS), shown
    obs = game.observe(0)
    for seat, info in enumerate(obs.seats):
        assert info.name in rows[1 + seat], shown
        assert str(obs.totals[seat]) in rows[1 + seat].split(), shown
    for seat, card in obs.trick:
        assert card.pretty() in rows[1 + seat], shown
    assert log_width >= 12, "the log beside the seats"


async def test_at_60x15_a_16_cell_name_gives_way_before_any_heading(tmp_path):
    names = ("Maximiliana Rose",) + NAMES[1:]
    game = mid_trick("classic", 4, names=names)
    rows, _ = await seats_at_60x15(game, tmp_path)
    shown = "\n".join(rows)
    assert rows[0].split() == list(HEADS), shown
    assert "Maximiliana" in rows[1], shown
    for row in rows[2:5]:
        assert "…" not in row, shown
