"""What the last new-user walkthrough found cut or covered at 60x15 and 80x24, read
from the screen as drawn (Pilot on the real app), each field worked out from the
game's observation:

- Seven for Seven's discard (V15): every card of an 8- or 9-card hand is drawn at
  60x15, each with its number (the 8th was selectable but not drawn);
- the hand's line at a turn to play says whole what Enter does, at 60x15 too, in
  hot-seat with a player's name, and with the game's marked cards named;
- every seat of a 7-seat table (Seven for Seven, V1) shows at 60x15, and of an 8-seat
  Oh-Seven table (R1): the last seat's row was cut;
- Seven for Seven's screens name the hand the same way at 80x24: "hand 1/7" on the
  auction's title and the status line, "hand 1" on the discard's and the leader's (V4);
- at 80x24 the notice that the unfinished game is put aside (a toast) covered cards
  5 to 7 of the hand the player was choosing a bid from: a notice on a screen with
  a hand stays clear of it;
- Oh-Seven's bid reveal with 9 players at 60x15 cut what the bids lead to (the trump
  and who leads, R9-R13) below its nine rows: the bids scroll, the outcome stays;
  a round's summary of seven seats cut its last line, what Enter goes on to;
- the settings at 60x15 cut each choice's note mid-phrase ("by suit (trumps");
- Oh-Seven's 9 seats at 60x15 with a status line of two rows (a card led): the 9th
  seat's row was cut; the status line leaves out what the seats' list shows (R1);
- a hint of two rows at a 7-seat table at 60x15 pushed the last seat's row out of
  sight: below 80x24 the log beside the seats takes it (V1);
- Seven for Seven's auction prompt at 60x15 was cut mid-sentence at the bottom of the
  scrolling words (V8-V14): below 24 rows it is one row over the bid, out of the scroll.
"""

from __future__ import annotations

import re

import pytest
from test_ui_driver import delivered, text, until, wait_for_input
from test_whole_at_60x15 import SMALL, _captain, asked, shown_at, unboxed
from test_whole_at_80x24 import joined
from textual._time import get_time

from ohseven_tui.engine import registry
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.handoff import HandoffScreen
from ohseven_tui.ui.screens.table import TableScreen
from ohseven_tui.ui.widgets.hand import HandView


def faces(shown: str, hand) -> list[str]:
    """The cards of ``hand`` not drawn on ``shown``."""
    return [card.pretty() for card in hand if card.pretty() not in shown]


@pytest.mark.parametrize("held,prefer", [(8, None), (9, _captain)], ids=["lieutenant", "captain"])
async def test_v15_every_card_of_the_discard_hand_is_drawn_at_60x15(held, prefer, tmp_path):
    """V15: a lieutenant discards from 8 cards, the captain from 9; each card shows,
    numbered on its top edge, inside the 60 columns."""
    game = asked("seven-for-seven", 7, "DISCARD", prefer=prefer, until=lambda g: len(g.observe(0).hand) == held)
    hand = game.observe(0).hand
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        shown = await shown_at(pilot, app)
        assert not faces(shown, hand), f"cards not drawn: {faces(shown, hand)}\n{shown}"
        for number in range(1, held + 1):
            assert re.search(rf"[─━]{number}[─━]|[─━] {number} [─━]", shown), f"no card {number}:\n{shown}"
        row = app.screen.query_one(HandView).query_one("#hand-row")
        assert max(face.region.right for face in row.children if face.display) <= SMALL[0], text(app)


async def test_thirteen_cards_show_whole_in_60_columns():
    """The two rows of a 13-card hand (issue 33 §3) inside 60 columns too, each numbered."""
    from test_hand_thirteen import THIRTEEN, OneHand, faces_on_screen

    app = OneHand(13)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.pause()
        shown = text(app)
        assert len(faces_on_screen(app)) == len(THIRTEEN), shown
        for number in range(1, len(THIRTEEN) + 1):
            assert re.search(rf"[─━] ?{number} ?[─━]", shown), (number, shown)
        row = app.query_one("#hand-row")
        assert max(face.region.right for face in row.children) <= SMALL[0], shown


