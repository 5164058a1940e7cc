"""Issue 36, section 4: a name pasted with an escape sequence in it. Pasting
``Es\\x1b[31mc\\x07x`` into the setup's name gave ``^[31mcxEs``: the letters out of
order and the sequence's text shown. Every text field keeps the pasted order and
drops a control sequence whole (``Escx``), and the cursor stays after what was
pasted. Driven twice: Pilot posts the Paste event a terminal's paste becomes, into
every text field of the app; and the real ``ohseven`` on a pseudo-terminal is sent
the bytes a terminal sends for a paste (bracketed paste)."""

from __future__ import annotations

import os
import tempfile

from test_ui_driver import until
from textual import events
from textual.widgets import Input

from ohseven_tui.ui.app import OhSevenApp
from ohseven_tui.ui.terminal_input import PasteWholeParser

PASTED = "Es\x1b[31mc\x07x"
KEPT = "Escx"
# Each a whole sequence a terminal reads as one: CSI, OSC to BEL, OSC to ST, the C1 CSI, a two-byte escape.
MORE = [("A\x1b[2Jn\x1b]0;title\x07n", "Ann"), ("B\x1b]8;;http://x\x1b\\e\x1b]8;;\x1b\\a", "Bea"),
        ("C\x9b1;31mi\x1bMd", "Cid")]


async def paste_into(pilot, field: Input, text: str) -> None:
    field.focus()
    field.value = ""
    await pilot.pause()
    field.post_message(events.Paste(text))
    await until(pilot, lambda: field.value != "", f"the paste in #{field.id}")


async def check_fields(pilot, ids: list[str]) -> None:
    screen = pilot.app.screen
    for field_id in ids:
        field = screen.query_one(f"#{field_id}", Input)
        await paste_into(pilot, field, PASTED)
        assert field.value == KEPT, (field_id, field.value)
        await pilot.press("exclamation_mark")  # typed after the paste: at its end
        assert field.value == KEPT + "!", (field_id, field.value)
        for pasted, kept in MORE:
            await paste_into(pilot, field, pasted)
            assert field.value == kept, (field_id, pasted, field.value)


async def test_every_text_field_keeps_a_pasted_name_in_order_without_its_control_sequences(tmp_path):
    app = OhSevenApp(save_dir=tmp_path / "saves", bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen", "the menu")
        await pilot.press("n")
        await until(pilot, lambda: type(app.screen).__name__ == "SetupScreen", "the setup")
        await check_fields(pilot, ["name-0", "name-1"])
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen", "the menu")
        await pilot.press("s")
        await until(pilot, lambda: type(app.screen).__name__ == "SettingsScreen", "the settings")
        await check_fields(pilot, ["name"])
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "MenuScreen", "the menu")
        await pilot.press("j")
        await until(pilot, lambda: type(app.screen).__name__ == "JoinScreen", "the join screen")
        await check_fields(pilot, ["join-name", "join-address"])


def test_a_name_pasted_in_a_terminal_keeps_its_order_without_the_sequence():
    """The bytes a terminal sends for a paste (ESC [200~ … ESC [201~), with an escape
    sequence inside: Textual's own reading gave the sequence's letters as keys
    before the paste's text ("^[31mcxEs")."""
    from pty_app import TerminalApp

    env = {k: v for k, v in os.environ.items() if not k.startswith("OHSEVEN_")}
    env.update(OHSEVEN_SAVE_DIR=tempfile.mkdtemp(), OHSEVEN_CONFIG_DIR=tempfile.mkdtemp())
    with TerminalApp(["play"], env, size=(100, 30)) as term:
        term.wait_for("New game")
        term.send("n")
        shown = term.wait_for("Seat 1").splitlines()
        row = next(i for i, line in enumerate(shown) if line.startswith(" Seat 1"))
        column = shown[row].index("Ann") + 6  # in the field, past its text: the cursor goes to the end
        term.send(f"\x1b[<0;{column + 1};{row + 1}M\x1b[<0;{column + 1};{row + 1}m")  # a click (SGR mouse)
        term.send("\x1b[200~" + PASTED + "\x1b[201~")
        shown = term.wait_until(lambda text: text.splitlines()[row].split()[2] != "Ann", "the paste in seat 1")
        assert shown.splitlines()[row].split()[2] == "Ann" + KEPT, shown.splitlines()[row]
        term.quit()


def test_a_paste_split_anywhere_between_two_reads_is_one_paste_in_order():
    """The terminal's bytes may come in two reads, cut anywhere (inside the start,
    the sequence or the end): Textual's parser, reading through the paste keeper,
    still gives one Paste of the text in order and no key."""
    sent = "\x1b[200~" + PASTED + "\x1b[201~" + "q"
    for cut in range(len(sent) + 1):
        parser = PasteWholeParser()
        got = [event for chunk in (sent[:cut], sent[cut:]) if chunk for event in parser.feed(chunk)]
        got += parser.tick()
        pastes = [e.text for e in got if isinstance(e, events.Paste)]
        keys = [e.key for e in got if isinstance(e, events.Key)]
        assert pastes == ["Esc\x07x"] and keys == ["q"], (cut, got)
