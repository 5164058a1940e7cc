"""Small generic helpers for engine tests (scripted deals, random playouts, snapshots).

Expected values in tests come from the rules applied by hand; these helpers only
build games and drive them.
"""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Callable, Iterable, Optional

from ohseven_tui.engine import record
from ohseven_tui.games.ohhell import DEAL, Game, Phase, make_rules, parse_action, parse_cards


def cli_env(tmp_path) -> dict:
    """The environment for a command run in a subprocess: saves and settings in ``tmp_path``."""
    return {**os.environ, "OHSEVEN_SAVE_DIR": str(tmp_path / "saves"), "OHSEVEN_CONFIG_DIR": str(tmp_path / "cfg")}


def hands(*texts: str) -> tuple:
    """One stacked deal from one text per seat: ``hands("7S 6S ...", "7H ...")``."""
    return (tuple(tuple(parse_cards(t.split())) for t in texts),)


def cards(text: str) -> list:
    """``cards("7S 6S")`` -> [Card('7S'), Card('6S')]."""
    return parse_cards(text.split())


def new_game(players: int, deals: Iterable = (), *, passing: bool = False, seed: int = 0) -> Game:
    """An Oh-Seven game whose first deals are scripted (``deals`` from :func:`hands`)."""
    return Game(make_rules("oh-seven", players, passing=passing), seed=seed, stacked_deals=list(deals))


def act(game: Game, *texts: str) -> None:
    """Apply actions written as record text: ``act(g, "0 bid 3S", "1 play 7H", "deal")``."""
    for text in texts:
        game.apply(parse_action(text))


def play_first_legal(game: Game, until: Optional[Callable[[Game], bool]] = None) -> None:
    """Apply the first legal action of the first seat owing one (deterministic).
    Stops when ``until(game)`` is true, or at game over."""
    while not game.is_over and not (until and until(game)):
        seats = game.to_act()
        game.apply(game.legal_actions(seats[0] if seats else None)[0])


def bot_turns(game: Game, bots, until: Callable[[Game], bool]):
    """Drive ``game`` with one bot per seat (the table deals) until ``until(game)``
    or game over, yielding each (observation, action) just before it is applied."""
    while not game.is_over and not until(game):
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
            continue
        for seat in seats:
            obs = game.observe(seat)  # the protocol's name: any family
            action = bots[seat].choose(obs)
            yield obs, action
            game.apply(action)


def table_order_game(rules, seed: int, names, bot: str) -> Game:
    """A game played without the UI exactly as the table plays it with one human
    (seat 0) and bots ``bot`` elsewhere: bots seeded ``seed * 16 + seat`` and
    acting before the human in simultaneous phases, and a human who always takes
    the first legal action (the first cards of the hand for a pass, the first
    number the picker allows, the first legal card as the table shows the hand:
    by suit, trumps first, then spades, hearts, diamonds, clubs, high to low)."""
    from ohseven_tui.bots import make_bot
    from ohseven_tui.engine import Seat

    game = Game(rules, seed=seed, seats=[Seat(names[0], "human")] + [Seat(n, bot) for n in names[1:]])
    bots = {s: make_bot(bot, seed=seed * 16 + s) for s in range(1, len(names))}
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(game.legal_actions()[0])  # the table's action: a deal or a draw
            continue
        for seat in sorted(seats, key=lambda s: s == 0):
            obs = game.observation(seat)
            game.apply(bots[seat].choose(obs) if seat in bots else first_shown(obs))
            if game.current_seat is not None:  # a seat in turn now: ask again
                break
    return game


def first_shown(obs):
    """The first legal action as a human at the keyboard takes it: the first legal
    card (a play or a bid card) or the first cards (a pass) of the hand as every
    screen lays it out (suit groups, trumps first); else the first legal action."""
    from ohseven_tui.engine.actions import Bid, Pass, Play

    shown = sorted(obs.hand, key=lambda c: (c.suit == obs.trump, int(c.suit), c.rank), reverse=True)
    if obs.phase is Phase.PASS:
        return Pass(obs.seat, tuple(shown[:obs.pass_count]))
    cards = [a for a in obs.legal_actions if isinstance(a, (Play, Bid))]
    if not cards:
        return obs.legal_actions[0]
    legal = {a.card: a for a in cards}
    return next(legal[c] for c in shown if c in legal)


