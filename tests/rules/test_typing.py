"""``mypy --strict companion/rules`` is clean (docs/architecture.md; pyproject's [tool.mypy])."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[2]


# Slow (mypy from nothing, every time), and the quick loop has the same check: scripts/test runs
# mypy --strict on companion/rules before any test.
@pytest.mark.slow
def test_mypy_strict_is_clean_on_the_rules_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # pyproject.toml's [tool.mypy] applies
    stdout, stderr, status = api.run(
        ["--strict", "--no-incremental", "--no-error-summary", "companion/rules"]
    )
    assert (stdout, stderr, status) == ("", "", 0)
