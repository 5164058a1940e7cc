"""The coach's analysis of whole games (issue 37, sections 1 and 3): deterministic,
blind to the hidden cards, its figures adding up, stored once."""

from __future__ import annotations

import sqlite3

import pytest

from ohseven_tui.bots import make_bot
from ohseven_tui.coach import analyse_game
from ohseven_tui.coach.store import STORE_NAME, AnalysisStore, stored_analysis
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat

SAMPLES = 12  # small: these tests are about the bookkeeping, not the estimate


def seats(n: int) -> list[Seat]:
    return [Seat("Ann", "human")] + [Seat(f"Bot {i}", "normal") for i in range(1, n)]


def play(game, until=None, seed: int = 1):
    """Normal bots in every seat (the person's too), up to ``until(game)`` or the end."""
    bots = [make_bot("normal", seed + s) for s in range(len(game.seats))]
    while not game.is_over and not (until and until(game)):
        to_act = game.to_act()
        if not to_act:
            game.apply(game.legal_actions()[0])
            continue
        game.apply(bots[to_act[0]].choose(game.observe(to_act[0])))
    return game


def oh_seven_rounds(rounds: int, players: int = 3, seed: int = 5):
    g = registry.new_game("oh-seven", {"players": players}, seed=seed, seats=seats(players))
    return play(g, until=lambda g: g.round_number > rounds)


# ---------------------------------------------------------------- determinism


def test_the_same_game_twice_gives_the_same_analysis():
    g = oh_seven_rounds(2)
    first = analyse_game(g, samples=SAMPLES).as_dict()
    second = analyse_game(g.clone(), samples=SAMPLES).as_dict()
    assert first == second
    assert first["seats"][0]["decisions"]  # it judged something


def test_another_seed_is_another_draw_of_deals():
    g = oh_seven_rounds(1)
    a = analyse_game(g, samples=SAMPLES, seed=0).as_dict()["seats"][0]["decisions"]
    b = analyse_game(g, samples=SAMPLES, seed=1).as_dict()["seats"][0]["decisions"]
    assert [d["index"] for d in a] == [d["index"] for d in b]
    assert [d["taken_points"] for d in a] != [d["taken_points"] for d in b]


# ---------------------------------------------------------------- privacy


def _deal_of(game) -> tuple:
    return tuple(tuple(game.observe(s).hand) for s in range(len(game.seats)))


def _plays(game) -> int:
    return sum(type(a).__name__ == "Play" for a in game.history)


def _same_for_seat_0(actions, real_deal, other_deal) -> bool:
    """Both deals replay ``actions`` legally, and seat 0 sees the same before each of its own."""
    a = _oh_seven_4(real_deal)
    b = _oh_seven_4(other_deal)
    for act in actions:
        if getattr(act, "seat", None) == 0 and a.observe(0) != b.observe(0):
            return False
        if not b.is_legal(act):
            return False
        a.apply(act)
        b.apply(act)
    return a.observe(0) == b.observe(0)


def _oh_seven_4(hands):
    return registry.new_game("oh-seven", {"players": 4}, seed=11, seats=seats(4), stacked_deals=[(hands,)])


def planted_games():
    """Round 1 of a 4-seat Oh-Seven game, cut at seat 0's turn after three tricks,
    and each game dealt the same hands except two unplayed cards of one suit
    swapped between two other seats (not cards they bid with: those are face up)
    in which every observation of seat 0 is the same: (real, planted) pairs."""
    first = registry.new_game("oh-seven", {"players": 4}, seed=11, seats=seats(4))
    first.apply(first.legal_actions()[0])
    deal = _deal_of(first)
    real = play(_oh_seven_4(deal), until=lambda g: _plays(g) >= 12 and g.to_act() == (0,))
    assert real.round_number == 1 and _plays(real) >= 12
    actions = list(real.history)
    seen = {a.card for a in actions if type(a).__name__ in ("Play", "Bid")}
    swaps = []
    for a in (1, 2, 3):
        for b in range(a + 1, 4):
            swaps += [(a, x, b, y) for x in deal[a] for y in deal[b]
                      if x.suit == y.suit and x != y and not {x, y} & seen]
    for a, x, b, y in swaps:
        hands = [list(h) for h in deal]
        hands[a][hands[a].index(x)] = y
        hands[b][hands[b].index(y)] = x
        other_deal = tuple(tuple(sorted(h, reverse=True)) for h in hands)
        if _same_for_seat_0(actions, deal, other_deal):
            planted = _oh_seven_4(other_deal)
            for act in actions:
                planted.apply(act)
            yield real, planted


def test_a_different_hidden_deal_with_the_same_observations_gives_the_same_analysis():
    """Every observation of seat 0 is the same in both games; its fair analysis must
    be too."""
    real, planted = next(planted_games(), (None, None))
    assert planted is not None, "no swap keeps the record legal"
    assert _deal_of(planted)[1:] != _deal_of(real)[1:]  # the hidden cards really differ
    fair = analyse_game(real, seats=[0], samples=SAMPLES).as_dict()
    other = analyse_game(planted, seats=[0], samples=SAMPLES).as_dict()
    assert fair["seats"][0]["decisions"]
    assert fair["seats"] == other["seats"]


