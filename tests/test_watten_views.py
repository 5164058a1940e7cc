"""Watten's observation (privacy), scoresheet, statistics (W12, W13) and table view,
on hand-built games whose figures are counted by hand from the actions."""

from __future__ import annotations

import dataclasses
import json

from watten_helpers import act, game, stacked

from ohseven_tui.engine import registry
from ohseven_tui.engine.cards import Card, Suit, parse_card
from ohseven_tui.engine.protocol import Seat

C = parse_card
DEAL_A = stacked("9H KH 7D 7C AH", "8H AS KS QS JS", "9S AD KD QD JD", "AC KC QC JC 10C")
DEAL_B = stacked("AC KC QC JC 10C", "9H KH 7D 7C AH", "8H AS KS QS JS", "9S AD KD QD JD")
SEATS = (Seat("Ann"), Seat("Bo"), Seat("Cy"), Seat("Di"))
HAND_1 = ("deal", "0 striker 9", "3 trump H", "0 play 9H", "1 play 8H", "2 play 9S", "3 play AC",
          "0 play KH", "1 play AS", "2 play AD", "3 play KC", "0 play 7D", "1 play KS", "2 play KD", "3 play QC")
# hand 2: seat 0 deals, seat 1 is eldest and holds the criticals; side A raises, B holds; B raises, A goes
HAND_2 = ("deal", "1 striker 9", "0 trump H", "1 play AH", "2 raise", "3 hold", "2 play 8H", "3 raise", "0 go")


def _game():
    g = registry.new_game("watten", {}, seed=0, seats=SEATS, stacked_deals=(DEAL_A, DEAL_B))
    act(g, *HAND_1, *HAND_2)
    return g


