"""``ohseven serve``: the app in a web browser, through textual-serve.

Every browser tab that opens the page gets its own ``ohseven`` process (the main
menu, as in a terminal), drawn by the xterm.js page that textual-serve ships.
textual-serve is the ``web`` extra; without it the command says how to install it.

What this adds to textual-serve's own server:
- the page works with no internet: its one outside load, a web font's stylesheet,
  is replaced by the same font files from the package (``_page``);
- the page's addresses come from the request, so ``--bind 0.0.0.0`` works from
  another machine (textual-serve writes the bind address into the page);
- another web site cannot drive the app: a websocket from a foreign origin is
  refused, and on a loopback bind so is a request for another host name (DNS
  rebinding);
- a port in use or an address that cannot be bound is one line, exit 2.
"""

from __future__ import annotations

import argparse
import ipaddress
import re
import sys
from pathlib import Path
from typing import Optional

from ..paths import path_argument
from ..safetext import one_line, quoted
from .common import UsageError, int_in

INSTALL_HINT = "ohseven serve needs textual-serve: pip install 'ohseven-tui[web]' (or pip install textual-serve)"
DEFAULT_PORT = 8000


def register(sub) -> None:
    p = sub.add_parser(
        "serve", help="play in a web browser: serve the app on this machine",
        description="Serve the ohseven app to web browsers: open the address it prints, and each browser tab "
        "runs its own copy of the app, from the main menu. It listens on 127.0.0.1 (this machine only) unless "
        "--bind says otherwise; anyone who can reach the address can play and see, or delete, the saved games, "
        "so do not expose it to the internet. Ctrl+C stops it. Needs the web extra: pip install 'ohseven-tui[web]'.")
    p.add_argument("--port", type=int_in(0, 65535, "--port"), default=DEFAULT_PORT,
                   help=f"the port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--bind", metavar="ADDR", default="127.0.0.1", type=_address,
                   help="the address to listen on (default 127.0.0.1; 0.0.0.0 for every network of this machine)")
    p.add_argument("--save-dir", type=path_argument, help="where games are saved (default: your user data folder)")
    p.set_defaults(run=run)


def _address(text: str) -> str:
    """``--bind``: an IP address or a host name, checked for its form only (whether it
    can be bound is known when binding)."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]  # [::1] as in a URL
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        pass
    if re.fullmatch(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?", text):
        return text
    raise argparse.ArgumentTypeError(f"--bind takes an IP address or a host name, not {quoted(text)}")


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def child_command(save_dir: Optional[Path]) -> str:
    """The shell command textual-serve runs for each browser tab: this Python's
    ``ohseven play`` (the main menu), with the save folder made absolute."""
    import shlex

    argv = [sys.executable, "-m", "ohseven_tui", "play"]
    if save_dir is not None:
        argv += ["--save-dir", str(save_dir.absolute())]
    return shlex.join(argv)


def run(args: argparse.Namespace) -> int:
    # The folders are checked now: a bad one is one line here, not an error in every
    # browser tab.
    from .common import usable_save_dirs, usable_settings_dir

    usable_save_dirs(args.save_dir, "serve", writing=True)
    usable_settings_dir("serve")
    try:
        import textual_serve.server  # noqa: F401
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    from ..web import CannotListen, serve_forever

    try:
        return serve_forever(command=child_command(args.save_dir), host=args.bind, port=args.port,
                             announce=_announce)
    except CannotListen as exc:
        raise bind_error(args.bind, args.port, exc.cause) from None


def _announce(host: str, port: int) -> None:
    """The lines a person reads when the server is up: where to point the browser."""
    wildcard = host in ("0.0.0.0", "::")
    here = "127.0.0.1" if wildcard else host
    print(f"ohseven serve: open http://{_url_host(here)}:{port}/ in a web browser (Ctrl+C stops)", flush=True)
    if wildcard:
        print(f"ohseven serve: from another machine, use this machine's address with port {port}", flush=True)
    if not _is_loopback(host):
        print("ohseven serve: anyone who can reach this address can play and see your saved games; "
              "use it only on a network you trust", flush=True)


def bind_error(host: str, port: int, exc: BaseException) -> UsageError:
    """Why ``host:port`` cannot be listened on, as one line."""
    import errno

    code = getattr(exc, "errno", None)
    if code == errno.EADDRINUSE:
        why = f"port {port} is in use (choose another with --port, or --port 0 for any free one)"
    elif code == errno.EADDRNOTAVAIL:
        why = f"{quoted(host)} is not an address of this machine"
    elif code == errno.EACCES:
        why = f"port {port} needs more rights than this user has (choose one above 1023)"
    else:
        why = one_line(getattr(exc, "strerror", None) or exc, 200)
    return UsageError(f"ohseven serve: cannot listen on {_url_host(host)}:{port}: {why}")

