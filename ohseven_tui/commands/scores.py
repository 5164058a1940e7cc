"""``ohseven scores``: review saved games from the command line (Rich tables).

    ohseven scores list [--sort date|id|game|players|winner|score] [--reverse]
                        [--game NAME] [--player NAME] [--since DATE] [--until DATE] [--finished | --aside]
    ohseven scores show ID
    ohseven scores players [--game NAME] [--player NAME] [--since DATE] [--until DATE]
    ohseven scores export ID --format csv|json|md
    ohseven scores export --all [filters] --format csv|json
    ohseven scores analyse ID [--seat NAME] [--samples N] [--json]

Every action takes ``--save-dir``. A save's ID is its file name without ``.json``.
``list``, ``players`` and ``export --all`` read the saved games' index (storage.index),
brought up to date from the folder first, so they never replay every game. A bad
save is one line on stderr naming the file (exit 2 for ``show``/``export``; ``list``
and ``players`` skip it with a warning). Nothing here writes a save file.

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
from contextlib import contextmanager
from typing import Iterator

from ..paths import path_argument
from .common import RegistryHelp

SORT_KEYS = ("date", "id", "game", "players", "winner", "score")  # as storage.index (not imported: fast start)
FORMATS = ("csv", "json", "md")
PROGRESS_FROM = 50  # files to read before a progress bar is worth drawing


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

    def filters(a: argparse.ArgumentParser, states: bool = True) -> None:
        game_filter(a)
        a.add_argument("--player", metavar="NAME",
                       help="only games this player played: a name, or a bot such as 'normal bot'")
        a.add_argument("--since", type=_day, metavar="DATE", help="only games saved on or after DATE (YYYY-MM-DD)")
        a.add_argument("--until", type=_day, metavar="DATE", help="only games saved on or before DATE (YYYY-MM-DD)")
        if states:
            state = a.add_mutually_exclusive_group()
            state.add_argument("--finished", dest="state", action="store_const", const="finished",
                               help="only finished games")
            state.add_argument("--aside", dest="state", action="store_const", const="aside",
                               help="only games put aside unfinished")

    a = add("list", "every saved game: date, game, players, winner, scores", run_list)
    a.add_argument("--sort", type=_sort_key, default="date",
                   help="sort by date (newest first), id, game, players, winner or score (highest first)")
    a.add_argument("--reverse", action="store_true", help="reverse the order")
    filters(a)
    a.add_argument("--no-pager", action="store_true", help="on a terminal, print the whole list at once")
    a = add("show", "one game's scoresheet per round and its statistics", run_show)
    a.add_argument("id", metavar="ID", help="the save's ID (its file name without .json) or a path")
    a.add_argument("--no-pager", action="store_true", help="on a terminal, print it all at once")
    a = add("players", "each player across the saves: games, wins, points, each game family's rates", run_players)
    filters(a, states=False)
    a.add_argument("--no-pager", action="store_true", help="on a terminal, print it all at once")
    a = add("export", "one game's scoresheet (CSV, JSON or Markdown), or --all saves as rows (CSV or JSON)",
            run_export)
    a.add_argument("id", metavar="ID", nargs="?", help="the save's ID (its file name without .json) or a path")
    a.add_argument("--all", action="store_true", help="every saved game (or those the filters keep), a row per seat")
    a.add_argument("--format", choices=FORMATS, default="csv", help="csv (default), json or md (one game only)")
    a.add_argument("--sort", type=_sort_key, default="date", help="with --all: the order, as list's --sort")
    filters(a)
    from . import analyse  # the coach (issue 37): its own module, loaded only when it runs

    a = add("analyse", "where a player's points went, decision by decision: the losses, accuracy and biggest "
            "mistakes", analyse.run)
    analyse.add_arguments(a)


def _day(text: str) -> str:
    """An argparse type: a calendar day as YYYY-MM-DD."""
    from datetime import date

    from ..safetext import quoted

    try:
        return date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"a date must be YYYY-MM-DD, like 2026-03-01, not {quoted(text)}") from None


def _sort_key(text: str) -> str:
    """An argparse type: a sort key ("rules" is the old name of "game")."""
    from ..safetext import quoted

    key = "game" if text == "rules" else text
    if key not in SORT_KEYS:
        raise argparse.ArgumentTypeError(f"cannot sort by {quoted(text)}; choose one of: {', '.join(SORT_KEYS)}")
    return key


def _missing_action(args) -> int:
    from .common import UsageError

    raise UsageError("ohseven scores: choose an action: list, show, players, export or analyse (see ohseven scores --help)")


def _game_filter(args, command: str):
    """The ``--game`` name checked against the registry (None: every game)."""
    from .common import spec_named

    return spec_named(args.game, f"scores {command}").name if args.game is not None else None


def _console():
    import os

    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            """The reader stopped (``| head -1``): that is not an error (Rich exits 1)."""
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing more to flush at exit
            raise SystemExit(0)

    # No markup or emoji codes in any string (names and file names are not markup);
    # every text from a save is also made printable first (_t).
    console = _Console(highlight=False, markup=False, emoji=False)
    if not console.is_terminal:  # piped: no width to fit, so never wrap or cut a cell (one row, one line)
        console.width = 100_000
    return console


def _pager_wanted(console, args) -> bool:
    """On a terminal that also types (a person reading), unless --no-pager."""
    return console.is_terminal and sys.stdin.isatty() and not getattr(args, "no_pager", False)


@contextmanager
def _paged(console, args) -> Iterator[None]:
    """What is printed inside goes through the pager on a terminal (as list's rows
    do), kept as the terminal would show it; --no-pager or a pipe prints it as it comes."""
    if not _pager_wanted(console, args):
        yield
        return
    with console.capture() as captured:
        yield
    _page(captured.get().rstrip("\n").split("\n"))


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


def _index(args, command: str):
    """The saves folder's index, brought up to date (a progress bar on a terminal
    when many files are read), its notice and warnings on stderr."""
    from ..storage.index import open_index
    from .common import UsageError, usable_save_dirs

    dirs = usable_save_dirs(args.save_dir, f"scores {command}", writing=False)  # one not made yet: no games
    index = open_index(dirs)
    result = index.refresh(_progress_bar())
    if result.warnings and result.warnings[0].startswith("cannot list"):  # nothing to show: an error, not a warning
        index.close()
        raise UsageError(f"ohseven scores {command}: {result.warnings[0]}")
    if result.notice:
        _warn(command, [result.notice])
    _warn(command, result.warnings)
    return dirs, index


class _Bar:
    """A Rich progress bar on stderr, drawn only on a terminal and only when many
    files are read (a cold index)."""

    def __init__(self) -> None:
        from typing import Any

        self.progress: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.progress is None:
            if total < PROGRESS_FROM or done >= total:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self.progress = Progress(TextColumn("Reading saved games"), BarColumn(), MofNCompleteColumn(),
                                     TimeRemainingColumn(), console=Console(stderr=True), transient=True)
            self.progress.start()
            self.task = self.progress.add_task("read", total=total)
        self.progress.update(self.task, completed=done)
        if done >= total:
            self.progress.stop()


def _progress_bar():
    return _Bar() if sys.stderr.isatty() else None


def _filter(args, command: str):
    from ..storage.index import SaveFilter

    return SaveFilter(game=_game_filter(args, command), player=args.player, since=args.since, until=args.until,
                      state=getattr(args, "state", None))


def _filter_words(where) -> str:
    """" of classic, with Ann, from 2026-03-01": what the filters kept, in words."""
    parts = []
    if where.game:
        parts.append(f"of {where.game}")
    if where.player:
        parts.append(f"with {where.player}")
    if where.since and where.until:
        parts.append(f"from {where.since} to {where.until}")
    elif where.since:
        parts.append(f"since {where.since}")
    elif where.until:
        parts.append(f"until {where.until}")
    if where.state:
        parts.insert(0, "finished" if where.state == "finished" else "put aside")
    return (" " + ", ".join(parts)) if parts else ""


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
    from ..engine.registry import UnknownGame, game_spec
    from ..safetext import printable
    from ..storage import rules_short
    from .tables import Column, table_lines

    where = _filter(args, "list")
    dirs, index = _index(args, "list")
    console = _console()
    terminal = console.is_terminal
    # On a terminal a name and its score never split over two lines (a no-break
    # space between); into a pipe the row is one line anyway, with plain spaces.
    tie = "\u00a0" if terminal else " "
    with index:
        total = index.count(where)
        rows = index.lines(where, args.sort, args.reverse, tie)
    if not rows:
        console.print(_t(f"No saved games{_filter_words(where)} in {dirs.saves}."))
        return 0
    labels: dict[str, str] = {}
    games: dict[tuple[str, str], str] = {}  # (game, options) -> the Game cell: a few among thousands of rows

    def game_cell(game: str, options: str) -> str:
        key = (game, options)
        if key not in games:
            try:
                spec = game_spec(game)
                games[key] = printable(rules_short(spec, json.loads(options)))
                labels[spec.name] = spec.label
            except UnknownGame:  # a game this ohseven does not have: its name as saved
                games[key] = printable(game)
        return games[key]

    cells = [[printable(ident) + (f" (+{copies})" if copies else ""), printable(_short_date(date)),
              game_cell(game, options), printable(players),
              printable(winners or "") if finished else "(unfinished)", printable(scores or "")]
             for ident, date, game, options, players, finished, rounds, winners, scores, copies in rows]
    columns = [Column("ID", wrap=False), Column("Date", wrap=False), Column("Game"), Column("Players"),
               Column("Winner"), Column("Scores")]
    title = printable(f"Saved games in {dirs.saves}" + (f" ({total}{_filter_words(where)})" if total else ""))
    # The Game column names each game as the command line does; say what each is.
    legend = printable("Games: " + ", ".join(f"{name} = {label}" for name, label in sorted(labels.items())))
    if any(row[-1] for row in rows):
        legend += "\nID (+N): the same game in N more files (copies): it counts once, as the file furthest on."
    # Drawn a row at a time (thousands of rows: Rich would lay them all out first).
    bold = terminal and console.color_system is not None
    lines = [("\x1b[1m" + title + "\x1b[0m") if bold else title,
             *table_lines(columns, cells, console.width if terminal else None, bold=bold), legend]
    if _pager_wanted(console, args):
        _page(lines)
    else:
        _write_lines(lines)
    return 0


def _write_lines(lines) -> None:
    out = sys.stdout
    for line in lines:
        out.write(line + "\n")


def _page(lines) -> None:
    """Into the user's pager ($PAGER, else less; less quits at once when it all fits),
    a line at a time, so its first page shows at once; printed if there is none."""
    import os
    import shlex
    import shutil
    import subprocess

    command = shlex.split(os.environ.get("PAGER") or "less")
    if not command or shutil.which(command[0]) is None:
        _write_lines(lines)
        return
    env = dict(os.environ)
    env.setdefault("LESS", "-FRX")  # one screen or less: no pager; bold kept
    pager = subprocess.Popen(command, stdin=subprocess.PIPE, env=env, encoding="utf-8", errors="replace")
    assert pager.stdin is not None
    try:
        for line in lines:
            pager.stdin.write(line + "\n")
        pager.stdin.close()
    except (BrokenPipeError, OSError):  # the reader quit the pager before the end
        pass
    pager.wait()


# ---------------------------------------------------------------------------- show
def _numeric(values) -> bool:
    return all(v.lstrip("+-").isdigit() for v in values if v)


def run_show(args) -> int:
    saved = _load_one(args, "show")
    console = _console()
    with _paged(console, args):
        _print_show(console, saved)
    return 0


def _print_show(console, saved) -> None:
    from rich.table import Table

    from ..storage import sheet_of, stats_of

    game = saved.game
    sheet, stats = sheet_of(saved), stats_of(saved)
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


# ---------------------------------------------------------------------------- players
def run_players(args) -> int:
    where = _filter(args, "players")
    dirs, index = _index(args, "players")
    with index:
        rows = index.players(where)
        families = index.families(where)
    console = _console()
    if not rows:
        console.print(_t(f"No saved games{_filter_words(where)} in {dirs.saves}."))
        return 0
    with _paged(console, args):
        _print_players(console, rows, families, where)
    return 0


def _print_players(console, rows, families, where) -> None:
    from rich.table import Table

    from ..engine.registry import family_words

    total = sum(families.values())
    console.print(_t(f"Players across {total} saved game{'s' if total != 1 else ''}{_filter_words(where)}",
                     style="bold"))
    table = Table(title=_t("All games"), title_justify="left")
    for col in ("Player", "Games", "Finished", "Wins"):  # wins are out of the finished games
        table.add_column(col, justify="left" if col == "Player" else "right")
    for p in rows:
        table.add_row(_t(p.label), str(p.games), str(p.finished), str(p.wins))
    console.print(table)
    # One table per family, with only the rates that family keeps.
    for family, count in families.items():
        label, word = family_words(family)
        players = [p for p in rows if family in p.families]
        tallies: dict[str, str] = {}
        for p in players:
            for tally in p.families[family].tallies:
                tallies.setdefault(tally.key, tally.label)
        table = Table(title=_t(f"{label}: {count} game{'s' if count != 1 else ''}"), title_justify="left")
        for col in ("Player", "Games", "Finished", "Wins", f"{word.capitalize()}s", f"Points/{word}",
                    *tallies.values()):
            table.add_column(col, justify="left" if col == "Player" else "right")
        for p in players:
            f = p.families[family]
            rates = {t.key: t.rate for t in f.tallies}
            table.add_row(_t(p.label), str(f.games), str(f.finished), str(f.wins), str(f.rounds),
                          f"{f.points_per_round:+.2f}",
                          *(_rate(rates.get(key)) for key in tallies))
        console.print(table)


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
        word = saved.game.spec.view(saved.game.options).round_word.capitalize()  # "Hand" where it plays hands
        out.append(f"| {word} | {_md_cell(sheet.contract_label)} | " + " | ".join(names) + " |")
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


ALL_FIELDS = ("id", "date", "game", "options", "players", "finished", "rounds", "seat", "name", "kind", "bot",
              "total", "points", "won", "winners", "game_id")


def run_export_all(args) -> int:
    """Every save the filters keep, from the index: JSON (a list of games, each with
    its seats) or CSV (a row per seat per game, formula-safe)."""
    from .common import UsageError

    if args.id is not None:
        raise UsageError(f"ohseven scores export: --all exports every saved game; leave out the ID {args.id!r}")
    if args.format == "md":
        raise UsageError("ohseven scores export: --all writes csv or json (md is for one game)")
    where = _filter(args, "export")
    _, index = _index(args, "export")
    with index:
        rows = list(index.export(where, args.sort))
    if args.format == "json":
        from ..safetext import escape_json_output

        sys.stdout.write(escape_json_output(json.dumps(rows, indent=1, ensure_ascii=False)) + "\n")
        return 0
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ALL_FIELDS)
    for game in rows:
        names = [seat["name"] for seat in game["seats"]]
        winners = ", ".join(names[s] for s in game["winners"] if 0 <= s < len(names))
        for seat in game["seats"]:
            values = {**game, **seat, "options": game["options"], "winners": winners}
            writer.writerow([_csv_value(values.get(key)) for key in ALL_FIELDS])
    sys.stdout.write(out.getvalue())
    return 0


def run_export(args) -> int:
    if args.all:
        return run_export_all(args)
    if args.id is None:
        from .common import UsageError

        raise UsageError("ohseven scores export: name a saved game's ID, or --all for every saved game")
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
