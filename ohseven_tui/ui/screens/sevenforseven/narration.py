"""Seven for Seven's words at the table, as plain data (no Textual, no Rich): the
log's lines for each action, the auction as the auction screen shows it, the
hand's end, the round summary and the status line. Every bid is said aloud (V14);
draws and discards are never named (V16)."""

from __future__ import annotations

from typing import Callable, Optional

from ....engine.actions import Deal, Play
from ....engine.cards import rank_label
from ....games.sevenforseven import AuctionPass, BasicBid, ChooseLeader, Discard, Draw, FactorBid, Observation, Phase
from ...narration import Line, Part, Summary, Told, line, out_of, plural

Name = Callable[[int], str]

__all__ = ["hand_words", "bid_words", "factor_words", "contract_words", "auction_lines", "narrate", "round_over_line",
           "round_summary", "status_lines", "action_words"]


def bid_words(points: int, suit, rank: int) -> tuple[Part, ...]:
    """'13 points, trump ♥, bowers 7' as parts (the suit drawn in its colour)."""
    return (f"{plural(points, 'point')}, trump ", suit, f", bowers {rank_label(rank)}")


def factor_words(factor: int) -> str:
    return f"×{factor}"


def contract_words(obs: Observation) -> str:
    """'13♥7' (points, trump suit, bower rank), plain text."""
    c = obs.contract
    if c is None:
        return ""
    return f"{c.points}{c.suit.symbol}{rank_label(c.rank)}"


def _trio_words(trio, name: Name) -> str:
    captain, *lieutenants = trio
    return f"{name(captain)} with {' and '.join(name(s) for s in lieutenants)}"


def auction_lines(obs: Observation, name: Name) -> list[str]:
    """The auction screen's public facts: the bids so far, the standing bid and its
    proposed trio, and every factor (V14)."""
    out = []
    said = []
    for action in obs.auction[-12:]:
        if type(action) is BasicBid:
            said.append(f"{name(action.seat)} {action.points}{action.suit.symbol}{rank_label(action.rank)}")
        elif type(action) is FactorBid:
            said.append(f"{name(action.seat)} factor")
        elif type(action) is AuctionPass:
            said.append(f"{name(action.seat)} pass")
    skipped = len(obs.auction) - 12
    # After a pass-out the cards change under the screen: say why (the log telling it is under it).
    again = f"Seven passes and no bid: passed out, so deal {obs.deal_number}. " if obs.deal_number > 1 else ""
    if said:
        out.append(again + ("… " if skipped > 0 else "") + "Bids: " + ", ".join(said) + ".")
    else:
        out.append(again + f"{name(obs.dealer)} deals; you bid first.")
    if obs.standing is not None:
        s = obs.standing
        trio = obs.proposed_trio or (s.seat,)
        out.append(f"Standing: {s.points}{s.suit.symbol}{rank_label(s.rank)} by {name(s.seat)}: "
                   f"{plural(s.points, 'point')}, trump {s.suit.symbol} {s.suit.label}, bowers {rank_label(s.rank)}. "
                   f"Proposed trio: {_trio_words(trio, name)}.")
    else:
        out.append("No basic bid yet: a factor bid needs one first.")
    raised = [f"{name(s)} {factor_words(f)}" for s, f in enumerate(obs.factors) if f > 1]
    out.append("Factors: " + (", ".join(raised) if raised else "everyone ×1") +
               f". {plural(obs.passes_in_row, 'pass', 'passes')} in a row (7 end the auction).")
    return out


def narrate(action, before: Observation, after: Observation, name: Name) -> Told:
    """The log's lines for one applied action: public facts only."""
    if isinstance(action, Deal):
        again = f" again (deal {after.deal_number})" if after.deal_number > 1 else ""
        return Told((line(f"Hand {out_of(after.round_number, after.view.rounds)}: {name(after.dealer)} deals{again}; "
                          f"{name((after.dealer + 1) % after.players)} bids first.", style="bold"),), clear=True)
    lines: list[Line] = []
    kind = type(action)
    if kind is BasicBid:
        lines.append(Line((f"{name(action.seat)} bids ", *bid_words(action.points, action.suit, action.rank), ".")))
    elif kind is FactorBid:
        lines.append(line(f"{name(action.seat)} raises their factor to {factor_words(after.factors[action.seat])}."))
    elif kind is AuctionPass:
        lines.append(line(f"{name(action.seat)} passes.", style="dim"))
    elif kind is Draw:  # how many, never which (V16)
        lines.append(line(f"{name(action.seat)} draws {plural(len(action.cards), 'card')} from the kitty."))
    elif kind is Discard:
        lines.append(line(f"{name(action.seat)} discards {plural(len(action.cards), 'card')} face down."))
    elif kind is ChooseLeader:
        lines.append(line(f"{name(action.seat)} leads the first trick." if action.leader == action.seat
                          else f"{name(action.seat)} names {name(action.leader)} to lead the first trick."))
    elif kind is Play:
        lines.append(line(f"{name(action.seat)} plays ", action.card))
        hand_over = len(after.results) > len(before.results)
        if len(after.tricks) > len(before.tricks) or hand_over:
            trick = after.tricks[-1] if after.tricks and not hand_over else None
            if trick is not None:
                trio, quartet = after.side_points
                c = after.contract
                target = f" of {c.points}" if c is not None else ""
                lines.append(line(f"{name(trick.winner)} takes trick {len(after.tricks)} ({trick.points} "
                                  f"{'point' if trick.points == 1 else 'points'}): trio {trio}{target}, "
                                  f"quartet {quartet}.", style="bold"))
    if before.phase is Phase.AUCTION and after.phase is not Phase.AUCTION:
        if after.contract is not None and after.captain is not None:
            c = after.contract
            lines.append(Line(("Contract: ", *bid_words(c.points, c.suit, c.rank),
                               f". Captain {_trio_words(after.trio, name)}; the other four are the quartet."),
                              style="bold"))
        elif after.phase is Phase.DEAL:
            lines.append(line("Seven passes and no bid: the hand is passed out and dealt again.", style="bold"))
    return Told(tuple(lines))


