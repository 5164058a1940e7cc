"""``ohseven scores``: review saved games from the command line (Rich tables).

    ohseven scores list [--sort date|id|players|rules|winner|score] [--reverse] [--game NAME]
    ohseven scores show ID
    ohseven scores players [--game NAME]
    ohseven scores export ID --format csv|json|md

Every action takes ``--save-dir``. A save's ID is its file name without ``.json``.
A bad save is one line on stderr naming the file (exit 2 for ``show``/``export``;
``list`` and ``players`` skip it with a warning). Nothing here writes a file.

A game's scoresheet and statistics are what its family declares (``SheetView``,
``StatsView``); nothing here knows one game from another. ``--rules`` is the old
name of ``--game``.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys

from ..paths import path_argument
from .common import RegistryHelp

SORT_KEYS = ("date", "id", "players", "rules", "winner", "score")  # as storage.SORT_KEYS (not imported: fast start)
FORMATS = ("csv", "json", "md")


def register(sub) -> None:
    p = sub.add_parser("scores", help="review saved games: list, show, players, export")
    actions = p.add_subparsers(dest="scores_command", parser_class=type(p), metavar="ACTION")
    p.set_defaults(run=_missing_action)

    def add(name: str, help_text: str, run) -> argparse.ArgumentParser:
        a = actions.add_parser(name, help=help_text, formatter_class=RegistryHelp)
        a.add_argument("--save-dir", type=path_argument, help="saves directory (default: yours, or $OHSEVEN_SAVE_DIR)")
        a.set_defaults(run=run)
        return a

    def game_filter(a: argparse.ArgumentParser) -> None:
        a.add_argument("--game", "--rules", dest="game", metavar="GAME",
                       help="only games of this game: one of {games}")

    a = add("list", "every saved game: date, rules, players, winner, scores", run_list)
    a.add_argument("--sort", choices=SORT_KEYS, default="date", help="sort by this column (default date, newest first)")
    a.add_argument("--reverse", action="store_true", help="reverse the order")
    game_filter(a)
    a = add("show", "one game's scoresheet per round and its statistics", run_show)
    a.add_argument("id", metavar="ID", help="the save's ID (its file name without .json) or a path")
    a = add("players", "each player name across all saves: games, wins, rates", run_players)
    game_filter(a)
    a = add("export", "one game's scoresheet as CSV, JSON or Markdown on stdout", run_export)
    a.add_argument("id", metavar="ID", help="the save's ID (its file name without .json) or a path")
    a.add_argument("--format", choices=FORMATS, default="csv", help="csv (default), json or md")


def _missing_action(args) -> int:
    from .common import UsageError

    raise UsageError("ohseven scores: choose an action: list, show, players or export (see ohseven scores --help)")


def _game_filter(args, command: str):
    """The ``--game`` name checked against the registry (None: every game)."""
    from .common import spec_named

    return spec_named(args.game, f"scores {command}").name if args.game is not None else None


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
    from ..storage import list_saves, save_dirs
    from .common import UsageError

    dirs = save_dirs(args.save_dir)
    saves, warnings = list_saves(dirs)
    if warnings and warnings[0].startswith("cannot list"):  # nothing to show: an error, not a warning
        raise UsageError(f"ohseven scores {command}: {warnings[0]}")
    _warn(command, warnings)
    return dirs, saves


def _load_one(args, command: str):
    from ..storage import SaveError, find_save, load_save, save_dirs
    from .common import UsageError

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


def _rate(x) -> str:
    return f"{x:.0%}" if x is not None else "-"


# ---------------------------------------------------------------------------- list
def run_list(args) -> int:
    from rich.table import Table

    from ..storage import filter_saves, rules_short, sort_saves

    game = _game_filter(args, "list")
    dirs, saves = _load_all(args, "list")
    saves = sort_saves(filter_saves(saves, game), args.sort, args.reverse)
    table = Table(title=_t(f"Saved games in {dirs.saves}"), title_justify="left")
    for col in ("ID", "Date", "Rules", "Players", "Winner", "Scores"):
        table.add_column(col, overflow="fold", no_wrap=col in ("ID", "Date"))
    for s in saves:
        winner = ", ".join(s.winner_names) if s.finished else "(unfinished)"
        scores = "  ".join(f"{n} {t}" for n, t in zip(s.names, s.totals))
        table.add_row(_t(s.id), _t(_short_date(s.date)), _t(rules_short(s.game.spec, s.game.options)),
                      str(s.game.players), _t(winner), _t(scores))
    console = _console()
    if saves:
        console.print(table)
        # The Rules column names each game as the command line does; say what each is.
        shown = {s.game.spec.name: s.game.spec.label for s in saves}
        console.print(_t("Games: " + ", ".join(f"{name} = {label}" for name, label in sorted(shown.items()))))
    else:
        console.print(_t(f"No saved games{_of_rules(game)} in {dirs.saves}."))
    return 0


def _of_rules(game) -> str:
    return f" of {game}" if game else ""


# ---------------------------------------------------------------------------- show
def _numeric(values) -> bool:
    return all(v.lstrip("+-").isdigit() for v in values if v)


def run_show(args) -> int:
    from rich.table import Table

    from ..storage import sheet_of, stats_of

    saved = _load_one(args, "show")
    game = saved.game
    sheet, stats = sheet_of(saved), stats_of(saved)
    console = _console()
    console.print(_t(f"{saved.id}: {saved.rules_text}, {_short_date(saved.date)}", style="bold"))
    if saved.finished:
        state = "Winner" if len(game.winners) == 1 else "Winners"
        top = max(game.totals)
        console.print(_t(f"{state}: {', '.join(saved.winner_names)} ({top} point{'' if abs(top) == 1 else 's'})"))
    else:  # in the game's own word ("hands"), out of its fixed count if it has one
        view = game.spec.view(game.options)
        played = len(sheet.rounds)
        count = f"{played} of {view.rounds}" if view.rounds else str(played)
        word = view.round_word if played == 1 and not view.rounds else view.round_word + "s"
        console.print(_t(f"Unfinished: {count} {word} played"))

    # The long table: a row per seat per round, the round's head on its first row
    # and its note (rebids, redeals) under the last head cell.
    table = Table(title="Scoresheet", title_justify="left")
    heads = [[r.head[i] if i < len(r.head) else "" for r in sheet.rounds] for i in range(len(sheet.round_columns))]
    for i, col in enumerate(sheet.round_columns):
        table.add_column(col, justify="right" if i == 0 or _numeric(heads[i]) else "left")
    table.add_column("Player", justify="left")
    for col in sheet.seat_columns:
        table.add_column(col, justify="right")
    width = len(sheet.round_columns)
    for r in sheet.rounds:
        for s, row in enumerate(r.rows):
            if s == 0:
                lead = list(r.head[:width]) + [""] * (width - len(r.head))
            else:
                lead = [""] * width
                if s == 1 and r.note and width:
                    lead[-1] = r.note
            name = sheet.names[s] + (" (dealer)" if sheet.mark_dealer and s == r.dealer else "")
            table.add_row(*(_t(c) for c in lead), _t(name), *(_t(c) for c in row), end_section=s == len(r.rows) - 1)
    console.print(table)
    if sheet.notes:
        console.print(_t(sheet.notes))

    stat_table = Table(title="Table statistics", title_justify="left")
    stat_table.add_column("Statistic")
    stat_table.add_column("Value", justify="right")
    for stat in stats.table:
        stat_table.add_row(_t(stat.long), _t(stat.value))  # words; the ids are the data's
    console.print(stat_table)
    per = Table(title="Player statistics", title_justify="left")
    per.add_column("Player", justify="left")
    for _, label in stats.columns:
        per.add_column(label.lower(), justify="right")
    for name, values in zip(sheet.names, stats.seats):
        per.add_row(_t(name), *(_t(v) for v in values))
    console.print(per)
    if stats.note:
        console.print(_t(stats.note))
    return 0


# ---------------------------------------------------------------------------- players
def run_players(args) -> int:
    from rich.table import Table

    from ..storage import filter_saves, player_summaries, summary_columns

    game = _game_filter(args, "players")
    dirs, saves = _load_all(args, "players")
    saves = filter_saves(saves, game)
    rows = player_summaries(saves)
    console = _console()
    if not rows:
        console.print(_t(f"No saved games{_of_rules(game)} in {dirs.saves}."))
        return 0
    tallies = summary_columns(rows)
    title = f"Players across {len(saves)} saved game{'s' if len(saves) != 1 else ''}{_of_rules(game)}"
    table = Table(title=_t(title), title_justify="left")
    for col in ("Player", "Games", "Wins", "Rounds", "Points/round", *(label for _, label in tallies)):
        table.add_column(col, justify="left" if col == "Player" else "right")
    for p in rows:
        table.add_row(_t(p.name), str(p.games), str(p.wins), str(p.rounds), f"{p.points_per_round:+.2f}",
                      *(_rate(p.rate(key)) for key, _ in tallies))
    console.print(table)
    return 0


# ---------------------------------------------------------------------------- export
def _round_data(sheet, r) -> dict:
    """A round as plain data: what the family declares, else its head and rows by column."""
    if r.data is not None:
        return dict(r.data)
    data: dict = {"round": r.number, "dealer": r.dealer}
    data.update((col, value) for col, value in zip(sheet.round_columns, r.head) if col.lower() not in data)
    if r.note:
        data["note"] = r.note
    data["seats"] = [{"seat": s, "player": sheet.names[s], **dict(zip(sheet.seat_columns, row))}
                     for s, row in enumerate(r.rows)]
    return data


def _stats_data(sheet, stats) -> dict:
    if stats.data is not None:
        return dict(stats.data)
    return {
        "table": {f"{stat.id} {stat.long}": stat.value for stat in stats.table},
        "seats": [{"player": name, **{f"{rule} {label}": v for (rule, label), v in zip(stats.columns, values)}}
                  for name, values in zip(sheet.names, stats.seats)],
    }


def export_data(saved) -> dict:
    """The scoresheet and statistics as plain data (the JSON export)."""
    from ..storage import sheet_of, stats_of

    sheet, stats = sheet_of(saved), stats_of(saved)
    return {
        "id": saved.id,
        "date": saved.date,
        "game": saved.game.spec.name,
        "options": dict(saved.game.options),
        "players": saved.names,
        "finished": saved.finished,
        "rounds": [_round_data(sheet, r) for r in sheet.rounds],
        "totals": saved.totals,
        "winners": saved.winner_names,
        "stats": _stats_data(sheet, stats),
    }


def _csv_value(value):
    from ..safetext import csv_cell

    if value is None:
        return ""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (dict, list)):
        return csv_cell(json.dumps(value, ensure_ascii=False))
    return csv_cell(value) if isinstance(value, str) else value


def export_csv(saved) -> str:
    """One row per seat per round: the round and seat numbers, the seat's own
    fields, then the round's (Oh Hell: ``trump`` empty for a no-trump hand,
    ``turned`` the turned card or empty)."""
    rounds = export_data(saved)["rounds"]
    seat_keys: dict = {}
    round_keys: dict = {}
    for r in rounds:
        for seat in r.get("seats", []):
            seat_keys.update(dict.fromkeys(k for k in seat if k != "seat"))
        round_keys.update(dict.fromkeys(k for k in r if k not in ("round", "seats")))
    fields = ["round", "seat", *seat_keys, *round_keys]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(fields)
    for r in rounds:
        for s, seat in enumerate(r.get("seats", [])):
            row = [r.get("round"), seat.get("seat", s), *(seat.get(k) for k in seat_keys),
                   *(r.get(k) for k in round_keys)]
            writer.writerow([_csv_value(v) for v in row])
    return out.getvalue()


def _md_cell(text) -> str:
    from ..safetext import printable

    return printable(str(text)).replace("|", "\\|")


def export_md(saved) -> str:
    from ..storage import sheet_of, stats_of

    sheet, stats = sheet_of(saved), stats_of(saved)
    names = [_md_cell(n) for n in sheet.names]
    out = [f"# {_md_cell(saved.id)}", "", f"{_md_cell(saved.rules_text)}, {_md_cell(_short_date(saved.date))}.", ""]
    if saved.finished:
        out += [f"Winner: {', '.join(_md_cell(w) for w in saved.winner_names)}.", ""]
    grid = bool(sheet.contract_label) and all(len(r.lines) == len(names) for r in sheet.rounds)
    legend = sheet.lines_legend if grid and sheet.lines_legend else sheet.legend
    out += ["## Scoresheet", "", _md_cell(legend), ""]
    if grid:  # a column per seat, a row per round: "3 (d) / 2, +13 = 40"
        out.append(f"| Round | {_md_cell(sheet.contract_label)} | " + " | ".join(names) + " |")
        out.append("|---:|---|" + "---|" * len(names))
        for r in sheet.rounds:
            out.append(f"| {r.number} | {_md_cell(r.contract)} | " + " | ".join(_md_cell(c) for c in r.lines) + " |")
        out.append("| **Total** | | " + " | ".join(f"**{t}**" for t in saved.totals) + " |")
    else:  # the long table, as ``scores show`` prints it
        cols = [*sheet.round_columns, "Player", *sheet.seat_columns]
        out.append("| " + " | ".join(_md_cell(c) for c in cols) + " |")
        out.append("|" + "---|" * len(cols))
        width = len(sheet.round_columns)
        for r in sheet.rounds:
            for s, row in enumerate(r.rows):
                lead = list(r.head[:width]) + [""] * (width - len(r.head)) if s == 0 else [""] * width
                out.append("| " + " | ".join(_md_cell(c) for c in (*lead, sheet.names[s], *row)) + " |")
    if sheet.notes and sheet.notes not in legend:
        out += ["", _md_cell(sheet.notes)]
    out += ["", "## Table statistics", "", "| Statistic | Value |", "|---|---:|"]
    out += [f"| {_md_cell(stat.long)} | {_md_cell(stat.value)} |" for stat in stats.table]
    labels = [stats.long_columns[i] if i < len(stats.long_columns) else label.lower()
              for i, (_, label) in enumerate(stats.columns)]
    out += ["", "## Player statistics", "",
            "| Player | " + " | ".join(_md_cell(label) for label in labels)
            + " |",
            "|---|" + "---:|" * len(stats.columns)]
    for name, values in zip(names, stats.seats):
        out.append(f"| {name} | " + " | ".join(_md_cell(v) for v in values) + " |")
    if stats.note:
        out += ["", _md_cell(stats.note)]
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
