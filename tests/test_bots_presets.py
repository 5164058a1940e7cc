"""Bots in the Oh Hell presets (issue 6, "Bots"): number bids from the trick
estimate, the dealer's hook (H4), simultaneous bids (U4), play to the bid with
any trump or none. Every deal is stacked, so the expected choices follow from
the cards by hand."""

from __future__ import annotations

import pytest

from ohseven_tui.bots import bots_for, make_bot, play_game
from ohseven_tui.games.ohhell import DEAL, BidNumber, Game, Phase, Play, make_rules, parse_card, parse_cards

TOP_SPADES = parse_cards("AS KS QS JS 10S 9S 8S".split())
LOW_CARDS = parse_cards("2C 3C 4C 2D 3D 2H 3H".split())
FILLERS = [
    parse_cards("AH KH QH JH 10H 9H 8H".split()),
    parse_cards("AD KD QD JD 10D 9D 8D".split()),
    parse_cards("AC KC QC JC 10C 9C 8C".split()),
    parse_cards("7S 6S 5S 4S 7H 6H 5H".split()),
]


def _dealer(preset: str, seed: int, players: int = 4) -> int:
    game = Game(make_rules(preset, players), seed=seed)
    game.apply(DEAL)
    return game.dealer


def _game(preset: str, seed: int, seat: int, hand, turned, players: int = 4):
    """A game in its first hand (7 cards) where ``seat`` holds ``hand``."""
    others = iter([h for h in FILLERS if not set(h) & set(hand)])
    hands = [list(hand) if s == seat else list(next(others)) for s in range(players)]
    game = Game(make_rules(preset, players), seed=seed, stacked_deals=[(hands, turned)])
    game.apply(DEAL)
    assert game.phase is Phase.BID
    return game


def _bid_until(game, seat: int, numbers) -> None:
    """Classic: the seats before ``seat`` bid ``numbers`` in turn (H4)."""
    it = iter(numbers)
    while game.turn != seat:
        game.apply(BidNumber(game.turn, next(it)))


@pytest.mark.parametrize("name", ["normal", "strong"])
def test_bots_declare_the_oh_hell_presets(name):
    assert name in bots_for("classic")
    assert name in bots_for("up-and-down")
    assert name in bots_for("oh-seven")


@pytest.mark.parametrize("name", ["normal", "strong"])
def test_H4_top_trumps_bid_every_trick(name):
    # Seven top spades with spades trump: seven sure tricks. Seat left of the dealer bids first.
    seed = 5
    seat = (_dealer("classic", seed) + 1) % 4
    game = _game("classic", seed, seat, TOP_SPADES, parse_card("2S"))
    obs = game.observation(seat)
    assert obs.turned == parse_card("2S")  # H3: spades will be trump
    # strong: a fixed number of samples on a clock that never moves, so its choice is
    # the same on any machine, however busy.
    opts = {"budget": 0.1, "clock": lambda: 0.0, "max_samples": 24} if name == "strong" else {}
    assert make_bot(name, 1, **opts).choose(obs) == BidNumber(seat, 7)


def test_H4_low_cards_without_trump_bid_zero():
    # The lowest cards of three suits and no trump: nothing can win a trick.
    seed = 5
    seat = (_dealer("classic", seed) + 1) % 4
    game = _game("classic", seed, seat, LOW_CARDS, None)
    obs = game.observation(seat)
    assert obs.turned is None  # no trump
    assert make_bot("normal", 1).choose(obs) == BidNumber(seat, 0)


@pytest.mark.parametrize(
    "hand,turned,others,hook,bid",
    [
        # The others bid 0, 0, 0: the dealer may not bid 7, and 8 is out of range: 6.
        pytest.param(TOP_SPADES, "2S", [0, 0, 0], 7, 6, id="hooked-top-trumps-move-down-to-six"),
        # The others bid 3, 2, 2 (sum 7): the dealer may not bid 0, its estimate; 1 is nearest.
        pytest.param(LOW_CARDS, None, [3, 2, 2], 0, 1, id="hooked-nothing-moves-up-to-one"),
        # The same hand, but the others' bids (1, 1, 1) leave the hook at 4: it bids 0.
        pytest.param(LOW_CARDS, None, [1, 1, 1], 4, 0, id="not-hooked-keeps-its-estimate"),
    ],
)
def test_H4_the_dealers_bid_under_the_hook(hand, turned, others, hook, bid):
    seed = 5
    dealer = _dealer("classic", seed)
    game = _game("classic", seed, dealer, hand, parse_card(turned) if turned else None)
    _bid_until(game, dealer, others)
    obs = game.observation(dealer)
    assert obs.hook == hook
    assert make_bot("normal", 1).choose(obs) == BidNumber(dealer, bid)


FULL_PACK = parse_cards(
    "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H "
    "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C".split()
)
# Hearts trump (2H turned): KH QH are good but not sure trumps, the side cards are
# honours below the aces. Every trick it might take is contested.
DOUBTFUL = parse_cards("KH QH JS 10S 9D 8C 7D".split())


def _third_bidder(hand, turned: str, earlier):
    """Classic, first hand: the seat two left of the dealer's left-hand neighbour
    (third to bid, not the dealer) holds ``hand``; the two seats before it bid
    ``earlier``. The normal bot's rules of thumb: the bid model read the others'
    bids (the look-ahead weighs them in its own way, test_bots_look.py)."""
    seed = 5
    seat = (_dealer("classic", seed) + 3) % 4
    rest = [c for c in FULL_PACK if c not in hand and c != parse_card(turned)]
    hands = []
    for s in range(4):
        hands.append(list(hand) if s == seat else rest[:7])
        if s != seat:
            rest = rest[7:]
    game = Game(make_rules("classic", 4), seed=seed, stacked_deals=[(hands, parse_card(turned))])
    game.apply(DEAL)
    _bid_until(game, seat, earlier)
    return make_bot("normal", 1, look=False).choose(game.observation(seat)).number


