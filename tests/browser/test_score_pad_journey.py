"""Any other game on a phone (docs/rules.md section 8), at 390×844 with touch: a 4-player game of
Hearts to 100, lowest wins, created and entered entirely by taps (and the keys typed on the
numeric keypad), each round in at most N + 2 taps plus one per character; a round corrected; a
zero-sum pad whose negative numbers are entered with the ± of a keypad that has no minus key,
its last player filled in, and a round that does not add up refused at the field with what was
typed kept; a round entered while the Wi-Fi is down waits, and is sent once it is back."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any, Callable

import pytest
from bid_games import Say
from playwright.sync_api import Locator, Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

HEARTS = ["Ana", "Ben", "Cleo", "Dev"]


class Thumb:
    """Taps by the touchscreen, on elements found by role and name, and keys typed on the
    keypad; counts both."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Locator) -> None:
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None, target
        self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.taps += 1

    def type(self, keys: str) -> None:
        for key in keys:
            self.page.keyboard.type(key)
            self.taps += 1

    def button(self, name: str) -> None:
        self.tap(self.page.get_by_role("button", name=name, exact=True))

    def field(self, name: str) -> None:
        self.tap(self.page.get_by_label(name, exact=True))


def game_json(base: str, url: str) -> Any:
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    with urllib.request.urlopen(f"{base}/api/v1/games/{game_id}", timeout=10) as response:
        return json.loads(response.read())


def new_pad(thumb: Thumb, say: Say, title: str, names: list[str], lowest: bool = False,
            target: str = "", zero_sum: bool = False) -> str:
    """A score pad started on the new-game page, tap by tap."""
    page = thumb.page
    page.goto("/new")
    thumb.tap(page.get_by_role("radio", name=re.compile("^" + re.escape(say("Any other game")))))
    thumb.field(say("What are you playing?"))
    thumb.type(title)
    if lowest:
        thumb.tap(page.get_by_role("radio", name=re.compile("^" + re.escape(say("Lowest total")))))
    if target:
        thumb.field(say("Play to (points)"))
        thumb.type(target)
    if zero_sum:
        thumb.tap(page.locator(".house-rules summary"))
        thumb.tap(page.get_by_role("radio", name=re.compile(
            "^" + re.escape(say("Zero-sum")) + " ")))
    thumb.field(say("Player %(number)s", number=1))
    for name in names:
        thumb.type(name)
        page.keyboard.press("Enter")  # the keyboard's "next": on to the next name
        thumb.taps += 1
    thumb.tap(page.get_by_role("radio", name=say("%(player)s deals first", player=names[0]), exact=True))
    thumb.button(say("Start the game"))
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    return page.url


def enter_round(thumb: Thumb, say: Say, names: list[str], typed: list[str | None],
                number: int) -> None:
    """A round: a tap on each row to fill (``None``: left to be filled in), its keys (a "-"
    is the row's ±), then Save."""
    for name, value in zip(names, typed):
        if value is None:
            continue
        thumb.field(say("Points for %(player)s", player=name))
        if value.startswith("-"):
            thumb.button(say("Minus for %(player)s", player=name))
            value = value[1:]
        thumb.type(value)
    thumb.button(say("Save round %(number)s", number=number))


