"""Spades on the pages, through the declarations every game uses: the bid pad (1 … 13, Nil, Blind
nil disabled with why for a seat that may not), a bid in words posted from the pad, a refused
one at the field, a hand's why per side, the sides' bags on the board, the correction page with
Nil and Blind nil, the final standings with the standings image and a rematch, the statistics,
the rules page and the new-game page."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from flask.testing import FlaskClient

from tests.api.client import Api, Game

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _hand(api: Api, game: Game, bids: list[Any], tricks: list[int]) -> None:
    for seat in api.get(game)["current"]["bidding_order"]:
        one: list[Any] = [None] * len(bids)
        one[seat] = bids[seat]
        api.write(game, "bids", {"bids": one})
    api.write(game, "tricks", {"tricks": tricks})


def _kept(client: FlaskClient, game: Game) -> str:
    client.get(f"/g/{game.id}/keep/{game.token}")
    return client.get(f"/g/{game.id}").get_data(as_text=True)


def _button(html: str, label: str) -> str:
    found = re.search(rf'<button[^>]*aria-label="{re.escape(label)}"[^>]*>', html)
    assert found, label
    return found.group(0)


def test_the_pad_offers_nil_and_refuses_blind_nil_with_why(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("spades", FOUR)
    html = _kept(client, game)
    for label in [f"Ben bids {n}" for n in range(1, 14)] + ["Ben bids Nil"]:
        assert "disabled" not in _button(html, label)
    assert "Ben bids 0" not in html and "Ben bids 14" not in html
    blind = _button(html, "Ben bids Blind nil")
    assert "disabled" in blind and 'aria-describedby="blind-nil-reason"' in blind
    assert "Blind nil only for a side 100 or more behind: Ben & Dev are not behind." in _text(html)
    # Bids in words from the pad; a refused one (0) comes back at the field.
    answer = client.post(f"/g/{game.id}/spades/bid",
                         data={"version": api.get(game)["version"], "seat": 1, "bid": "0"},
                         headers={"HX-Request": "true"})
    assert answer.status_code == 422
    assert "can bid 1 to 13: for no trick at all, tap Nil." in answer.get_data(as_text=True)
    answer = client.post(f"/g/{game.id}/spades/bid",
                         data={"version": api.get(game)["version"], "seat": 1, "bid": "nil"})
    assert answer.status_code == 303
    assert api.get(game)["current"]["bids"] == [None, "nil", None, None]


def test_the_board_the_why_and_the_correction(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("spades", FOUR, options={"blind_nil": "always"})
    _hand(api, game, [5, "nil", 3, 4], [5, 1, 4, 3])
    html = _kept(client, game)
    text = _text(html)
    assert "Ana & Cleo 1 bag" in text and "Ben & Dev 1 bag" in text
    assert "bid 8, took 9: 80 + 1 bag" in text
    assert "bid 4, took 3: set, −40" in text and "Nil failed: 1 trick" in text
    assert "Hand: −139" in text
    page = client.get(f"/g/{game.id}/rounds/1").get_data(as_text=True)
    nil = re.search(r'<input[^>]*name="bids_1" value="nil"[^>]*>', page)
    assert nil and "checked" in nil.group(0)
    answer = client.post(f"/g/{game.id}/rounds/1", data={
        "version": api.get(game)["version"], "round": 1, "bids_0": "5", "bids_1": "blind-nil",
        "bids_2": "3", "bids_3": "4", "tricks_0": 5, "tricks_1": 0, "tricks_2": 4, "tricks_3": 4})
    assert answer.status_code == 303
    corrected = api.get(game)["rounds"][0]
    assert corrected["bids"] == [5, "blind-nil", 3, 4] and corrected["points"] == [81, 240]


def test_the_end_the_standings_image_the_rematch_and_the_pages(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("spades", FOUR, options={"target": 200})
    _hand(api, game, [6, 1, 6, 1], [6, 1, 6, 0])  # 120 and −20 (set)
    _hand(api, game, [4, 1, 4, 1], [5, 1, 5, 2])  # 82 more: 202 ends it
    assert api.get(game)["status"] == "finished"
    html = _kept(client, game)
    assert "Ana & Cleo" in _text(html) and "202" in html
    image = client.get(f"/g/{game.id}/standings.png")
    assert image.status_code == 200 and image.mimetype == "image/png"
    statistics = client.get(f"/api/v1/games/{game.id}/statistics").get_json()
    assert statistics["sides"][0]["contract_rate"] == 1.0
    rematch = client.post(f"/g/{game.id}/rematch", data={})
    assert rematch.status_code == 303
    again = api.get(game)["links"]["rematch"]
    assert client.get(again).status_code == 200
    rules_page = client.get("/rules/spades").get_data(as_text=True)
    assert "Blind nil only for a side at least 100 points behind" in rules_page
    assert "RMWinslow" in rules_page and "OpenSpiel" in rules_page
    new_game = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ",
                                          client.get("/new?game=spades").get_data(as_text=True)))
    assert "Spades 2–4 players" in new_game
    assert "Cutthroat — Everyone plays alone, four players too." in new_game


def test_a_tables_page_names_the_run_of_bids_made(client: FlaskClient) -> None:
    """At a table Spades' record is the run of bids made (a bid is made, not matched)."""
    from tests.api.test_contract_spades import _spades_export
    entries = []
    for number, (bids, tricks) in enumerate([([4, 3, 4, 3], [5, 3, 4, 1]),
                                             ([3, 3, 3, 3], [3, 3, 3, 4])], start=1):
        for k in range(4):
            one: list[Any] = [None] * 4
            one[(number + k) % 4] = bids[(number + k) % 4]
            entries.append({"kind": "bids", "bids": one})
        entries.append({"kind": "tricks", "tricks": tricks})
    made = client.post("/api/v1/tables/import", json=_spades_export(entries))
    assert made.status_code == 201, made.get_json()
    answer = made.get_json()
    page = client.get(f"/t/{answer['table']['id']}").get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert "Longest run of bids made: 2 hands in a row by" in text
    assert "Longest run of exact bids" not in text


