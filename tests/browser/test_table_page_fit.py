"""The table page at 390×844 with five players of long names, measured as a person sees it:
the head to head names everyone in full in body-size text, the figures' tables fit their
panel, and every link is a tap target at least 44 px high. The home page's refused table name
keeps focus on the field, and so does a finished game's "Keep these players as a table".
Screenshots: the table page in English and French, light and dark,
and the refused name in Italian."""

from __future__ import annotations

import re

from pathlib import Path
from typing import Any, Callable

from playwright.sync_api import Page, expect
from set_up_games import card, finish, new_game
from test_names_whole import big_text, whole

NAMES = ["Émilie", "Jean-Baptiste", "Mathilde", "Théo", "Zoé"]
ONE_CARD = {"max_hand": 1, "schedule": "down"}
TAP = 44


def _table_of_five(page: Page, created: dict[str, Any] | None = None) -> str:
    """Five one-card Oh Hell games, everyone bidding 0: Jean-Baptiste takes the trick (and
    loses) twice, Émilie never (at a new table, or at the ``created`` one)."""
    created = created or page.request.post("/api/v1/tables", data={"name": "Jeudi chez Mamie"}).json()
    table_id, token = created["table"]["id"], created["edit_token"]
    bearer = {"Authorization": f"Bearer {token}"}
    for taker in (1, 1, 2, 3, 4):
        made = page.request.post("/api/v1/games", headers=bearer, data={
            "ruleset": "oh-hell", "players": NAMES, "table": table_id, "options": ONE_CARD})
        assert made.status == 201, made.text()
        game = made.json()["game"]
        tricks = [1 if seat == taker else 0 for seat in range(len(NAMES))]
        for path, body in (("bids", {"bids": [0] * len(NAMES)}), ("tricks", {"tricks": tricks})):
            answer = page.request.post(f"/api/v1/games/{game['id']}/{path}", headers=bearer,
                                       data={"version": game["version"], **body})
            assert answer.status == 200, answer.text()
            game = answer.json()
    return table_id


def _fits(phone: Page, head_to_head: str) -> None:
    # Head to head: one row a pair, both names whole, in text of the body's size.
    pairs = phone.get_by_role("list", name=head_to_head).get_by_role("listitem")
    expect(pairs).to_have_count(10)
    for item in pairs.all():
        box = item.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
        assert item.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 15
        assert item.evaluate("e => e.scrollWidth <= e.clientWidth")
    for name in NAMES:
        expect(pairs.filter(has_text=name)).to_have_count(4)
    # The one more often ahead first: Émilie was ahead of Jean-Baptiste in both his losses, and
    # level with him in the three games they shared a place (docs/rules.md section 7).
    expect(pairs.filter(has_text="Jean-Baptiste").filter(has_text="Émilie")).to_have_text(
        re.compile(r"^Émilie – Jean-Baptiste 2–0, 3\s\S+\s*$"))  # "ties" in the page's language
    # Every table of figures fits its panel: nothing hidden to the side.
    for table in phone.locator(".table-page").get_by_role("table").all():
        table.scroll_into_view_if_needed()
        assert table.evaluate("t => t.scrollWidth <= t.parentElement.clientWidth + 1"), \
            table.evaluate("t => [t.scrollWidth, t.parentElement.clientWidth]")
        box = table.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    # Every link of the page's own parts is a tap target.
    for link in phone.locator(".table-page").get_by_role("link").all():
        box = link.bounding_box()
        assert box and box["height"] >= TAP, (link.text_content(), box)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_table_page_fits_a_phone(phones: Callable[..., Any], page: Page,
                                     screenshot_dir: Path) -> None:
    table_id = _table_of_five(page)
    for locale, heading, head_to_head in (("en-GB", "Who is ahead", "Head to head"),
                                          ("fr-FR", "Qui mène", "Face-à-face")):
        for scheme in ("light", "dark"):
            phone = phones(locale=locale, color_scheme=scheme, device_scale_factor=2,
                           has_touch=True)
            phone.goto(f"/t/{table_id}")
            expect(phone.get_by_role("heading", name=heading)).to_be_visible()
            phone.screenshot(path=str(screenshot_dir / f"table-page-{locale[:2]}-{scheme}.png"),
                             full_page=True)
            _fits(phone, head_to_head)


def _every_game_at_the_table(page: Page, table_id: str, token: str) -> None:
    """Besides its Oh Hell games, a game of each other kind at the table: Elevator, Oh-Seven,
    Seven-Up (the first four, in teams) and two score pads: six tables of figures."""
    bearer = {"Authorization": f"Bearer {token}"}

    def play(ruleset: str, players: list[str], entries: list[tuple[str, Any]],
             **extra: Any) -> None:
        """Create the game, then send its entries (a body, or a function of the game so far)."""
        made = page.request.post("/api/v1/games", headers=bearer, data={
            "ruleset": ruleset, "players": players, "table": table_id, **extra})
        assert made.status == 201, made.text()
        game = made.json()["game"]
        for path, body in entries:
            answer = page.request.post(f"/api/v1/games/{game['id']}/{path}", headers=bearer, data={
                "version": game["version"], **(body(game) if callable(body) else body)})
            assert answer.status == 200, answer.text()
            game = answer.json()

    one_trick = [("bids", {"bids": [0] * 5}), ("tricks", {"tricks": [0, 1, 0, 0, 0]})]
    play("elevator", NAMES, one_trick, options=ONE_CARD)
    play("oh-seven", NAMES, [  # one round: the last bidder takes every trick
        ("bids", {"bids": [card(c) for c in ("0s", "0h", "0d", "0c", "1s")]}),
        ("tricks", lambda game: {"tricks": [0, 0, 0, 0, game["current"]["hand_size"]]})])
    hand = {"jacks_turned": 0, "beg": "stand", "high": 0, "low": 1, "jack": 1, "game": 0}
    play("seven-up", NAMES[:4], [("hands", hand)] * 4)
    for title in ("Rami", "Belote"):
        play("score-pad", NAMES, [("points", {"points": [5, 3, 2, 1, 0]})], title=title,
             options={"rounds": 1})


