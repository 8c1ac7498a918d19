"""``Vary``, added to a response cheaply.

Werkzeug's ``response.vary.add(name)`` parses the header into a set and writes it back, and
looking up a header that is not there raises (and catches) an exception: each is small, but
several hooks do it on every response, polls included. This reads the header once, without a
miss, and writes it once.
"""

from __future__ import annotations

from werkzeug.wrappers import Response


def add_vary(response: Response, *names: str) -> None:
    """Add ``names`` to the response's ``Vary`` header, each once, in this order, after what it
    already names (compared without case, as ``response.vary.add`` does).

    >>> response = Response(headers={"Vary": "Cookie"})
    >>> add_vary(response, "Accept-Language", "cookie", "Accept-Encoding")
    >>> response.headers["Vary"]
    'Cookie, Accept-Language, Accept-Encoding'
    """
    present = response.headers.getlist("Vary")
    if not present:  # the usual case: nothing to merge with, nothing to replace
        response.headers.add("Vary", ", ".join(dict.fromkeys(names)) if len(names) > 1 else names[0])
        return
    key = (*present, "", *names)
    merged = _MERGED.get(key, _UNKNOWN)
    if merged is _UNKNOWN:
        parts = [part.strip() for value in present for part in value.split(",") if part.strip()]
        known = {part.lower() for part in parts}
        added = [name for name in dict.fromkeys(names) if name.lower() not in known]
        merged = ", ".join(parts + added) if added else None
        if len(_MERGED) < _MERGED_MAX:  # the headers and names are the code's: a handful
            _MERGED[key] = merged
    if merged is not None:
        response.headers["Vary"] = merged


#: What each ``Vary`` already said, merged with the names added (``None``: nothing to add).
_MERGED: dict[tuple[str, ...], str | None] = {}
_MERGED_MAX = 256
_UNKNOWN: object = object()
