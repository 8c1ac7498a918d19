"""Seven-Up with three players on a phone: the dealer may not give one when the gift would put
the other non-dealer out, not only the eldest (docs/rules.md section 4, after Foster's *Complete
Hoyle*: "the dealer cannot give a player enough to put him out"). The gift is shown disabled
with the reason as its description, and the cards are run instead. Screenshots: the refused
gift in English, French and Italian (``seven-up-gift-refused-*.png``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

#: The refusal in each language, and the switcher's button for it (None: the page's own).
REFUSALS = (
    ("en", None, "The dealer can't give one: it would put Cleo out at 7. Run the cards."),
    ("fr", "FR Français",
     "Le donneur ne peut pas dire « prends un point » : Cleo atteindrait 7. Il faut redonner."),
    ("it", "IT Italiano",
     "Il mazziere non può dire «prendi un punto»: Cleo arriverebbe a 7. Bisogna ridare."),
)


def _three_players_at(page: Page, scores: list[int]) -> None:
    """Ana, Ben and Cleo at ``scores`` (set up through the JSON API, one game point a hand),
    Ana to deal; opened on this phone with the scorekeeper link."""
    created = page.request.post("/api/v1/games", data={
        "ruleset": "seven-up", "players": ["Ana", "Ben", "Cleo"],
        "first_dealer": -sum(scores) % 3})
    assert created.status == 201, created.text()
    body = created.json()
    game, token = body["game"], body["edit_token"]
    for seat, count in enumerate(scores):
        for _ in range(count):
            answer = page.request.post(
                f"/api/v1/games/{game['id']}/hands", headers={"Authorization": f"Bearer {token}"},
                data={"version": game["version"], "jacks_turned": 0, "beg": "stand",
                      "high": None, "low": None, "jack": None, "game": seat})
            assert answer.ok, answer.text()
            game = answer.json()
    page.goto(body["scorekeeper_url"])


def _whitespace_as_spaces(sentence: str) -> re.Pattern[str]:
    """The sentence, with any white space (French puts no-break spaces around « » and before :)
    where it has a space."""
    return re.compile(r"\s+".join(re.escape(word) for word in sentence.split(" ")))


def test_a_gift_that_would_put_the_other_non_dealer_out_is_refused(
        page: Page, screenshot_dir: Path) -> None:
    _three_players_at(page, [2, 3, 6])  # Ben, eldest, at 3; Cleo at 6 of 7
    expect(page.locator("#banner")).to_contain_text("Ana deals · Ben is eldest · first to 7")
    beg = page.get_by_role("group", name="Ben stands or begs", exact=True)
    give = beg.get_by_role("radio", name="Ben begs, Ana gives one +1 Ben · +1 Cleo", exact=True)
    expect(give).to_be_disabled()
    for language, button, refusal in REFUSALS:
        if button is not None:
            page.get_by_role("button", name=button).click()
            expect(page.locator("html")).to_have_attribute("lang", language)
        # Tapped by value from here: the words are the translator's.
        give = page.locator('input[name="beg"][value="give"]')
        expect(give).to_be_disabled()
        expect(give).to_have_accessible_description(_whitespace_as_spaces(refusal))
        # In the middle of the screen (at its foot the sticky save button would hide it), a
        # little lower, so that Cleo's last chip shows above it.
        give.evaluate("radio => { radio.closest('fieldset').scrollIntoView({block: 'center'});"
                      " window.scrollBy(0, -90); }")
        page.screenshot(path=str(screenshot_dir / f"seven-up-gift-refused-{language}.png"),
                        animations="disabled")
        # Nothing sticks out of a phone's width.
        assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    # The dealer runs the cards instead, and the hand is saved.
    page.get_by_role("button", name="EN English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_role("group", name="Ben stands or begs", exact=True).get_by_role(
        "radio", name="Ben begs, Ana runs the cards", exact=True).check()
    for group, answer in (("High", "No trump in play"), ("Game", "Tie: nobody scores")):
        page.get_by_role("group", name=group, exact=True).get_by_role(
            "radio", name=answer, exact=True).check()
    page.get_by_role("button", name="Save hand 12", exact=True).click()
    expect(page.locator("#banner")).to_contain_text("Hand 13 · Ben deals · Cleo is eldest")
