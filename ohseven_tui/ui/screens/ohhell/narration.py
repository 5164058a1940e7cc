"""The Oh Hell family's words at the table, as plain data (no Textual, no Rich):
the log's lines for each action, the status line, the reveal's outcome sentence.

Oh-Seven (R1..) bids with cards and sets trump by the top bid; classic (H1..) and
up-and-down (U1..) bid numbers under a turned card. Which applies is read from the
observation's declared view (``bid_input``, ``bids_in_turn``), never its name.
"""

from __future__ import annotations

from typing import Callable, Optional

from ....engine.actions import Bid, BidNumber, Deal, Pass, Play
from ....games.ohhell import IDENTICAL_TOP, SUM_IS_HAND, Observation, Phase
from ...narration import Line, Part, Summary, Told, line, out_of, plural

Name = Callable[[int], str]

__all__ = ["trump_words", "outcome_text", "number_outcome_text", "narrate", "round_over_line", "round_summary",
           "status_lines", "action_words"]


def number_bids(obs: Observation) -> bool:
    return obs.view.bid_input == "number"


def trump_words(obs: Observation, ascii: bool = False) -> str:
    """'trump ♠ (J♠ turned)' or 'no trump' (H3, U3)."""
    if obs.turned is None:  # no card left to turn
        return "no trump"
    suit = obs.turned.suit  # known from the deal on, before the bids (obs.trump is set at play)
    symbol = suit.letter if ascii else suit.symbol
    return f"trump {symbol} ({obs.turned.pretty(ascii)} turned)"


def number_outcome_text(attempt, obs: Observation, name: Name) -> str:
    """Oh Hell: the trump (turned card or none), the bids' total against the
    tricks, and who leads (H3-H5, U3-U5)."""
    total = sum(attempt.bids)
    size = obs.hand_size
    if total > size:
        fit = f"The bids add up to {total}, {total - size} more than the {plural(size, 'trick')}: someone will miss."
    elif total < size:
        fit = (f"The bids add up to {total}, {size - total} fewer than the {plural(size, 'trick')}: "
               "someone must take more.")
    else:
        fit = f"The bids add up to {size}, the number of tricks."
    leader = obs.leader if obs.leader is not None else (obs.dealer + 1) % obs.players
    words = trump_words(obs)
    return f"{words[0].upper()}{words[1:]}. {fit} {name(leader)} leads."


def outcome_text(attempt, obs: Observation, name: Name) -> str:
    """What a revealed set of bids leads to, in words (R9-R13)."""
    if attempt.bids and not hasattr(attempt.bids[0], "suit"):  # number bids (Oh Hell)
        return number_outcome_text(attempt, obs, name)

    top = max(attempt.bids)
    holders = [s for s, c in enumerate(attempt.bids) if c == top]
    if attempt.outcome == SUM_IS_HAND:
        gained = [name(s) for s, b in enumerate(attempt.bonus) if b]
        who = " and ".join(gained)
        text = (f"The bids add up to {obs.hand_size}: rebid. {who} "
                f"{'gains' if len(gained) == 1 else 'each gain'} 1 point for the top bid.")
    elif attempt.outcome == IDENTICAL_TOP:
        text = (f"Identical top cards ({top.pretty()} from {' and '.join(name(s) for s in holders)}): "
                "nobody is top bidder, rebid.")
    else:
        return (f"Trump is {top.suit.symbol} {top.suit.label}: {name(holders[0])}'s {top.pretty()} is the top bid, "
                f"and {name(holders[0])} leads.")
    if obs.phase is Phase.DEAL:
        text += " Nobody has an unbid card left: the round is dealt again (points scored stay)."
    return text


