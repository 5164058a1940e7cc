"""Every screen at 80x24 shows whole what a player needs (issue 19, section 3).

Snapshots record whatever is drawn, cut words included; this reads the screen as
text and looks for the fields, each worked out from the game's observation, spec,
saves or bots (never from the widget drawing it): every seat's name and total, the
trump or contract line, the hint, the status line, the last trick, and a footer
whose keys are whole, F1 Help always among them, and the family's own key of the
moment (a raise) when it acts. A long hint or status line may take two rows: the
words are compared with the rows joined.

Deliberate abbreviations, and so not looked for whole: a name longer than 12 cells
in the scoresheet grid (cut with "…"; the titles name it whole) and keys the
footer leaves out for room (each still works; F1 lists them).
"""

from __future__ import annotations

import random
import re

import pytest
from snapshot_states import _next_action
from test_ui_driver import refreshed, text, until, wait_for_input

from ohseven_tui import storage
from ohseven_tui.bots import hint as bot_hint
from ohseven_tui.engine import Card, Suit, registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.families import family_ui
from ohseven_tui.ui.screens.choose import ChooseScreen
from ohseven_tui.ui.screens.gameover import GameOverScreen
from ohseven_tui.ui.screens.pick import PickCardsScreen, PickScreen
from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen
from ohseven_tui.ui.screens.scoresheet import ScoresheetScreen
from ohseven_tui.ui.screens.sevenforseven.auction import AuctionScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView

SIZE = (80, 24)
# Names up to 12 cells, the longest the scoresheet grid shows whole; the human's is the longest.
NAMES = ("Annabel Lee", "Beatrice", "Cid", "Dorothy", "Eli", "Fay", "Gus")
GAMES = {"oh-seven": 5, "classic": 4, "up-and-down": 4, "seven-for-seven": 7, "watten": 4}
ASKS = (PickScreen, PickCardsScreen, AuctionScreen)


def joined(shown: str) -> str:
    """The screen's words with every run of spaces and line ends as one space (a
    field wrapped onto a second row reads as one)."""
    return " ".join(shown.split())


def parts_text(parts) -> str:
    """A TableView's trump line (words, cards and suits) as the screen writes it."""
    out = []
    for part in parts:
        if isinstance(part, Card):
            out.append(f" {part.pretty()} ")
        elif isinstance(part, Suit):
            out.append(part.symbol)
        else:
            out.append(str(part))
    return "".join(out)


def footer(app) -> str:
    return text(app).splitlines()[-1].rstrip()


async def footer_drawn(pilot, app) -> None:
    """Until the footer row shows keys: the footer is composed afresh after the
    screen's keys change, and a frame drawn in between has an empty footer row."""
    await until(pilot, lambda: footer(app).strip(), "keys in the footer")


def check_footer(app, where: str, *also: str) -> None:
    """F1 Help shows, nothing is cut at the right (F1 Help, or the palette key after it, ends the row), and
    each of ``also`` shows."""
    row = footer(app)
    assert "F1 Help" in row, f"{where}: no F1 Help in {row!r}"
    assert re.search(r"F1 Help( +▏\^p palette)?$", row), f"{where}: the footer is cut: {row!r}"
    for key in also:
        assert key in row, f"{where}: {key!r} missing from the footer {row!r}"


def check_table(app, screen: TableScreen, game, where: str) -> None:
    obs = game.observe(0)
    shown = text(app)
    flat = joined(shown)
    picture = obs.spec.table(obs)
    for seat, info in enumerate(obs.seats):
        assert info.name in shown, f"{where}: seat {seat}'s name {info.name!r} is not whole"
        assert f"{picture.seats[seat].score} pts" in shown, f"{where}: {info.name}'s score"
    assert "(you)" in shown, f"{where}: the viewer's own seat is not marked whole"
    if picture.trump:
        line = parts_text(picture.trump)
        if len(line) > SIZE[0] - 2 and picture.trump_short:  # the table's width: the family's shorter line
            line = parts_text(picture.trump_short)
        assert line in shown.splitlines()[0], f"{where}: the trump line {line!r} is cut"
    family = family_ui(obs.spec)
    status = "".join(str(p) if not isinstance(p, (Card, Suit)) else (p.pretty() if isinstance(p, Card)
                     else p.symbol) for ln in family.status_lines(obs, lambda s: obs.seats[s].name, you="you")
                     for p in ln.parts)
    assert joined(status) in flat, f"{where}: the status line {status!r} is not whole"
    keys = [label for key, name, label in family.table_keys if family.table_action(obs, name) in obs.legal_actions]
    check_footer(app, where, "⏎ Play", "h Hint", *keys)


