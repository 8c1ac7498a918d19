"""Languages: English (the source), French and Italian, through Flask-Babel.

The locale is the person's choice stored in the session, else the browser's best match among ours,
else English. The switcher in the page header posts to ``/language``.

That post carries no CSRF token, so that a page holds nothing of the session for it (a
watcher's game page is the same for every phone, web/shared/caching.py). A forged language change would
be harmless, but it is refused anyway: by the browser's own word on where the post came from
(``Sec-Fetch-Site``, else ``Origin``), the check Go's ``http.CrossOriginProtection`` makes.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlsplit

from babel import Locale
from flask import Blueprint, Flask, abort, current_app, redirect, request, session
from flask_babel import Babel, get_locale
from flask_wtf.csrf import CSRFError
from werkzeug.wrappers import Response as Redirect

from companion.http.extensions import csrf
from companion.rules.memo import memoized

#: Each language in its own name: a person looking for theirs reads it in their language.
NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}

bp = Blueprint("i18n", __name__)
babel = Babel()


def languages() -> list[str]:
    return list(current_app.config["LANGUAGES"])


def chosen_language() -> str:
    """This request's language: the person's choice, else the browser's best match among ours,
    else the default (what Flask-Babel's ``get_locale`` says, without its machinery)."""
    chosen = session.get("lang")
    config = current_app.config
    codes = config["LANGUAGES"]
    if chosen in codes:
        return str(chosen)
    asked = "HTTP_ACCEPT_LANGUAGE" in request.environ
    return str((asked and request.accept_languages.best_match(codes))
               or config["BABEL_DEFAULT_LOCALE"])


def select_locale() -> Locale:
    """Flask-Babel's locale selector: ``chosen_language`` as a ``Locale`` made once per language
    (Flask-Babel would parse the code again on every request)."""
    return _locale(chosen_language())


#: By language code: the app's few languages (16 at most, whatever a header says).
@memoized(16)
def _locale(code: str) -> Locale:
    return Locale.parse(code)


def safe_next(target: str | None) -> str:
    """A path on this site to go back to; anything else (another host, a scheme) becomes ``/``.

    >>> safe_next("/g/abc?x=1"), safe_next("//evil.example/"), safe_next("https://evil.example/")
    ('/g/abc?x=1', '/', '/')
    """
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    if any(ord(c) < 0x20 or c == "\\" for c in target):
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    return target


def from_this_site() -> bool:
    """Whether a post came from one of this site's own pages, as the browser tells it.

    A browser says where a request came from in ``Sec-Fetch-Site`` (every current one) and in
    ``Origin`` (on every post, older ones too): it passes when that is ``same-origin`` (or
    ``none``: the person's own doing, such as a bookmark), else when the ``Origin``'s host is
    this one. A request with neither header comes from no browser of the last years (every one
    since 2020 sends ``Origin`` with a post), so not from a person led by another site's page:
    it passes too, as Go's ``http.CrossOriginProtection`` lets it.
    """
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site in ("same-origin", "none")
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    return bool(parts.scheme) and parts.netloc.lower() == request.host.lower()


@bp.post("/language")
@csrf.exempt  # no token in the switcher's forms: the origin is checked instead
def set_language() -> Redirect:
    if not from_this_site():
        # The answer a forged form meets everywhere else on the site (400, "came from another site").
        raise CSRFError("The language change came from another site.")
    lang = request.form.get("lang", "")
    if lang not in languages():
        abort(400)
    session["lang"] = lang
    session.permanent = True
    return redirect(safe_next(request.form.get("next")), code=303)


def _template_context() -> dict[str, Any]:
    return {
        "current_language": str(get_locale() or current_app.config["BABEL_DEFAULT_LOCALE"]),
        "languages": [(code, NAMES.get(code, code)) for code in languages()],
    }


def init_app(app: Flask) -> None:
    app.config.setdefault(
        "BABEL_TRANSLATION_DIRECTORIES", os.path.join(os.path.dirname(os.path.dirname(__file__)), "translations")
    )
    babel.init_app(app, locale_selector=select_locale)
    app.register_blueprint(bp)
    app.context_processor(_template_context)
    # An HTML page answers in the browser's language: it says Vary: Accept-Language
    # (``headers.every_answer``, with the Vary every answer carries).
