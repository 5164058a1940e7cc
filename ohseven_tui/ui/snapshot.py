"""The screen as plain text, exactly as the compositor draws it.

Used by the tests (privacy checks read what a player would see) and the benchmark.
It renders the same full update that ``App.export_screenshot`` renders (the
current screen, plus the screens behind a modal), but exports text, not SVG.
"""

from __future__ import annotations

import io

from rich.console import Console
from textual.app import App


def screen_text(app: App) -> str:
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False, safe_box=False)
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text(styles=False)
