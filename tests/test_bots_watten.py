"""The Watten bots: easy (random, rare raises), normal (heuristics with hints) and
strong (search within budget) on hand-built deals whose right play is read from
the rules (W4, W5, W7, W10)."""

from __future__ import annotations

from helpers import bot_turns
from watten_helpers import act, game, stacked

from ohseven_tui.bots import bots_for, hint, make_bot, play_game
from ohseven_tui.bots.strong import StrongBot
from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import Play
from ohseven_tui.engine.cards import Suit, parse_card
from ohseven_tui.games.watten import Go, Hold, NameStriker, NameTrump, Raise

C = parse_card
DEAL_A = stacked("9H KH 7D 7C AH", "8H AS KS QS JS", "9S AD KD QD JD", "AC KC QC JC 10C")
START_A = ("deal", "0 striker 9", "3 trump H")


def test_every_strength_plays_watten():
    assert bots_for("watten") == ["easy", "normal", "strong"]


def test_easy_raises_rarely_and_answers_both_ways():
    bot = make_bot("easy", 3)
    raises = offered = holds = goes = 0
    for seed in range(300):
        g = registry.new_game("watten", {}, seed=seed)
        while not g.is_over and g.round_number < 2:
            seats = g.to_act()
            if not seats:
                g.apply(g.legal_actions()[0])
                continue
            obs = g.observe(seats[0])
            action = bot.choose(obs)
            assert action in obs.legal_actions
            if Raise(obs.seat) in obs.legal_actions:
                offered += 1
                raises += type(action) is Raise
            holds += type(action) is Hold
            goes += type(action) is Go
            g.apply(action)
    assert offered > 1000 and 0 < raises < 0.17 * offered  # a raise beside every card would be 1 in 6
    assert holds > 10 and goes > 10


def test_normal_names_the_rank_it_holds_most_w4():
    g = game(stacked("9S 9D QC 8H AS", "7H AH KS QS JS", "8S AD KD QD JD", "AC KC 9C JC 10C"))
    g.apply(g.legal_actions()[0])
    h = hint(g.observe(0))
    assert h.action == NameStriker(0, 9) and "9" in h.reason


def test_normal_dealer_names_the_suit_of_its_chief_striker_w4():
    g = game(stacked("9S 9D QC 8H AS", "7H AH KS QS JS", "8S AD KD QD JD", "AC KC 9C JC 10C"))
    act(g, "deal", "0 striker 9")
    h = hint(g.observe(3))  # seat 3 holds 9♣ and four more clubs
    assert h.action == NameTrump(3, Suit.CLUBS) and "chief striker" in h.reason


def test_normal_leads_a_critical_and_does_not_overtake_a_partners_sure_trick():
    g = game(stacked("KH 8S 8D 10S QC", "AS KS QS JS 10C", "7D 8C 10D AD KD", "AC KC JC 9S 7S"))
    act(g, "deal", "0 striker 9", "3 trump H")
    h = hint(g.observe(0))
    assert h.action in (Play(0, C("KH")), Raise(0)) and h.reason
    act(g, "0 play KH", "1 play AS")
    h = hint(g.observe(2))
    assert h.action == Play(2, C("8C")) and "partner" in h.reason  # not Belli (7♦): Maxi cannot be beaten


def test_normal_raises_when_its_sure_trumps_make_three_w10():
    g = game(DEAL_A)
    act(g, *START_A)
    h = hint(g.observe(0))  # Maxi, Belli, Spitz and the chief striker: four sure tricks
    assert h.action == Raise(0) and "Raise" in h.reason


def test_normal_raises_with_two_criticals_and_the_chief_striker_w10():
    # striker 9, trump hearts: seat 0 holds Maxi (K♥) and Belli (7♦), the two highest
    # trumps, and the chief striker 9♥, beaten only by Spitz (W5): a strong hand, though
    # its sure trumps make only two tricks
    g = game(stacked("KH 7D 9H 8S 8D", "AS KS QS JS 10C", "9S AD KD QD JD", "AC KC QC JC 10S"))
    act(g, *START_A)
    h = hint(g.observe(0))
    assert h.action == Raise(0) and h.reason.startswith("Raise")


def test_normal_holds_with_chances_and_goes_when_beaten_w10():
    g = game(DEAL_A)
    act(g, *START_A, "0 raise")
    assert hint(g.observe(1)).action == Hold(1)  # no trick lost yet
    g = game(DEAL_A)
    act(g, *START_A, "0 play 9H", "1 play 8H", "2 play 9S", "3 play AC", "0 play KH", "1 play AS", "2 play AD",
        "3 play KC", "0 raise")
    h = hint(g.observe(1))  # two tricks down, no trump left
    assert h.action == Go(1) and h.reason.startswith("Go")


