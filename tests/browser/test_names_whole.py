"""Names stay whole at 200 % text, at 390×844.

Five players, three of them with 21-character names, at 200 % text: the winners' banner, the
final standings (a Seven-Up team's "Ana & Cleo" too) and the table's "Who is ahead" keep every
word of every name on one line (a name may wrap between its words, or after a hyphen, never
inside a word), and no page is wider than the phone. Measured per word, with a Range over its
letters: a word broken across lines has boxes on two lines.
Screenshots: ``fit-names-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from set_up_games import card, finish, new_game, play_round

pytestmark = pytest.mark.browser

WIDTH = 390
NAMES = ["Maximiliana-Josephine", "Eleonora-Gwendolyn-Ka", "Bartholomew-Alexander", "Cleo", "Ana"]
ONE_CARD = {"max_hand": 1, "schedule": "down"}

#: The words shown under ``selector`` that are broken across lines (a word: letters up to a
#: space, or to a hyphen and the hyphen with them), and how many elements were measured. Text
#: not shown is left out: in a closed <details>, or clipped to a pixel for screen readers.
BROKEN_WORDS = """(selector) => {
  const roots = [...document.querySelectorAll(selector)].filter((e) => e.offsetParent !== null);
  const shown = (node, root) => {
    for (let e = node.parentElement; e; e = e.parentElement) {
      const r = e.getBoundingClientRect();
      if (!e.checkVisibility()) return false;
      const clipped = getComputedStyle(e).overflow !== "visible";
      if (clipped && (r.width <= 1 || r.height <= 1)) return false;
      if (e === root) return true;
    }
    return true;
  };
  const broken = [];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!shown(node, root)) continue;
      for (const word of node.data.matchAll(/[^\\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
  }
  return {names: roots.length, broken};
}"""


def big_text(page: Page) -> None:
    """``html { font-size: 200% }`` (set through the CSSOM: the page's CSP refuses inline style)."""
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    page.evaluate("new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))")


def whole(page: Page, selector: str, at_least: int) -> None:
    """No word of what ``selector`` shows (at least ``at_least`` of them: names, or whole
    panels) is broken across lines, and the page is no wider than the phone."""
    seen = page.evaluate(BROKEN_WORDS, selector)
    assert seen["names"] >= at_least, (selector, seen)
    assert seen["broken"] == [], (selector, seen)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


def test_the_winners_and_the_standings_keep_names_whole_at_200_percent(
        phones: Any, live_server: str, screenshot_dir: Path) -> None:
    game = new_game(live_server, "oh-hell", NAMES, **ONE_CARD)
    finish(game)  # everyone bids 0 and the first bidder takes the trick: four share the win
    page = phones(has_touch=True, device_scale_factor=2, locale="en-GB")
    game.keep_on(page)
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    big_text(page)
    whole(page, ".banner-final .name", 4)
    whole(page, ".standings .name", 5)
    page.locator(".banner-final").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "fit-names-winners-200.png"))
    page.locator(".standings").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "fit-names-standings-200.png"))
    # A Seven-Up team's two names, in French.
    teams = new_game(live_server, "seven-up", ["Maximiliana-Josephine", "Ben", "Cleo", "Bartholomew-Alexander"])
    finish(teams)
    french = phones(has_touch=True, device_scale_factor=2, locale="fr-FR")
    teams.keep_on(french)
    expect(french.get_by_role("heading", name="Classement final")).to_be_visible()
    big_text(french)
    whole(french, ".banner-final .name", 2)
    whole(french, ".standings .name", 4)
    french.locator(".standings").scroll_into_view_if_needed()
    french.screenshot(path=str(screenshot_dir / "fit-names-teams-200-fr.png"))


def test_who_is_ahead_keeps_names_whole_and_fits_at_200_percent(
        phones: Any, page: Page, screenshot_dir: Path) -> None:
    created = page.request.post("/api/v1/tables", data={"name": "Jeudi"}).json()
    table_id, bearer = created["table"]["id"], {"Authorization": f"Bearer {created['edit_token']}"}
    for taker in range(3):
        made = page.request.post("/api/v1/games", headers=bearer, data={
            "ruleset": "oh-hell", "players": NAMES, "table": table_id, "options": ONE_CARD}).json()
        game_id, version = made["game"]["id"], made["game"]["version"]
        tricks = [1 if seat == taker else 0 for seat in range(len(NAMES))]
        for path, body in (("bids", {"bids": [0] * len(NAMES)}), ("tricks", {"tricks": tricks})):
            answer = page.request.post(f"/api/v1/games/{game_id}/{path}", headers=bearer,
                                       data={"version": version, **body})
            assert answer.status == 200, answer.text()
            version = answer.json()["version"]
    phone = phones(has_touch=True, device_scale_factor=2, locale="en-GB")
    phone.goto(f"/t/{table_id}")
    for text in ("100%", "200%"):
        phone.evaluate(f"document.documentElement.style.fontSize = '{text}'")
        ahead = phone.get_by_role("region", name="Who is ahead")
        expect(ahead.get_by_role("row")).to_have_count(len(NAMES) + 1)  # still a table
        whole(phone, ".leaders .name", len(NAMES))
        box = phone.locator(".leaders-box")
        assert box.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "a column off to the side"
        for cell in ahead.get_by_role("cell").all():
            edge = cell.bounding_box()
            assert edge is not None and 0 <= edge["x"] and edge["x"] + edge["width"] <= WIDTH
    ahead.scroll_into_view_if_needed()
    phone.screenshot(path=str(screenshot_dir / "fit-names-who-is-ahead-200.png"))


