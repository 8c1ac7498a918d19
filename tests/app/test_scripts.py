"""The README's two commands, and CI calling exactly the test command."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("script", ["scripts/start", "scripts/test", "scripts/translations",
                                    "scripts/lib.sh", ".ci/run"])
def test_scripts_are_valid_bash(script: str) -> None:
    subprocess.run(["bash", "-n", str(ROOT / script)], check=True)


def test_ci_runs_the_test_command() -> None:
    lines = (ROOT / ".ci/run").read_text().splitlines()
    assert lines[-1] == 'exec bash scripts/test "$@"'


def test_the_readme_opens_with_what_companion_is_then_the_two_commands() -> None:
    blocks = (ROOT / "README.md").read_text().split("\n\n")
    assert blocks[0] == "# Companion" and blocks[1].startswith("Companion keeps score")
    assert len(blocks[1].splitlines()) <= 5  # a few lines, then the commands
    start, test = blocks[2].splitlines()
    assert start.startswith("- `bash scripts/start` — install what is needed (once)")
    assert test.startswith("- `bash scripts/test` — install the test tools (once)")
    assert blocks.index("## Where things live") > 2


def test_the_test_command_fails_when_pytest_collects_nothing() -> None:
    script = (ROOT / "scripts/test").read_text()
    assert 'if [ "$status" -eq 5 ]' in script
    assert "--fail-under=95" in script


def test_an_unknown_translations_command_fails() -> None:
    result = subprocess.run(["bash", str(ROOT / "scripts/translations"), "nonsense"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "usage" in result.stderr
