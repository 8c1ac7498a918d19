"""Companion: the score keeper for card games played with real cards.

Importing the package imports nothing else, so that the rules engine (``companion.rules``,
standard library only) can be used where Flask is not installed. The web application is made
by ``companion.app.create_app``; ``companion.create_app`` is the same function, looked up only
when asked for (``flask --app companion``, ``gunicorn 'companion:create_app()'``, ``wsgi.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    # Called only for a name the package does not hold; a submodule (``companion.storage.store``) is
    # found by the import system after this refuses it.
    if name in __all__:
        from companion import app

        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
