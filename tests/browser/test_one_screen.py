"""A round's entry on one 390×844 screen, for any number of players.

Oh-Seven's bid cards (32 a player) and the tricks of a big hand, for five and seven players,
measured from the banner to the entry's last button: no taller than the screen. Such a form
shows one player's picks at a time under a tile a player; a tap on a card or a count moves on by
itself to the next player (a double tap there is one tap), and a whole round, bids and tricks,
takes at most 2N + 2 taps, every one a ``page.touchscreen.tap`` on what a person sees. Without
JavaScript the same form shows every player at once and is sent as it is. In a round of card
passing, who passes to whom is folded into the banner's line: every card in sight, none under
the floating Reveal.
Screenshots: ``fit-one-screen-*.png``."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from set_up_games import LiveGame, card, new_game, play_round
from test_double_tap import COUNT_TOUCHES, again_when_late, double_tap

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 390, 844
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Émile", "Fay", "Gus"]
SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
LOOK = 500  # ms: a look at the screen before the next tap on the same spot

#: From the top of the banner to the bottom of the form's last button, the banner scrolled to
#: the top of the screen; and every control of the form shown, inside the screen.
MEASURE = """(selector) => {
  const banner = document.querySelector(".game-banner");
  banner.scrollIntoView({block: "start", behavior: "instant"});
  const form = document.querySelector(selector);
  const shown = [...form.querySelectorAll("button, label.pick")].filter((e) => e.offsetParent !== null);
  const top = banner.getBoundingClientRect().top;
  return {
    height: Math.max(...shown.map((e) => e.getBoundingClientRect().bottom)) - top,
    lowest: Math.max(...shown.map((e) => e.getBoundingClientRect().bottom)),
    controls: shown.length,
    page: document.documentElement.scrollWidth,
  };
}"""


def game_json(game: LiveGame) -> Any:
    with urllib.request.urlopen(f"{game.base}/api/v1/games/{game.id}", timeout=10) as answer:
        return json.loads(answer.read())


class Finger:
    """Taps what a person sees, at its centre, on the touch screen, and counts the taps."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.last: tuple[float, float] | None = None

    def spot(self, target: Locator) -> tuple[float, float]:
        box = None
        for _ in range(20):  # a fragment swapped in between finding it and measuring it
            expect(target).to_be_visible()
            box = target.bounding_box()
            if box is not None:
                break
        assert box is not None
        assert 0 <= box["y"] and box["y"] + box["height"] <= HEIGHT, "off the screen"
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def tap(self, target: Locator) -> None:
        spot = self.spot(target)
        if self.last and abs(spot[0] - self.last[0]) + abs(spot[1] - self.last[1]) < 48:
            # The same number for the next player: a person looks at the screen first, well
            # past the moment a second touch there would be the same tap (double_tap.js).
            self.page.wait_for_timeout(LOOK)
        self.page.touchscreen.tap(*spot)
        self.last = spot
        self.taps += 1

    def radio(self, name: str) -> None:
        self.tap(self.page.locator("label.pick", has=self.page.get_by_role("radio", name=name, exact=True)))
        expect(picked(self.page, name)).to_be_checked()


def picked(page: Page, name: str) -> Locator:
    """A pick by its name, shown or not (a player's picks are hidden once the next is shown)."""
    return page.locator(f'input[type="radio"][aria-label="{name}"]')


#: Without scrolling, the banner at the top of the screen: the shown player's cards and the
#: form's Reveal, where each is on the screen (Reveal floats at its foot over what is below).
IN_SIGHT = """() => {
  document.querySelector(".game-banner").scrollIntoView({block: "start", behavior: "instant"});
  const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const cards = [...document.querySelectorAll(".cards-form label.pick")].filter((e) => e.offsetParent !== null);
  return {cards: cards.map(box), reveal: box(document.querySelector(".cards-form > .btn-primary"))};
}"""


def every_card_in_sight(page: Page) -> None:
    """All 32 cards of the shown player and the Reveal on the screen, no card behind Reveal."""
    seen = page.evaluate(IN_SIGHT)
    reveal = seen["reveal"]
    assert 0 <= reveal["top"] and reveal["bottom"] <= HEIGHT, reveal
    assert len(seen["cards"]) == 32
    hidden = [c for c in seen["cards"] if c["top"] < 0 or c["bottom"] > reveal["top"]]
    assert not hidden, f"{len(hidden)} of 32 cards out of sight (Reveal at {reveal})"


def fits(page: Page, selector: str) -> dict[str, Any]:
    seen = page.evaluate(MEASURE, selector)
    assert seen["height"] <= HEIGHT, seen
    assert seen["lowest"] <= HEIGHT, seen
    assert seen["page"] <= WIDTH, seen
    return seen


