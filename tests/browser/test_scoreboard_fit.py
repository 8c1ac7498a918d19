"""The scoreboards on a 390×844 phone: every side's total in view
at 100 % text without scrolling sideways, up to seven players, in all four games; every score a
button at least 48 px wide; a score's why in a card over the table; with 200 % text the board
stacks, a player a line, inside its box. Also: forgetting a game with a few
seconds to undo it, and the line that says who scored once a Seven-Up hand is saved.
Screenshots: ``board-*.png``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from set_up_games import LiveGame, new_game, play_round
from test_names_whole import big_text, whole
from test_words_and_fit import statistics_read
from waiting import until_page

pytestmark = pytest.mark.browser

TAP = 48  # px: the smallest tap target the app allows
PHONE_WIDTH = 390
#: 21 characters and emoji: the names that widened the columns before.
NAMES = ["Maximiliana-Josephine", "Bo", "Cleo 🐈", "Dev", "Eleonora-Gwendolyn-K", "Fé", "Tante 🐈"]

#: What the page says of its scoreboard: the box, the totals, the tap targets.
MEASURE = """() => {
  const board = document.querySelector("section.scoreboard");
  const box = board.querySelector(".table-scroll");
  const rect = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  return {
    page: document.documentElement.scrollWidth,
    box: {scroll: box.scrollWidth, client: box.clientWidth, ...rect(box)},
    totals: [...board.querySelectorAll(".totals td.num")]
      .map((t) => ({text: t.textContent.trim(), ...rect(t)})),
    targets: [...board.querySelectorAll("summary, a[href], button")]
      .map((t) => ({text: t.textContent.trim(), ...rect(t)})),
  };
}"""


def _played(base: str, ruleset: str, players: list[str], rounds: int) -> LiveGame:
    game = new_game(base, ruleset, players, title="Rami" if ruleset == "score-pad" else None)
    for number in range(rounds):
        if ruleset == "seven-up":  # the last seat (its side) takes low and game, the first high
            game.write("hands", jacks_turned=number % 2, beg="stand", high=0,
                       low=len(players) - 1, jack=None, game=len(players) - 1)
        elif ruleset == "score-pad":
            game.write("points", points=[(seat * 7 + number) % 12 - 3 for seat in range(len(players))])
        else:
            play_round(game)
    return game


def _totals_in_view(page: Page, sides: int) -> dict[str, Any]:
    seen = page.evaluate(MEASURE)
    assert seen["page"] == PHONE_WIDTH, "the page scrolls sideways"
    box = seen["box"]
    assert box["scroll"] <= box["client"], f"the scoreboard scrolls inside its box: {box}"
    assert len(seen["totals"]) == sides
    for total in seen["totals"]:
        assert 0 <= total["left"] and total["right"] <= PHONE_WIDTH, total
        assert box["left"] <= total["left"] and total["right"] <= box["right"], total
    return seen


def _targets_big_enough(seen: dict[str, Any]) -> None:
    for target in seen["targets"]:
        assert target["width"] >= TAP and target["height"] >= TAP, target


GAMES = [  # ruleset, players, how many sides, a screenshot's name and its look
    ("oh-hell", 4, 4, "board-oh-hell-4.png", {}),
    ("elevator", 7, 7, "board-elevator-7-dark.png", {"color_scheme": "dark"}),
    ("oh-seven", 7, 7, "board-oh-seven-7-fr.png", {"locale": "fr-FR"}),
    ("seven-up", 3, 3, "board-seven-up-3-it.png", {"locale": "it-IT"}),
    ("seven-up", 4, 2, "board-seven-up-teams-dark.png", {"color_scheme": "dark"}),
]


@pytest.mark.parametrize(("ruleset", "players", "sides", "shot", "look"), GAMES,
                         ids=[g[3].removesuffix(".png") for g in GAMES])
def test_every_total_is_in_view_at_390_px(phones: Any, live_server: str, screenshot_dir: Path,
                                          ruleset: str, players: int, sides: int, shot: str,
                                          look: dict[str, str]) -> None:
    game = _played(live_server, ruleset, NAMES[:players], rounds=3)
    page = phones(device_scale_factor=2, has_touch=True, **look)
    game.keep_on(page)  # the scorekeeper's board: each round's number is a correction link too
    board = page.locator("section.scoreboard")
    board.scroll_into_view_if_needed()
    seen = _totals_in_view(page, sides)
    _targets_big_enough(seen)
    top = board.bounding_box()
    assert top is not None
    page.screenshot(path=str(screenshot_dir / shot), clip={
        "x": 0, "y": top["y"] + page.evaluate("window.scrollY"), "width": PHONE_WIDTH,
        "height": min(top["height"], 760)}, full_page=True)
    # A watcher's board: the same, without the correction links.
    watcher = phones(**look)
    watcher.goto(game.url)
    _totals_in_view(watcher, sides)


def test_a_long_name_is_cut_and_shown_whole_on_a_tap(page: Page, live_server: str) -> None:
    game = _played(live_server, "elevator", NAMES, rounds=1)
    page.goto(game.url)
    name = page.locator(".player-col .name-fit", has_text=NAMES[0])
    assert not page.evaluate(SHOWN_WHOLE, name.element_handle())  # 21 letters: past two lines
    name.click()
    expect(name).to_have_class("name name-fit is-open")
    assert page.evaluate("(e) => e.scrollHeight <= e.clientHeight", name.element_handle())
    _totals_in_view(page, 7)  # shown whole, it wraps inside its column


#: A name's element shows all of it, on one or two lines, inside its box: nothing cut at its
#: end (an ellipsis), nothing past its second line.
SHOWN_WHOLE = """(e) => {
  const lines = Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight));
  return e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight && lines <= 2;
}"""
#: Seven players at a French table: a nine-letter name, and "Benoît" beside "Ben".
TABLE = ["Grégoire", "Alexandre", "Chiara", "Benoît", "Ben", "Sophie", "Maximiliana-Josephine"]


@pytest.mark.parametrize("look", [{}, {"locale": "fr-FR", "color_scheme": "dark"}],
                         ids=["en", "fr-dark"])
def test_seven_names_show_whole_on_two_lines_at_390_px(
        phones: Any, live_server: str, screenshot_dir: Path, look: dict[str, str]) -> None:
    game = _played(live_server, "oh-hell", TABLE, rounds=2)
    page = phones(device_scale_factor=2, has_touch=True, **look)
    game.keep_on(page)
    board = page.get_by_role("region", name=re.compile("Scoreboard|Scores"))
    tiles = page.locator(".bid-order").get_by_role("listitem")
    for name in TABLE[:-1]:  # up to nine letters: whole, in the header and on the bid tile
        header = board.get_by_role("columnheader", name=re.compile(f"^{name}( |$)"))
        tile = tiles.filter(has=page.get_by_text(name, exact=True))
        for where in (header, tile):
            shown = where.locator(".name")
            assert page.evaluate(SHOWN_WHOLE, shown.element_handle()), (name, where)
            column, text = where.bounding_box(), shown.bounding_box()
            assert column is not None and text is not None
            assert column["x"] <= text["x"]
            assert text["x"] + text["width"] <= column["x"] + column["width"] + 0.5
    told_apart = [board.get_by_role("columnheader", name=re.compile(f"^{n}( |$)")).locator(".name")
                  .inner_text() for n in ("Benoît", "Ben")]
    assert [t.replace("\n", "") for t in told_apart] == ["Benoît", "Ben"]
    # Longer than two lines: cut, with the full name as its title; the board still fits.
    longest = board.locator(".name-fit", has_text=TABLE[-1])
    assert not page.evaluate(SHOWN_WHOLE, longest.element_handle())
    expect(longest).to_have_attribute("title", TABLE[-1])
    _totals_in_view(page, 7)
    tiles.first.evaluate("(e) => e.closest('section').scrollIntoView()")
    suffix = "-fr-dark" if look else ""
    page.screenshot(path=str(screenshot_dir / f"board-names-7{suffix}.png"))
    # A tile's cut name, tapped: whole.
    cut = tiles.locator(".name-fit", has_text=TABLE[-1])
    assert not page.evaluate(SHOWN_WHOLE, cut.element_handle())
    cut.click()
    expect(cut).to_have_class("name name-fit is-open")
    assert page.evaluate("(e) => e.scrollHeight <= e.clientHeight", cut.element_handle())


def test_a_scores_why_opens_over_the_table_without_widening_it(
        page: Page, live_server: str, screenshot_dir: Path) -> None:
    game = _played(live_server, "oh-seven", NAMES, rounds=3)
    page.goto(game.url)
    cell = page.locator("#why-2-6")  # Tante's score in round 2, the rightmost column
    cell.locator("summary").click()
    why = cell.locator(".why-lines")
    expect(why).to_be_visible()
    expect(why).to_contain_text("Tante 🐈 · Round 2")
    card = why.bounding_box()
    assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= PHONE_WIDTH
    assert card["width"] > 300  # as wide as the table, not its column
    _totals_in_view(page, 7)
    page.locator("#why-2-6").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "board-why-open.png"))
    page.locator("#why-2-6 summary").click()  # a second tap closes it
    expect(why).to_be_hidden()
    # The oldest round's why opens below the table: the box makes room for it.
    page.locator("#why-1-0 summary").click()
    last = page.locator("#why-1-0 .why-lines").bounding_box()
    box = page.locator("section.scoreboard .table-scroll").bounding_box()
    assert last is not None and box is not None
    assert last["y"] + last["height"] <= box["y"] + box["height"] + 1


def test_at_200_percent_text_the_board_stacks_a_player_a_line_in_its_box(
        page: Page, live_server: str, screenshot_dir: Path) -> None:
    game = _played(live_server, "elevator", NAMES, rounds=3)
    game.keep_on(page)
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # CSSOM: the CSP allows it
    assert page.evaluate("document.documentElement.scrollWidth") == PHONE_WIDTH
    box = page.locator("section.scoreboard .table-scroll")
    box.scroll_into_view_if_needed()
    assert box.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "the board scrolls sideways"
    # A round's number still opens its correction, on its own line over the round's scores.
    round_link = page.get_by_role("link", name="Correct round 2")
    link, first = round_link.bounding_box(), page.locator("#why-2-0 summary").bounding_box()
    assert link is not None and first is not None and link["y"] + link["height"] <= first["y"] + 1
    page.screenshot(path=str(screenshot_dir / "board-elevator-7-text-200.png"))


#: The scoreboard at large text, as read: the Total row's height and each total (its height,
#: shown, its side's name on the same line before it); for each round's score, whether its
#: side's name shows on the same line before its first figure (the bid, or the points).
READ_AT_LARGE_TEXT = """() => {
  const board = document.querySelector("section.scoreboard");
  const row = board.querySelector("tr.totals");
  const names = [...board.querySelectorAll("thead th.player-col .name-fit")];
  const rect = (e) => e.getBoundingClientRect();
  const beside = (name, figure) => name.top < figure.bottom && figure.top < name.bottom
    && name.right <= figure.left + 1;
  return {
    row: rect(row).height,
    totals: [...row.querySelectorAll("td")].map((cell, seat) => ({
      text: cell.textContent.trim(), height: rect(cell).height,
      shown: cell.checkVisibility() && rect(cell).width > 1,
      beside: beside(rect(names[seat]), rect(cell))})),
    scores: [...board.querySelectorAll("tbody .cell summary")].map((score) => {
      const who = score.querySelector(".cell-who");
      return who !== null && who.checkVisibility()
        && beside(rect(who), rect(score.querySelector(".cell-who ~ span")));
    }),
  };
}"""

#: Five games at a table of five (Seven-Up: four, in teams), the long name first.
AT_LARGE_TEXT = [("oh-seven", 5), ("oh-hell", 5), ("elevator", 5), ("seven-up", 4), ("score-pad", 5)]
LOOKS = [{"locale": "fr-FR"}, {"locale": "it-IT", "color_scheme": "dark"}, {"locale": "en-GB"}]


@pytest.mark.parametrize(("ruleset", "players"), AT_LARGE_TEXT, ids=[g[0] for g in AT_LARGE_TEXT])
def test_at_200_percent_the_board_and_its_statistics_read_whole(
        phones: Any, live_server: str, screenshot_dir: Path, ruleset: str, players: int) -> None:
    names = ["Maximiliana-Josephine", "Ben", "Cleo", "Dev", "Ana"][:players]
    game = _played(live_server, ruleset, names, rounds=2)
    sides = 2 if ruleset == "seven-up" else players
    for look in LOOKS:
        page = phones(device_scale_factor=1, has_touch=True, **look)
        game.keep_on(page)
        big_text(page)
        board = page.locator("section.scoreboard")
        board.evaluate("(e) => e.scrollIntoView({block: 'start', behavior: 'instant'})")
        page.screenshot(path=str(screenshot_dir / f"fit-board-200-{ruleset}-{look['locale'][:2]}.png"))
        seen = page.evaluate(READ_AT_LARGE_TEXT)
        assert seen["row"] >= 24, f"the Total row collapsed: {seen}"
        assert len(seen["totals"]) == sides
        for total in seen["totals"]:
            assert total["shown"] and total["height"] >= 24 and total["beside"], (look, total)
        assert seen["scores"] and all(seen["scores"]), f"a score without its name: {seen}"
        whole(page, "section.scoreboard", 1)  # no word broken, names or "cartes"
        box = page.locator("section.scoreboard .table-scroll")
        assert box.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "the board scrolls sideways"
        # A score's explanation, opened: its words whole too, inside the phone.
        board.locator("tbody .cell summary").first.click()
        why = board.locator(".why[open] .why-lines")
        expect(why).to_be_visible()
        whole(page, "section.scoreboard .why[open] .why-lines", 1)
        card = why.bounding_box()
        assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= PHONE_WIDTH
        statistics_read(page, sides)
        if look["locale"] == "fr-FR":
            page.locator("details.stats").screenshot(
                path=str(screenshot_dir / f"fit-stats-200-{ruleset}-fr.png"))


def test_forget_says_what_it_does_and_can_be_undone(page: Page, live_server: str,
                                                    screenshot_dir: Path) -> None:
    game = _played(live_server, "oh-hell", ["Ana", "Ben", "Cleo"], rounds=1)
    game.keep_on(page)
    page.goto("/")
    games = page.locator(".game-list [data-forget-item]")
    expect(games).to_have_count(1)
    expect(page.get_by_text("this phone stops keeping score for it")).to_be_visible()
    forget = page.locator("form[data-forget] button")
    forgets: list[str] = []
    page.on("request", lambda r: forgets.append(r.url) if r.url.endswith("/forget") else None)
    forget.click()
    # The page's own clock: a timer of the forget's delay, set after the forget's, runs after it.
    page.evaluate("setTimeout(() => { window.pastForgetDelay = true; }, 5000)")
    expect(page.locator(".forgotten-what")).to_have_text(
        "Oh Hell forgotten on this phone, with its scorekeeping.")
    undo = page.get_by_role("button", name="Undo", exact=True)
    expect(undo).to_be_focused()
    page.screenshot(path=str(screenshot_dir / "board-home-forget-undo.png"), animations="disabled")
    undo.click()
    expect(forget).to_be_visible()
    expect(forget).to_be_focused()
    # The delay is the thing tested: once it has run out on the page's clock, nothing was sent.
    until_page(page, "() => window.pastForgetDelay === true", "the forget's delay run out",
               timeout=15)
    assert forgets == []  # the Undo stopped it
    page.reload()
    expect(games).to_have_count(1)
    page.goto(game.url)  # still this phone's to keep: its entry forms are there
    expect(page.get_by_role("button", name="Take back the last bid").or_(
        page.get_by_role("button", name="Undo round 1's tricks"))).to_be_visible()
    page.goto("/")
    page.locator("form[data-forget] button").click()
    expect(games).to_have_count(0, timeout=8000)  # forgotten once the delay has run out
    page.goto(game.url)
    expect(page.get_by_role("button", name="Undo round 1's tricks")).to_have_count(0)


def test_forget_following_a_link_sends_it_at_once(page: Page, live_server: str) -> None:
    game = _played(live_server, "oh-hell", ["Ana", "Ben", "Cleo"], rounds=0)
    page.goto(game.url)
    page.goto("/")
    page.locator("form[data-forget] button").click()
    with page.expect_response(lambda r: r.url.endswith("/forget")) as forgot:
        page.get_by_role("link", name="New game").click()  # before the delay is over
    assert forgot.value.ok  # sent, and taken, before the page moved on
    page.wait_for_url("**/new")
    page.goto("/")
    expect(page.locator(".game-list [data-forget-item]")).to_have_count(0)


def test_a_saved_seven_up_hand_says_who_scored(page: Page, live_server: str,
                                               screenshot_dir: Path) -> None:
    game = new_game(live_server, "seven-up", ["Ana", "Ben", "Cleo", "Dev"], dealer=0)
    game.keep_on(page)

    def tap(group: str, choice: str) -> None:
        page.get_by_role("group", name=group, exact=True).get_by_role(
            "radio", name=choice, exact=True).check()

    tap("High", "Ben")
    tap("Low", "Ana")
    tap("Jack", "Not in play")
    tap("Game", "Ben & Dev")
    page.get_by_role("button", name="Save hand 1", exact=True).click()
    saved = page.locator(".saved-note")
    expect(saved).to_have_text("✓ Saved. High: Ben · Low: Ana · Game: Ben & Dev")
    page.screenshot(path=str(screenshot_dir / "board-seven-up-saved.png"))
