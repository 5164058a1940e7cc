"""Every game with rules of its own has a guided first hand (issue 36, section 5):
``ohseven tutorial --game G`` takes the names ``ohseven play`` takes, the menu's
Tutorial lets the player pick one, each note names only rule ids its game's rules
page states (the coverage list below is the report's figure), a scripted seat
makes each scripted move once, and a note whose moment has gone is not shown late.

The games are read from the registry (no test here lists them)."""

from __future__ import annotations

import re

import pytest
from test_ui_driver import delivered, refreshed, table, text, until, wait_for_input
from tutorial_helpers import named_ids, stated_ids

from ohseven_tui.cli import main
from ohseven_tui.engine import registry
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.lesson import LessonScreen
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.tutorial import Coach, guided_games

_stated = stated_ids  # found by the game's prefix letter, not by its name


def _own_rules(spec) -> bool:
    return bool(_stated(spec.rule_prefix))


def test_every_game_with_rules_of_its_own_has_a_tutorial():
    """A family's game with its own rules page has a guided hand (variants of a family
    share its tutorial: Oh Hell classic and up-and-down are Oh-Seven's family)."""
    guided = {s.family for s in guided_games()}
    families = {s.family for s in registry.games() if _own_rules(s)}
    assert families <= guided, families - guided
    assert len(guided_games()) == len(guided)  # one per family, in menu order


def test_every_note_names_only_stated_rule_ids_and_the_coverage_list(capsys):
    """The coverage figure: for each tutorial, each note and the rule ids it explains."""
    lines = []
    for spec in guided_games():
        stated = set()
        for prefix in {spec.rule_prefix} | {s.rule_prefix for s in registry.games() if s.family == spec.family}:
            stated |= _stated(prefix)
        coach = Coach(spec)
        covered: set[str] = set()
        lines.append(f"{spec.label} ({len(coach.script.steps)} notes)")
        for n, step in enumerate(coach.script.steps, 1):
            ids = sorted(named_ids(step.title), key=step.title.index)
            assert set(ids) <= stated, (spec.name, step.title)
            covered |= set(ids)
            lines.append(f"  {n:2d}. {step.title.split(' (')[0]:40s} {', '.join(ids) or '-'}")
        assert covered, spec.name
        lines.append(f"  rules explained: {len(covered)} of {len(stated)}: {', '.join(sorted(covered, key=_order))}")
    with capsys.disabled():
        print("\n" + "\n".join(lines))


def _order(rule: str) -> tuple[str, int]:
    return rule[0], int(rule[1:])


@pytest.mark.parametrize("spec", guided_games(), ids=lambda s: s.name)
def test_the_cli_takes_each_guided_game_by_the_name_play_takes(spec, monkeypatch):
    """``ohseven tutorial --game NAME`` opens that game's tutorial (the app is not run here)."""
    from ohseven_tui.commands import play

    started = {}
    monkeypatch.setattr(play, "run_app", lambda args, **kw: started.update(kw) or 0)
    assert main(["tutorial", "--game", spec.name]) == 0
    assert started == {"tutorial": spec.name}


