"""A page's ETag names the code that draws it by the files' contents, not their paths or times:
every server built from one commit says the same ETag for the same page, and a restart that
compiles the translations again (new times, same bytes) changes none."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

from flask import Flask

from companion.web.shared.caching import build_id


def _copy_of_the_code(app: Flask, where: Path) -> Flask:
    """``app`` drawing its pages from a copy of its templates and translations at ``where``."""
    templates = Path(app.root_path, app.template_folder or "")
    translations = Path(app.root_path, app.config["BABEL_TRANSLATION_DIRECTORIES"])
    shutil.copytree(templates, where / "templates")
    shutil.copytree(translations, where / "translations")
    app.template_folder = str(where / "templates")
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(where / "translations")
    return app


def _build(app: Flask) -> str:
    with app.app_context():
        return build_id()


def test_two_servers_of_one_commit_say_the_same_build(make_app: Callable[..., Flask],
                                                      tmp_path: Path) -> None:
    one = _copy_of_the_code(make_app(), tmp_path / "one")
    other = _copy_of_the_code(make_app(), tmp_path / "other")
    for path in (tmp_path / "other").rglob("*"):
        os.utime(path, (1_000_000_000, 1_000_000_000))  # written at another time
    assert _build(one) == _build(other)


def test_files_written_again_change_nothing_but_a_change_does(make_app: Callable[..., Flask],
                                                              tmp_path: Path) -> None:
    app = _copy_of_the_code(make_app(), tmp_path)
    before = _build(app)
    catalogue = next((tmp_path / "translations").rglob("*.mo"))
    catalogue.write_bytes(catalogue.read_bytes())  # compiled again, as scripts/start does
    os.utime(catalogue, (2_000_000_000, 2_000_000_000))
    assert _build(app) == before
    page = tmp_path / "templates" / "error.html"
    page.write_text(page.read_text() + "\n")
    assert _build(app) != before