def finish_round(game: Game) -> None:
    """Play the current round to its end with first legal actions (no deal)."""
    play_first_legal(game, lambda g: g.phase in (Phase.ROUND_OVER, Phase.GAME_OVER, Phase.DEAL))


def random_action(game: Game, rng: random.Random):
    """A random legal action of a random seat that owes one (or the deal)."""
    seats = game.to_act()
    if not seats:
        return DEAL
    seat = seats[rng.randrange(len(seats))]
    return rng.choice(game.legal_actions(seat))


def play_random(game: Game, rng: random.Random, on_step: Optional[Callable] = None) -> Game:
    """Play to the end with random legal actions; ``on_step(game, action)`` after each."""
    while not game.is_over:
        action = random_action(game, rng)
        game.apply(action)
        if on_step is not None:
            on_step(game, action)
    return game


def public_snapshot(game: Game) -> tuple:
    """What anyone may see: the record text and every seat's observation."""
    return (
        json.dumps(record.to_record(game), sort_keys=True),
        tuple(repr(game.observation(s)) for s in range(game.players)),
    )


def full_snapshot(game: Game) -> tuple:
    """The public snapshot plus the engine's internals (face-down cards, RNG state)."""
    state = {k: copy.deepcopy(v) for k, v in vars(game).items() if k != "_rng"}
    return public_snapshot(game), repr(state), game._rng.getstate()


# --- an independent checker of the rules, working on a record's JSON alone --------

SUIT_ORDER = "CDHS"  # R2, lowest first


FACE_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14}  # the 52-card Oh Hell pack, ace high


def rank_of(text: str) -> int:
    """The rank of "5S" (5), "10H" (10), "QD" (12), "AS" (14)."""
    label = text[:-1]
    return FACE_RANKS[label] if label in FACE_RANKS else int(label)


def card_key(text: str) -> tuple[int, int]:
    """(rank, suit index) from "5S"; Oh-Seven ranks are 0..7, Oh Hell's 2..14."""
    return rank_of(text), SUIT_ORDER.index(text[-1])


def trick_winner(leader: int, cards_played: list[str], trump: Optional[str], players: int) -> int:
    """R15 by hand: the highest trump if any was played, else the highest card of the
    suit led; of two identical cards the one played first wins."""
    trumps = [i for i, t in enumerate(cards_played) if t[-1] == trump]
    led = cards_played[0][-1]
    contenders = trumps or [i for i, t in enumerate(cards_played) if t[-1] == led]
    top = max(rank_of(cards_played[i]) for i in contenders)
    first = min(i for i in contenders if rank_of(cards_played[i]) == top)
    return (leader + first) % players


def r16_points(bid: int, taken: int) -> int:
    return bid + 2 if bid == taken else -abs(bid - taken)


