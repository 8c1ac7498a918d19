"""Sharing at the table, on a 390×844 phone: the QR codes scan (zbarimg reads the screenshot),
Copy works over plain HTTP, the standings image is a 1200×630 PNG, and the chart and image of a
7-player Elevator game with long and emoji names look right (light, dark, French)."""

from __future__ import annotations

import io
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import expect

from companion import rules

pytestmark = pytest.mark.browser

NAMES = ["Ana 🎉", "Bartholomew-Maximilian", "Ζωή", "Ёжик 🦔", "Cleo", "Dev 👩‍👩‍👧", "🃏 Jo"]


def decode_qr(png: bytes) -> list[str]:
    """What zbarimg (Debian's zbar-tools) reads in a screenshot."""
    zbarimg = shutil.which("zbarimg")
    if not zbarimg:
        pytest.fail("zbarimg is missing: install Debian's zbar-tools (scripts/test does)")
    found = subprocess.run([zbarimg, "--quiet", "--raw", "-"], input=png, capture_output=True,
                           check=False)
    return found.stdout.decode().split()


def api_game(page: Any, ruleset: str, names: list[str], rounds: int, seed: int = 7,
             **options: Any) -> dict[str, Any]:
    """A game made through the JSON API and played for ``rounds`` rounds, its bids chosen
    among the legal ones by the engine (so the dealer's hook is respected)."""
    created = page.request.post("/api/v1/games", data={
        "ruleset": ruleset, "players": names, "first_dealer": 0, "options": options})
    assert created.status == 201, created.text()
    body = created.json()
    game, token = body["game"], body["edit_token"]
    auth = {"Authorization": f"Bearer {token}"}
    state = rules.fold(rules.new_settings(ruleset, names, 0, options), [])
    chance = random.Random(seed)
    for _ in range(rounds):
        current = state.current
        assert current is not None
        for seat in current.bidding_order:
            legal = rules.legal_bids(state.current)
            bid = chance.choice([b for b in legal if b <= 2] or legal)
            bids: list[int | None] = [None] * len(names)
            bids[seat] = bid
            state = rules.apply(state, rules.Bids(tuple(bids)))
            answer = page.request.post(f"/api/v1/games/{game['id']}/bids", headers=auth,
                                       data={"version": game["version"], "bids": bids})
            assert answer.ok, answer.text()
            game = answer.json()
        tricks = [0] * len(names)
        for _trick in range(current.hand_size):
            tricks[chance.randrange(len(names))] += 1
        state = rules.apply(state, rules.Tricks(tuple(tricks)))
        answer = page.request.post(f"/api/v1/games/{game['id']}/tricks", headers=auth,
                                   data={"version": game["version"], "tricks": tricks})
        assert answer.ok, answer.text()
        game = answer.json()
    return {**body, "game": game}


def test_the_share_qr_code_scans_to_the_share_link(page: Any, browser: Any, live_server: str,
                                                   screenshot_dir: Path) -> None:
    made = api_game(page, "oh-hell", ["Ana", "Ben", "Cleo"], rounds=0)
    share = f"{live_server}/g/{made['game']['id']}"
    # A watcher, in dark mode: the code stays dark on a light square.
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark",
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    watcher = context.new_page()
    watcher.goto(share)
    code = watcher.get_by_role("img", name="QR code of the share link")
    expect(code).to_be_visible()
    box = code.bounding_box()
    assert box["width"] >= 160 and box["height"] >= 160
    assert decode_qr(code.screenshot()) == [share]
    watcher.locator(".share").screenshot(path=str(screenshot_dir / "share-panel-dark.png"),
                                          animations="disabled")
    # The link is shown whole, inside the phone's width.
    link = watcher.locator("#share-url")
    expect(link).to_have_text(share)
    assert link.bounding_box()["width"] <= 390
    assert not watcher.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    # Nothing that carries the edit token.
    assert "/keep/" not in watcher.content()
    expect(watcher.get_by_text("Scorekeeper link")).to_have_count(0)
    context.close()

    # The scorekeeper's own link, behind a disclosure that says what it grants.
    page.goto(made["scorekeeper_url"])
    keep_code = page.get_by_role("img", name="QR code of the scorekeeper link")
    expect(keep_code).to_be_hidden()
    page.get_by_text("Scorekeeper link: lets another phone enter scores").click()
    expect(page.get_by_text("can enter, change and undo scores in this game")).to_be_visible()
    keep_url = page.locator("#keep-url").inner_text()
    assert f"/g/{made['game']['id']}/keep/" in keep_url
    assert decode_qr(keep_code.screenshot()) == [keep_url]


def test_copy_works_over_plain_http(browser: Any, live_server: str) -> None:
    """On the home network's plain HTTP there is no Clipboard API: Copy selects the link and
    copies the selection. (127.0.0.1 counts as secure, so the test takes that away.)"""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    context.add_init_script("Object.defineProperty(window, 'isSecureContext', {value: false});"
                            "Object.defineProperty(navigator, 'share', {value: undefined});")
    page = context.new_page()
    made = api_game(page, "oh-hell", ["Ana", "Ben", "Cleo"], rounds=0)
    page.goto(f"/g/{made['game']['id']}")
    expect(page.get_by_role("button", name="Share link")).to_be_hidden()
    copy = page.get_by_role("button", name="Copy link")
    copy.click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{live_server}/g/{made['game']['id']}"
    context.close()


