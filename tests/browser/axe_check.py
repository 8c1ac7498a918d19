"""axe-core's WCAG 2.2 A/AA check of the page as it is now, for the journeys that check the
pages they pass through (pinned by tests/tools/package-lock.json)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[1] / "tools" / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]


def violations(page: Page) -> list[Any]:
    """Each violation's rule and its first five places: empty when the page passes."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("options => axe.run(document, options)",
                           {"runOnly": {"type": "tag", "values": WCAG},
                            "rules": {"target-size": {"enabled": True}}})
    return [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in result["violations"]]