def check_record_json(data: dict) -> None:
    """Recheck an Oh-Seven record's derived log by the rules (R5-R17), from its JSON
    alone: hands after passing, bid outcomes and R11 points, trump and leader, follow
    suit, trick winners, points, totals. Raises AssertionError on the first mismatch.
    A classic or up-and-down record goes to :func:`check_oh_hell_record_json`."""
    from collections import Counter

    if data["rules"].get("preset", "oh-seven") != "oh-seven":
        check_oh_hell_record_json(data)
        return
    n = data["rules"]["players"]
    totals = [0] * n
    for rnd in data["rounds"]:
        assert len(rnd["deals"]) >= 1
        bonus = [0] * n
        for deal in rnd["deals"]:
            hands_now = [Counter(h) for h in deal["hands"]]
            assert all(len(h) == rnd["hand_size"] for h in deal["hands"])
            if deal["passes"] is not None:
                step = {"left": 1, "right": -1}[rnd["pass"]["direction"]]
                for seat, passed in enumerate(deal["passes"]):
                    assert len(passed) == rnd["pass"]["count"]
                    hands_now[seat] -= Counter(passed)
                for seat, passed in enumerate(deal["passes"]):
                    hands_now[(seat + step) % n] += Counter(passed)
            used = [Counter() for _ in range(n)]
            for attempt in deal["bid_attempts"]:
                bids = attempt["bids"]
                for seat, b in enumerate(bids):
                    used[seat][b] += 1
                    assert used[seat][b] <= hands_now[seat][b], "R12: bid with a card not held or already bid"
                total = sum(int(b[:-1]) for b in bids)
                assert attempt["sum"] == total
                top = max(bids, key=card_key)
                holders = [s for s, b in enumerate(bids) if b == top]
                if total == rnd["hand_size"]:
                    outcome, got = "sum-7", [1 if s in holders else 0 for s in range(n)]
                elif len(holders) > 1:
                    outcome, got = "identical-top", [0] * n
                else:
                    outcome, got = "stands", [0] * n
                assert attempt["outcome"] == outcome
                assert attempt["bonus"] == got
                bonus = [a + b for a, b in zip(bonus, got)]
        assert rnd["bonus"] == bonus
        totals = [t + b for t, b in zip(totals, bonus)]
        last = rnd["deals"][-1]
        standing = last["bid_attempts"][-1] if last["bid_attempts"] else None
        if standing is None or standing["outcome"] != "stands":
            assert rnd["bids"] is None and rnd["tricks"] == []
            continue
        bids = [int(b[:-1]) for b in standing["bids"]]
        top = max(standing["bids"], key=card_key)
        assert rnd["bids"] == bids
        assert rnd["trump"] == top[-1]
        assert rnd["leader"] == standing["bids"].index(top)
        assert rnd["top_bidders"] == [standing["bids"].index(top)]
        # Play: every card from the hands held after passing; follow suit; R15 winners.
        held = [Counter(h) for h in last["hands"]]
        if last["passes"] is not None:
            step = {"left": 1, "right": -1}[rnd["pass"]["direction"]]
            for seat, passed in enumerate(last["passes"]):
                held[seat] -= Counter(passed)
            for seat, passed in enumerate(last["passes"]):
                held[(seat + step) % n] += Counter(passed)
        taken = [0] * n
        _check_tricks(rnd, held, taken, n)
        if len(rnd["tricks"]) == rnd["hand_size"]:
            points = [r16_points(b, t) for b, t in zip(bids, taken)]
            assert rnd["points"] == points
            assert rnd["round_points"] == [b + p for b, p in zip(bonus, points)]
            totals = [t + p for t, p in zip(totals, points)]
        else:
            assert rnd["points"] is None
    assert data["totals"] == totals


# --- the Oh Hell presets (oh-hell.md, H1-H7 and U1-U7), from the JSON alone ---------

OH_HELL_HAND_SIZES = {  # H2, U2
    "classic": [7, 6, 5, 4, 3, 2, 1],
    "up-and-down": [7, 6, 5, 4, 3, 2, 2, 3, 4, 5, 6, 7],
}
OH_HELL_PACK = {f"{label}{suit}" for label in [*map(str, range(2, 11)), "J", "Q", "K", "A"] for suit in "SHDC"}


def oh_hell_points(preset: str, bid: int, taken: int) -> int:
    """H6 (classic): exact -> 10 + tricks, a miss -> 0. U6: exact -> bid, a miss -> -|diff|."""
    if preset == "classic":
        return 10 + taken if bid == taken else 0
    return bid if bid == taken else -abs(bid - taken)


def _bids_in_order(actions: list[str]) -> list[list[tuple[int, int]]]:
    """Per round: the (seat, number) bids in the order the record's actions made them."""
    rounds: list = []
    for text in actions:
        parts = text.split()
        if parts == ["deal"]:
            rounds.append([])
        elif len(parts) == 3 and parts[1] == "bid":
            rounds[-1].append((int(parts[0]), int(parts[2])))
    return rounds