def card_name(player: str, card: str) -> str:
    return f"{player} bids {card[:-1]} of {SUITS[card[-1]]}"


def shown_player(page: Page, form: str) -> Locator:
    return page.locator(f"{form} .is-shown legend")


@pytest.mark.parametrize("players", [5, 7])
@again_when_late  # a new game and phone each attempt
def test_an_oh_seven_round_fits_one_screen_in_at_most_2n_2_taps(
        phones: Any, live_server: str, screenshot_dir: Path, players: int) -> None:
    names = NAMES[:players]
    game = new_game(live_server, "oh-seven", names)
    order = [names[seat] for seat in game.body["current"]["bidding_order"]]
    page = phones(has_touch=True, device_scale_factor=2, locale="en-GB")
    page.add_init_script(COUNT_TOUCHES)
    game.keep_on(page)
    seen = fits(page, ".cards-form")
    assert seen["controls"] <= 32 + players + 1  # one player's cards, the tiles, Reveal
    page.screenshot(path=str(screenshot_dir / f"fit-one-screen-oh-seven-{players}.png"))
    finger = Finger(page)
    cards = ["0s", "0h", "0d", "0c", "1s", "1h", "1d"][:players]  # add up to 1 or 3: no rebid
    # The first card, tapped twice in a hurry: one card, and the next player's cards shown
    # under the finger with none of theirs picked.
    first = page.locator("label.pick", has=page.get_by_role("radio", name=card_name(order[0], cards[0])))
    double_tap(page, finger.spot(first))
    finger.taps += 1
    expect(shown_player(page, ".cards-form")).to_have_text(f"{order[1]}'s card")
    expect(page.locator(".cards-form input:checked")).to_have_count(1)
    tiles = page.locator(".cards-form [data-step-to]")
    expect(tiles.first.locator("[data-step-what]")).to_have_text("0♠")  # the pick, on its tile
    expect(tiles.nth(1)).to_have_attribute("aria-current", "step")
    for player, bid in zip(order[1:], cards[1:]):
        expect(shown_player(page, ".cards-form")).to_have_text(f"{player}'s card")
        finger.radio(card_name(player, bid))
    # Every card in: the last player's stay shown, and a tap on a tile shows another's.
    expect(page.locator(".cards-form input:checked")).to_have_count(players)
    expect(tiles).to_have_count(players)
    page.touchscreen.tap(*finger.spot(tiles.first))
    expect(shown_player(page, ".cards-form")).to_have_text(f"{order[0]}'s card")
    expect(picked(page, card_name(order[0], cards[0]))).to_be_checked()
    fits(page, ".cards-form")
    finger.tap(page.get_by_role("button", name="Reveal", exact=True))
    expect(page.locator(".tricks-form")).to_be_visible()
    fits(page, ".tricks-form")
    # Tricks: seven to share, one each but for the last player's, which is filled in.
    size = game_json(game)["current"]["hand_size"]
    counts = [1] * (players - 1)
    counts[0] = size - 1 - (players - 2)
    for player, count in zip(order, counts):
        expect(shown_player(page, ".tricks-form")).to_contain_text(player)
        finger.radio(f"{player} took {count}")
    expect(picked(page, f"{order[-1]} took 1")).to_be_checked()
    finger.tap(page.get_by_role("button", name="Save tricks", exact=True))
    expect(page.locator(".cards-form")).to_be_visible()  # round 2's cards
    stored = game_json(game)
    assert stored["current"]["number"] == 2
    assert finger.taps <= 2 * players + 2, finger.taps
    played = stored["rounds"][0]
    assert played["tricks"] == [dict(zip(order, [*counts, 1]))[name] for name in names]


@pytest.mark.parametrize("players", [5, 7])
def test_an_oh_seven_passing_round_keeps_every_card_on_one_screen(
        phones: Any, live_server: str, screenshot_dir: Path, players: int) -> None:
    names = NAMES[:players]
    game = new_game(live_server, "oh-seven", names, card_passing=True)
    page = phones(has_touch=True, device_scale_factor=2, locale="en-GB")
    game.keep_on(page)
    every_card_in_sight(page)  # round 1, no passing: as it always was
    play_round(game)
    page.reload()
    expect(page.locator(".game-banner")).to_contain_text("Round 2 of 7")
    every_card_in_sight(page)
    fits(page, ".cards-form")
    # One card to the left, said in the banner's line; who passes to whom folded.
    passing = page.locator(".game-banner summary")
    expect(passing).to_have_text("Pass 1 card to the left:")
    who = page.get_by_text(f"{names[-1]} passes 1 card to {names[0]}")
    expect(who).to_be_hidden()
    page.screenshot(path=str(screenshot_dir / f"fit-one-screen-oh-seven-passing-{players}.png"))
    # A tap on it (a tap target's height, though it is a line of text) says who passes to whom.
    box = passing.bounding_box()
    assert box is not None and box["height"] >= 48, box
    page.touchscreen.tap(*Finger(page).spot(passing))
    expect(who).to_be_visible()
    expect(page.get_by_text(f"{names[0]} passes 1 card to {names[1]}")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / f"fit-one-screen-oh-seven-passing-{players}-open.png"))


