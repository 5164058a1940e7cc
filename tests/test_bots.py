"""Bots (issue 3): one interface over observations, every decision, and the normal
bot's play principles checked on scripted deals. Expected cards come from the
issue's rules of thumb applied by hand to each position."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import act, bot_turns, cards, hands, new_game

from ohseven_tui.bots import BOT_NAMES, Hint, hint, make_bot, play_game
from ohseven_tui.bots.normal import decide  # the rules of thumb, with their reasons
from ohseven_tui.bots.ohhell.bidding import bid_model
from ohseven_tui.bots.ohhell.knowledge import Knowledge
from ohseven_tui.bots.search import Sampler, playout
from ohseven_tui.games.ohhell import Bid, Game, Pass, Phase, Play, Seat, make_rules, parse_card


def frozen_clock():
    return 0.0


def bot(name: str, seed: int = 5):
    """A bot whose choices depend only on its seed and the observation: strong
    gets a fixed sample count and a clock that never moves; normal plays its rules
    of thumb alone, which these tests check (its look-ahead: test_bots_look.py)."""
    if name == "strong":
        return make_bot("strong", seed, budget=0.5, clock=frozen_clock, max_samples=6)
    if name == "normal":
        return make_bot("normal", seed, look=False)
    return make_bot(name, seed)


# One deck, 4 players. Left out of play: 0H 3S 0D 4C.
DUCK_TEXTS = (
    "6H 4H 2H 0S 1S 0C 1C",
    "7S 6S 5S 4S 3D 2D 3H",
    "7D 6D 5D 4D 3C 2C 5C",
    "7H 5H 1D 1H 2S 6C 7C",
)


def test_bot_names_and_unknown_name():
    assert BOT_NAMES == ("easy", "normal", "strong")
    for name in BOT_NAMES:
        assert make_bot(name, 1).choose is not None
    with pytest.raises(ValueError):
        make_bot("grandmaster", 1)


# ---------------------------------------------------------------- play principles


def duck_position(seat0_bid: str, seat3_card: str):
    """Seat 1 bids 5S (top: spades are trump) and leads 3H; seat 2 has no heart."""
    game = new_game(4, [hands(*DUCK_TEXTS)])
    act(game, "deal", f"0 bid {seat0_bid}", "1 bid 5S", "2 bid 3C", "3 bid 2S")
    assert game.phase is Phase.PLAY and game.current_seat == 1
    act(game, "1 play 3H", "2 play 2C", f"3 play {seat3_card}")
    return game


def test_has_its_bid_ducks_with_highest_card_that_cannot_win():
    # Bid 0. Hearts led, 5H best; 6H would win, 4H and 2H lose: the highest loser is 4H.
    game = duck_position("0C", "5H")
    obs = game.observation(0)
    assert bot("normal").choose(obs) == Play(0, parse_card("4H"))
    h = decide(obs)
    assert isinstance(h, Hint) and h.action == Play(0, parse_card("4H"))
    assert h.reason.startswith("Duck")


def test_needs_a_trick_last_to_play_wins_cheaply():
    # Bid 2 (2H), 3H best after 1H: 6H and 4H both win, 4H is the cheaper.
    game = duck_position("2H", "1H")
    assert bot("normal").choose(game.observation(0)) == Play(0, parse_card("4H"))
    # With bid 0 in the same spot, it keeps under 3H: 2H.
    game = duck_position("0C", "1H")
    assert bot("normal").choose(game.observation(0)) == Play(0, parse_card("2H"))


def test_void_and_ducking_discards_highest_side_card_not_a_trump():
    # Diamonds led; seat 0 has none. Its 0S/1S would trump and win; the highest card
    # that cannot win is 6H.
    game = new_game(4, [hands(*DUCK_TEXTS)])
    act(game, "deal", "0 bid 0C", "1 bid 5S", "2 bid 3C", "3 bid 2S")
    act(game, "1 play 3D", "2 play 4D", "3 play 1D")
    assert bot("normal").choose(game.observation(0)) == Play(0, parse_card("6H"))


def test_needs_every_remaining_trick_leads_highest_trump():
    # Two players. Seat 0 bids 7C: bid 7, clubs trump, it leads and needs all 7.
    # Its highest card is 7S but its highest trump is 7C.
    game = new_game(2, [hands("7C 7S 6C 5H 4H 3D 2D", "6S 5S 4S 3S 2S 1S 0S")])
    act(game, "deal", "0 bid 7C", "1 bid 1S")
    obs = game.observation(0)
    assert obs.trump.letter == "C" and obs.trick_leader == 0
    assert bot("normal").choose(obs) == Play(0, parse_card("7C"))
    assert "highest trump" in decide(obs).reason
    act(game, "0 play 7C", "1 play 0S")  # seat 0 takes it: 6 left, needs 6
    assert bot("normal").choose(game.observation(0)) == Play(0, parse_card("6C"))


def test_forced_to_win_takes_it_with_its_highest_card():
    # Seat 0 bid 0; seat 1 leads 1C and every club seat 0 must follow with wins:
    # it takes the trick with its highest, keeping low cards to lose later.
    game = new_game(2, [hands("7C 6C 5C 4C 3C 2C 0D", "1C 0C 7S 6S 5S 4S 3S")])
    act(game, "deal", "0 bid 0D", "1 bid 3S")  # 0 + 3; 3S tops: spades trump, seat 1 leads
    act(game, "1 play 1C")
    assert bot("normal").choose(game.observation(0)) == Play(0, parse_card("7C"))


def test_needs_its_last_trick_wins_with_its_highest_winner():
    # Bid 1 (1C), last to play, 3H best: 6H and 4H both win. This trick makes the
    # bid, so it spends 6H, the card likeliest to win again, and keeps 4H and 2H
    # to lose later hearts under 7H and 5H (compare bid 2 above: 4H).
    game = duck_position("1C", "1H")
    obs = game.observation(0)
    assert bot("normal").choose(obs) == Play(0, parse_card("6H"))
    assert "this makes your bid" in decide(obs).reason


def test_cannot_win_sheds_a_high_card_when_a_top_card_can_make_the_bid():
    # Two players. Seat 0 bids 1 (1D), seat 1 bids 3S: spades trump, seat 1 leads 7H.
    # Seat 0 cannot beat it (6H, 1H). Its 7D is the top diamond and can make the
    # bid on its own, so it sheds 6H now: kept, 6H (then the top heart) could win
    # a trick too many.
    game = new_game(2, [hands("7D 6H 1H 0D 1D 0C 1C", "7H 5S 4S 3S 2S 1S 0S")])
    act(game, "deal", "0 bid 1D", "1 bid 3S", "1 play 7H")
    obs = game.observation(0)
    assert bot("normal").choose(obs) == Play(0, parse_card("6H"))
    assert decide(obs).reason.startswith("You cannot win this trick: shed")
    # With 2D instead of 7D it has no top card to rely on: it keeps 6H, its
    # best chance of a trick, and throws its lowest heart.
    game = new_game(2, [hands("2D 6H 1H 0D 1D 0C 1C", "7H 5S 4S 3S 2S 1S 0S")])
    act(game, "deal", "0 bid 1D", "1 bid 3S", "1 play 7H")
    assert bot("normal").choose(game.observation(0)) == Play(0, parse_card("1H"))


def test_one_trick_to_go_and_no_sure_winner_it_leads_its_best_side_card():
    # Two players. Seat 0 bids 1S (top: spades trump, it leads) and needs 1 trick.
    # None of its cards is the top of its suit, so nothing is sure: it tries 6D,
    # its highest side card, now (not the 5H singleton, nor a low card).
    game = new_game(2, [hands("6D 5H 3D 2C 0D 1S 0C", "7H 6H 4S 3S 2S 0H 1H")])
    act(game, "deal", "0 bid 1S", "1 bid 0H")
    obs = game.observation(0)
    assert obs.trick_leader == 0 and obs.trump.letter == "S"
    assert bot("normal").choose(obs) == Play(0, parse_card("6D"))
    assert "one more trick makes your bid" in decide(obs).reason


# ---------------------------------------------------------------- bids and rebids


def rebid_position():
    game = new_game(4, [hands(*DUCK_TEXTS)])
    # 0 + 4 + 2 + 1 = 7: R11, every seat bids again.
    act(game, "deal", "0 bid 0C", "1 bid 4S", "2 bid 2C", "3 bid 1H")
    assert game.phase is Phase.BID and game.to_act() == (0, 1, 2, 3)
    return game


@pytest.mark.parametrize("name", BOT_NAMES)
def test_rebid_never_reuses_a_card_already_bid_with(name):
    game = rebid_position()
    obs = game.observation(0)
    assert obs.bid_with == (parse_card("0C"),)
    action = bot(name).choose(obs)
    assert type(action) is Bid and action.card != parse_card("0C") and action.card in obs.hand


@pytest.mark.parametrize("name", BOT_NAMES)
def test_every_rebid_in_many_rounds_uses_an_unbid_card(name):
    rules = make_rules("oh-seven", 4)
    rebids = 0
    for seed in range(12 if name == "strong" else 60):
        game = Game(rules, seed=seed)
        bots = [bot(name, seed * 4 + s) for s in range(4)]
        for obs, action in bot_turns(game, bots, until=lambda g: g.phase is Phase.PLAY):
            if obs.phase is Phase.BID:
                left = Counter(obs.hand)
                left.subtract(obs.bid_with)
                assert left[action.card] > 0, (obs.bid_with, action)
                rebids += bool(obs.bid_with)
    assert rebids > 0  # the check really met rebids


def test_normal_bids_a_strong_hand_high_and_a_weak_one_low():
    # Seat 0 holds the four top spades and 7H: a 4-trick hand or more with spades trump.
    game = new_game(4, [hands("7S 6S 5S 4S 7H 6H 0D", "3S 2S 1S 0S 5H 4H 3H", "7D 6D 5D 4D 3D 2D 1D", "7C 6C 5C 4C 3C 2C 1C")])
    act(game, "deal")
    strong_bid = bot("normal").choose(game.observation(0)).card
    weak_bid = bot("normal").choose(game.observation(1)).card
    assert strong_bid.rank >= 3
    assert weak_bid.rank <= 1


def test_seats_that_keep_missing_their_bids_count_as_random_bidders():
    model = bid_model(4, 1)
    prior = model.wildness([])
    assert model.wildness([], [False, False, False]) > prior > model.wildness([], [True, True, True])
    # A bid of 7 in a 4-player round is far likelier from a random bidder.
    assert model.wildness([7]) > prior


def test_outbid_by_random_bidders_it_expects_more_tricks_than_by_sensible_ones():
    # A sensible seat that bids above my 4 expects 5+ tricks, leaving me fewer; a
    # seat bidding at random says nothing about its hand.
    model = bid_model(4, 1)
    hand = cards("6S 5S 4H 4D 3C 2C 1H")
    tame = {row[1]: row for row in model.evaluate(hand, hand, wild=[0.0, 0.0, 0.0])}
    wild = {row[1]: row for row in model.evaluate(hand, hand, wild=[1.0, 1.0, 1.0])}
    four = parse_card("4H")
    assert wild[four][3] > tame[four][3]  # tricks expected when not top bidder
    # and random bidders outbid it more often.
    assert wild[four][4] < tame[four][4]


# ---------------------------------------------------------------- passing


@pytest.mark.parametrize("name", BOT_NAMES)
@pytest.mark.parametrize("players", [2, 5])
def test_passing_passes_the_right_count(name, players):
    rules = make_rules("oh-seven", players, passing=True)
    game = Game(rules, seed=3, seats=[Seat(f"S{i}", name) for i in range(players)])
    bots = [bot(name, s) for s in range(players)]
    counts = []
    for obs, action in bot_turns(game, bots, until=lambda g: g.round_number > 4):
        if obs.phase is Phase.PASS:
            assert type(action) is Pass and len(action.cards) == obs.pass_count
            assert not Counter(action.cards) - Counter(obs.hand)
            counts.append(obs.pass_count)
    assert {1, 2, 3} <= set(counts)  # R6: rounds 2, 3, 4 pass 1, 2, 3 cards


# ---------------------------------------------------------------- one interface


def seat0_fixed_deals(fixed: dict, passing_rounds: int = 0):
    """Two deals with the same hand for seat 0 (and the same ``fixed`` cards in the
    other seats' hands), the rest of the other hands shuffled differently."""
    seat0 = cards(DUCK_TEXTS[0])
    pack = Counter(c for t in DUCK_TEXTS for c in cards(t)) + Counter(cards("0H 3S 0D 4C"))
    pool = pack - Counter(seat0)
    for texts in fixed.values():
        pool -= Counter(cards(texts))
    deals = []
    for shuffle_seed in (1, 2):
        rest = sorted(pool.elements())
        random.Random(shuffle_seed).shuffle(rest)
        out = [tuple(seat0)]
        for seat in (1, 2, 3):
            mine = cards(fixed.get(seat, ""))
            need = 7 - len(mine)
            out.append(tuple(mine + rest[:need]))
            rest = rest[need:]
        deals.append((tuple(out),))
    assert deals[0] != deals[1]
    return deals


@pytest.mark.parametrize("name", BOT_NAMES)
def test_same_seed_same_bid_and_rebid_when_only_other_hands_differ(name):
    # The first bids are fixed cards in both deals, so the rebid sees the same reveal.
    deals = seat0_fixed_deals({1: "4S", 2: "2C", 3: "1H"})
    bids, rebids = [], []
    for deal in deals:
        game = new_game(4, [deal])
        act(game, "deal")
        bids.append(bot(name).choose(game.observation(0)))
        act(game, "0 bid 0C", "1 bid 4S", "2 bid 2C", "3 bid 1H")  # sums to 7: rebid (R11)
        obs = game.observation(0)
        assert obs.phase is Phase.BID and obs.bid_with == (parse_card("0C"),)
        rebids.append(bot(name).choose(obs))
    assert bids[0] == bids[1]
    assert rebids[0] == rebids[1]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_same_seed_same_play_when_only_other_hands_differ(name):
    # Seat 1 bids 5S (spades trump) and leads 3H; seat 2 plays 5H, seat 3 plays 1H;
    # every played card is fixed in both deals, so seat 0 sees the very same things.
    fixed = {1: "5S 3H", 2: "3C 5H", 3: "2S 1H"}
    deals = seat0_fixed_deals(fixed)
    lead_choices = []
    follow_choices = []
    for deal in deals:
        game = new_game(4, [deal])
        act(game, "deal", "0 bid 2H", "1 bid 5S", "2 bid 3C", "3 bid 2S")
        act(game, "1 play 3H", "2 play 5H", "3 play 1H")
        obs = game.observation(0)
        follow_choices.append(bot(name).choose(obs))
    for deal in deals:
        game = new_game(4, [deal])
        act(game, "deal", "0 bid 6H", "1 bid 5S", "2 bid 3C", "3 bid 2S")  # 6H tops: seat 0 leads
        lead_choices.append(bot(name).choose(game.observation(0)))
    assert follow_choices[0] == follow_choices[1]
    assert lead_choices[0] == lead_choices[1]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_same_seed_same_pass_when_only_other_hands_differ(name):
    # Round 1 is the same deal in both games (played the same way by normal bots);
    # round 2's deal differs only in the other seats' hands.
    first = hands(*DUCK_TEXTS)
    seconds = seat0_fixed_deals({})
    choices = []
    for second in seconds:
        game = new_game(4, [first, second], passing=True)
        normals = [make_bot("normal", s) for s in range(4)]
        for _ in bot_turns(game, normals, until=lambda g: g.round_number >= 2 and g.phase is Phase.PASS):
            pass
        assert game.round_number == 2 and game.hands[0] == sorted(cards(DUCK_TEXTS[0]), reverse=True)
        choices.append(bot(name).choose(game.observation(0)))
    assert choices[0] == choices[1]
    assert len(choices[0].cards) == 1


def test_bot_randomness_comes_from_its_own_seed():
    game = new_game(4, [hands(*DUCK_TEXTS)])
    act(game, "deal")
    obs = game.observation(0)
    random.seed(1)
    a = [make_bot("easy", 9).choose(obs) for _ in range(3)]
    random.seed(2)
    b = [make_bot("easy", 9).choose(obs) for _ in range(3)]
    assert a == b
    picks = {make_bot("easy", s).choose(obs) for s in range(40)}
    assert len(picks) > 1  # the seed matters


# ---------------------------------------------------------------- every table shape


@pytest.mark.parametrize("players", range(2, 10))
@pytest.mark.parametrize("passing", [False, True])
def test_mixed_bots_finish_whole_games(players, passing):
    rules = make_rules("oh-seven", players, passing=passing)
    names = ["strong"] + [("normal", "easy")[s % 2] for s in range(1, players)]
    game = Game(rules, seed=players * 10 + passing, seats=[Seat(f"S{s}", n) for s, n in enumerate(names)])
    bots = [bot(n, s) for s, n in enumerate(names)]
    bots[0] = make_bot("strong", 0, clock=frozen_clock, max_samples=2)
    play_game(game, bots)
    assert game.is_over and len(game.results()) == 7


# ---------------------------------------------------------------- strong internals


def test_strong_returns_within_its_budget_on_its_own_clock():
    ticks = [0.0]

    def clock():  # every reading costs a millisecond
        ticks[0] += 0.001
        return ticks[0]

    strong = make_bot("strong", 3, budget=0.05, clock=clock)
    game = new_game(4, [hands(*DUCK_TEXTS)])
    act(game, "deal")
    action = strong.choose(game.observation(0))
    assert action in game.legal_actions(0)
    assert strong.last_samples >= 5
    assert strong.last_elapsed <= 0.05 * 1.1


def test_strong_drops_a_sample_that_runs_past_the_hard_stop(monkeypatch):
    # The machine stalls during the first playout (the clock jumps past the
    # budget): the bot must stop at its next reading instead of playing out the
    # sample's other candidates first, and still return a legal action.
    from ohseven_tui.bots.ohhell import strong as strong_module  # the play search's playout

    now = [0.0]
    playouts = []

    def clock():
        now[0] += 0.0001
        return now[0]

    def stalling(real):
        def stalling_playout(*args):
            playouts.append(now[0])
            if len(playouts) == 1:
                now[0] += 0.06  # descheduled for longer than the whole budget
            return real(*args)
        return stalling_playout

    # the policy's part of a sample: to the end, or to the exactly played last tricks
    monkeypatch.setattr(strong_module, "playout", stalling(strong_module.playout))
    monkeypatch.setattr(strong_module, "play_until", stalling(strong_module.play_until))
    monkeypatch.setattr(strong_module, "play_until_masks", stalling(strong_module.play_until_masks))  # one deck
    strong = make_bot("strong", 3, budget=0.05, clock=clock)
    game = new_game(4, [hands(*DUCK_TEXTS)])
    act(game, "deal")
    obs = game.observation(0)
    assert len(obs.legal_actions) > 1
    action = strong.choose(obs)
    assert action in game.legal_actions(0)
    assert len(playouts) == 1


def test_strong_with_no_time_falls_back_to_a_legal_action():
    ticks = [0.0]

    def clock():  # setup alone eats the whole budget
        ticks[0] += 1.0
        return ticks[0]

    strong = make_bot("strong", 3, budget=0.05, clock=clock)
    game = new_game(4, [hands(*DUCK_TEXTS)])
    act(game, "deal")
    assert strong.choose(game.observation(0)) in game.legal_actions(0)
    assert strong.last_samples == 0


def positions(players: int, passing: bool, seeds):
    """Observations met while normal bots play, with the true hands beside them."""
    rules = make_rules("oh-seven", players, passing=passing)
    for seed in seeds:
        game = Game(rules, seed=seed)
        bots = [make_bot("normal", s) for s in range(players)]
        for obs, _ in bot_turns(game, bots, until=lambda g: False):
            if obs.phase is Phase.PLAY or obs.phase is Phase.BID:
                yield obs, [list(h) for h in game.hands], game


@pytest.mark.parametrize("players,passing", [(4, True), (3, False), (7, True)])
def test_sampled_hands_agree_with_what_the_seat_knows(players, passing):
    rules = make_rules("oh-seven", players, passing=passing)
    pack = Counter({c: rules.decks for r in rules.ranks for c in [r * 4 + s for s in range(4)]})
    rng = random.Random(1)
    checked = 0
    for index, (obs, _true_hands, _game) in enumerate(positions(players, passing, range(2))):
        if index % 5:
            continue
        know = Knowledge(obs)
        sampler = Sampler(know, obs.hand_counts, rng)
        played_by = [[] for _ in range(players)]
        for t in obs.tricks:
            for i, c in enumerate(t.cards):
                played_by[(t.leader + i) % players].append(c)
        for s, c in obs.trick:
            played_by[s].append(c)
        for _ in range(3):
            dealt = sampler.sample()
            assert sorted(dealt[obs.seat]) == sorted(obs.hand)
            used = Counter()
            for s in range(players):
                assert len(dealt[s]) == obs.hand_counts[s]
                used.update(dealt[s])
                used.update(played_by[s])
            assert not used - pack  # no card more often than the pack holds it
            for s in range(players):
                if s == obs.seat:
                    continue
                # A seat that did not follow suit has none of that suit.
                for t in obs.tricks:
                    led = t.cards[0] & 3
                    for i, c in enumerate(t.cards):
                        if (t.leader + i) % players == s and c & 3 != led:
                            assert all(x & 3 != led for x in dealt[s])
                # One deck: a revealed bid card this seat has not played is in its hand.
                if rules.decks == 1:
                    for number, attempt in obs.bid_attempts:
                        if number == obs.deal_number:
                            c = attempt.bids[s]
                            if c not in played_by[s]:
                                assert c in dealt[s]
                    if obs.received is not None and obs.pass_to == s:
                        for c in obs.passed:
                            if c not in played_by[s]:
                                assert c in dealt[s]
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [2, 4, 6])
def test_fast_playout_plays_exactly_as_the_normal_bot_in_the_engine(players):
    """The strong bot's playout (its own trick loop) must agree with the engine
    driven by normal bots: same hands, same tricks taken."""
    rules = make_rules("oh-seven", players)
    for seed in range(5):
        game = Game(rules, seed=seed)
        bots = [make_bot("normal", s, look=False) for s in range(players)]  # the playout's policy
        for _ in bot_turns(game, bots, until=lambda g: g.phase is Phase.PLAY):
            pass
        know = Knowledge(game.observation(0))
        taken = playout(
            [list(h) for h in game.hands], [], game.current_seat, know.tables, list(game.round.bids),
            [0] * players, list(know.unplayed), [0] * players, players,
        )
        while game.phase is Phase.PLAY:
            s = game.current_seat
            game.apply(bots[s].choose(game.observation(s)))
        assert taken == list(game.results()[-1].taken)


