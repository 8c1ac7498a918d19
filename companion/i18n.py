"""Languages: English (the source), French and Italian, through Flask-Babel.

The locale is the person's choice kept in the session, else the browser's best match among ours,
else English. The switcher in the page header posts to ``/language``.
"""

from __future__ import annotations

import functools
import os
from typing import Any
from urllib.parse import urlsplit

from babel import Locale
from flask import Blueprint, Flask, Response, abort, current_app, redirect, request, session
from flask_babel import Babel, get_locale
from werkzeug.wrappers import Response as Redirect

from .vary import add_vary

#: Each language in its own name: a person looking for theirs reads it in their language.
NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}

bp = Blueprint("i18n", __name__)
babel = Babel()


def languages() -> list[str]:
    return list(current_app.config["LANGUAGES"])


def select_locale() -> Locale:
    """The person's choice, else the browser's best match among ours, else the default: as a
    ``Locale`` made once per language (Flask-Babel would parse the code on every request)."""
    chosen = session.get("lang")
    codes = current_app.config["LANGUAGES"]
    if chosen not in codes:
        asked = "HTTP_ACCEPT_LANGUAGE" in request.environ
        chosen = (asked and request.accept_languages.best_match(codes)) or current_app.config[
            "BABEL_DEFAULT_LOCALE"]
    return _locale(str(chosen))


@functools.lru_cache(maxsize=16)
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


@bp.post("/language")
def set_language() -> Redirect:
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


def _vary(response: Response) -> Response:
    # The same URL answers in the browser's language: caches must keep one copy per language.
    if response.mimetype == "text/html":
        add_vary(response, "Accept-Language")
    return response


def init_app(app: Flask) -> None:
    app.config.setdefault(
        "BABEL_TRANSLATION_DIRECTORIES", os.path.join(os.path.dirname(__file__), "translations")
    )
    babel.init_app(app, locale_selector=select_locale)
    app.register_blueprint(bp)
    app.context_processor(_template_context)
    app.after_request(_vary)
