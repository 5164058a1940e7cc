"""The footer of keys (ui/widgets/keys.py) over a long session, driven with Pilot.

Its keys change every turn at the table (changed in place since; composed afresh
where its width or style changes). Each composing once tied its new keys to the footer's ``compact`` setting
by a watcher that was never let go: over a game the footer held thousands, and
each new key looked through them all (a whole game's frames grew slower)."""

from __future__ import annotations

from test_ui_driver import handled, until, wait_for_input
from textual.widgets._footer import FooterKey

from ohseven_tui.games.ohhell import Game, Seat, make_rules
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.table import TableScreen
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
            # The footer composes again before it handles anything queued after the ask.
            await handled(pilot, footer, "the footer composed again")
        assert len(footer.query(FooterKey)) == keys
        assert watchers(footer) <= keys
        for key in footer.query(FooterKey).exclude(".-command-palette"):  # each key drawn as the footer is
            assert key.compact == footer.compact and key.has_class("-compact") == footer.compact


def drawn(footer: KeysFooter) -> list[tuple]:
    """Each key as drawn: what it says, the key it sends, whether it works, its look."""
    return [(key.key, key.key_display, key.description, key.action, key._disabled, key.compact,
             tuple(sorted(key.classes)), str(key.tooltip or "")) for key in footer.query(FooterKey)]


async def test_keys_changed_in_place_draw_as_a_footer_composed_afresh(tmp_path):
    """Pausing the bots changes the keys (Pause becomes Resume): the keys are
    changed in place (the same widgets, no remounting) and read exactly as a
    footer composed from nothing."""
    seats = [Seat("Ann", "easy"), Seat("Bea", "easy"), Seat("Cid", "easy")]
    game = Game(make_rules("oh-seven", 3), seed=2, seats=seats)
    app = OhSevenApp(game=game, bot_delay=30, save_dir=tmp_path)  # watch mode; nobody moves while we look
    async with app.run_test(size=(100, 30)) as pilot:
        table = await until(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen, "the table")
        footer = table.query_one(KeysFooter)
        await until(pilot, lambda: "Pause" in [k.description for k in footer.query(FooterKey)], "the Pause key")
        for now, then in (("Pause", "Resume"), ("Resume", "Pause")):
            widgets = list(footer.query(FooterKey))
            await pilot.press("p")
            await until(pilot, lambda then=then: then in [k.description for k in footer.query(FooterKey)], f"{then} shown")
            assert now not in [k.description for k in footer.query(FooterKey)]
            assert list(footer.query(FooterKey)) == widgets  # changed in place
            shown = drawn(footer)
            footer.refresh(recompose=True)
            await until(pilot, lambda widgets=widgets: list(footer.query(FooterKey)) != widgets, "a footer composed afresh")
            assert drawn(footer) == shown