def _made(result) -> str:
    return "made" if result.made else "failed"


def round_over_line(before: Observation, after: Observation, name: Name) -> Optional[Line]:
    if len(after.results) <= len(before.results):
        return None
    r = after.results[-1]
    c = r.contract
    return line(f"Hand {r.number} over: the trio {_made(r)} {c.points}{c.suit.symbol}{rank_label(c.rank)} "
                f"({r.trio_points} to {r.quartet_points}).", style="bold")


def round_summary(before: Observation, after: Observation, name: Name) -> Optional[Summary]:
    """Per seat: side and factor, trick points taken, the hand's score (V22), total."""
    if len(after.results) <= len(before.results):
        return None
    r = after.results[-1]
    c = r.contract
    rows = []
    tones = []
    for seat in range(after.players):
        in_trio = seat in r.trio
        role = "captain" if seat == r.captain else ("lieutenant" if in_trio else "quartet")
        rows.append((line(name(seat)), line(f"{role} {factor_words(r.factors[seat])}"),
                     line(f"took {r.markers[seat]}"), line(f"{r.round_points[seat]:+d}", style="bold"),
                     line(str(after.totals[seat]))))
        tones.append("good" if in_trio == r.made else "bad")
    notes = (
        Line(("Contract ", *bid_words(c.points, c.suit, c.rank), f", captain {name(r.captain)}.")),
        line(f"Trio {r.trio_points} trick points, quartet {r.quartet_points}: the trio {_made(r)}."),
    )
    return Summary(title=f"Hand {out_of(r.number, after.view.rounds, ' of ')} over: the trio {_made(r)}",
                   columns=("", "Side", "Points", "Hand", "Total"), rows=tuple(rows), tones=tuple(tones), notes=notes)


def hand_words(obs: Observation) -> str:
    """"hand 3/7" (V4): one way on every screen's title and the status line."""
    return f"hand {out_of(obs.round_number, obs.view.rounds)}"


def status_lines(obs: Observation, name: Name, *, you: Optional[str]) -> list[Line]:
    """The hand, the auction or the contract and its trick points, and whose turn.
    Where the whole would take two rows, what another part of the screen says goes
    first (``Line.spare``): the trick's number (the hand's cards count it), the dealer,
    then the turn (the hand's line names whose, ▶ marks the seat), then the names of
    the captain and of the standing bid's bidder."""
    if not obs.round_number:
        return [line("Shuffling…")]
    out = [line(hand_words(obs).capitalize(), style="bold")]
    if obs.phase is Phase.AUCTION:
        out.append(line(f" · dealer {name(obs.dealer)}", spare=3))
        out.append(line(" · auction"))
        if obs.standing is not None:
            s = obs.standing
            out.append(line(f" · standing {s.points}{s.suit.symbol}{rank_label(s.rank)}"))
            out.append(line(f" ({name(s.seat)})", spare=1))
    elif obs.contract is not None and obs.captain is not None:
        out.append(line(f" · {contract_words(obs)}"))
        out.append(line(f" {name(obs.captain)}", spare=1))
        if obs.phase is Phase.PLAY:
            trio, quartet = obs.side_points
            out.append(line(f" · trio {trio}/{obs.contract.points} · quartet {quartet}"))
            out.append(line(f" · trick {min(len(obs.tricks) + 1, 7)}/7", spare=3))
    seat = obs.to_act[0] if obs.to_act else None
    if seat is None:
        return out
    doing = {Phase.AUCTION: "to bid", Phase.DISCARD: "to discard", Phase.LEAD: "to name the leader",
             Phase.PLAY: "to lead" if not obs.trick else "to play"}.get(obs.phase, "to act")
    out.append(line(" · ", spare=2))
    out.append(line(f"{you} {doing}", style="bold reverse", spare=2) if you is not None
               else line(f"{name(seat)} {doing}", style="bold", spare=2))
    return out


def own_move_words(action) -> str:
    """A seat's own move told back to it: 'played 7♠', 'bid 5♥A', 'passed'."""
    kind = type(action)
    if kind is Play:
        return f"played {action.card.pretty()}"
    if kind is FactorBid:
        return "raised the factor"
    if kind is AuctionPass:
        return "passed"
    if kind is Discard:
        return "discarded " + " ".join(c.pretty() for c in action.cards)
    if kind is ChooseLeader:
        return f"chose seat {action.leader + 1} to lead"
    return action_words(action)


def action_words(action) -> str:
    kind = type(action)
    if kind is Play:
        return action.card.pretty()
    if kind is BasicBid:
        return f"bid {action.points}{action.suit.symbol}{rank_label(action.rank)}"
    if kind is FactorBid:
        return "raise your factor"
    if kind is AuctionPass:
        return "pass"
    if kind is Discard:
        return "discard " + " ".join(c.pretty() for c in action.cards)
    if kind is ChooseLeader:
        return f"seat {action.leader + 1} leads"
    return ""
