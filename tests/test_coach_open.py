"""The coach's second view, "with all hands open" (issue 37, section 4): it plays
each action out from the real cards, is stored and labelled apart, and never
changes the fair view; and a decision's reason is the bots' own words."""

from __future__ import annotations

import pytest
from test_coach_analysis import _deal_of, oh_seven_rounds, planted_games, play, seats

from ohseven_tui.bots.normal import decide
from ohseven_tui.coach import OPEN_VIEW, VIEW, analyse_game
from ohseven_tui.coach.store import AnalysisStore, stored_analysis
from ohseven_tui.engine import registry

SAMPLES = 12


def test_the_open_view_is_stored_apart_and_leaves_the_fair_one_as_it_was(tmp_path):
    g = oh_seven_rounds(1)
    fair_alone = analyse_game(g, seats=[0], samples=SAMPLES).as_dict()
    opened, fresh = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES, view=OPEN_VIEW)
    assert fresh == [0] and opened.view == OPEN_VIEW == "open"
    fair, fresh = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES)
    assert fresh == [0], "the open view was not taken for the fair one"
    assert fair.view == VIEW == "fair"
    assert fair.as_dict() == fair_alone
    assert opened.as_dict()["view"] == "open"
    # Both are read back, each as its own.
    again_open, fresh_open = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES, view=OPEN_VIEW)
    again_fair, fresh_fair = stored_analysis(g, tmp_path, seats=[0], samples=SAMPLES)
    assert fresh_open == fresh_fair == []
    assert again_open.as_dict() == opened.as_dict() and again_fair.as_dict() == fair_alone
    with AnalysisStore(tmp_path) as store:
        assert store.get(fair.record, 0, SAMPLES, 0, view=OPEN_VIEW) is not None
        assert store.get(fair.record, 0, SAMPLES, 0) is not None


def _figures(analysis) -> list[tuple]:
    return [(d.index, d.taken_points, d.best_points) for d in analysis.seats[0].decisions]


def test_the_open_view_uses_the_real_cards_and_the_fair_view_does_not():
    """Among the deals seat 0 cannot tell apart, one where the open view's figures
    differ (the real cards changed what its actions were worth); its fair view is
    the same as the real game's."""
    differing = None
    for real, planted in planted_games():
        assert _deal_of(planted)[1:] != _deal_of(real)[1:]
        real_open = analyse_game(real, seats=[0], view=OPEN_VIEW)
        planted_open = analyse_game(planted, seats=[0], view=OPEN_VIEW)
        assert [d[0] for d in _figures(real_open)] == [d[0] for d in _figures(planted_open)]  # the same decisions
        if _figures(real_open) != _figures(planted_open):
            differing = real, planted
            break
    assert differing is not None, "no hidden swap changed the open view"
    fair = [analyse_game(g, seats=[0], samples=SAMPLES).as_dict()["seats"] for g in differing]
    assert fair[0] == fair[1]


def test_the_open_view_counts_the_points_the_round_really_gives():
    """Seat 0's last decision of a round in the open view: the action it took, played
    out by the normal bot's rules from the real cards, is worth what the round then
    scores for seat 0 (played out here by hand, from the game itself)."""
    g = oh_seven_rounds(1)
    report = analyse_game(g, seats=[0], samples=1, view=OPEN_VIEW).seats[0]
    last = [d for d in report.decisions if d.judged and d.round == 1][-1]
    state = g.spec.new_game(dict(g.options), seed=g.seed, seats=g.seats, stacked_deals=g.stacked_deals)
    for action in g.history[: last.index + 1]:
        state.apply(action)
    assert state.totals[0] == 0  # round 1: nothing scored before it
    while not state.is_over and state.round_number == 1 and state.to_act():
        state.apply(decide(state.observe(state.to_act()[0]), None).action)
    assert state.results(), "the round was played out"
    assert last.taken_points == state.totals[0]


def test_a_reason_is_the_normal_bots_words_for_the_action_shown_best():
    g = oh_seven_rounds(2)
    report = analyse_game(g, seats=[0], samples=SAMPLES).seats[0]
    state = g.spec.new_game(dict(g.options), seed=g.seed, seats=g.seats, stacked_deals=g.stacked_deals)
    by_index = {d.index: d for d in report.decisions if d.judged}
    given = 0
    for i, action in enumerate(g.history):
        d = by_index.get(i)
        if d is not None:
            rule = decide(state.observe(0), None)
            shown = g.spec.action_text(rule.action).split(" ", 1)[1]
            if shown == d.best:
                assert d.reason == rule.reason
                given += 1
            else:
                assert d.reason == ""
        state.apply(action)
    assert given  # the normal bot agrees with the best action somewhere


@pytest.mark.parametrize("spec", registry.games(), ids=lambda s: s.name)
def test_the_open_view_judges_every_game(spec):
    n = spec.check_options({})["players"]
    g = play(registry.new_game(spec.name, {}, seed=2, seats=seats(n)), until=lambda g: g.round_number > 1)
    report = analyse_game(g, samples=1, view=OPEN_VIEW).seats[0]
    judged = [d for d in report.decisions if d.judged]
    assert judged, f"{spec.name}: nothing judged with all hands open"
    # Every decision, an auction's bids and a discard's choices too (the real cards settle them all).
    assert len(judged) == len(report.decisions), f"{spec.name}: {len(report.decisions) - len(judged)} not judged"
    for d in judged:
        assert d.loss == 0 or d.loss >= report.thresholds.fine
        assert d.best_points >= d.taken_points - 1e-9


def test_a_decisions_note_says_why_in_the_bots_words_or_what_the_figures_rest_on():
    from ohseven_tui.coach import Decision
    from ohseven_tui.coach.words import decision_note

    worded = Decision(7, 2, "play 5H", "play 7H", -1.0, 2.5, 3.5, "blunder", 0.1, 400,
                      reason="Win cheaply: you still need 1 trick")
    note = decision_note(worded, "5♥", "7♥", "points for the round")
    assert note.startswith("5♥ (-1.00); best was 7♥ (+2.50): 3.50 points for the round lost, a blunder.")
    assert note.endswith("Why 7♥: Win cheaply: you still need 1 trick.")
    bare = Decision(7, 2, "play 5H", "play 7H", -1.0, 2.5, 3.5, "blunder", 0.1, 400)
    assert "Over 400 deals of the cards you could not see" in decision_note(bare, "5♥", "7♥")
    assert "With the real cards" in decision_note(bare, "5♥", "7♥", view=OPEN_VIEW)
    fine = Decision(7, 2, "play 5H", "play 5H", 1.0, 1.0, 0.0, "fine", 0.1, 400, reason="Duck: you bid 0")
    assert decision_note(fine, "5♥", "5♥") == "5♥ (+1.00): as good as the best, fine. Why: Duck: you bid 0."