@pytest.mark.parametrize("players", [5, 7])
def test_oh_hell_s_tricks_at_the_largest_hand_fit_one_screen(
        phones: Any, live_server: str, screenshot_dir: Path, players: int) -> None:
    names = NAMES[:players]
    game = new_game(live_server, "oh-hell", names)
    order = [names[seat] for seat in game.body["current"]["bidding_order"]]
    size = game.body["current"]["hand_size"]
    page = phones(has_touch=True, device_scale_factor=2, locale="en-GB")
    game.keep_on(page)
    finger = Finger(page)
    fits(page, ".bid-form")
    for player in order:  # everyone bids 0: the hook never bites
        finger.tap(page.get_by_role("button", name=f"{player} bids 0", exact=True))
    expect(page.locator(".tricks-form")).to_be_visible()
    fits(page, ".tricks-form")
    page.screenshot(path=str(screenshot_dir / f"fit-one-screen-oh-hell-{players}.png"))
    finger.radio(f"{order[0]} took {size}")  # the hand taken: 0 filled in for everyone else
    for player in order[1:]:
        expect(picked(page, f"{player} took 0")).to_be_checked()
    finger.tap(page.get_by_role("button", name="Save tricks", exact=True))
    expect(page.locator(".bid-form")).to_be_visible()
    assert game_json(game)["current"]["number"] == 2
    assert finger.taps <= 2 * players + 2, finger.taps


def test_without_javascript_every_player_s_cards_are_on_the_page(
        phones: Any, live_server: str) -> None:
    names = NAMES[:5]
    game = new_game(live_server, "oh-seven", names)
    order = [names[seat] for seat in game.body["current"]["bidding_order"]]
    page = phones(java_script_enabled=False, locale="en-GB")
    game.keep_on(page)
    expect(page.locator(".cards-form [data-step-tiles]")).to_be_hidden()
    for player, bid in zip(order, ["0s", "0h", "0d", "0c", "1s"]):
        radio = page.get_by_role("radio", name=card_name(player, bid), exact=True)
        expect(radio).to_be_attached()
        page.locator("label.pick", has=radio).click()
    page.get_by_role("button", name="Reveal", exact=True).click()
    expect(page.get_by_role("heading", name="Tricks")).to_be_visible()
    assert game_json(game)["current"]["phase"] == "tricks"


@pytest.mark.parametrize("players", [5, 7])
def test_an_oh_seven_rebid_fits_one_screen_its_rule_a_tap_away(
        phones: Any, live_server: str, screenshot_dir: Path, players: int) -> None:
    names = NAMES[:players]
    game = new_game(live_server, "oh-seven", names)
    cards = ["0s", "0h", "0d", "0c", "1s", "1h", "5s"][7 - players:]  # they add up to 7
    for _ in range(2):  # twice the same cards: both decks' copies set aside
        game.write("bids", bids=[card(c) for c in cards])
    assert len(game.body["current"]["attempts"]) == 2, "not two forced rebids"
    page = phones(has_touch=True, device_scale_factor=2, locale="en-GB")
    game.keep_on(page)
    expect(page.get_by_role("heading", name="Rebid")).to_be_visible()
    page.screenshot(path=str(screenshot_dir / f"fit2-rebid-oh-seven-{players}.png"))
    fits(page, ".cards-form")  # the cause and one player's cards, the set-aside struck through
    first = [names[seat] for seat in game.body["current"]["bidding_order"]][0]
    # The cards set aside are refused (struck through) on each player's cards.
    expect(picked(page, card_name(first, cards[names.index(first)]))).to_be_disabled()
    # The cause said at once; what was revealed, who scored and the rule a tap away.
    rebid = page.locator(".rebid")
    expect(rebid.locator("summary")).to_have_text("Forced rebid: the bids added up to 7.")
    rule = rebid.get_by_text("the cards put forward are set aside for this deal")
    expect(rule).to_be_hidden()
    page.touchscreen.tap(*Finger(page).spot(rebid.locator("summary")))
    expect(rule).to_be_visible()
    expect(rebid).to_contain_text(f"Revealed: {first}")
    expect(rebid).to_contain_text(f"{names[-1]} scored +1 for the high bid")
    expect(rebid.locator(".rebid-aside")).to_contain_text("Set aside in this deal:")
    page.screenshot(path=str(screenshot_dir / f"fit2-rebid-oh-seven-{players}-open.png"))
