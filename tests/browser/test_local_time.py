"""When a game started, in the phone's own time zone and the page's language (game.js, without
Intl: the phone's clock gives the numbers, the server's words the rest). The reference is
Chromium's own Intl formatter, which game.js used to call (only the space before AM/PM
differs: the server's CLDR writes a narrow no-break space)."""

from __future__ import annotations

from typing import Any

import pytest
from set_up_games import new_game

pytestmark = pytest.mark.browser

ZONES = ["UTC", "Europe/Rome", "America/New_York", "Asia/Kathmandu",
         # +14 h and -11 h: at any hour of the day, one of them is on another date than UTC.
         "Pacific/Kiritimati", "Pacific/Pago_Pago"]

INTL = """(time) => new Intl.DateTimeFormat(document.documentElement.lang,
    {dateStyle: "medium", timeStyle: "short"}).format(new Date(time.getAttribute("datetime")))"""


@pytest.fixture
def phone(phones: Any) -> Any:
    def make(language: str, zone: str) -> Any:
        return phones(locale=language, timezone_id=zone)

    return make


def plain(text: str) -> str:
    return text.replace("\u202f", " ")


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_start_time_is_the_phone_s_own(phone: Any, live_server: str, language: str) -> None:
    game = new_game(live_server, "oh-hell", ["Ana", "Ben", "Cleo"])
    for zone in ZONES:
        page = phone(language, zone)
        page.goto(game.url)
        time = page.locator(".game-started time")
        assert plain(time.inner_text()) == plain(time.evaluate(INTL)), (language, zone)
        assert "UTC" not in time.inner_text()


@pytest.mark.parametrize(("language", "zone", "moment", "shown"), [
    ("en", "America/New_York", "2026-03-01T04:30:00+00:00", "day before, 11:30 PM"),
    ("en", "America/New_York", "2026-03-01T05:07:00+00:00", "day, 12:07 AM"),
    ("en", "America/New_York", "2026-03-01T17:05:00+00:00", "day, 12:05 PM"),
    ("en", "Asia/Kolkata", "2026-03-01T03:20:00+00:00", "day, 8:50 AM"),
    ("fr", "Pacific/Kiritimati", "2026-03-01T11:00:00+00:00", "day after, 01:00"),
    ("it", "Europe/Rome", "2026-07-01T21:59:00+00:00", "day, 23:59"),
    ("it", "Europe/Rome", "2026-07-01T22:00:00+00:00", "day after, 00:00"),
])
def test_midnight_noon_and_the_days_around(phone: Any, live_server: str, language: str, zone: str,
                                           moment: str, shown: str) -> None:
    """Other moments, with the page's own words for AM and PM and markers for the three days."""
    game = new_game(live_server, "oh-hell", ["Ana", "Ben", "Cleo"])
    page = phone(language, zone)
    page.goto(game.url)
    written = page.evaluate("""(moment) => {
        const real = document.querySelector(".game-started time");
        const box = document.createElement("div");
        const time = real.cloneNode(false);
        time.setAttribute("datetime", moment);
        time.setAttribute("data-day-before", "day before");
        time.setAttribute("data-day", "day");
        time.setAttribute("data-day-after", "day after");
        box.append(time);
        document.body.append(box);
        box.dispatchEvent(new CustomEvent("htmx:afterSettle", {bubbles: true}));  // as a swap
        return time.textContent;
    }""", moment)
    assert plain(written) == shown
