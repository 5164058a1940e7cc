"""The protocol is general: a toy family written only against it (tests/toy_family.py)
registers itself, and then plays through `simulate`, saves, loads, replays and shows
its scoresheet in `scores show`, with no edit anywhere else."""

import json
import random
import sys
from pathlib import Path

import pytest

from ohseven_tui import cli
from ohseven_tui.engine import record, registry
from ohseven_tui.storage import list_saves, load_save, save_dirs

sys.path.insert(0, str(Path(__file__).parent))
NAME = "toy-high-card"
toy_family = None


@pytest.fixture(autouse=True, scope="module")
def toy():
    """Import the toy (it registers itself) for this module only, so the other tests
    see the real games alone."""
    global toy_family
    import toy_family as module

    toy_family = module
    registry.register(module.SPEC)  # again, should an earlier module have unregistered it
    yield module
    registry.unregister(NAME)


@pytest.mark.parametrize("check", ["test_why_illegal_agrees_with_apply_and_changes_nothing",
                                   "test_clone_is_independent_and_every_seat_observes",
                                   "test_a_played_game_round_trips_through_the_record",
                                   "test_options_outside_the_spec_are_refused_in_one_line"])
def test_the_toy_keeps_every_promise_of_the_protocol(check):
    import test_protocol

    getattr(test_protocol, check)(NAME)


def test_the_toy_file_is_small_and_imports_only_the_protocols_public_api():
    text = Path(toy_family.__file__).read_text()
    assert len(text.splitlines()) < 200
    imports = [line for line in text.splitlines() if line.startswith(("import ", "from "))]
    for line in imports:
        assert line.startswith(("from __future__", "import random", "from dataclasses", "from typing",
                                "from ohseven_tui.engine")), line
    assert "ohseven_tui.games" not in text and "ohseven_tui.ui" not in text


def test_the_toy_registers_itself_and_plays_by_its_rules():
    assert registry.game_spec(NAME) is toy_family.SPEC
    assert NAME in [s.name for s in registry.games()]
    game = registry.new_game(NAME, {}, seed=1)
    rng = random.Random(1)
    while not game.is_over:
        to_act = game.to_act()
        game.apply(rng.choice(game.legal_actions(to_act[0] if to_act else None)))
    assert sum(game.totals) == 2 * 3  # two rounds of three tricks, a point each
    again = record.loads(record.dumps(game))
    assert again.totals == game.totals and again.history == game.history


def test_simulate_saves_games_that_load_replay_and_show(tmp_path, capsys):
    saves = tmp_path / "saves"
    code = cli.main(["simulate", "--game", NAME, "--players", "2", "--games", "3", "--seed", "5",
                     "--bots", "easy,easy", "--save-dir", str(saves)])
    out = capsys.readouterr()
    assert code == 0, out.err
    files = sorted(saves.glob("*.json"))
    assert len(files) == 3
    for path in files:
        data = json.loads(path.read_text())
        saved = load_save(path)  # the guarded reader replays the record
        assert saved.game.spec is toy_family.SPEC and saved.game.is_over
        assert list(saved.game.totals) == data["record"]["totals"]
        assert sum(saved.game.totals) == 6
    listed, problems = list_saves(save_dirs(saves))
    assert len(listed) == 3 and not problems

    code = cli.main(["scores", "show", files[0].stem, "--save-dir", str(saves)])
    out = capsys.readouterr()
    assert code == 0, out.err
    game = load_save(files[0]).game
    assert "Toy high card" in out.out
    for seat, total in zip(game.seats, game.totals):
        assert seat.name in out.out and str(total) in out.out
    assert "Tricks" in out.out  # the toy's own scoresheet columns
    assert "Traceback" not in out.out + out.err

    code = cli.main(["scores", "list", "--save-dir", str(saves)])
    out = capsys.readouterr()
    assert code == 0 and out.out.count("Toy high card") >= 1, out.err


@pytest.mark.parametrize("bad", [["--players", "3"], ["--bots", "easy,nosuchbot"]])
def test_simulate_refuses_what_the_toy_cannot_play_in_one_line(bad, capsys):
    args = ["simulate", "--game", NAME, "--games", "1", "--players", "2", "--bots", "easy,easy"]
    for i in range(0, len(bad), 2):
        at = args.index(bad[i])
        args[at + 1] = bad[i + 1]
    code = cli.main(args)
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


async def test_the_toy_plays_at_the_card_table_from_its_observation_alone(tmp_path):
    """A family that declares no table picture (``spec.table`` None) still gets seats
    round the table, the trick in the middle and its hand, from the observation's
    common fields; a human plays it to the end by keys."""
    from test_ui_driver import until

    from ohseven_tui.engine.protocol import Seat
    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.gameover import GameOverScreen
    from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
    from ohseven_tui.ui.screens.table import TableScreen
    from ohseven_tui.ui.widgets.table_area import TableArea

    assert registry.game_spec(NAME).table is None
    game = registry.new_game(NAME, {"players": 2}, seed=3, seats=[Seat("Ann", "human"), Seat("Bea", "easy")])
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        saw_table = False

        async def played_to_the_end() -> bool:
            """Each check answers what the app asks; true at the game's end."""
            nonlocal saw_table
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                return True
            if isinstance(screen, ScoresheetScreen):
                await pilot.press("enter")  # after each round
            elif isinstance(screen, TableScreen) and screen.acting == 0:
                drawn = screen.query_one(TableArea).render().plain
                assert "Ann" in drawn and "Bea" in drawn
                saw_table = True
                await pilot.press("enter")
            return False

        await until(pilot, played_to_the_end, "the game's end")
        assert saw_table and game.is_over


def test_the_toy_family_keeps_the_family_promises():
    """A new family's tests check it in one line (ohseven_tui.conformance)."""
    from ohseven_tui import conformance

    conformance.check_game(toy_family.SPEC)