#: Seven players, five of them with 21-character names (none of them a single word).
BOARD_NAMES = [*NAMES[:3], "Konstantinos-Leonidas", "Cleo", "Wilhelmina-Konstanze-", "Ana"]

#: The scoreboard at its box: what scrolls inside it, and every element shown that reaches
#: past one of its sides (a visually hidden one, 1 px, is not shown).
BOARD_OUT = """() => {
  const box = document.querySelector("section.scoreboard .table-scroll");
  const edge = box.getBoundingClientRect();
  const out = [...box.querySelectorAll("*")].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && e.checkVisibility()
      && (r.left < edge.left - 0.5 || r.right > edge.right + 0.5);
  }).map((e) => `${e.tagName}.${e.className} ${e.textContent.trim().slice(0, 30)}`);
  return {scroll: box.scrollWidth, client: box.clientWidth, out};
}"""


@pytest.mark.parametrize("ruleset", ["oh-hell", "oh-seven"])
def test_the_scoreboard_keeps_names_whole_and_fits_its_box_at_200_percent(
        phones: Any, live_server: str, screenshot_dir: Path, ruleset: str) -> None:
    for players, locale in ((5, "en-GB"), (7, "fr-FR")):
        names = BOARD_NAMES[:players]
        game = new_game(live_server, ruleset, names)
        play_round(game)
        play_round(game)
        if ruleset == "oh-seven":  # a forced rebid: the bids add up to 7, the high one's bonus
            game.write("bids", bids=[card(c) for c in ["0s", "0h", "0d", "0c", "1s", "1h", "5s"][
                7 - players:]])
            assert game.body["current"]["attempts"], "no rebid"
        page = phones(has_touch=True, device_scale_factor=2, locale=locale)
        game.keep_on(page)
        board = page.locator("section.scoreboard")
        big_text(page)
        board.evaluate("(e) => e.scrollIntoView({block: 'start', behavior: 'instant'})")
        page.screenshot(path=str(screenshot_dir / f"fit2-scoreboard-{ruleset}-{players}-200.png"))
        seen = page.evaluate(BOARD_OUT)
        assert seen["scroll"] <= seen["client"], seen
        assert seen["out"] == [], seen
        # Every name whole: in the names' row and beside each of the two rounds' scores.
        whole(page, "section.scoreboard .name", players * 3)
        # Still a table to a screen reader: a player's column, the totals' row.
        expect(board.get_by_role("row")).to_have_count(2 + 2 + (ruleset == "oh-seven"))
        expect(board.get_by_role("columnheader")).to_have_count(players + 1)
        # At 100 %, the table of columns, as before: a name over its column, not in each score.
        page.evaluate("document.documentElement.style.fontSize = ''")
        expect(board.locator(".cell-who:visible, .head-total:visible")).to_have_count(0)
        expect(board.locator(".totals")).to_be_visible()


def test_how_the_last_hand_was_counted_keeps_names_whole_at_200_percent(
        phones: Any, live_server: str, screenshot_dir: Path) -> None:
    """A finished Seven-Up game says how its last hand was counted: each point, who took it and
    what it made, the points after the winning one struck out. At 200 % text each step stacks
    (the point, who, the score under it) rather than squeezing the names to a letter a line."""
    alone = new_game(live_server, "seven-up", ["Maximiliana-Josephine", "Ben", "Cleo"])
    teams = new_game(live_server, "seven-up", ["Maximiliana-Josephine", "Ben", "Cleo",
                                               "Bartholomew-Alexander"])
    for _ in range(4):  # two points a hand each: the fourth hand's high wins, the rest is struck
        alone.write("hands", jacks_turned=0, beg="stand", high=0, low=1, jack=2, game=0)
        teams.write("hands", jacks_turned=0, beg="stand", high=0, low=1, jack=1, game=0)
    for game, locale, scheme in ((alone, "fr-FR", "light"), (alone, "it-IT", "dark"),
                                 (alone, "en-GB", "light"), (teams, "fr-FR", "dark")):
        page = phones(has_touch=True, device_scale_factor=1, locale=locale, color_scheme=scheme)
        game.keep_on(page)
        counting = page.locator("section.counting")
        expect(counting.locator(".count-step.not-counted")).to_have_count(3)
        big_text(page)
        counting.locator(".count-steps").evaluate(
            "(e) => e.scrollIntoView({block: 'start', behavior: 'instant'})")
        page.screenshot(path=str(screenshot_dir / f"fit-names-counting-200-{locale[:2]}-{scheme}.png"))
        whole(page, "section.counting .count-step", 4)
        for step in counting.locator(".count-step").all():  # every part inside its step
            edge = step.bounding_box()
            assert edge is not None
            for part in step.locator(".count-point, .count-who, .count-score").all():
                box = part.bounding_box()
                assert box is not None and box["width"] > 40, (part.inner_text(), box)
                assert edge["x"] <= box["x"] and box["x"] + box["width"] <= edge["x"] + edge["width"] + 0.5
