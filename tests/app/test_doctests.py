"""The examples in companion/'s docstrings are tests too: each module's run as ``doctest`` runs
them, so an example that no longer holds fails here instead of misleading its reader.

(Not ``--doctest-modules`` in pytest's configuration: it would collect tests/ as well, where the
folders without an ``__init__.py`` hold several modules named ``conftest``.)"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import companion

PACKAGE = Path(companion.__file__).parent
#: The modules whose docstrings hold an example, found by reading them (nothing imported yet).
WITH_EXAMPLES = sorted(
    ".".join(("companion", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
    for path in PACKAGE.rglob("*.py") if ">>> " in path.read_text(encoding="utf-8"))


def test_some_modules_have_examples() -> None:
    assert len(WITH_EXAMPLES) >= 10


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_examples_in_the_docstrings_hold(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    said: list[str] = []
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=said.append)
    assert runner.failures == 0, "".join(said)
    assert runner.tries > 0, f"{name} holds '>>> ' but no example doctest finds"
