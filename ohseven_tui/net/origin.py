"""Which web pages may open a websocket: only the server's own. A browser names the
page that opens one (``Origin``); a terminal client names none. ``ohseven serve`` and
the table server (``ohseven host``) keep this one rule."""

from __future__ import annotations

from typing import Optional
from urllib.parse import urlsplit

__all__ = ["from_another_site"]


def from_another_site(origin: Optional[str], host: str) -> bool:
    """Does a websocket request with this ``Origin`` header come from a page other
    than the one at ``host`` (the request's ``Host``)? No Origin: not a page."""
    return origin is not None and urlsplit(origin).netloc.lower() != host.lower()
