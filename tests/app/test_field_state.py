"""Every field says it is wrong in one way: the ``field_state`` macro writes ``aria-invalid`` and
the ``aria-describedby`` that names the error text; no template writes ``aria-invalid`` itself."""

from __future__ import annotations

from pathlib import Path

from companion import paths

TEMPLATES = Path(paths.folder("templates"))


def test_only_the_field_state_macro_writes_aria_invalid():
    writers = sorted(str(path.relative_to(TEMPLATES)) for path in TEMPLATES.rglob("*.html")
                     if "aria-invalid" in path.read_text(encoding="utf-8"))
    assert writers == ["game/_macros.html"]
    macros = (TEMPLATES / "game/_macros.html").read_text(encoding="utf-8")
    assert macros.count('aria-invalid="true"') == 1
    assert "{% macro field_state(" in macros