async def check_hint(pilot, app, obs, where: str) -> None:
    suggestion = bot_hint(obs)
    if suggestion is None:
        return
    await pilot.press("h")
    await pilot.pause()
    flat = joined(text(app))
    assert joined(suggestion.reason) in flat, f"{where}: the hint {suggestion.reason!r} is not whole"


def totals_by_row(shown: str, names, totals, where: str) -> None:
    """A row of each seat's in a scoresheet grid (the last block's, where the
    rounds come in blocks) ends with its total (a ★ may follow)."""
    lines = shown.splitlines()
    for name, total in zip(names, totals):
        rows = [ln for ln in lines if ln.strip().startswith(name + " ") or ln.strip() == name]
        assert rows, f"{where}: no row for {name!r}"
        ends = [ln.split()[-2] if ln.split()[-1] == "★" else ln.split()[-1] for ln in rows]
        assert str(total) in ends, f"{where}: {name}'s total {total} is not whole: {rows!r}"


async def every_scroll(pilot, app) -> str:
    """The screen at each scroll position of its scrolling body (every row a player can scroll to)."""
    from textual.containers import VerticalScroll

    bodies = [b for b in app.screen.query(VerticalScroll) if b.display and b.max_scroll_y > 0]
    shown = [text(app)]
    for body in bodies[:1]:
        for y in range(0, int(body.max_scroll_y) + 5, 5):
            body.scroll_to(y=y, animate=False)  # done after the next refresh
            await refreshed(pilot, [body], f"scrolled to {y}")
            await refreshed(pilot, [body], f"drawn scrolled to {y}")
            shown.append(text(app))
    return "\n".join(shown)


def new_game(name: str, seed: int = 3):
    players = GAMES[name]
    seats = [Seat(NAMES[0], "human")] + [Seat(n, "easy") for n in NAMES[1:players]]
    return registry.new_game(name, {"players": players}, seed=seed, seats=seats)


@pytest.mark.parametrize("name", GAMES)
async def test_a_round_at_80x24_shows_every_field_whole(name, tmp_path):
    """One round played at 80x24, every screen it asks on read: the family's own
    (bidding, auction, striker, trump, discard, ...), the table mid-trick, the
    round's summary and its scoresheet."""
    game = new_game(name)
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    seen: set = set()
    async with app.run_test(size=SIZE) as pilot:
        for step in range(300):
            screen = await wait_for_input(pilot, also=ASKS)
            await footer_drawn(pilot, app)
            where = f"{name}, {type(screen).__name__} at {game.phase}"
            kind = (type(screen).__name__, str(game.phase))
            first = kind not in seen
            seen.add(kind)
            if isinstance(screen, ScoresheetScreen):
                obs = game.observe(0)
                sheet = obs.spec.sheet(obs)
                totals_by_row(await every_scroll(pilot, app), sheet.names, sheet.totals, where)
                await footer_drawn(pilot, app)
                check_footer(app, where, "Continue")
                break
            if isinstance(screen, RoundSummaryScreen):
                shown = text(app)
                obs = game.observe(0)
                for seat, info in enumerate(obs.seats):
                    assert info.name in shown and str(obs.totals[seat]) in shown, where
            elif isinstance(screen, TableScreen) and first or isinstance(screen, TableScreen) and step % 5 == 0:
                check_table(app, screen, game, where)
                await check_hint(pilot, app, game.observe(0), where)
            elif isinstance(screen, ChooseScreen) and first:
                shown = text(app)
                for info in game.observe(0).seats:
                    assert info.name in shown, f"{where}: {info.name!r} is not whole"
                await footer_drawn(pilot, app)
                check_footer(app, where)
                await check_hint(pilot, app, game.observe(0), where)
            # act: the first choice offered
            if isinstance(screen, PickCardsScreen):
                for i in range(screen.count):
                    await pilot.press(str(i + 1))
                await pilot.press("enter")
            elif isinstance(screen, AuctionScreen):
                await pilot.press("p")
            elif isinstance(screen, TableScreen):
                hand = screen.query_one(HandView)
                await pilot.press(str(hand.legal_indices[0] + 1), "enter")
            elif isinstance(screen, ChooseScreen):
                hand = screen.query_one(HandView)
                await pilot.press(*(() if not hand.legal_indices else (str(hand.legal_indices[0] + 1),)), "enter")
            else:
                await pilot.press("enter")
        else:
            raise AssertionError(f"{name}: no scoresheet after a round")
    assert any(k[0] == "TableScreen" for k in seen)