#: The figures' tables of the table page at large text, as read: the boxes that scroll
#: sideways, and every figure whose label does not show on its line, before it.
FIGURES_AS_CARDS = """() => {
  const boxes = [...document.querySelectorAll(".table-page .table-scroll")];
  const rect = (e) => e.getBoundingClientRect();
  const unlabelled = [...document.querySelectorAll(".table-figures tbody td")].filter((cell) => {
    const label = cell.querySelector(".cell-label");
    if (label === null || !label.checkVisibility()) return true;
    const figure = document.createRange();
    figure.selectNodeContents(cell.lastChild);
    const a = rect(label), b = figure.getBoundingClientRect();
    return !(a.top < b.bottom && b.top < a.bottom && a.right <= b.left + 1);
  }).map((cell) => cell.textContent.trim());
  return {boxes: boxes.length, scrolling: boxes.filter((b) => b.scrollWidth > b.clientWidth)
    .map((b) => `${b.closest("section").querySelector("h2").textContent.trim()}: ${b.scrollWidth} > ${b.clientWidth}`),
    unlabelled};
}"""


def test_at_200_percent_the_table_page_reads_as_cards(phones: Callable[..., Any], page: Page,
                                                      screenshot_dir: Path) -> None:
    created = page.request.post("/api/v1/tables", data={"name": "Jeudi chez Mamie"}).json()
    _every_game_at_the_table(page, created["table"]["id"], created["edit_token"])
    table_id = _table_of_five(page, created)
    for locale, scheme, head_to_head in (("fr-FR", "light", "Face-à-face"),
                                         ("it-IT", "dark", "Testa a testa"),
                                         ("en-GB", "light", "Head to head")):
        phone = phones(locale=locale, color_scheme=scheme, device_scale_factor=1, has_touch=True)
        phone.goto(f"/t/{table_id}")
        big_text(phone)
        pairs = phone.get_by_role("list", name=head_to_head)
        pairs.evaluate("(e) => e.scrollIntoView({block: 'start', behavior: 'instant'})")
        phone.screenshot(path=str(screenshot_dir / f"table-page-h2h-200-{locale[:2]}.png"))
        figures = phone.locator(".table-figures").nth(1)
        figures.evaluate("(e) => e.scrollIntoView({block: 'start', behavior: 'instant'})")
        phone.screenshot(path=str(screenshot_dir / f"table-page-200-{locale[:2]}-{scheme}.png"))
        # The head to head: both names whole on a row, the score after them.
        expect(pairs.get_by_role("listitem")).to_have_count(10)
        whole(phone, ".h2h li", 10)
        # Who is ahead and each game's figures: a card a player, each figure labelled.
        seen = phone.evaluate(FIGURES_AS_CARDS)
        assert seen["boxes"] == 7 and seen["scrolling"] == [], seen
        assert seen["unlabelled"] == [], seen
        whole(phone, ".table-figures", 7)
        expect(phone.get_by_role("region", name=re.compile("Qui mène|Chi è in testa|Who is ahead"))
               .get_by_role("row")).to_have_count(len(NAMES) + 1)  # still a table


def test_a_refused_table_name_keeps_focus_on_the_field(phones: Callable[..., Any],
                                                       screenshot_dir: Path) -> None:
    phone = phones(locale="it-IT", color_scheme="dark", device_scale_factor=2, has_touch=True)
    phone.goto("/")
    phone.get_by_role("button", name="Crea un tavolo").click()
    expect(phone.locator(".start-table .field-error")).to_be_visible()
    phone.screenshot(path=str(screenshot_dir / "table-page-it-name-refused.png"))
    field = phone.get_by_label("Il nome del tavolo")
    expect(phone.get_by_text("Dai un nome al tavolo.")).to_be_visible()
    expect(field).to_be_focused()
    assert field.get_attribute("maxlength") == "40"


def test_a_refused_kept_table_name_keeps_focus_on_the_field(page: Page, live_server: str) -> None:
    game = new_game(live_server, "oh-hell", ["Ana", "Ben", "Cleo"], **ONE_CARD)
    finish(game)
    game.keep_on(page)
    field = page.get_by_label("The table's name")
    assert field.get_attribute("maxlength") == "40"
    field.fill("   ")
    page.get_by_role("button", name="Keep these players as a table").click()
    expect(page.get_by_text("Give the table a name.").first).to_be_visible()
    expect(page.get_by_label("The table's name")).to_be_focused()
