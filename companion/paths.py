"""Where the app's own files are: in a checkout, the repository's top-level ``templates/``,
``static/``, ``migrations/`` and ``instance/``; in an installed wheel (``pip install .``), the
copies inside the package (setup.py puts them there) and Flask's default instance folder
(``<prefix>/var/companion-instance``) unless ``COMPANION_INSTANCE`` says otherwise."""

from __future__ import annotations

import os

PACKAGE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(PACKAGE)

#: True when running from an installed wheel rather than from a checkout.
INSTALLED = os.path.isdir(os.path.join(PACKAGE, "templates"))


def folder(name: str) -> str:
    """``templates``, ``static`` or ``migrations``, wherever this copy of the app has them."""
    return os.path.join(PACKAGE if INSTALLED else ROOT, name)


def instance() -> str | None:
    """The instance folder to use (``None``: Flask's default, for an installed wheel)."""
    chosen = os.environ.get("COMPANION_INSTANCE")
    if chosen:
        return chosen
    return None if INSTALLED else os.path.join(ROOT, "instance")