def test_hearts_to_100_by_taps_with_a_correction(page: Page, live_server: str,
                                                 screenshot_dir: Path) -> None:
    say = Say("en")
    thumb = Thumb(page)
    url = new_pad(thumb, say, "Hearts", HEARTS, lowest=True, target="100")
    expect(page.locator(".game-banner .banner-line")).to_have_text(
        "Round 1 · Ana deals · first to 100 · lowest wins")
    rounds = [["13", "0", "0", "13"], ["0", "26", "0", "0"], ["5", "8", "4", "9"],
              ["20", "0", "6", "0"], ["9", "4", "13", "0"], ["0", "0", "0", "26"],
              ["60", "0", "0", "0"]]
    for number, typed in enumerate(rounds, start=1):
        before = thumb.taps
        if number == 3:
            # The running totals beside: typed, each row says its total after the round.
            thumb.field(say("Points for %(player)s", player="Ana"))
            thumb.type("5")
            expect(page.locator("[data-after]").first).to_have_text("→ 18")
            page.screenshot(path=str(screenshot_dir / "pad-round-light.png"))
            thumb.field(say("Points for %(player)s", player="Ben"))
            thumb.type("8")
            for name, value in zip(HEARTS[2:], typed[2:]):
                thumb.field(say("Points for %(player)s", player=name))
                thumb.type(value)
            thumb.button(say("Save round %(number)s", number=number))
        else:
            enter_round(thumb, say, HEARTS, list(typed), number)
        characters = sum(len(value) for value in typed)
        assert thumb.taps - before <= len(HEARTS) + 2 + characters
        if number < len(rounds):
            expect(page.locator("#points-title")).to_contain_text(
                say("Round %(number)s: points", number=number + 1))
    # Ana reached 107: Hearts ends, the lowest total first, said so.
    expect(page.locator(".banner-final")).to_have_text(re.compile("Cleo wins!"))
    expect(page.locator(".pad-end")).to_contain_text("The lowest total wins: lowest first.")
    standings = page.locator(".standings li .who").all_inner_texts()
    assert [s.strip() for s in standings] == ["Cleo", "Ben", "Dev", "Ana"]
    page.locator(".final").evaluate("el => el.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / "pad-final-light.png"))

    # A correction: round 2 was Ben's 26 → Dev's; from its round number, on its own page.
    thumb.tap(page.get_by_role("link", name=say("Correct round %(number)s", number=2)))
    page.wait_for_url(re.compile(r"/rounds/2$"))
    for name, value in (("Ben", "0"), ("Dev", "26")):
        field = page.get_by_role("textbox", name=say("Points for %(player)s", player=name))
        thumb.tap(field)
        page.keyboard.press("Control+A")
        thumb.type(value)
    thumb.button(say("Save round %(number)s", number=2))
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    totals = game_json(live_server, url)["players"]
    assert [p["score"] for p in totals] == [107, 12, 23, 74]


def test_a_zero_sum_pad_with_the_minus_and_a_refusal_at_the_field(
        phones: Callable[..., Any], live_server: str, screenshot_dir: Path) -> None:
    page = phones(locale="en-GB", device_scale_factor=2, has_touch=True)
    say = Say("en")
    thumb = Thumb(page)
    names = ["Ana", "Ben", "Cleo"]
    url = new_pad(thumb, say, "Tarot", names, zero_sum=True)
    # A keypad with no minus key: Ben's −20 by the ±; Cleo's −20 is filled in.
    thumb.field(say("Points for %(player)s", player="Ana"))
    thumb.type("40")
    thumb.button(say("Minus for %(player)s", player="Ben"))
    expect(page.get_by_role("button", name=say("Minus for %(player)s", player="Ben"))).to_have_attribute(
        "aria-pressed", "true")
    thumb.type("20")
    cleo = page.get_by_role("textbox", name=say("Points for %(player)s", player="Cleo"))
    expect(cleo).to_have_value("-20")
    expect(cleo).to_have_attribute("data-auto", "")
    # Cleo made −8, the table says: typed over the filled-in number, the round no longer adds up.
    thumb.tap(cleo)
    page.keyboard.press("Control+A")
    thumb.type("-8")
    expect(page.locator("[data-points-sum]")).to_have_text("These add up to 12")
    thumb.button(say("Save round %(number)s", number=1))
    error = page.locator("#points-error")
    expect(error).to_have_text(
        "These add up to 12; in a zero-sum game they must add up to 0.")
    for name, value in zip(names, ["40", "-20", "-8"]):
        field = page.get_by_role("textbox", name=say("Points for %(player)s", player=name))
        expect(field).to_have_value(value)
        expect(field).to_have_attribute("aria-invalid", "true")
    page.screenshot(path=str(screenshot_dir / "pad-zero-sum-refused.png"))
    assert game_json(live_server, url)["rounds"] == []
    # Cleo's −20 after all.
    thumb.tap(cleo)
    page.keyboard.press("Control+A")
    thumb.type("-20")
    thumb.button(say("Save round %(number)s", number=1))
    expect(page.locator("#points-title")).to_contain_text(say("Round %(number)s: points", number=2))
    assert [p["score"] for p in game_json(live_server, url)["players"]] == [40, -20, -20]
    # The Wi-Fi drops: the round waits on the phone, and is sent once it is back.
    page.context.set_offline(True)
    thumb.field(say("Points for %(player)s", player="Ana"))
    thumb.type("10")
    thumb.button(say("Minus for %(player)s", player="Ben"))
    thumb.type("4")
    expect(cleo).to_have_value("-6")
    thumb.button(say("Save round %(number)s", number=2))
    expect(page.locator(".tap-queue-line")).to_contain_text("1 tap waiting to be sent")
    page.context.set_offline(False)
    expect(page.locator("#points-title")).to_contain_text(say("Round %(number)s: points", number=3))
    assert [p["score"] for p in game_json(live_server, url)["players"]] == [50, -24, -26]
    # "We stop here" ends it; undo reopens it.
    thumb.button(say("We stop here"))
    expect(page.locator(".banner-final")).to_have_text(re.compile("Ana wins!"))
    thumb.button(say("Undo “We stop here”"))
    expect(page.locator("#points-title")).to_contain_text(say("Round %(number)s: points", number=3))


def quick_pad(page: Page, say: Say, title: str, names: list[str]) -> None:
    """A score pad started on the new-game page without counting (the scene of a picture)."""
    page.goto("/new")
    page.get_by_role("radio", name=re.compile("^" + re.escape(say("Any other game")))).check()
    page.get_by_label(say("What are you playing?"), exact=True).fill(title)
    for _ in range(len(names) - page.locator("[data-name-row]").count()):
        rows = page.locator("[data-name-row]").count()
        page.get_by_role("button", name=say("Add a player")).click()
        expect(page.locator("[data-name-row]")).to_have_count(rows + 1)
    for position, name in enumerate(names):
        page.get_by_label(say("Player %(number)s", number=position + 1), exact=True).fill(name)
    page.get_by_role("radio", name=say("%(player)s deals first", player=names[0]), exact=True).check()
    page.get_by_role("button", name=say("Start the game")).click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))


