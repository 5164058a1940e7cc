"""Issue 35 item 9: win rates counted games put aside ("8 games, 2 won (25%)" when
3 were finished and 2 won). Rates are over finished games; the page says how many
are unfinished. Expected counts come from the games written here, never from the
index."""

from __future__ import annotations

from pathlib import Path

from index_saves import played, write

from ohseven_tui.storage import save_dirs
from ohseven_tui.storage.index import SaveFilter, open_index


def folder_with(tmp_path: Path) -> tuple[Path, int, int, int]:
    """Ann's saves: some finished, some put aside; (folder, games, finished, won)."""
    folder = tmp_path / "saves"
    folder.mkdir()
    games = finished = won = 0
    for k in range(6):
        game = played("oh-seven", [("Ann", "human"), ("Bot", "easy"), ("Cy", "normal")], seed=100 + k,
                      upto=None if k < 3 else 1)
        write(folder / f"g{k}.json", game, f"2026-01-0{k + 1}T10:00:00")
        games += 1
        if game.is_over:
            finished += 1
            won += 0 in game.winners
    return folder, games, finished, won


def test_a_players_rates_are_over_finished_games(tmp_path):
    folder, games, finished, won = folder_with(tmp_path)
    assert (games, finished) == (6, 3)
    for where in (SaveFilter(), SaveFilter(game="oh-seven")):  # the kept sums and the filtered query
        with open_index(save_dirs(folder)) as index:
            index.refresh()
            (ann,) = [p for p in index.players(where) if p.who == "human:Ann"]
        assert (ann.games, ann.finished, ann.wins) == (games, finished, won)
        assert (ann.families["oh"].finished if "oh" in ann.families else
                next(iter(ann.families.values())).finished) == finished


async def test_the_player_page_gives_the_rate_over_finished_games_and_says_how_many_are_not(tmp_path):
    from test_ui_driver import until

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.players import PlayerScreen
    from ohseven_tui.ui.snapshot import screen_text

    folder, games, finished, won = folder_with(tmp_path)
    with open_index(save_dirs(folder)) as index:  # as the players list leaves it, before a player's page
        index.refresh()
    app = OhSevenApp(save_dir=folder, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(PlayerScreen("human:Ann"))
        want = f"Ann (a person): {games} {'game' if games == 1 else 'games'}, {games - finished} unfinished; {won} won of {finished} finished"
        await until(pilot, lambda: want in " ".join(screen_text(app).split()), "Ann's page", fail_safe=60)
        assert f"({won / finished:.0%})" in screen_text(app)


def test_scores_players_says_how_many_games_were_finished(tmp_path, capsys):
    # `ohseven scores players` counted put-aside games in Games beside Wins, with no word
    # of how many were finished (the app's page says it).
    import re

    from ohseven_tui.cli import main

    folder, games, finished, won = folder_with(tmp_path)
    assert main(["scores", "players", "--save-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if "Player" in line and "Games" in line)
    assert "Finished" in header, header
    row = next(line for line in out.splitlines() if re.search(r"\bAnn\b", line))
    assert re.findall(r"\d+", row)[:3] == [str(games), str(finished), str(won)], row


async def test_the_players_list_says_how_many_games_were_finished(tmp_path):
    # "normal bot  3  2  100%" read as 2 wins of 3 games at 100%: the rate is over the
    # finished games, which the list did not show (found in a walkthrough).
    from test_ui_driver import until
    from textual.widgets import DataTable

    from ohseven_tui.ui.app import OhSevenApp
    from ohseven_tui.ui.screens.players import PlayersScreen

    folder, games, finished, won = folder_with(tmp_path)
    app = OhSevenApp(save_dir=folder, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(PlayersScreen())
        await until(pilot, lambda: isinstance(app.screen, PlayersScreen) and app.screen.query_one(DataTable).row_count,
                    "the players listed", fail_safe=60)
        table = app.screen.query_one(DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert "Finished" in labels, labels
        row = dict(zip(labels, (str(v) for v in table.get_row("human:Ann"))))
        assert (row["Games"], row["Finished"], row["Wins"]) == (str(games), str(finished), str(won)), row
