"""A table's page shared on a 390×844 phone: its chart of wins read in French, its QR code read
back with zbarimg from a screenshot (the table's share link), its games.csv and standings image
offered; a watcher sees the chart follow a new win live; a game in progress is no step of it.
Screenshots: the chart light, dark and in Italian, the share panel, the chart beside a game in
progress in French."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from playwright.sync_api import Page, expect
from test_share import decode_qr

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
ONE_CARD = {"max_hand": 1, "schedule": "down"}


def _one_card_game(page: Page, table_id: str, token: str, taker: int) -> None:
    """A one-card Oh Hell game at the table, everyone bidding 0: all but ``taker`` win it."""
    bearer = {"Authorization": f"Bearer {token}"}
    made = page.request.post("/api/v1/games", headers=bearer, data={
        "ruleset": "oh-hell", "players": NAMES, "table": table_id, "options": ONE_CARD})
    assert made.status == 201, made.text()
    game = made.json()["game"]
    tricks = [0] * len(NAMES)
    tricks[taker] = 1
    for path, body in (("bids", {"bids": [0] * len(NAMES)}), ("tricks", {"tricks": tricks})):
        answer = page.request.post(f"/api/v1/games/{game['id']}/{path}", headers=bearer,
                                   data={"version": game["version"], **body})
        assert answer.status == 200, answer.text()
        game = answer.json()


def test_the_table_page_shares_its_chart_qr_and_image(page: Page, phones: Callable[..., Any],
                                                      live_server: str,
                                                      screenshot_dir: Path) -> None:
    created = page.request.post("/api/v1/tables", data={"name": "Thursday cards"}).json()
    table_id, token = created["table"]["id"], created["edit_token"]
    # Ben, then Ana, then Dev take the trick: Cleo wins all three, the others two each.
    for taker in (1, 0, 3):
        _one_card_game(page, table_id, token, taker)
    share_url = f"{live_server}/t/{table_id}"

    french = phones(locale="fr-FR", device_scale_factor=2, has_touch=True)
    french.goto(f"/t/{table_id}")
    expect(french.get_by_role("heading", name="Victoires au fil des parties")).to_be_visible()
    chart = french.get_by_role("img", name="Victoires, partie après partie")
    expect(chart).to_be_visible()
    expect(french.locator(".chart-summary")).to_have_text("Cleo mène avec 3 victoires.")
    legend = french.locator(".chart-legend li")
    expect(legend).to_have_text(["Cleo 3", "Ana 2", "Ben 2", "Dev 2"])
    assert "Victoires après 3 parties terminées : Cleo 3, Ana 2, Ben 2, Dev 2." in \
        french.locator("svg.chart-svg desc").text_content()
    box = chart.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
    csv = french.get_by_role("link", name="Télécharger les parties (CSV)")
    assert csv.get_attribute("href") == f"/api/v1/tables/{table_id}/games.csv"
    expect(french.get_by_role("link", name="Télécharger l’image du classement")).to_be_visible()
    assert french.evaluate("document.documentElement.scrollWidth") <= 390

    # The share panel: the QR code scans to the table's share link, shown whole beside it.
    code = french.get_by_role("img", name="Code QR du lien de partage")
    code.scroll_into_view_if_needed()
    expect(code).to_be_visible()
    assert decode_qr(code.screenshot()) == [share_url]
    expect(french.locator("#share-url")).to_have_text(share_url)
    expect(french.get_by_role("button", name="Copier le lien")).to_be_visible()
    assert "/keep/" not in french.content()
    french.locator(".share").screenshot(path=str(screenshot_dir / "table-share.png"),
                                        animations="disabled")

    # The standings image the page's preview names: a 1200×630 PNG.
    image = french.locator('meta[property="og:image"]').get_attribute("content")
    assert image and image.startswith(f"{share_url}/standings.png?v=")
    answer = page.request.get(image)
    assert answer.status == 200 and answer.headers["content-type"] == "image/png"

    # The chart on a phone: light, dark, in Italian.
    for options, name in (({}, "table-chart-light.png"),
                          ({"color_scheme": "dark"}, "table-chart-dark.png"),
                          ({"locale": "it-IT"}, "table-chart-italian.png")):
        other = phones(device_scale_factor=2, **options)
        other.goto(f"/t/{table_id}")
        part = other.locator("section", has=other.locator(".chart"))
        part.evaluate("element => element.scrollIntoView({block: 'start'})")
        expect(part).to_be_in_viewport()
        assert other.evaluate("document.documentElement.scrollWidth") <= 390
        other.screenshot(path=str(screenshot_dir / name))

    # A watcher sees a new win in the chart without a reload (the page polls every 1.5 s).
    watcher = phones()
    watcher.goto(f"/t/{table_id}")
    watcher.evaluate("window.sameDocument = true")
    _one_card_game(page, table_id, token, 2)  # Cleo takes the trick: the others win
    expect(watcher.locator(".chart-legend li")).to_have_text(
        ["Ana 3", "Ben 3", "Cleo 3", "Dev 3"], timeout=2500)  # all level: by name
    assert watcher.evaluate("window.sameDocument") is True


def test_the_chart_counts_the_finished_games(page: Page, phones: Callable[..., Any],
                                             live_server: str, screenshot_dir: Path) -> None:
    """Three finished games and one being played, in French: the chart's axis and its summary
    say three finished games, as the figures above it do. Screenshot: table-chart-finished-fr."""
    created = page.request.post("/api/v1/tables", data={"name": "Jeudi cartes"}).json()
    table_id, token = created["table"]["id"], created["edit_token"]
    for taker in (1, 0, 3):
        _one_card_game(page, table_id, token, taker)
    playing = page.request.post("/api/v1/games", headers={"Authorization": f"Bearer {token}"},
                                data={"ruleset": "oh-hell", "players": NAMES, "table": table_id,
                                      "options": ONE_CARD})
    assert playing.status == 201, playing.text()

    french = phones(locale="fr-FR", device_scale_factor=2)
    french.goto(f"/t/{table_id}")
    figures = french.get_by_text("4 parties · 3 terminées").first  # the table's, then Oh Hell's
    expect(figures).to_be_visible()
    chart = french.get_by_role("img", name="Victoires, partie après partie")
    expect(chart).to_be_visible()
    expect(chart.locator(".axis-label")).to_have_text("Parties terminées")
    assert "Victoires après 3 parties terminées : Cleo 3, Ana 2, Ben 2, Dev 2." in \
        french.locator("svg.chart-svg desc").text_content()
    figures.evaluate("element => element.scrollIntoView({block: 'start'})")
    expect(french.locator("svg.chart-svg .axis-label")).to_be_in_viewport()
    assert french.evaluate("document.documentElement.scrollWidth") <= 390
    french.screenshot(path=str(screenshot_dir / "table-chart-finished-fr.png"))
