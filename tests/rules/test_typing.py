"""``mypy --strict companion/rules`` is clean (docs/architecture.md; pyproject's [tool.mypy])."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[2]


# scripts/test runs the same check before any test, so this one reads that run's cache
# (.mypy_cache) and takes a second; alone (from nothing), half a minute: slow.
@pytest.mark.slow
def test_mypy_strict_is_clean_on_the_rules_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # pyproject.toml's [tool.mypy] applies
    stdout, stderr, status = api.run(
        ["--strict", "--no-error-summary", "companion/rules"]
    )
    assert (stdout, stderr, status) == ("", "", 0)
