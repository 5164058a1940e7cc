"""Labels are plain words (issue 19, section 6): the statistics a player reads in
the app's review, in ``ohseven scores show`` and in the Markdown export name each
figure in words, never by its rule id ("V23 hands passed out", "W13 won naming",
"S5"); a rule id may stand in brackets in a sentence, as a citation."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from ohseven_tui.cli import main
from ohseven_tui.engine import registry
from ohseven_tui.storage import list_saves, save_dirs
from ohseven_tui.ui.widgets.scoresheet import statistics

GAMES = [spec.name for spec in registry.games()]


def _ids_as_labels(text: str, ids: set[str]) -> list[str]:
    """Every rule id followed by a word: a label ("S5 pts/round"), not a citation ("(W13):")."""
    return [m.group(0) for i in ids for m in re.finditer(rf"(?<![\w(]){re.escape(i)} +[a-zA-Z]", text)]


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """One finished game of every registered game, saved as ``simulate`` saves it."""
    folder = tmp_path_factory.mktemp("plain-labels")
    for name in GAMES:
        assert main(["simulate", "--game", name, "--games", "1", "--seed", "5",
                     "--save-dir", str(folder / name)]) == 0
    return folder


def _one(folder):
    saves, _ = list_saves(save_dirs(folder))
    (game,) = saves
    return game


@pytest.mark.parametrize("name", GAMES)
def test_statistics_are_labelled_in_words_in_the_app_the_cli_and_the_export(name, saved, capsys):
    folder = saved / name
    game = _one(folder)
    stats = game.game.spec.stats(game.game.observe(0))
    ids = {s.id for s in stats.table} | {rule for rule, _ in stats.columns}
    assert ids  # every family's statistics carry their rule ids (for the tests and the data)

    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(statistics(stats, [s.name for s in game.game.seats]))
    app_text = console.export_text()
    capsys.readouterr()
    assert main(["scores", "show", game.id, "--save-dir", str(folder)]) == 0
    cli_text = capsys.readouterr().out
    assert main(["scores", "export", game.id, "--format", "md", "--save-dir", str(folder)]) == 0
    md_text = capsys.readouterr().out
    for where, text in (("app", app_text), ("show", cli_text), ("md", md_text)):
        assert not _ids_as_labels(text, ids), (where, _ids_as_labels(text, ids))
        for stat in stats.table:
            assert stat.label in text or stat.long in text, (where, stat)


# -- a game's own word for its rounds, and "1 point" -----------------------------
def _unfinished(name: str, folder, hands: int):
    """A game of ``name`` stopped after ``hands`` counted rounds, saved in ``folder``."""
    from ohseven_tui.bots import make_bot
    from ohseven_tui.storage import write_save

    game = registry.new_game(name, {}, seed=4)
    bots = [make_bot("easy", s) for s in range(game.players)]
    while len(game.results()) < hands:
        seats = game.to_act()
        game.apply(game.legal_actions()[0] if not seats else bots[seats[0]].choose(game.observe(seats[0])))
    folder.mkdir(parents=True, exist_ok=True)
    write_save(folder / "stopped.json", game)
    (saved,) = list_saves(save_dirs(folder))[0]
    return saved


@pytest.mark.parametrize("name", GAMES)
def test_an_unfinished_game_counts_its_own_rounds_in_its_own_word(name, tmp_path, capsys):
    from ohseven_tui.ui.screens.unfinished import describe

    saved = _unfinished(name, tmp_path / name, 2)
    view = saved.game.spec.view(saved.game.options)
    word = view.round_word + "s"
    capsys.readouterr()
    assert main(["scores", "show", "stopped", "--save-dir", str(tmp_path / name)]) == 0
    out = capsys.readouterr().out
    (line,) = [ln for ln in out.splitlines() if ln.startswith("Unfinished")]
    assert f" {word} played" in line, line
    assert f"2 of {view.rounds} {word}" in line if view.rounds else "2 " + word in line
    described = describe(saved)
    assert f" {word} played" in described and (view.round_word == "round" or " rounds" not in described)


@pytest.mark.parametrize("name", GAMES)
def test_simulate_counts_rounds_in_the_games_own_word(name, capsys):
    assert main(["simulate", "--game", name, "--games", "1", "--seed", "2"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    word = registry.game_spec(name).view({}).round_word
    assert re.search(rf"\d+ {word}s?$", head), head


def test_a_score_of_one_is_one_point():
    from ohseven_tui.ui.widgets.table_area import score_words

    assert [score_words(s) for s in ("1", "-1", "0", "2", "12/15")] == ["1 pt", "-1 pt", "0 pts", "2 pts", "12/15 pts"]


def test_one_point_and_one_card_are_singular():
    from ohseven_tui.bots import make_bot
    from ohseven_tui.bots.runner import play_game
    from ohseven_tui.engine.cards import Suit
    from ohseven_tui.ui.screens.sevenforseven.narration import bid_words

    said = "".join(str(p) for p in bid_words(1, Suit.SPADES, 7))
    assert said.startswith("1 point,"), said
    assert "".join(str(p) for p in bid_words(2, Suit.SPADES, 7)).startswith("2 points,")
    game = registry.new_game("classic", {"players": 3}, seed=1)  # hands of 7 down to 1
    play_game(game, [make_bot("easy", s) for s in range(3)])
    contracts = [r.contract for r in game.spec.sheet(game.observe(0)).rounds]
    assert contracts[-1].startswith("1 card,") and contracts[0].startswith("7 cards,"), contracts


@pytest.mark.parametrize("name", GAMES)
def test_the_scoresheets_legends_name_things_in_words(name, saved):
    """A legend may cite a rule in brackets ("(R16)"), never use its id as a name ("R11 bonus")."""
    game = _one(saved / name).game
    sheet = game.spec.sheet(game.observe(0))
    view = game.spec.view(game.options)
    texts = [sheet.legend, sheet.lines_legend or "", sheet.notes or "", view.legend, view.in_play_legend or ""]
    rule_id = re.compile(r"(?<![\w(,] )(?<![\w(])[A-Z][0-9]{1,2} +[a-z]")
    for text in texts:
        assert not rule_id.search(text), text
