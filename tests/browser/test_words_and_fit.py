"""Words and fit at 390×844: the dealer's mark inside its tile in French and Italian, a game's
statistics without sideways scrolling from four players on, the Italian rebid said as the table
says it, a game finished on the page linking no JSON, and no inline style refused by the CSP
when a swap replaces an input that a tool left a ``style=""`` on.
Screenshots: ``fit-words-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from set_up_games import card, new_game, play_round
from test_names_whole import whole

pytestmark = pytest.mark.browser

WIDTH = 390
SEVEN = ["Grégoire", "Alexandre", "Chiara", "Benoît", "Ben", "Sophie", "Maximiliana"]

#: Every Content-Security-Policy violation the page meets, kept on the window.
CSP_VIOLATIONS = """window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => window.violations.push(
  event.effectiveDirective + " " + (event.target && event.target.outerHTML || "").slice(0, 120)));"""


#: Each figure of the statistics, as read: for every number, whether its player's (or side's)
#: name shows before it, on its line (or, a name too long to share it, on the line above).
FIGURES_BESIDE_NAMES = """() => [...document.querySelectorAll(".stats-table td.num")].map((cell) => {
  const who = cell.querySelector(".cell-who");
  if (who === null || !who.checkVisibility()) return false;
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  let last = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.data.trim()) last = node;
  }
  const figure = document.createRange();
  figure.selectNodeContents(last);
  const name = who.getBoundingClientRect(), number = figure.getBoundingClientRect();
  return name.top < number.bottom && number.top - name.bottom < number.height
    && name.left <= number.left;
})"""


def statistics_read(page: Page, sides: int) -> None:
    """The game's statistics, opened at large text: no word broken, no sideways scrolling, and
    each number with its player's name beside it (its column's header is out of sight)."""
    stats = page.locator("details.stats")
    if stats.get_attribute("open") is None:
        stats.locator("summary").click()
    table = stats.locator(".stats-table")
    expect(table).to_be_visible()
    assert table.get_by_role("columnheader").count() >= sides  # a table to a screen reader
    whole(page, "details.stats", 1)
    assert stats.locator(".table-scroll").evaluate("(e) => e.scrollWidth <= e.clientWidth"), \
        "the statistics scroll sideways"
    beside = page.evaluate(FIGURES_BESIDE_NAMES)
    assert beside and all(beside), f"a figure without its name: {beside}"


def inside(page: Page, inner: str, outer: str) -> bool:
    return bool(page.evaluate("""([inner, outer]) => [...document.querySelectorAll(inner)].every((e) => {
      const box = e.getBoundingClientRect(), around = e.closest(outer).getBoundingClientRect();
      return box.left >= around.left && box.right <= around.right; })""", [inner, outer]))


@pytest.mark.parametrize(("locale", "dealer"), [("fr-FR", "donneur"), ("it-IT", "smazza")])
def test_the_dealer_s_mark_and_the_statistics_fit(phones: Any, live_server: str,
                                                 screenshot_dir: Path, locale: str,
                                                 dealer: str) -> None:
    page = phones(has_touch=True, device_scale_factor=2, locale=locale)
    for players in (4, 7):
        game = new_game(live_server, "oh-hell", SEVEN[:players])
        for _ in range(2):
            play_round(game)
        game.keep_on(page)
        mark = page.locator(".bid-order .dealer-mark")
        expect(mark).to_have_text(dealer)
        assert inside(page, ".bid-order .dealer-mark", "li"), "the dealer's mark spills out"
        page.locator("details.stats > summary").click()
        table = page.locator(".stats-table")
        expect(table).to_be_visible()
        assert table.evaluate("(t) => t.scrollWidth <= t.parentElement.clientWidth"), \
            table.evaluate("(t) => [t.scrollWidth, t.parentElement.clientWidth]")
        assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
        expect(table.get_by_role("columnheader")).to_have_count(players)
        if players == 7:
            page.locator(".bid-order").scroll_into_view_if_needed()
            page.screenshot(path=str(screenshot_dir / f"fit-words-dealer-{locale[:2]}.png"))
            table.screenshot(path=str(screenshot_dir / f"fit-words-statistics-7-{locale[:2]}.png"))


def test_the_italian_rebid_is_a_nuova_dichiarazione(phones: Any, live_server: str,
                                                   screenshot_dir: Path) -> None:
    game = new_game(live_server, "oh-seven", ["Ana", "Ben", "Cleo", "Dev"])
    game.write("bids", bids=[card(c) for c in ("1s", "2s", "3s", "1h")])  # 7: a forced rebid
    page = phones(has_touch=True, device_scale_factor=2, locale="it-IT")
    game.keep_on(page)
    expect(page.get_by_role("heading", name="Nuova dichiarazione")).to_be_visible()
    expect(page.get_by_text("Nuova dichiarazione obbligata: le offerte fanno 7.")).to_be_visible()
    expect(page.get_by_text("nuova offerta", exact=False)).to_have_count(0)
    page.locator(".rebid").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "fit-words-rebid-it.png"))


def test_a_game_finished_on_the_page_links_no_json(page: Page, live_server: str) -> None:
    game = new_game(live_server, "oh-hell", ["Ana", "Ben", "Cleo"], max_hand=1, schedule="down")
    game.write("bids", bids=[0, 0, 0])
    game.keep_on(page)
    json_link = page.get_by_role("link", name="The game as JSON")
    expect(json_link).to_be_visible()
    page.get_by_role("radio", name="Ben took 1", exact=True).click()  # the one round's trick
    page.get_by_role("button", name="Save tricks", exact=True).click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    expect(json_link).to_be_hidden()
    expect(page.get_by_role("link", name="Download the score sheet (CSV)")).to_be_visible()
    page.reload()
    expect(json_link).to_have_count(0)


def test_a_swap_copies_no_style_left_on_an_input(phones: Any, live_server: str) -> None:
    """A screenshot hides the caret with a style on every input and leaves ``style=""``
    behind; the next hand's swap used to copy it onto Seven-Up's jacks count (the one input of
    the live part with an id), and the CSP refused it."""
    game = new_game(live_server, "seven-up", ["Ana", "Ben", "Cleo", "Dev"])
    page = phones(has_touch=True, locale="en-GB")
    page.add_init_script(CSP_VIOLATIONS)
    game.keep_on(page)
    page.screenshot()  # caret hidden, then shown: style="" left on every input
    assert page.locator("#jacks-run").get_attribute("style") == ""
    game.write("hands", jacks_turned=0, beg="stand", high=0, low=1, jack=None, game=0)
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible(timeout=10_000)  # polled
    assert page.evaluate("window.violations") == []
    assert "style" not in page.evaluate("htmx.config.attributesToSettle")
