"""Every kind of page, checked by machines at 390×844: axe-core (WCAG 2.2 AA, injected into
Chromium) in light mode and, for the colours' contrast, in dark mode, and the Nu HTML Checker
(vnu-jar, one Java run over all the pages saved as served). No violation, and no HTML error or
warning but htmx's own ``hx-*`` attributes and the checker's stale ``inputmode`` warning on the
score pad's points.

The tools come from npm (tests/tools/package.json); ``scripts/test`` installs them and Java."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import PHONE
from playwright.sync_api import Browser, Page, expect
from set_up_games import LiveGame, card, finish, new_game, play_round

TOOLS = Path(__file__).resolve().parents[1] / "tools" / "node_modules"
AXE = TOOLS / "axe-core" / "axe.min.js"
VNU = TOOLS / "vnu-jar" / "build" / "dist" / "vnu.jar"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
#: htmx's attributes are not HTML's: the only errors the checker may report.
HTMX = re.compile(r"^Attribute “hx-[a-z-]+” not allowed on element “[a-z]+” at this point\.$")
#: The checker's one stale warning, kept since 2015 for any ``inputmode`` (validator/validator
#: issue 1813: the attribute is baseline in every browser now). The score pad's points need it:
#: a text field (for the ± and a typed "−") that opens the phone's numeric keypad, which
#: no other markup gives. Allowed there alone: anywhere else it is reported as any warning is.
INPUTMODE = ("The “inputmode” attribute is not supported in all browsers. Please be sure to "
             "test, and consider using a polyfill.")
#: Long names (the most, 24), a right-to-left one, and one that starts with U+202E.
NAMES = ["Maximilian-Alexander Ng", "Ana", "\u202eBen", "ليلى", "Cleo"]


@pytest.fixture(scope="module")
def pages_to_check(live_server: str) -> list[tuple[str, str, LiveGame | None]]:
    """(what, path, the game whose scorekeeper this phone is) for every kind of page."""
    kinds: list[tuple[str, str, LiveGame | None]] = [
        ("home", "/", None), ("new game", "/new", None), ("error", "/g/no-such-game", None)]
    # Oh-Seven, 5 players (two decks): a rebid under way, then the tricks, then the end.
    seven = new_game(live_server, "oh-seven", NAMES, card_passing=True)
    play_round(seven)
    seven.write("bids", bids=[card(c) for c in ["1s", "2s", "3s", "1h", "0c"]])  # adds up to 7
    kinds.append(("oh-seven rebid", seven.url, seven))
    tricks = new_game(live_server, "oh-seven", NAMES[:4])
    tricks.write("bids", bids=[card(c) for c in ["3s", "2h", "4d", "0c"]])
    kinds.append(("oh-seven tricks", tricks.url, tricks))
    kinds.append(("oh-seven correction", f"{seven.url}/rounds/1", seven))
    done = new_game(live_server, "oh-seven", NAMES)
    finish(done)
    kinds.append(("oh-seven final", done.url, done))
    for ruleset in ("oh-hell", "elevator"):
        game = new_game(live_server, ruleset, NAMES[:4])
        play_round(game)
        first = game.body["current"]["bidding_order"][0]
        game.write("bids", bids=[1 if seat == first else None for seat in range(4)])
        kinds.append((f"{ruleset} bidding", game.url, game))
        over = new_game(live_server, ruleset, NAMES[:3])
        finish(over)
        kinds.append((f"{ruleset} final", over.url, over))
    teams = new_game(live_server, "seven-up", NAMES[:4])
    teams.write("hands", jacks_turned=1, beg="give", high=1, low=2, jack=None, game=0)
    kinds.append(("seven-up hand", teams.url, teams))
    kinds.append(("seven-up correction", f"{teams.url}/hands/1", teams))
    three = new_game(live_server, "seven-up", NAMES[:3])
    finish(three)
    kinds.append(("seven-up final", three.url, three))
    # A score pad (docs/rules.md section 8), five players: its round after one, a ± pressed
    # (the refused round is checked after the loop), its correction page, its end by hand.
    pad = new_game(live_server, "score-pad", NAMES, title="Hearts", winner="lowest", target=100)
    pad.write("points", points=[13, 0, -5, 26, 7])
    kinds.append(("score-pad round, ± pressed", pad.url, pad))
    kinds.append(("score-pad correction", f"{pad.url}/rounds/1", pad))
    stopped = new_game(live_server, "score-pad", NAMES[:4], title="Rummy")
    stopped.write("points", points=[12, -3, 0, 40])
    stopped.write("finish")
    kinds.append(("score-pad final", stopped.url, stopped))
    # The other pages: the rules, the one confirmation, and every disclosure opened
    # (the share panel with its scorekeeper QR, the chart during play, explained scores).
    kinds += [(f"rules {ruleset}", f"/rules/{ruleset}", None)
              for ruleset in ("oh-seven", "oh-hell", "elevator", "seven-up", "score-pad")]
    kinds.append(("delete confirmation", f"{done.url}/delete", done))
    kinds.append(("oh-seven final, all open", done.url, done))
    kinds.append(("seven-up hand, all open", teams.url, teams))
    kinds.append(("elevator bidding, all open", game.url, game))
    return kinds


@pytest.fixture
def checking_page(browser: Browser, live_server: str) -> Iterator[Page]:
    """A phone page that may inject axe-core: this context alone ignores the page's CSP."""
    context = browser.new_context(viewport=PHONE, base_url=live_server, locale="en-GB",
                                  is_mobile=True, has_touch=True, bypass_csp=True)
    yield context.new_page()
    context.close()


