"""Strong's ``rivalry``: a sample is worth the seat's points less a share of the
other seats' mean, so a seat that cannot change its own score plays to break the
others' bids (H6 scores a missed bid 0)."""

from __future__ import annotations

from helpers import bot_turns

from ohseven_tui.bots import make_bot
from ohseven_tui.bots.ohhell.strong import _value
from ohseven_tui.engine import registry
from ohseven_tui.games.ohhell import Play


def test_a_samples_worth_is_mine_less_the_share_of_the_others_mean():
    assert _value((10, 0, 12, 2), 0, 0.0) == 10
    assert _value((10, 0, 12, 3), 0, 1.0) == 10 - 5
    assert _value((10, 0, 12, 3), 2, 0.5) == 12 - 0.5 * 13 / 3


def _settled_positions(seeds):
    """Classic card decisions (a real choice) of a seat that has already taken more
    tricks than it bid: its own points are 0 whatever it plays (H6)."""
    for seed in seeds:
        game = registry.new_game("classic", {"players": 4}, seed=seed)
        bots = [make_bot("normal", s, look=False) for s in range(4)]  # quick games to find positions in
        for obs, _ in bot_turns(game, bots, until=lambda g: g.round_number > 3):
            if (type(obs.legal_actions[0]) is Play and obs.bids is not None
                    and obs.taken[obs.seat] > obs.bids[obs.seat]
                    and len({a.card for a in obs.legal_actions}) > 1):
                yield game.clone(), obs


def test_a_settled_seat_scores_every_card_alike_unless_it_counts_the_others():
    """Its own points are 0 whatever it plays (H6), so without rivalry every card
    scores exactly 0 in every sample; with rivalry each card scores minus the
    others' mean, which is never above 0 and differs between cards somewhere."""
    positions = differ = 0
    for i, (_, obs) in enumerate(_settled_positions(range(6))):
        plain = make_bot("strong", 7 + i, budget=1e6, max_samples=30, stop_early=False)
        plain.choose(obs)
        assert set(plain.last_scores.values()) == {0.0}, plain.last_scores
        rival = make_bot("strong", 7 + i, budget=1e6, max_samples=30, stop_early=False, rivalry=1.0)
        rival.choose(obs)
        scores = list(rival.last_scores.values())
        assert all(v <= 0 for v in scores), scores
        differ += len(set(scores)) > 1
        positions += 1
    assert positions >= 8 and differ >= positions // 2, (positions, differ)
