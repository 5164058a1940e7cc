"""Seven for Seven's kitty draws (V15) are actions of the record (`S draw C ...`),
applied by the table like a deal; a record of version 2, which left them out,
still loads and replays to the same game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ohseven_tui.bots import make_bot
from ohseven_tui.bots.runner import play_game
from ohseven_tui.engine import IllegalAction, registry
from ohseven_tui.engine.actions import DEAL
from ohseven_tui.engine.record import RECORD_VERSION, from_record, record_log, to_record
from ohseven_tui.games.sevenforseven import AuctionPass, BasicBid, Phase

OLD = Path(__file__).resolve().parent / "fixtures" / "seven-for-seven-v2" / "sim-9-0001.json"
NAME = "seven-for-seven"


def old_record() -> dict:
    return json.loads(OLD.read_text(encoding="utf-8"))["record"]


def closed_auction(joker: bool = True):
    """A dealt hand whose auction has just ended: eldest bids 6♠10, then 7 passes."""
    game = registry.new_game(NAME, {"joker": joker}, seed=4)
    game.apply(DEAL)
    game.apply(BasicBid(game.turn, 3, 10, 6))
    for _ in range(7):
        game.apply(AuctionPass(game.turn))
    return game


def test_the_old_fixture_is_a_version_2_record_without_draws():
    data = old_record()
    assert data["version"] == 2
    assert not any(" draw " in a for a in data["actions"])


def test_an_old_record_without_draws_loads_and_replays_to_the_same_game():
    data = old_record()
    game = from_record(data)  # checks every derived field of the old record against the replay
    assert list(game.totals) == data["totals"]
    assert record_log(to_record(game))["rounds"] == data["rounds"]


def test_an_old_record_saved_again_lists_the_draws_and_replays_exactly():
    data = old_record()
    again = to_record(from_record(data))
    assert again["version"] == RECORD_VERSION >= 3
    draws = [a for a in again["actions"] if a.split()[1:2] == ["draw"]]
    hands = len(data["rounds"])
    assert len(draws) == 3 * hands
    # Without the draws the actions are the old ones, in the old order.
    assert [a for a in again["actions"] if a not in draws] == data["actions"]
    replayed = to_record(from_record(again))
    assert replayed == again


def test_a_new_record_lists_the_draws_after_the_seventh_pass_captain_first():
    game = closed_auction()
    log = game.log()["rounds"][-1]
    kitty = log["deals"][-1]["kitty"]
    captain = game.log()["rounds"][-1]["captain"]
    assert game.phase is Phase.DRAW and game.to_act() == ()
    while game.phase is Phase.DRAW:
        game.apply(game.legal_actions()[0])
    texts = to_record(game)["actions"][-3:]
    left, right = (captain + 2) % 7, (captain - 2) % 7
    assert texts == [f"{captain} draw {kitty[0]} {kitty[1]}", f"{left} draw {kitty[2]}", f"{right} draw {kitty[3]}"]
    assert game.phase is Phase.DISCARD and game.to_act() == (captain,)


def test_without_the_joker_the_captain_draws_one():
    game = closed_auction(joker=False)
    kitty = game.log()["rounds"][-1]["deals"][-1]["kitty"]
    first = game.legal_actions()[0]
    assert registry.game_spec(NAME).action_text(first).split()[2:] == kitty[:1]


def test_a_draw_is_the_tables_action_and_no_seat_sees_it_offered():
    game = closed_auction()
    assert len(game.legal_actions()) == 1
    for seat in range(7):
        obs = game.observe(seat)
        assert obs.legal_actions == () and obs.to_act == ()


def test_a_draw_other_than_the_kittys_next_cards_is_refused_and_changes_nothing():
    game = closed_auction()
    spec = registry.game_spec(NAME)
    right = game.legal_actions()[0]
    seat, *cards = spec.action_text(right).replace(" draw", "").split()
    before = json.dumps(to_record(game))
    for text in (f"{(int(seat) + 1) % 7} draw {' '.join(cards)}", f"{seat} draw {cards[0]}",
                 f"{seat} draw {' '.join(reversed(cards))}"):
        with pytest.raises(IllegalAction):
            game.apply(spec.parse_action(text))
    assert json.dumps(to_record(game)) == before
    game.apply(right)


def test_a_record_cut_in_the_middle_of_the_draws_loads_there():
    game = closed_auction()
    game.apply(game.legal_actions()[0])
    data = to_record(game)
    again = from_record(data)
    assert again.phase is Phase.DRAW and to_record(again) == data


@pytest.mark.parametrize("seed", [1, 2])
def test_bots_play_whole_games_through_the_draws_and_the_record_replays(seed):
    game = registry.new_game(NAME, {}, seed=seed)
    play_game(game, [make_bot("normal", seed + s) for s in range(7)])
    data = to_record(game)
    assert any(" draw " in a for a in data["actions"])
    assert to_record(from_record(data)) == data
