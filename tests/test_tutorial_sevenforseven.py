"""Seven for Seven's guided first hand (issue 36, section 5), played by keys on the
real app: the notes come just before their rule matters (V1-V22), Ann makes every
decision herself (``h`` then Enter included), and nothing is saved.

The set deal, worked by hand (Fay, seat 5, deals; Gus, seat 6, is eldest, V8)::

    Ann  JS AS AH 3H 2H 5C 2D      kitty: JK 4D (Ann, captain)  AD (Cid)  TD (Fay)
    Bea  JC AC KC 6H 8D 7D 6D
    Cid  9S 3S 2S 5D 3D 5H 4H      draws AD, puts away 5D
    Dot  JH 8S TH 7H KD 8C 2C
    Eve  6S 4S QH 8H QD 9C 3C
    Fay  JD TS KH 9H 7C 6C 4C      draws TD, puts away 6C
    Gus  KS QS 7S 5S QC TC 9D      opens 8 clubs bower Q

Auction: Gus 8♣Q; Ann 15♠J; Bea, Cid pass; Dot factor (×2); Eve, Fay, Gus pass;
Ann factor (×2); the six others pass; Ann passes: seven in a row (V10). Contract
15, spades, bower rank J (V13); Ann captain, lieutenants Cid (2) and Fay (5) (V11).
Ann draws JK 4D and puts away 4D 2D (V15); she leads herself (V17). Trumps, high
to low (V7): JK, JS, JC, then JH = JD, then AS KS QS ... 2S.

- T1 (1): Ann JK, Bea JC (her only trump: a trump led must be trumped, V18), Cid 2S,
  Dot JH, Eve 4S, Fay JD, Gus 5S: Ann (the overbower).
- T2 (2): Ann JS, Bea 7D, Cid 3S, Dot 8S, Eve 6S, Fay TS, Gus 7S: Ann.
- T3 (3): Ann AH, Bea 6H, Cid 5H, Dot 7H, Eve 8H, Fay 9H, Gus KS: Gus (void in hearts).
- T4 (4): Gus QC, Ann 5C (her only club: she must follow, V18), Bea AC, Cid 9S,
  Dot 2C, Eve 3C, Fay 4C: Cid (a trump).
- T5 (5): Cid AD, Dot KD, Eve QD, Fay TD, Gus 9D, Ann 2H, Bea 8D: Cid.
- T6 (6): Cid 4H, Dot TH, Eve QH, Fay KH, Gus QS, Ann 3H, Bea 6D: Gus.
- T7 (7): Gus TC, Ann AS, Bea KC, Cid 3D, Dot 8C, Eve 9C, Fay 7C: Ann.

Trio 1 + 2 + 4 + 5 + 7 = 19, quartet 3 + 6 = 9: 15 made (V21). V22: Ann 19 + 2 × 15
= 49; Cid, Fay 19 + 15 = 34; Dot 9 - 2 × 15 = -21; Bea, Eve, Gus 9 - 15 = -6.
"""

from __future__ import annotations

from test_ui_driver import text
from test_ui_hints import ask_hint, cards_in, drawn_marks, enter_and_see
from tutorial_helpers import guided_hand, key_card, named_ids, nothing_saved, stated_ids

from ohseven_tui.engine.cards import parse_card
from ohseven_tui.engine.record import dumps, loads
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.pick import PickCardsScreen, PickScreen
from ohseven_tui.ui.screens.sevenforseven.auction import AuctionScreen
from ohseven_tui.ui.screens.table import TableScreen

GAME = "seven-for-seven"
INPUT = (AuctionScreen, PickScreen, PickCardsScreen)
# Ann's cards, trick by trick, and how each is played: "hint" (h, then Enter), "key" (its number, Enter)
PLAYS = [("JK", "hint"), ("JS", "key"), ("AH", "key"), ("5C", "key"), ("2H", "hint"), ("3H", "key"), ("AS", "key")]
NOTES = ["Welcome", "What a contract names", "Your basic bid", "Factor bids", "Seven passes end the auction",
         "The kitty", "Who leads", "Leading a trump", "Who takes a trick", "Following suit", "The last trick",
         "The hand is over"]


