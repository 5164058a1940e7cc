"""A safety net: no test ever touches the user's own saves or settings.

Every test runs with the save directory and the XDG data, state and config homes
inside its own temporary directory, and without the caller's OHSEVEN_CONFIG_DIR
(subprocesses inherit the environment too).
Tests that need another directory still set their own.
"""

import importlib.util
import inspect
import os
import re

import pytest

# Where the game itself is not installed (a bare python3 without textual and rich),
# nothing of it can be tested: every test is skipped, naming what is missing. Where
# only a test extra is missing, the tests that need it are skipped, naming it, and
# every other test runs. The README's test command installs them all.
RUNTIME = ("textual", "rich", "platformdirs", "textual_plotext")
# websockets is a runtime dependency of network play only: without it just those tests skip.
EXTRAS = ("pyte", "hypothesis", "syrupy", "pytest_textual_snapshot", "pytest_asyncio", "websockets")
MISSING = {name for name in RUNTIME + EXTRAS if importlib.util.find_spec(name) is None}
INSTALL = 'pip install -e ".[test]"'
_NO_MODULE = re.compile(r"No module named '([\w.]+)'")


def _missing_extra(text: str):
    match = _NO_MODULE.search(text)
    name = match.group(1).split(".")[0] if match else None
    return name if name in MISSING else None


def _reason(name: str) -> str:
    return f"needs {name}, which is not installed ({INSTALL})"


def _skipped(path, name: str) -> tuple:
    return (str(path), 0, f"Skipped: {_reason(name)}")


def pytest_collection_modifyitems(items):
    missing = sorted(MISSING.intersection(RUNTIME))
    if missing:
        skip = pytest.mark.skip(reason=f"the game is not installed here (no {', '.join(missing)}): {INSTALL}")
        for item in items:
            item.add_marker(skip)
    for item in items:  # plugins of the test extras: Pilot's async tests, the snapshots
        if "pytest_asyncio" in MISSING and inspect.iscoroutinefunction(getattr(item, "function", None)):
            item.add_marker(pytest.mark.skip(reason=_reason("pytest-asyncio")))
        elif "pytest_textual_snapshot" in MISSING and "snap_compare" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.skip(reason=_reason("pytest-textual-snapshot")))
    rank = {name: i for i, name in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FIRST)))  # stable: the rest keep their order


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    report = outcome.get_result()
    name = _missing_extra(str(report.longrepr)) if report.failed and MISSING else None
    if name:
        report.outcome, report.longrepr = "skipped", _skipped(collector.path, name)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if MISSING and call.excinfo is not None and call.excinfo.errisinstance(ModuleNotFoundError):
        name = _missing_extra(str(call.excinfo.value))
        if name:
            report.outcome, report.longrepr = "skipped", _skipped(item.path, name)


@pytest.fixture(autouse=True)
def _private_save_dirs(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("OHSEVEN_SAVE_DIR", str(home / "saves"))
    monkeypatch.delenv("OHSEVEN_CONFIG_DIR", raising=False)  # the settings go under XDG_CONFIG_HOME, never the caller's
    for var in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(home / var.lower()))


@pytest.fixture
def bots_only_play():
    """``bots_only_play("normal", "oh-seven")``: for one test, the bot registry says
    that bot plays only those games (whatever the bots have learnt since)."""
    import dataclasses

    from ohseven_tui.bots import registry

    saved = []

    def narrow(name, *games):
        spec = registry.bot_spec(name)
        saved.append(spec)
        registry.register_bot(dataclasses.replace(spec, families=(), games=games, every_game=False),
                              keep_taught=False)

    yield narrow
    for spec in reversed(saved):
        registry.register_bot(spec, keep_taught=False)


@pytest.fixture(autouse=True)
def _shared_screens_take_pilot_keys(monkeypatch):
    """Pilot sends each key only after the screen before it settled, so the wait
    of a screen a move opened (a reveal, a round's scores) for a quiet moment would
    only slow every test down: it is off here. Its own tests set the real value.
    (The hand-off's own key and the key gate's wait for a drawn frame stay on:
    they need no clock.)"""
    if MISSING & {"textual", "rich"}:
        return  # no app to play here (the tests that need one are skipped)
    from ohseven_tui.ui.screens import autoclose

    monkeypatch.setattr(autoclose, "SETTLE", 0.0)


# Files whose tests play whole games or drive a real terminal: they run first, so
# that in parallel runs (-n) the short tests fill in at the end instead of one
# long test running alone at the end. Order only: every test still runs.
LONG_FIRST = ("test_ui_privacy.py", "test_handoff_keys_terminal.py", "test_autoclose_terminal.py", "test_ui.py",
              "test_tiny_terminal.py", "test_hostile_ui.py", "test_ui_flow.py", "test_ui_table_flow.py",
              "test_net_games.py")


@pytest.hookimpl(optionalhook=True)  # xdist's hook: a python without xdist must still run the suite
def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than the machine has cores. Many tests spend part
    of their time waiting for the app (a pty's output, a screen's next frame, a
    server's answer), and a third worker on two cores fills that time: the suite
    took 8 m 48 s instead of 12 m 09 s, measured on the same 2-core machine."""
    return (os.cpu_count() or 1) + 1


def pytest_configure(config):
    # -n makes xdist's default "load" scheduling: worksteal instead (see pyproject.toml).
    if getattr(config.option, "dist", None) == "load":
        config.option.dist = "worksteal"
