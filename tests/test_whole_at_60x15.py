"""What a player needs to decide is on screen at 60x15 (issue 36, section 3): the
whole-fields check of ``test_whole_at_80x24.py`` taken to a small terminal for the
screens that ask something, read from the screen as drawn (the visible rows, not
the widgets' text), each field worked out from the game's observation:

- the main menu: every choice, Settings and Quit included (U1);
- Oh Hell's number bid: the trump (H3, U3) and, in turn, the bids so far (H4);
- Seven for Seven's auction: every bid so far, the standing bid and the factors (V8-V14);
- Watten's trump suit: the striker rank named before it (W4);
- Seven for Seven's choice of leader, also at 80x24: its words whole and every seat (V17).

And with ASCII suits (a setting) Watten's trump choices say H S D C, as the hand does (W4).
"""

from __future__ import annotations

import random

import pytest
from test_ui_driver import text, until, wait_for_input
from test_whole_at_80x24 import check_footer, footer_drawn, joined

from ohseven_tui import storage
from ohseven_tui.engine import registry
from ohseven_tui.engine.cards import rank_label
from ohseven_tui.engine.protocol import Seat
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.pick import PickCardsScreen, PickScreen
from ohseven_tui.ui.screens.sevenforseven.auction import AuctionScreen

SMALL = (60, 15)
NAMES = ("Annabel Lee", "Beatrice", "Cid", "Dorothy", "Eli", "Fay", "Gus")
ASKS = (PickScreen, PickCardsScreen, AuctionScreen)
SUITS = "♠♥♦♣"


def asked(name: str, players: int, phase: str, *, until=lambda game: True, prefer=None, seed: int = 1,
          tries: int = 60):
    """A game of ``name`` in which seat 0 (the human) must act in ``phase`` and
    ``until(game)`` holds, reached by legal actions a seeded ``random.Random`` picks
    (``prefer(seat, actions)`` may pick one instead). The next seed is tried, a bounded number of times."""
    for s in range(seed, seed + tries):
        seats = [Seat(NAMES[0], "human")] + [Seat(n, "easy") for n in NAMES[1:players]]
        game = registry.new_game(name, {"players": players}, seed=s, seats=seats)
        rng = random.Random(s)
        while not game.is_over and len(game.observe(0).results) == 0:  # the first round
            to_act = game.to_act()
            if 0 in to_act and game.phase.name == phase and until(game):
                return game
            seat = to_act[0] if to_act else None
            actions = game.legal_actions(seat)
            chosen = prefer(seat, actions) if prefer is not None and seat is not None else None
            game.apply(chosen if chosen is not None else actions[rng.randrange(len(actions))])
    raise AssertionError(f"no {phase} for seat 0 in {name} with seeds {seed}..{seed + tries - 1}")


async def shown_at(pilot, app) -> str:
    """The screen once the app asks seat 0 and its footer is drawn."""
    await wait_for_input(pilot, also=ASKS)
    await footer_drawn(pilot, app)
    return text(app)


def unboxed(shown: str) -> str:
    """The words on screen without box edges and scrollbars, each run of spaces one space."""
    for edge in "│┃▁▂▃▄▅▆▇█":
        shown = shown.replace(edge, " ")
    return joined(shown)


