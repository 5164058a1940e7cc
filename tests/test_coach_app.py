"""The coach in the app (issue 37, sections 1, 2 and 4), driven through the real
app with Pilot: the Analysis key on the game-over screen and the saved game's
review runs in a worker with a progress bar (decisions done / total) that
advances, Escape stops it and the app answers keys meanwhile; the result is
shown, stored, and read back instead of analysed again; the open view is a
second, labelled view; the replay shows the coach's note at the person's
decisions.

What the tests expect comes from the save's record (replayed through the
public game API: which of Ann's actions had a choice, which card she played),
never from the analysis code. A gate in front of the judge holds the worker at
a decision, so nothing depends on the machine's speed.
"""

from __future__ import annotations

import json
import sqlite3
import threading

import pytest
from test_ui_driver import delivered, key_path, refreshed, text, until

from ohseven_tui import storage
from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.coach import analysis as coach_analysis
from ohseven_tui.coach.store import STORE_NAME
from ohseven_tui.engine import parse_card, record, registry
from ohseven_tui.engine.protocol import Seat

pytest.importorskip("textual")

from textual.widgets import ProgressBar, Static  # noqa: E402

from ohseven_tui.ui.app import OhSevenApp  # noqa: E402
from ohseven_tui.ui.screens.analysis import AnalysisScreen  # noqa: E402
from ohseven_tui.ui.screens.game_review import GameReviewScreen  # noqa: E402
from ohseven_tui.ui.screens.gameover import GameOverScreen  # noqa: E402

SIZE = (110, 40)
SAMPLES = 2  # the figures do not matter here: the bookkeeping and the screens do


def finished_game():
    seats = [Seat("Ann", "human"), Seat("Bea", "normal"), Seat("Cy", "normal")]
    game = registry.new_game("oh-seven", {"players": 3}, seed=8, seats=seats)
    play_game(game, [make_bot("normal", s) for s in range(3)])
    assert game.is_over
    return game


@pytest.fixture
def saved(tmp_path):
    dirs = storage.save_dirs(tmp_path / "saves")
    dirs.saves.mkdir(parents=True)
    storage.write_save(dirs.saves / "ann-game.json", finished_game(), game_id="anngame1")
    return storage.load_save(dirs.saves / "ann-game.json"), dirs


def choices(game, seat: int = 0) -> list[int]:
    """The indexes of ``seat``'s actions taken with two legal actions or more, from
    the record replayed (what the coach counts as decisions)."""
    rec = record.to_record(game)
    state = registry.new_game(rec["game"], rec["options"], seed=rec["seed"], seats=game.seats)
    found = []
    for i, action in enumerate(game.history):
        if getattr(action, "seat", None) == seat and len(state.legal_actions(seat)) > 1:
            found.append(i)
        state.apply(action)
    return found


def stored_rows(dirs) -> list[tuple]:
    path = dirs.state / STORE_NAME
    if not path.exists():
        return []
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT view, seat, samples, data FROM analyses").fetchall()
    except sqlite3.OperationalError:
        return []
    finally:
        con.close()


def progress_line(app) -> str:
    found = app.screen.query("#coach-progress")
    return str(found.first(Static).content) if found else ""


def gate_the_judge(monkeypatch) -> threading.Semaphore:
    """The judge waits for a permit before each decision: one is given."""
    gate = threading.Semaphore(1)
    real = coach_analysis.judge

    def gated(*args, **kwargs):
        gate.acquire()
        return real(*args, **kwargs)

    monkeypatch.setattr(coach_analysis, "judge", gated)
    return gate


async def test_the_analysis_key_shows_progress_that_advances_keys_still_work_and_escape_stops_it(saved, monkeypatch):
    save, dirs = saved
    total = len(choices(save.game))
    gate = gate_the_judge(monkeypatch)
    app = OhSevenApp(save_dir=dirs.saves)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        review = GameReviewScreen(save)
        await app.push_screen(review)
        await pilot.press("a")
        await until(pilot, lambda: f"1 / {total}" in progress_line(app), "the first decision done")
        bar = review.query_one("#coach-bar", ProgressBar)
        assert bar.total == total and bar.progress == 1
        gate.release()
        await until(pilot, lambda: f"2 / {total}" in progress_line(app), "the bar advances")
        assert bar.progress == 2
        # The worker holds at decision 3: the screen still answers its keys.
        await pilot.press("r", "right")
        await until(pilot, lambda: "step 2 of" in text(app), "the replay steps while analysing")
        await pilot.press("escape")
        await until(pilot, lambda: "stopped" in progress_line(app), "Escape stops the analysis")
        assert app.screen is review  # Escape stopped the analysis; it did not close the review
        for _ in range(total):
            gate.release()
        await app.workers.wait_for_complete()
        # Had the worker not stopped, its Done would rise from the coach's line to the review: wait for it.
        await delivered(pilot, "the analysis' last word", key_path(app, review.query_one("CoachRun")))
        assert stored_rows(dirs) == []  # nothing half done is kept
        assert not isinstance(app.screen, AnalysisScreen)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not review, "Escape then closes the review")


