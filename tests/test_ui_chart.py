"""The running-score chart (issue 12, section 4): a textual-plotext line per player
with a legend, on the saved-game review and on the game-over screen. Expected
totals are summed here from the raw round points a save file holds, never by the
code under test. Driven through the real app with Pilot.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import raw_controls
from test_ui_driver import handled, play_game, until
from test_ui_saves import open_review, save_dir  # noqa: F401  (the fixture)

from ohseven_tui.engine.record import from_record
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.snapshot import screen_text

ROOT = Path(__file__).resolve().parents[1]
SAVES = ROOT / "saves"


def raw(save_id: str) -> dict:
    return json.loads((SAVES / f"{save_id}.json").read_text(encoding="utf-8"))["record"]


def running(record: dict) -> list[list[int]]:
    """Per seat: 0, then the total after each round, summed from the raw round points."""
    seats = len(record["seats"])
    rows = [[0] for _ in range(seats)]
    for rnd in record["rounds"]:
        for s in range(seats):
            rows[s].append(rows[s][-1] + rnd["round_points"][s])
    return rows


def lines_of(chart) -> list[list[float]]:
    """The y values of every line the plotting library was given (not its markers)."""
    monitor = chart.plot.plt.monitor
    return [list(y) for y, joined in zip(monitor.y, monitor.lines) if joined]


def colours_of(chart) -> list:
    monitor = chart.plot.plt.monitor
    return [tuple(c[0]) if isinstance(c, list) else c for c, joined in zip(monitor.color, monitor.lines) if joined]


def luminance(rgb) -> float:
    def channel(v: int) -> float:
        v = v / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def drawn_colours(chart) -> tuple[set, set]:
    """The foreground colours of the plot's line cells, and its background colours,
    as the widget renders them."""
    text = chart.plot.render()
    fg, bg = set(), set()
    for span in text.spans:
        style = span.style
        if isinstance(style, str) or style.color is None:
            continue
        cells = text.plain[span.start:span.end]
        if any(0x2800 < ord(c) <= 0x28FF for c in cells):  # braille: a line
            fg.add(style.color.get_truecolor())
            if style.bgcolor is not None:
                bg.add(style.bgcolor.get_truecolor())
    return fg, bg


async def chart_drawn(pilot, screen, selector: str):
    """Wait for the chart ``selector`` on ``screen``: mounted, drawn (its legend
    filled) and laid out (its plot and legend given room)."""
    def drawn():
        found = screen.query(selector)
        if not found or not found.first().is_mounted:
            return None
        chart = found.first()
        plot, legend = chart.query(".chart-plot"), chart.query(".chart-legend")
        if not (plot and legend and str(legend.first().render())):
            return None
        return chart if plot.first().size.height and legend.first().size.height else None

    return await until(pilot, drawn, f"the chart {selector} drawn")


async def show_chart(pilot, save_id: str):
    screen = await open_review(pilot, save_id)
    await pilot.press("c")
    return screen, await chart_drawn(pilot, screen, "#review-chart")


async def test_review_chart_has_a_line_per_player_with_the_running_totals(save_dir):  # noqa: F811
    """sim-18-0001: nine players, at the smallest size that must be fully usable."""
    record = raw("sim-18-0001")
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot, "sim-18-0001")
        assert not screen.query("PlotextPlot")  # nothing is plotted before the chart is asked for
        await pilot.press("c")
        chart = await chart_drawn(pilot, screen, "#review-chart")
        assert chart.plot.display and chart.plot.size.height >= 12
        assert lines_of(chart) == running(record)
        assert len(set(colours_of(chart))) == 9  # a colour per player
        shown = screen_text(app)
        for seat in record["seats"]:
            assert seat["name"] in shown  # the legend
        assert "R7" in shown and "round" in shown  # the x axis: the sheet's rounds, the game's word


async def test_review_chart_at_larger_sizes_and_for_other_games(save_dir):  # noqa: F811
    for save_id, size in (("sim-61-0001", (120, 40)), ("sim-62-0001", (200, 60)), ("redeal-2p", (100, 30))):
        record = raw(save_id)
        app = OhSevenApp(save_dir=save_dir)
        async with app.run_test(size=size) as pilot:
            _, chart = await show_chart(pilot, save_id)
            assert lines_of(chart) == running(record), save_id
            assert len(set(colours_of(chart))) == len(record["seats"])
            shown = screen_text(app)
            # Up-and-down has twelve rounds: every one is a tick on the x axis.
            assert f"R{len(record['rounds'])}" in shown


def test_every_sample_charts_zero_labelled():
    """A tick at 0 on the y axis of every sample game's chart."""
    import asyncio

    from textual.app import App

    from ohseven_tui.storage import load_save
    from ohseven_tui.ui.widgets.score_chart import ScoreChart

    async def zero_ticks(path: Path) -> list[str]:
        game = load_save(path).game

        class One(App):
            def compose(self):
                yield ScoreChart(game.spec.sheet(game.observe(0)))

        app = One()
        async with app.run_test(size=(80, 24)) as pilot:
            chart = await chart_drawn(pilot, app.screen, "ScoreChart")
            plain = chart.plot.render().plain
            return [ln for ln in plain.splitlines() if re.match(r"\s*0[┤├]", ln)]

    paths = sorted(SAVES.glob("*.json"))
    assert len(paths) >= 8
    for path in paths:
        rows = asyncio.run(zero_ticks(path))
        assert len(rows) == 1, path.name


