"""A guided first hand's note whose moment comes between two bots' moves shows at
that moment, whatever the bots' pace: at no pace the table used to look for a due
note only when it stopped (a person's turn, a shared screen), so Seven for Seven's
note on the last trick (V21, V22), due once the sixth trick is taken, showed only at
Ann's turn, with Gus's lead to the last trick already on the table."""

from __future__ import annotations

from test_tutorial_sevenforseven import GAME, INPUT
from test_ui_hints import ask_hint, enter_and_see
from tutorial_helpers import guided_hand

from ohseven_tui.ui.app import OhSevenApp


async def test_at_no_bot_pace_the_last_tricks_note_shows_before_its_first_card(tmp_path):
    app = OhSevenApp(tutorial=GAME, bot_delay=0, save_dir=tmp_path)
    seen: dict[str, tuple] = {}

    def note(screen, game) -> None:
        obs = game.observe(0)
        seen[screen.title_text.split(" (")[0]] = (len(obs.tricks), tuple(obs.trick))

    async def choose(screen, game) -> None:
        await ask_hint(pilot, screen)
        await enter_and_see(pilot, screen, game)

    async with app.run_test(size=(80, 24)) as pilot:
        await guided_hand(pilot, INPUT, note, choose)
    assert seen["The last trick"] == (6, ()), f"the note showed with the last trick at {seen['The last trick']}"
