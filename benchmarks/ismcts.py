"""Our bots against OpenSpiel's IS-MCTS on classic Oh Hell (``bots.py --against ismcts``).

Four seats, two ours and two ``pyspiel.ISMCTSBot`` (random rollouts, uct_c 10,
the most visited move), alternating round the table; every deal is played twice,
the line-up shifted one seat, so each seat's cards are played by both sides
(duplicate). A deal is a whole classic game: seven hands of 7..1 cards.

Both engines play the same hand. Our game deals; its deal becomes OpenSpiel's
chance outcomes (OpenSpiel deals card k to player k % 4, then the trump card),
and every bid and card, whoever chose it, is applied to both. At every decision
the seat to act and its legal actions must agree between the two engines, and at
every hand's end the tricks taken; a disagreement is printed and fails the run.

How our classic rules map to ``oh_hell``'s parameters (checked, not assumed, by
the legality check above):

- H1, H2: 4 players, a 52-card pack (4 suits of 13), ``num_tricks_fixed`` the hand size;
  the dealer is a chance outcome set to ours (H2: it moves one seat a hand).
- H3: the turned card is OpenSpiel's trump deal (a 4-player hand always leaves one).
- H4: bids in turn from the dealer's left, dealer last, and the hook: OpenSpiel also
  forbids the last bidder the number that makes the bids sum to the hand size.
- H5: the dealer's left leads the first trick in both.
- H6 does not map exactly. An exact bid scores 10 + tricks in both (``points_per_trick`` 1),
  but a miss scores 0 under H6 and the tricks taken in OpenSpiel (no parameter gives 0).
  Every hand here is scored by our engine (H6); IS-MCTS searches OpenSpiel's returns.
  ``--ismcts-points-per-trick 0`` makes its returns 10 for an exact bid and 0 for a
  miss instead: in play (the bid fixed) that ranks outcomes exactly as H6 does.

OpenSpiel's ``ResampleFromInfostate`` must deal the opponents' hands from every card
the seat has not seen; builds with the leak (2.0.x; fixed upstream in 3d8df25a)
reshuffle only the cards the opponents really hold, so IS-MCTS would see their
hands. The run checks this first and refuses a leaky build.
"""

from __future__ import annotations

import inspect
import random
import statistics
import time
from typing import Any

from ohseven_tui.bots import bot_spec, make_bot
from ohseven_tui.engine import DEAL, registry
from ohseven_tui.engine.actions import BidNumber, Play
from ohseven_tui.engine.cards import Card

PLAYERS = 4
OURS_PER_SIDE = 2
UCT_C = 10.0
RANKS = "23456789TJQKA"  # OpenSpiel's rank characters, 2..A
CHECK_HAND = 7  # the leak check's hand size
CHECK_SAMPLES = 40

_GAMES: dict = {}


def pyspiel_or_none():
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel


def os_game(size: int, points_per_trick: int):
    key = (size, points_per_trick)
    if key not in _GAMES:
        import pyspiel
        _GAMES[key] = pyspiel.load_game("oh_hell", {
            "players": PLAYERS, "num_suits": 4, "num_cards_per_suit": 13, "num_tricks_fixed": size,
            "off_bid_penalty": False, "points_per_trick": points_per_trick})
    return _GAMES[key]


def card_codes() -> tuple[dict, dict]:
    """Our card code -> OpenSpiel's card action, and back, matched by name (suit
    letter and rank character), read from OpenSpiel rather than assumed."""
    state = os_game(1, 1).new_initial_state()
    state.apply_action(1)  # one trick
    state.apply_action(0)  # dealer 0: now dealing, and actions name cards
    theirs = {state.action_to_string(a): a for a in range(52)}
    to_os = {}
    for rank in range(2, 15):
        for suit in range(4):
            code = rank * 4 + suit
            to_os[code] = theirs["CDHS"[suit] + RANKS[rank - 2]]
    if sorted(to_os.values()) != list(range(52)):
        raise RuntimeError("OpenSpiel's oh_hell names its cards otherwise than expected")
    return to_os, {a: c for c, a in to_os.items()}


