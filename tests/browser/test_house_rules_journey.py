"""Each house rule of docs/rules.md section 6, chosen on the new-game page by touch, plays a round as
the rule says: the dealer's hooked number offered or not, the hand size, the round's points.
Then the rules pages in English, French and Italian at 390 px, light and dark."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from bid_games import Say, Taps, banner, fill_new_game, open_house_rules, start_game, totals
from playwright.sync_api import Browser, Page, expect

FOUR = ["Ana", "Ben", "Cleo", "Dev"]
THREE = ["Ana", "Ben", "Cleo"]


def _round(taps: Taps, bids: list[tuple[str, int]], tricks: list[tuple[str, int]]) -> None:
    """Bids in bidding order, then everyone's tricks, then save."""
    for name, bid in bids:
        taps.button(f"{name} bids {bid}")
    for name, took in tricks:
        taps.radio(f"{name} took {took}")
    taps.button("Save tricks")


def test_no_hook_lets_the_dealer_make_the_bids_add_up(page: Page) -> None:
    start_game(page, "oh-hell", FOUR, dealer=0, options=("Never",))
    taps = Taps(page)
    for name, bid in (("Ben", 3), ("Cleo", 3), ("Dev", 2)):
        taps.button(f"{name} bids {bid}")
    # 3 + 3 + 2 + 2 = 10 cards: with the hook the dealer could not bid 2.
    expect(page.get_by_role("button", name="Ana bids 2", exact=True)).to_be_enabled()
    _round(taps, [("Ana", 2)], [("Ben", 3), ("Cleo", 3), ("Dev", 2), ("Ana", 2)])
    expect(banner(page)).to_contain_text("Round 2 of 19 · 9 cards · Ben deals")
    assert totals(page) == [12, 13, 13, 12]  # everyone exact: 10 plus the bid


def test_no_hook_in_the_last_round_only(page: Page) -> None:
    fill_new_game(page, "oh-hell", FOUR, dealer=0,
                  options=("Not in the last round", "Down only"))
    page.get_by_role("spinbutton", name="Largest hand, in cards").fill("2")
    expect(page.get_by_role("radio", name=re.compile("^This many cards"))).to_be_checked()
    page.get_by_role("button", name="Start the game").click()
    expect(banner(page)).to_have_text("Round 1 of 2 · 2 cards · Ana deals · Ben bids first")
    taps = Taps(page)
    for name, bid in (("Ben", 1), ("Cleo", 0), ("Dev", 0)):
        taps.button(f"{name} bids {bid}")
    expect(page.get_by_role("button", name="Ana bids 1", exact=True)).to_be_disabled()
    _round(taps, [("Ana", 0)], [("Ben", 1), ("Cleo", 0), ("Dev", 1), ("Ana", 0)])
    expect(banner(page)).to_have_text("Round 2 of 2 · 1 card · Ben deals · Cleo bids first")
    for name, bid in (("Cleo", 0), ("Dev", 0), ("Ana", 0)):
        taps.button(f"{name} bids {bid}")
    # The last round: the dealer bids freely, 0 + 0 + 0 + 1 = 1 card.
    expect(page.get_by_role("button", name="Ben bids 1", exact=True)).to_be_enabled()
    _round(taps, [("Ben", 1)], [("Cleo", 0), ("Dev", 0), ("Ana", 0), ("Ben", 1)])
    expect(page.get_by_text("Ben wins!")).to_be_visible()  # 11 + 11 against 20, 20, 10


def test_the_largest_hand_refused_at_its_field_then_played(page: Page,
                                                           screenshot_dir: Path) -> None:
    fill_new_game(page, "oh-hell", FOUR, dealer=0)
    open_house_rules(page)
    number = page.get_by_role("spinbutton", name="Largest hand, in cards")
    number.fill("13")
    page.get_by_role("button", name="Start the game").click()
    error = page.locator("#oh_hell_max_hand-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("4")
    expect(error).to_contain_text("12")
    expect(number).to_have_value("13")  # what was typed stays
    expect(number).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Player 4", exact=True)).to_have_value("Dev")
    error.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "new-game-largest-hand-refused.png"))
    # Going back to "by the number of players" clears the number (game.js), so nothing typed
    # is left to contradict the choice; typing again picks "this many cards".
    page.get_by_role("radio", name=re.compile("^By the number of players")).check()
    expect(number).to_have_value("")
    number.fill("12")
    expect(page.get_by_role("radio", name=re.compile("^This many cards"))).to_be_checked()
    page.get_by_role("button", name="Start the game").click()
    expect(banner(page)).to_have_text("Round 1 of 23 · 12 cards · Ana deals · Ben bids first")
    taps = Taps(page)
    _round(taps, [("Ben", 3), ("Cleo", 3), ("Dev", 3), ("Ana", 2)],
           [("Ben", 3), ("Cleo", 3), ("Dev", 3), ("Ana", 3)])
    expect(banner(page)).to_contain_text("Round 2 of 23 · 11 cards · Ben deals")
    assert totals(page) == [0, 13, 13, 13]