def _cards_in(value) -> set:
    """Every Card anywhere in an observation's fields (recursively)."""
    found = set()
    if isinstance(value, Card):
        found.add(value)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name not in ("rules",):
                found |= _cards_in(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for v in value:
            found |= _cards_in(v)
    elif isinstance(value, dict):
        for v in value.values():
            found |= _cards_in(v)
    return found


def test_an_observation_holds_no_card_of_another_hand():
    g = game(DEAL_A)
    act(g, "deal", "0 striker 9", "3 trump H", "0 play 9H", "1 play 8H")
    for seat in range(4):
        obs = g.observe(seat)
        others = {c for s in range(4) if s != seat for c in g.hands[s]} | set(g.hand.rest)
        assert not _cards_in(obs) & others, seat
        assert obs.hand == tuple(g.hands[seat])
        assert obs.hand_counts == (4, 4, 5, 5)
    assert g.observe(2).legal_actions and not g.observe(1).legal_actions  # only its own


def test_the_observation_carries_the_hand_s_public_facts():
    g = game(DEAL_A)
    act(g, "deal", "0 striker 9", "3 trump H", "0 raise", "1 hold", "0 play 9H")
    obs = g.observe(3)
    assert (obs.phase.value, obs.round_number, obs.dealer, obs.striker, obs.trump) == ("play", 1, 3, 9, Suit.HEARTS)
    assert obs.stake == 3 and obs.open_raise is None and [(r.seat, r.answer) for r in obs.raises] == [(0, "hold")]
    assert obs.trick == ((0, C("9H")),) and obs.to_act == (1,) and obs.side_tricks == (0, 0)
    assert obs.spec.name == "watten" and obs.view.round_word == "hand" and obs.view.rounds is None


def test_w12_w13_statistics_of_two_hands():
    g = _game()
    obs = g.observe(2)
    assert g.side_points == [2, 3]  # hand 1: A by three tricks (2); hand 2: B raised 3 -> 4, A went: B 3
    stats = g.spec.stats(obs)
    table = {s.label: s.value for s in stats.table}
    assert table["hands"] == "2" and table["strikers"] == "9×2" and table["trumps"] == "H×2"
    assert table["three straight"] == "1" and table["raises"] == "2 (1 held, 1 went)"
    # W13 per side: hands won, points, won naming the striker, raises, held, went
    assert stats.seats[0] == ("1", "2", "1", "1", "1", "0")  # A named the striker in hand 1 (seat 0 eldest)
    assert stats.seats[1] == ("1", "3", "1", "1", "0", "1")  # B named it in hand 2 (seat 1 eldest)
    assert stats.seats[2] == stats.seats[0] and stats.seats[3] == stats.seats[1]
    json.dumps(stats.data)


def test_the_scoresheet_shows_stakes_endings_and_running_points():
    g = _game()
    sheet = g.spec.sheet(g.observe(0))
    assert [r.head[3] for r in sheet.rounds] == ["2", "3"]  # each hand's stake
    assert sheet.rounds[0].head[4] == "Ann & Cy took three tricks"
    assert sheet.rounds[1].head[4] == "Ann & Cy went"
    assert [c.total for c in sheet.rounds[1].cells] == [2, 3, 2, 3]
    assert sheet.rounds[1].rows[1] == ("B", "0", "0", "+3", "3/15")
    assert sheet.totals == (2, 3, 2, 3)
    assert "2 raises" in sheet.rounds[1].note
    json.dumps([r.data for r in sheet.rounds])


def test_the_table_view_sides_trump_line_and_marks():
    g = registry.new_game("watten", {}, seed=0, seats=SEATS, stacked_deals=(DEAL_A,))
    act(g, "deal", "0 striker 9")
    assert g.spec.table(g.observe(0)).hand_marks == ()  # marked once both striker and trump are named
    act(g, "3 trump H", "0 raise")
    view = g.spec.table(g.observe(0))
    assert view.side_names == ("Ann & Cy", "Bo & Di")
    assert [s.side for s in view.seats] == [0, 1, 0, 1]
    assert view.seats[0].cells == (("tricks", "0"),) and view.seats[0].score == "0" and view.seats[1].to_act
    line = "".join(str(p) for p in view.trump)
    assert "Striker 9" in line and "stake 2" in line and "Bo holds or goes" in line
    assert C("9H") in view.trump and C("KH") in view.trump  # chief striker and the criticals
    marks = dict(view.hand_marks)
    assert marks == {C("KH"): "critical", C("7D"): "critical", C("7C"): "critical", C("9H"): "chief striker"}
    assert view.hand_by_suit == ((C("KH"), C("7D"), C("7C"), C("9H"), C("AH")),)  # all trumps, W5 order
    act(g, "1 hold", "0 play 9H", "1 play 8H")
    view = g.spec.table(g.observe(2))
    assert view.trick.winner == 0 and view.trick.number == 1
    assert dict(view.hand_marks) == {C("9S"): "striker"}


def test_the_review_replays_a_finished_hand_w9_w10():
    g = _game()
    steps = g.spec.review(g, 0, None)
    assert [s.title for s in steps] == ["Hand 1: the deal", "Hand 1: striker and trump", "Hand 1: trick 1",
                                        "Hand 1: trick 2", "Hand 1: trick 3", "Hand 1: the score"]
    assert steps[2].notes[0] == "leads 9H, wins" and "three tricks" in steps[-1].summary
    assert [len(h) for h in steps[-1].hands] == [2, 2, 2, 2]
    went = g.spec.review(g, 1, None)
    assert "Cy raises to 3, Di holds; Di raises to 4, Ann goes" in went[2].summary  # both in trick 1
    assert "went" in went[-1].summary and "score 3" in went[-1].summary


def test_the_scoresheet_heads_each_hand_with_striker_trump_and_how_it_ended():
    """Issue 14: the scoresheet shows each hand's striker and trump and how it ended
    (three tricks, or went); the cells, each side's stake won and running points."""
    from ohseven_tui.bots import make_bot, play_game

    g = registry.new_game("watten", {}, seed=8)
    play_game(g, [make_bot("easy", s) for s in range(4)])
    sheet = g.spec.sheet(g.observe(0))
    ended = set()
    for rnd, result in zip(sheet.rounds, g.results()):
        number, named, how = rnd.label.split("\n")
        assert number == f"H{result.number}" and named.endswith(result.trump.symbol)
        if result.ended == "went":
            assert how == "went"
        else:
            assert how == f"{result.side_tricks[0]}–{result.side_tricks[1]}" and 3 in result.side_tricks  # W9
        ended.add(how == "went")
    assert ended == {True, False}  # this seed's game has both endings


def test_each_seats_tricks_cell_holds_its_own_tricks_and_the_side_s_are_named_so():
    """Issue 35 item 8: each player's Tricks cell held the side's total (eight tricks
    from a five-card hand). Expected counts come from the hand's trick winners."""
    g = _game()
    sheet = g.spec.sheet(g.observe(0))
    assert sheet.seat_columns == ("Side", "Tricks", "Side tricks", "Points", "Total")
    for played, result in zip(sheet.rounds, g.observe(0).results):
        own = [sum(1 for t in result.tricks if t.winner == s) for s in range(4)]
        assert [row[1] for row in played.rows] == [str(n) for n in own]
        assert [row[2] for row in played.rows] == [str(result.side_tricks[s & 1]) for s in range(4)]
        assert sum(int(row[1]) for row in played.rows) == len(result.tricks) <= 5
        assert [d["tricks"] for d in played.data["seats"]] == own