def test_a_game_with_house_rules_from_the_new_game_page(client: FlaskClient) -> None:
    """Each house rule sent as the form's token ("-300", "by-players", "number" and the number
    typed beside it) is the engine's value; a rule that needs partners is refused at the page."""
    form = {"ruleset": "spades", "players-0": "Ana", "players-1": "Ben", "players-2": "Cleo",
            "players-3": "Dev", "first_dealer": "0", "spades_floor": "-300",
            "spades_bag_limit": "by-players", "spades_blind_nil": "always",
            "spades_min_side_bid": "number", "spades_min_side_bid_number": "5"}
    made = client.post("/new", data=form)
    assert made.status_code == 303, made.get_data(as_text=True)[:2000]
    game_id = made.headers["Location"].split("/g/")[1].split("/")[0]
    options = client.get(f"/api/v1/games/{game_id}").get_json()["options"]
    assert (options["floor"], options["bag_limit"], options["blind_nil"],
            options["min_side_bid"]) == (-300, None, "always", 5)
    refused = client.post("/new", data={**form, "spades_teams": "none"})
    assert refused.status_code == 422
    assert "This house rule needs partners: four players in pairs." in refused.get_data(
        as_text=True)
    missing = client.post("/new", data={**form, "spades_min_side_bid_number": ""})
    assert missing.status_code == 422
    assert "Type a whole number from 2 to 13, or leave it empty." in missing.get_data(as_text=True)


def _text(html: str) -> str:
    """The page's words: tags out, entities read, names' isolating marks dropped."""
    words = unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))
    return re.sub("[\u2066-\u2069]", "", words)


def test_a_side_ahead_is_said_to_lead_not_to_be_0_behind(client: FlaskClient) -> None:
    """Ana & Cleo 161 ahead: the pad says they lead, in each language; Ben & Dev 60 behind
    (blind nil at 200) are said to be 60 behind; a refused post says the player's side leads."""
    api = Api(client)
    game = api.create("spades", FOUR)
    _hand(api, game, [5, 3, 5, 3], [6, 1, 5, 1])  # 101 and −60: Cleo bids first in hand 2
    client.get(f"/g/{game.id}/keep/{game.token}")
    said = {"en": "Blind nil only for a side 100 or more behind: Ana & Cleo lead by 161.",
            "fr": "Le nil aveugle est pour une équipe menée de 100 points ou plus : Ana & Cleo "
                  "mènent de 161.",
            "it": "Il nil alla cieca è per una coppia sotto di 100 punti o più: Ana & Cleo sono "
                  "avanti di 161."}
    for language, sentence in said.items():
        page = client.get(f"/g/{game.id}", headers={"Accept-Language": language})
        assert sentence in _text(page.get_data(as_text=True)), language
    assert "0 behind" not in _text(client.get(f"/g/{game.id}").get_data(as_text=True))
    answer = client.post(f"/g/{game.id}/spades/bid", headers={"HX-Request": "true"},
                         data={"version": api.get(game)["version"], "seat": 2,
                               "bid": "blind-nil"})
    assert answer.status_code == 422
    assert ("Blind nil only for a side 100 or more behind: Cleo's side leads by 161."
            in _text(answer.get_data(as_text=True)))
    refused = api.send(game, "bids", {"version": api.get(game)["version"],
                                      "bids": [None, None, "blind-nil", None]})
    assert "Cleo's side leads by 161" in refused.get_json()["error"]["message"]
    behind = api.create("spades", FOUR, options={"blind_nil": "behind-200"})
    _hand(api, behind, [5, 3, 5, 3], [6, 1, 5, 1])
    api.write(behind, "bids", {"bids": [None, None, 5, None]})
    html = _kept(client, behind)  # Dev, 161 behind, is not 200 behind
    assert "Blind nil only for a side 200 or more behind: Ben & Dev are 161 behind." in _text(html)