async def test_game_over_analysis_is_shown_stored_once_and_the_open_view_is_apart(tmp_path):
    game = finished_game()
    total = len(choices(game))
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    app.coach_samples = SAMPLES
    dirs = storage.save_dirs(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen) and "a Analysis" in text(app),
                    "the game-over screen and its keys")
        assert "a Analysis" in " ".join(text(app).split())
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen), "the analysis")
        await until(pilot, lambda: "Accuracy" in text(app), "the fair figures")
        shown = " ".join(text(app).split())
        assert "Fair view" in shown and "ALL HANDS OPEN" not in shown
        assert f"of {total} decisions" in shown
        rows = stored_rows(dirs)
        assert [(v, s, n) for v, s, n, _ in rows] == [("fair", 0, SAMPLES)]
        judged = [d for d in json.loads(rows[0][3])["decisions"] if d["judged"]]
        fine = sum(d["loss"] == 0 for d in judged)
        assert f"Accuracy: {fine} of {len(judged)}" in shown
        # The loss by kind of decision (the action's first word: bid, play), as the command prints it.
        assert "Loss by kind of decision" in shown
        for kind in {d["taken"].split()[0] for d in judged}:
            losses = [d["loss"] for d in judged if d["taken"].split()[0] == kind]
            assert f"{kind} {len(losses)} {sum(losses) / len(losses):.2f} {sum(losses):.2f}" in shown
        await pilot.press("o")
        await until(pilot, lambda: "ALL HANDS OPEN" in text(app) and "Accuracy" in text(app), "the open view")
        assert "Fair view" not in " ".join(text(app).split())
        assert sorted(v for v, *_ in stored_rows(dirs)) == ["fair", "open"]
        await pilot.press("o")
        await until(pilot, lambda: "Fair view" in text(app), "back to the fair view")
        assert "ALL HANDS OPEN" not in text(app)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "back to game over")
        # Asked again: read back, not analysed again (no progress, the same rows).
        made = stored_rows(dirs)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen) and "Accuracy" in text(app),
                    "the stored analysis")
        assert stored_rows(dirs) == made


async def step_to(pilot, title: str) -> None:
    """Step the replay until its title says ``title`` (each step waited for)."""
    for _ in range(len(pilot.app.screen.steps()) + 1):  # round 1's steps, at most
        if title in text(pilot.app):
            return
        await pilot.press("right")
        await delivered(pilot, "right")
        await refreshed(pilot, [w for w in pilot.app.screen.query(Static) if w.display], "the step drawn")
    assert title in text(pilot.app), f"the replay never showed {title!r}"


async def test_the_replay_shows_the_coachs_note_at_anns_decisions(saved):
    save, dirs = saved
    game = save.game
    decisions = set(choices(game))
    rec = record.to_record(game)
    actions = rec["actions"]
    # Ann's first card played with a choice, and its trick in round 1, from the record.
    plays = [i for i in sorted(decisions) if actions[i].split()[1] == "play"]
    first = plays[0]
    card = parse_card(actions[first].split()[2])
    trick = sum(1 for a in actions[:first] if a.split()[1:2] == ["play"]) // 3 + 1
    assert trick <= len(rec["rounds"][0]["tricks"]), "Ann's first choice of a card is in round 1"
    app = OhSevenApp(save_dir=dirs.saves)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        review = GameReviewScreen(save)
        await app.push_screen(review)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen) and "Accuracy" in text(app), "analysed")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is review, "back to the review")
        await pilot.press("r")
        title = f"trick {trick} of"
        await step_to(pilot, title)
        shown = " ".join(text(app).split())
        assert "Coach" in shown and "Ann" in shown
        assert card.pretty() in shown.split("Coach", 1)[1]
        assert "best was" in shown or "as good as the best" in shown
    # A new review of the same save reads the stored analysis: the note without a key.
    app = OhSevenApp(save_dir=dirs.saves)
    app.coach_samples = SAMPLES + 5  # another count: what is stored is used, not made again
    async with app.run_test(size=SIZE) as pilot:
        review = GameReviewScreen(save)
        await app.push_screen(review)
        await pilot.press("r")
        await step_to(pilot, title)
        await until(pilot, lambda: "Coach" in text(app), "the stored note")
        assert len(stored_rows(dirs)) == 1