async def test_the_menu_at_60x15_shows_every_choice(tmp_path):
    """With an unfinished game (Continue) and a saved one (Saved games), every choice
    of the main menu is on screen at 60x15, Settings and Quit below the rest (it
    showed New game, Continue and Saved games, and cut the list there)."""
    dirs = storage.save_dirs(tmp_path)
    finished = registry.new_game(registry.default_game().name, {"players": 4}, seed=2,
                                 seats=[Seat(NAMES[0], "human")] + [Seat(n, "easy") for n in NAMES[1:4]])
    rng = random.Random(2)
    while not finished.is_over:
        to_act = finished.to_act()
        actions = finished.legal_actions(to_act[0] if to_act else None)
        finished.apply(actions[rng.randrange(len(actions))])
    storage.finish_game(dirs, finished)
    storage.write_autosave(dirs, registry.new_game(registry.default_game().name, {"players": 4}, seed=3))
    app = OhSevenApp(save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        from textual.widgets import OptionList

        menu = app.screen.query_one(OptionList)
        await pilot.pause()  # the saves are looked for after the first paint
        await until(pilot, lambda: menu.get_option_index("continue") is not None
                    and "saved" in [o.id for o in menu.options], "Continue and Saved games on the menu")
        await pilot.pause()
        shown = unboxed(text(app))
        labels = [str(option.prompt) for option in menu.options]
        for must in ("New game", "Continue", "Saved games", "Settings", "Quit"):
            assert any(label.startswith(must) for label in labels), f"the menu has no {must!r}"
        for label in labels:
            assert joined(label) in shown, f"the menu's {label!r} is not on screen at 60x15:\n{text(app)}"
        await footer_drawn(pilot, app)
        check_footer(app, "the menu at 60x15")


@pytest.mark.parametrize("name", ["up-and-down", "classic"])
async def test_number_bidding_at_60x15_shows_the_trump_and_the_bids_so_far(name, tmp_path):
    """H3/U3: the turned card and its suit, trump for the round; H4: classic's bids so
    far, in turn. At 60x15 the seats' table filled the room and the trump line was
    below it, out of sight."""
    game = asked(name, 4, "BID", until=lambda g: name != "classic" or bool(g.observe(0).bids_made))
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        shown = unboxed(await shown_at(pilot, app))
        turned = obs.turned
        assert turned is not None
        assert f"{turned.suit.symbol} ({turned.pretty()} turned)" in shown, f"{name}: no trump line:\n{text(app)}"
        for seat, bid in obs.bids_made:
            assert f"{obs.seats[seat].name} {bid}" in shown, f"{name}: {obs.seats[seat].name}'s bid:\n{text(app)}"
        check_footer(app, f"{name} bidding at 60x15", "⏎ Bid")


async def test_the_seven_for_seven_auction_at_60x15_shows_the_bids_the_standing_bid_and_the_factors(tmp_path):
    """V8-V14: every bid so far (a basic bid as points, trump suit and bower rank; a
    factor; a pass), the standing bid and who made it, and the factors raised. At
    60x15 the seats' table took the room and all of it was below, out of sight."""
    from ohseven_tui.games.sevenforseven import AuctionPass, BasicBid, FactorBid

    def lively(game) -> bool:
        obs = game.observe(0)
        kinds = {type(a) for a in obs.auction}
        return {BasicBid, FactorBid, AuctionPass} <= kinds and len(obs.auction) <= 12

    game = asked("seven-for-seven", 7, "AUCTION", until=lively)
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        shown = unboxed(await shown_at(pilot, app))
        for action in obs.auction:
            who = obs.seats[action.seat].name
            if type(action) is BasicBid:
                said = f"{who} {action.points}{action.suit.symbol}{rank_label(action.rank)}"
            else:
                said = f"{who} {'factor' if type(action) is FactorBid else 'pass'}"
            assert said in shown, f"the bid {said!r} is not on screen:\n{text(app)}"
        standing = obs.standing
        assert standing is not None
        bid = f"{standing.points}{standing.suit.symbol}{rank_label(standing.rank)}"
        assert f"{bid} by {obs.seats[standing.seat].name}" in shown, f"no standing bid:\n{text(app)}"
        for seat, factor in enumerate(obs.factors):
            if factor > 1:
                assert f"{obs.seats[seat].name} ×{factor}" in shown, f"no factor of {obs.seats[seat].name}"
        check_footer(app, "the auction at 60x15", "p Pass")


async def test_wattens_trump_screen_at_60x15_shows_the_striker_rank(tmp_path):
    """W4: the dealer names the trump suit knowing the striker rank eldest named; at
    60x15 the four suits took two rows of boxes and the rank was out of sight."""
    game = asked("watten", 4, "TRUMP")
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        shown = unboxed(await shown_at(pilot, app))
        assert obs.striker is not None
        assert f"striker rank: {rank_label(obs.striker)}" in shown, f"no striker rank:\n{text(app)}"
        for suit in ("Hearts", "Spades", "Diamonds", "Clubs"):
            assert suit in shown, f"no {suit} choice:\n{text(app)}"
        check_footer(app, "Watten's trump at 60x15", "⏎ Choose")


def _captain(seat, actions):
    """Seat 0 bids the most points it may; the others pass: seat 0 is captain (V13)."""
    from ohseven_tui.games.sevenforseven import AuctionPass, BasicBid

    bids = [a for a in actions if type(a) is BasicBid]
    if seat == 0 and bids:
        return max(bids, key=lambda a: a.points)
    return next((a for a in actions if type(a) is AuctionPass), None) if seat != 0 else None


@pytest.mark.parametrize("size", [(80, 24), SMALL])
async def test_the_leader_screen_reads_whole(size, tmp_path):
    """V17: the captain leads the first trick or names any other player to. At 80x24
    its words were cut after "or name any other player", the seven seats' boxes
    below; at 60x15 the words were out of sight."""
    game = asked("seven-for-seven", 7, "LEAD", prefer=_captain)
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        shown = unboxed(await shown_at(pilot, app))
        contract = obs.contract
        assert contract is not None
        assert f"Contract {contract.points}{contract.suit.symbol}{rank_label(contract.rank)}" in shown, text(app)
        assert "name any other player to lead it" in shown, f"the leader's words are cut:\n{text(app)}"
        assert "the winner of each trick leads the next" in shown, f"the leader's words are cut:\n{text(app)}"
        for info in obs.seats:
            assert info.name in shown, f"{info.name} is not among the choices:\n{text(app)}"
        check_footer(app, f"the leader at {size}", "⏎ Choose")


@pytest.mark.parametrize("size", [(80, 24), SMALL])
async def test_ascii_suits_on_wattens_trump_choices(size, tmp_path):
    """W4 with ASCII suits on: the trump choices say H Hearts, S Spades, ... as the
    hand says KH 7D (they kept ♥ ♠ ♦ ♣)."""
    game = asked("watten", 4, "TRUMP")
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path, ascii=True)
    async with app.run_test(size=size) as pilot:
        shown = await shown_at(pilot, app)
        assert not any(s in shown for s in SUITS), f"a suit symbol with ASCII suits on:\n{shown}"
        flat = joined(shown)
        for letter, suit in (("H", "Hearts"), ("S", "Spades"), ("D", "Diamonds"), ("C", "Clubs")):
            assert f"{letter} {suit}" in flat, f"no {letter} {suit} choice:\n{shown}"


async def test_turning_ascii_suits_on_relabels_wattens_trump_choices_in_view(tmp_path):
    """The setting changed while the trump screen is open (app.change_settings, as the
    settings screen does): the choices follow the hand at once (W4)."""
    game = asked("watten", 4, "TRUMP")
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        shown = await shown_at(pilot, app)
        assert "♥ Hearts" in joined(shown), shown
        app.change_settings(ascii_suits=True)
        await pilot.pause()
        shown = text(app)
        assert not any(s in shown for s in SUITS), f"a suit symbol after ASCII suits were turned on:\n{shown}"
        assert "H Hearts" in joined(shown), shown