async def test_the_lines_read_on_dark_and_light_themes(save_dir):  # noqa: F811
    """Each line's colour against the plot's own background, as drawn: at least 3:1
    (WCAG's contrast for graphics) in the dark theme and again in the light one."""
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=(120, 40)) as pilot:
        _, chart = await show_chart(pilot, "sim-18-0001")
        seen = {}
        told: list[tuple[str, str]] = []  # (theme, who): the chart and its plot each told of a new theme
        for node, who in ((chart, "chart"), (chart.plot, "plot")):
            # Queued behind the node's own handler of the news: once this ran, that one has.
            app.theme_changed_signal.subscribe(node, lambda t, who=who: told.append((t.name, who)))
        for theme in ("textual-dark", "textual-light"):
            changed = app.theme != theme  # the same theme again is no news: the chart stays as drawn
            app.theme = theme
            if changed:
                await until(pilot, lambda theme=theme: {(theme, "chart"), (theme, "plot")} <= set(told),
                            f"the chart and its plot redrawn for {theme}")
            fg, bg = drawn_colours(chart)
            assert len(fg) >= 8 and len(bg) == 1, (theme, fg, bg)
            (back,) = bg
            for colour in fg:
                assert contrast(colour, back) >= 3, (theme, colour, back)
            seen[theme] = fg
        assert seen["textual-dark"] != seen["textual-light"]


async def test_the_chart_degrades_to_text_when_small(save_dir):  # noqa: F811
    """Under 40 columns (or 8 rows) for the chart, the plot gives way to one line of
    each player's total; at 60x12 it is still drawn; nothing crashes down to 10x4."""
    record = raw("sim-4-0001")
    app = OhSevenApp(save_dir=save_dir)

    async def resize(size) -> None:
        before = chart.size
        await pilot.resize_terminal(*size)
        # Every size here is a new width: the chart is laid out again, which queues its
        # resize; once the chart has handled that, it has chosen plot or text.
        await until(pilot, lambda: chart.size != before, f"the chart laid out at {size}")
        await handled(pilot, chart, f"the chart's resize to {size}")
        assert app.is_running, size

    async with app.run_test(size=(80, 24)) as pilot:
        screen, chart = await show_chart(pilot, "sim-4-0001")
        await resize((60, 12))
        assert chart.plot.display
        for size in ((39, 24), (30, 10), (10, 4)):
            await resize(size)
            assert not chart.plot.display  # no plot squeezed past reading
        await resize((39, 24))
        fallback = chart.query_one(".chart-fallback")
        assert fallback.display
        shown = str(fallback.render())
        for seat, total in zip(record["seats"], record["totals"]):
            assert f"{seat['name']} {total}" in shown
        await resize((80, 24))
        assert chart.plot.display


HOSTILE = ["[red]x", "\x1b[2JBea", "[@click=quit]", "Dot\r\nEli"]


async def test_game_over_chart_with_hostile_names(tmp_path):
    """sim-4-0001 replayed to its last trick with hostile names in the seats (names
    change no card), then the app plays that trick (one card each: forced) to game
    over: the chart there has the save's own running totals, and the names show
    literally or escaped, never as markup or a terminal command."""
    record = raw("sim-4-0001")
    data = dict(record, seats=[{"name": n, "player": "easy"} for n in HOSTILE],
                actions=record["actions"][:-4])
    game = from_record(data, check_log=False)
    app = OhSevenApp(game=game, save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_game(pilot)
        assert type(screen).__name__ == "GameOverScreen"
        chart = await chart_drawn(pilot, screen, "#over-chart")
        assert lines_of(chart) == running(record)
        assert len(set(colours_of(chart))) == 4
        legend = str(chart.query_one(".chart-legend").render())
        assert "[red]x" in legend and "[@click=quit]" in legend and "\\x1b[2JBea" in legend
        assert "Dot\\r\\nEli" in legend
        shown = screen_text(app)
        assert not raw_controls(shown)
        # The chart is on screen at 80x24 (the body scrolls to it).
        chart.scroll_visible(animate=False)
        body, legend = screen.query_one("#over-body"), chart.query_one(".chart-legend")
        await until(pilot, lambda: body.can_view_entire(legend), "the chart's legend scrolled into view")
        assert "[red]x" in screen_text(app)
        assert app.is_running


def test_the_app_starts_without_the_plotting_library():
    """Plotting is imported when a chart is shown, not with the app or its screens."""
    code = ("import sys; import ohseven_tui.ui.app, ohseven_tui.ui.screens.game_review, "
            "ohseven_tui.ui.screens.gameover, ohseven_tui.ui.widgets.score_chart; "
            "print(sorted(m for m in sys.modules if 'plotext' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("save_id", ["sim-8-0001", "sim-9-0001"])  # Watten, Seven for Seven
async def test_review_of_every_family_opens_with_its_chart_and_numbers(save_dir, save_id):  # noqa: F811
    """The review read one family's result fields (round points) and crashed on the
    others' games; its chart and numbers come from the game's scoresheet now."""
    record = raw(save_id)
    app = OhSevenApp(save_dir=save_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        screen, chart = await show_chart(pilot, save_id)
        lines = lines_of(chart)
        assert len(lines) == len(record["seats"])
        assert [line[-1] for line in lines] == record["totals"]  # each line ends at the seat's saved total
        numbers = screen.query_one("#review-totals").render()
        shown = screen_text(app)
        assert numbers is not None and all(seat["name"] in shown for seat in record["seats"])
        switcher = screen.query_one("ContentSwitcher")
        for key, view in (("s", "scoresheet"), ("t", "statistics"), ("r", "replay")):  # all open
            await pilot.press(key)
            await until(pilot, lambda view=view: switcher.current == view, f"the {view}")
        assert isinstance(app.screen, type(screen))