def test_H4_bids_that_claim_more_than_their_share_lower_a_doubtful_hands_bid():
    # Two sensible-looking bids of 3 claim 6 of the 7 tricks (a fair share is 1.75
    # each): the contested cards win less, so it bids lower than after 1 and 1.
    assert _third_bidder(DOUBTFUL, "2H", [3, 3]) < _third_bidder(DOUBTFUL, "2H", [1, 1])


def test_H4_bids_nobody_sensible_makes_say_nothing_about_the_hand():
    # Two bids of 7 with 7 cards each cannot both be meant: random bidders, whose
    # numbers are not claims; and low bids leave more to win but not likelier
    # wins. Either way it bids as after 1 and 1, and above its bid after 3 and 3.
    plain = _third_bidder(DOUBTFUL, "2H", [1, 1])
    assert _third_bidder(DOUBTFUL, "2H", [7, 7]) == plain
    assert _third_bidder(DOUBTFUL, "2H", [0, 0]) == plain
    assert _third_bidder(DOUBTFUL, "2H", [3, 3]) < plain


def test_H4_sure_tricks_are_not_contested():
    # The seven top spades, spades trump: seven sure tricks, whatever the others claim.
    assert _third_bidder(TOP_SPADES, "2S", [3, 3]) == 7


def test_U4_simultaneous_bids_follow_the_hand():
    seed = 9
    game = _game("up-and-down", seed, 0, TOP_SPADES, parse_card("2S"))
    bot = make_bot("normal", 1)
    assert game.to_act() == (0, 1, 2, 3)  # U4: all at once
    assert bot.choose(game.observation(0)) == BidNumber(0, 7)


def test_U4_low_cards_bid_zero_up_and_down():
    seed = 9
    game = _game("up-and-down", seed, 0, LOW_CARDS, parse_card("2S"))
    assert make_bot("normal", 1).choose(game.observation(0)) == BidNumber(0, 0)


def _second_hand(preset: str, my_bid: int):
    """Trick 1 of a classic hand, spades trump: the leader (left of the dealer) has
    led 9H; the next seat (ours) holds AH 8H 5H and has bid ``my_bid``."""
    seed = 5
    dealer = _dealer(preset, seed)
    leader, me, third = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    hands = [None] * 4
    hands[me] = parse_cards("AH 8H 5H 2C 3C 2D 3D".split())
    hands[leader] = parse_cards("9H KC QC JC 10C 9C 8C".split())
    hands[third] = parse_cards("KD QD JD 10D 9D 8D 7D".split())
    hands[dealer] = parse_cards("KH QH JH 10H 7H 6H 4H".split())
    game = Game(make_rules(preset, 4), seed=seed, stacked_deals=[(hands, parse_card("2S"))])
    game.apply(DEAL)
    bids = {leader: 1, me: my_bid, third: 1, dealer: 1}
    if preset == "classic":
        for seat in (leader, me, third, dealer):
            game.apply(BidNumber(seat, bids[seat]))
    else:
        for seat in range(4):
            game.apply(BidNumber(seat, bids[seat]))
    assert game.phase is Phase.PLAY and game.current_seat == leader
    game.apply(Play(leader, parse_card("9H")))
    return game, me


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
def test_with_its_bid_made_it_ducks_under_the_trick(preset):
    # Bid 0: it must not take the trick; of its hearts, 8H is the highest below 9H.
    game, me = _second_hand(preset, 0)
    assert make_bot("normal", 1).choose(game.observation(me)) == Play(me, parse_card("8H"))


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
def test_needing_a_trick_it_wins_with_its_ace(preset):
    # Bid 1: AH is the only heart that beats 9H, and no higher heart is left.
    game, me = _second_hand(preset, 1)
    assert make_bot("normal", 1).choose(game.observation(me)) == Play(me, parse_card("AH"))


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
@pytest.mark.parametrize("name", ["normal", "strong"])
def test_bots_play_whole_games_of_each_preset(preset, name):
    # Every decision of a whole game is legal (apply would raise otherwise).
    rules = make_rules(preset, 3)
    game = Game(rules, seed=11)
    opts = {"budget": 0.01} if name == "strong" else {}
    bots = [make_bot(name, s, **opts) for s in range(3)]
    play_game(game, bots)
    assert game.is_over and len(game.results()) == rules.rounds


def test_hint_for_a_hooked_dealer_names_the_barred_number():
    from ohseven_tui.bots import hint

    seed = 5
    dealer = _dealer("classic", seed)
    game = _game("classic", seed, dealer, TOP_SPADES, parse_card("2S"))
    _bid_until(game, dealer, [0, 0, 0])
    h = hint(game.observation(dealer))
    assert h.action == BidNumber(dealer, 6)
    assert "may not bid 7" in h.reason and "\n" not in h.reason


@pytest.mark.parametrize("preset", ["classic", "up-and-down"])
def test_strong_with_bid_inference_plays_number_bid_games(preset):
    # The inference weighs card bids (R8); number bids (H4, U4) leave the deal unweighted.
    rules = make_rules(preset, 3)
    game = Game(rules, seed=4)
    bots = [make_bot("strong", s, clock=lambda: 0.0, max_samples=3, infer_from_bids=True) for s in range(3)]
    play_game(game, bots)
    assert game.is_over and len(game.results()) == rules.rounds
