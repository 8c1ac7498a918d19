"""companion/rules is a pure library: it imports only the standard library (docs/architecture.md).

Two checks. Each module's import lines are read, so a foreign import is named where it is
written. And a Python with nothing installed (no site-packages: no Flask, no SQLAlchemy) imports
``companion.rules`` and plays a game with it, which also catches what the lines cannot show: the
packages run on the way in (``companion/__init__.py``), and imports made at run time.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import companion.rules

RULES_DIR = Path(companion.rules.__file__).parent
MODULES = sorted(RULES_DIR.rglob("*.py"))  # a game may be a package
ROOT = RULES_DIR.parent.parent

#: Run with ``python -S -I``: no site-packages, no environment, nothing on sys.path but the
#: standard library and (inserted below) the repository. Seed 001's worked example
#: (docs/rules.md section 2): 4 players, 5 cards, the dealer hooked off 2, scores 11, 0, 10, 11.
GAME = """
import sys
sys.path.insert(0, sys.argv[1])
try:
    import flask
except ImportError:
    pass
else:
    raise SystemExit("flask is importable here: this run would prove nothing")

from companion.rules import Bids, RuleError, Tricks, apply, explain, fold, new_game, new_settings
from companion.rules import next_step, statistics, undo

settings = new_settings("oh-hell", ["Ana", "Ben", "Cleo", "Dev"],
                        options={"max_hand": 5, "schedule": "down"})
state = new_game(settings)
for seat, bid in ((1, 1), (2, 2), (3, 0)):  # the dealer, seat 0, bids last
    state = apply(state, Bids(tuple(bid if s == seat else None for s in range(4))))
assert state.current.forbidden_bid == 2
try:
    apply(state, Bids((2, None, None, None)))
except RuleError as error:
    assert error.code == "hook", error.code
else:
    raise SystemExit("the dealer's hook was not enforced")
state = apply(apply(state, Bids((1, None, None, None))), Tricks((1, 1, 3, 0)))
assert state.scores == (11, 11, 0, 10), state.scores
assert fold(settings, state.entries) == state and undo(state).current.phase.value == "tricks"
assert explain(state) and statistics(state).rounds == 1 and next_step(state) is not None

foreign = sorted(name for name in sys.modules
                 if name.split(".")[0] not in sys.stdlib_module_names
                 and name not in ("__main__", "companion")
                 and not name.startswith("companion.rules"))
assert not foreign, foreign
print("played")
"""


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


def foreign_imports(source: str, depth: int = 0) -> list[str]:
    """Imports of anything but the standard library and the package's own modules (a relative
    import may not climb out of companion/rules: ``from .. import store`` reaches Flask). A
    module ``depth`` packages below companion/rules (a game's package) climbs that far more."""
    return [
        "." * level + str(module)
        for level, module in imported_modules(source)
        if level > 1 + depth or (level == 0 and module not in sys.stdlib_module_names)
    ]


def test_the_engine_plays_a_game_with_only_the_standard_library() -> None:
    run = subprocess.run([sys.executable, "-S", "-I", "-c", GAME, str(ROOT)],
                         capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout.strip()) == (0, "played"), run.stderr


def test_the_package_has_modules() -> None:
    assert len(MODULES) >= 10 and RULES_DIR / "__init__.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_module_imports_only_the_standard_library(path: Path) -> None:
    depth = len(path.relative_to(RULES_DIR).parts) - 1
    assert foreign_imports(path.read_text(encoding="utf-8"), depth) == []


@pytest.mark.parametrize(
    "source",
    [
        "import flask",
        "from sqlalchemy import update",
        "import flask_babel as babel",
        "from companion import store",
        "from companion.storage.models import Game",
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
