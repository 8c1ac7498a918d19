"""The page skeleton: language, CSRF meta, the htmx policy, and nothing inline for the CSP."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parents[2]


def _page(client: FlaskClient, url: str = "/offline") -> str:
    return client.get(url).get_data(as_text=True)


def _htmx_config(page: str) -> dict[str, object]:
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", page)
    assert meta
    config: dict[str, object] = json.loads(html.unescape(meta.group(1)))
    return config


def _swap_rule(config: dict[str, object], status: int) -> dict[str, object]:
    """The first responseHandling rule matching ``status``, as htmx picks it."""
    rules = config["responseHandling"]
    assert isinstance(rules, list)
    for rule in rules:
        if re.fullmatch(rule["code"], str(status)):
            return dict(rule)
    raise AssertionError(f"no rule for {status}")


def test_htmx_config_is_safe(client: FlaskClient) -> None:
    config = _htmx_config(_page(client))
    assert config["includeIndicatorStyles"] is False  # htmx would inject a <style>: CSP blocks it
    assert config["allowEval"] is False
    assert config["allowScriptTags"] is False
    assert config["selfRequestsOnly"] is True


@pytest.mark.parametrize(
    ("status", "swap", "error"),
    [
        (200, True, False),
        (201, True, False),
        (204, False, False),
        (409, True, False),
        (422, True, False),
        (400, False, True),
        (403, False, True),
        (404, False, True),
        (429, False, True),
        (500, False, True),
        (503, False, True),
    ],
)
def test_htmx_error_status_policy(client: FlaskClient, status: int, swap: bool, error: bool) -> None:
    rule = _swap_rule(_htmx_config(_page(client)), status)
    assert rule["swap"] is swap
    assert bool(rule.get("error", False)) is error


def test_the_page_skeleton(client: FlaskClient) -> None:
    page = _page(client, "/new")  # a page with a form (the offline page makes no token)
    assert page.startswith("<!doctype html>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1' in page
    assert re.search(r'<meta name="csrf-token" content="[^"]+">', page)
    assert '<a class="brand" href="/">' in page
    assert '<nav class="lang-switcher"' in page
    assert '<main id="main"' in page
    assert 'id="notice"' in page and "data-failed=" in page
    # One bundled style sheet named by its content, one entry module named by the modules'
    # version (companion/http/assets.py). (The new-game page's bundle carries its own styles.)
    assert re.search(r'<link rel="stylesheet" href="/static/css/site-start\.[0-9a-f]{12}\.css">', page)
    assert re.search(r'<script type="module" src="/static/js/[0-9a-f]{12}/site-new-game\.js"></script>', page)
    assert page.count('rel="stylesheet"') == 1 and page.count("<script") == 2  # ours and htmx


def test_flashed_messages_are_shown(client: FlaskClient) -> None:
    from flask import flash, render_template

    with client.application.test_request_context("/"):
        flash("Saved")
        flash("Refused", "error")
        page = render_template("error.html", status=None, title="t", message="m")
    assert '<p class="flash" role="status">Saved</p>' in page
    assert '<p class="flash flash-error" role="alert">Refused</p>' in page


@pytest.mark.parametrize("url", ["/offline", "/no-such-page"])
def test_nothing_inline_that_the_csp_would_block(client: FlaskClient, url: str) -> None:
    page = _page(client, url)
    for script in re.findall(r"<script\b[^>]*>(.*?)</script>", page, flags=re.S):
        assert script.strip() == "", "inline script"
    assert "<script>" not in page
    assert not re.search(r"\sstyle\s*=", page), "inline style attribute"
    assert "<style" not in page
    assert not re.search(r"\son[a-z]+\s*=", page), "inline event handler"


def test_the_stylesheet_documents_its_classes() -> None:
    css = (ROOT / "static/css/app.css").read_text()
    header = css.split("*/", 1)[0]
    for name in (".btn", ".btn-primary", ".btn-quiet", ".field", ".field-error", ".panel",
                 ".banner", ".suit-spades", ".suit-clubs", ".suit-hearts", ".suit-diamonds"):
        assert name in header, f"{name} is not documented at the top of app.css"
        assert re.search(re.escape(name) + r"[\s,{:\[]", css.split("*/", 1)[1]), f"{name} has no rule"
    assert "prefers-color-scheme: dark" in css
    assert ":focus-visible" in css
