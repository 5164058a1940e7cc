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