TO_OS, FROM_OS = card_codes() if pyspiel_or_none() else ({}, {})
BID_BASE = 52  # OpenSpiel's bid action k is 52 + k


def action_to_os(action: Any) -> int:
    if type(action) is BidNumber:
        return BID_BASE + action.number
    if type(action) is Play:
        return TO_OS[int(action.card)]
    raise ValueError(f"no OpenSpiel counterpart for {action!r}")


def action_from_os(a: int, seat: int) -> Any:
    if a >= BID_BASE:
        return BidNumber(seat, a - BID_BASE)
    return Play(seat, Card.from_code(FROM_OS[a]))


def mirror(game, points_per_trick: int):
    """OpenSpiel's state for the hand our ``game`` has just dealt: the same hand
    size, dealer, hands and trump card."""
    log = game.rounds[-1]
    deal = log.deals[-1]
    size = log.hand_size
    state = os_game(size, points_per_trick).new_initial_state()
    state.apply_action(size)
    state.apply_action(log.dealer)
    for k in range(PLAYERS * size):
        state.apply_action(TO_OS[int(deal.hands[k % PLAYERS][k // PLAYERS])])
    state.apply_action(TO_OS[int(deal.turned)])
    return state


def dealt_hands(state, size: int) -> list[set]:
    """Each player's dealt cards, from a state's history (card k to player k % 4)."""
    history = state.history()[2:2 + PLAYERS * size]
    hands: list[set] = [set() for _ in range(PLAYERS)]
    for k, a in enumerate(history):
        hands[k % PLAYERS].add(a)
    return hands


def resampler_deals_unseen(seed: int = 1, resample=None) -> tuple[bool, str]:
    """Does ``ResampleFromInfostate`` deal the opponents from the cards the seat
    has not seen (True), or only reshuffle what they really hold (the leak)?
    Returns the answer and one line saying what was seen. ``resample(state,
    player, random)`` replaces OpenSpiel's (a test's leaky one)."""
    if resample is None:
        resample = lambda state, player, rnd: state.resample_from_infostate(player, rnd)
    rng = random.Random(seed)
    state = os_game(CHECK_HAND, 1).new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    me = state.current_player()
    real = dealt_hands(state, CHECK_HAND)
    held = set().union(*(real[s] for s in range(PLAYERS) if s != me))
    outside = 0
    for _ in range(CHECK_SAMPLES):
        sample = resample(state, me, rng.random)
        hands = dealt_hands(sample, CHECK_HAND)
        if hands[me] != real[me] or sample.history()[2 + PLAYERS * CHECK_HAND] != state.history()[2 + PLAYERS * CHECK_HAND]:
            return False, "its resampled states change the seat's own hand or the trump card"
        outside += any(hands[s] - held for s in range(PLAYERS) if s != me)
    if outside == 0:
        return False, (f"in {CHECK_SAMPLES} resamples the opponents only ever held their real cards "
                       "(the ResampleFromInfostate leak of 2.0.x, fixed upstream in 3d8df25a)")
    return True, f"{outside} of {CHECK_SAMPLES} resamples dealt an opponent cards from outside their real hands"


def tricks_won(state) -> list:
    """OpenSpiel's tricks per player, from its state's text ("Tricks Won:  1 0 2 0")."""
    for line in str(state).splitlines():
        if line.startswith("Tricks Won:"):
            return [int(x) for x in line.split(":")[1].split()]
    return []


def ismcts_bot(seed: int, sims: int):
    import pyspiel
    seed %= 2**31
    return pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), UCT_C, sims, -1,
                             pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)


def play_game(seed: int, names: list, args) -> dict:
    """One whole classic game with ``names[s]`` in seat s ("ismcts" or a bot of
    ours), both engines in step. Returns per hand (size, [(name, points, bid,
    taken)] per seat), decision times per name, samples per searched decision of
    ours, and the disagreements found."""
    game = registry.new_game(args.game, {"players": PLAYERS}, seed=seed)
    bots: list = []
    for s, name in enumerate(names):
        if name == "ismcts":
            bots.append(ismcts_bot(seed * 16 + s, args.ismcts_sims))
            continue
        params = inspect.signature(bot_spec(name).factory).parameters
        extra = {k: v for k, v in getattr(args, "options", {}).items() if k in params}
        if "budget" not in params:
            bots.append(make_bot(name, seed * 16 + s, **extra))
        elif args.samples:
            bots.append(make_bot(name, seed * 16 + s, budget=1e6, max_samples=args.samples, **extra))
        else:
            bots.append(make_bot(name, seed * 16 + s, budget=args.budget, **extra))
    hands = []
    times: dict = {name: [] for name in names}
    samples: list = []
    wrong: list = []
    checked = 0
    state = None
    clock = time.perf_counter
    done = 0
    while not game.is_over:
        seats = game.to_act()
        if not seats:
            game.apply(DEAL)
            state = mirror(game, args.ismcts_points_per_trick)
            continue
        seat = seats[0]  # classic bids and plays in turn: one seat at a time
        assert state is not None
        legal = game.legal_actions(seat)
        ours = sorted(action_to_os(a) for a in legal)
        theirs = sorted(state.legal_actions()) if state.current_player() == seat else None
        checked += 1
        if ours != theirs:
            wrong.append(f"seed {seed} hand {game.round_number} seat {seat}: ours {ours}, OpenSpiel's "
                         f"{theirs} (OpenSpiel's player {state.current_player()})")
        name = names[seat]
        if name == "ismcts":
            t0 = clock()
            a = bots[seat].step(state)
            dt = clock() - t0
            action = action_from_os(a, seat)
        else:
            obs = game.observe(seat)
            t0 = clock()
            action = bots[seat].choose(obs)
            dt = clock() - t0
            if len(legal) > 1:
                samples.append(getattr(bots[seat], "last_samples", 0))
        if len(legal) > 1:
            times[name].append(dt)
        game.apply(action)
        state.apply_action(action_to_os(action))
        results = game.results()
        if len(results) > done:
            done = len(results)
            r = results[-1]
            ppt = args.ismcts_points_per_trick
            expect = [float(ppt * t + (10 if b == t else 0)) for b, t in zip(r.bids, r.taken)]
            if not state.is_terminal() or tricks_won(state) != list(r.taken) or list(state.returns()) != expect:
                wrong.append(f"seed {seed} hand {r.number}: ours took {list(r.taken)} (bids {list(r.bids)}), "
                             f"OpenSpiel {tricks_won(state)}, returns {state.returns()}")
            if not scores_as_assumed(r.bids, r.taken, r.round_points):
                wrong.append(f"seed {seed} hand {r.number}: our points {list(r.round_points)} for bids "
                             f"{list(r.bids)} and tricks {list(r.taken)} are not H6's")
            hands.append((r.hand_size, [(names[s], r.round_points[s], r.bids[s], r.taken[s])
                                        for s in range(PLAYERS)]))
    return {"hands": hands, "times": times, "samples": samples, "wrong": wrong, "checked": checked}


# ---------------------------------------------------------------- the game

# What oh_hell plays, in our record's rule words (the record's "rules", at 4 players).
OH_HELL = {"decks": 1, "ranks": list(range(2, 15)), "bid_style": "number-in-turn", "trump_style": "turned-card",
           "hook": True, "passing": False}


def matches(name: str) -> str:
    """Why game ``name`` at 4 players is not OpenSpiel's oh_hell, or "" when it is
    (read from the rules its record carries, not from its name)."""
    spec = registry.game_spec(name)
    low, high = spec.players
    if not low <= PLAYERS <= high:
        return f"{name} is not played by {PLAYERS}"
    rules = registry.new_game(name, {"players": PLAYERS}).log().get("rules")
    if not isinstance(rules, dict):
        return f"{name}'s record does not say its rules"
    off = [key for key, value in OH_HELL.items() if rules.get(key) != value]
    sizes = rules.get("hand_sizes")
    if not isinstance(sizes, list) or not all(isinstance(k, int) and 1 <= k <= 51 // PLAYERS for k in sizes):
        off.append("hand_sizes")
    return f"{name} differs from oh_hell in {', '.join(off)}" if off else ""


def find_game(name=None) -> tuple[str, str]:
    """(the game, "") for ``name`` or else the registry's first game that oh_hell
    plays; ("", why not) when there is none."""
    names = [name] if name else [spec.name for spec in registry.games()]
    why = ""
    for n in names:
        why = matches(n)
        if not why:
            return n, ""
    return "", why if name else "no game of the registry plays as oh_hell does"


def scores_as_assumed(bids, taken, points) -> bool:
    """Our points are H6's, as the mapping above assumes: 10 + tricks for an exact
    bid (OpenSpiel's too), 0 for a miss."""
    return all(p == (10 + t if b == t else 0) for b, t, p in zip(bids, taken, points))


# ---------------------------------------------------------------- the tournament

_ARGS: Any = None


def _init(args) -> None:
    global _ARGS
    _ARGS = args


def lineup(ours: str, rotation: int) -> list:
    """Ours and IS-MCTS alternating round the table; rotation 1 swaps every seat."""
    return [ours if (s + rotation) % 2 == 0 else "ismcts" for s in range(PLAYERS)]


def play_deal(index: int) -> list:
    args = _ARGS
    seed = random.Random(f"{args.seed}:{index}").getrandbits(48)
    return [play_game(seed, lineup(args.ours, rotation), args) for rotation in range(2)]


def _calibration_game(job: tuple) -> list:
    seed, sims = job
    args = _ARGS
    saved = args.ismcts_sims
    args.ismcts_sims = sims
    try:
        return play_game(seed, ["ismcts"] * PLAYERS, args)["times"]["ismcts"]
    finally:
        args.ismcts_sims = saved


def calibrate(args, pool) -> int:
    """IS-MCTS's simulation count whose median decision takes the budget: whole
    games of IS-MCTS in every seat, as many at once as workers (the tournament's
    load), scaled twice from a first guess."""
    sims = 500
    for step in range(3):
        jobs = [(10_000 + 100 * step + w, sims) for w in range(args.workers)]
        times = [t for ts in (pool.map(_calibration_game, jobs) if pool else map(_calibration_game, jobs)) for t in ts]
        median = statistics.median(times)
        print(f"calibration {step + 1}: {sims} simulations, median {median * 1000:.1f} ms over {len(times)} decisions")
        sims = max(10, round(sims * args.budget / median))
    return sims


def mean_ci(values: list) -> tuple[float, float]:
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, float("nan")
    return m, 1.96 * statistics.stdev(values) / len(values) ** 0.5


def percentile(values: list, q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def tournament(args) -> int:
    """``bots.py --against ismcts``: returns the exit status (1 on any disagreement)."""
    from multiprocessing import Pool

    if pyspiel_or_none() is None:
        print("open_spiel is not installed: pip install --no-deps open_spiel==1.6.15 numpy")
        return 2
    import pyspiel

    sound, seen = resampler_deals_unseen()
    if not sound:
        print(f"refusing to run: open_spiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}"
              f"'s oh_hell resampler leaks the hidden hands: {seen}")
        return 2
    print(f"resampler check: {seen}")
    args.ours = args.lineup[0]
    pool = Pool(args.workers, initializer=_init, initargs=(args,)) if args.workers > 1 else None
    _init(args)
    try:
        if not args.ismcts_sims:
            args.ismcts_sims = calibrate(args, pool)
            if pool is not None:  # the workers start again with the calibrated count
                pool.close()
                pool.join()
                pool = Pool(args.workers, initializer=_init, initargs=(args,))
        start = time.perf_counter()
        deals = pool.map(play_deal, range(args.deals), chunksize=1) if pool else [play_deal(i) for i in range(args.deals)]
        wall = time.perf_counter() - start
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    report(args, deals, wall)
    wrong = [w for games in deals for g in games for w in g["wrong"]]
    return 1 if wrong else 0


def report(args, deals: list, wall: float) -> None:
    ours = args.ours
    names = [ours, "ismcts"]
    per_deal: dict = {name: [] for name in names}
    by_size: dict = {}
    fills: dict = {name: [0, 0] for name in names}
    times: dict = {name: [] for name in names}
    samples: list = []
    wrong: list = []
    checked = 0
    for games in deals:
        points: dict = {name: [] for name in names}
        sized: dict = {}
        for g in games:
            for size, row in g["hands"]:
                for name, pts, bid, taken in row:
                    points[name].append(pts)
                    sized.setdefault(size, {n: [] for n in names})[name].append(pts)
                    fills[name][0] += bid == taken
                    fills[name][1] += 1
            for name in names:
                times[name].extend(g["times"].get(name, []))
            samples.extend(g["samples"])
            wrong.extend(g["wrong"])
            checked += g["checked"]
        for name in names:
            per_deal[name].append(statistics.fmean(points[name]))
        for size, pts in sized.items():
            by_size.setdefault(size, []).append(statistics.fmean(pts[ours]) - statistics.fmean(pts["ismcts"]))
    budget = f"{args.samples} samples a decision" if args.samples else f"budget {args.budget}s"
    if args.options:
        budget += ", " + ", ".join(f"{k}={v}" for k, v in args.options.items())
    print(f"{len(deals)} deals (whole games) x 2 seatings, {args.game} {PLAYERS}p, {ours} ({budget}) and "
          f"IS-MCTS ({args.ismcts_sims} simulations, uct_c {UCT_C:g}, random rollouts, most visited move, "
          f"points_per_trick {args.ismcts_points_per_trick}) two seats each, {args.workers} workers, wall {wall:.0f}s")
    print(f"{'side':<8} {'pts/hand':>9} {'95% CI':>8} {'fill':>7} {'decisions':>10} {'median ms':>10} "
          f"{'p99 ms':>9} {'max ms':>9}")
    for name in names:
        m, ci = mean_ci(per_deal[name])
        ts = times[name]
        print(f"{name:<8} {m:>9.3f} {ci:>8.3f} {fills[name][0] / max(1, fills[name][1]):>7.1%} {len(ts):>10} "
              f"{percentile(ts, 0.5) * 1000:>10.1f} {percentile(ts, 0.99) * 1000:>9.1f} "
              f"{max(ts, default=float('nan')) * 1000:>9.1f}")
    diffs = [a - b for a, b in zip(per_deal[ours], per_deal["ismcts"])]
    m, ci = mean_ci(diffs)
    print(f"paired per deal: {ours} - ismcts = {m:+.3f} points per hand, 95% CI [{m - ci:+.3f}, {m + ci:+.3f}]")
    print("by hand size: " + ", ".join(
        f"{size}: {mean_ci(d)[0]:+.2f}" for size, d in sorted(by_size.items(), reverse=True)))
    if any(samples):
        print(f"{ours} samples per searched decision: median {percentile(samples, 0.5)}, "
              f"p10 {percentile(samples, 0.1)}, mean {statistics.fmean(samples):.1f}")
    print(f"legality: {checked} decisions checked in both engines, {len(wrong)} disagreements")
    for w in wrong[:10]:
        print(f"  {w}")
