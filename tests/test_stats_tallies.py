"""What each game family pools across games (issue 20): the tallies its statistics
declare, each a count per seat out of that seat's chances, and the player summaries
that add them up over saves. Games are really played; every expected figure is
counted here from the rules, the record's actions or the finished hands' public
facts, never from the statistics under test."""

from __future__ import annotations

import random

import pytest
from helpers import play_first_legal, trick_winner

from ohseven_tui import storage
from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.engine import record, registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.storage import write_save


def _tallies(game) -> dict:
    return {t.key: t for t in game.spec.stats(game.observe(0)).tallies}


def _summaries(tmp_path, games) -> dict:
    for i, game in enumerate(games):
        write_save(tmp_path / f"{i}.json", game)
    saves, warnings = storage.list_saves(storage.save_dirs(tmp_path))
    assert warnings == [] and len(saves) == len(games)
    return {p.name: p for p in storage.player_summaries(saves)}


# ---------------------------------------------------------------- Seven for Seven (V11, V21, V24)


def _seven_for_seven(seed: int):
    seats = [Seat(f"P{s}", "easy") for s in range(7)]
    game = registry.new_game("seven-for-seven", {}, seed=seed, seats=seats)
    return play_game(game, [make_bot("easy", seed * 16 + s) for s in range(7)])


def _captain_figures(game) -> tuple[list[int], list[int]]:
    """Per seat (V24): hands as captain, and contracts made as captain, the trio being
    the captain and the players two seats to her left and right (V11) and the contract
    made when the trio's markers reach its points (V21)."""
    captain, made = [0] * 7, [0] * 7
    for hand in game.results():
        c = hand.captain
        trio = {c, (c + 2) % 7, (c - 2) % 7}
        captain[c] += 1
        made[c] += sum(hand.markers[s] for s in trio) >= hand.contract.points
    return captain, made


@pytest.mark.parametrize("seed", [3, 8])
def test_v24_seven_for_seven_pools_hands_as_captain_and_contracts_made_as_captain(seed):
    game = _seven_for_seven(seed)
    hands = len(game.results())
    captain, made = _captain_figures(game)
    assert hands == 7 and sum(captain) == 7
    tallies = _tallies(game)
    assert set(tallies) == {"captain", "made"}
    assert tallies["captain"].counts == tuple(captain) and tallies["captain"].of is None  # of the hands played
    assert tallies["made"].counts == tuple(made) and tallies["made"].of == tuple(captain)  # of hands as captain
    assert tallies["captain"].long_label == "hands as captain"
    assert tallies["made"].long_label == "contracts made as captain"


def test_v24_contracts_made_as_captain_pool_over_the_hands_each_player_was_captain(tmp_path):
    games = [_seven_for_seven(3), _seven_for_seven(8)]
    figures = [_captain_figures(g) for g in games]
    rows = _summaries(tmp_path, games)
    assert sum(m for _, made in figures for m in made) > 0  # some contract was made
    for s in range(7):
        row = rows[f"P{s}"]
        captain = sum(c[s] for c, _ in figures)
        made = sum(m[s] for _, m in figures)
        assert row.counts["made"] == made and row.counted["made"] == captain
        assert row.counts["captain"] == captain and row.counted["captain"] == 14  # 7 hands a game (V4)
        assert row.rate("made") == (made / captain if captain else None)
        assert row.rate("captain") == pytest.approx(captain / 14)


# ---------------------------------------------------------------- Watten (W1, W10, W13)


def _watten(seed: int):
    """A Watten game of random legal actions (seeded): raises, holds and goes come often."""
    seats = [Seat(name) for name in ("Ann", "Bo", "Cy", "Di")]
    game = registry.new_game("watten", {}, seed=seed, seats=seats)
    rng = random.Random(seed)
    while not game.is_over:
        to_act = game.to_act()
        game.apply(game.legal_actions()[0] if not to_act else rng.choice(game.legal_actions(to_act[0])))
    return game


def _raises_faced(game) -> tuple[list[int], list[int]]:
    """Per side (W1: seats 0 and 2 against 1 and 3), from the record's actions: the
    raises it faced (the other side made them; W10: its player on the raiser's left
    answers) and those it held, so play went on at the raised stake."""
    faced, held = [0, 0], [0, 0]
    for text in record.to_record(game)["actions"]:
        seat, _, word = text.partition(" ")
        if word in ("hold", "go"):
            faced[int(seat) % 2] += 1
            held[int(seat) % 2] += word == "hold"
    return faced, held


