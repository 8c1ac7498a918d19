"""A table taken to another phone's Companion on a 390×844 touch screen: its file downloaded from
its page ("Download everything"), brought from the home page ("Bring a table from a file"), and
the same table page shown; a broken file refused at the file field, in French.
Screenshots: docs/screenshots/export-*.png."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

from playwright.sync_api import Locator, Page, expect

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
ONE_CARD = {"max_hand": 1, "schedule": "down"}


def _tap(page: Page, target: Locator) -> None:
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def _table(page: Page) -> str:
    """A table with three one-card games (Cleo wins all three) and a rename: its id."""
    created = page.request.post("/api/v1/tables", data={"name": "Thursday cards"}).json()
    table_id, bearer = created["table"]["id"], {"Authorization": f"Bearer {created['edit_token']}"}
    for taker in (1, 0, 3):
        made = page.request.post("/api/v1/games", headers=bearer, data={
            "ruleset": "oh-hell", "players": NAMES, "table": table_id, "options": ONE_CARD})
        game = made.json()["game"]
        tricks = [int(seat == taker) for seat in range(len(NAMES))]
        for path, body in (("bids", {"bids": [0] * len(NAMES)}), ("tricks", {"tricks": tricks})):
            game = page.request.post(f"/api/v1/games/{game['id']}/{path}", headers=bearer,
                                     data={"version": game["version"], **body}).json()
    renamed = page.request.post(f"/api/v1/tables/{table_id}/players/rename", headers=bearer,
                                data={"from": "Dev", "to": "Devi"})
    assert renamed.ok, renamed.text()
    return table_id


def _seen(page: Page, table_id: str) -> str:
    """What a watcher reads of a table page: its main part's text (its own link aside)."""
    return page.locator("main").inner_text().replace(table_id, "<id>")


def test_a_table_taken_to_another_phone_by_its_file(page: Page, phones: Callable[..., Any],
                                                    tmp_path: Path, screenshot_dir: Path) -> None:
    table_id = _table(page)
    page.goto(f"/t/{table_id}")
    link = page.get_by_role("link", name="Download everything")
    link.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "export-table-download.png"))
    with page.expect_download() as fetched:
        _tap(page, link)
    download = fetched.value
    assert re.fullmatch(r"Thursday cards \d{4}-\d\d-\d\d\.json", download.suggested_filename)
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert json.loads(saved.read_text())["format"] == "companion-export"
    original = _seen(page, table_id)

    other = phones(locale="en-GB", has_touch=True, device_scale_factor=2)
    other.goto("/")
    other.get_by_label("Bring a table from a file").set_input_files(saved)
    bring = other.get_by_role("button", name="Bring the table")
    bring.scroll_into_view_if_needed()
    other.screenshot(path=str(screenshot_dir / "export-home-bring.png"))
    _tap(other, bring)
    other.wait_for_url("**/t/*")
    new_id = other.url.rsplit("/", 1)[-1]
    assert new_id != table_id
    expect(other.get_by_role("heading", name="Thursday cards", level=1)).to_be_visible()
    other.screenshot(path=str(screenshot_dir / "export-table-brought.png"))
    assert other.evaluate("document.documentElement.scrollWidth") <= 390
    watcher = phones(locale="en-GB", has_touch=True)
    watcher.goto(f"/t/{new_id}")
    assert _seen(watcher, new_id) == original  # the same table page, read by anyone with its link

    broken = json.loads(saved.read_text())
    broken["games"][1]["entries"][1] = {"kind": "tricks", "tricks": [1, 1, 0, 0]}
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    french = phones(locale="fr-FR", has_touch=True, device_scale_factor=2)
    french.goto("/")
    french.get_by_label("Importer une table depuis un fichier").set_input_files(
        tmp_path / "broken.json")
    _tap(french, french.get_by_role("button", name="Importer la table"))
    field = french.get_by_label("Importer une table depuis un fichier")
    expect(field).to_have_attribute("aria-invalid", "true")
    error = french.locator("#import-file-error")
    expect(error).to_have_text("Partie 2, saisie 2 : Les plis font 2 en tout, mais 1 ont été "
                               "joués.", use_inner_text=True)
    error.scroll_into_view_if_needed()
    french.screenshot(path=str(screenshot_dir / "export-refused-fr.png"))
    assert french.evaluate("document.documentElement.scrollWidth") <= 390
