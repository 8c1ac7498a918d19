"""The game page's rough edges at 390×844, measured: at 200 % text the round banner's text flows
under its "?", words whole; a Seven-Up team's header keeps "& Cleo" together; the empty
scoreboard's line has the page's margin; the rules title keeps "Seven-Up" whole; a watcher's
page says it is watching, live, and says "Reconnecting…" in that place while the connection is
down; a finished game's undo is below the scoreboard, apart from the end-of-game actions.
Screenshots: ``board-*.png``, in English light and French dark.
Markup: tests/web/test_board_edges.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from set_up_games import finish, new_game, play_round

pytestmark = pytest.mark.browser

PHONE_WIDTH = 390
PAGE_MARGIN = 12  # px: main's padding on a phone (app.css)
LOOKS = [({"locale": "en-GB"}, "en", ""),
         ({"locale": "fr-FR", "color_scheme": "dark"}, "fr", "-fr-dark")]
IDS = ["en", "fr-dark"]
SAY: dict[str, dict[str, Any]] = {
    "en": {"rules": "Rules of Oh-Seven", "empty": "No round scored yet.",
           "watching": "Watching · updates live", "reconnecting": "Reconnecting…",
           "reopen": "Reopen the game", "undo": re.compile(r"^Undo round \d+'s tricks$"),
           "keep": "Keep these players as a table", "board": "Scoreboard"},
    "fr": {"rules": re.compile(r"Règles du jeu\s:\sOh-Seven"),
           "empty": "Aucune manche marquée pour l’instant.",
           "watching": "Tu suis la partie · en direct", "reconnecting": "Reconnexion…",
           "reopen": "Rouvrir la partie",
           "undo": re.compile(r"^Annuler les plis de la manche \d+$"),
           "keep": "Garder ces joueurs comme table", "board": "Scores"},
}

#: The words of an element that a line's end cuts in two.
BROKEN_WORDS = """(e) => {
  const broken = [];
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(word[0]);
    }
  }
  return broken;
}"""
#: The top of each word's first line, for the first place the word is in the element.
WORD_TOPS = """(e, words) => words.map((word) => {
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(word);
    if (at === -1) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    return Math.round(range.getClientRects()[0].top);
  }
  return null;
})"""
#: The boxes of an element's lines of text (each run of text on a line).
LINES = """(e) => { const range = document.createRange(); range.selectNodeContents(e);
  return [...range.getClientRects()].map((r) => ({top: r.top, bottom: r.bottom, left: r.left,
                                                  right: r.right})); }"""


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return {**box, "bottom": box["y"] + box["height"], "right": box["x"] + box["width"]}


@pytest.mark.parametrize(("look", "lang", "suffix"), LOOKS, ids=IDS)
def test_at_200_percent_text_the_banner_flows_under_its_rules_button(
        phones: Any, live_server: str, screenshot_dir: Path, look: dict[str, str], lang: str,
        suffix: str) -> None:
    game = new_game(live_server, "oh-seven", ["Ana", "Ben", "Cleo", "Dev"], card_passing=True)
    play_round(game)  # round 2: cards are passed, four lines of them
    page = phones(device_scale_factor=2, has_touch=True, **look)
    game.keep_on(page)
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # CSSOM: the CSP allows it
    banner = page.locator("#banner")
    rules = banner.get_by_role("link", name=SAY[lang]["rules"])
    button = _box(rules)
    assert banner.evaluate(BROKEN_WORDS) == []
    lines = banner.locator(".banner-line").evaluate(LINES)
    assert lines[0]["right"] <= button["x"]  # beside the "?" at first,
    assert any(line["top"] >= button["bottom"] and line["right"] > button["x"] for line in lines)
    assert page.evaluate("document.documentElement.scrollWidth") == PHONE_WIDTH
    banner.evaluate("(e) => e.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / f"board-banner-text-200{suffix}.png"))


@pytest.mark.parametrize(("look", "lang", "suffix"), LOOKS, ids=IDS)
def test_seven_up_teams_read_whole_and_an_empty_board_has_the_pages_margin(
        phones: Any, live_server: str, screenshot_dir: Path, look: dict[str, str], lang: str,
        suffix: str) -> None:
    game = new_game(live_server, "seven-up", ["Ana", "Ben", "Cleo", "Dev"])
    page = phones(device_scale_factor=2, has_touch=True, **look)
    page.goto(game.url)
    header = page.get_by_role("columnheader", name=re.compile(r"^Ana\s&\sCleo"))
    assert header.evaluate(BROKEN_WORDS) == []
    tops = header.evaluate(WORD_TOPS, ["Ana", "&", "Cleo"])
    assert tops[0] == tops[1] == tops[2]  # "Ana & Cleo": one line, where there is room for it
    empty = page.get_by_role("cell", name=re.compile("No hand played yet|Aucune donne"))
    assert min(line["left"] for line in empty.evaluate(LINES)) >= PAGE_MARGIN
    page.locator("section.scoreboard").evaluate("(e) => e.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / f"board-seven-up-teams-empty{suffix}.png"))

    # The other games' empty board, and a team of long names: two lines, "& Cleo" together.
    other = new_game(live_server, "oh-hell", ["Ana", "Ben", "Cleo"])
    page.goto(other.url)
    empty = page.get_by_role("cell", name=SAY[lang]["empty"])
    assert min(line["left"] for line in empty.evaluate(LINES)) >= PAGE_MARGIN
    long = new_game(live_server, "seven-up", ["Maximiliana", "Ben", "Cleopatra", "Dev"])
    page.goto(long.url)
    header = page.get_by_role("columnheader", name=re.compile(r"^Maximiliana"))
    assert header.evaluate(BROKEN_WORDS) == []
    first, amp, second = header.evaluate(WORD_TOPS, ["Maximiliana", "&", "Cleopatra"])
    assert first < amp == second  # two lines: the "&" starts the second name's


ITALIAN = [({"locale": "it-IT"}, "-it"), ({"locale": "it-IT", "color_scheme": "dark"}, "-it-dark")]


@pytest.mark.parametrize(("look", "suffix"), ITALIAN, ids=["it", "it-dark"])
def test_the_rules_title_keeps_seven_up_whole(phones: Any, live_server: str,
                                              screenshot_dir: Path, look: dict[str, str],
                                              suffix: str) -> None:
    page = phones(device_scale_factor=2, **look)
    page.goto("/rules/seven-up")
    title = page.get_by_role("heading", level=1, name="Regole del gioco: Seven-Up")
    assert title.evaluate(BROKEN_WORDS) == []
    page.screenshot(path=str(screenshot_dir / f"board-rules-seven-up{suffix}.png"),
                    clip={"x": 0, "y": 0, "width": PHONE_WIDTH, "height": 320})


@pytest.mark.parametrize(("look", "lang", "suffix"), LOOKS, ids=IDS)
def test_a_watcher_sees_watching_live_and_reconnecting_in_its_place(
        phones: Any, live_server: str, screenshot_dir: Path, look: dict[str, str], lang: str,
        suffix: str) -> None:
    game = new_game(live_server, "oh-hell", ["Ana", "Ben", "Cleo", "Dev"])
    play_round(game)
    page = phones(device_scale_factor=2, has_touch=True, **look)
    page.goto(game.url)  # the share link: a watcher
    watching = page.get_by_text(SAY[lang]["watching"], exact=True)
    reconnecting = page.get_by_text(SAY[lang]["reconnecting"], exact=True)
    expect(watching).to_be_visible()
    expect(reconnecting).to_be_hidden()
    line, banner = _box(watching), _box(page.locator("#banner"))
    bids = _box(page.locator(".round-panel"))
    assert banner["bottom"] <= line["y"] and line["bottom"] <= bids["y"]  # right under it
    assert line["x"] >= PAGE_MARGIN
    page.screenshot(path=str(screenshot_dir / f"board-watcher{suffix}.png"))

    page.route("**/live?*", lambda route: route.abort())  # the connection drops
    expect(reconnecting).to_be_visible(timeout=5_000)
    expect(watching).to_be_hidden()
    assert abs(_box(reconnecting)["y"] - line["y"]) < 2  # in its place
    page.screenshot(path=str(screenshot_dir / f"board-watcher-reconnecting{suffix}.png"))
    page.unroute("**/live?*")
    play_round(game)  # the watcher catches up, and is live again
    expect(page.locator("#banner")).to_contain_text(re.compile(r"(Round|Manche) 3 "), timeout=5_000)
    expect(watching).to_be_visible()
    expect(reconnecting).to_be_hidden()


@pytest.mark.parametrize(("look", "lang", "suffix"), LOOKS, ids=IDS)
def test_a_finished_games_undo_is_below_the_scoreboard_apart_from_the_end_actions(
        phones: Any, live_server: str, screenshot_dir: Path, look: dict[str, str], lang: str,
        suffix: str) -> None:
    game = new_game(live_server, "oh-hell", ["Ana", "Ben", "Cleo"], max_hand=1)  # 1, then 1
    finish(game)
    page = phones(device_scale_factor=2, has_touch=True, **look)
    game.keep_on(page)
    keep = _box(page.get_by_role("button", name=SAY[lang]["keep"]))
    board = _box(page.get_by_role("region", name=SAY[lang]["board"], exact=True).first)
    reopen = page.get_by_role("region", name=SAY[lang]["reopen"])
    undo = reopen.get_by_role("button", name=SAY[lang]["undo"])
    expect(undo).to_be_visible()
    tapped = _box(undo)
    assert tapped["y"] >= board["bottom"]
    assert tapped["y"] - keep["bottom"] >= board["height"]  # the whole scoreboard between them
    assert tapped["height"] >= 48
    reopen.evaluate("(e) => e.scrollIntoView({block: 'end'})")
    page.screenshot(path=str(screenshot_dir / f"board-finished-undo{suffix}.png"))
    undo.click()  # one tap, as before: the game goes on
    expect(page.locator("#banner")).to_be_visible()
    expect(page.get_by_role("region", name=SAY[lang]["reopen"])).to_have_count(0)