# ---------------------------------------------------------------- the figures


def test_the_figures_add_up_from_the_decisions():
    g = oh_seven_rounds(3)
    report = analyse_game(g, samples=SAMPLES).seats[0]
    judged = [d for d in report.decisions if d.judged]
    assert judged
    assert report.accuracy == pytest.approx(sum(1 for d in judged if d.loss == 0) / len(judged))
    assert report.mean_loss == pytest.approx(sum(d.loss for d in judged) / len(judged))
    rounds = {}
    for d in judged:
        rounds[d.round] = rounds.get(d.round, 0.0) + d.loss
    assert {r.round: r.loss for r in report.rounds} == pytest.approx(rounds)
    for d in judged:
        assert d.label in ("fine", "inaccuracy", "mistake", "blunder")
        assert (d.label == "fine") == (d.loss == 0)
        assert d.loss == 0 or d.loss >= report.thresholds.fine
        assert d.best_points >= d.taken_points - 1e-9
    worst = report.worst(3)
    assert list(worst) == sorted((d for d in judged if d.loss > 0), key=lambda d: -d.loss)[:len(worst)]


def test_only_choices_count_and_what_the_search_does_not_weigh_is_not_judged():
    """A card passed (R6, round 2 passes one) is a decision the search leaves to the
    heuristic: listed, not judged, outside the accuracy. A forced card is no decision."""
    g = registry.new_game("oh-seven", {"players": 3, "passing": True}, seed=3, seats=seats(3))
    play(g, until=lambda g: g.round_number > 2)
    report = analyse_game(g, samples=SAMPLES).seats[0]
    passes = [d for d in report.decisions if d.taken.startswith("pass")]
    assert passes and all(not d.judged and d.label == "" for d in passes)
    indexes = {d.index for d in report.decisions}
    replay = registry.new_game("oh-seven", {"players": 3, "passing": True}, seed=3, seats=seats(3))
    for i, a in enumerate(g.history):
        if getattr(a, "seat", None) == 0:
            assert (i in indexes) == (len(replay.legal_actions(0)) > 1), (i, a)
        replay.apply(a)


def test_bad_seats_and_sample_counts_are_refused():
    g = oh_seven_rounds(1)
    with pytest.raises(ValueError):
        analyse_game(g, seats=[7], samples=SAMPLES)
    with pytest.raises(ValueError):
        analyse_game(g, samples=0)


@pytest.mark.parametrize("name", ["watten", "seven-for-seven", "classic"])
def test_every_family_is_judged(name):
    spec = registry.game_spec(name)
    n = spec.check_options({})["players"]
    g = play(registry.new_game(name, {}, seed=2, seats=seats(n)), until=lambda g: g.round_number > 1)
    report = analyse_game(g, samples=8).seats[0]
    assert report.thresholds is not None and report.thresholds.fine > 0
    assert any(d.judged for d in report.decisions)


# ---------------------------------------------------------------- stored once


def test_an_analysis_is_stored_once_and_read_back(tmp_path):
    g = oh_seven_rounds(1)
    first, fresh = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES)
    assert fresh == [0]
    assert (tmp_path / STORE_NAME).is_file()
    calls = []
    again, fresh = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES, progress=lambda d, t: calls.append(d))
    assert fresh == [] and not calls
    assert again.as_dict() == first.as_dict()
    # Another sample count or seed is another analysis.
    _, fresh = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES + 1)
    assert fresh == [0]


def test_a_damaged_store_is_not_fatal(tmp_path):
    g = oh_seven_rounds(1)
    (tmp_path / STORE_NAME).write_bytes(b"this is not a database" * 100)
    analysis, fresh = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES)
    assert fresh == [0] and analysis.seats[0].decisions
    store = AnalysisStore(tmp_path)
    assert store.get(analysis.record, 0, SAMPLES, 0) is None


def test_a_tampered_row_is_analysed_again(tmp_path):
    g = oh_seven_rounds(1)
    first, _ = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES)
    con = sqlite3.connect(tmp_path / STORE_NAME)
    with con:
        con.execute("UPDATE analyses SET data = '{\"seat\": 0}'")
    con.close()
    again, fresh = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES)
    assert fresh == [0]
    assert again.as_dict() == first.as_dict()


def put_aside_in_round_2():
    """A 3-seat Oh-Seven game (Ann a person, two normal bots) stopped two tricks into
    round 2: round 1 finished, round 2 in play (the coach's privacy tests)."""
    seats = [Seat("Ann", "human"), Seat("Bea", "normal"), Seat("Cy", "normal")]
    game = registry.new_game("oh-seven", {"players": 3}, seed=8, seats=seats)
    bots = [make_bot("normal", s) for s in range(3)]
    plays_in_round_2 = 0
    while plays_in_round_2 < 6:  # two tricks into round 2
        to_act = game.to_act()
        action = bots[to_act[0]].choose(game.observe(to_act[0])) if to_act else game.legal_actions()[0]
        game.apply(action)
        if game.round_number == 2 and type(action).__name__ == "Play":
            plays_in_round_2 += 1
    assert len(game.results()) == 1 and not game.is_over
    return game