EIGHT = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]


@pytest.mark.parametrize("look", ["dark", "it", "text-200"])
def test_eight_players_round_fits_one_screen(phones: Callable[..., Any], look: str,
                                              screenshot_dir: Path) -> None:
    """Eight rows, the totals and Save in one 390x844 screen; the pictures of the pad in the
    dark, in Italian and at 200% text (where the rows stack, and the page scrolls)."""
    language = "it" if look == "it" else "en"
    page = phones(locale={"it": "it-IT", "en": "en-GB"}[language], device_scale_factor=2,
                  has_touch=True, color_scheme="dark" if look == "dark" else "light")
    say = Say(language)
    quick_pad(page, say, "Rummy", EIGHT)
    for name, value in zip(EIGHT, ["12", "-5", "0", "30", "7", "22", "-1", "4"]):
        page.get_by_label(say("Points for %(player)s", player=name), exact=True).fill(value)
    page.get_by_role("button", name=say("Save round %(number)s", number=1)).click()
    expect(page.locator("#points-title")).to_contain_text(say("Round %(number)s: points", number=2))
    page.get_by_label(say("Points for %(player)s", player="Ana"), exact=True).fill("8")
    page.get_by_role("button", name=say("Minus for %(player)s", player="Ben")).click()
    if look == "text-200":
        page.evaluate("document.documentElement.style.fontSize = '200%'")  # CSSOM: CSP allows it
    heading = page.locator("#points-title")
    heading.evaluate("el => el.scrollIntoView()")
    save = page.get_by_role("button", name=say("Save round %(number)s", number=2))
    if look != "text-200":
        box = save.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 844, box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(screenshot_dir / f"pad-round-8-{look}.png"))
    # At 200% the rows stack: no part of the round is wider than the phone.
    widest = page.evaluate("""() => Math.max(...Array.from(
        document.querySelectorAll('.points-panel, .points-panel *'),
        el => el.getBoundingClientRect().right))""")
    assert widest <= 390, widest


