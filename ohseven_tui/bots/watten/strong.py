"""The strong bot's Watten search: determinized Monte Carlo for every decision,
raising and answering included, through the strong bot's budget loop
(``bot.run``, ``bot.late``: ``bots.search.Budget``).

A sample deals the cards this seat has not seen to the other hands (the rest
stays out of play, W3), keeping W7's lesson: a seat that did not trump a chief
striker led to the first trick holds no trump. Each candidate is played out in
the same samples (paired) with the shared play heuristics for every seat, until
a side has three tricks (W9); the score is the hand's points for this side.

- a card: the side's win rate with it; a raise (W10) when the best card wins
  more than ``RAISE_AT`` of the samples (a raise can only gain when the hand is
  more likely won than lost, and the other side may go), and as a bluff as
  often as the normal bot (``BLUFF`` of its first chances, its own seeded RNG);
- an answer: hold scores +-(stake + 1) by the playout, go loses the stake; a
  sampled deal where the raiser's hand is not worth a raise to the normal bot's
  reading counts ``BLUFF_WEIGHT`` (the raise says the raiser is strong);
- the striker rank and the trump suit: every choice played out, the dealer
  naming its trump by the normal heuristic in the sample.
"""

from __future__ import annotations

from typing import Any, Optional

from ...engine.actions import Play
from ...engine.cards import Card, Suit
from ...engine.tricks import TrumpContext
from ...games.watten import RANKS, Go, Hold, NameStriker, NameTrump, Observation, Phase, Raise, context
from .normal import BLUFF, first_chance, trump_choice, unseen
from .normal import RAISE_AT as RAISE_AT_NORMAL
from .odds import power, win_chance
from .play import choose_card

__all__ = ["search", "RAISE_AT", "playout"]

RAISE_AT = 0.62  # win rate of the best card above which the strong bot raises
BLUFF_WEIGHT = 0.2  # a sampled deal where the raiser's hand is not worth a raise counts this much (a bluff)
_PACK = tuple(int(Card(r, s)) for r in RANKS for s in range(4))


def search(bot: Any, obs: Observation, preferred: Any, start: float) -> Any:
    phase = obs.phase
    if phase is Phase.PLAY:
        return _search_play(bot, obs, preferred, start)
    if phase is Phase.ANSWER:
        return _search_answer(bot, obs, preferred, start)
    if phase is Phase.STRIKER:
        return _search_striker(bot, obs, preferred, start)
    if phase is Phase.TRUMP:
        return _search_trump(bot, obs, preferred, start)
    return preferred


# ---------------------------------------------------------------- sampling


class _Sampler:
    def __init__(self, obs: Observation, rng: Any) -> None:
        self.me = obs.seat
        self.rng = rng
        self.pool = unseen(obs)
        self.counts = list(obs.hand_counts)
        self.no_trump: set[int] = set()
        ctx = obs.context
        first = obs.tricks[0].plays if obs.tricks else obs.trick
        if ctx is not None and ctx.chief is not None and first and int(first[0][1]) == ctx.chief:
            for seat, card in first[1:]:
                if ctx.suit[card] != ctx.trump:
                    self.no_trump.add(seat)
        self.ctx = ctx
        self.mine = [int(c) for c in obs.hand]

    def sample(self) -> list[list[int]]:
        pool = list(self.pool)
        rng = self.rng.random
        for i in range(len(pool) - 1, 0, -1):
            j = int(rng() * (i + 1))
            pool[i], pool[j] = pool[j], pool[i]
        hands: list[list[int]] = [[] for _ in range(4)]
        hands[self.me] = list(self.mine)
        ctx = self.ctx
        if self.no_trump and ctx is not None:
            for seat in self.no_trump:
                if seat == self.me:
                    continue
                want = self.counts[seat]
                plain = [c for c in pool if ctx.suit[c] != ctx.trump][:want]
                if len(plain) < want:  # cannot happen with honest observations
                    plain = pool[:want]
                hands[seat] = plain
                taken = set(plain)
                pool = [c for c in pool if c not in taken]
        at = 0
        for seat in range(4):
            if seat == self.me or (seat in self.no_trump and ctx is not None):
                continue
            want = self.counts[seat]
            hands[seat] = pool[at:at + want]
            at += want
        return hands