def test_the_house_rules_work_without_javascript(browser: Browser, live_server: str) -> None:
    """No script: the radio is tapped, the number typed, and a refusal still lands at the field."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server,
                                  java_script_enabled=False)
    page = context.new_page()
    page.goto("/new")
    page.get_by_role("radio", name=re.compile("^Oh Hell ")).check()
    open_house_rules(page)  # a <details>: it opens without a script
    page.get_by_role("radio", name=re.compile("^Not in the last round")).check()
    page.get_by_role("spinbutton", name="Largest hand, in cards").fill("5")
    for position, name in enumerate(FOUR):
        page.get_by_label(f"Player {position + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").click()
    # The number was typed but "by the number of players" is still chosen: asked, not dropped.
    expect(page.locator("#oh_hell_max_hand-error")).to_have_text(
        "You typed 5: tap “This many cards” to play with it, or clear the number.")
    page.get_by_role("radio", name=re.compile("^This many cards")).check()
    page.get_by_role("button", name="Start the game").click()
    expect(banner(page)).to_contain_text("Round 1 of 9 · 5 cards")  # the dealer drawn at random
    context.close()


@pytest.mark.parametrize(("game", "options", "bids", "tricks", "expected"), [
    # tricks-plus-five: 1 a trick, +5 if exact (traditionalgamerules.neocities.org)
    ("oh-hell", ("Tricks plus 5",), [3, 3, 3], [3, 5, 2], [2, 8, 5]),
    # squared: exact 10 + bid², missed −(bid − tricks)² (pagat.com / Wikipedia)
    ("oh-hell", ("Squared",), [3, 3, 3], [3, 5, 2], [-1, 19, -4]),
    # zero_bid five: an exact zero scores 5 (Wikipedia, "reduced 0 bid")
    ("oh-hell", ("5 points",), [0, 3, 3], [0, 3, 7], [0, 5, 13]),
    # zero_bid five-plus-hand with Elevator's scoring: 5 + 10 cards (Wikipedia, "adjusted")
    ("elevator", ("5 plus the cards",), [0, 3, 3], [0, 3, 7], [7, 15, 13]),
], ids=["tricks-plus-five", "squared", "zero-five", "zero-five-plus-hand"])
def test_a_round_scores_as_the_house_rule_says(page: Page, game: str, options: tuple[str, ...],
                                               bids: list[int], tricks: list[int],
                                               expected: list[int]) -> None:
    start_game(page, game, THREE, dealer=0, options=options)
    expect(banner(page)).to_contain_text("Round 1 of 19 · 10 cards · Ana deals")
    order = ["Ben", "Cleo", "Ana"]
    _round(Taps(page), list(zip(order, bids)), list(zip(order, tricks)))
    expect(banner(page)).to_contain_text("Round 2 of 19")
    assert totals(page) == expected  # seats: Ana, Ben, Cleo


def test_the_rules_are_one_tap_from_the_round_banner(page: Page, screenshot_dir: Path) -> None:
    start_game(page, "elevator", THREE, dealer=0, options=("Never",))
    game = page.url
    page.screenshot(path=str(screenshot_dir / "rules-link-beside-the-banner.png"))
    page.get_by_role("link", name="Rules of Elevator").click()
    expect(page.get_by_role("heading", name="Rules of Elevator", level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="The hook")).to_be_visible()
    # The game's own house rule is marked.
    never = page.locator(".rules-value dt", has_text="Never")
    expect(never).to_contain_text("this game")
    never.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "rules-this-game.png"))
    page.get_by_role("link", name="Back to the game").click()
    page.wait_for_url(game)
    expect(banner(page)).to_contain_text("Round 1 of 19")


@pytest.fixture(params=[("en-GB", "light"), ("fr-FR", "light"), ("it-IT", "light"),
                        ("en-GB", "dark")], ids=["english", "french", "italian", "dark"])
def phone(request: pytest.FixtureRequest, browser: Browser, live_server: str) -> Iterator[Page]:
    locale, scheme = request.param
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server,
                                  device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale=locale, color_scheme=scheme)
    yield context.new_page()
    context.close()


def test_the_rules_pages_read_well_on_a_phone(phone: Page, screenshot_dir: Path,
                                              request: pytest.FixtureRequest) -> None:
    suffix = request.node.callspec.id
    lang = {"english": "en", "dark": "en", "french": "fr", "italian": "it"}[suffix]
    say = Say(lang)
    phone.goto("/new?game=oh-hell")
    phone.get_by_role("link", name=say("Rules of %(game)s", game="Oh Hell")).click()
    expect(phone.locator("html")).to_have_attribute("lang", lang)
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        say("Rules of %(game)s", game="Oh Hell"))
    expect(phone.get_by_role("heading", name=say("House rules"))).to_be_visible()
    # Nothing wider than the phone: no sideways scrolling.
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(screenshot_dir / f"rules-oh-hell-{suffix}.png"))
    phone.get_by_role("heading", name=say("House rules")).scroll_into_view_if_needed()
    phone.screenshot(path=str(screenshot_dir / f"rules-oh-hell-house-rules-{suffix}.png"))
    phone.get_by_role("link", name=say("Seven-Up")).click()
    expect(phone.get_by_role("heading", level=1)).to_have_text(
        say("Rules of %(game)s", game=say("Seven-Up")))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(screenshot_dir / f"rules-seven-up-{suffix}.png"), full_page=True)
