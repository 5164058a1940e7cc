"""The Oh Hell family's part of the help (F1): its rules in brief, and the keys of
its own screens (passing, card bids, number bids). ``screens/help.py`` puts them
together with every other family's and the keys every game shares."""

from typing import Optional

# One section per game, so the help can open with the game in play.
SECTIONS = {
    "oh-seven": """\
# Oh-Seven in brief

**Players and cards.** 2 to 9 players. Cards rank 0 to 7 in four suits,
highest suit first: ♠ Spades, ♥ Hearts, ♦ Diamonds, ♣ Clubs (S H D C with `--ascii`).
2-4 players use one deck of 32 cards, 5-9 players two decks (every card twice).

**A game** is 7 rounds; each round deals 7 cards to everyone and plays 7 tricks.
The highest total after round 7 wins; equal totals share the win.

**Passing** (optional): after the deal everyone passes cards face down to a neighbour:
round 2 one card left, 3 two right, 4 three left, 5 two right, 6 one left.

**Bidding.** Everyone lays one card of their hand face down; all are revealed together.
A card's rank is that player's bid: the number of tricks they aim to take. The
highest card (rank, then suit) is the top bid: its suit is trump and its bidder
leads the first trick. Bid cards stay in the hand and are played normally.

- If the bids add up to exactly 7, whoever laid the top card scores 1 point at
  once (each of them, with identical cards) and everyone bids again.
- With two decks, if the top bid is made with identical cards, everyone bids again.
- In a rebid you must use a card you have not bid with yet this round. When nobody
  has one left, the round is dealt again (points already scored stay).

**Tricks.** Follow the suit led if you can; otherwise play any card. The highest
trump wins the trick, else the highest card of the suit led; between identical cards
the first one played wins. The winner leads next.

**Scoring.** Take exactly your bid: bid + 2 points. Miss: lose the difference
(bid 3, took 2: -1). Bid 0 and take 0: +2. A round's points add the rebid points.

The full rules, rule by rule (R1-R17), are the project's docs/oh-seven.md.
""",
    "classic": """\
# Oh Hell, classic

3-7 players, 52 cards (ace high), hands of 7, 6, 5, 4, 3, 2, 1. The next
card of the pack is turned: its suit is trump (none left: no trump). Bids are numbers,
made in turn from the dealer's left; the dealer may not make them add up to the hand
size (the hook). The first dealer is drawn at random; the dealer's left leads.
Exact: 10 + tricks; a miss scores 0. Full rules (H1-H7): docs/oh-hell.md.
""",
    "up-and-down": """\
# Oh Hell, up and down

As classic, but twelve hands of 7 down to 2 and back up to 7, bids
made all at once face down, no hook. Exact: the bid; a miss loses the difference.
Full rules (U1-U7): docs/oh-hell.md.
""",
}
HELP = "\n\n".join(text.strip() for text in SECTIONS.values()) + "\n"  # every game, the headline first


def help_for(game: Optional[str] = None) -> str:
    """The family's rules, the game ``game`` (in play) first."""
    order = sorted(SECTIONS, key=lambda name: name != game)
    return "\n\n".join(SECTIONS[name].strip() for name in order) + "\n"


HELP_KEYS = (
    ("Passing", "`Space` or `1`-`7` pick/unpick a card · `Enter` pass them · click to pick · `t` scoresheet · "
                "`l` last trick"),
    ("Bidding", "`←` `→` or `1`-`7` select · `Enter` bid · click a card to bid it · `t` scoresheet · `l` last trick"),
    ("Number bids", "`0`-`9` or `←` `→` choose a number · `Enter` bid · or click a number"),
)
