"""Watten's words at the table, as plain data (no Textual, no Rich): the log's
lines for each action, the hand's end, the round summary and the status line."""

from __future__ import annotations

from typing import Callable, Optional

from ....engine.actions import Deal, Play
from ....engine.cards import Card, rank_label
from ....games.watten import CRITICALS, SIDES, WENT, Go, Hold, NameStriker, NameTrump, Observation, Phase, Raise
from ...narration import Line, Part, Summary, Told, line, plural

Name = Callable[[int], str]

__all__ = ["side_words", "narrate", "round_over_line", "round_summary", "status_lines", "action_words"]


def side_words(side: int, name: Name) -> str:
    """'Ann & Cy' (W1: partners opposite)."""
    a, b = SIDES[side]
    return f"{name(a)} & {name(b)}"


def _chief(obs: Observation) -> list[Part]:
    """W5: the chief striker, or why there is none."""
    if obs.striker is None or obs.trump is None:
        return []
    card = Card(obs.striker, obs.trump)
    if card in CRITICALS:
        return [f" No chief striker: {card.pretty()} is a critical."]
    return [" Chief striker ", card, "."]


def narrate(action, before: Observation, after: Observation, name: Name) -> Told:
    """The log's lines for one applied action; everything here was said aloud or
    played face up (W4, W10)."""
    if isinstance(action, Deal):
        return Told((line(f"Hand {after.round_number}: {name(after.dealer)} deals; "
                          f"{name(after.eldest)} names the striker rank.", style="bold"),), clear=True)
    lines: list[Line] = []
    if isinstance(action, NameStriker):
        lines.append(line(f"{name(action.seat)} names the striker rank: {rank_label(action.rank)}."))
    elif isinstance(action, NameTrump):
        lines.append(Line((f"{name(action.seat)} names trump: ", action.suit, f" {action.suit.label}.",
                           *_chief(after))))
    elif isinstance(action, Raise):
        answerer = after.open_raise.answerer if after.open_raise is not None else None
        who = f"; {name(answerer)} answers" if answerer is not None else ""
        offered = after.open_raise.stake if after.open_raise is not None else after.stake
        lines.append(line(f"{name(action.seat)} raises to {offered}{who}.", style="bold"))
    elif isinstance(action, Hold):
        lines.append(line(f"{name(action.seat)} holds: the hand is worth {after.stake}."))
    elif isinstance(action, Go):
        lines.append(line(f"{name(action.seat)} goes.", style="bold"))
    elif isinstance(action, Play):
        lines.append(line(f"{name(action.seat)} plays ", action.card))
        if len(after.tricks) > len(before.tricks) or len(after.results) > len(before.results):
            trick = after.tricks[-1] if after.tricks else (after.results[-1].tricks[-1]
                                                           if after.results and after.results[-1].tricks else None)
            if trick is not None:
                us, them = after.side_tricks if len(after.results) == len(before.results) else \
                    after.results[-1].side_tricks
                lines.append(line(f"{name(trick.winner)} takes the trick ({side_words(0, name)} {us}, "
                                  f"{side_words(1, name)} {them}).", style="bold"))
    return Told(tuple(lines))


def _ended(result, name: Name) -> str:
    winners = side_words(result.winner, name)
    if result.ended == WENT:
        return f"{winners} win {result.stake}: the other side went"
    return f"{winners} win {result.stake} with three tricks"


def round_over_line(before: Observation, after: Observation, name: Name) -> Optional[Line]:
    """'Hand 3 over: Ann & Cy win 2 with three tricks. 6 to 2 (of 15)'."""
    if len(after.results) <= len(before.results):
        return None
    result = after.results[-1]
    a, b = result.totals
    return line(f"Hand {result.number} over: {_ended(result, name)}. {a} to {b} (of {after.target}).", style="bold")


def round_summary(before: Observation, after: Observation, name: Name) -> Optional[Summary]:
    """The hand's summary: per seat its side, its tricks and the side's points."""
    if len(after.results) <= len(before.results):
        return None
    result = after.results[-1]
    taken = [0] * after.players
    for trick in result.tricks:
        taken[trick.winner] += 1
    rows = []
    for seat in range(after.players):
        side = seat & 1
        won = side == result.winner
        rows.append((line(name(seat)), line(side_words(side, name)), line(plural(taken[seat], "trick")),
                     line(f"+{result.stake}" if won else "", style="bold"), line(str(result.totals[side]))))
    tones = tuple("good" if seat & 1 == result.winner else "bad" for seat in range(after.players))
    notes: list[Line] = []
    if result.striker is not None and result.trump is not None:
        notes.append(Line((f"Striker {rank_label(result.striker)}, trump ", result.trump, ".")))
    for r in result.raises:  # W10: who raised, who answered, and how
        answer = {"hold": "held", "go": "went"}.get(r.answer or "", "did not answer")
        notes.append(line(f"{name(r.seat)} raised to {r.stake} in trick {r.trick}; {name(r.answerer)} {answer}."))
    if result.raises:
        notes.append(line(f"The hand was worth {result.stake}."))
    notes.append(line(f"Playing to {after.target}."))
    return Summary(title=f"Hand {result.number} over: {_ended(result, name)}",
                   columns=("", "Side", "Tricks", "Hand", "Total"), rows=tuple(rows), tones=tones, notes=tuple(notes))


def status_lines(obs: Observation, name: Name, *, you: Optional[str]) -> list[Line]:
    """Hand, striker and trump, stake, the sides' tricks, and whose turn. Where the
    whole would take two rows, what another part of the screen says goes first
    (``Line.spare``): the game's target (the scoresheet's), then the turn (the hand's
    line names whose, ▶ marks the seat)."""
    if not obs.round_number:
        return [line("Shuffling…")]
    out = [line(f"Hand {obs.round_number}", style="bold"), line(f" · to {obs.target}", spare=3)]
    more: list[Part] = []
    if obs.striker is not None:
        more.append(f" · striker {rank_label(obs.striker)}")
    if obs.trump is not None:
        more.extend((" · trump ", obs.trump))
    more.append(f" · stake {obs.stake}")
    if obs.phase in (Phase.PLAY, Phase.ANSWER):
        us, them = obs.side_tricks
        more.append(f" · tricks {us}–{them}")
    out.append(Line(tuple(more)))
    seat = obs.to_act[0] if obs.to_act else None
    if seat is None:
        return out
    doing = {Phase.STRIKER: "to name the striker", Phase.TRUMP: "to name trump", Phase.ANSWER: "to answer the raise",
             Phase.PLAY: "to lead" if not obs.trick else "to play"}.get(obs.phase, "to act")
    out.append(line(" · ", spare=2))
    if you is not None:
        out.append(line(f"{you} {doing}", style="bold reverse", spare=2))
    else:
        out.append(line(f"{name(seat)} {doing}", style="bold", spare=2))
    return out


def own_move_words(action) -> str:
    """A seat's own move told back to it: 'played 7♠', 'named the striker K', 'raised'."""
    if isinstance(action, Play):
        return f"played {action.card.pretty()}"
    if isinstance(action, (NameStriker, NameTrump)):
        return f"named the {action_words(action)}"
    return {Raise: "raised", Hold: "held", Go: "went"}.get(type(action), action_words(action))


def action_words(action) -> str:
    """A suggested action in a hint."""
    if isinstance(action, Play):
        return action.card.pretty()
    if isinstance(action, NameStriker):
        return f"striker {rank_label(action.rank)}"
    if isinstance(action, NameTrump):
        return f"trump {action.suit.symbol}"
    return {Raise: "raise", Hold: "hold", Go: "go"}.get(type(action), "")