# ---------------------------------------------------------------- playout


def _choose(seat: int, hands: list[list[int]], trick: list[int], leader: int, ctx: TrumpContext,
            first_trick: bool) -> int:
    hand = hands[seat]
    playable = ctx.playable(hand, trick, first_trick)
    if len(playable) == 1:
        return playable[0]
    after = 3 - len(trick)  # seats still to play after this one
    danger: list[int] = []
    for k in range(1, after + 1):
        other = (seat + k) % 4
        if other & 1 != seat & 1:
            danger.extend(hands[other])
    if not trick:
        danger = hands[(seat + 1) % 4] + hands[(seat + 3) % 4]
    return choose_card(seat, playable, trick, leader, ctx.keys, ctx.strength, ctx.suit, ctx.trump, danger)[0]


def playout(hands: list[list[int]], trick: list[int], leader: int, turn: int, side_tricks: list[int],
            ctx: TrumpContext, first_trick: bool) -> int:
    """Play the hand on to its end (mutates its arguments); return the winning side (W9)."""
    winner_of = ctx.winner
    while True:
        card = _choose(turn, hands, trick, leader, ctx, first_trick)
        hands[turn].remove(card)
        trick.append(card)
        if len(trick) < 4:
            turn = (turn + 1) % 4
            continue
        win = (leader + winner_of(trick)) % 4
        side_tricks[win & 1] += 1
        if side_tricks[win & 1] >= 3:
            return win & 1
        trick = []
        leader = turn = win
        first_trick = False


def _position(obs: Observation) -> tuple[list[int], int, int, list[int], bool]:
    trick = [int(c) for _, c in obs.trick]
    leader = obs.trick[0][0] if obs.trick else (obs.leader if obs.leader is not None else obs.eldest)
    turn = (leader + len(trick)) % 4
    return trick, leader, turn, list(obs.side_tricks), not obs.tricks


# ---------------------------------------------------------------- decisions


def _search_play(bot: Any, obs: Observation, preferred: Any, start: float) -> Any:
    ctx = obs.context
    assert ctx is not None
    me = obs.seat
    side = me & 1
    plays = [a for a in obs.legal_actions if type(a) is Play]
    may_raise = Raise(me) in obs.legal_actions
    first_card = preferred.card if type(preferred) is Play else None
    cards = [int(a.card) for a in plays]
    if first_card is not None:
        cards.remove(int(first_card))
        cards.insert(0, int(first_card))
    sampler = _Sampler(obs, bot.rng)
    trick0, leader, turn, tricks0, first = _position(obs)

    saw = getattr(bot, "saw", None)  # the coach's judge keeps each deal (bots.judge.Recorder)

    def one_sample() -> tuple[Optional[list[float]], float]:
        hands = sampler.sample()
        if saw is not None:
            saw(hands)
        out = []
        for card in cards:
            if bot.late():
                return None, 0.0
            hs = [list(h) for h in hands]
            hs[me].remove(card)
            trick = trick0 + [card]
            st = list(tricks0)
            if len(trick) == 4:
                win = (leader + ctx.winner(trick)) % 4
                st[win & 1] += 1
                if st[win & 1] >= 3:
                    out.append(1.0 if win & 1 == side else -1.0)
                    continue
                won = playout(hs, [], win, win, st, ctx, False)
            else:
                won = playout(hs, trick, leader, (me + 1) % 4, st, ctx, first)
            out.append(1.0 if won == side else -1.0)
        return out, 1.0

    best = bot.run(cards, one_sample, start)
    if best is None:
        return preferred if type(preferred) is Play or not may_raise else plays[0]
    if may_raise:
        score = bot.last_scores.get(best, 0.0)
        if (score + 1) / 2 > RAISE_AT:
            return Raise(me)
        if first_chance(obs) and bot.rng.random() < BLUFF:
            return Raise(me)
    return Play(me, Card.from_code(best))


