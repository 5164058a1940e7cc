"""Hostile names and files in the app (issue 10, section 3), driven with Pilot: the
names typed (pasted) into the setup screen and played with, the remembered setup
and --continue, and the saved games screen, review, players view and delete
confirmation over hostile saves. Nothing crashes, no raw control character is
drawn, and the text survives where it can.
"""

from __future__ import annotations

import pytest
from hostile import NAMES, hostile_tables, raw_controls, write_hostile_saves
from test_ui_driver import delivered, play_game, until, wait_for_input
from test_ui_saves_setup import open_setup
from textual.widgets import DataTable, Input, Select

from ohseven_tui.storage import save_dirs
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.snapshot import screen_text

SIZE = (160, 50)
TABLES = [t for t in hostile_tables()[:2]]  # the 18 names of NAMES: two tables of 9


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(tmp_path / "env-saves"))


def assert_screen_safe(app) -> str:
    text = screen_text(app)
    found = raw_controls(text)
    assert not found, f"raw control characters on {type(app.screen).__name__}: {found!r}"
    return text


async def safe_screen(pilot) -> str:
    """assert_screen_safe once the compositor has drawn the current screen."""
    def drawn() -> tuple[str] | None:
        try:
            return (assert_screen_safe(pilot.app),)
        except TypeError:  # a strip not rendered yet
            return None

    await pilot.pause()
    (text,) = await until(pilot, drawn, "the screen drawn")
    return text



# What a name typed into the setup keeps, where it differs from a save's (NAMES): a
# control sequence goes whole there, the title an OSC would set with it (issue 36).
TYPED = {**dict(NAMES), "\x1b]0;PWN\x07": None}

HUMANS = 3  # hand-offs, bid and play screens name these; the seat boxes and the reveal name everyone


async def fill_setup(pilot, names: list[str]) -> None:
    """A hostile name in every seat (as a paste would put it in): the first three
    people at one screen (hot-seat), the rest bots."""
    screen = pilot.app.screen
    screen.query_one("#players", Select).value = len(names)
    await pilot.pause()
    for i, name in enumerate(names):
        screen.query_one(f"#name-{i}", Input).value = name
        screen.query_one(f"#kind-{i}", Select).value = "human" if i < HUMANS else "normal"
    await pilot.pause()


@pytest.mark.parametrize("names", TABLES, ids=["table-1", "table-2"])
async def test_hostile_names_from_setup_through_bidding_and_play(tmp_path, names):
    dirs = save_dirs(tmp_path / "saves")
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0)
    seen = []
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        await fill_setup(pilot, names)
        await pilot.click("#start")

        plays = []

        def on_turn(screen):
            seen.append(assert_screen_safe(app))
            plays.append(type(screen).__name__)

        # Every seat bids (the bid screen had the markup crash), the reveal, then two tricks
        # (every name is in the seat boxes at each turn).
        await play_game(pilot, on_turn=on_turn,
                        stop=lambda s: isinstance(s, ScoresheetScreen) or plays.count("TableScreen") > 2 * HUMANS)
        assert_screen_safe(app)
        assert "RevealScreen" in plays
    shown = "\n".join(seen)
    for name, survives in TYPED.items():
        if name in names and survives is not None:
            assert survives in shown, name

    # The name is kept in the last setup: the next New game and --continue still work.
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await open_setup(pilot)
        kept = [app.screen.query_one(f"#name-{i}", Input).value for i in range(len(names))]
        for name, value in zip(names, kept):
            assert not raw_controls(value) and (TYPED.get(name) or "") in value, (name, value)
        assert_screen_safe(app)
        await pilot.click("#start")
        # the first game is unfinished: the app asks, naming its players
        await until(pilot, lambda: type(app.screen).__name__ == "UnfinishedGameScreen", "the unfinished game's question")
        assert_screen_safe(app)
        await pilot.press("a")  # put it aside and start the new one
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        await wait_for_input(pilot)
        assert_screen_safe(app)
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=0, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_input(pilot)
        assert_screen_safe(app)
        assert type(app.screen).__name__ != "MenuScreen"


async def test_saved_games_review_players_and_delete_over_hostile_saves(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    write_hostile_saves(saves, ["hostile-0", "[b]x\x1b]0;T\x07[@click=quit]", "hostile-2"])
    app = OhSevenApp(save_dir=saves)
    async with app.run_test(size=SIZE) as pilot:
        from test_ui_saves import open_saved_games, rows_sized, wait_for_rows

        await open_saved_games(pilot)
        await rows_sized(pilot, 3)
        text = await safe_screen(pilot)
        assert "Ann [ace]" in text or "Ann [ace]" not in hostile_tables()[0]
        table = app.screen.query_one(DataTable)
        assert table.row_count == 3
        listing = app.screen
        for row in range(3):
            table.move_cursor(row=row)
            await until(pilot, lambda row=row: table.cursor_row == row, f"the cursor on row {row}")
            await pilot.press("x")  # the delete confirmation quotes the id and the winners
            await until(pilot, lambda: app.screen is not listing, "the question")
            assert type(app.screen).__name__ == "ConfirmScreen"
            await safe_screen(pilot)
            await pilot.press("n")
            await until(pilot, lambda: app.screen is listing, "the list again")
            await pilot.press("enter")  # the review, opened by a worker
            await until(pilot, lambda: app.screen is not listing and app.screen.is_mounted, "the review")
            assert type(app.screen).__name__ == "GameReviewScreen"
            for key in ("s", "t", "c", "r", "right", "right", "bracketright"):
                await pilot.press(key)
                await delivered(pilot, key)
                await safe_screen(pilot)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is listing, "the list again")
        await pilot.press("p")  # every player across the saves
        await wait_for_rows(pilot, "#players-table")
        text = await safe_screen(pilot)
        assert "x[/b]" in text and "Ann [ace]" in text
    assert len(list(saves.glob("*.json"))) == 3  # nothing deleted


@pytest.mark.parametrize("names", hostile_tables(), ids=lambda t: f"{len(t)}-names")
async def test_a_game_of_hostile_bots_to_game_over(tmp_path, names):
    """The names as a save file holds them (never cleaned: a resumed game's names),
    through every shared screen to the game over statistics. Rounds 1-6 are played
    without the app (each round draws the same screens; watched, they close by
    themselves): the app draws the last one and the game over."""
    from helpers import play_first_legal

    from ohseven_tui.games.ohhell import Game, Seat, make_rules
    from ohseven_tui.ui.screens.gameover import GameOverScreen

    rules = make_rules("oh-seven", len(names))
    game = Game(rules, seed=3, seats=[Seat(n, "easy") for n in names])
    play_first_legal(game, lambda g: g.round_number == rules.rounds)
    assert len(game.results()) == rules.rounds - 1
    app = OhSevenApp(game=game, save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await play_game(pilot, on_turn=lambda s: assert_screen_safe(app))
        assert isinstance(screen, GameOverScreen)
        text = await safe_screen(pilot)
        for name, survives in NAMES:  # the statistics cut names at 12 columns
            if name in names and survives is not None and len(name) <= 12:
                assert survives in text, name
        await pilot.press("f1")
        await safe_screen(pilot)
