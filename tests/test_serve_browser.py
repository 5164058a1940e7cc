"""``ohseven serve`` in a real browser: the server as a process on a free loopback
port, Debian's Chromium driven by Playwright (its own browser is never downloaded).

The page draws the terminal on a canvas, so the screen is read from xterm.js's own
buffer: a script run before the page's records the Terminal object the page makes
(textual-serve keeps it in a property named ``terminal``). Every wait is for what
the screen shows, with a generous limit that only a broken app reaches.
"""

from __future__ import annotations

import http.client
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import urllib.parse
from pathlib import Path
from typing import Iterator

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LONG = 90_000  # ms: a limit for a wait that only a broken app reaches (a loaded machine is slow)

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason=f"no {CHROMIUM}: apt-get install chromium (.ci/run does)")

# Before the page's own script: keep the xterm.js Terminal the page makes in window.__term.
HOOK = """
Object.defineProperty(Object.prototype, 'terminal', {configurable: true, set(value) {
  Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true, enumerable: true});
  if (value && value.buffer && value.onData) { window.__term = value; }
}});
window.__screen = () => {
  const t = window.__term;
  if (!t) return null;
  const b = t.buffer.active, lines = [];
  for (let i = 0; i < t.rows; i++) { const l = b.getLine(b.viewportY + i); lines.push(l ? l.translateToString(true) : ''); }
  return lines;
};
// The hand as drawn: the faces under the last row of numbered card tops ("─ 1 ─"),
// and the one under the cursor (the thick border).
window.__hand = () => {
  const lines = window.__screen();
  if (!lines) return null;
  let top = -1;
  for (let i = lines.length - 2; i >= 0; i--) { if (/[─━] 1 [─━]/.test(lines[i])) { top = i; break; } }
  if (top < 0) return null;
  const faces = [...lines[top + 1].matchAll(/[│┃]\\s*(\\S+)\\s*[│┃]/g)].map(m => m[1]);
  const cursor = lines[top + 1].match(/┃\\s*(\\S+)\\s*┃/);
  return {faces, cursor: cursor ? cursor[1] : null};
};
"""


class Served:
    """``ohseven serve --port 0`` as a process, with every folder it writes under a
    temporary folder: its address, and stop() (SIGTERM, as a service manager would)."""

    def __init__(self, tmp_path: Path) -> None:
        self.saves = tmp_path / "saves"
        env = dict(os.environ, OHSEVEN_SAVE_DIR=str(self.saves))
        for name in ("CONFIG", "DATA", "STATE", "CACHE"):
            env[f"XDG_{name}_HOME"] = str(tmp_path / name.lower())
        env.pop("OHSEVEN_CONFIG_DIR", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "ohseven_tui", "serve", "--port", "0"], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.lines.put(line) for line in self.proc.stdout or ()],
                         daemon=True).start()
        self.seen: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=LONG / 1000)
            except queue.Empty:
                self.stop()
                pytest.fail(f"ohseven serve printed no address: {self.seen}")
            self.seen.append(line)
            found = re.search(r"open (http://127\.0\.0\.1:\d+/) in a web browser", line)
            if found:
                self.url = found.group(1)
                return
            if self.proc.poll() is not None:
                self.stop()
                pytest.fail(f"ohseven serve ended: {self.seen}")

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=LONG / 1000)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return self.proc.returncode


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served(tmp_path)
    try:
        yield server
    finally:
        code = server.stop()
    assert code == 0, "".join(server.seen)


def _browser(pw, tmp_path: Path):
    """Debian's Chromium, headless, with a fresh profile (Playwright's own is never downloaded)."""
    return pw.chromium.launch_persistent_context(str(tmp_path / "chromium-profile"), executable_path=CHROMIUM,
                                                 args=ARGS, headless=True, viewport={"width": 1000, "height": 700})


