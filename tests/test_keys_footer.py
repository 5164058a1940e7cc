"""The footer of keys (ui/widgets/keys.py) over a long session, driven with Pilot.

It is composed afresh each time the screen's keys change (every turn at the
table). Each composing once tied its new keys to the footer's ``compact`` setting
by a watcher that was never let go: over a game the footer held thousands, and
each new key looked through them all (a whole game's frames grew slower)."""

from __future__ import annotations

from test_ui_driver import wait_for_input
from textual.widgets._footer import FooterKey

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.widgets.keys import KeysFooter


def watchers(footer: KeysFooter) -> int:
    return len(getattr(footer, "__watchers", {}).get("compact", []))


async def test_composing_the_footer_again_and_again_holds_no_more_watchers(tmp_path):
    game = Game(make_rules("oh-seven", 2), seed=1, seats=[Seat("Ann", "human"), Seat("Bea", "easy")])
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await wait_for_input(pilot)
        footer = screen.query_one(KeysFooter)
        keys = len(footer.query(FooterKey))
        assert keys >= 3
        for _ in range(20):
            footer.refresh(recompose=True)  # as the screen's keys changing does
            await pilot.pause()
        assert len(footer.query(FooterKey)) == keys
        assert watchers(footer) <= keys
        for key in footer.query(FooterKey).exclude(".-command-palette"):  # each key drawn as the footer is
            assert key.compact == footer.compact and key.has_class("-compact") == footer.compact
