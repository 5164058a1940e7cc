"""Make saves/redeal-2p.json: a 2-player game whose first round is dealt again (R13).

A redeal needs seven failed bid attempts in a row, too rare to find by trying seeds,
so round 1's deal is scripted (a stacked deal) and so are its seven bid attempts:
Ann holds the spades 0-6, Ben 7S and the hearts 6-1, and in attempt k Ann bids rank
k while Ben bids rank 7-k. Every attempt sums to 7 (R11: the top bidder scores 1 and
a rebid follows, R12); after seven attempts nobody has an unbid card, so the round is
dealt again (R13) from the game's seed. Easy bots play everything after that.

    python saves/make_redeal_sample.py [OUT_DIR]      (default: this directory)
"""

from __future__ import annotations

import sys
from pathlib import Path

from ohseven_tui.bots import make_bot, play_game
from ohseven_tui.engine import DEAL, Bid, Game, Phase, Seat, make_rules, parse_cards
from ohseven_tui.storage import write_save

SEED = 2026
ANN = parse_cards("0S 1S 2S 3S 4S 5S 6S".split())
BEN = parse_cards("7S 6H 5H 4H 3H 2H 1H".split())


def make_game() -> Game:
    rules = make_rules("oh-seven", 2, passing=False)
    game = Game(rules, seed=SEED, seats=[Seat("Ann", "easy"), Seat("Ben", "easy")], stacked_deals=[((ANN, BEN),)])
    game.apply(DEAL)
    for k in range(7):
        game.apply(Bid(0, ANN[k]))
        game.apply(Bid(1, BEN[k]))
    assert game.phase is Phase.DEAL and game.round_number == 1, "the scripted round should end in a redeal"
    bots = [make_bot("easy", seed=SEED * 16 + s) for s in range(2)]
    return play_game(game, bots)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent
    path = write_save(out / "redeal-2p.json", make_game(), replace=True)
    print(path)


if __name__ == "__main__":
    main()