def test_share_button_uses_the_share_sheet(browser: Any, live_server: str) -> None:
    """Where the browser has the Web Share API, Share opens it with the share link."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server)
    context.add_init_script("window.__shared = [];"
                            "Object.defineProperty(navigator, 'share', {value: function (data) {"
                            " window.__shared.push(data); return Promise.resolve(); }});")
    page = context.new_page()
    made = api_game(page, "oh-hell", ["Ana", "Ben", "Cleo"], rounds=0)
    page.goto(f"/g/{made['game']['id']}")
    expect(page.get_by_role("button", name="Copy link")).to_be_hidden()
    page.get_by_role("button", name="Share link").click()
    shared = page.evaluate("window.__shared")
    assert shared[0]["url"] == f"{live_server}/g/{made['game']['id']}"
    assert shared[0]["title"].startswith("Oh Hell · ")
    context.close()


def _look(page: Any, url: str, path: Path, scheme: str, locale: str,
          open_chart: bool = False) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(url)
    if open_chart:
        page.get_by_text("Score chart" if locale == "en" else "Courbe des scores").click()
    chart = page.locator("figure.chart")
    expect(chart).to_be_visible()
    chart.scroll_into_view_if_needed()
    assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    page.screenshot(path=str(path), full_page=False, animations="disabled")


def test_seven_player_elevator_chart_and_image(page: Any, browser: Any, live_server: str,
                                               screenshot_dir: Path) -> None:
    finished = api_game(page, "elevator", NAMES, rounds=13)
    assert finished["game"]["status"] == "finished"
    game_id = finished["game"]["id"]
    # The final screen: the chart openly, and the image to share or download.
    page.goto(f"/g/{game_id}")
    chart = page.get_by_role("img", name="Running totals, round by round")
    expect(chart).to_be_visible()
    expect(page.locator(".chart-summary")).to_have_text(
        page.locator(".chart-svg desc").text_content().split(" Totals")[0])
    download = page.get_by_role("link", name="Download the standings image")
    with page.expect_download() as fetched:
        download.click()
    png = Path(fetched.value.path()).read_bytes()
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (1200, 630)
    day = finished["game"]["created_at"][:10]  # named as every download (docs/api.md)
    assert fetched.value.suggested_filename == f"Elevator {day}.png"
    (screenshot_dir / "standings-image-elevator.png").write_bytes(png)
    french = page.request.get(f"/g/{game_id}/standings.png?lang=fr")
    assert french.ok and french.headers["content-type"] == "image/png"
    (screenshot_dir / "standings-image-elevator-fr.png").write_bytes(french.body())

    _look(page, f"/g/{game_id}", screenshot_dir / "chart-final-light.png", "light", "en")
    _look(page, f"/g/{game_id}", screenshot_dir / "chart-final-dark.png", "dark", "en")

    # During play: behind a disclosure, in French.
    playing = api_game(page, "elevator", NAMES, rounds=6, seed=3)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR",
                                  base_url=live_server, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    french_page = context.new_page()
    _look(french_page, f"/g/{playing['game']['id']}", screenshot_dir / "chart-playing-fr.png",
          "dark", "fr", open_chart=True)
    expect(french_page.locator(".chart-summary")).to_have_text(
        re.compile(r"^.+ (mènent? depuis (la manche \d+|le début)|sont à égalité en tête)\.$"))
    progress = french_page.request.get(f"/g/{playing['game']['id']}/standings.png?lang=fr")
    (screenshot_dir / "standings-image-playing-fr.png").write_bytes(progress.body())
    context.close()


def test_an_open_chart_stays_open_when_the_game_moves_on(page: Any, browser: Any,
                                                         live_server: str) -> None:
    """A watcher reading the chart keeps it open while the live view swaps in a new round."""
    made = api_game(page, "oh-hell", ["Ana", "Ben", "Cleo"], rounds=1, schedule="up")
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server)
    watcher = context.new_page()
    watcher.goto(f"/g/{made['game']['id']}")
    watcher.get_by_text("Score chart").click()
    chart = watcher.get_by_role("img", name="Running totals, round by round")
    expect(chart).to_be_visible()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    game = made["game"]
    # Round 2: Ben deals, Cleo bids first.
    answer = page.request.post(f"/api/v1/games/{game['id']}/bids", headers=auth,
                               data={"version": game["version"], "bids": [None, None, 0]})
    assert answer.ok, answer.text()
    # The poll brings the new bid; the chart is still open, and still the same game's.
    expect(watcher.get_by_text("Waiting for Ana's bid…")).to_be_visible(timeout=8000)
    expect(chart).to_be_visible()
    context.close()
