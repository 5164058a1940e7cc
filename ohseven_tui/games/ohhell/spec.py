"""The Oh Hell family's three games as the registry knows them: Oh-Seven (R1..),
classic (H1..) and up-and-down (U1..). Only this package knows how they differ."""

from __future__ import annotations

from dataclasses import asdict
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ...engine import registry
from ...engine.actions import Bid, BidNumber, Pass, action_text, parse_action
from ...engine.protocol import GameSpec, GameView, Option, Seat
from .rules import BidStyle, Rules, make_rules

if TYPE_CHECKING:
    from ...engine.reports import StatsView
    from .fast import FastHands
    from .observation import Observation
    from .state import Game

# Imported at their first call: the registry imports every family to learn its games.
parse_stacked = registry.later(f"{__package__}.records", "parse_stacked")
stacked_text = registry.later(f"{__package__}.records", "stacked_text")
round_steps = registry.later(f"{__package__}.review", "round_steps")
sheet_view = registry.later(f"{__package__}.sheet", "sheet_view")
table_view = registry.later(f"{__package__}.table", "table_view")
tutorial = registry.later(f"{__package__}.tutorial", "tutorial")

__all__ = ["OH_SEVEN", "CLASSIC", "UP_AND_DOWN", "SPECS"]

_LEGEND = "Each round: bid/tricks (+ rebid bonus), then the round's points → running total. ★ highest total."
_IN_PLAY = "The round in play shows bid/tricks so far and any rebid point already won."
_IN_PLAY_NUMBERS = "The round in play shows bid/tricks so far."  # no rebids (H4, U4)


@lru_cache(maxsize=None)
def _rules(name: str, players: int, passing: bool) -> Rules:
    return make_rules(name, players, passing=passing)  # frozen: one per choice of options


def _factory(name: str):
    def new_game(options: Mapping[str, Any], *, seed: int = 0, seats: Optional[Sequence[Seat]] = None,
                 stacked_deals: Sequence[Any] = ()) -> "Game":
        from .state import Game

        rules = _rules(name, options["players"], bool(options.get("passing", False)))
        return Game(rules, seed=seed, seats=seats, stacked_deals=stacked_deals)

    return new_game


def _fast(name: str):
    def fast_hands(options: Mapping[str, Any]) -> "FastHands":
        from .fast import fast_hands as fast_path

        return fast_path(_rules(name, options["players"], bool(options.get("passing", False))))

    return fast_hands


def _pct(x: float) -> str:
    return f"{x:.0%}"


def stats_view(obs: "Observation") -> StatsView:
    """S1-S10 (oh-seven.md), the same figures for all three games, from any seat's
    observation (finished rounds are public)."""
    from ...engine.reports import Stat, StatsView, Tally
    from .stats import game_stats, trump_counts_text

    stats = game_stats(obs.results, obs.players)
    t = stats.table
    # oh-hell.md: S1-S10 apply to every preset; there the "top bid" is the highest
    # number bid, and trump is turned, not chosen by a bid.
    cards = obs.rules.bid_style is BidStyle.CARD
    top = "top bid" if cards else "highest bid"
    table = (
        Stat("S1", "players", str(t.players)),
        Stat("S2", "zero bids", _pct(t.zero_bid_rate), "zero-bid rate"),
        Stat("S3", f"average {top}", f"{t.average_top_bid:.1f}" if t.average_top_bid is not None else "-"),
        Stat("S4", "trump", trump_counts_text(t.trump_counts), "trump selection" if cards else "trump turned"),
    )
    columns = (("S5", "Pts/round"), ("S6", "Zero bids"), ("S7", f"{top.capitalize()}s"), ("S8", "Filled"),
               ("S9", "Over"), ("S10", "Under"))
    seats = tuple(
        (f"{s.points_per_round:.2f}", _pct(s.zero_bid_rate), _pct(s.top_bid_rate), _pct(s.fill_rate),
         _pct(s.overflow_rate), _pct(s.underfill_rate))
        for s in stats.seats
    )
    note = (f"Per player: points per round, and the zero-bid, {top.replace(' ', '-')}, fill (took the bid), "
            "overflow and underfill rates (S5-S10).")
    results, n = obs.results, obs.players
    tallies = (  # S8-S10 pool across games: rounds filled, overflowed, underfilled
        Tally("fill", "Fill", tuple(sum(r.bids[s] == r.taken[s] for r in results) for s in range(n)),
              long_label="rounds filled (took exactly the bid)"),
        Tally("overflow", "Overflow", tuple(sum(r.bids[s] < r.taken[s] for r in results) for s in range(n)),
              long_label="rounds overflowed (took more tricks than the bid)"),
        Tally("underfill", "Underfill", tuple(sum(r.bids[s] > r.taken[s] for r in results) for s in range(n)),
              long_label="rounds underfilled (took fewer tricks than the bid)"),
    )
    data = {"table": asdict(t), "seats": [dict(asdict(s), player=obs.seats[s.seat].name) for s in stats.seats]}
    return StatsView(table, columns, seats, note,
                     long_columns=("points/round", "zero bid", top, "fill", "overflow", "underfill"),
                     tallies=tallies, data=data)


