"""A save whose hand was dealt again and again is shown, by ``scores show`` and in
the app's review (issue 35, item 10). Found by hand: an 8.4 MB Seven for Seven save
of 120,000 passed-out deals (V10: a passed-out hand is dealt again) took 10-13 s to
show; its time is in benchmarks/saves.py (``--passed-out``), not here. This holds
a few hundred such deals, built through the engine's public API and written as the
save format says, with the record's derived log and without it (a hand-written
record may leave it out).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_ui_driver import until
from test_ui_saves import open_saved_games

from ohseven_tui.cli import main
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.engine.registry import game_spec
from ohseven_tui.storage import save_data
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.snapshot import screen_text

DEALS = 300
NAMES = ["Ann", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus"]


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    monkeypatch.setenv("OHSEVEN_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COLUMNS", "250")


def passed_out(deals: int):
    """Seven for Seven's first hand passed out ``deals`` times: each deal, every seat passes."""
    spec = game_spec("seven-for-seven")
    options = spec.check_options({"players": len(NAMES)})
    game = spec.new_game(options, seed=11, seats=[Seat(n, "human") for n in NAMES])
    for _ in range(deals):
        game.apply(game.legal_actions()[0])  # the deal, the only action then
        while game.to_act():
            passes = [a for a in game.legal_actions(game.current_seat) if "pass" in spec.action_text(a)]
            game.apply(passes[0])
    assert not game.results() and not game.is_over
    return game


@pytest.fixture(scope="module")
def data() -> dict:
    return save_data(passed_out(DEALS), date="2026-05-01T10:00:00Z")


@pytest.fixture
def folder(tmp_path, data) -> Path:
    out = tmp_path / "saves"
    out.mkdir()
    (out / "with-log.json").write_text(json.dumps(data), encoding="utf-8")
    bare = json.loads(json.dumps(data))
    del bare["record"]["rounds"]  # the derived log of every deal
    (out / "actions-only.json").write_text(json.dumps(bare, separators=(",", ":")), encoding="utf-8")
    return out


@pytest.mark.parametrize("save_id", ["with-log", "actions-only"])
def test_scores_show_shows_a_hand_dealt_hundreds_of_times(folder, capsys, save_id):
    rc = main(["scores", "show", save_id, "--save-dir", str(folder)])
    out, err = capsys.readouterr()
    assert rc == 0 and err == "", err
    assert f"{save_id}: Seven for Seven, 7 players, 2026-05-01 10:00" in out
    assert "Unfinished: 0 of 7 hands played" in out
    for name in NAMES:
        assert name in out


def test_scores_list_lists_it_once(folder, capsys):
    # Two files of one game: it counts once, marked as held by one more file.
    rc = main(["scores", "list", "--no-pager", "--save-dir", str(folder)])
    out, err = capsys.readouterr()
    assert rc == 0 and err == "", err
    assert "actions-only (+1)" in out or "with-log (+1)" in out, out


async def test_the_app_reviews_it(folder):
    app = OhSevenApp(save_dir=folder)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_saved_games(pilot)
        await until(pilot, lambda: "actions-only" in screen_text(app), "the list")
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "GameReviewScreen", "the review", fail_safe=120)
        shown = await until(pilot, lambda: "Ann" in screen_text(app) and screen_text(app), "the review drawn")
        assert "Seven for Seven" in shown or "seven-for-seven" in shown, shown


async def test_a_big_save_is_opened_while_the_list_answers_keys(folder, monkeypatch):
    # Opening replays the game: for a big file, off the screen's loop. Held here
    # until the test lets it go; meanwhile the list answers keys.
    import threading

    from ohseven_tui.storage.index import SaveRow
    from ohseven_tui.ui.screens import saved_games

    monkeypatch.setattr(saved_games, "OPEN_IN_WORKER", 0, raising=False)  # every file counts as big
    release = threading.Event()
    real = SaveRow.load

    def held(self):
        release.wait(60)
        return real(self)

    monkeypatch.setattr(SaveRow, "load", held)
    app = OhSevenApp(save_dir=folder)
    async with app.run_test(size=(140, 40)) as pilot:
        await open_saved_games(pilot)
        await until(pilot, lambda: "actions-only" in screen_text(app), "the list")
        await pilot.press("enter")
        await until(pilot, lambda: "Opening" in screen_text(app), "the opening said", fail_safe=30)
        await pilot.press("v")  # reverse the sort while it opens
        await until(pilot, lambda: app.screen.reverse, "the key handled", fail_safe=30)
        release.set()
        await until(pilot, lambda: type(app.screen).__name__ == "GameReviewScreen", "the review", fail_safe=120)


def test_a_record_past_the_cap_is_refused_in_one_line(tmp_path, data, capsys):
    """The other way out the issue offers: a record may hold at most 100,000 actions
    (a real game holds a few thousand at most; the 8.4 MB save held 960,000), and
    one that holds more is refused in one line, before any of it is replayed."""
    from ohseven_tui.engine.record import MAX_ACTIONS, RecordError, from_record

    assert MAX_ACTIONS == 100_000  # what docs/record-format.md promises
    record = json.loads(json.dumps(data["record"]))
    del record["rounds"]
    one_deal = record["actions"][:len(NAMES) + 1]  # a deal and seven passes
    assert one_deal[0] == "deal" and all("pass" in a for a in one_deal[1:])
    record["actions"] = one_deal * (MAX_ACTIONS // len(one_deal))
    assert len(record["actions"]) == MAX_ACTIONS
    assert not from_record(record, check_log=False).results()  # at the cap: still read
    record["actions"] += one_deal
    with pytest.raises(RecordError, match="100,008 actions, more than the 100,000 a record may hold"):
        from_record(record)
    out = tmp_path / "big"
    out.mkdir()
    big = {**data, "record": record}
    (out / "too-long.json").write_text(json.dumps(big, separators=(",", ":")), encoding="utf-8")
    rc = main(["scores", "show", "too-long", "--save-dir", str(out)])
    shown, err = capsys.readouterr()
    assert rc != 0 and shown == "" and len(err.strip().splitlines()) == 1, (rc, err)
    assert "more than the 100,000 a record may hold" in err
