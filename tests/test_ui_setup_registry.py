"""The setup reads the registry (issue 11, UI): the games, their player ranges
and their options come from each game's spec, so a game registered by a new
family shows up with its own options, and no game name is written in ui/."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_ui_driver import delivered, key_path, wait_for_input
from textual.widgets import Select

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Option
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.last_setup import setup_from_dict, setup_to_dict
from ohseven_tui.ui.screens.setup import SetupScreen
from ohseven_tui.ui.setup import GameSetup, SeatChoice

PACKAGE = Path(__file__).resolve().parents[1] / "ohseven_tui"
TARGET = Option("target", "Target", (50, 100), 50, "play until a side reaches this score")


@pytest.fixture
def toy():
    """A game of another family with an option of its own (it is never started)."""
    spec = replace(registry.default_game(), name="toy-target", label="Toy target", family="toy",
                   players=(2, 5), options=(TARGET,), order=999)
    registry.register(spec)
    yield spec
    registry.unregister(spec.name)


async def test_the_setup_offers_each_games_declared_options(toy, tmp_path):
    app = OhSevenApp(bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        assert type(await wait_for_input(pilot)).__name__ == "MenuScreen"
        await pilot.press("enter")  # New game
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
        assert isinstance(screen, SetupScreen)
        rules = screen.query_one("#rules", Select)
        offered = [value for _, value in rules._options]
        assert offered == [spec.name for spec in registry.games()] and offered[-1] == "toy-target"
        target = screen.query_one("#target", Select)
        passing = screen.query_one("#passing", Select)
        assert target.disabled and not passing.disabled  # the default game declares passing, not a target
        rules.value = "toy-target"
        # The setup applies a game's rules when it hears of the choice, which rises from the list to it.
        await delivered(pilot, "the rules' choice", key_path(app, rules))
        assert not target.disabled and target.value == 50
        assert passing.disabled and passing.value is False
        players = screen.query_one("#players", Select)
        assert [value for _, value in players._options] == [2, 3, 4, 5]
        target.value = 100
        await pilot.pause()
        chosen = screen.choices()
        assert chosen.game == "toy-target" and chosen.options == {"target": 100}


def test_a_setup_starts_its_game_through_the_registry_with_its_options():
    setup = GameSetup(seats=[SeatChoice("Zoe"), SeatChoice("Max", "easy"), SeatChoice("Lu", "easy")],
                      options={"passing": True}, seed=9, game=registry.default_game().name)
    game = setup.make_game()
    assert game.spec is registry.default_game() and game.options == {"players": 3, "passing": True}
    assert [s.name for s in game.seats] == ["Zoe", "Max", "Lu"] and game.seed == 9


def test_an_option_kept_for_another_game_is_not_passed_to_this_one():
    other = next(spec for spec in registry.games() if not any(o.name == "passing" for o in spec.options))
    low = other.players[0]
    setup = GameSetup(seats=[SeatChoice(f"P{i}") for i in range(low)], options={"passing": False}, seed=1,
                      game=other.name)
    assert setup.make_game().options == {"players": low}


def seats(n: int) -> list:
    return [{"name": f"P{i}", "player": "easy"} for i in range(n)]


def test_a_setup_file_names_its_game_and_options_and_reads_back():
    name = registry.games()[1].name
    setup = GameSetup(seats=[SeatChoice("A"), SeatChoice("B", "easy"), SeatChoice("C", "easy")], game=name,
                      bot_delay=0.25)
    data = setup_to_dict(setup)
    assert data["game"] == name and data["options"] == {}
    back = setup_from_dict(data)
    assert back.game == name and back.options == {} and back.players == 3


def test_setup_files_kept_before_the_registry_still_load():
    default = registry.default_game().name
    old = {"seats": seats(4), "passing": True, "bot_delay": 0.6}  # before there were other games
    back = setup_from_dict(old)
    assert back.game == default and back.passing is True and back.options == {"passing": True}
    other = registry.games()[1].name
    old = {"seats": seats(3), "passing": False, "bot_delay": 0.6, "rules": other}  # passing off, as it was kept
    back = setup_from_dict(old)
    assert back.game == other and back.options == {}


@pytest.mark.parametrize("data", [
    {"seats": seats(3), "game": "no-such-game", "options": {}, "bot_delay": 0.6},
    {"seats": seats(3), "game": "oh-seven", "options": {"passing": "yes"}, "bot_delay": 0.6},
    {"seats": seats(3), "game": "oh-seven", "options": {"wizards": 3}, "bot_delay": 0.6},
    {"seats": seats(3), "game": "oh-seven", "options": [], "bot_delay": 0.6},
    {"seats": seats(2), "game": "classic", "options": {}, "bot_delay": 0.6},  # H1: 3-7 players
])
def test_odd_new_setup_files_are_ignored(data):
    assert setup_from_dict(data) is None


async def setup_of(pilot, game: str) -> SetupScreen:
    """Menu -> New game, with ``game`` chosen in the rules list (the seats follow)."""
    await wait_for_input(pilot)
    await pilot.press("enter")  # New game
    await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
    screen = await wait_for_input(pilot)
    assert isinstance(screen, SetupScreen)
    rules = screen.query_one("#rules", Select)
    rules.value = game
    # The setup applies a game's rules when it hears of the choice, which rises from the list to it.
    await delivered(pilot, "the rules' choice", key_path(pilot.app, rules))
    return screen


@pytest.mark.parametrize("game, seats, options", [("seven-for-seven", 7, {"joker": False, "bowers": "pictures"}),
                                                   ("watten", 4, {"target": 11})])
async def test_the_setup_offers_seven_for_seven_and_watten_with_their_seats_and_options(tmp_path, game, seats,
                                                                                         options):
    """Issues 13, 14: the setup offers each game at its own seat count (7; 4, partners
    opposite), any mix of humans and bots, and its options; the game starts with them."""
    app = OhSevenApp(bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await setup_of(pilot, game)
        assert [value for _, value in screen.query_one("#players", Select)._options] == [seats]
        for name, value in options.items():
            select = screen.query_one(f"#{name}", Select)
            assert not select.disabled
            select.value = value
        await pilot.pause()
        chosen = screen.choices()
        assert chosen.game == game and chosen.options == options and len(chosen.seats) == seats
        started = chosen.make_game()
        assert started.spec.name == game and started.players == seats
        assert {k: started.options[k] for k in options} == options


@pytest.mark.parametrize("game, words", [("seven-for-seven", "7 players"), ("watten", "4 players"),
                                         ("oh-seven", "2-9 players")])
async def test_the_setup_says_how_many_play_in_plain_words(tmp_path, game, words):
    """A game for exactly seven is 'for 7 players', never '7-7 players'."""
    app = OhSevenApp(bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await setup_of(pilot, game)
        assert str(screen.query_one("#rules-note").render()).strip() == words


@pytest.mark.parametrize("game, players, words", [("seven-for-seven", "4", "is for 7 players, not 4"),
                                                  ("oh-seven", "12", "is for 2 to 9 players, not 12")])
def test_the_command_line_says_how_many_play_in_plain_words(game, players, words, capsys):
    from ohseven_tui.cli import main

    assert main(["play", "--game", game, "--players", players]) == 2
    assert words in capsys.readouterr().err
