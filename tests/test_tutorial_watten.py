"""Watten's guided first hand (issue 36, section 5), played by keys on the real
app: the notes come just before their rule matters (W1-W11), Ann makes every
decision herself (``h`` then Enter included), and nothing is saved.

The set deal, worked by hand (Dot, seat 3, deals; Ann, seat 0, is eldest; Ann and
Cid against Bea and Dot, W1)::

    Ann  9S 9D KH AC 8H
    Bea  7D AD TD KD 7H
    Cid  TS 8C QC JC TH
    Dot  JS AS KC JH QD     names spades trump (W4)

Ann names the striker rank 9; Dot names spades. So (W5): criticals KH (Maxi) > 7D
(Belli) > 7C (Spitz, not dealt), then 9S (the chief striker), then the strikers 9D
9H 9C, then AS KS ... 7S; the other suits below.

- T1: Ann leads 9S, the chief striker, so every player holding a trump must play one
  (W7): Bea 7D (her only trump), Cid TS (his only trump), Dot JS. Bea's Belli wins (W8).
- T2: Bea AD, Cid 8C; Dot raises (W10), Ann holds: the stake is 3; Dot AS, Ann 9D (a
  striker, above the trump suit): Ann.
- T3: Ann KH (Maxi), Bea TD, Cid QC, Dot KC: Ann. Ann's side 2 tricks, Bea's 1.
- T4: Ann raises before she plays; Bea goes: the hand ends, Ann's side wins 3, the
  stake before the raise (W10). Totals: Ann and Cid 3, Bea and Dot 0.
"""

from __future__ import annotations

from test_ui_driver import until
from test_ui_hints import ask_hint, enter_and_see
from tutorial_helpers import guided_hand, key_card, named_ids, nothing_saved, stated_ids

from ohseven_tui.engine.record import dumps, loads
from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.screens.menu import MenuScreen
from ohseven_tui.ui.screens.pick import PickScreen
from ohseven_tui.ui.screens.table import TableScreen

GAME = "watten"
INPUT = (PickScreen,)
NOTES = ["Welcome", "Naming the striker", "Trump named: the order of the cards", "The first lead",
         "Who takes a trick", "A raise: hold or go", "Your raise", "The hand is over"]


def _kinds(game) -> list[str]:
    return [type(a).__name__ for a in game.history if getattr(a, "seat", None) == 0]


async def test_the_whole_guided_hand_by_keys_each_note_before_its_rule(tmp_path):
    app = OhSevenApp(tutorial=GAME, bot_delay=0.02, save_dir=tmp_path)
    at: dict[str, dict] = {}
    bodies: dict[str, str] = {}
    hints: list[str] = []
    cards = ["9S", "9D", "KH"]

    def note(screen, game) -> None:
        obs = game.observe(0)
        at[screen.title_text.split(" (")[0]] = {
            "phase": game.phase.value, "to_act": game.to_act(), "striker": obs.striker,
            "trump": obs.trump.letter if obs.trump is not None else None, "stake": obs.stake,
            "tricks": [t.winner for t in obs.tricks], "trick": [(s, c.text()) for s, c in obs.trick],
            "totals": list(game.totals)}
        bodies[screen.title_text] = screen.body

    async def choose(screen, game) -> None:
        if isinstance(screen, PickScreen):  # the striker rank, then the answer to Dot's raise: by the hint
            hints.append(await ask_hint(pilot, screen))
            await enter_and_see(pilot, screen, game)
        elif isinstance(screen, TableScreen):
            if cards:
                await key_card(pilot, screen, cards.pop(0))
            else:  # the raise, by its key at the table
                await pilot.press("r")
                await until(pilot, lambda: "Raise" in _kinds(game), "Ann's raise")

    async with app.run_test(size=(80, 24)) as pilot:
        played = await guided_hand(pilot, INPUT, note, choose)
        assert isinstance(app.screen, MenuScreen)
    assert not cards
    assert _kinds(played) == ["NameStriker", "Play", "Hold", "Play", "Play", "Raise"]
    assert hints == ["striker 9", "hold"], hints

    assert list(at) == NOTES
    assert at["Welcome"]["phase"] == "deal"
    striker = at["Naming the striker"]
    assert striker["phase"] == "striker" and striker["to_act"] == (0,) and striker["striker"] is None
    for title in ("Trump named: the order of the cards", "The first lead"):  # Dot named spades; Ann leads
        assert at[title]["phase"] == "play" and at[title]["trump"] == "S" and at[title]["striker"] == 9
        assert at[title]["tricks"] == [] and at[title]["trick"] == [] and at[title]["to_act"] == (0,)
    won = at["Who takes a trick"]  # right after trick 1, before Bea leads
    assert won["tricks"] == [1] and won["trick"] == []
    answer = at["A raise: hold or go"]  # W10: Dot raised in his turn; Ann answers
    assert answer["phase"] == "answer" and answer["to_act"] == (0,) and answer["stake"] == 2
    assert answer["trick"] == [(1, "AD"), (2, "8C")]
    mine = at["Your raise"]
    assert mine["phase"] == "play" and mine["to_act"] == (0,) and mine["tricks"] == [1, 0, 0] and mine["stake"] == 3
    over = at["The hand is over"]
    assert over["totals"] == [3, 0, 3, 0] and over["tricks"] == [1, 0, 0]

    words = {t.split(" (")[0]: b for t, b in bodies.items()}
    assert "Maxi" in words["Trump named: the order of the cards"] and "Belli" in words["Who takes a trick"]

    named = set().union(*(named_ids(t + " " + b) for t, b in bodies.items()))
    assert named and named <= stated_ids("W"), named - stated_ids("W")

    assert list(loads(dumps(played)).totals) == [3, 0, 3, 0]
    nothing_saved(tmp_path)


async def test_at_no_bot_pace_every_note_still_shows_taking_every_hint(tmp_path):
    """``--bot-delay 0``: the table stops only at Ann's turns; every note still shows.
    Ann takes every hint (h, then Enter), the raise at the table included."""
    app = OhSevenApp(tutorial=GAME, bot_delay=0, save_dir=tmp_path)
    titles = []

    async def choose(screen, game) -> None:
        await ask_hint(pilot, screen)
        await enter_and_see(pilot, screen, game)

    async with app.run_test(size=(80, 24)) as pilot:
        played = await guided_hand(pilot, INPUT, lambda screen, game: titles.append(screen.title_text.split(" (")[0]),
                                   choose)
    assert _kinds(played) == ["NameStriker", "Play", "Hold", "Play", "Play", "Raise"]
    assert titles == NOTES