# Seat 0 holds Maxi, Belli, Spitz and the chief striker 9♥ (striker 9, trump hearts);
# seat 1, who answers seat 0's raise, holds no trump and no ace (W5): a hopeless hand.
DEAL_B = stacked("9H KH 7D 7C AH", "8S 10C 10D QS 8C", "9S AD KD QD JD", "AC KC QC JC 10S")


def test_a_hopeless_hand_answers_a_raise_by_going_w10():
    # trick 1: seat 0 leads Maxi and wins it; then seat 0 raises before leading trick 2
    moves = (*START_A, "0 play KH", "1 play 8S", "2 play 9S", "3 play AC", "0 raise")
    g = game(DEAL_B)
    act(g, *moves)
    h = hint(g.observe(1))
    assert h.action == Go(1) and h.reason.startswith("Go")
    g = game(DEAL_B)
    act(g, *moves)
    strong = StrongBot(seed=1, budget=1e6, max_samples=200)
    assert strong.choose(g.observe(1)) == Go(1)


def _first_chances(strength: str, seeds: range) -> tuple[int, int, list]:
    """(first chances to raise, raises the hint would not make, every action) over
    hand 1 of a game per seed, ``strength`` in every seat."""
    chances = bluffs = 0
    actions = []
    for seed in seeds:
        g = registry.new_game("watten", {}, seed=seed)
        bots = [make_bot(strength, seed * 4 + s, **({"budget": 1e6, "max_samples": 20} if strength == "strong" else {}))
                for s in range(4)]
        for obs, action in bot_turns(g, bots, until=lambda g: g.round_number >= 2):
            actions.append(action)
            if Raise(obs.seat) in obs.legal_actions and not obs.tricks and not obs.raises:
                if all(seat != obs.seat for seat, _ in obs.trick):
                    chances += 1
                    bluffs += type(action) is Raise and hint(obs).action != Raise(obs.seat)
    return chances, bluffs, actions


def test_normal_bluffs_now_and_then_through_its_seeded_rng_w10():
    """A raise the hint (no RNG: no bluff) would not make is a bluff: some, few."""
    chances, bluffs, actions = _first_chances("normal", range(400))
    assert chances > 1000
    assert 0 < bluffs < 0.1 * chances
    assert _first_chances("normal", range(400))[2] == actions  # the same seeds replay exactly


def test_hints_cover_every_decision_of_a_game():
    g = registry.new_game("watten", {}, seed=5)
    kinds = set()
    while not g.is_over:
        seats = g.to_act()
        if not seats:
            g.apply(g.legal_actions()[0])
            continue
        obs = g.observe(seats[0])
        h = hint(obs)
        assert h is not None and h.action in obs.legal_actions and h.reason and "\n" not in h.reason
        kinds.add(type(h.action).__name__)
        g.apply(h.action)
    assert {"NameStriker", "NameTrump", "Play"} <= kinds


def test_the_strong_bot_decides_every_kind_legally_within_its_budget():
    budget = 0.05
    ticks = [0.0]

    def clock():  # its own clock, where every reading costs a millisecond: the machine's pace changes nothing
        ticks[0] += 0.001
        return ticks[0]

    g = game(DEAL_A)
    g.apply(g.legal_actions()[0])
    bot = StrongBot(seed=1, budget=budget, clock=clock)
    seen = set()
    for _ in range(14):
        if g.is_over or not g.to_act():
            break
        obs = g.observe(g.to_act()[0])
        action = bot.choose(obs)
        assert action in obs.legal_actions
        assert bot.last_elapsed <= budget * 1.1
        seen.add(type(action).__name__)
        g.apply(action)
    g2 = game(DEAL_A)
    act(g2, *START_A, "0 raise")
    answer = bot.choose(g2.observe(1))
    assert answer in (Hold(1), Go(1)) and bot.last_samples > 0
    assert {"NameStriker", "NameTrump"} <= seen


def test_bots_play_whole_games():
    for names in (["normal", "easy", "normal", "easy"], ["strong", "normal", "strong", "normal"]):
        g = registry.new_game("watten", {"target": 11}, seed=2)
        bots = [make_bot(n, s, **({"budget": 0.01} if n == "strong" else {})) for s, n in enumerate(names)]
        play_game(g, bots)
        assert g.is_over and g.winners
