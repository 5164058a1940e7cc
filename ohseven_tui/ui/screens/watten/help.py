"""Watten's part of the help (F1): its rules in brief, and its own keys."""

HELP = """\
# Watten in brief

**Players and cards.** Four players in two sides, partners opposite. 32 cards:
A K Q J 10 9 8 7 in ♥ ♠ ♦ ♣; five cards each, the other twelve stay out of play.

**Striker and trump** (W4). Eldest hand (the dealer's left) names a striker rank,
then the dealer names a trump suit. The order of the cards (W5), highest first:

1. the three **criticals**, always: K♥ (Maxi), 7♦ (Belli), 7♣ (Spitz);
2. the **chief striker**: the striker rank in the trump suit (none when that card
   is a critical);
3. the other **strikers**, equal: of two, the first played wins;
4. the rest of the trump suit, A down to 7;
5. the suit led; a card of another plain suit never wins.

**Tricks.** No one must follow suit, with one exception (W7): when the chief
striker is led to the first trick, everyone who holds a trump must play one.

**A hand** is won by the first side to take three tricks (W9), worth 2 points.
In your turn to play, before you play, you may **raise** by one (the `r` key): the
next opponent answers for their side, **hold** (play on for more) or **go** (the
hand ends; you win it at the stake before the raise). A side raises again only
after the other side has. The first side to the target (15 by default; 11, 13
or 18 as an option) wins (W11).

The full rules, rule by rule (W1-W13), are the project's docs/watten.md.
"""

HELP_KEYS = (
    ("Naming", "←→ or 1-8 choose the striker rank or trump suit, Enter names it"),
    ("Your turn to play", "r raises the stake by one (when the footer shows it)"),
    ("An open raise", "←→ or 1/2 choose hold or go, Enter answers"),
)