def finished(name: str):
    game = new_game(name, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.apply(_next_action(game, rng))
    return game


@pytest.mark.parametrize("name", GAMES)
async def test_game_over_and_the_last_trick_at_80x24_show_every_total_and_card(name, tmp_path):
    game = finished(name)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen), "the game over screen")
        obs = game.observe(0)
        sheet = obs.spec.sheet(obs)
        winners = [obs.seats[s].name for s in obs.winners]
        assert all(w in text(app).splitlines()[0] for w in winners)
        totals_by_row(await every_scroll(pilot, app), sheet.names, sheet.totals, f"{name} game over")
        await footer_drawn(pilot, app)
        check_footer(app, f"{name} game over", "n New game")
        await pilot.press("l")
        await pilot.pause()
        shown = text(app)
        trick = obs.spec.table(obs).last_trick
        assert trick is not None
        for seat, card in trick.cards:
            assert card.pretty() in shown and obs.seats[seat].name in shown, f"{name}: the last trick's {card}"
        await pilot.press("escape", "f1")
        await pilot.pause()
        from ohseven_tui.ui.screens.help import HelpScreen

        assert isinstance(app.screen, HelpScreen)
        assert re.search(r"\besc Close\b", footer(app)), "the help's footer is cut"


async def test_saved_games_the_review_and_players_at_80x24_show_every_winner_score_and_total(tmp_path):
    dirs = storage.save_dirs(tmp_path)
    games = {name: finished(name) for name in GAMES}
    for game in games.values():
        storage.finish_game(dirs, game)
    app = OhSevenApp(save_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.action_choose("saved")
        await pilot.pause()
        await until(pilot, lambda: not getattr(app.screen, "reading", True), "the saved games read")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        shown = await every_scroll(pilot, app)
        for name, game in games.items():
            winners = ", ".join(game.seats[s].name for s in game.winners)
            assert winners in joined(shown), f"saved games: {name}'s winner {winners!r}"
            for info, total in zip(game.seats, game.totals):
                assert f"{info.name} {total}" in shown, f"saved games: {name}: {info.name} {total}"
        await footer_drawn(pilot, app)
        check_footer(app, "saved games", "p Players")
        rows = app.screen.rows
        for row, listed in enumerate(rows):
            app.screen.query_one("DataTable").move_cursor(row=row)
            await pilot.press("enter")
            await pilot.pause()
            game = listed.load().game
            obs = game.observe(0)
            sheet = game.spec.sheet(obs)
            where = f"review of {game.spec.name}"
            spaced_cells(text(app), sheet, where)  # the grid as it opens, its heads in view
            totals_by_row(await every_scroll(pilot, app), sheet.names, sheet.totals, where)
            await footer_drawn(pilot, app)
            check_footer(app, where)
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("p")

        async def read() -> bool:
            """Its worker has read the index."""
            await app.workers.wait_for_complete()
            await pilot.pause()
            return bool(app.screen.query_one("DataTable").row_count)

        await until(pilot, read, "the players read")
        shown = text(app)
        for info in games["seven-for-seven"].seats:  # a person by name, a bot by strength
            assert (info.name if info.player == "human" else f"{info.player} bot") in shown
        await footer_drawn(pilot, app)
        check_footer(app, "players")
        await pilot.press("escape", "escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        from ohseven_tui.bots import bot_spec, bots_for

        game = registry.default_game().name
        notes = " · ".join(f"{name}: {bot_spec(name).description}" for name in bots_for(game))
        assert f"Bots, weakest first: {notes}" in joined(text(app)), "the setup's bots note is cut"


def spaced_cells(shown: str, sheet, where: str) -> None:
    """Every finished round's cell top (what the seat did) stands under its own
    column's head, right-aligned with it, a space before it: cells never run together."""
    lines = shown.splitlines()
    heads = [label.split("\n")[-1] for label in sheet.labels]
    done = {r.number - 1: r for r in sheet.rounds}
    ends: dict[int, int] = {}
    first, checked = 0, 0
    for line in lines:
        if line.strip().startswith("Player "):
            ends, pos = {}, line.index("Player") + 6
            for k in range(first, len(heads)):  # a block's heads: the rounds after the block before
                at = line.find(" " + heads[k], pos)
                if at < 0:
                    break
                ends[k] = at + 1 + len(heads[k])
                pos = ends[k]
            first = max(ends) + 1 if ends else first
            continue
        for s, name in enumerate(sheet.names):
            if not line.strip().startswith(name + " "):
                continue
            for k, end in ends.items():
                if k in done:
                    cell = done[k].cells[s]
                    top = cell.top + (f" {cell.extra}" if cell.extra else "")
                    assert line[:end].endswith(" " + top), f"{where}: {name}'s cell {top!r} is not under its head: {line!r}"
                    checked += 1
    assert checked, f"{where}: no cell found under a head"