#: What a colour scheme changes: colours alone. The dark run checks their contrast; the light
#: run checks everything (the page's structure is the same in both).
COLOURS = {"runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}}
EVERYTHING = {"runOnly": {"type": "tag", "values": WCAG}, "rules": {"target-size": {"enabled": True}}}


def _axe(page: Page, scheme: str = "light") -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("options => axe.run(document, options)",
                           EVERYTHING if scheme == "light" else COLOURS)
    return [{"id": v["id"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]} for v in result["violations"]]


def test_every_page_passes_axe_and_the_html_checker(
        checking_page: Page, pages_to_check: list[tuple[str, str, LiveGame | None]],
        live_server: str, tmp_path: Path) -> None:
    assert AXE.exists() and VNU.exists(), "run scripts/test (npm ci in tests/tools) first"
    java = shutil.which("java")
    assert java, "Java is missing: scripts/test installs default-jre-headless"
    page = checking_page
    found: dict[str, list[dict[str, Any]]] = {}
    saved: dict[str, str] = {}
    for what, path, game in pages_to_check:
        if game is not None:
            game.keep_on(page)
        page.emulate_media(color_scheme="light")
        response = page.goto(path)
        assert response is not None
        if what.endswith("all open"):  # as a person opens them: the share panel, the chart
            page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        if what.endswith("± pressed"):  # a negative number begun on a keypad with no minus
            sign = page.locator("button[data-sign]").first
            sign.click()
            expect(sign).to_have_attribute("aria-pressed", "true")
        file = tmp_path / (re.sub(r"\W+", "-", what) + ".html")
        file.write_text(response.text(), encoding="utf-8")
        saved[file.name] = what
        # The dark scheme on the same page, as a phone switching at dusk draws it: its style
        # sheet's media queries answer at once, with no second load of the page.
        backgrounds = set()
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            backgrounds.add(page.evaluate("getComputedStyle(document.body).backgroundColor"))
            violations = _axe(page, scheme)
            if violations:
                found[f"{what} ({scheme})"] = violations
        assert len(backgrounds) == 2, (what, backgrounds)  # the dark scheme was drawn
    # A refused new game, with its error summary (drawn by the server) and the errors at the fields.
    page.goto("/new")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector(".error-summary")
    (tmp_path / "refused-new-game.html").write_text(page.content(), encoding="utf-8")
    saved["refused-new-game.html"] = "refused new game"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations = _axe(page, scheme)
        if violations:
            found[f"refused new game ({scheme})"] = violations
    # A zero-sum pad's round that does not add up, refused: the error under the rows, every
    # row marked, what was typed kept (the 422 fragment htmx swaps in).
    zero = new_game(live_server, "score-pad", NAMES[:3], zero_sum=True)
    zero.keep_on(page)
    page.goto(zero.url)
    for number, typed in enumerate(["40", "-20", "-8"]):
        page.locator(f"#points_{number}").fill(typed)
    page.locator(".points-form [type=submit]").click()
    expect(page.locator("#points-error")).to_be_visible()
    (tmp_path / "refused-pad-round.html").write_text(page.content(), encoding="utf-8")
    saved["refused-pad-round.html"] = "refused score-pad round"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        violations = _axe(page, scheme)
        if violations:
            found[f"refused score-pad round ({scheme})"] = violations
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    # The checkers do find what is wrong: a picture without words, a label on a plain span.
    page.set_content('<html lang="en"><title>t</title><main><img src="data:,"></main></html>')
    assert [v["id"] for v in _axe(page)] == ["image-alt"]
    bad = tmp_path / "known-bad.html"
    bad.write_text('<!doctype html><html lang="en"><title>t</title><span aria-label="x">1</span>',
                   encoding="utf-8")

    # Warnings too: "possible misuse of aria-label" (a label on a plain span) is one.
    run = subprocess.run([java, "-jar", str(VNU), "--format", "json",
                          *sorted(str(p) for p in tmp_path.glob("*.html"))],
                         capture_output=True, text=True, timeout=300)
    messages = json.loads(run.stderr or run.stdout)["messages"]
    for m in messages:
        m["file"] = m.get("url", "").rpartition("/")[2]
    assert any(m["file"] == bad.name and "aria-label" in m["message"] for m in messages)
    def allowed(m: dict[str, Any]) -> bool:
        return bool(HTMX.match(m["message"])) or (
            m["message"] == INPUTMODE and 'class="points-input"' in m.get("extract", ""))

    errors = [f"{saved.get(m['file'], m['file'])}: {m['message']} {m.get('extract', '')!r}"
              for m in messages if m["file"] != bad.name and not allowed(m)]
    assert not errors, "\n".join(errors)