async def test_the_whole_guided_hand_by_keys_each_note_before_its_rule(tmp_path):
    app = OhSevenApp(tutorial=GAME, bot_delay=0.02, save_dir=tmp_path)
    at: dict[str, dict] = {}  # a note's title (without its ids) -> the game when it showed
    bodies: dict[str, str] = {}  # the whole title -> the words
    hints: list[str] = []
    auction_turns = 0
    plays = list(PLAYS)
    refused = None

    def note(screen, game) -> None:
        obs = game.observe(0)
        at[screen.title_text.split(" (")[0]] = {
            "phase": game.phase.value, "to_act": game.to_act(), "auction": len(obs.auction),
            "passes": obs.passes_in_row, "factors": list(obs.factors), "hand": len(obs.hand),
            "tricks": len(obs.tricks), "trick": [(seat, card.text()) for seat, card in game.trick],
            "totals": list(game.totals)}
        bodies[screen.title_text] = screen.body

    async def choose(screen, game) -> None:
        nonlocal auction_turns, refused
        if isinstance(screen, AuctionScreen):
            auction_turns += 1
            if auction_turns == 1:  # the note's bid, by the hint
                hints.append(await ask_hint(pilot, screen))
                await enter_and_see(pilot, screen, game)
            else:
                await pilot.press("f" if auction_turns == 2 else "p")
        elif isinstance(screen, PickCardsScreen):  # the discard, by the hint
            hints.append(await ask_hint(pilot, screen))
            marks = drawn_marks(app, screen)
            assert {c.text() for c, mark in marks.items() if mark == "★"} == {"4D", "2D"}, marks
            await enter_and_see(pilot, screen, game)
        elif isinstance(screen, PickScreen):  # who leads: the cursor starts on Ann
            await pilot.press("enter")
        elif isinstance(screen, TableScreen):
            card, how = plays.pop(0)
            if card == "5C" and refused is None:  # V18: a spade when clubs were led, while she holds 5C
                await key_card(pilot, screen, "AS")
                await pilot.pause()
                refused = text(app)
                assert len(game.trick) == 1
            if how == "hint":
                hints.append(await ask_hint(pilot, screen))
                await enter_and_see(pilot, screen, game)
            else:
                await key_card(pilot, screen, card)
            mine = [a.card.text() for a in game.history if type(a).__name__ == "Play" and a.seat == 0]
            assert mine[-1] == card, (mine, card)

    async with app.run_test(size=(80, 24)) as pilot:
        played = await guided_hand(pilot, INPUT, note, choose)
        assert isinstance(app.screen, MenuScreen)
    assert not plays and auction_turns == 3
    assert "You must follow ♣ (Clubs)" in refused  # the engine's words (V18)
    assert hints[0].startswith("bid 15♠J") and cards_in(hints[1]) == [parse_card("4D"), parse_card("2D")]
    assert cards_in(hints[2]) == [parse_card("JK")] and cards_in(hints[3]) == [parse_card("2H")]

    assert list(at) == NOTES
    assert at["Welcome"]["phase"] == "deal" and at["Welcome"]["totals"] == [0] * 7
    for title in ("What a contract names", "Your basic bid"):  # before Ann's first bid: Gus's 8♣Q only
        assert at[title]["phase"] == "auction" and at[title]["to_act"] == (0,) and at[title]["auction"] == 1
    factor = at["Factor bids"]  # Dot's factor is up (V12), Ann's is not yet
    assert factor["to_act"] == (0,) and factor["factors"] == [1, 1, 1, 2, 1, 1, 1] and factor["auction"] == 8
    end = at["Seven passes end the auction"]
    assert end["phase"] == "auction" and end["passes"] == 6 and end["factors"] == [2, 1, 1, 2, 1, 1, 1]
    kitty = at["The kitty"]  # after the draw, before Ann puts away (V15)
    assert kitty["phase"] == "discard" and kitty["to_act"] == (0,) and kitty["hand"] == 9
    assert at["Who leads"]["phase"] == "lead" and at["Who leads"]["to_act"] == (0,)
    lead = at["Leading a trump"]
    assert lead["phase"] == "play" and lead["tricks"] == 0 and lead["trick"] == [] and lead["to_act"] == (0,)
    won = at["Who takes a trick"]
    assert won["tricks"] == 1 and won["trick"] == []
    follow = at["Following suit"]
    assert follow["tricks"] == 3 and follow["trick"] == [(6, "QC")] and follow["to_act"] == (0,)
    last = at["The last trick"]
    assert last["tricks"] == 6 and last["trick"] == [] and last["to_act"] == (6,)
    over = at["The hand is over"]
    assert over["phase"] == "hand-over" and over["totals"] == [49, -6, 34, -21, -6, 34, -6]

    # The notes' words follow the table: Gus's opening, the bowers of trick 1, the scores.
    words = {t.split(" (")[0]: b for t, b in bodies.items()}
    assert "8♣Q" in words["Your basic bid"]
    assert "J♣" in words["Who takes a trick"] and "left bower" in words["Who takes a trick"]
    assert "underbower" in words["Who takes a trick"]
    assert "19" in words["The hand is over"] and "49" in words["The hand is over"] and "-21" in words["The hand is over"]

    # Every rule id a note names is one the rules page states.
    named = set().union(*(named_ids(t + " " + b) for t, b in bodies.items()))
    assert named and named <= stated_ids("V"), named - stated_ids("V")

    # An ordinary record of what was played; nothing was saved (a lesson is not a game kept).
    assert list(loads(dumps(played)).totals) == [49, -6, 34, -21, -6, 34, -6]
    nothing_saved(tmp_path)


async def test_at_no_bot_pace_every_note_still_shows_taking_every_hint(tmp_path):
    """``--bot-delay 0``: the bots move without a pause, and every note still shows
    (the last trick's is due between two bots' moves: tests/test_tutorial_between_bots.py).
    Ann takes every hint (h, then Enter)."""
    app = OhSevenApp(tutorial=GAME, bot_delay=0, save_dir=tmp_path)
    titles = []

    async def choose(screen, game) -> None:
        await ask_hint(pilot, screen)
        await enter_and_see(pilot, screen, game)

    async with app.run_test(size=(80, 24)) as pilot:
        await guided_hand(pilot, INPUT, lambda screen, game: titles.append(screen.title_text.split(" (")[0]), choose)
    assert titles == NOTES
