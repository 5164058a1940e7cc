"""The one sanitiser for text from players and files (ohseven_tui.safetext)."""

from __future__ import annotations

import json

from hostile import ALL, NAMES, raw_controls

from ohseven_tui.safetext import csv_cell, escape_json_output, one_line, printable


def test_printable_escapes_every_control_and_keeps_the_rest():
    for text in ALL:
        shown = printable(text)
        assert not raw_controls(shown) and "\n" not in shown and "\t" not in shown
        shown.encode("utf-8")  # a lone surrogate is escaped, so this never raises
    assert printable("\x1b[2J\x1b]0;PWNED\x07Ann") == "\\x1b[2J\\x1b]0;PWNED\\x07Ann"
    assert printable("\ud800") == "\\ud800" and printable("\u202eX") == "\\u202eX"
    assert printable("a\x9bb\x7f") == "a\\x9bb\\x7f"
    assert printable("a\r\n\tb") == "a\\r\\n\\tb"
    for name, survives in NAMES:
        assert survives in printable(name)


def test_one_line_cuts_long_input():
    line = one_line("x" * 1_000_000)
    assert len(line) < 120 and line.endswith("(1000000 characters)")
    assert one_line("id\nwith newline") == "id\\nwith newline"


def test_csv_cell_neutralises_formulas_not_numbers():
    assert csv_cell("=cmd|' /C calc'!A0") == "'=cmd|' /C calc'!A0"
    assert csv_cell("+1+1") == "'+1+1" and csv_cell("@SUM(A1)") == "'@SUM(A1)" and csv_cell("-x") == "'-x"
    assert csv_cell(-3) == -3 and csv_cell("-3") == "-3" and csv_cell("+2.5") == "+2.5"
    assert csv_cell("Ann") == "Ann"


def test_json_output_stays_valid_and_round_trips():
    data = {"players": ALL}
    text = escape_json_output(json.dumps(data, indent=1, ensure_ascii=False))
    assert not raw_controls(text)
    assert json.loads(text) == data


def test_clean_name_drops_controls_and_keeps_the_text():
    from ohseven_tui.safetext import clean_name, drop_unsafe

    assert clean_name("\x1b[2JAnn") == "Ann"  # a control sequence goes whole (issue 36)
    assert clean_name("Es\x1b[31mc\x07x") == "Escx" and clean_name("\x1b]0;title\x07Bea") == "Bea"
    assert clean_name("Dot\r\nEli") == "Dot Eli" and clean_name("  Bea\x07\x7f ") == "Bea"
    assert clean_name("\ud800Fay\u202e") == "Fay" and clean_name("Ann [ace]") == "Ann [ace]"
    assert clean_name("שלום 😀") == "שלום 😀"
    assert drop_unsafe("Ann ") == "Ann "  # typing a space is not undone
    for name, _ in NAMES:
        assert not raw_controls(clean_name(name))