def at_play(name: str, players: int, humans: int, when=lambda game: True):
    """A game of ``name`` in its first round's play, seat 0 (a person; ``humans``
    people in all) to play a card where ``when(game)`` holds, reached by seeded
    random legal actions."""
    import random

    names = ("Annabel Lee", "Beatrice", "Cid", "Dorothy", "Eli", "Fay", "Gus", "Hal", "Ivy")
    for seed in range(1, 60):
        seats = [Seat(n, "human" if i < humans else "easy") for i, n in enumerate(names[:players])]
        game = registry.new_game(name, {"players": players}, seed=seed, seats=seats)
        rng = random.Random(seed)
        while not game.is_over and not game.observe(0).results:
            to_act = game.to_act()
            if game.phase.name == "PLAY" and tuple(to_act) == (0,) and when(game):
                return game
            actions = game.legal_actions(to_act[0] if to_act else None)
            game.apply(actions[rng.randrange(len(actions))])
    raise AssertionError(f"no turn to play for seat 0 in {name}")


async def turn_shown(pilot, app) -> TableScreen:
    """The table at seat 0's turn with its hand face up (in hot-seat, past the hand-off)."""
    screen = await wait_for_input(pilot)
    if isinstance(screen, HandoffScreen):
        await until(pilot, lambda: app.key_gate.ready(get_time()), "the hand-off takes a key")
        await pilot.press(screen.key)
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        screen = await wait_for_input(pilot)
    assert isinstance(screen, TableScreen) and screen.acting == 0
    hand = screen.query_one(HandView)
    await until(pilot, lambda: hand.cards, "the hand face up")
    await pilot.pause()
    return screen


async def bid_then_reveal(pilot, app):
    """Oh-Seven: seat 0's bid (Enter on the card the cursor is on), then the reveal."""
    from test_ui_driver import INPUT_SCREENS

    from ohseven_tui.ui.screens.ohhell.bidding import BidScreen
    from ohseven_tui.ui.screens.ohhell.reveal import RevealScreen

    screen = await wait_for_input(pilot)
    assert isinstance(screen, BidScreen), type(screen)
    await until(pilot, lambda: app.key_gate.ready(get_time()), "the bid screen takes a key")
    await pilot.press("enter")
    await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
    screen = await wait_for_input(pilot, also=INPUT_SCREENS)
    assert isinstance(screen, RevealScreen), type(screen)
    return screen


@pytest.mark.parametrize("name,players,humans", [("oh-seven", 5, 1), ("oh-seven", 4, 2), ("watten", 4, 1),
                                                 ("seven-for-seven", 7, 1)])
async def test_the_hands_line_at_a_turn_says_whole_what_enter_does_at_60x15(name, players, humans, tmp_path):
    """At 60x15 the line over the hand was cut mid-sentence ("Enter or a click plays");
    it is drawn whole (two rows where one would cut it), says what Enter does, and
    names each card the game marks (bowers, criticals: the family's picture)."""
    game = at_play(name, players, humans)
    obs = game.observe(0)
    marks = dict(obs.spec.table(obs).hand_marks) if obs.spec.table is not None else {}
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await turn_shown(pilot, app)
        hand = screen.query_one(HandView)
        said = hand.query_one("#hand-title").render()
        title = joined(str(said))
        shown = joined(text(app))
        assert "Enter" in title, f"the hand's line does not say what Enter does: {title!r}"
        assert title in shown, f"the hand's line {title!r} is cut:\n{text(app)}"
        for card, mark in marks.items():
            assert f"{mark} " in shown and card.pretty() in shown, f"{mark} {card.pretty()} not named:\n{text(app)}"
        if humans > 1:  # one row with an 11-cell name: the rows are the seats' at 60x15
            assert "Annabel Lee" in title and hand.query_one("#hand-title").size.height == 1, text(app)


def seat_rows(app, screen) -> list[str]:
    """The rows of the list of seats as seen (inside the top's region)."""
    from ohseven_tui.ui.widgets.seats import SeatsView

    region = screen.query_one(SeatsView).region.intersection(screen.query_one("#top").region)
    return [row[region.x:region.right] for row in text(app).splitlines()[region.y:region.bottom]]


def check_every_seat(app, screen, obs) -> None:
    rows = seat_rows(app, screen)
    for seat, info in enumerate(obs.seats):
        row = next((r for r in rows if info.name in r), None)
        assert row is not None, f"{info.name}'s row is not on screen:\n{text(app)}"
        assert str(obs.totals[seat]) in row.split(), f"{info.name}'s total:\n{text(app)}"


@pytest.mark.parametrize("name,players,led", [("seven-for-seven", 7, False), ("oh-seven", 8, False),
                                              ("oh-seven", 5, False), ("oh-seven", 9, True)])
