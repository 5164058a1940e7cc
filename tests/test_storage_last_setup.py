"""The last setup choices (issue 5, section 1): kept in the state directory, the
seed left out, anything odd in the file ignored rather than trusted."""

from __future__ import annotations

import pytest

from ohseven_tui.storage import load_setup, save_dirs, save_setup
from ohseven_tui.ui.last_setup import setup_from_dict, setup_to_dict
from ohseven_tui.ui.setup import GameSetup, SeatChoice


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


def test_setup_round_trips_through_the_state_dir_without_its_seed(tmp_path):
    dirs = save_dirs(tmp_path / "saves")
    setup = GameSetup(seats=[SeatChoice("Zoe", "human"), SeatChoice("Max", "strong"), SeatChoice("Lu", "easy")],
                      passing=True, seed=1234, bot_delay=0.25)
    save_setup(dirs, setup_to_dict(setup))
    assert (dirs.state / "setup.json").exists()
    back = setup_from_dict(load_setup(dirs))
    assert [(s.name, s.player) for s in back.seats] == [("Zoe", "human"), ("Max", "strong"), ("Lu", "easy")]
    assert back.passing is True and back.bot_delay == 0.25
    assert back.seed is None


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"seats": "Ann", "passing": False, "bot_delay": 0.6},
        {"seats": [{"name": "A", "player": "human"}], "passing": False, "bot_delay": 0.6},  # one seat
        {"seats": [{"name": "A", "player": "wizard"}, {"name": "B", "player": "easy"}], "passing": False, "bot_delay": 0.6},
        {"seats": [{"name": 1, "player": "human"}, {"name": "B", "player": "easy"}], "passing": False, "bot_delay": 0.6},
        {"seats": [{"name": "A", "player": "human"}, {"name": "B", "player": "easy"}], "passing": "yes", "bot_delay": 0.6},
        {"seats": [{"name": "A", "player": "human"}, {"name": "B", "player": "easy"}], "passing": False, "bot_delay": -1},
    ],
)
def test_odd_setup_is_ignored(data):
    assert setup_from_dict(data) is None