def check_oh_hell_record_json(data: dict) -> None:
    """Recheck a classic or up-and-down record by H1-H7 / U1-U7 from its JSON alone:
    the hand sizes and the dealer's move, the pack (52 distinct cards, the turned card
    not dealt), number bids in range (classic: in turn from the dealer's left, and the
    hook: the bids never sum to the hand size), trump from the turned card or none,
    the leader, follow suit, R15 winners, H6/U6 points, totals and winners."""
    from collections import Counter

    preset = data["rules"]["preset"]
    n = data["rules"]["players"]
    assert 3 <= n <= 7  # H1, U1
    sizes = OH_HELL_HAND_SIZES[preset]
    rounds = data["rounds"]
    assert len(rounds) <= len(sizes)
    bid_order = _bids_in_order(data["actions"])
    totals = [0] * n
    for i, rnd in enumerate(rounds):
        size = sizes[i]
        assert rnd["round"] == i + 1 and rnd["hand_size"] == size
        assert rnd["dealer"] == (rounds[0]["dealer"] + i) % n  # H2: one seat left each hand
        assert rnd["pass"] is None and len(rnd["deals"]) == 1  # no passing, no redeal
        deal = rnd["deals"][0]
        dealt = [c for h in deal["hands"] for c in h]
        assert all(len(h) == size for h in deal["hands"])
        assert set(dealt) <= OH_HELL_PACK and len(set(dealt)) == len(dealt)
        turned = deal["turned"]
        if turned is not None:  # H3: the next card of the pack, so not a dealt one
            assert turned in OH_HELL_PACK and turned not in dealt
        assert rnd["bonus"] == [0] * n
        if not deal["bid_attempts"]:
            assert rnd["bids"] is None and rnd["tricks"] == [] and rnd["points"] is None
            continue
        assert len(deal["bid_attempts"]) == 1
        attempt = deal["bid_attempts"][0]
        bids = attempt["bids"]
        assert all(type(b) is int and 0 <= b <= size for b in bids)
        assert attempt["outcome"] == "stands" and attempt["bonus"] == [0] * n
        assert attempt["sum"] == sum(bids) and rnd["bids"] == bids
        made = bid_order[i]
        assert sorted(made) == sorted(enumerate(bids))
        if preset == "classic":
            first = (rnd["dealer"] + 1) % n  # H4: in turn from the dealer's left, dealer last
            assert [s for s, _ in made] == [(first + k) % n for k in range(n)]
            assert sum(bids) != size, "H4: the hook"
        top = max(bids)
        assert rnd["top_bidders"] == [s for s in range(n) if bids[s] == top]
        assert rnd["trump"] == (turned[-1] if turned is not None else None)  # H3, U3
        assert rnd["leader"] == (rnd["dealer"] + 1) % n  # H5, U5
        held = [Counter(h) for h in deal["hands"]]
        taken = [0] * n
        _check_tricks(rnd, held, taken, n)
        if len(rnd["tricks"]) == size:
            points = [oh_hell_points(preset, b, t) for b, t in zip(bids, taken)]
            assert rnd["points"] == points and rnd["round_points"] == points
            totals = [t + p for t, p in zip(totals, points)]
        else:
            assert rnd["points"] is None
    assert data["totals"] == totals
    if data.get("phase") == "game-over":  # H7, U7: the highest total wins; ties share
        assert len(rounds) == len(sizes)
        assert data["winners"] == [s for s in range(n) if totals[s] == max(totals)]


def _check_tricks(rnd: dict, held: list, taken: list, n: int) -> None:
    """R14/R15 from a round's JSON alone: each play from the hand, following suit
    when it can; each trick to its winner, who leads next. Counts into ``taken``."""
    leader = rnd["leader"]
    for trick in rnd["tricks"]:
        assert trick["leader"] == leader and len(trick["cards"]) == n
        led = trick["cards"][0][-1]
        for i, text in enumerate(trick["cards"]):
            seat = (leader + i) % n
            assert held[seat][text] > 0, f"{text} not in seat {seat}'s hand"
            if text[-1] != led:
                assert not any(c[-1] == led and k > 0 for c, k in held[seat].items()), "R14"
            held[seat][text] -= 1
        winner = trick_winner(leader, trick["cards"], rnd["trump"], n)
        assert trick["winner"] == winner
        taken[winner] += 1
        leader = winner
    assert rnd["taken"] == taken


def record_players(rec: dict) -> int:
    """A saved record's seat count, whatever its family (version 1 keeps it in its rules)."""
    return len(rec["seats"])


def record_rounds(rec: dict) -> int:
    """The rounds (or hands) a saved record finished: replayed by the engine, so every
    family's record counts the same way (its own log fields differ)."""
    return len(record.from_record(rec).results())


def printed_tables(out: str) -> dict[str, list[dict[str, str]]]:
    """A command's printed tables (Rich's box look): each table's rows as
    {column head: cell}, by the title line above it."""
    found: dict[str, list[dict[str, str]]] = {}
    title, heads = "", []
    for line in out.splitlines():
        if line.startswith("┃"):
            heads = [c.strip() for c in line.split("┃") if c.strip()]
        elif line.startswith("│"):
            found.setdefault(title, []).append(dict(zip(heads, (c.strip() for c in line.split("│")[1:-1]))))
        elif line.strip() and not line.startswith(("┏", "┡", "└", "├")):
            title = line.strip()
    return found