async def test_every_seat_shows_at_60x15(name, players, led, tmp_path):
    """V1, R1: the compact list of seats at 60x15 has a row for every seat, with its
    name and total, at a turn to play (the 7th seat's row was below the list's room).
    With 9 seats, seat 0 following a card led, the status line ("Round 1/7 · trick
    2/7 · trump ♠ (Ann's 5♠) · Eli led · you to play") took two rows and the 9th
    seat's row was cut: it still says the round, the trick, the trump and whose turn."""
    game = at_play(name, players, 1, when=lambda g: bool(g.observe(0).trick) or not led)
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await wait_for_input(pilot)
        await until(pilot, lambda: screen.query_one(HandView).cards, "the hand face up")
        await pilot.pause()
        check_every_seat(app, screen, obs)
        if led:
            shown = joined(text(app))
            trick = f"trick {len(obs.tricks) + 1}/{obs.hand_size}"
            assert f"Round {obs.round_number}/" in shown and trick in shown and "trump" in shown, text(app)
            assert "you to play" in shown, text(app)


@pytest.mark.parametrize("phase", ["AUCTION", "DISCARD", "LEAD"])
async def test_v4_seven_for_sevens_titles_name_the_hand_as_the_status_line_does(phase, tmp_path):
    """V4: a game has 7 hands. The auction's title and the table's status line said
    "hand 1/7", the discard's and the leader's titles "hand 1"."""
    game = asked("seven-for-seven", 7, phase, prefer=_captain if phase != "AUCTION" else None)
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await shown_at(pilot, app)
        title = shown.splitlines()[0]
        assert f"hand {obs.round_number}/7 " in title, f"the title names the hand otherwise: {title!r}"


@pytest.mark.parametrize("size", [(80, 24), SMALL])
async def test_the_put_aside_notice_covers_no_card_of_the_hand(size, tmp_path):
    """New game -> Start -> a (put the unfinished game aside): the notice of it shows,
    and no card of the hand the new game asks a bid from lies under it."""
    from test_ui_put_aside import new_game_from_the_menu, settle
    from test_ui_saves_autosave import game_at_anns_card
    from textual.widgets._toast import Toast

    from ohseven_tui.storage import save_dirs, write_autosave
    from ohseven_tui.ui.widgets.hand import CardFace

    dirs = save_dirs(tmp_path / "saves")
    write_autosave(dirs, game_at_anns_card())
    app = OhSevenApp(save_dir=dirs.saves, bot_delay=3600)
    async with app.run_test(size=size, notifications=True) as pilot:  # Pilot hides notices unless asked
        await new_game_from_the_menu(pilot)
        await pilot.press("a")  # put it aside and start the new game
        await delivered(pilot, "the keys")  # handled before the app is asked what it waits for
        await wait_for_input(pilot)

        def toasts():
            return [t for t in app.screen.query(Toast) if "put aside" in str(t.render()) and t.region.area]

        await settle(pilot, lambda: toasts() and app.screen.query_one(HandView).cards)
        await pilot.pause()
        cards = [f for f in app.screen.query(CardFace) if f.display and f.region.area]
        assert cards, text(app)
        for toast in toasts():
            covered = [f.index + 1 for f in cards if f.region.overlaps(toast.region)]
            assert not covered, f"the notice covers cards {covered}:\n{text(app)}"


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_r9_r13_the_bid_reveal_of_nine_at_60x15_says_what_the_bids_lead_to(seed, tmp_path):
    """R9-R13: the revealed bids, then what they lead to: the trump and the top
    bidder who leads, or a rebid and the cards still to bid with. At 60x15 with nine
    seats the box's rows ran out after the bids and the words were cut."""
    names = ("Annabel Lee", "Beatrice", "Cid", "Dorothy", "Eli", "Fay", "Gus", "Hal", "Ivy")
    seats = [Seat(names[0], "human")] + [Seat(n, "easy") for n in names[1:]]
    game = registry.new_game("oh-seven", {"players": 9}, seed=seed, seats=seats)
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await bid_then_reveal(pilot, app)
        await pilot.pause()
        shown = unboxed(text(app))
        obs = game.observe(0)
        _, attempt = obs.bid_attempts[-1]
        top = max(attempt.bids)
        holders = [obs.seats[s].name for s, card in enumerate(attempt.bids) if card == top]
        if len(holders) == 1 and attempt.outcome == "stands":
            said = f"Trump is {top.suit.symbol} {top.suit.label}: {holders[0]}'s {top.pretty()} is the top bid, " \
                   f"and {holders[0]} leads."
        else:
            said = "Everyone bids again"
        assert said in shown, f"{attempt.outcome}: {said!r} is not on screen:\n{text(app)}"
        assert "Press Enter to continue." in shown, text(app)