def _press_until_gone(page, key: str, text: str) -> None:
    """Press ``key`` until ``text`` leaves the screen. A screen that opens by itself
    after a move (the bids revealed) takes a key only after a moment's quiet (a key
    typed with the move must not close it unread), so a key pressed as it appears
    is refused: press again, each time after a pause, until LONG has gone by."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    gone = "(t) => !(window.__screen() || []).join('\\n').includes(t)"
    for _ in range(int(LONG / 2000)):
        page.keyboard.press(key)
        try:
            page.wait_for_function(gone, arg=text, timeout=2000)
            return
        except PlaywrightTimeout:
            continue
    page.wait_for_function(gone, arg=text, timeout=LONG)


def _wait_for_text(page, *texts: str) -> str:
    """Wait until the screen shows one of ``texts``; which one."""
    found = page.wait_for_function(
        "(texts) => { const s = window.__screen(); if (!s) return null; const all = s.join('\\n');"
        " return texts.find(t => all.includes(t)) || null; }", arg=list(texts), timeout=LONG)
    return found.json_value()


def _screen(page) -> str:
    return "\n".join(page.evaluate("window.__screen()") or [])


def test_a_game_against_bots_in_the_browser(served: Served, tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    requests: list[str] = []
    with sync_playwright() as pw:
        browser = _browser(pw, tmp_path)
        try:
            page = browser.new_page()
            page.on("request", lambda request: requests.append(request.url))
            page.add_init_script(HOOK)
            page.goto(served.url)

            # The main menu, as in a terminal.
            _wait_for_text(page, "Saved games")
            menu = _screen(page)
            for entry in ("New game", "Tutorial", "Settings", "Quit"):
                assert entry in menu, menu
            page.focus(".xterm-helper-textarea")  # keys go to the terminal

            page.keyboard.press("Enter")  # New game
            _wait_for_text(page, "Start game")
            page.keyboard.press("Control+s")  # start it: you and three bots

            # Bid (again, if the bids call for a rebid) and go on until it is our
            # turn to play a card to the trick. Each key waits for its prompt, and
            # for the prompt to go, so no key is typed ahead into the next screen.
            prompts = {"Choose your bid card": "Enter", "Press Enter to continue": "Enter"}
            play = "Your turn: Enter or a click plays a bright card"
            for _ in range(30):
                shown = _wait_for_text(page, play, *prompts)
                if shown == play:
                    break
                _press_until_gone(page, prompts[shown], shown)
            else:
                pytest.fail(f"never our turn to play:\n{_screen(page)}")

            before = page.evaluate("window.__hand()")
            assert before and before["cursor"] in before["faces"], _screen(page)
            card = before["cursor"]
            page.keyboard.press("Enter")  # plays the card under the cursor (a legal one)
            page.wait_for_function(
                "([card, count]) => { const h = window.__hand();"
                " return h && h.faces.length === count && !h.faces.includes(card); }",
                arg=[card, len(before["faces"]) - 1], timeout=LONG)
            after = page.evaluate("window.__hand()")
            assert sorted(after["faces"] + [card]) == sorted(before["faces"])

            # Stopping the server closes the tab's session (the page says so) and
            # ends its app, whose game is kept to be continued.
            assert served.stop() == 0, "".join(served.seen)
            page.wait_for_selector("body.-closed", timeout=LONG)
        finally:
            browser.close()

    # Nothing came from anywhere but the server: the page works offline.
    assert requests and all(url.startswith(served.url) for url in requests), requests
    from ohseven_tui.storage import save_dirs, unfinished_game

    kept = unfinished_game(save_dirs(served.saves))
    assert kept is not None and not kept.game.is_over


def _status(url: str, headers: dict[str, str]) -> int:
    """The status of a GET with exactly these headers (urllib would add its own
    Connection header, which a websocket handshake cannot have)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=LONG / 1000)
    try:
        connection.request("GET", parts.path or "/", headers=headers)
        return connection.getresponse().status
    finally:
        connection.close()


def test_other_sites_cannot_reach_the_app(served: Served) -> None:
    """The page is served to the browser that asked by the loopback address; a name
    that points here from elsewhere (DNS rebinding) and a websocket opened by
    another site's page are refused."""
    server = served.url
    port = server.rstrip("/").rsplit(":", 1)[1]
    upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    assert _status(server, {}) == 200
    assert _status(server, {"Host": f"localhost:{port}"}) == 200
    assert _status(server, {"Host": f"attacker.example:{port}"}) == 403
    assert _status(server + "ws", {**upgrade, "Origin": "http://attacker.example"}) == 403
    # The refusal is the origin's, not the handshake's: the page's own origin is let through.
    assert _status(server + "ws", {**upgrade, "Origin": server.rstrip("/")}) == 101


def test_joining_a_table_from_the_browser(served: Served, tmp_path: Path) -> None:
    """A player without a terminal: the menu's Join a table, in the browser, takes a
    seat at a table hosted elsewhere (a real ``ohseven host --headless``)."""
    from net_helpers import Host
    from playwright.sync_api import sync_playwright

    host = Host(["--players", "3", "--humans", "1", "--bots", "easy"], tmp_path / "host")
    try:
        code = host.read_codes(1)[0]
        with sync_playwright() as pw:
            browser = _browser(pw, tmp_path)
            try:
                page = browser.new_page()
                page.add_init_script(HOOK)
                page.goto(served.url)
                _wait_for_text(page, "Join a table")
                page.focus(".xterm-helper-textarea")
                page.keyboard.press("j")
                _wait_for_text(page, "Enter joins")  # said once the address field has the keys
                for text, shows in ((host.address, host.address), (code, "•" * len(code)), ("Zoë", "Zoë")):
                    page.keyboard.type(text)
                    try:
                        _wait_for_text(page, shows)  # typed into its field (a key typed ahead of focus is lost)
                    except Exception:
                        pytest.fail(f"{shows!r} never showed:\n{_screen(page)}")
                    page.keyboard.press("Enter")
                try:
                    _wait_for_text(page, "Choose your bid card")
                except Exception:
                    pytest.fail(f"no table after joining:\n{_screen(page)}")
                shown = _screen(page)
                assert "Zoë" in shown and code not in shown, shown  # the seat's name; the code is not shown
            finally:
                browser.close()
    finally:
        host.stop()
