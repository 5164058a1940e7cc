"""The normal bot's look-ahead (issue 21, section 4): in the Oh Hell games it checks
its rules of thumb by a short search before a card play (R14, H5) or a number bid
(H4, U4), at a sample count fixed by the work a decision holds, never by a clock."""

from __future__ import annotations

from helpers import bot_turns

from ohseven_tui.bots import hint, make_bot, play_game
from ohseven_tui.bots.normal import decide
from ohseven_tui.bots.ohhell.normal import LOOK_FEWEST, LOOK_SAMPLES, LOOK_WORK, look
from ohseven_tui.engine import registry
from ohseven_tui.games.ohhell import Bid, BidNumber, Pass, Phase, Play


def _positions(game_name: str, seeds, options=None):
    options = {"players": 4, **(options or {})}
    for seed in seeds:
        game = registry.new_game(game_name, options, seed=seed)
        bots = [make_bot("normal", s, look=False) for s in range(options["players"])]
        for obs, _ in bot_turns(game, bots, until=lambda g: False):
            yield obs


def test_it_looks_ahead_at_card_plays_and_number_bids_within_the_work_cap():
    kinds = set()
    for obs in _positions("classic", range(2)):
        legal = obs.legal_actions
        samples = look(obs)
        real = len(legal) > 1
        if isinstance(legal[0], Play) and obs.phase is Phase.PLAY or isinstance(legal[0], BidNumber):
            assert (samples > 0) == real, obs
            kinds.add(type(legal[0]))
        else:
            assert samples == 0
        if samples:  # as many deals as the work allows, and never too few to tell
            candidates = len(legal) if isinstance(legal[0], Play) else 6
            assert LOOK_FEWEST <= samples <= LOOK_SAMPLES
            assert samples * candidates * sum(obs.hand_counts) <= LOOK_WORK
    assert kinds == {Play, BidNumber}


def test_bigger_tables_look_ahead_at_fewer_deals_or_not_at_all():
    """A deal costs more with more seats and with two decks: at 9 seats (two decks)
    the first cards of a hand are rules of thumb, the last few looked at."""
    looked = early = 0
    for obs in _positions("oh-seven", range(2), {"players": 9}):
        if isinstance(obs.legal_actions[0], Play) and len(obs.legal_actions) > 1:
            samples = look(obs)
            work = len(obs.legal_actions) * sum(obs.hand_counts) * 9 * 2 // 4
            assert samples == (min(LOOK_SAMPLES, LOOK_WORK // work) if LOOK_WORK // work >= LOOK_FEWEST else 0)
            looked += samples > 0
            early += samples == 0 and len(obs.hand) == 7
    assert looked and early


def test_oh_seven_card_bids_and_passes_stay_rules_of_thumb():
    seen = set()
    for obs in _positions("oh-seven", range(3), {"passing": True}):
        first = obs.legal_actions[0]
        if isinstance(first, (Bid, Pass)) and len(obs.legal_actions) > 1:
            seen.add(type(first))
            assert look(obs) == 0
            assert make_bot("normal", 4).choose(obs) == decide(obs, None).action
    assert seen == {Bid, Pass}


def test_the_look_ahead_scores_more_than_the_rules_of_thumb_alone():
    """Classic, two seats each, every deal played twice with the seats swapped:
    the look-ahead's seats score more in all (about 7 points a game measured)."""
    ahead = 0
    for seed in range(40):
        for first in (0, 1):
            looks = [(s + first) % 2 == 0 for s in range(4)]
            game = registry.new_game("classic", {"players": 4}, seed=seed)
            play_game(game, [make_bot("normal", 10 * seed + s, look=looks[s]) for s in range(4)])
            points = [sum(r.round_points[s] for r in game.results()) for s in range(4)]
            ahead += sum(p if looks[s] else -p for s, p in enumerate(points))
    assert ahead > 0


def test_the_same_seed_plays_the_same_game():
    def actions(seed):
        game = registry.new_game("up-and-down", {"players": 4}, seed=seed)
        bots = [make_bot("normal", s) for s in range(4)]
        return [a for _, a in bot_turns(game, bots, until=lambda g: g.round_number > 4)]

    assert actions(3) == actions(3)


def test_hint_says_why_when_the_look_ahead_overrules_the_rule_of_thumb():
    overruled = agreed = 0
    for obs in _positions("classic", range(2)):
        if obs.phase is not Phase.PLAY and not isinstance(obs.legal_actions[0], BidNumber):
            continue
        h = hint(obs)
        rule = decide(obs, None)
        assert h.action == make_bot("normal", 0).choose(obs)  # what a fresh normal bot plays
        if h.action == rule.action:
            agreed += 1
            assert h == rule
            continue
        overruled += 1
        old = f"bidding {rule.action.number}" if isinstance(rule.action, BidNumber) else rule.action.card.pretty()
        assert h.reason == f"Looking ahead, this does better than {old}, the rule of thumb"
    assert overruled and agreed


def test_other_families_play_their_rules_of_thumb():
    for name, players in (("watten", 4), ("seven-for-seven", 7)):
        game = registry.new_game(name, {}, seed=2)
        bots = [make_bot("normal", s) for s in range(players)]
        twins = [make_bot("normal", s, look=False) for s in range(players)]
        decisions = 0
        for obs, action in bot_turns(game, bots, until=lambda g: False):
            assert action == twins[obs.seat].choose(obs)
            decisions += 1
        assert decisions > 50
