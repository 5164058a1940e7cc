"""How cards look: rank and suit symbol, in a four-colour deck.

The four suit colours come from the Okabe-Ito palette, which stays distinct for
the common kinds of colour blindness; the symbol is always shown as well, so
colour is never the only cue. Each theme (dark, light) gets its own shades.

The colour-blind palette (a setting) goes further: no red and no green at all,
so no suit depends on telling those two apart. Spades stay the text colour,
hearts are orange, diamonds blue, clubs reddish purple: they differ in hue for
every kind of colour blindness and also in lightness, and each suit keeps its own
symbol shape.
"""

from __future__ import annotations

from rich.text import Text

from ..engine import Card, Suit

# Spades use the theme's own text colour (None), the others a fixed hue.
_DARK = {Suit.SPADES: None, Suit.HEARTS: "#ff7a45", Suit.DIAMONDS: "#56b4e9", Suit.CLUBS: "#2fd09b"}
_LIGHT = {Suit.SPADES: None, Suit.HEARTS: "#c2410c", Suit.DIAMONDS: "#0064a8", Suit.CLUBS: "#00785a"}
# Okabe-Ito orange, blue and reddish purple; darker shades for light backgrounds.
_DARK_CB = {Suit.SPADES: None, Suit.HEARTS: "#e69f00", Suit.DIAMONDS: "#56b4e9", Suit.CLUBS: "#e08ac0"}
_LIGHT_CB = {Suit.SPADES: None, Suit.HEARTS: "#a85d00", Suit.DIAMONDS: "#0060a0", Suit.CLUBS: "#a03c7a"}
PALETTES = {"standard": (_DARK, _LIGHT), "colour-blind": (_DARK_CB, _LIGHT_CB)}
_palette = {"name": "standard"}  # the app's choice (settings); one app per process


def use_palette(*, colour_blind: bool) -> None:
    """The suit colours every card is drawn in from now on."""
    _palette["name"] = "colour-blind" if colour_blind else "standard"


def palette_name() -> str:
    """The palette in use (a widget that caches what it drew keys on this too)."""
    return _palette["name"]


def suit_style(suit: Suit, dark: bool = True) -> str:
    shades = PALETTES[_palette["name"]]
    colour = (shades[0] if dark else shades[1])[suit]
    return f"bold {colour}" if colour else "bold"


def suit_text(suit: Suit, *, ascii: bool = False, dark: bool = True) -> Text:
    return Text(suit.letter if ascii else suit.symbol, style=suit_style(suit, dark))


def card_text(card: Card, *, ascii: bool = False, dark: bool = True, dim: bool = False) -> Text:
    """``7♠`` (or ``7S``) in the suit's colour; the Joker (no suit of its own) in
    the text colour."""
    style = "bold" if card.is_joker else suit_style(card.suit, dark)
    if dim:
        style += " dim"
    return Text(card.pretty(ascii), style=style)


def cards_text(cards, *, ascii: bool = False, dark: bool = True, sep: str = " ") -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(card, ascii=ascii, dark=dark))
    return out


def suit_name(suit: Suit, *, ascii: bool = False) -> str:
    return f"{suit.letter if ascii else suit.symbol} {suit.label}"


def dealer_mark(*, ascii: bool = False) -> str:
    """The dealer's mark beside a name: "D", or in ASCII mode (where D is diamonds) "dlr"."""
    return "dlr" if ascii else "D"


HINT_MARK = "★"  # under a card a hint names, and before the hint's words: the one links the other


def hint_mark(*, ascii: bool = False) -> str:
    """The hint's mark: ★, or in ASCII mode *."""
    return "*" if ascii else HINT_MARK


_SUITS_TO_LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", HINT_MARK: "*"})


def ascii_suits(text: str) -> str:
    """Suit symbols in a message (often the engine's) as S/H/D/C, for --ascii (and
    the hint's ★ as *)."""
    return text.translate(_SUITS_TO_LETTERS)


def line_text(told_line, *, ascii: bool = False, dark: bool = True) -> Text:
    """A narration line (``ui.narration.Line``) drawn: words as they are, cards
    and suits in their colours, the whole in the line's style."""
    out = Text(style=told_line.style)
    for part in told_line.parts:
        if isinstance(part, Card):
            out.append_text(card_text(part, ascii=ascii, dark=dark))
        elif isinstance(part, Suit):
            out.append_text(suit_text(part, ascii=ascii, dark=dark))
        else:
            out.append(ascii_suits(part) if ascii else part)
    return out
