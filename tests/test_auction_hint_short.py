"""Seven for Seven's auction below 24 rows with a hint shown (V8-V14: every bid so
far, the standing bid and the factors are public, and the player bids on them).
At 60x15 a hint of two or three rows under the bid took its rows from the words
above it: the standing bid and the factors went out of sight. The bids stay in
view as they were before the hint (the same rows of them); the hint takes the
prompt's row and any row the words leave, and where it is longer it is cut with
"…" (its start, what it suggests, shows). Read from the screen as drawn (Pilot on
the real app), each bid worked out from the game's observation."""

from __future__ import annotations

import pytest
from test_ui_driver import text
from test_whole_at_60x15 import asked, shown_at, unboxed

from ohseven_tui.engine.cards import rank_label
from ohseven_tui.ui.app import OhSevenApp


def lively(game) -> bool:
    """Basic bids, factors and passes, the standing bid at the most (28: no basic bid left)."""
    from ohseven_tui.games.sevenforseven import AuctionPass, BasicBid, FactorBid

    obs = game.observe(0)
    kinds = {type(a) for a in obs.auction}
    return {BasicBid, FactorBid, AuctionPass} <= kinds and len(obs.auction) <= 12


def open_bidding(game) -> bool:
    """Four bids or more, and a basic bid still to make (the bid's picker is one row)."""
    obs = game.observe(0)
    return len(obs.auction) >= 4 and (obs.standing is None or obs.standing.points < 28)


def said_in_the_auction(obs) -> list[str]:
    from ohseven_tui.games.sevenforseven import BasicBid, FactorBid

    out = []
    for action in obs.auction:
        who = obs.seats[action.seat].name
        if type(action) is BasicBid:
            out.append(f"{who} {action.points}{action.suit.symbol}{rank_label(action.rank)}")
        else:
            out.append(f"{who} {'factor' if type(action) is FactorBid else 'pass'}")
    standing = obs.standing
    if standing is not None:
        bid = f"{standing.points}{standing.suit.symbol}{rank_label(standing.rank)}"
        out.append(f"Standing: {bid} by {obs.seats[standing.seat].name}")
    for seat, factor in enumerate(obs.factors):
        if factor > 1:
            out.append(f"{obs.seats[seat].name} ×{factor}")
    return out


def context_rows(app) -> list[str]:
    """The rows of the auction's words (bids, standing bid, factors) in view."""
    screen = app.screen
    region = screen.query_one("#context").region.intersection(screen.query_one("#choose-body").region)
    return [row[region.x:region.right].rstrip() for row in text(app).splitlines()[region.y:region.bottom]]


@pytest.mark.parametrize("size", [(60, 15), (80, 20)])
@pytest.mark.parametrize("until", [lively, open_bidding], ids=["lively", "open"])
async def test_a_hint_on_the_auction_leaves_the_bids_in_view(size, until, tmp_path):
    game = asked("seven-for-seven", 7, "AUCTION", until=until)
    obs = game.observe(0)
    app = OhSevenApp(game=game, bot_delay=3600, save_dir=tmp_path)
    async with app.run_test(size=size) as pilot:
        await shown_at(pilot, app)
        before = context_rows(app)
        await pilot.press("h")
        await pilot.pause()
        await pilot.pause()
        await pilot.pause()
        shown = unboxed(text(app))
        assert "Hint:" in shown, f"no hint:\n{text(app)}"
        rows = context_rows(app)
        assert rows == before, f"the hint took rows of the bids: {before} -> {rows}\n{text(app)}"
        for said in said_in_the_auction(obs):
            if said in unboxed(" ".join(before)):  # in view before the hint: in view with it
                assert said in shown, f"{said!r} is out of sight with the hint:\n{text(app)}"
        message = app.screen.query_one("#message")
        words = unboxed(str(message.render()))
        assert words.startswith("Hint:") or words.startswith("★ Hint:"), words