async def test_an_unfinished_game_is_coached_on_its_finished_rounds_only(tmp_path):
    """Privacy: the round in play of a put-aside game stays hidden in the review, so
    the coach's figures leave it out too ("best was" would show a card still held)."""
    from test_coach_analysis import put_aside_in_round_2

    game = put_aside_in_round_2()
    dirs = storage.save_dirs(tmp_path / "saves")
    dirs.saves.mkdir(parents=True)
    storage.write_save(dirs.saves / "ann-aside.json", game, game_id="annaside")
    save = storage.load_save(dirs.saves / "ann-aside.json")
    rec = record.to_record(save.game)
    deals = [i for i, a in enumerate(save.game.history) if type(a).__name__ == "Deal"]
    round_1 = deals[len(rec["rounds"][0]["deals"])]  # round 2's first deal: round 1 ends before it
    first_round = [i for i in choices(save.game) if i < round_1]
    later = [i for i in choices(save.game) if i >= round_1]
    assert first_round and later
    app = OhSevenApp(save_dir=dirs.saves)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(GameReviewScreen(save))
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen) and "Accuracy" in text(app), "analysed")
        shown = " ".join(text(app).split())
        assert f"of {len(first_round)} decisions" in shown
        assert "round in play" in shown


async def test_a_name_with_markup_and_a_control_character_is_shown_as_typed(tmp_path):
    name = "Ann [bold]x[/bold]\x1b[31m"
    seats = [Seat(name, "human"), Seat("Bea", "normal"), Seat("Cy", "normal")]
    game = registry.new_game("oh-seven", {"players": 3}, seed=8, seats=seats)
    play_game(game, [make_bot("normal", s) for s in range(3)])
    dirs = storage.save_dirs(tmp_path / "saves")
    dirs.saves.mkdir(parents=True)
    storage.write_save(dirs.saves / "odd-name.json", game, game_id="oddname1")
    save = storage.load_save(dirs.saves / "odd-name.json")
    app = OhSevenApp(save_dir=dirs.saves)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        review = GameReviewScreen(save)
        await app.push_screen(review)
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen) and "Accuracy" in text(app), "analysed")
        shown = text(app)
        assert "Ann [bold]x[/bold]\\x1b[31m" in shown and "\x1b" not in shown
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is review, "back")
        await pilot.press("r")
        await step_to(pilot, "Round 1: bid")  # Ann's bid card: a choice of her whole hand
        await until(pilot, lambda: "Coach" in text(app), "a note")
        assert "Coach, Ann [bold]x[/bold]\\x1b[31m" in " ".join(text(app).split())


async def test_escape_at_once_after_the_key_stops_the_analysis_not_the_review(saved, monkeypatch):
    """Typed together: the worker may not have begun when Esc arrives; it is stopped all the same."""
    save, dirs = saved
    gate = gate_the_judge(monkeypatch)
    gate.acquire()  # no decision passes
    app = OhSevenApp(save_dir=dirs.saves)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        review = GameReviewScreen(save)
        await app.push_screen(review)
        await pilot.press("a", "escape")
        await until(pilot, lambda: "stopped" in progress_line(app), "Esc stops the analysis")
        assert app.screen is review
        gate.release()
        gate.release()
        await app.workers.wait_for_complete()
        assert stored_rows(dirs) == []


def _games_of_hands():
    return [spec for spec in registry.games() if spec.view({}).round_word != "round"]


@pytest.mark.parametrize("spec", _games_of_hands(), ids=lambda spec: spec.name)
async def test_a_game_of_hands_is_coached_by_hand(spec, tmp_path):
    """The analysis of a game that plays hands says "Loss by hand", a "Hand" column and
    "Hand N:" for a mistake, as its review and scoresheet do; found trying the app: "Round"."""
    word = spec.view({}).round_word
    n = spec.players[0]
    seats = [Seat("Ann", "human"), *(Seat(f"Normal {s + 1}", "normal") for s in range(1, n))]
    game = registry.new_game(spec.name, {}, seed=5, seats=seats)
    play_game(game, [make_bot("normal", s) for s in range(n)])
    assert game.is_over
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    app.coach_samples = SAMPLES
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen) and "a Analysis" in text(app),
                    "the game-over screen and its keys")
        await pilot.press("a")
        await until(pilot, lambda: isinstance(app.screen, AnalysisScreen) and "Accuracy" in text(app),
                    "the analysis")
        shown = " ".join(text(app).split())
        assert f"Loss by {word}" in shown and f"{word.capitalize()} Decisions Loss" in shown, shown
        assert "round" not in shown.lower(), shown