def test_the_cli_refuses_a_game_without_a_tutorial_and_an_unknown_one_in_one_line(capsys):
    without = [s for s in registry.games() if s.tutorial is None]
    for spec in without:
        assert main(["tutorial", "--game", spec.name]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{spec.name} has no tutorial" in err
        assert all(g.name in err for g in guided_games())  # it says which games have one
    assert main(["tutorial", "--game", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice for --game" in err and "Traceback" not in err


async def test_the_menu_tutorial_lets_the_player_pick_a_game(tmp_path):
    """One Tutorial entry (t): with several guided games it asks which; each opens its own."""
    for index, spec in enumerate(guided_games()):
        app = OhSevenApp(save_dir=tmp_path, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for_input(pilot)
            assert text(app).count("Tutorial") >= 1
            await pilot.press("t")
            await pilot.pause()
            if len(guided_games()) > 1:
                shown = text(app)
                assert all(g.label in shown for g in guided_games()), shown
                for _ in range(index):
                    await pilot.press("down")
                await pilot.press("enter")
                await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
            screen = await wait_for_input(pilot, also=(LessonScreen,))
            assert isinstance(screen, LessonScreen) and screen.title_text.startswith("Welcome")
            assert table(app).table.game.spec is spec


async def test_escape_on_the_tutorial_picker_goes_back_to_the_menu(tmp_path):
    if len(guided_games()) < 2:
        pytest.skip("one guided game: the menu opens it at once")
    app = OhSevenApp(save_dir=tmp_path, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = await wait_for_input(pilot)
        await pilot.press("t")
        await until(pilot, lambda: app.screen is not menu, "the tutorial picker")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is menu, "the menu again")
        assert isinstance(app.screen, MenuScreen)


def test_a_scripted_seat_makes_each_scripted_move_once():
    """A raise or a factor bid in a script is made once, not at every turn it is legal."""
    from types import SimpleNamespace

    from ohseven_tui.bots.scripted import ScriptedBot

    bot = ScriptedBot(["raise", "b"])
    assert bot.choose(SimpleNamespace(legal_actions=["a", "raise"])) == "raise"
    assert bot.choose(SimpleNamespace(legal_actions=["a", "raise"])) == "a"  # used: the first legal now
    assert bot.choose(SimpleNamespace(legal_actions=["b", "raise"])) == "b"


def test_a_note_whose_moment_has_gone_is_not_shown_late():
    """Notes show in their order: once a later note has shown, an earlier one that
    never came due is skipped (it would explain a rule after it mattered)."""
    from types import SimpleNamespace

    from ohseven_tui.engine.protocol import TutorialStep

    steps = tuple(TutorialStep(k, k, (lambda o, k=k: k in o.due), lambda o: "words") for k in ("a", "b", "c"))
    coach = Coach.__new__(Coach)
    coach.script = SimpleNamespace(steps=steps)
    coach.shown = []
    assert coach.due(SimpleNamespace(due={"b", "a"})).key == "a"
    coach.shown.append("a")
    assert coach.due(SimpleNamespace(due={"c"})).key == "c"
    coach.shown.append("c")
    assert coach.due(SimpleNamespace(due={"b"})) is None


def test_off_the_lessons_path_the_hand_goes_on_and_every_note_words_itself():
    """The learner takes the lesson's hint only now and then, else any legal move
    (seeded): the round still ends, the notes show in their order, each in words."""
    import random

    for spec in guided_games():
        for seed in range(25):
            rng = random.Random(seed)
            coach = Coach(spec)
            game = coach.new_game()
            bots = coach.bots()
            learner = coach.script.learner
            told = []
            for _ in range(5000):
                obs = game.observe(learner)
                step = coach.due(obs)
                if step is not None:
                    coach.shown.append(step.key)
                    told.append(step.key)
                    assert step.text(obs).strip(), (spec.name, seed, step.key)
                    if step.last:
                        break
                    continue
                seats = game.to_act()
                if not seats:
                    game.apply(game.legal_actions()[0])
                    continue
                seat = seats[0]
                if seat == learner:
                    lesson = coach.hint(obs)
                    action = lesson[0] if lesson and rng.random() < 0.5 else rng.choice(obs.legal_actions)
                else:
                    action = bots[seat].choose(game.observe(seat))
                game.apply(action)
            keys = [s.key for s in coach.script.steps]
            assert told and told[-1] == keys[-1], (spec.name, seed, told)
            assert told == sorted(told, key=keys.index), (spec.name, seed, told)


def test_the_help_names_the_games_that_have_a_tutorial(capsys):
    with pytest.raises(SystemExit) as done:
        main(["tutorial", "--help"])
    assert done.value.code == 0
    out = re.sub(r"-\s+", "-", " ".join(capsys.readouterr().out.split()))  # argparse wraps at a hyphen
    assert all(spec.name in out for spec in guided_games()), out
    assert all(spec.name not in out.split("--game GAME", 1)[1].split("--bot-delay")[0]
               for spec in registry.games() if spec.tutorial is None), out


@pytest.mark.parametrize("spec", guided_games(), ids=lambda s: s.name)
async def test_on_a_small_screen_a_long_note_scrolls_to_its_end(spec, tmp_path):
    """At 60 x 15 a note longer than the screen keeps clear of the keys line, and the
    arrow keys bring its last words into view (they were cut off under the footer)."""
    app = OhSevenApp(tutorial=spec.name, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(60, 15)) as pilot:
        screen = await wait_for_input(pilot, also=(LessonScreen,))
        assert isinstance(screen, LessonScreen)
        box = screen.query_one("#lesson-box")
        assert box.region.bottom <= 14  # the keys line is row 14
        for _ in range(12):
            await pilot.press("down")
        await delivered(pilot, "the downs")
        await refreshed(pilot, [app.focused or screen], "the note scrolled and drawn")
        assert "Press Enter to go on." in text(app)
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not screen, "the note closed")
        assert not isinstance(app.screen, LessonScreen) or app.screen is not screen
