"""The web server behind ``ohseven serve``: textual-serve's, with its page made to
work offline and its websocket closed to other web sites.

Imported only by that command (textual-serve is the ``web`` extra). It knows no
game: each browser tab runs the shell command it is given.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import signal
from pathlib import Path
from typing import Any, Awaitable, Callable, Optional
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.server import Server

from .net.origin import from_another_site

# textual-serve's page asks a web font service for Roboto Mono; the package ships the
# font's files itself. Without internet that stylesheet would fail (or hang, holding
# up the page), so the link is replaced by the same font served from /static.
_FONT_LINK = re.compile(r"<link\s[^>]*href=\"https?://fonts\.googleapis\.com/[^\"]*\"[^>]*>", re.S)
_LOCAL_FONT = """<style>
      @font-face { font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
      @font-face { font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
        src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }
    </style>"""

TITLE = "ohseven"


class CannotListen(Exception):
    """The address or the port could not be bound; ``cause`` is the OSError."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(str(cause))
        self.cause = cause

log = logging.getLogger("ohseven.serve")


def page_template(original: str) -> str:
    """textual-serve's page template with every load from outside the server removed:
    the font stylesheet becomes local ``@font-face`` rules."""
    return _FONT_LINK.sub(lambda _: _LOCAL_FONT, original)


def _hostname(host_header: str) -> str:
    """The host name of a Host header or an origin's netloc, without the port."""
    return urlsplit(f"//{host_header}").hostname or ""


def _loopback_name(name: str) -> bool:
    if name.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class OhSevenServer(Server):
    """textual-serve's server for one shell command (``ohseven play``), with the
    changes named in this module's docstring."""

    def __init__(self, command: str, host: str, port: int) -> None:
        super().__init__(command, host=host, port=port, title=TITLE)
        self.loopback_only = _loopback_name(host)
        self._open: set[web.WebSocketResponse] = set()  # one per browser tab with its app

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: Any) -> None:
        self._open.add(websocket)
        try:
            await super()._process_messages(websocket, app_service)
        finally:
            self._open.discard(websocket)

    async def close_tabs(self) -> None:
        """Close every tab's websocket: textual-serve then tells its app to quit and
        waits for it (else the server would wait a minute for the tabs to go)."""
        await asyncio.gather(*(ws.close(message=b"ohseven serve stopped") for ws in list(self._open)),
                             return_exceptions=True)

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        original = Path(self.templates_path, "app_index.html").read_text(encoding="utf-8")
        aiohttp_jinja2.setup(app, loader=jinja2.DictLoader({"app_index.html": page_template(original)}))
        app.middlewares.append(self._same_site)
        return app

    @web.middleware
    async def _same_site(self, request: web.Request,
                         handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        # On a loopback bind only loopback names are served: a web page whose own
        # name was made to point at 127.0.0.1 (DNS rebinding) gets nothing.
        if self.loopback_only and not _loopback_name(_hostname(request.host)):
            raise web.HTTPForbidden(text="ohseven serve answers only to this machine's loopback address")
        # A browser names the page that opens a websocket; only our own page may.
        if request.path == "/ws" and from_another_site(request.headers.get("Origin"), request.host):
            raise web.HTTPForbidden(text="ohseven serve: a websocket from another site is refused")
        return await handler(request)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        # The addresses in the page are the ones the browser used (textual-serve
        # writes its bind address, which is no use from elsewhere for 0.0.0.0).
        base = f"{request.scheme}://{request.host}"
        font_size = 16
        try:
            font_size = max(6, min(64, int(request.query.get("fontsize", "16"))))
        except ValueError:
            pass
        context: dict[str, Any] = {
            "font_size": font_size,
            "app_websocket_url": ("wss" if request.scheme == "https" else "ws") + f"://{request.host}/ws",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
            "ping_url": "",
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def on_startup(self, app: web.Application) -> None:
        """Nothing printed here: :func:`serve_forever` prints the address once bound."""


def serve_forever(*, command: str, host: str, port: int,
                  announce: Callable[[str, int], None]) -> int:
    """Serve ``command`` to browsers on ``host:port`` until SIGINT or SIGTERM; call
    ``announce(host, port)`` once listening (port 0 is a free port, announced as
    bound). An address that cannot be bound raises CannotListen before anything is served."""
    logging.basicConfig(level=logging.WARNING, format="ohseven serve: %(message)s")
    server = OhSevenServer(command, host, port)
    return asyncio.run(_serve(server, host, port, announce))


async def _serve(server: OhSevenServer, host: str, port: int, announce: Callable[[str, int], None]) -> int:
    app = await server._make_app()
    # An app that does not quit when told holds the stop up for at most this long.
    runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=15.0)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        try:
            await site.start()
        except OSError as exc:
            raise CannotListen(exc) from None
        bound = _bound_port(runner) or port
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        announce(host, bound)
        await stop.wait()
        print("ohseven serve: stopping (each open tab's app is told to quit)", flush=True)
        await server.close_tabs()
    finally:
        await runner.cleanup()
    return 0


def _bound_port(runner: web.AppRunner) -> Optional[int]:
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            return int(address[1])
    return None
