"""Every kind of illegal action raises its own IllegalAction subclass with a readable
one-line message, and leaves the game exactly as it was (record, every seat's
observation, and the engine's internals)."""

import pytest
from helpers import act, finish_round, full_snapshot, hands, new_game, play_first_legal, public_snapshot

from ohseven_tui.games.ohhell import (
    DEAL,
    AlreadyActed,
    Bid,
    BidNumber,
    CardAlreadyBid,
    CardNotInHand,
    IllegalAction,
    MustFollowSuit,
    NoSuchSeat,
    NotYourTurn,
    Pass,
    Phase,
    Play,
    WrongPassCount,
    WrongPhase,
    parse_card,
)

DEAL_A = hands(
    "7S 6S 3S 0D 1D 2D 3D",
    "0C 1C 2C 3C 4C 5C 6C",
    "7H 6H 5H 4H 3H 2H 1H",
    "5S 4S 2S 1S 7D 6D 5D",
)
THREE = hands("7S 6S 5S 4S 3S 2S 1S", "7H 6H 5H 4H 3H 2H 1H", "7D 6D 5D 4D 3D 2D 1D")


def c(text):
    return parse_card(text)


# --- games stopped in each phase --------------------------------------------------
def fresh():
    return new_game(4, [DEAL_A])  # DEAL phase, before the first deal


def bidding():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3S")  # seat 0 has bid face down; 1, 2, 3 owe a bid
    return game


def rebidding():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3D", "1 bid 1C", "2 bid 2H", "3 bid 1S")  # sum 7: rebid
    return game


def mid_trick():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3S", "1 bid 0C", "2 bid 1H", "3 bid 2S")  # trump S, 0 leads
    act(game, "0 play 7S")  # seat 1 to play
    return game


def seat_3_to_follow_spades():
    game = mid_trick()
    act(game, "1 play 6C", "2 play 7H")  # seat 3 holds 5S 4S 2S 1S
    return game


def passing():
    game = new_game(3, [THREE, THREE], passing=True)
    act(game, "deal", "0 bid 7S", "1 bid 7H", "2 bid 7D")
    finish_round(game)
    act(game, "deal", "0 pass 1S")  # round 2: 1 card left; seats 1 and 2 owe a pass
    return game


def round_over():
    game = new_game(4, [DEAL_A])
    act(game, "deal", "0 bid 3S", "1 bid 0C", "2 bid 1H", "3 bid 2S")
    finish_round(game)
    return game


def game_over():
    game = new_game(4, seed=3)
    play_first_legal(game)
    return game


SETUPS = {
    "deal": (fresh, Phase.DEAL),
    "bid": (bidding, Phase.BID),
    "rebid": (rebidding, Phase.BID),
    "play": (mid_trick, Phase.PLAY),
    "follow": (seat_3_to_follow_spades, Phase.PLAY),
    "pass": (passing, Phase.PASS),
    "round-over": (round_over, Phase.ROUND_OVER),
    "game-over": (game_over, Phase.GAME_OVER),
}

# (setup, action, error class, words the message must hold)
CASES = [
    # the wrong seat
    ("play", Play(2, c("7H")), NotYourTurn, ["Seat 2", "Seat 3", "turn"]),
    ("play", Play(0, c("6S")), NotYourTurn, ["Seat 2", "turn"]),
    ("play", Play(7, c("7H")), NoSuchSeat, ["seat 7", "4"]),
    ("bid", Bid(5, c("7H")), NoSuchSeat, ["seat 5", "4"]),
    ("pass", Pass(3, [c("1D")]), NoSuchSeat, ["seat 3", "3"]),
    ("bid", Bid(0, c("6S")), AlreadyActed, ["Seat 1", "already"]),
    ("pass", Pass(0, [c("2S")]), AlreadyActed, ["Seat 1", "already"]),
    # a card that is not in the hand
    ("play", Play(1, c("7S")), CardNotInHand, ["7S", "Seat 2"]),
    ("play", Play(1, c("0S")), CardNotInHand, ["0S"]),  # out of play this round
    ("bid", Bid(1, c("7S")), CardNotInHand, ["7S", "Seat 2"]),
    ("pass", Pass(1, [c("1S")]), CardNotInHand, ["1S", "Seat 2"]),
    # not following suit
    ("follow", Play(3, c("7D")), MustFollowSuit, ["follow", "Spades"]),
    # bidding again with a card already bid this round
    ("rebid", Bid(0, c("3D")), CardAlreadyBid, ["3♦", "already bid"]),
    ("rebid", Bid(3, c("1S")), CardAlreadyBid, ["1♠", "Seat 4"]),
    # the wrong number of cards to pass
    ("pass", Pass(1, [c("2H"), c("1H")]), WrongPassCount, ["1 card", "not 2"]),
    ("pass", Pass(2, []), WrongPassCount, ["1 card", "not 0"]),
    # acting in the wrong phase
    ("deal", Bid(0, c("7S")), WrongPhase, ["bid", "deal"]),
    ("deal", Play(0, c("7S")), WrongPhase, ["play", "deal"]),
    ("deal", Pass(0, [c("7S")]), WrongPhase, ["pass", "deal"]),
    ("bid", Play(1, c("0C")), WrongPhase, ["play", "bid"]),
    ("bid", Pass(1, [c("0C")]), WrongPhase, ["pass", "bid"]),
    ("bid", DEAL, WrongPhase, ["deal", "bid"]),
    ("bid", BidNumber(1, 3), WrongPhase, ["card"]),
    ("play", Bid(1, c("6C")), WrongPhase, ["bid", "play"]),
    ("play", Pass(1, [c("6C")]), WrongPhase, ["pass", "play"]),
    ("play", DEAL, WrongPhase, ["deal", "play"]),
    ("pass", Bid(1, c("7H")), WrongPhase, ["bid", "pass"]),
    ("pass", Play(1, c("7H")), WrongPhase, ["play", "pass"]),
    ("pass", DEAL, WrongPhase, ["deal", "pass"]),
    ("round-over", Play(0, c("7S")), WrongPhase, ["play", "round-over"]),
    ("round-over", Bid(0, c("7S")), WrongPhase, ["bid", "round-over"]),
    ("game-over", DEAL, WrongPhase, ["deal", "game-over"]),
    ("game-over", Play(0, c("7S")), WrongPhase, ["play", "game-over"]),
    # not an action at all
    ("play", "1 play 6C", IllegalAction, ["not an action"]),
    ("bid", None, IllegalAction, ["not an action"]),
]