async def test_the_round_summary_of_seven_at_60x15_keeps_what_enter_does_in_sight(tmp_path):
    """A hand's summary (V22) of seven seats at 60x15: the rows scroll, and the line
    under them (what Enter goes on to, and l) stays on screen; it was cut."""
    import copy
    import random

    from test_ui_driver import play_game

    from ohseven_tui.ui.screens.round_summary import RoundSummaryScreen

    game = at_play("seven-for-seven", 7, 1)
    rng = random.Random(1)
    while True:  # to the hand's last card
        to_act = game.to_act()
        actions = game.legal_actions(to_act[0] if to_act else None)
        after = copy.deepcopy(game)
        after.apply(actions[0])
        if after.observe(0).results:
            break
        game.apply(actions[rng.randrange(len(actions))])
    app = OhSevenApp(game=game, bot_delay=0, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await play_game(pilot, stop=lambda screen: isinstance(screen, RoundSummaryScreen))
        await pilot.pause()
        shown = unboxed(text(app))
        assert "Enter: " in shown and "l: the last trick, seat by seat" in shown, text(app)
        assert "Annabel Lee" in shown, text(app)
        body = app.screen.query_one("#summary-body")
        body.scroll_end(animate=False)  # the rest of the summary: scrolled to, the line still in sight
        await pilot.pause()
        shown = unboxed(text(app))
        assert "Contract" in shown and "l: the last trick, seat by seat" in shown, text(app)


async def test_every_settings_note_reads_whole_at_60x15(tmp_path):
    """Each setting's note (what the choice does) at 60x15, the body scrolled
    through: whole, two rows where one would cut it."""
    from test_whole_at_80x24 import every_scroll

    from ohseven_tui.ui.screens.settings import CHOICES, NAME_NOTE, SettingsScreen

    app = OhSevenApp(save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        app.push_screen(SettingsScreen())
        await until(pilot, lambda: isinstance(app.screen, SettingsScreen) and app.screen.query(".note"), "settings")
        await pilot.pause()
        shown = unboxed(await every_scroll(pilot, app))
        for note in [NAME_NOTE] + [note for _, _, note in CHOICES]:
            assert joined(note) in shown, f"{note!r} is cut:\n{text(app)}"



async def test_v1_a_hint_at_60x15_leaves_every_seat_in_view(tmp_path):
    """V1: with Seven for Seven's seven seats at 60x15 a hint (h) of two rows at a
    turn to play pushed the last seat's row out of sight. The hint's words and every
    seat show."""
    from ohseven_tui.ui.families import family_ui
    from ohseven_tui.ui.hints import hint_words

    def long_hint(game) -> bool:  # the hint picks the turn only: words of two rows at 60 columns
        obs = game.observe(0)
        return len(hint_words(obs, family_ui(obs.spec))[0]) > SMALL[0] - 2

    game = at_play("seven-for-seven", 7, 1, when=long_hint)
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await wait_for_input(pilot)
        await until(pilot, lambda: screen.query_one(HandView).cards, "the hand face up")
        hinted = screen.hand.hint_text
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        said = joined(hinted(obs))
        lines = text(app).splitlines()
        seen = []  # the words drawn in each part of the screen the hint may take
        for part in ("#message", "#log"):
            region = screen.query_one(part).region
            rows = (row[region.x:region.right].replace("▏", " ") for row in lines[region.y:region.bottom])  # the log's edge
            seen.append(joined(" ".join(rows)))
        assert any(said in words for words in seen), f"the hint {said!r} is not whole:\n{text(app)}"
        check_every_seat(app, screen, obs)


async def test_v8_the_auction_prompt_reads_whole_at_60x15(tmp_path):
    """V8-V14: at 60x15 Seven for Seven's auction prompt was cut mid-sentence at the
    bottom of the scrolling words ("Your bid: ... between suit, bower rank and").
    The prompt is in view whole, from "Your bid" to what p does, with every bid so
    far and the standing bid still in view (test_whole_at_60x15 checks each bid)."""
    from ohseven_tui.games.sevenforseven import AuctionPass, BasicBid, FactorBid

    def lively(game) -> bool:
        obs = game.observe(0)
        kinds = {type(a) for a in obs.auction}
        return {BasicBid, FactorBid, AuctionPass} <= kinds and len(obs.auction) <= 12

    game = asked("seven-for-seven", 7, "AUCTION", until=lively)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        shown = unboxed(await shown_at(pilot, app))
        # A basic bid left to make, or none (28 points stand): either way, what p does ends it.
        assert re.search(r"(Your bid|No higher basic bid).* p passes\.", shown), f"the prompt is cut:\n{text(app)}"
        standing = game.observe(0).standing
        assert standing is not None and f"by {game.observe(0).seats[standing.seat].name}" in shown, text(app)
