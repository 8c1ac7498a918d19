"""What every answer says of itself, decided in one hook after the view (``every_answer``):
HTML's default ``Cache-Control``, what it varies by, its content coding, and no type for a 204.

``Vary`` is added to in one place (``add_vary``): each name once, in order, after what the
header already says (compared without case, as werkzeug's ``response.vary.add`` does, which
would parse and rewrite the header for each name).
"""

from __future__ import annotations

from flask import Flask, request
from werkzeug.wrappers import Response

from companion.http import compressed, encodings
from companion.http.extensions import compress


def add_vary(response: Response, *names: str) -> None:
    """Add ``names`` to the response's ``Vary`` header, each once, in this order, after what it
    already names (compared without case).

    >>> response = Response(headers={"Vary": "Cookie"})
    >>> add_vary(response, "Accept-Language", "cookie", "Accept-Encoding")
    >>> response.headers["Vary"]
    'Cookie, Accept-Language, Accept-Encoding'
    """
    present = response.headers.getlist("Vary")
    parts = [part.strip() for value in present for part in value.split(",") if part.strip()]
    known = {part.lower() for part in parts}
    added = []
    for name in names:
        if name.lower() not in known:
            known.add(name.lower())
            added.append(name)
    if added:
        response.headers["Vary"] = ", ".join(parts + added)


#: What an HTML answer is sent with when its view says nothing else: a page may hold this
#: session's CSRF token, this device's list of games, or a form's refused entries, so neither the
#: browser nor anything on the way caches it.
NO_STORE = "no-store"


def no_store_by_default(response: Response) -> Response:
    """Every HTML answer (pages, fragments, redirects, error pages, the live 204) is ``no-store``
    unless its view set its own ``Cache-Control``, which it keeps. The answers that do:

    - a game page and its live part: ``private, no-cache`` with an ETag (``conditional``,
      ``not_modified``, ``WatcherPage``), cached by the browser and revalidated;
    - the offline page (``pwa.offline``): ``private, no-cache``, as the service worker caches it;
    - not HTML, so never touched here: the static files (``assets``: immutable, or revalidated),
      the standings image (``share``) and the API's answers, its score sheet among them, each
      with its own.
    """
    # The headers are walked rather than asked: werkzeug answers a missing name by raising.
    if response.mimetype == "text/html" and not any(
            name.lower() == "cache-control" for name, _ in response.headers):
        response.headers["Cache-Control"] = NO_STORE
    return response


def _vary_and_compress(response: Response) -> Response:
    """What every answer varies by, said once: Accept-Encoding (as Flask-Compress says on each),
    and for an HTML page Accept-Language (its words follow the browser's language, i18n.py);
    then Flask-Compress's own hook, for an answer it may compress: a 2xx of a type it
    compresses, to a client that accepts an encoding."""
    mimetype = response.mimetype
    if mimetype == "text/html":
        add_vary(response, "Accept-Language", "Accept-Encoding")
    else:
        add_vary(response, "Accept-Encoding")
    accept = request.environ.get("HTTP_ACCEPT_ENCODING")
    if accept and 200 <= response.status_code < 300 and mimetype in compress.compress_mimetypes_set:
        # Flask-Compress ignores q=0 ("gzip;q=0" got gzip): it is handed the coding chosen by
        # the header's rules (companion/http/encodings.py) alone, or not asked at all.
        coding = encodings.chosen(accept, compress.enabled_algorithms)
        if coding is None:
            return response
        request.environ["HTTP_ACCEPT_ENCODING"] = coding
        compressed.compressing(response)
        return compress.after_request(response)
    return response


def no_type_without_a_body(response: Response) -> Response:
    """A 204 has no content (RFC 9110, 15.3.5), so no type to name (8.3: ``Content-Type`` is
    the content's): werkzeug's default, or the HTML that the live poll's 204 stands for, is left
    out. Done last: what it varies by and its ``Cache-Control`` were decided by that type."""
    if response.status_code == 204:
        response.headers.remove("Content-Type")
    return response


def every_answer(response: Response) -> Response:
    """The one hook after every view: the default ``Cache-Control`` first, then ``Vary`` and
    the content coding; a 204 then loses its type."""
    return no_type_without_a_body(_vary_and_compress(no_store_by_default(response)))


def init_app(app: Flask) -> None:
    app.after_request(every_answer)
