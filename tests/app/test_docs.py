"""The map on the front door: the README and docs/ link only to what the repository holds, cite
nothing outside it, and keep the shapes the code relies on (docs/rules.md's numbered sections,
which the code cites; docs/api.md's sections; architecture.md on one page)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A Markdown link or image: ``[text](target)``.
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_link_resolves(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]
    missing = [t for t in targets if not (doc.parent / t.split("#")[0]).exists()]
    assert missing == []


def test_the_readme_links_every_doc() -> None:
    linked = set(LINK.findall((ROOT / "README.md").read_text(encoding="utf-8")))
    assert {f"docs/{doc.name}" for doc in DOCS[1:]} <= linked


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_nothing_outside_the_repository_is_cited(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert not re.search(r"\.\./shared|/work/|shared/(RULES|API)\.md|(?<![\w/])(RULES|API)\.md",
                         text)


#: Where the code cites the rules and the API it follows.
CODE = [path for folder in ("companion", "templates", "static", "bench", "scripts", "migrations")
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in {".py", ".html", ".js", ".css", ".md", ""} and path.is_file()
        and "__pycache__" not in path.parts and "vendor" not in path.parts]


def test_the_code_cites_the_repository_s_own_docs() -> None:
    """Every citation of the rules or the API points into docs/, which a clone holds."""
    outside = re.compile(r"\.\./shared|shared/(RULES|API|seeds)|(?<![\w/])(RULES|API)\.md")
    citing = [str(path.relative_to(ROOT)) for path in CODE
              if outside.search(path.read_text(encoding="utf-8", errors="replace"))]
    assert citing == []


def test_nothing_cites_the_brief_the_repository_does_not_hold() -> None:
    """The code, the tests and the docs cite docs/ (rules.md, api.md, …), never the product brief
    they were written from (its UX, STYLE, RULES and API notes, beside the repository), which a
    clone lacks."""
    brief = re.compile(r"\.\./shared|(?<![\w/])(UX|STYLE|RULES|API)\.md")
    tests = [path for path in sorted((ROOT / "tests").rglob("*.py"))
             if "node_modules" not in path.parts and "__pycache__" not in path.parts]
    citing = [str(path.relative_to(ROOT)) for path in [*CODE, *tests, *DOCS]
              if brief.search(path.read_text(encoding="utf-8", errors="replace"))]
    assert citing == []


def _headings(name: str, level: str = "## ") -> list[str]:
    lines = (ROOT / "docs" / name).read_text(encoding="utf-8").splitlines()
    return [line[len(level):] for line in lines if line.startswith(level)]


def test_the_rules_keep_their_eight_numbered_sections() -> None:
    numbers = [int(h.split(". ")[0]) for h in _headings("rules.md")]
    # The first eight as ever; each game added after them keeps its own number, in order.
    assert numbers[:8] == list(range(1, 9)) and numbers == sorted(set(numbers))
    assert _headings("rules.md")[5] == "6. House rules — options beyond the seeds"


def test_the_api_keeps_the_contract_s_sections() -> None:
    assert _headings("api.md") == [
        "Conventions", "Endpoints", "The game object", "Statistics and the score sheet",
        "Tables: the same people, game after game", "Writes that are safe to repeat",
        "Export and import: a table's history belongs to its people",
        "The score pad: any other game", "Wizard: the 60-card game", "More games: Spades",
        "More games: Belote and Coinche", "More games: Scopa",
        "More games: Tarot"]


def test_the_architecture_is_one_page() -> None:
    assert len((ROOT / "docs/architecture.md").read_text(encoding="utf-8").splitlines()) <= 150
