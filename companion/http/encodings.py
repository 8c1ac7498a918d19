"""Which content coding a client accepts (RFC 9110, section 12.5.3), said once for the app's
answers (Flask-Compress) and its static files (``companion.http.assets``).

``gzip;q=0`` means "not gzip", and an explicit entry beats ``*``; Flask-Compress 1.25 picks a
coding listed with q=0 when nothing better is listed, and werkzeug's ``accept_encodings["gzip"]``
answers ``*``'s quality over gzip's own q=0. So the choice is made here, and Flask-Compress is
handed the chosen coding alone (``headers.every_answer``).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.memo import memoized


#: By the whole header: browsers send a handful of them; the last 256 cached.
@memoized(256)
def _qualities(header: str) -> tuple[dict[str, float], float | None]:
    """Each listed coding's quality, and that of ``*`` (None when not listed)."""
    listed: dict[str, float] = {}
    star: float | None = None
    for part in header.lower().split(","):
        coding, _, params = part.partition(";")
        coding = coding.strip()
        if not coding:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.partition("=")
            if name.strip() == "q":
                try:
                    quality = min(max(float(value.strip()), 0.0), 1.0)
                except ValueError:
                    quality = 0.0  # a quality that is no number accepts nothing
        if coding == "*":
            star = quality
        else:
            listed[coding] = quality
    return listed, star


def chosen(header: str | None, offered: Sequence[str]) -> str | None:
    """The coding of ``offered`` (in the server's order of preference) that the client's
    ``Accept-Encoding`` rates highest, above 0; None for none (send the body as it is).

    >>> chosen("gzip;q=0, br", ["br", "gzip"]), chosen("gzip;q=0", ["br", "gzip"])
    ('br', None)
    >>> chosen("br;q=0, *", ["br", "gzip"]), chosen("gzip, br;q=0.5", ["br", "gzip"])
    ('gzip', 'gzip')
    """
    if not header:
        return None
    listed, star = _qualities(header)
    best, best_quality = None, 0.0
    for coding in offered:
        quality = listed.get(coding, star if star is not None else 0.0)
        if quality > best_quality:
            best, best_quality = coding, quality
    return best
