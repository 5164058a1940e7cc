"""Seven for Seven's part of the help (F1): its rules in brief, and its own keys."""

HELP = """\
# Seven for Seven in brief

**Players and cards.** Exactly seven players; 52 cards and a Joker (53; 52 with the
Joker option off). Seven cards each and four (three) face down in the kitty.

**The auction** (V8-V13). From the dealer's left, round and round: make a **basic
bid** (trump suit, bower rank, and trick points higher than any bid before),
raise your own **factor** by one step (×2 … ×6, once a basic bid stands), or
pass. A basic bid cancels every factor. Seven passes in a row end it; with no
basic bid the hand is dealt again.

**The sides** (V11). The last bidder is the **captain**; the players two seats to
her left and two to her right are her **lieutenants**: the **trio**. The other
four are the **quartet**.

**The kitty** (V15). The captain draws two cards (one without the Joker), then
each lieutenant one; then the captain discards as many as she drew and each
lieutenant one, face down. Only the player sees what she draws and discards (V16).

**The bowers** (V7): the trump suit, highest first, is the Joker, the right bower
(the bower rank in trumps), the left bower (the same rank in the suit of the same
colour), the two underbowers (equal: the first played wins), then A down to 2.
Bowers are trumps: follow suit by the suit a card belongs to.

**Tricks** (V17-V20). The captain leads or names the leader. Trick k is worth k
points (28 in all). **Scoring** (V22): everyone scores her side's trick points,
plus (trio made it) or minus (trio failed) the contract times her own factor,
with the quartet's sign the other way round. Seven hands make a game (V4).

The full rules, rule by rule (V1-V24), are the project's docs/seven-for-seven.md.
"""

HELP_KEYS = (
    ("Auction", "←→ change, ↑↓ suit / bower rank / points, digits type points, Enter bids, f factor, p pass"),
    ("Discard", "Space or a number picks a card, Enter discards"),
    ("Leader", "←→ or a number chooses the seat, Enter names it"),
)
