"""The new-game page reads: game, players, start. The house rules are folded in one closed line
after the names, saying which are changed; a refused one opens it with its error at its field.
The name rows' buttons are named for the name typed ("Remove Ana")."""

from __future__ import annotations

import html as html_lib
import re

from flask.testing import FlaskClient

from .conftest import new_game_form, text

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _details(html: str) -> str:
    found = re.search(r'<details class="house-rules" id="house-rules"[^>]*>', html)
    assert found, "the house rules are folded in a <details>"
    return found.group(0)


def _summary_of(html: str, game: str) -> str:
    found = re.search(rf'<span class="house-rules-said" data-game="{game}"[^>]*>([^<]*)</span>', html)
    assert found, game
    return html_lib.unescape(found.group(1))


def test_the_page_reads_game_players_then_start(client: FlaskClient) -> None:
    html = client.get("/new?game=oh-hell").get_data(as_text=True)
    order = [html.index(mark) for mark in (
        "<h2>Which game?</h2>", "<h2>Players</h2>", "<h2>First dealer</h2>",
        '<details class="house-rules"', 'class="btn btn-primary btn-block start"')]
    assert order == sorted(order)
    assert " open" not in _details(html)  # closed: most tables never change them
    assert html.count('<details class="house-rules"') == 1
    # Every game's rules are in the one <details>: none is left under its game card.
    assert html.index('name="oh_hell_hook"') > html.index('<details class="house-rules"')
    assert "game-options" not in html
    page = text(client.get("/new?game=oh-hell"))
    assert "House rules: as usual · change" in page


def test_the_summary_says_the_rules_changed(client: FlaskClient) -> None:
    # Refused for its names (none), with two house rules changed: they are said in the line.
    answer = client.post("/new", data=new_game_form("oh-hell", [], 0, hook="never",
                                                    scoring="squared"))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert _summary_of(html, "oh-hell") == "House rules: Scoring: Squared; The dealer's hook: Never"
    assert _summary_of(html, "elevator") == "House rules: as usual"
    assert " open" not in _details(html)  # the error is at the names, not in the house rules
    # The words game.js puts together as rules are changed, the server's own.
    assert 'data-changed="House rules: {changes}"' in html
    assert 'data-rule="{rule}: {value}"' in html
    assert re.search(r'<fieldset class="field option" data-usual="always">\s*<legend>The dealer', html)


def test_a_typed_largest_hand_is_said_in_cards(client: FlaskClient) -> None:
    answer = client.post("/new", data={**new_game_form("oh-hell", [], 0, max_hand="number"),
                                       "oh_hell_max_hand_number": "5"})
    assert _summary_of(answer.get_data(as_text=True), "oh-hell") == \
        "House rules: Largest hand: 5 cards"


def test_a_refused_house_rule_opens_them_with_its_error_at_its_field(client: FlaskClient) -> None:
    answer = client.post("/new", data={**new_game_form("oh-hell", FOUR, 0, max_hand="number",
                                                       hook="not-last"),
                                       "oh_hell_max_hand_number": "13"})
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert " open" in _details(html)
    error = re.search(r'<p class="field-error" id="oh_hell_max_hand-error">([^<]+)</p>', html)
    assert error and "12" in error.group(1)
    assert error.start() > html.index('<details class="house-rules"')
    assert re.search(r'name="oh_hell_max_hand_number" type="number"[^>]*value="13"', html)
    assert re.search(r'name="oh_hell_hook" value="not-last" checked', html)
    for name in FOUR:  # nothing typed is lost
        assert f'value="{name}"' in html
    # The error summary's link goes to the field, inside the opened details.
    assert 'href="#oh_hell_max_hand-error"' in html or 'href="#oh_hell_max_hand_number"' in html


def test_the_french_summary(client: FlaskClient) -> None:
    answer = client.post("/new", data=new_game_form("oh-hell", [], 0, hook="never"),
                         headers={"Accept-Language": "fr"})
    html = answer.get_data(as_text=True).replace("\u00a0", " ")
    assert _summary_of(html, "oh-hell") == "Règles maison : Restriction du donneur : Jamais"
    assert "Règles maison : comme d’habitude" in html


def test_the_row_buttons_say_the_name_typed(client: FlaskClient) -> None:
    page = client.post("/new/players", data={
        "ruleset": "oh-hell", "players-0": "Ana", "players-1": "", "players-2": "Cleo",
        "first_dealer": "random", "action": "add"}).get_data(as_text=True)
    for label in ("Ana deals first", "Move Ana down", "Remove Ana", "Cleo deals first",
                  "Move Cleo up", "player 2 deals first", "Remove player 2"):
        assert f'aria-label="{label}"' in page, label
    assert not re.search(r'aria-label="[^"]*player 1\b', page)  # once named, Ana's row says Ana
    # What game.js says as a name is typed: the server's words, the name left to fill in.
    assert 'data-named="{name} deals first" data-unnamed="player 1 deals first"' in page
    assert 'data-named="Remove {name}" data-unnamed="Remove player 3"' in page
    french = client.post("/new/players", headers={"Accept-Language": "fr"}, data={
        "ruleset": "oh-hell", "players-0": "Ana", "players-1": "", "first_dealer": "random",
        "action": "add"}).get_data(as_text=True)
    assert 'aria-label="Retirer Ana"' in french and 'aria-label="Ana donne en premier"' in french