def test_spades_labels_say_hand_where_others_say_round(client: FlaskClient) -> None:
    """The undo, the board's rows, the correction page and its refusals name a hand (donne,
    mano), never a round."""
    api = Api(client)
    game = api.create("spades", FOUR)
    _hand(api, game, [5, 3, 5, 3], [6, 1, 5, 1])
    client.get(f"/g/{game.id}/keep/{game.token}")
    for language, words in {
            "en": ("Undo hand 1's tricks", "Correct hand 1", "Hand 1", "Save hand 1"),
            "fr": ("Annuler les plis de la donne 1", "Corriger la donne 1", "Donne 1",
                   "Enregistrer la donne 1"),
            "it": ("Annulla le prese della mano 1", "Correggi la mano 1", "Mano 1",
                   "Salva la mano 1")}.items():
        headers = {"Accept-Language": language}
        html = client.get(f"/g/{game.id}", headers=headers).get_data(as_text=True)
        undo, correct, hand, save = words
        assert undo in _text(html), language
        assert f'aria-label="{correct}"' in html, language
        assert re.search(r'<th scope="col" class="round-col">\s*' + hand.split()[0], html)
        assert "round" not in _text(html).lower(), re.findall(r".{60}round.{30}", _text(html).lower())
        page = client.get(f"/g/{game.id}/rounds/1", headers=headers).get_data(as_text=True)
        assert f"<h1>{correct}</h1>" in page and save in _text(page)
        assert "round" not in _text(page).lower(), language
    # A correction that would leave the hand unfinished says "hand".
    answer = client.post(f"/g/{game.id}/rounds/1", data={
        "version": api.get(game)["version"], "round": 1, "bids_0": "5", "bids_1": "3",
        "bids_2": "5", "bids_3": "3", "tricks_0": 6, "tricks_1": 1, "tricks_2": 5})
    assert answer.status_code == 422
    assert "round 1" not in _text(answer.get_data(as_text=True)).lower()


def test_the_statistics_show_each_side_and_each_player(client: FlaskClient) -> None:
    """docs/rules.md section 10, "Statistics": the table's figures, each side's and each
    player's on the page, as the API counts them; without partners one column a player."""
    api = Api(client)
    game = api.create("spades", FOUR, options={"blind_nil": "always"})
    _hand(api, game, [5, "nil", 3, "blind-nil"], [5, 1, 4, 3])
    html = _kept(client, game)
    stats = _text(html[html.index('id="stats-title"'):])
    for line in ("Hands played: 1", "Nil bids: 50% of all bids", "Average contract: 8.0",
                 "Bag penalties: 0"):
        assert line in stats, line
    for caption, figures in (("Sides", ["Points a hand", "Contracts made", "Sets", "Bags"]),
                             ("Players", ["Average bid", "Exact bids", "Nil bids", "Nils made",
                                          "Blind nil bids", "Blind nils made"])):
        table = stats[stats.index(caption):]
        assert all(figure in table for figure in figures), caption
    players = stats[stats.index("Players Ana Ben Cleo Dev"):]
    assert "Average bid Ana 5.0 Ben – Cleo 3.0 Dev –" in players
    assert "Blind nil bids Ana 0 Ben 0 Cleo 0 Dev 1" in players
    alone = api.create("spades", FOUR[:3])
    _hand(api, alone, [5, "nil", 6], [7, 1, 9])
    stats = _text(client.get(f"/g/{alone.id}").get_data(as_text=True))
    stats = stats[stats.index("Statistics"):]
    assert "Sides" not in stats
    assert "Points a hand Ana 52.0 Ben −99.0 Cleo 63.0" in stats.replace("-99", "−99")
    assert "Nil bids Ana 0 Ben 1 Cleo 0" in stats


def test_a_correction_refused_for_a_later_hand_names_the_hand(client: FlaskClient) -> None:
    """Hand 1 corrected so that Ben and Dev lead: hand 2's blind nil would be impossible."""
    api = Api(client)
    game = api.create("spades", FOUR)
    _hand(api, game, [5, 3, 5, 3], [6, 1, 5, 1])  # Ben and Dev 161 behind
    _hand(api, game, [4, 3, 5, "blind-nil"], [5, 3, 5, 0])
    client.get(f"/g/{game.id}/keep/{game.token}")
    answer = client.post(f"/g/{game.id}/rounds/1", data={
        "version": api.get(game)["version"], "round": 1, "bids_0": "5", "bids_1": "3",
        "bids_2": "5", "bids_3": "3", "tricks_0": 3, "tricks_1": 4, "tricks_2": 3,
        "tricks_3": 3})
    assert answer.status_code == 422
    said = _text(answer.get_data(as_text=True))
    assert "This correction would make hand 2 impossible: " in said
    assert "round 2" not in said.lower()