def _dealt(before: Observation, after: Observation, name: Name) -> Told:
    lines = []
    if after.deal_number > 1 and after.round_number == before.round_number:
        lines.append(line(f"Round {after.round_number} is dealt again (deal {after.deal_number})."))
    else:
        lines.append(line(f"Round {after.round_number}: {name(after.dealer)} deals.", style="bold"))
    if after.phase is Phase.PASS:
        side = "left" if after.pass_direction > 0 else "right"
        lines.append(line(f"Everyone passes {plural(after.pass_count, 'card')} face down to the {side}."))
    if number_bids(after) and after.round_number:
        lines.append(line(f"{plural(after.hand_size, 'card')} each; {trump_words(after)}."))
    return Told(tuple(lines), clear=True)  # a new deal: the log starts afresh


def narrate(action, before: Observation, after: Observation, name: Name) -> Told:
    """The log's lines for one applied action (public: drawn from ``after``, the
    viewer's observation, and the action itself only where every seat saw it)."""
    if isinstance(action, Deal):
        return _dealt(before, after, name)
    lines: list[Line] = []
    if isinstance(action, BidNumber) and after.view.bids_in_turn:
        lines.append(line(f"{name(action.seat)} bids {action.number}."))  # classic: bids are public
    if isinstance(action, Play):
        lines.append(line(f"{name(action.seat)} plays ", action.card))
        if len(after.tricks) > len(before.tricks):
            winner = after.tricks[-1].winner
            assert after.bids is not None  # tricks are played only once the bids stand
            lines.append(line(f"{name(winner)} takes trick {len(after.tricks)} "
                              f"(has {after.taken[winner]}, bid {after.bids[winner]}).", style="bold"))
        return Told(tuple(lines))
    if isinstance(action, Pass) and after.phase is not Phase.PASS and before.phase is Phase.PASS:
        lines.append(line("The passed cards are revealed to their receivers."))
    if len(after.bid_attempts) > len(before.bid_attempts):
        _, attempt = after.bid_attempts[-1]
        parts: list[Part] = ["Bids: "]
        for seat, bid in enumerate(attempt.bids):
            if seat:
                parts.append(", ")
            parts.append(f"{name(seat)} ")
            parts.append(str(bid) if number_bids(after) else bid)
        lines.append(Line(tuple(parts)))
        lines.append(line(outcome_text(attempt, after, name)))
    return Told(tuple(lines))


def round_over_line(before: Observation, after: Observation, name: Name) -> Optional[Line]:
    """'Round 3 over. Ann +4, Bea -1', when ``after`` finished a round."""
    if len(after.results) <= len(before.results):
        return None
    result = after.results[-1]
    points = ", ".join(f"{name(s)} {p:+d}" for s, p in enumerate(result.round_points))
    return line(f"Round {result.number} over. {points}")


def bid_words(bid: int, taken: int) -> str:
    """'made 3', or 'missed by 2 (bid 1, took 3)' (R16, H6, U6)."""
    if bid == taken:
        return f"made {bid}"
    return f"missed by {abs(bid - taken)} (bid {bid}, took {taken})"


def round_summary(before: Observation, after: Observation, name: Name) -> Optional[Summary]:
    """The round summary, when ``after`` finished a round: per seat whether the bid
    was made or missed and by how much, the R11 rebid points, the round's points
    (R17) and the total; under it, the round's trump."""
    if len(after.results) <= len(before.results):
        return None
    result = after.results[-1]
    rows = []
    for seat in range(after.players):
        bonus = result.bonus[seat]
        rows.append((line(name(seat)), line(bid_words(result.bids[seat], result.taken[seat])),
                     line(f"{bonus:+d} rebid" if bonus else "", style="bold"),
                     line(f"{result.round_points[seat]:+d}", style="bold"), line(str(after.totals[seat]))))
    tones = tuple("good" if b == t else "bad" for b, t in zip(result.bids, result.taken))
    if result.bid_cards is not None and result.top_bidders:  # R9: the top bid set trump
        top = result.top_bidders[0]
        trump: Line = line("Trump was ", result.bid_cards[top].suit, f": {name(top)}'s ", result.bid_cards[top],
                           " was the top bid.")
    elif result.turned is not None:  # H3, U3
        trump = line("Trump was ", result.turned.suit, " (", result.turned, " turned).")
    else:
        trump = line("No trump this round.")
    return Summary(title=f"Round {out_of(result.number, after.view.rounds, ' of ')} over: "
                         f"{plural(result.hand_size, 'trick')}",
                   columns=("", "", "", "Round", "Total"), rows=tuple(rows), tones=tones, notes=(trump,))