@pytest.mark.parametrize("seed", [1, 5])
def test_w13_watten_pools_hands_won_and_the_raises_a_side_held(seed):
    game = _watten(seed)
    faced, held = _raises_faced(game)
    assert 0 < sum(held) < sum(faced)  # both answers were given (W10)
    won = [sum(hand.winner == side for hand in game.results()) for side in (0, 1)]
    tallies = _tallies(game)
    assert set(tallies) == {"won", "answered"}
    for s in range(4):  # each seat's figure is its side's (W13)
        assert tallies["won"].counts[s] == won[s % 2]
        assert tallies["answered"].counts[s] == held[s % 2]
        assert tallies["answered"].of[s] == faced[s % 2]
    assert tallies["won"].of is None  # of the hands played
    assert tallies["won"].long_label == "hands won by the player's side"
    assert tallies["answered"].long_label == "raises faced that the player's side held (play went on)"


def test_w13_the_raises_held_pool_over_the_raises_each_side_faced(tmp_path):
    games = [_watten(1), _watten(5)]
    figures = [_raises_faced(g) for g in games]
    rows = _summaries(tmp_path, games)
    for s, name in enumerate(("Ann", "Bo", "Cy", "Di")):
        row = rows[name]
        faced = sum(f[s % 2] for f, _ in figures)
        held = sum(h[s % 2] for _, h in figures)
        assert row.counts["answered"] == held and row.counted["answered"] == faced
        assert row.rate("answered") == pytest.approx(held / faced)
        assert row.counted["won"] == sum(len(g.results()) for g in games)


def test_a_tally_with_no_chances_has_no_rate(tmp_path):
    """A side that faced no raise has no share of raises held ("-", not 0%)."""
    from watten_helpers import act, stacked

    deal = stacked("9H KH 7D 7C AH", "8H AS KS QS JS", "9S AD KD QD JD", "AC KC QC JC 10C")
    game = registry.new_game("watten", {}, seed=0, seats=[Seat(n) for n in ("Ann", "Bo", "Cy", "Di")],
                             stacked_deals=(deal,))
    act(game, "deal", "0 striker 9", "3 trump H", "0 play 9H", "1 play 8H", "2 play 9S", "3 play AC",
        "0 play KH", "1 play AS", "2 play AD", "3 play KC", "0 play 7D", "1 play KS", "2 play KD", "3 play QC")
    assert len(game.results()) == 1 and _raises_faced(game) == ([0, 0], [0, 0])
    rows = _summaries(tmp_path, [game])
    for name in ("Ann", "Bo"):
        assert rows[name].counted["answered"] == 0 and rows[name].rate("answered") is None
    assert rows["Ann"].rate("won") == 1.0 and rows["Bo"].rate("won") == 0.0  # Ann & Cy took three tricks (W9)


# ---------------------------------------------------------------- Oh Hell (S8-S10)


@pytest.mark.parametrize("preset", ["oh-seven", "classic", "up-and-down"])
def test_s8_s10_fill_overflow_underfill_counted_from_the_record_s_tricks(preset):
    game = registry.new_game(preset, {"players": 4}, seed=2)
    play_first_legal(game)
    fill, over, under = [0] * 4, [0] * 4, [0] * 4
    for rnd in record.to_record(game)["rounds"]:
        if not rnd["tricks"]:
            continue  # no standing bid: the round was not played
        taken, leader = [0] * 4, rnd["leader"]
        for trick in rnd["tricks"]:  # R15 by hand
            leader = trick_winner(leader, trick["cards"], rnd["trump"], 4)
            taken[leader] += 1
        for s, (bid, took) in enumerate(zip(rnd["bids"], taken)):
            fill[s] += bid == took
            over[s] += bid < took
            under[s] += bid > took
    assert sum(fill) + sum(over) + sum(under) == 4 * len(game.results())
    tallies = _tallies(game)
    assert (tallies["fill"].counts, tallies["overflow"].counts, tallies["underfill"].counts) == (
        tuple(fill), tuple(over), tuple(under))
    assert all(t.of is None for t in tallies.values())  # of the rounds played
    assert tallies["fill"].long_label == "rounds filled (took exactly the bid)"
    assert tallies["overflow"].long_label == "rounds overflowed (took more tricks than the bid)"
    assert tallies["underfill"].long_label == "rounds underfilled (took fewer tricks than the bid)"
