"""``Vary``, added to a response in one place.

Several hooks add to ``Vary`` on every response, polls included; each name is added once, in
order, after what the header already says (compared without case, as werkzeug's
``response.vary.add`` does, which would parse and rewrite the header for each name).
"""

from __future__ import annotations

from werkzeug.wrappers import Response


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
