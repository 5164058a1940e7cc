"""The table's words as plain data (issue 11, UI): a family's narration, status
line and hint words, tested without an app. Expected lines follow the rules by
hand (R9 top bid sets trump and leads, R15 trick winner, H4 bids said in turn)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers import hands, new_game

from ohseven_tui.engine import registry
from ohseven_tui.engine.actions import DEAL, Bid, BidNumber, Pass, Play
from ohseven_tui.engine.cards import Card, parse_card
from ohseven_tui.games.ohhell import Seat
from ohseven_tui.ui.families import family_ui
from ohseven_tui.ui.narration import Line, Told, out_of
from ohseven_tui.ui.screens.ohhell import narration
from ohseven_tui.ui.widgets.scoresheet import legend

PACKAGE = Path(__file__).resolve().parents[1] / "ohseven_tui"
NAMES = ("Ann", "Bea", "Cid", "Dot")


def name(seat: int) -> str:
    return NAMES[seat]


def told(game, action, seat: int = 0) -> Told:
    before = game.observe(seat)
    game.apply(action)
    return narration.narrate(action, before, game.observe(seat), name)


def two_player_game():
    return new_game(2, [hands("7S 6S 5S 4S 3S 2S 1S", "7H 6H 5H 4H 3H 2H 1H")])


def test_a_deal_starts_the_log_afresh_with_the_dealer_in_bold():
    game = two_player_game()
    out = told(game, DEAL)
    assert out.clear
    assert out.texts() == ["Round 1: Ann deals."] and out.lines[0].style == "bold"


def test_card_bids_stay_silent_until_all_are_revealed_then_the_top_bid_sets_trump():
    game = two_player_game()
    game.apply(DEAL)
    assert told(game, Bid(0, parse_card("7S"))).lines == ()  # face down (R8)
    out = told(game, Bid(1, parse_card("1H")))
    bids, outcome = out.lines
    assert parse_card("7S") in bids.parts and parse_card("1H") in bids.parts  # drawn as cards
    assert bids.text() == "Bids: Ann 7♠, Bea 1♥" and bids.text(ascii=True) == "Bids: Ann 7S, Bea 1H"
    # 7 + 1 is not the hand size (7): the bids stand; 7♠ is top, so spades and Ann leads (R9).
    assert outcome.text().startswith("Trump is ♠") and "Ann's 7♠ is the top bid, and Ann leads." in outcome.text()


def test_a_play_names_the_card_and_a_full_trick_its_taker():
    game = two_player_game()
    for action in (DEAL, Bid(0, parse_card("7S")), Bid(1, parse_card("1H"))):
        game.apply(action)
    out = told(game, Play(0, parse_card("7S")))
    assert out.texts() == ["Ann plays 7♠"] and isinstance(out.lines[0].parts[-1], Card)
    out = told(game, Play(1, parse_card("7H")))
    # Bea cannot follow spades; 7♠ is trump and highest: Ann takes it (R15), bid 7.
    assert out.texts() == ["Bea plays 7♥", "Ann takes trick 1 (has 1, bid 7)."]
    assert out.lines[1].style == "bold"


def seated(game_name: str):
    seats = [Seat(n) for n in NAMES[:3]]
    return registry.new_game(game_name, {"players": 3}, seed=1, seats=seats)


def test_number_bids_in_turn_are_said_aloud_and_at_once_they_are_not():
    classic = seated("classic")
    classic.apply(DEAL)
    first = classic.to_act()[0]
    out = told(classic, BidNumber(first, 2))
    assert out.texts() == [f"{name(first)} bids 2."]  # H4: every seat hears it
    together = seated("up-and-down")
    together.apply(DEAL)
    assert told(together, BidNumber(0, 2)).lines == ()  # U4: face down until all have bid


def test_a_number_deal_says_the_hand_size_and_the_turned_card():
    classic = seated("classic")
    out = told(classic, DEAL)
    turned = classic.observe(0).turned
    assert out.texts()[1] == f"7 cards each; trump {turned.suit.symbol} ({turned.pretty()} turned)."  # H2, H3


def test_status_line_names_the_round_of_the_games_rounds_and_whose_turn():
    together = seated("up-and-down")
    together.apply(DEAL)
    lines = narration.status_lines(together.observe(0), name, you=None)
    assert lines[0] == Line(("Round 1/12",), "bold")  # U2: twelve rounds
    game = two_player_game()
    for action in (DEAL, Bid(0, parse_card("7S")), Bid(1, parse_card("1H"))):
        game.apply(action)
    lines = narration.status_lines(game.observe(0), name, you="you")
    assert lines[-1] == Line(("you to lead",), "bold reverse", spare=1)  # the last to go on a narrow line
    assert "".join(ln.text() for ln in lines).startswith("Round 1/7 · trick 1/7 · trump ♠ (Ann's 7♠)")
    lines = narration.status_lines(game.observe(0), name, you=None)
    assert lines[-1] == Line(("Ann leads",), "bold", spare=1)


def test_hint_words_for_each_kind_of_action():
    assert narration.action_words(BidNumber(0, 3)) == "bid 3"
    assert narration.action_words(Play(0, parse_card("7S"))) == "7♠"
    assert narration.action_words(Pass(0, (parse_card("5H"), parse_card("2C")))) == "5♥ 2♣"


def test_round_over_line_and_plain_helpers():
    assert out_of(3, 7) == "3/7" and out_of(3, None) == "3" and out_of(3, 12, " of ") == "3 of 12"
    view = registry.game_spec("classic").view({"players": 4})
    assert legend("classic") == view.legend
    assert legend("classic", in_play=True) == f"{view.legend}\n{view.in_play_legend}"


def test_a_family_without_a_ui_package_gets_plain_words():
    from dataclasses import replace

    spec = replace(registry.game_spec("oh-seven"), family="no_such_family_ui")
    ui = family_ui(spec)
    assert ui.screens == {}
    game = two_player_game()
    game.apply(DEAL)
    before = game.observe(0)
    action = Bid(0, parse_card("7S"))
    game.apply(action)
    out = ui.narrate(action, before, game.observe(0), name)
    assert out.texts() == [f"Ann: {spec.action_text(action)}"]
    lines = ui.status_lines(game.observe(0), name, you=None)
    assert lines[0].text() == "Round 1/7"
    assert ui.seats_renderer() is None  # the seats widget draws names, turn and totals
    from ohseven_tui.ui.widgets.seats import plain_seats

    seats = plain_seats(game.observe(0), 0, ascii=False, dark=True, humans=1)
    assert [c.header for c in seats.columns][-1] == "Score"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_narration_and_replay_modules_import_no_textual_or_rich():
    for rel in ("ui/narration.py", "ui/families.py", "ui/screens/ohhell/narration.py", "games/ohhell/review.py"):
        assert not _imports(PACKAGE / rel) & {"textual", "rich"}, rel


def test_help_puts_each_familys_rules_before_the_shared_keys():
    from dataclasses import replace

    from ohseven_tui.ui.screens.help import help_text
    from ohseven_tui.ui.screens.ohhell import HELP

    toy = replace(registry.default_game(), name="toy-help", label="Toy Help", family="no_such_family_ui",
                  description="Two players, three tricks, highest card wins.", order=999)
    registry.register(toy)
    try:
        text = help_text()
    finally:
        registry.unregister(toy.name)
    assert text.startswith(HELP.strip())
    assert "# Toy Help\n\nTwo players, three tricks, highest card wins." in text
    keys = text.index("# Keys")
    assert text.index("# Toy Help") < keys and text.index("| Number bids |") > keys


def _own_rules(spec) -> str:
    """A game's own section of its family's help: up to the next game's heading."""
    from ohseven_tui.ui.families import family_ui

    text = family_ui(spec).help(spec.name)[0].strip()
    return text.split("\n# ")[0].strip()


@pytest.mark.parametrize("game", [s.name for s in registry.games()])
def test_help_opens_with_the_rules_of_the_game_in_play(game):
    """F1 at a classic table starts with classic's rules, not Oh-Seven's (found by
    the new-user walkthrough); with no game in play, the headline game comes first."""
    from ohseven_tui.ui.screens.help import help_text

    own = _own_rules(registry.game_spec(game))
    assert own.startswith("# ") and help_text(game).startswith(own)
    for other in registry.games():  # and every other game's rules are still there, after it
        assert _own_rules(other) in help_text(game)
    assert help_text().startswith(_own_rules(registry.default_game()))