def _id(case):
    setup, action, cls, _ = case
    return f"{setup}-{cls.__name__}-{action!r}"


@pytest.mark.parametrize("setup, action, cls, words", CASES, ids=[_id(x) for x in CASES])
def test_illegal_action_raises_its_error_and_changes_nothing(setup, action, cls, words):
    build, phase = SETUPS[setup]
    game = build()
    assert game.phase is phase
    if hasattr(action, "seat") and action.seat is not None and action.seat < game.players:
        assert action not in game.legal_actions(action.seat)
    before = full_snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert type(info.value) is cls
    message = str(info.value)
    assert message and "\n" not in message and "Traceback" not in message
    for word in words:
        assert word.lower() in message.lower(), (word, message)
    after = full_snapshot(game)
    assert after[0] == before[0]  # the record and every seat's observation
    assert after == before  # and the engine's internals, face-down cards included


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_a_rejected_action_leaves_the_game_playable(setup):
    """After every kind of refusal the same game plays on to its end, and ends
    exactly as an untouched copy of it does."""
    build, _ = SETUPS[setup]
    game, twin = build(), build()
    for _, action, _, _ in [x for x in CASES if x[0] == setup]:
        with pytest.raises(IllegalAction):
            game.apply(action)
    assert public_snapshot(game) == public_snapshot(twin)
    play_first_legal(game)
    play_first_legal(twin)
    assert public_snapshot(game) == public_snapshot(twin)
    assert game.is_over


def test_every_illegal_action_error_is_an_illegal_action():
    for cls in (WrongPhase, NotYourTurn, AlreadyActed, NoSuchSeat, CardNotInHand, MustFollowSuit,
                CardAlreadyBid, WrongPassCount):
        assert issubclass(cls, IllegalAction)


def test_a_refused_bid_keeps_the_other_face_down_bids():
    game = bidding()
    with pytest.raises(AlreadyActed):
        game.apply(Bid(0, c("7S")))
    assert game.observation(0).my_bid == c("3S")  # the first face-down bid still holds
    act(game, "1 bid 0C", "2 bid 1H", "3 bid 2S")
    assert game.round.bids == (3, 0, 1, 2)


def _random_candidate(game, rng):
    """Some action, legal or not, that a careless or hostile caller might try."""
    n = game.players
    seat = rng.randrange(min(n + 1, 9))  # n itself is no seat (actions exist for seats 0-8)
    pack = game._pack
    own = game.hands[seat] if seat < n and game.hands[seat] else list(pack)
    card = rng.choice(own) if rng.random() < 0.6 else rng.choice(pack)
    kind = rng.randrange(4)
    if kind == 0:
        return Play(seat, card)
    if kind == 1:
        return Bid(seat, card)
    if kind == 2:
        return Pass(seat, rng.sample(own, min(len(own), rng.randrange(4))))
    return DEAL


def _is_legal(game, action):
    if action is DEAL:
        return game.phase in (Phase.DEAL, Phase.ROUND_OVER)
    return action.seat < game.players and action in game.legal_actions(action.seat)


@pytest.mark.parametrize("players, passing", [(2, True), (3, True), (4, False), (5, True), (9, False)])
def test_random_illegal_actions_in_random_games_change_nothing(players, passing):
    import random

    rng = random.Random(players * 31 + passing)
    tried = 0
    for game_no in range(3):
        game = new_game(players, passing=passing, seed=game_no)
        while not game.is_over:
            if rng.random() < 0.25:
                action = _random_candidate(game, rng)
                if not _is_legal(game, action):
                    before = full_snapshot(game)
                    with pytest.raises(IllegalAction) as info:
                        game.apply(action)
                    assert "\n" not in str(info.value) and str(info.value)
                    assert full_snapshot(game) == before, action
                    tried += 1
            seats = game.to_act()
            game.apply(game.legal_actions()[0] if not seats else rng.choice(game.legal_actions(rng.choice(seats))))
    assert tried > 50
