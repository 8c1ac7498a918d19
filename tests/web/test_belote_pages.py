"""Belote and Coinche on the pages: a hand from the one-screen form (the taker's chip, the card
points, the belote, announcements, a capot), a refusal at its field in the table's words with
what was typed kept, the held litige on the board, each team's why, the correction page
prefilled, "We stop here", Coinche's contract chips, and the rules and new-game pages."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.api.client import Api, Game

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _kept(client: FlaskClient, game: Game) -> str:
    client.get(f"/g/{game.id}/keep/{game.token}")
    return client.get(f"/g/{game.id}").get_data(as_text=True)


def _post(client: FlaskClient, api: Api, game: Game, path: str, **data: Any) -> Any:
    return client.post(f"/g/{game.id}/{path}",
                       data={"version": api.get(game)["version"], "belote": "none",
                             "capot": "none", **data})


def _checked(html: str, name: str, value: str) -> bool:
    return re.search(rf'name="{name}" value="{re.escape(value)}"[^>]*checked', html) is not None


def test_a_hand_a_refusal_at_its_field_and_the_held_litige(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("belote", FOUR)
    html = _kept(client, game)
    assert 'action="/g/' in html and "belote-hand" in html
    assert 'inputmode="numeric"' in html and "The other team: 162 minus them" in html
    assert _checked(html, "belote", "none") and _checked(html, "capot", "none")
    # A litige: 81 each.
    answer = _post(client, api, game, "belote-hand", round=1, taker="0", points="81")
    assert answer.status_code == 303
    html = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "Litige: 81 held for the next hand won." in html
    assert "Total 81 against 81: litige" in html and "81 held for the next hand won" in html
    # 161 is refused at the points, in the table's words; what was tapped stays.
    answer = _post(client, api, game, "belote-hand", round=2, taker="1", points="161",
                   belote="3", announcer_1="1", announced_1="tierce")
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert re.search(r'id="points-error"[^>]*>A side never holds 161: the other would hold 1, '
                     r'and no card is worth 1\.', html)
    assert re.search(r'name="points"[^>]*value="161"[^>]*aria-invalid="true"', html)
    assert _checked(html, "taker", "1") and _checked(html, "belote", "3")
    assert _checked(html, "announced_1", "tierce") and _checked(html, "announcer_1", "1")
    assert "The other team: 1" in html
    assert api.get(game)["version"] == 2
    # The next hand won takes the pot.
    answer = _post(client, api, game, "belote-hand", round=2, taker="1", points="100")
    assert answer.status_code == 303
    body = api.get(game)
    assert [t["score"] for t in body["teams"]] == [62, 81 + 181]
    html = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "+81 from the litige" in html and "Litige: 81 held" not in html


def test_the_correction_page_and_we_stop_here(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("belote", FOUR)
    api.write(game, "hands", {"taker": 3, "points": 90, "belote": 1,
                              "announcements": [{"seat": 3, "kind": "cinquante"}]})
    html = _kept(client, game)
    assert "We stop here" in html
    page = client.get(f"/g/{game.id}/rounds/1").get_data(as_text=True)
    assert _checked(page, "taker", "3") and _checked(page, "belote", "1")
    assert _checked(page, "announced_1", "cinquante") and _checked(page, "announcer_1", "3")
    assert re.search(r'name="points"[^>]*value="90"', page)
    answer = client.post(f"/g/{game.id}/rounds/1", data={
        "version": api.get(game)["version"], "round": 1, "taker": "3", "points": "0",
        "capot": "1", "belote": "none"})
    assert answer.status_code == 422
    assert "With that capot the takers hold 162 card points, not 0." in answer.get_data(
        as_text=True)
    answer = client.post(f"/g/{game.id}/rounds/1", data={
        "version": api.get(game)["version"], "round": 1, "taker": "3", "points": "",
        "capot": "1", "belote": "none"})
    assert answer.status_code == 303
    assert [t["score"] for t in api.get(game)["teams"]] == [0, 250]
    answer = client.post(f"/g/{game.id}/belote-finish", data={"version": api.get(game)["version"]})
    assert answer.status_code == 303
    assert api.get(game)["finished_by"] == "scorekeeper"
    html = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "Stopped after 1 hand." in html


def test_announcements_are_lines_each_with_its_player(client: FlaskClient) -> None:
    """The page takes what the rules allow: one team's announcements, each with its own
    player, the same kind twice; a kind without its player is asked for, what was tapped
    kept; a line set to "none" is left out."""
    api = Api(client)
    game = api.create("belote", FOUR)
    _kept(client, game)
    answer = _post(client, api, game, "belote-hand", round=1, taker="1", points="90",
                   announcer_1="1", announced_1="tierce", announced_2="tierce")
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert re.search(r'id="announcements-error"[^>]*>Who announced it\?', html)
    assert _checked(html, "announced_2", "tierce") and _checked(html, "announcer_1", "1")
    assert api.get(game)["version"] == 1
    answer = _post(client, api, game, "belote-hand", round=1, taker="1", points="90",
                   announcer_1="1", announced_1="tierce", announcer_2="3",
                   announced_2="tierce", announcer_3="none", announced_3="cent")
    assert answer.status_code == 303
    hand = api.get(game)["rounds"][0]["hand"]
    assert hand["announcements"] == [{"seat": 1, "kind": "tierce"},
                                     {"seat": 3, "kind": "tierce"}]
    page = client.get(f"/g/{game.id}/rounds/1").get_data(as_text=True)
    assert _checked(page, "announcer_2", "3") and _checked(page, "announced_2", "tierce")


def test_coinche_asks_the_contract(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("coinche", FOUR)
    html = _kept(client, game)
    for value in ("80", "160", "capot", "generale"):
        assert f'name="contract" value="{value}"' in html
    assert 'name="coinche" value="surcoinche"' in html
    assert 'name="announced_1"' not in html  # Coinche plays without them by default
    answer = _post(client, api, game, "belote-hand", round=1, taker="0", points="100")
    assert answer.status_code == 422
    assert "Which contract?" in answer.get_data(as_text=True)
    answer = _post(client, api, game, "belote-hand", round=1, taker="0", points="100",
                   contract="120", coinche="coinche")
    assert answer.status_code == 303
    assert [t["score"] for t in api.get(game)["teams"]] == [0, 560]  # 2 × (162 + 120) = 564
    html = client.get(f"/g/{game.id}").get_data(as_text=True)
    assert "Coinche ×2" in html and "564 rounded to 560" in html


def test_rules_and_new_game_pages(client: FlaskClient) -> None:
    rules = client.get("/rules/belote").get_data(as_text=True)
    assert "counter-clockwise" in rules and "Litige" in rules
    assert "exoty.com: belote is often played clockwise" in rules
    new = client.get("/new?game=coinche").get_data(as_text=True)
    assert "Coinche" in new and "Contract plus points" in new
