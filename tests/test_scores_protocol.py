"""The commands on the game protocol (issue 11): ``--game`` from the registry (``--rules``
kept as its alias), the game's options on the command line, and ``scores show`` /
``export`` drawn from whatever the game's SheetView and StatsView declare, so a game
the commands have never heard of shows its own scoresheet.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ohseven_tui.cli import main
from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import SheetCell, SheetRound, SheetView, Stat, StatsView, Tally

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "saves"


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))
    monkeypatch.setenv("COLUMNS", "250")


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main(list(argv))
    out, err = capsys.readouterr()
    return rc, out, err


def one_line_error(rc, out, err) -> str:
    assert rc == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    return err.strip()


# ---------------------------------------------------------------------------- --game and options
@pytest.mark.parametrize("name", [spec.name for spec in registry.games()])
def test_game_and_its_alias_rules_play_the_same_games(capsys, name):
    low, high = registry.game_spec(name).players
    n = min(max(3, low), high)  # 3, or the count a game of fixed size needs
    argv = ["simulate", "--players", str(n), "--games", "1", "--seed", "2", "--bots", ",".join(["easy"] * n), "--json"]
    rc, by_game, err = run(capsys, *argv, "--game", name)
    assert rc == 0 and err == ""
    rc, by_rules, _ = run(capsys, *argv, "--rules", name)
    assert by_game == by_rules
    data = json.loads(by_game)
    assert data["game"] == data["rules"] == name
    assert data["options"] == registry.game_spec(name).check_options({"players": n})


def test_the_default_game_is_the_registrys(capsys):
    rc, out, _ = run(capsys, "simulate", "--games", "1", "--bots", "easy,easy,easy,easy", "--json")
    assert rc == 0 and json.loads(out)["game"] == registry.default_game().name


def test_an_option_by_name_is_the_same_as_its_flag(capsys):
    spec = next(s for s in registry.games() if any(o.name == "passing" for o in s.options))
    argv = ["simulate", "--game", spec.name, "--games", "1", "--seed", "4", "--json"]
    rc, flag, _ = run(capsys, *argv, "--passing")
    assert rc == 0
    rc, named, _ = run(capsys, *argv, "--option", "passing=true")
    assert rc == 0 and named == flag and json.loads(named)["options"]["passing"] is True


@pytest.mark.parametrize("option, words", [("nope=1", "nope"), ("passing=maybe", "maybe"), ("passing", "name=value")])
def test_a_bad_option_is_one_line(capsys, option, words):
    err = one_line_error(*run(capsys, "simulate", "--games", "1", "--option", option))
    assert words in err


def test_help_lists_the_registered_games(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    for spec in registry.games():
        assert spec.name in out


def test_the_command_line_starts_without_loading_a_game_or_a_bot():
    """``ohseven --help`` and ``scores list`` must stay fast: building the parser
    imports no game family and no bot."""
    code = ("import sys; from ohseven_tui.cli import build_parser; build_parser(); "
            "print(sorted(m for m in sys.modules if m.startswith(('ohseven_tui.games', 'ohseven_tui.bots'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_scores_filters_by_game_and_by_its_alias(capsys):
    rc, by_game, _ = run(capsys, "scores", "list", "--game", "classic", "--save-dir", str(SAMPLES))
    rc2, by_rules, _ = run(capsys, "scores", "list", "--rules", "classic", "--save-dir", str(SAMPLES))
    assert rc == rc2 == 0 and by_game == by_rules and "sim-61-0001" in by_game and "sim-62-0001" not in by_game
    err = one_line_error(*run(capsys, "scores", "list", "--game", "bridge", "--save-dir", str(SAMPLES)))
    assert "bridge" in err and all(spec.name in err for spec in registry.games())


# ---------------------------------------------------------------------------- a game's own sheet
def _toy_sheet(obs) -> SheetView:
    names = tuple(s.name for s in obs.seats)
    n = len(names)
    rounds = tuple(
        SheetRound(number=r, label=f"T{r}", head=(f"turn {r}", f"moon {r * 7}"), note="eclipse" if r == 2 else "",
                   dealer=0, cells=tuple(SheetCell(f"x{s}", "", r * 10 + s, True, r * 100 + s) for s in range(n)),
                   rows=tuple((f"glyph-{r}-{s}", f"{r * 100 + s}") for s in range(n)))
        for r in (1, 2)
    )
    return SheetView(names=names, total_rounds=3, labels=("T1", "T2", "T3"), rounds=rounds, current=None,
                     totals=tuple(200 + s for s in range(n)), round_columns=("Turn", "Moon"),
                     seat_columns=("Glyph", "Sum"), legend="toy legend", notes="Toy notes (Z9).")


def _toy_stats(obs) -> StatsView:
    n = len(obs.seats)
    return StatsView(table=(Stat("Z1", "owls", "12"), Stat("Z2", "newts", "3", long_label="newts seen")),
                     columns=(("Z3", "Hoots"),), seats=tuple((f"{s}h",) for s in range(n)), note="Toy stats note.",
                     tallies=(Tally("hoot", "Hoot", tuple(range(n))),))


@pytest.fixture
def toy_view(monkeypatch):
    """The classic sample's game, but its spec declares a sheet and statistics that
    no command could guess."""
    spec = registry.game_spec("classic")
    monkeypatch.setitem(registry._SPECS, "classic", dataclasses.replace(spec, sheet=_toy_sheet, stats=_toy_stats))
    return "sim-61-0001"


def test_show_prints_the_games_declared_sheet_and_statistics(capsys, toy_view):
    rc, out, err = run(capsys, "scores", "show", toy_view, "--save-dir", str(SAMPLES))
    assert rc == 0 and err == ""
    names = [s["name"] for s in json.loads((SAMPLES / f"{toy_view}.json").read_text())["record"]["seats"]]
    rows = [[c.strip() for c in line.split("│")[1:-1]] for line in out.splitlines() if line.startswith("│")]
    sheet = [r for r in rows if len(r) == 5]  # Turn, Moon, Player, Glyph, Sum
    assert sheet[0][:2] == ["turn 1", "moon 7"] and sheet[1][:2] == ["", ""]
    assert [r[2:] for r in sheet] == [[names[s], f"glyph-{r}-{s}", f"{r * 100 + s}"] for r in (1, 2)
                                      for s in range(len(names))]
    assert sheet[len(names) + 1][1] == "eclipse"  # the round's note, under its head
    for words in ("Turn", "Moon", "Glyph", "Sum", "Toy notes (Z9).", "owls", "12", "newts seen", "hoots",
                  "Toy stats note."):
        assert words in out
    assert "Z1 owls" not in out and "Z3 hoots" not in out  # labels in words
    assert "Unfinished" not in out and "Cards" not in out and "Trump" not in out


def test_export_falls_back_on_the_declared_columns(capsys, toy_view):
    rc, out, _ = run(capsys, "scores", "export", toy_view, "--format", "json", "--save-dir", str(SAMPLES))
    assert rc == 0
    data = json.loads(out)
    players = len(json.loads((SAMPLES / f"{toy_view}.json").read_text())["record"]["seats"])
    assert data["game"] == "classic" and data["options"] == {"players": players}
    assert data["rounds"][1]["Turn"] == "turn 2" and data["rounds"][1]["seats"][3]["Glyph"] == "glyph-2-3"
    assert data["stats"]["table"] == {"Z1 owls": "12", "Z2 newts seen": "3"}
    rc, out, _ = run(capsys, "scores", "export", toy_view, "--format", "csv", "--save-dir", str(SAMPLES))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 2 * players
    assert rows[players + 1]["Glyph"] == "glyph-2-1" and rows[players + 1]["Moon"] == "moon 14"
    rc, out, _ = run(capsys, "scores", "export", toy_view, "--format", "md", "--save-dir", str(SAMPLES))
    assert "| owls | 12 |" in out and "glyph-2-3" in out and "Toy notes (Z9)." in out


def test_players_pool_the_declared_tallies(capsys, toy_view, tmp_path):
    shutil.copy(SAMPLES / f"{toy_view}.json", tmp_path)  # a folder of its own: the samples' index holds the real figures
    rc, out, err = run(capsys, "scores", "players", "--game", "classic", "--save-dir", str(tmp_path))
    assert rc == 0 and err == ""
    headers = [line for line in out.splitlines() if "Player" in line and "┃" in line]
    assert len(headers) == 2  # every game, then the family's own table with its tallies
    assert "Hoot" in headers[1] and "Fill" not in out
