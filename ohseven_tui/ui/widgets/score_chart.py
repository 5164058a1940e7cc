"""Each player's running score by round as a line chart (textual-plotext), for any
family: the numbers come only from the game's scoresheet (``spec.sheet(obs)``), the
x axis from its rounds (``SheetView.labels``, ``GameView.round_word``).

Plotting is imported when a chart is first composed, not with this module, so the
app starts without it. Names never reach the plotting library: plotext's output is
parsed as ANSI, so the legend is ours, drawn as plain ``Text``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.protocol import SheetView
from ..plain import printable

if TYPE_CHECKING:
    from textual_plotext import PlotextPlot

__all__ = ["Series", "ScoreChart", "running_series"]

# One shape per seat, so colour is never the only cue (colour-blind players, and
# any terminal without colour); the ASCII set for --ascii.
MARKERS = ("●", "■", "▲", "◆", "✚", "✖", "★", "○", "□")
ASCII_MARKERS = ("o", "#", "^", "*", "+", "x", "@", "%", "=")
# Okabe-Ito hues first (they stay apart for the common colour blindnesses), then
# two more; each theme gets shades that read on its background.
DARK = ("#e69f00", "#56b4e9", "#2fd09b", "#f0e442", "#ff7a45", "#cc79a7", "#a0a0ff", "#e0e0e0", "#c8a060")
LIGHT = ("#b35900", "#0064a8", "#00785a", "#7a6f00", "#c2410c", "#a3477f", "#3a3ab0", "#404040", "#7a4a1e")
ZERO = "#808080"  # the zero line: grey on either background

# Below this the plot says nothing readable: the chart shows its numbers as text.
MIN_WIDTH = 40
MIN_HEIGHT = 8
NAME_CELLS = 20  # a legend entry's name, at most


@dataclass(frozen=True)
class Series:
    """One seat's line: its name and its running total after each finished round."""

    name: str
    totals: tuple[int, ...]


def running_series(sheet: SheetView) -> tuple[Series, ...]:
    """Per seat, the total after each finished round (the scoresheet's own totals)."""
    return tuple(Series(name, tuple(r.cells[s].total for r in sheet.rounds))
                 for s, name in enumerate(sheet.names))


def y_ticks(low: int, high: int, most: int = 6) -> list[int]:
    """Round-numbered ticks from ``low`` to ``high``, 0 among them, at most ``most``."""
    span = max(high - low, 1)
    step, scale = 1, 1
    while True:
        for base in (1, 2, 5):
            step = base * scale
            if span // step + 2 <= most:
                return list(range(-(-low // step) * step, high + 1, step))
        scale *= 10


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class ScoreChart(Vertical):
    """The chart, its legend (a marker and a colour per seat, names as plain text)
    and, when there is no room for a plot, the same totals as one line of text."""

    DEFAULT_CSS = """
    ScoreChart { height: 1fr; min-height: 3; }
    ScoreChart > PlotextPlot { height: 1fr; }
    ScoreChart > .chart-legend { height: auto; }
    ScoreChart > .chart-fallback { height: auto; display: none; }
    ScoreChart.-small > PlotextPlot { display: none; }
    ScoreChart.-small > .chart-legend { display: none; }
    ScoreChart.-small > .chart-fallback { display: block; }
    """

    def __init__(self, sheet: SheetView, *, round_word: str = "round", title: str = "", ascii: bool = False,
                 id: Optional[str] = None, classes: Optional[str] = None) -> None:
        super().__init__(id=id, classes=classes)
        self.chart_title = title
        self.sheet = sheet
        self.series = running_series(sheet)
        self.round_word = round_word
        self.markers = ASCII_MARKERS if ascii else MARKERS
        self.line_marker = "." if ascii else "braille"  # braille dots: four rows a cell, smooth lines

    def compose(self) -> ComposeResult:
        from textual_plotext import PlotextPlot  # lazily: only a shown chart pays for plotting

        yield PlotextPlot(classes="chart-plot")
        yield Static(classes="chart-legend")
        yield Static(self._as_text(), classes="chart-fallback")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._draw())
        self._draw()

    def on_resize(self) -> None:
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        self.set_class(small, "-small")
        self.query_one(".chart-legend", Static).update(self._legend())

    @property
    def plot(self) -> "PlotextPlot":
        from textual_plotext import PlotextPlot

        return self.query_one(PlotextPlot)

    def colours(self) -> Sequence[str]:
        return DARK if self.app.current_theme.dark else LIGHT

    def _style(self, seat: int) -> tuple[str, str]:
        colours = self.colours()
        return self.markers[seat % len(self.markers)], colours[seat % len(colours)]

    def _draw(self) -> None:
        """Plot every seat's line from 0 at the start, with its marker at each round."""
        plt = self.plot.plt
        plt.clear_data()
        rounds = len(self.sheet.rounds)
        xs = list(range(rounds + 1))
        values = [0]
        for seat, series in enumerate(self.series):
            marker, colour = self._style(seat)
            ys = [0, *series.totals]
            values.extend(ys)
            plt.plot(xs, ys, marker=self.line_marker, color=_rgb(colour))
            if rounds:
                plt.scatter(xs[1:], ys[1:], marker=marker, color=_rgb(colour))
        low, high = min(values), max(values)
        high = max(high, low + 1)  # a flat game still gets an axis
        if low < 0 < high:
            plt.hline(0, color=_rgb(ZERO))
        ticks = y_ticks(low, high)
        plt.yticks([float(t) for t in ticks], [str(t) for t in ticks])
        plt.ylim(min(low, ticks[0]), max(high, ticks[-1]))
        # The x axis is the game's own rounds: ticks from the scoresheet's labels.
        labels = [label.split("\n")[0] for label in self.sheet.labels[:rounds]]
        plt.xticks([float(x) for x in xs[1:]] or [0.0], labels or [""])
        plt.xlim(0, max(rounds, 1))
        plt.xlabel(self.round_word)
        plt.title(self.chart_title)
        self.query_one(".chart-legend", Static).update(self._legend())
        self.query_one(".chart-fallback", Static).update(self._as_text())
        self.plot.refresh()

    def _legend(self) -> Text:
        """A marker and a name per seat, packed into lines as wide as the chart (an
        entry never breaks across lines)."""
        width = max(self.size.width, 20)
        out, used = Text(), 0
        for seat, series in enumerate(self.series):
            marker, colour = self._style(seat)
            name = Text(printable(series.name))
            name.truncate(NAME_CELLS, overflow="ellipsis")
            entry = Text.assemble((marker, f"bold {colour}"), " ", name)
            if used and used + 2 + entry.cell_len > width:
                out.append("\n")
                used = 0
            elif used:
                out.append("  ")
                used += 2
            out.append_text(entry)
            used += entry.cell_len
        return out

    def _as_text(self) -> Text:
        """The chart's numbers, when it is too small to draw: each seat's total now."""
        out = Text()
        for seat, series in enumerate(self.series):
            if seat:
                out.append(" · ")
            out.append(printable(series.name))
            out.append(f" {series.totals[-1] if series.totals else 0}")
        return out