def _view(name: str):
    def view(options: Mapping[str, Any]) -> GameView:
        # Screens ask on every redraw: one view per player count and passing.
        return cached(options.get("players", 4), bool(options.get("passing", False)))

    @lru_cache(maxsize=None)
    def cached(players: int, passing: bool) -> GameView:
        rules = make_rules(name, players, passing=passing)
        if rules.bid_style is BidStyle.CARD:
            return GameView(
                bid_input="card",
                bids_in_turn=False,
                columns=("Bid", "Took", "Score"),
                contract_note="Trump: the standing top bid's suit (R9).",
                scoring_note="Exact bid: bid + 2; a miss loses the difference (R16).",
                legend=_LEGEND,
                in_play_legend=_IN_PLAY,
                top_bid_mark="* top bid (trump)",
                rounds=rules.rounds,
            )
        classic = rules.scoring.value == "classic"
        rule = "H" if classic else "U"
        scoring = ("Exact bid: 10 + tricks; a miss scores 0 (H6)." if classic
                   else "Exact bid: the bid in points; a miss loses the difference (U6).")
        points = "exact: 10 + tricks, a miss 0" if classic else "exact: the bid, a miss loses the difference"
        return GameView(
            bid_input="number",
            bids_in_turn=rules.bid_style is BidStyle.NUMBER_IN_TURN,
            columns=("Bid", "Took", "Score"),
            contract_note=f"Trump: the turned card's suit ({rule}3).",
            scoring_note=scoring,
            legend=("Each round (hand size under it, c = cards): bid/tricks, then the round's points "
                    f"({points}) → running total. ★ highest total."),
            in_play_legend=_IN_PLAY_NUMBERS,
            show_hand_sizes=True,
            rounds=rules.rounds,
        )

    return view


def _public_action(name: str):
    """What another seat learns of an action as it is taken: a pass and a card bid
    are laid face down (R6, R8), and so are numbers bid all at once (U4); a number
    said in turn (H4), a play and the deal are public. Revealed bids and passes
    reach every seat later through its observation."""
    at_once = _rules(name, 3, False).bid_style is BidStyle.NUMBER_SIMULTANEOUS
    hidden: tuple[type, ...] = (Pass, Bid, BidNumber) if at_once else (Pass, Bid)

    def public_action(action: Any, viewer: int) -> Any:
        return None if isinstance(action, hidden) and getattr(action, "seat", None) != viewer else action

    return public_action


def _spec(name: str, label: str, players: tuple[int, int], description: str, prefix: str,
          options: tuple[Option, ...], order: int, guided: bool = False) -> GameSpec:
    return GameSpec(
        name=name, label=label, family="ohhell", players=players, description=description, rule_prefix=prefix,
        new_game=_factory(name), view=_view(name), stats=stats_view, sheet=sheet_view, parse_action=parse_action,
        action_text=action_text, parse_stacked=parse_stacked, stacked_text=stacked_text, options=options,
        order=order, review=round_steps, table=table_view, tutorial=tutorial if guided else None,
        fast_hands=_fast(name), public_action=_public_action(name),
        family_label="Oh-Seven and Oh Hell", max_hand=7,  # R4, H2, U2: 7 at most; a pass gives back as many
    )


PASSING = Option("passing", "Card passing", (False, True), False,
                 "pass cards to a neighbour before bidding (R6, R7)")

OH_SEVEN = registry.register(_spec(
    "oh-seven", "Oh-Seven", (2, 9),
    "7 rounds of 7 tricks; bid by laying a card face down, the top bid's suit is trump.", "R", (PASSING,), 0,
    guided=True))
CLASSIC = registry.register(_spec(
    "classic", "Oh Hell (classic)", (3, 7),
    "Hands of 7 down to 1; bids in turn, the dealer's hook; exact bids score 10 + tricks.", "H", (), 10))
UP_AND_DOWN = registry.register(_spec(
    "up-and-down", "Oh Hell (up and down)", (3, 7),
    "Hands of 7 down to 2 and back up; bids at once; exact bids score the bid.", "U", (), 20))

SPECS = (OH_SEVEN, CLASSIC, UP_AND_DOWN)
