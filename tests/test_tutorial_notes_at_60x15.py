"""Every tutorial's notes at 60x15 (the smallest size the app lays a table out
for): each note shows whole, with no scrolling, and the line that says how to go
on is in view (U-rules of the notes: a note is closed by Enter). Found in a
walkthrough: Seven for Seven's notes 1 and 3 needed scrolling there, the go-on
line was below the box, and note 3 stopped mid-sentence. On a short screen the
go-on words move to the note's border, so every row is the note's.

Each guided game of the registry is played by the real app, the learner taking
every hint (h, then Enter); no game is named here."""

from __future__ import annotations

import pytest
from test_ui_driver import until
from test_ui_hints import ask_hint, enter_and_see
from tutorial_helpers import guided_hand

from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.choose import ChooseScreen
from ohseven_tui.ui.tutorial import guided_games


def _inside(inner, outer) -> bool:
    return (inner.x >= outer.x and inner.y >= outer.y and inner.right <= outer.right
            and inner.bottom <= outer.bottom)


@pytest.mark.parametrize("spec", guided_games(), ids=lambda s: s.name)
async def test_every_note_shows_whole_with_how_to_go_on_at_60x15(spec, tmp_path):
    app = OhSevenApp(tutorial=spec.name, bot_delay=0, save_dir=tmp_path)
    seen: list[str] = []
    cut: list[str] = []

    async def choose(screen, game) -> None:
        if not hasattr(screen, "action_hint"):  # a shared screen (the bids shown): Enter closes it
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is not screen, "the shared screen closed")
            return
        await ask_hint(pilot, screen)
        await enter_and_see(pilot, screen, game)

    def note(screen, game) -> None:
        seen.append(screen.title_text)
        box = screen.query_one("#lesson-box")
        go_on = screen.query_one("#lesson-go-on")
        whole = screen.screen.region
        # How to go on: the line at the note's foot, or (a short screen) the same words on its border.
        said = (go_on.display and _inside(go_on.region, box.region)) or (
            not go_on.display and str(box.border_subtitle) == str(go_on.render()))
        if box.max_scroll_y > 0 or not said or not _inside(box.region, whole):
            cut.append(f"{screen.title_text}: scrolls {box.max_scroll_y} rows; box {box.region}, "
                       f"go-on {go_on.region}, screen {whole}")

    async with app.run_test(size=(60, 15)) as pilot:
        await guided_hand(pilot, (ChooseScreen,), note, choose)
    assert seen, "no note showed"
    assert not cut, "\n".join(cut)
