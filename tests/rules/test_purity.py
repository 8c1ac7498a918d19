"""companion/rules is a pure library: it imports only the standard library (STYLE.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import companion.rules

RULES_DIR = Path(companion.rules.__file__).parent
MODULES = sorted(RULES_DIR.glob("*.py"))


def imported_modules(source: str) -> list[tuple[int, str | None]]:
    """(level, top-level module) for every import; level > 0 is a relative import."""
    found: list[tuple[int, str | None]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(0, alias.name.split(".")[0]) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module.split(".")[0] if node.module else None))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "__import__"
        ):
            first = node.args[0] if node.args else None
            name = first.value if isinstance(first, ast.Constant) else None
            found.append((0, name.split(".")[0] if isinstance(name, str) else "<dynamic>"))
    return found


def foreign_imports(source: str) -> list[str]:
    """Imports of anything but the standard library and the package's own modules (a relative
    import may not climb out of companion/rules: ``from .. import store`` reaches Flask)."""
    return [
        "." * level + str(module)
        for level, module in imported_modules(source)
        if level > 1 or (level == 0 and module not in sys.stdlib_module_names)
    ]


def test_the_package_has_modules() -> None:
    assert len(MODULES) >= 10 and RULES_DIR / "__init__.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_module_imports_only_the_standard_library(path: Path) -> None:
    assert foreign_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "import flask",
        "from sqlalchemy import update",
        "import flask_babel as babel",
        "from companion import store",
        "from companion.models import Game",
        "import os, werkzeug.utils",
        "def f():\n    import requests",
        "__import__('flask')",
        "from .. import store",
        "from ..models import db",
    ],
)
def test_the_check_catches_a_foreign_import(source: str) -> None:
    assert foreign_imports(source)


@pytest.mark.parametrize(
    "source", ["import enum", "from dataclasses import replace", "from . import cards", "from .errors import RuleError"]
)
def test_the_check_allows_the_standard_library_and_relative_imports(source: str) -> None:
    assert foreign_imports(source) == []
