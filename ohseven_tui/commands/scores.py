"""``ohseven scores``: review saved games from the command line (Rich tables).

    ohseven scores list [--sort date|id|players|rules|winner|score] [--reverse]
    ohseven scores show ID
    ohseven scores players [--rules oh-seven|classic|up-and-down]
    ohseven scores export ID --format csv|json|md

Every action takes ``--save-dir``. A save's ID is its file name without ``.json``.
A bad save is one line on stderr naming the file (exit 2 for ``show``/``export``;
``list`` and ``players`` skip it with a warning). Nothing here writes a file.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from pathlib import Path

SORT_KEYS = ("date", "id", "players", "rules", "winner", "score")  # as storage.SORT_KEYS
FORMATS = ("csv", "json", "md")
PRESET_NAMES = ("oh-seven", "classic", "up-and-down")  # as engine.PRESETS (not imported: fast start)


def register(sub) -> None:
    p = sub.add_parser("scores", help="review saved games: list, show, players, export")
    actions = p.add_subparsers(dest="scores_command", parser_class=type(p), metavar="ACTION")
    p.set_defaults(run=_missing_action)

    def add(name: str, help_text: str, run) -> argparse.ArgumentParser:
        a = actions.add_parser(name, help=help_text)
        a.add_argument("--save-dir", type=Path, help="saves directory (default: yours, or $OHSEVEN_SAVE_DIR)")
        a.set_defaults(run=run)
        return a

    a = add("list", "every saved game: date, rules, players, winner, scores", run_list)
    a.add_argument("--sort", choices=SORT_KEYS, default="date", help="sort by this column (default date, newest first)")
    a.add_argument("--reverse", action="store_true", help="reverse the order")
    a.add_argument("--rules", choices=PRESET_NAMES, help="only games played under these rules")
    a = add("show", "one game's scoresheet per round and its statistics S1-S10", run_show)
    a.add_argument("id", metavar="ID", help="the save's ID (its file name without .json) or a path")
    a = add("players", "each player name across all saves: games, wins, rates", run_players)
    a.add_argument("--rules", choices=PRESET_NAMES, help="only games played under these rules")
    a = add("export", "one game's scoresheet as CSV, JSON or Markdown on stdout", run_export)
    a.add_argument("id", metavar="ID", help="the save's ID (its file name without .json) or a path")
    a.add_argument("--format", choices=FORMATS, default="csv", help="csv (default), json or md")


def _missing_action(args) -> int:
    from .common import UsageError

    raise UsageError("ohseven scores: choose an action: list, show, players or export (see ohseven scores --help)")


def _console():
    from rich.console import Console

    # No markup or emoji codes in any string (names and file names are not markup);
    # every text from a save is also made printable first (_t).
    console = Console(highlight=False, markup=False, emoji=False)
    if not console.is_terminal:  # piped: no width to fit, so never wrap or cut a cell (one row, one line)
        console.width = 100_000
    return console


def _t(text, style: str = ""):
    """A table cell or line from a player or a file: plain text, control characters
    shown escaped (safetext), never parsed as markup."""
    from rich.text import Text

    from ..safetext import printable

    return Text(printable(text), style=style)


def _warn(command: str, lines) -> None:
    from ..safetext import one_line

    for line in lines:
        print(one_line(f"ohseven scores {command}: {line}", 400), file=sys.stderr)


def _load_all(args, command: str):
    from .common import UsageError
    from ..storage import list_saves, save_dirs

    dirs = save_dirs(args.save_dir)
    saves, warnings = list_saves(dirs)
    if warnings and warnings[0].startswith("cannot list"):  # nothing to show: an error, not a warning
        raise UsageError(f"ohseven scores {command}: {warnings[0]}")
    _warn(command, warnings)
    return dirs, saves


def _load_one(args, command: str):
    from .common import UsageError
    from ..storage import SaveError, find_save, load_save, save_dirs

    dirs = save_dirs(args.save_dir)
    try:
        path = find_save(dirs, args.id)
        try:
            return load_save(path)
        except SaveError as exc:
            if exc.reason == "no such file":
                raise SaveError(path, f"no such saved game (see ohseven scores list --save-dir {dirs.saves})") from None
            raise
    except SaveError as exc:
        raise UsageError(f"ohseven scores {command}: {exc}") from None


def _short_date(date: str) -> str:
    return date.replace("T", " ").replace("Z", "")[:16] if date else "?"


def _rate(x: float) -> str:
    return f"{x:.0%}"


# ---------------------------------------------------------------------------- list
def _rules_short(rules) -> str:
    return rules.preset + (", passing" if rules.passing else "")


def run_list(args) -> int:
    from rich.table import Table

    from ..storage import filter_saves, sort_saves

    dirs, saves = _load_all(args, "list")
    saves = sort_saves(filter_saves(saves, args.rules), args.sort, args.reverse)
    table = Table(title=_t(f"Saved games in {dirs.saves}"), title_justify="left")
    for col in ("ID", "Date", "Rules", "Players", "Winner", "Scores"):
        table.add_column(col, overflow="fold", no_wrap=col in ("ID", "Date"))
    for s in saves:
        winner = ", ".join(s.winner_names) if s.finished else "(unfinished)"
        scores = "  ".join(f"{n} {t}" for n, t in zip(s.names, s.totals))
        table.add_row(_t(s.id), _t(_short_date(s.date)), _rules_short(s.game.rules), str(s.game.players),
                      _t(winner), _t(scores))
    console = _console()
    if saves:
        console.print(table)
    else:
        console.print(_t(f"No saved games{_of_rules(args.rules)} in {dirs.saves}."))
    return 0


def _of_rules(preset) -> str:
    return f" of {preset}" if preset else ""


# ---------------------------------------------------------------------------- show
def _trump_label(trump, turned=None, card_bids: bool = True) -> str:
    """Oh-Seven: the top bid's suit. Oh Hell: the turned card's suit, or no trump (H3)."""
    if card_bids:
        return trump.label if trump is not None else "none"
    if turned is None:
        return "no trump"
    return f"{trump.label} ({turned.text()} turned)"


SCORING_NOTES = {
    "oh-seven": "* the standing top bid (its suit is trump). Exact bid: bid + 2; a miss loses the difference (R16).",
    "classic": "Trump: the turned card's suit (H3). Exact bid: 10 + tricks; a miss scores 0 (H6).",
    "up-and-down": "Trump: the turned card's suit (U3). Exact bid: the bid; a miss loses the difference (U6).",
}


def run_show(args) -> int:
    from rich.table import Table

    from ..games.ohhell import game_stats, trump_counts_text
    from ..storage import scoresheet, turned_cards

    saved = _load_one(args, "show")
    game = saved.game
    card_bids = game.rules.preset == "oh-seven"
    turned = turned_cards(game)
    console = _console()
    state = "winner" if len(game.winners) == 1 else "winners"
    header = f"{saved.id}: {saved.rules_text}, {_short_date(saved.date)}"
    console.print(_t(header, style="bold"))
    if saved.finished:
        console.print(_t(f"{state.capitalize()}: {', '.join(saved.winner_names)} "
                         f"({max(game.totals)} points)"))
    else:
        console.print(f"Unfinished: {len(game.results())} of {game.rules.rounds} rounds played")

    results = game.results()
    sheet = Table(title="Scoresheet", title_justify="left")
    columns = [("Round", "right"), ("Trump", "left"), ("Player", "left"), ("Bid", "right"),
               ("Tricks", "right"), ("Points", "right"), ("Bonus", "right"), ("Total", "right")]
    if not card_bids:  # number bids: hand sizes vary (H2, U2) and there is no R11 bonus
        columns[1:1] = [("Cards", "right")]
        columns.remove(("Bonus", "right"))
    for col, justify in columns:
        sheet.add_column(col, justify=justify)
    for index, (result, lines) in enumerate(zip(results, scoresheet(game))):
        notes = []
        if result.attempts > 1 + result.redeals:
            rebids = result.attempts - 1 - result.redeals  # the last attempt of a redealt deal is no rebid
            notes.append(f"{rebids} rebid{'s' if rebids != 1 else ''}")
        if result.redeals:
            notes.append(f"{result.redeals} redeal{'s' if result.redeals != 1 else ''}")
        for i, line in enumerate(lines):
            first = i == 0
            if not card_bids:
                sheet.add_row(
                    str(line.round) if first else "",
                    str(game.rules.hand_sizes[result.number - 1]) if first else "",
                    _trump_label(result.trump, turned[index], card_bids=False) if first else "",
                    _t(line.player + (" (dealer)" if line.seat == result.dealer else "")),
                    str(line.bid),
                    str(line.tricks),
                    f"{line.points:+d}",
                    str(line.total),
                    end_section=i == len(lines) - 1,
                )
                continue
            sheet.add_row(
                str(line.round) if first else "",
                _trump_label(result.trump) if first else (", ".join(notes) if i == 1 else ""),
                _t(line.player),
                f"{line.bid}{'*' if line.top_bidder else ''}",
                str(line.tricks),
                f"{line.points:+d}",
                f"+{line.bonus}" if line.bonus else "",
                str(line.total),
                end_section=i == len(lines) - 1,
            )
    console.print(sheet)
    console.print(SCORING_NOTES.get(game.rules.preset, ""))

    stats = game_stats(results, game.players)
    t = stats.table
    table = Table(title="Table statistics", title_justify="left")
    table.add_column("Statistic")
    table.add_column("Value", justify="right")
    table.add_row("S1 players", str(t.players))
    table.add_row("S2 zero-bid rate", _rate(t.zero_bid_rate))
    table.add_row("S3 average top bid", f"{t.average_top_bid:.2f}" if t.average_top_bid is not None else "-")
    table.add_row("S4 trump selection", trump_counts_text(t.trump_counts))  # worded as the app's
    console.print(table)

    per = Table(title="Player statistics", title_justify="left")
    for col in ("Player", "S5 pts/round", "S6 zero", "S7 top", "S8 fill", "S9 over", "S10 under"):
        per.add_column(col, justify="left" if col == "Player" else "right")
    for s in stats.seats:
        per.add_row(_t(game.seats[s.seat].name), f"{s.points_per_round:+.2f}", _rate(s.zero_bid_rate),
                    _rate(s.top_bid_rate), _rate(s.fill_rate), _rate(s.overflow_rate), _rate(s.underfill_rate))
    console.print(per)
    return 0


def _suit_name(letter: str) -> str:
    from ..engine import Suit

    try:
        return Suit.parse(letter).label
    except ValueError:
        return letter


# ---------------------------------------------------------------------------- players
def run_players(args) -> int:
    from rich.table import Table

    from ..storage import filter_saves, player_summaries

    dirs, saves = _load_all(args, "players")
    saves = filter_saves(saves, args.rules)
    rows = player_summaries(saves)
    console = _console()
    if not rows:
        console.print(_t(f"No saved games{_of_rules(args.rules)} in {dirs.saves}."))
        return 0
    title = f"Players across {len(saves)} saved game{'s' if len(saves) != 1 else ''}{_of_rules(args.rules)}"
    table = Table(title=title, title_justify="left")
    for col in ("Player", "Games", "Wins", "Rounds", "Points/round", "Fill", "Overflow", "Underfill"):
        table.add_column(col, justify="left" if col == "Player" else "right")
    for p in rows:
        table.add_row(_t(p.name), str(p.games), str(p.wins), str(p.rounds), f"{p.points_per_round:+.2f}",
                      _rate(p.fill_rate), _rate(p.overflow_rate), _rate(p.underfill_rate))
    console.print(table)
    return 0


# ---------------------------------------------------------------------------- export
def export_data(saved) -> dict:
    """The scoresheet and statistics as plain data (the JSON export)."""
    from dataclasses import asdict

    from ..games.ohhell import game_stats
    from ..storage import scoresheet, turned_cards

    game = saved.game
    results = game.results()
    stats = game_stats(results, game.players)
    rounds = []
    for result, lines, turned in zip(results, scoresheet(game), turned_cards(game)):
        rounds.append(
            {
                "round": result.number,
                "dealer": result.dealer,
                "hand_size": game.rules.hand_sizes[result.number - 1],
                "trump": result.trump.letter if result.trump is not None else None,
                "turned": turned.text() if turned is not None else None,
                "bid_attempts": result.attempts,
                "redeals": result.redeals,
                "seats": [
                    {k: v for k, v in asdict(line).items() if k != "round"} for line in lines
                ],
            }
        )
    return {
        "id": saved.id,
        "date": saved.date,
        "rules": game.rules.to_dict(),
        "players": saved.names,
        "finished": saved.finished,
        "rounds": rounds,
        "totals": saved.totals,
        "winners": saved.winner_names,
        "stats": {
            "table": asdict(stats.table),
            "seats": [dict(asdict(s), player=game.seats[s.seat].name) for s in stats.seats],
        },
    }


CSV_FIELDS = ("round", "seat", "player", "bid", "tricks", "points", "bonus", "round_points", "total", "top_bidder",
              "trump", "hand_size", "turned")


def export_csv(saved) -> str:
    """One row per seat per round; ``trump`` is empty for a no-trump hand, ``turned``
    is the turned trump card (Oh Hell presets; empty for Oh-Seven)."""
    from ..safetext import csv_cell
    from ..storage import scoresheet, turned_cards

    game = saved.game
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for result, lines, turned in zip(game.results(), scoresheet(game), turned_cards(game)):
        trump = result.trump.letter if result.trump is not None else ""
        size = game.rules.hand_sizes[result.number - 1]
        for line in lines:
            writer.writerow([line.round, line.seat, csv_cell(line.player), line.bid, line.tricks, line.points, line.bonus,
                             line.round_points, line.total, int(line.top_bidder), trump, size,
                             turned.text() if turned is not None else ""])
    return out.getvalue()


def _md_cell(text: str) -> str:
    from ..safetext import printable

    return printable(text).replace("|", "\\|")


def export_md(saved) -> str:
    from ..games.ohhell import trump_counts_text

    data = export_data(saved)
    names = data["players"]
    out = [f"# {_md_cell(saved.id)}", "", f"{saved.rules_text}, {_md_cell(_short_date(saved.date))}.", ""]
    if data["finished"]:
        out += [f"Winner: {', '.join(_md_cell(w) for w in data['winners'])}.", ""]
    card_bids = saved.game.rules.preset == "oh-seven"
    if card_bids:
        legend = "Each cell: bid / tricks, points (+ R11 bonus) = running total; * top bid."
    else:
        legend = ("Each cell: bid / tricks, points = running total; (d) the dealer. "
                  + SCORING_NOTES[saved.game.rules.preset])
    out += ["## Scoresheet", "", legend, ""]
    out.append("| Round | Trump | " + " | ".join(_md_cell(n) for n in names) + " |")
    out.append("|---:|---|" + "---|" * len(names))
    for r in data["rounds"]:
        cells = []
        for seat, s in enumerate(r["seats"]):
            bonus = f" +{s['bonus']}" if s["bonus"] else ""
            mark = ("*" if s["top_bidder"] else "") if card_bids else (" (d)" if seat == r["dealer"] else "")
            cells.append(f"{s['bid']}{mark} / {s['tricks']}, {s['points']:+d}{bonus} = {s['total']}")
        if card_bids:
            trump = _suit_name(r["trump"]) if r["trump"] else "none"
        else:
            trump = f"{_suit_name(r['trump'])} ({r['turned']} turned)" if r["turned"] else "no trump"
            trump = f"{r['hand_size']} cards, {trump}"
        out.append(f"| {r['round']} | {trump} | " + " | ".join(cells) + " |")
    out.append("| **Total** | | " + " | ".join(f"**{t}**" for t in data["totals"]) + " |")
    t = data["stats"]["table"]
    out += ["", "## Table statistics", "", "| Statistic | Value |", "|---|---:|",
            f"| S1 players | {t['players']} |",
            f"| S2 zero-bid rate | {_rate(t['zero_bid_rate'])} |",
            f"| S3 average top bid | {t['average_top_bid']:.2f} |" if t["average_top_bid"] is not None else "| S3 average top bid | - |",
            f"| S4 trump selection | {trump_counts_text(t['trump_counts'])} |",
            "", "## Player statistics", "",
            "| Player | S5 points/round | S6 zero bid | S7 top bid | S8 fill | S9 overflow | S10 underfill |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for s in data["stats"]["seats"]:
        out.append(f"| {_md_cell(s['player'])} | {s['points_per_round']:+.2f} | {_rate(s['zero_bid_rate'])} | "
                   f"{_rate(s['top_bid_rate'])} | {_rate(s['fill_rate'])} | {_rate(s['overflow_rate'])} | "
                   f"{_rate(s['underfill_rate'])} |")
    return "\n".join(out) + "\n"


def run_export(args) -> int:
    saved = _load_one(args, "export")
    if args.format == "json":
        from ..safetext import escape_json_output

        # Still valid JSON with the same values; no raw control byte or lone surrogate.
        text = escape_json_output(json.dumps(export_data(saved), indent=1, ensure_ascii=False)) + "\n"
    elif args.format == "md":
        text = export_md(saved)
    else:
        text = export_csv(saved)
    sys.stdout.write(text)
    return 0