# ---------------------------------------------------------------- hints


def test_hint_gives_the_normal_bots_action_and_a_one_line_reason():
    game = new_game(4, [hands(*DUCK_TEXTS)])
    assert hint(game.observation(0)).action == game.legal_actions()[0]  # the deal
    act(game, "deal")
    for seat in range(4):
        obs = game.observation(seat)
        h = hint(obs)
        assert h.action == make_bot("normal", 0).choose(obs)
        assert h.action in obs.legal_actions
        assert h.reason and "\n" not in h.reason
        assert h.reason.startswith("Bid ") and h.action.card.pretty() in h.reason
    act(game, "0 bid 0C", "1 bid 4S", "2 bid 2C", "3 bid 1H")  # R11: rebid
    assert hint(game.observation(0)).reason.startswith("Rebid ")


def test_hint_is_none_when_the_seat_has_nothing_to_do():
    game = new_game(4, [hands(*DUCK_TEXTS)])
    act(game, "deal", "0 bid 0C", "1 bid 5S", "2 bid 3C", "3 bid 2S")  # seat 1 leads
    assert hint(game.observation(0)) is None


def test_strong_with_bid_inference_still_plays_legal_cards():
    strong = make_bot("strong", 2, clock=frozen_clock, max_samples=4, infer_from_bids=True)
    game = duck_position("2H", "1H")
    obs = game.observation(0)
    assert strong.choose(obs) in obs.legal_actions
    assert strong.last_samples == 4