def status_lines(obs: Observation, name: Name, *, you: Optional[str]) -> list[Line]:
    """The table's status line, in stretches: the round, the phase, the trump and
    whose turn. ``you`` names the seat at the keyboard whose card play is awaited
    ("you", or a hot-seat player's name), or None."""
    if not obs.round_number:
        return [line("Shuffling…")]
    view = obs.view
    out = [line(f"Round {out_of(obs.round_number, view.rounds)}", style="bold")]
    more: list[Part] = []
    if obs.phase is not Phase.PLAY:
        more.append(f" · dealer {name(obs.dealer)}")
    if obs.deal_number > 1:
        more.append(f" · deal {obs.deal_number}")
    turn: Optional[Line] = None
    bidder: Optional[Line] = None
    if obs.phase is Phase.PASS:
        side = "left" if obs.pass_direction > 0 else "right"
        more.append(f" · passing {plural(obs.pass_count, 'card')} to the {side}")
    elif obs.phase is Phase.BID:
        if number_bids(obs):
            more.append(f" · {plural(obs.hand_size, 'card')} · {trump_words(obs)}")
        more.append(" · bidding")
        if obs.rebid_count:
            more.append(f" (rebid {obs.rebid_count})")
        if view.bids_in_turn and obs.to_act:  # the seats' list marks whose bid it is
            turn = line(f" · {name(obs.to_act[0])} to bid", style="bold", spare=1)
    elif number_bids(obs) and obs.phase is Phase.PLAY:
        trick_no = min(len(obs.tricks) + 1, obs.hand_size)
        more.append(f" · trick {trick_no}/{obs.hand_size} · {trump_words(obs)}")
    elif obs.trump is not None:
        trick_no = min(len(obs.tricks) + 1, obs.hand_size)
        more.extend((f" · trick {trick_no}/{obs.hand_size} · trump ", obs.trump))
        if obs.bid_cards is not None and obs.leader is not None:  # the seats' list marks the top bid too
            bidder = line(f" ({name(obs.leader)}'s ", obs.bid_cards[obs.leader], ")", spare=2)
    if more:
        out.append(Line(tuple(more)))
    if bidder is not None:
        out.append(bidder)
    if turn is not None:
        out.append(turn)
    if obs.phase is Phase.PLAY and obs.to_act:
        seat = obs.to_act[0]
        leading = not obs.trick
        if not leading:  # the seats' list shows the card led beside its seat
            out.append(line(f" · {name(obs.trick[0][0])} led", spare=3))  # before the top bid
        # Last to go on a narrow line (the hand's line names the player, ▶ marks the seat).
        out.append(line(" · ", spare=1))
        if you is not None:
            out.append(line(f"{you} to lead" if leading else f"{you} to play", style="bold reverse", spare=1))
        else:
            out.append(line(f"{name(seat)} {'leads' if leading else 'to play'}", style="bold", spare=1))
    return out


def own_move_words(action) -> str:
    """A seat's own move told back to it: 'bid 3', 'bid 5♠', 'played 7♠', 'passed 5♥ 2♣'."""
    if isinstance(action, Bid):
        return f"bid {action.card.pretty()}"
    if isinstance(action, Play):
        return f"played {action.card.pretty()}"
    if isinstance(action, Pass):
        return "passed " + action_words(action)
    return action_words(action)


def action_words(action) -> str:
    """A suggested action in a hint: 'bid 3', '7♠', '5♥ 2♣'."""
    if isinstance(action, BidNumber):
        return f"bid {action.number}"
    if isinstance(action, (Play, Bid)):
        return action.card.pretty()
    if isinstance(action, Pass):
        return " ".join(c.pretty() for c in action.cards)
    return ""
