"""Every download named by one rule (docs/api.md, "Downloads"): the game's or the table's name,
a space, the day, the extension; as typed in ``filename*`` and in ASCII in ``filename``. A game's
score sheet, export and standings image; a table's games sheet, export and standings image; the
pages' download links carry the same names."""

from __future__ import annotations

import html
import re
from datetime import date
from urllib.parse import unquote

from flask.testing import FlaskClient

from companion.http.downloads import MOST, disposition, file_name
from tests.api.client import Api, Game

PLAYERS = ["Ana", "Ben", "Cleo"]
#: A one-round Oh Hell (or Elevator) game: one card dealt, dealt once.
ONE_CARD = {"max_hand": 1, "schedule": "down"}


def named(answer: object) -> tuple[str, str, str]:
    """(kind, the ASCII ``filename``, the ``filename*`` as typed) of an answer's header."""
    header = answer.headers["Content-Disposition"]  # type: ignore[attr-defined]
    found = re.fullmatch(r"""(attachment|inline); filename="([^"]*)"; filename\*=UTF-8''(\S+)""",
                         header)
    assert found, header
    return found[1], found[2], unquote(found[3])


def day_of(game: Game) -> str:
    return str(game.body["created_at"][:10])


def one_card_round(api: Api, game: Game) -> None:
    api.write(game, "bids", {"bids": [0, 0, 0]})
    api.write(game, "tricks", {"tricks": [1, 0, 0]})


def download_links(page: str) -> list[str]:
    return [html.unescape(name) for name in re.findall(r' download="([^"]+)"', page)]


def test_a_games_files_are_named_after_its_title_and_day(client: FlaskClient) -> None:
    api = Api(client)
    pad = api.create("score-pad", PLAYERS, title="Hearts")
    api.write(pad, "points", {"points": [5, 3, 0]})
    api.write(pad, "finish", {})
    day = day_of(pad)
    for path, kind, ext in (("/api/v1/games/{}/scores.csv", "attachment", "csv"),
                            ("/api/v1/games/{}/export", "attachment", "json"),
                            ("/g/{}/standings.png", "inline", "png")):
        answer = client.get(path.format(pad.id))
        assert answer.status_code == 200, path
        assert named(answer) == (kind, f"Hearts {day}.{ext}", f"Hearts {day}.{ext}"), path
    # The final screen's image link, as the image itself.
    assert download_links(client.get(f"/g/{pad.id}").get_data(as_text=True)) == [
        f"Hearts {day}.png"]


def test_a_card_games_files_carry_its_name_in_every_language(client: FlaskClient) -> None:
    api = Api(client)
    game = api.create("elevator", PLAYERS, first_dealer=0, options=ONE_CARD)
    one_card_round(api, game)
    assert game.body["status"] == "finished"
    expected = f"Elevator {day_of(game)}"
    french = {"Accept-Language": "fr"}  # the page says "Ascenseur"; the files keep one name
    for path, ext in (("/api/v1/games/{}/scores.csv", "csv"), ("/api/v1/games/{}/export", "json"),
                      ("/g/{}/standings.png?lang=fr", "png")):
        assert named(client.get(path.format(game.id), headers=french))[1:] == (
            f"{expected}.{ext}", f"{expected}.{ext}"), path
    page = client.get(f"/g/{game.id}", headers=french).get_data(as_text=True)
    assert "Ascenseur" in page
    assert download_links(page) == [f"{expected}.png"]
    # An untitled pad is a "Score pad", not "score-pad-<day>-<id>".
    pad = api.create("score-pad", PLAYERS)
    assert named(client.get(f"/api/v1/games/{pad.id}/scores.csv"))[1] == (
        f"Score pad {day_of(pad)}.csv")


def test_a_tables_files_are_named_after_the_table_and_its_newest_game(
        client: FlaskClient) -> None:
    made = client.post("/api/v1/tables", json={"name": "Thursday cards"}).get_json()
    table_id, token = made["table"]["id"], made["edit_token"]
    answer = client.post("/api/v1/games", headers={"Authorization": f"Bearer {token}"}, json={
        "ruleset": "oh-hell", "players": PLAYERS, "table": table_id, "first_dealer": 0,
        "options": ONE_CARD}).get_json()
    game = Game(answer["game"]["id"], token, answer["game"])
    one_card_round(Api(client), game)
    day = client.get(f"/api/v1/tables/{table_id}").get_json()["games"][0]["started"][:10]
    for path, kind, ext in (("/api/v1/tables/{}/games.csv", "attachment", "csv"),
                            ("/api/v1/tables/{}/export", "attachment", "json"),
                            ("/t/{}/standings.png", "inline", "png")):
        answer = client.get(path.format(table_id))
        assert answer.status_code == 200, path
        expected = f"Thursday cards {day}.{ext}"
        assert named(answer) == (kind, expected, expected), path
    # The game's own files keep the game's name, at a table or not.
    assert named(client.get(f"/api/v1/games/{game.id}/export"))[2] == f"Oh Hell {day}.json"
    assert download_links(client.get(f"/t/{table_id}").get_data(as_text=True)) == [
        f"Thursday cards {day}.png"]


def test_what_a_file_name_may_not_hold_is_left_out(client: FlaskClient) -> None:
    """Path separators, what Windows refuses, control and format characters (a right-to-left
    override): spaces, runs of them one. Accents stay, spelt out of the ASCII name."""
    api = Api(client)
    pad = api.create("score-pad", PLAYERS, title='\u202eCafé: "Tarot"/..\\Règles')
    kind, plain, typed = named(client.get(f"/api/v1/games/{pad.id}/scores.csv"))
    day = day_of(pad)
    assert typed == f"Café Tarot .. Règles {day}.csv"
    assert plain == f"Cafe Tarot .. Regles {day}.csv"
    # A name with no ASCII form: the day alone in ``filename``, the name in ``filename*``.
    made = client.post("/api/v1/tables", json={"name": "木曜日"}).get_json()
    answer = client.get(f"/api/v1/tables/{made['table']['id']}/games.csv")
    assert named(answer)[1] == f"{made['table']['created_at'][:10]}.csv"
    assert named(answer)[2].startswith("木曜日 ")


def test_the_rule_itself() -> None:
    day = date(2026, 12, 7)
    assert file_name("Thursday cards", day, "json") == "Thursday cards 2026-12-07.json"
    assert file_name("a\tb\nc\x00d\x7fe\u200ff\u2028g", day, "csv") == "a b c d e f g 2026-12-07.csv"
    assert file_name(" ..hidden. ", day, "csv") == "hidden 2026-12-07.csv"
    assert file_name("/\\:*?\"<>|", day, "csv") == "2026-12-07.csv"
    assert file_name("x" * 200, day, "csv") == "x" * MOST + " 2026-12-07.csv"
    assert disposition("100% Café 2026-12-07.csv") == (
        "attachment; filename=\"100 Cafe 2026-12-07.csv\"; "
        "filename*=UTF-8''100%25%20Caf%C3%A9%202026-12-07.csv")
    assert disposition("Nonna's 2026-12-07.png", "inline").startswith(
        "inline; filename=\"Nonna's 2026-12-07.png\"; filename*=UTF-8''Nonna%27s%202026")


def test_two_games_of_one_title_on_one_day_share_a_name(client: FlaskClient) -> None:
    api = Api(client)
    first, second = (api.create("score-pad", PLAYERS, title="Hearts") for _ in range(2))
    names = {named(client.get(f"/api/v1/games/{g.id}/scores.csv"))[2] for g in (first, second)}
    assert names == {f"Hearts {day_of(first)}.csv"}  # the browser adds its " (1)"