def _search_answer(bot: Any, obs: Observation, preferred: Any, start: float) -> Any:
    ctx = obs.context
    assert ctx is not None and obs.open_raise is not None
    me = obs.seat
    side = me & 1
    stake = obs.stake
    sampler = _Sampler(obs, bot.rng)
    trick0, leader, turn, tricks0, first = _position(obs)
    candidates = [Hold(me), Go(me)] if type(preferred) is Hold else [Go(me), Hold(me)]
    raiser = obs.open_raise.seat
    played = {int(c) for c in obs.played_cards()}
    raisers_tricks = (tricks0[raiser & 1], tricks0[1 - (raiser & 1)])
    their_cards = obs.hand_counts[me] + obs.hand_counts[(me + 2) % 4]  # the raiser's opponents: this side

    def raise_weight(hand: list[int]) -> float:
        """How well a sampled deal explains the raise: a raiser mostly holds a strong hand."""
        seen = played | set(hand)
        hidden = [c for c in _PACK if c not in seen]
        p = win_chance(power(hand, hidden, their_cards, ctx.strength, ctx.suit, ctx.trump), *raisers_tricks)
        return 1.0 if p >= RAISE_AT_NORMAL else BLUFF_WEIGHT

    def one_sample() -> tuple[Optional[list[float]], float]:
        hands = sampler.sample()
        if bot.late():
            return None, 0.0
        weight = raise_weight(hands[raiser])
        won = playout([list(h) for h in hands], list(trick0), leader, turn, list(tricks0), ctx, first)
        hold = float(stake + 1) if won == side else -float(stake + 1)
        go = -float(stake)
        return [hold if type(c) is Hold else go for c in candidates], weight

    best = bot.run(candidates, one_sample, start)
    return preferred if best is None else best


def _naming_search(bot: Any, obs: Observation, start: float, candidates: list[Any], deal: Any) -> Any:
    me = obs.seat
    side = me & 1
    sampler = _Sampler(obs, bot.rng)

    def one_sample() -> tuple[Optional[list[float]], float]:
        hands = sampler.sample()
        out = []
        for cand in candidates:
            if bot.late():
                return None, 0.0
            ctx = deal(cand, hands)
            won = playout([list(h) for h in hands], [], obs.eldest, obs.eldest, [0, 0], ctx, True)
            out.append(2.0 if won == side else -2.0)
        return out, 1.0

    return bot.run(candidates, one_sample, start)


def _search_striker(bot: Any, obs: Observation, preferred: Any, start: float) -> Any:
    me = obs.seat
    dealer = obs.dealer
    first = preferred.rank
    ranks = [first] + [r for r in (14, 13, 12, 11, 10, 9, 8, 7) if r != first]

    def deal(rank: int, hands: list[list[int]]) -> TrumpContext:
        suit, _ = trump_choice([Card.from_code(c) for c in hands[dealer]], rank)
        return context(rank, suit)

    best = _naming_search(bot, obs, start, ranks, deal)
    return preferred if best is None else NameStriker(me, best)


def _search_trump(bot: Any, obs: Observation, preferred: Any, start: float) -> Any:
    me = obs.seat
    assert obs.striker is not None
    striker = obs.striker
    first = int(preferred.suit)
    suits = [first] + [s for s in (3, 2, 1, 0) if s != first]

    def deal(suit: int, hands: list[list[int]]) -> TrumpContext:
        return context(striker, suit)

    best = _naming_search(bot, obs, start, suits, deal)
    return preferred if best is None else NameTrump(me, Suit(best))


