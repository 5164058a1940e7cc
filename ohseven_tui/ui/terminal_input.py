"""Keys from the terminal, with a paste kept whole.

A terminal sends a paste between ``ESC [200~`` and ``ESC [201~`` (bracketed paste).
Textual's parser (8.x) reads an escape sequence inside a paste as keys, sent
before the paste's text: pasting ``Es\\x1b[31mc\\x07x`` into a name gave
``^[31mcxEs``. Here the control sequences inside a paste are dropped whole before
Textual's parser reads it, so the paste reaches the focused field as one text, in
its order (issue 36). Outside a paste nothing is changed or held back.

Used for Textual's Linux/macOS terminal driver only (``OhSevenApp.get_driver_class``);
the others (the web driver of ``ohseven serve``, Windows) are Textual's own, and a
field still drops whatever control characters reach it (``widgets/text_field.py``).
"""

from __future__ import annotations

import os
import selectors
from codecs import getincrementaldecoder
from typing import Iterable

from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver
from textual.message import Message

from ..safetext import drop_sequences

__all__ = ["PasteKeeper", "PasteWholeParser", "PasteWholeDriver"]

START, END = "\x1b[200~", "\x1b[201~"


class PasteKeeper:
    """Text as it comes from the terminal, chunk by chunk, with each paste's control
    sequences dropped. A paste is held until its end has come (Textual's parser
    holds it until then too), so a sequence split between two reads is still one."""

    def __init__(self) -> None:
        self.pasting = False
        self.tail = ""  # outside a paste: the last few characters, for a start split between reads
        self.held = ""  # inside a paste: what came of it so far

    def __call__(self, data: str) -> str:
        out: list[str] = []
        while data:
            if not self.pasting:
                seen = self.tail + data
                at = seen.find(START)
                if at < 0:
                    out.append(data)
                    self.tail = seen[-(len(START) - 1):]
                    break
                cut = at + len(START) - len(self.tail)  # where the start ends in ``data``
                out.append(data[:cut])  # the start goes on: the parser knows a paste begins
                data, self.pasting, self.tail, self.held = data[cut:], True, "", ""
            else:
                seen = self.held + data
                at = seen.find(END)
                if at < 0:
                    self.held = seen
                    break
                out.append(drop_sequences(seen[:at]) + END)
                data, self.pasting, self.held = seen[at + len(END):], False, ""
        return "".join(out)


class PasteWholeParser(XTermParser):
    """Textual's parser, reading through a :class:`PasteKeeper`."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.keeper = PasteKeeper()

    def feed(self, data: str) -> Iterable[Message]:
        if not data:  # the end of input
            return super().feed(data)
        kept = self.keeper(data)
        return super().feed(kept) if kept else ()  # an empty feed would be the end


class PasteWholeDriver(LinuxDriver):
    def run_input_thread(self) -> None:
        """LinuxDriver.run_input_thread (Textual 8.2), with the parser above."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        fileno = self.fileno
        parser = PasteWholeParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode

        def process(selector_events: list, final: bool = False) -> None:
            for n, (_key, mask) in enumerate(selector_events):
                if mask & selectors.EVENT_READ:
                    data = decode(os.read(fileno, 1024 * 4), final=final and n == len(selector_events) - 1)
                    if not data:  # stdin piped, and at its end
                        break
                    for event in parser.feed(data):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)

        try:
            while not self.exit_event.is_set():
                process(selector.select(0.1))
            selector.unregister(self.fileno)
            process(selector.select(0.1), final=True)
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass
