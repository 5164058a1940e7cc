"""Issue 34, section 2, item 2: the record says who played. A move a stand-in bot
makes for a human seat (its player away) is marked in the record, in the host's
filed save and in the joined players' copies alike; old saves without marks read as
before; the review shows the marks. The save format's rules: docs/save-format.md,
docs/record-format.md ("Stand-ins")."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from net_helpers import TIMEOUT, Host, Seen, join, play_randomly

from ohseven_tui import storage
from ohseven_tui.engine import registry

FLAGS = ["--game", "oh-seven", "--players", "3", "--bots", "easy"]


async def test_moves_a_stand_in_makes_are_marked_in_every_copy_of_the_record(tmp_path):
    host = Host(FLAGS, tmp_path / "host")
    try:
        codes = host.read_codes(2)
        seen_a, seen_b = Seen(), Seen()
        a = await join(host.address, codes[0], "Ann", seen_a)
        b = await join(host.address, codes[1], "Bea", seen_b)
        ann = asyncio.get_running_loop().create_task(play_randomly(a, random.Random(1), seen_a))
        # Bea plays her own moves, and leaves just after one of hers has landed (none of hers in flight)
        await play_randomly(b, random.Random(2), seen_b, stop=lambda u: u.seq >= 12 and u.actor == 1)
        left_at = b.seq
        await b.close()
        host.wait_line(lambda line: "Bea (seat 2) to come back" in line)
        host.command("bot 2 easy")
        host.wait_line(lambda line: line.startswith("the easy bot plays seat 2"))
        await asyncio.wait_for(ann, TIMEOUT)
        await a.close()
        assert host.proc.wait(timeout=TIMEOUT) == 0
    finally:
        host.stop()
    record = seen_a.record["record"]
    bea = [i for i, text in enumerate(record["actions"]) if text.startswith("1 ")]
    assert any(i < left_at for i in bea) and any(i >= left_at for i in bea)
    want = [{"action": i, "seat": 1, "bot": "easy", "why": "away"} for i in bea if i >= left_at]
    assert record["stand_ins"] == want  # the bot's moves, and none of Bea's own
    # the host's filed save holds them, and so does Ann's copy once filed: one game, one id
    saves, warnings = storage.list_saves(storage.save_dirs(tmp_path / "host"))
    assert not warnings and len(saves) == 1
    assert sorted(storage.stand_ins(saves[0].game)) == [m["action"] for m in want]
    assert seen_a.record.get("game_id") == saves[0].game_id
    mine = storage.file_received(storage.save_dirs(tmp_path / "ann"), seen_a.record, "the table")
    kept = storage.load_save(mine)
    assert kept.game_id == saves[0].game_id
    assert {i: (m.seat, m.bot, m.why) for i, m in storage.stand_ins(kept.game).items()} == \
        {m["action"]: (1, "easy", "away") for m in want}


def _game():
    spec = registry.default_game()
    game = spec.new_game(spec.check_options({"players": 3}), seed=7)
    while len(game.history) < 10:  # the deal, three bids, six cards: action 9 is seat 2's card
        seats = game.to_act()
        game.apply((game.legal_actions(seats[0]) if seats else game.legal_actions())[0])
    assert game.history[9].seat == 2
    return game


def test_marks_round_trip_through_a_save_and_old_saves_have_none(tmp_path):
    game = _game()
    storage.write_save(tmp_path / "plain.json", game)
    assert storage.stand_ins(storage.load_save(tmp_path / "plain.json").game) == {}  # a save without marks
    seat = game.history[-1].seat
    storage.mark_stand_in(game, "normal", "clock")  # the last action
    storage.write_save(tmp_path / "marked.json", game)
    data = json.loads((tmp_path / "marked.json").read_text())
    assert data["record"]["stand_ins"] == [{"action": 9, "seat": seat, "bot": "normal", "why": "clock"}]
    loaded = storage.load_save(tmp_path / "marked.json").game
    assert {i: (m.seat, m.bot, m.why) for i, m in storage.stand_ins(loaded).items()} == {9: (seat, "normal", "clock")}


BAD_MARKS = [
    "not a list",
    [{"action": 99, "seat": 0, "bot": "easy", "why": "away"}],
    [{"action": 0, "seat": 0, "bot": "easy", "why": "away"}],  # the deal: the table's, no seat's
    [{"action": 9, "seat": 0, "bot": "easy", "why": "away"}],  # not the seat that acted
    [{"action": 9, "seat": 2, "bot": "easy", "why": "bored"}],
    [{"action": 9, "seat": 2, "bot": "easy"}],
    [{"action": "9", "seat": 2, "bot": "easy", "why": "away"}],
]


@pytest.mark.parametrize("marks", BAD_MARKS, ids=range(len(BAD_MARKS)))
def test_a_bad_mark_refuses_the_file_in_one_line(tmp_path, marks):
    game = _game()
    storage.write_save(tmp_path / "g.json", game)
    data = json.loads((tmp_path / "g.json").read_text())
    data["record"]["stand_ins"] = marks
    (tmp_path / "g.json").write_text(json.dumps(data))
    with pytest.raises(storage.SaveError) as info:
        storage.load_save(tmp_path / "g.json")
    assert "\n" not in str(info.value) and "stand_ins" in str(info.value)


async def test_the_review_says_which_moves_a_stand_in_made(tmp_path):
    from test_ui_driver import until

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.game_review import GameReviewScreen
    from ohseven_tui.ui.snapshot import screen_text

    game = _game()
    seats = [i for i, action in enumerate(game.history) if action.seat == 2]
    storage.write_save(tmp_path / "plain.json", game)
    storage.mark_stand_in(game, "easy", "clock")  # action 9: seat 3's card, when its clock ran out
    storage.write_save(tmp_path / "g.json", game)
    app = OhSevenApp(save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(110, 34)) as pilot:
        await app.push_screen(GameReviewScreen(storage.load_save(tmp_path / "plain.json")))
        await until(pilot, lambda: "Scoresheet" in screen_text(app) or "review" in screen_text(app).lower(), "shown")
        assert "stand-in" not in screen_text(app).lower()  # a game without marks says nothing of them
        await app.push_screen(GameReviewScreen(storage.load_save(tmp_path / "g.json")))
        name = game.seats[2].name
        shown = await until(pilot, lambda: "stand-in" in screen_text(app).lower() and screen_text(app), "the marks")
        assert f"1 of {name}'s {len(seats)} moves" in shown and "easy bot" in shown and "time ran out" in shown


def test_a_table_server_s_autosave_log_keeps_the_marks_for_continue(tmp_path):
    """The log appends moves as lines of action texts; a marked move writes the file
    whole, so a --continue after a kill still knows which moves a stand-in made."""
    dirs = storage.SaveDirs(saves=tmp_path / "saves", state=tmp_path / "state")
    game = _game()
    log = storage.AutosaveLog(dirs)
    log.write(game)
    seats = game.to_act()
    game.apply(game.legal_actions(seats[0])[0])
    storage.mark_stand_in(game, "easy", "away")
    log.write(game)
    game.apply(game.legal_actions(game.to_act()[0])[0])
    log.write(game)  # an unmarked move: a line
    log.close()
    back = storage.load_autosave(dirs)
    assert [str(a) for a in back.history] == [str(a) for a in game.history]
    assert {i: m.why for i, m in storage.stand_ins(back).items()} == {10: "away"}
