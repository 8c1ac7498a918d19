"""Conditional GETs, decided in one place for the pages and the API: "does the client already
hold this?" answered from a version alone (docs/api.md: ETags and 304; the live poll's 204).

One function per decision:

- ``client_holds(tag)``: the request's ``If-None-Match`` names this ETag (RFC 9110 section
  13.1.2, weak comparison), so the answer is ``not_modified``;
- ``poll_is_current(version)``: a live poll ``?v=<version>`` names the version there is, so the
  answer is ``nothing_new`` (204, no swap);
- ``tagged``: a 200 sent with its ETag and how it may be cached, to be revalidated by that ETag.

The ETags themselves are made by their callers (the API's ``<id>-<version>``, a page's hash in
``web.shared.caching``): what a version's answer depends on is theirs to say.
"""

from __future__ import annotations

from flask import current_app, request
from werkzeug.wrappers import Response

#: An API answer: anyone may cache it, revalidated before each use.
API_REVALIDATE = "no-cache"
#: A game page or its live part: cached by this device's browser only, revalidated before each use.
PAGE_REVALIDATE = "private, no-cache"


def client_holds(tag: str, weak: bool = True) -> bool:
    """Whether ``If-None-Match`` names ``tag`` (``*`` names any), weakly compared unless the
    ETag is a strong one (the standings image's)."""
    sent = request.if_none_match
    return sent.contains_weak(tag) if weak else sent.contains(tag)


def poll_is_current(version: int) -> bool:
    """Whether the live poll asks ``?v=`` the version the game (or table) is at."""
    return request.args.get("v", type=int) == version


def tagged(response: Response, tag: str, cache_control: str, weak: bool = True) -> Response:
    """``response`` with its ETag and ``Cache-Control``: cached, and revalidated by the ETag."""
    response.set_etag(tag, weak=weak)
    response.headers["Cache-Control"] = cache_control
    return response


def not_modified(tag: str, mimetype: str, cache_control: str, weak: bool = True) -> Response:
    """The 304 for a client holding ``tag``: its ETag and ``Cache-Control`` as the 200's. The
    type it stands for is said (a 304 sends no body), so that it varies as that 200 does."""
    response: Response = current_app.response_class(status=304, mimetype=mimetype)
    return tagged(response, tag, cache_control, weak)


def nothing_new() -> Response:
    """The live poll's 204: nothing changed, nothing to swap. It stands for the HTML of the
    live part (``no-store``, varying as HTML does); sent, it names no type (``headers.py``)."""
    response: Response = current_app.response_class(status=204, mimetype="text/html")
    return response