def test_a_pad_from_the_tables_chips_and_its_table_in_french(page: Page,
                                                             screenshot_dir: Path) -> None:
    """After a first Hearts at a table, the next one starts from the table's page in at most
    3 taps (its chip brings back the title, who wins, the target and the seating); the table's
    page names its pads by their titles, in French too."""
    say = Say("en")
    page.goto("/")
    page.get_by_label("The table's name").fill("Famille")
    page.get_by_role("button", name="Start a table").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))
    table_url = page.url
    # The first Hearts, typed: "Any other game" among the table's chips.
    page.get_by_role("link", name=say("Any other game"), exact=True).click()
    expect(page.get_by_role("radio", name=re.compile("^" + re.escape(say("Any other game"))))
           ).to_be_checked()
    page.get_by_label(say("What are you playing?"), exact=True).fill("Hearts")
    page.get_by_role("radio", name=re.compile("^" + re.escape(say("Lowest total")))).check()
    page.get_by_label(say("Play to (points)"), exact=True).fill("100")
    for position, name in enumerate(HEARTS):
        page.get_by_label(say("Player %(number)s", number=position + 1), exact=True).fill(name)
    page.get_by_role("radio", name=say("%(player)s deals first", player="Ana"), exact=True).check()
    page.get_by_role("button", name=say("Start the game")).click()
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    first = page.url
    for name, value in zip(HEARTS, ["100", "0", "13", "13"]):
        page.get_by_label(say("Points for %(player)s", player=name), exact=True).fill(value)
    page.get_by_role("button", name=say("Save round %(number)s", number=1)).click()
    expect(page.locator(".banner-final")).to_have_text(re.compile("Ben wins!"))

    # The next Hearts: from the table's page, a tap on its chip, a tap on Start.
    page.goto(table_url)
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("link", name="Hearts", exact=True))
    page.wait_for_url(re.compile(r"/new\?"))
    expect(page.get_by_label(say("What are you playing?"), exact=True)).to_have_value("Hearts")
    expect(page.get_by_role("radio", name=re.compile("^" + re.escape(say("Lowest total"))))
           ).to_be_checked()
    expect(page.get_by_label(say("Play to (points)"), exact=True)).to_have_value("100")
    page.locator(".pad-fields").evaluate("el => el.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / "pad-new-game-from-a-chip.png"))
    thumb.button(say("Start the game"))
    page.wait_for_url(re.compile(r"/g/[\w-]+$"))
    assert page.url != first and thumb.taps <= 3
    expect(page.locator(".game-banner .banner-line")).to_have_text(
        "Round 1 · Ben deals · first to 100 · lowest wins")

    # The table's page in French: its pads by title, its chips in French.
    page.goto(table_url)
    page.get_by_role("button", name=re.compile("^FR")).click()
    expect(page.get_by_role("link", name=Say("fr")("Any other game"), exact=True)).to_be_visible()
    expect(page.locator(".table-games")).to_contain_text("Hearts")
    pads = page.get_by_role("heading", name=re.compile("^Hearts · le plus bas gagne"))
    expect(pads).to_be_visible()
    page.locator(".table-games").evaluate("el => el.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / "pad-table-fr.png"))
    pads.evaluate("el => el.scrollIntoView()")
    page.screenshot(path=str(screenshot_dir / "pad-table-figures-fr.png"))
