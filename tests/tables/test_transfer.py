"""docs/api.md, "Export and import": a table exported, imported into a second app with its own
database, is the same table (its statistics, every game's JSON but its ids, CSVs, standings);
every refusal of an import leaves nothing behind."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, text

from companion import rules

from companion.storage.models import db
from tests.api.client import Api, Game

from .conftest import ONE_CARD, Tables
from .transfer_games import BUILDERS, Playing, hand

#: What differs between a game and its import: its id, its links, its version (a count of its
#: writes, undone ones included) and the time of its last write.
NOT_COMPARED = ("id", "links", "version", "updated_at")


def _table(client: FlaskClient) -> tuple[str, str]:
    made = client.post("/api/v1/tables", json={"name": "Thursday cards"})
    assert made.status_code == 201
    body = made.get_json()
    return body["table"]["id"], body["edit_token"]


def _build(client: FlaskClient, builders: dict[str, Callable[..., None]],
           tokens: list[str] | None = None) -> str:
    """A table with every builder's games, and a rename: its id. ``tokens`` gets the table's
    edit token and each game's own."""
    api = Api(client)
    table_id, token = _table(client)
    tokens = [] if tokens is None else tokens
    tokens.append(token)

    def play(ruleset: str, players: list[str], **fields: Any) -> Playing:
        made = client.post("/api/v1/games", json={
            "ruleset": ruleset, "players": players, "table": table_id, **fields},
            headers={"Authorization": f"Bearer {token}"})
        assert made.status_code == 201, made.get_json()
        tokens.append(made.get_json()["edit_token"])
        return Playing(api, Game(made.get_json()["game"]["id"], token, made.get_json()["game"]))

    for build in builders.values():
        build(play)
    renamed = client.post(f"/api/v1/tables/{table_id}/players/rename",
                          json={"from": "Ana", "to": "Anna"},
                          headers={"Authorization": f"Bearer {token}"})
    assert renamed.status_code == 200, renamed.get_json()
    return table_id


def _all_games(client: FlaskClient, table_id: str) -> list[str]:
    return [g["id"] for g in client.get(f"/api/v1/tables/{table_id}").get_json()["games"]]


def _without(value: dict[str, Any], *names: str) -> dict[str, Any]:
    return {k: v for k, v in value.items() if k not in names}


def _seen(client: FlaskClient, table_id: str) -> dict[str, Any]:
    """Everything a reader sees of a table, ids aside."""
    table = client.get(f"/api/v1/tables/{table_id}").get_json()
    games = []
    for row in table["games"]:
        gid = row["id"]
        games.append({
            "game": _without(client.get(f"/api/v1/games/{gid}").get_json(), *NOT_COMPARED),
            "statistics": client.get(f"/api/v1/games/{gid}/statistics").get_json(),
            "csv": client.get(f"/api/v1/games/{gid}/scores.csv").get_data(as_text=True),
        })
    statistics = client.get(f"/api/v1/tables/{table_id}/statistics").get_json()
    return {
        "table": {**_without(table, "id", "version", "links", "created_at"),
                  "games": [_without(g, "id", "links") for g in table["games"]]},
        "statistics": _ids_out(statistics),
        "games.csv": client.get(f"/api/v1/tables/{table_id}/games.csv").get_data(as_text=True),
        "games": games,
    }


def _ids_out(value: Any) -> Any:
    """The figures with the games a record names left out (the ids differ)."""
    if isinstance(value, dict):
        return {k: _ids_out(v) for k, v in value.items() if k != "game"}
    if isinstance(value, list):
        return [_ids_out(v) for v in value]
    return value


def _counts(app: Flask) -> tuple[int, int, int]:
    with app.app_context():
        return tuple(db.session.execute(text(f"SELECT count(*) FROM {name}")).scalar_one()
                     for name in ("tables", "games", "idempotency_keys"))  # type: ignore[return-value]


def test_every_ruleset_has_a_builder(client: FlaskClient) -> None:
    assert set(BUILDERS) == {r["id"] for r in client.get("/api/v1/rulesets").get_json()}


def test_a_table_exported_and_imported_elsewhere_is_the_same_table(
        make_app: Callable[..., Flask]) -> None:
    home, server = make_app(), make_app()
    source, target = home.test_client(), server.test_client()
    tokens: list[str] = []
    table_id = _build(source, BUILDERS, tokens)
    exported = source.get(f"/api/v1/tables/{table_id}/export")
    assert exported.status_code == 200
    assert exported.mimetype == "application/json"
    document = exported.get_json()
    # Named as every download: the table's name and the day of its newest game.
    day = source.get(f"/api/v1/tables/{table_id}").get_json()["games"][0]["started"][:10]
    assert exported.headers["Content-Disposition"] == (
        f'attachment; filename="Thursday cards {day}.json"; '
        f"filename*=UTF-8''Thursday%20cards%20{day}.json")
    assert (document["format"], document["format_version"], document["table"]["name"]) == (
        "companion-export", 1, "Thursday cards")
    assert document["table"]["renames"] == [{"from": "Ana", "to": "Anna"}]
    assert len(document["games"]) == 18  # two Spades, Belote, Coinche, Scopa, two Tarot, last
    assert [g["title"] for g in document["games"][6:9]] == ["Hearts", "Tarot", None]
    assert document["games"][7]["options"] == {"teams": "pairs", "winner": "highest",
                                               "target": None, "rounds": None, "zero_sum": True}
    text_of = exported.get_data(as_text=True)
    assert len(tokens) == 1 + 18
    for secret in (table_id, *tokens, *_all_games(source, table_id)):
        assert secret not in text_of  # no id, no token: the table's own neither
    # Wizard's trump travels with its bids.
    assert {"kind": "bids", "bids": [None, None, 2], "trump": "spades"} in document["games"][9][
        "entries"]
    kinds = {e["kind"] for g in document["games"] for e in g["entries"]}
    assert kinds == {"bids", "tricks", "hands", "points", "finish"}
    assert document["games"][7]["entries"] == [
        {"kind": "points", "points": [30, -30]}, {"kind": "points", "points": [-10, 10]},
        {"kind": "finish"}]

    imported = target.post("/api/v1/tables/import", json=document)
    assert imported.status_code == 201, imported.get_json()
    answer = imported.get_json()
    assert answer["scorekeeper_url"] == f"/t/{answer['table']['id']}/keep/{answer['edit_token']}"
    assert _seen(target, answer["table"]["id"]) == _seen(source, table_id)

    # Exported again from there, the same document (its date aside: the import was a change).
    again = target.get(f"/api/v1/tables/{answer['table']['id']}/export").get_json()
    assert _without(again, "exported") == _without(document, "exported")
    # The table's token writes in the imported games.
    game_id = _all_games(target, answer["table"]["id"])[-1]
    game = target.get(f"/api/v1/games/{game_id}").get_json()
    wrote = target.post(f"/api/v1/games/{game_id}/bids",
                        json={"version": game["version"], "bids": [None, None, None]},
                        headers={"Authorization": f"Bearer {answer['edit_token']}"})
    assert wrote.status_code in (200, 400, 422), wrote.get_json()  # reached the engine: allowed


def test_a_game_at_a_table_exported_alone_leaves_the_table_behind(
        make_app: Callable[..., Flask]) -> None:
    home, server = make_app(), make_app()
    source, target = home.test_client(), server.test_client()
    tokens: list[str] = []
    table_id = _build(source, {"oh-hell": BUILDERS["oh-hell"]}, tokens)  # Ana renamed Anna
    (game_id,) = _all_games(source, table_id)
    exported = source.get(f"/api/v1/games/{game_id}/export")
    document = exported.get_json()
    assert document["table"] is None
    (game,) = document["games"]
    assert game["players"] == ["Ana", "Ben", "Cleo", "Dev"]  # the game's names, not the table's
    text_of = exported.get_data(as_text=True)
    for behind in (table_id, *tokens, game_id, "Thursday cards", "Anna", "renames"):
        assert behind not in text_of
    assert f'filename="Oh Hell {game["started"][:10]}.json"' in \
        exported.headers["Content-Disposition"]
    imported = target.post("/api/v1/tables/import", json=document).get_json()
    table = target.get(f"/api/v1/tables/{imported['table']['id']}/export").get_json()["table"]
    assert table == {"name": f"Oh Hell {game['started'][:10]}", "renames": []}


def test_the_export_is_tagged_by_the_table_version(client: FlaskClient) -> None:
    table_id, _token = _table(client)
    first = client.get(f"/api/v1/tables/{table_id}/export")
    assert first.get_json()["games"] == []
    again = client.get(f"/api/v1/tables/{table_id}/export",
                       headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def _moment(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_exported_is_the_time_of_the_tables_last_change(client: FlaskClient,
                                                       at_table: Tables) -> None:
    # Dated by its creation and its games' writes alone, an export kept its date through a
    # rename of the table or of a player, or a deletion, while its version and ETag moved.
    api = at_table.api
    table_id, token = at_table.create()
    bearer = {"Authorization": f"Bearer {token}"}
    client.get(f"/t/{table_id}/keep/{token}")  # this client keeps the table on the pages too
    played = at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
    alone = api.create("oh-hell", ["Ana", "Ben", "Dev"])
    changes: dict[str, Callable[[], Any]] = {
        "a game started at the table": lambda: client.post("/api/v1/games", json={
            "ruleset": "elevator", "players": ["Ana", "Ben", "Cleo"], "table": table_id},
            headers=bearer),
        "an entry": lambda: api.send(played, "bids", {"version": played.version,
                                                      "bids": [0, 0, 0]}),
        "a game joining": lambda: client.post(f"/api/v1/tables/{table_id}/games", json={
            "game": alone.id, "edit_token": alone.token}, headers=bearer),
        "a player renamed": lambda: client.post(f"/api/v1/tables/{table_id}/players/rename",
                                                json={"from": "Dev", "to": "Devi"},
                                                headers=bearer),
        "the table renamed (API)": lambda: client.patch(f"/api/v1/tables/{table_id}",
                                                        json={"name": "Friday cards"},
                                                        headers=bearer),
        "the table renamed (page)": lambda: client.post(f"/t/{table_id}/name",
                                                        data={"name": "Saturday cards"}),
        "a game deleted": lambda: client.post(f"/g/{alone.id}/delete"),
    }
    first = client.get(f"/api/v1/tables/{table_id}/export")
    seen = {(first.get_json()["exported"], first.headers["ETag"])}
    for what, change in changes.items():
        before = datetime.now(timezone.utc)
        answer = change()
        after = datetime.now(timezone.utc)
        assert answer.status_code in (200, 201, 303), (what, answer.get_data(as_text=True))
        exported = client.get(f"/api/v1/tables/{table_id}/export")
        when = exported.get_json()["exported"]
        assert before <= _moment(when) <= after, what  # the change's own time
        assert (when, exported.headers["ETag"]) not in seen, what
        seen.add((when, exported.headers["ETag"]))
        # One version, one document: asked again, the same bytes.
        assert client.get(f"/api/v1/tables/{table_id}/export").get_data() == exported.get_data()
    assert exported.get_json()["table"] == {"name": "Saturday cards",
                                            "renames": [{"from": "Dev", "to": "Devi"}]}
    assert len(exported.get_json()["games"]) == 2  # the one joined is deleted


def test_one_game_exports_alone_and_imports_as_a_table_named_after_it(
        make_app: Callable[..., Flask]) -> None:
    home, server = make_app(), make_app()
    source, target = home.test_client(), server.test_client()
    api = Api(source)
    game = api.create("seven-up", ["Ana", "Ben"])
    api.write(game, "hands", hand(high=0, low=1, jack=0, game="tie"))
    exported = source.get(f"/api/v1/games/{game.id}/export")
    assert exported.status_code == 200
    day = game.body["created_at"][:10]
    assert f'filename="Seven-Up {day}.json"' in exported.headers["Content-Disposition"]
    document = exported.get_json()
    assert document["table"] is None and len(document["games"]) == 1
    assert source.get(f"/api/v1/games/{game.id}/export", headers={
        "If-None-Match": exported.headers["ETag"]}).status_code == 304
    imported = target.post("/api/v1/tables/import", json=document)
    assert imported.status_code == 201, imported.get_json()
    table = imported.get_json()["table"]
    assert table["name"] == f"Seven-Up {day}"
    new_id = table["games"][0]["id"]
    assert (_without(target.get(f"/api/v1/games/{new_id}").get_json(), *NOT_COMPARED)
            == _without(source.get(f"/api/v1/games/{game.id}").get_json(), *NOT_COMPARED))


# --- refusals: nothing created ------------------------------------------------------------------

#: The game of ``document`` that plays three rounds (3, 2, then 1 card: six entries).
LONG = 9


@pytest.fixture
def document(client: FlaskClient) -> dict[str, Any]:
    """A table of twelve Oh Hell games, exported: one round each, but the tenth (``LONG``)."""
    table_id, token = _table(client)
    api = Api(client)
    for number in range(12):
        rounds = 3 if number == LONG else 1
        made = client.post("/api/v1/games", json={
            "ruleset": "oh-hell", "players": ["Ana", "Ben", "Cleo"], "table": table_id,
            "options": {"max_hand": rounds, "schedule": "down"}},
            headers={"Authorization": f"Bearer {token}"}).get_json()["game"]
        game = Game(made["id"], token, made)
        for cards in range(rounds, 0, -1):
            api.write(game, "bids", {"bids": [0, 0, 0]})
            api.write(game, "tricks", {"tricks": [cards if number % 3 == seat else 0
                                                  for seat in range(3)]})
    return client.get(f"/api/v1/tables/{table_id}/export").get_json()  # type: ignore[no-any-return]


def _against_the_rules(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with an entry against the rules in the middle of its tenth game: its second
    round's tricks (2 cards dealt) adding up to 3; the entries around it are good."""
    against = copy.deepcopy(document)
    entries = against["games"][LONG]["entries"]
    assert [e["kind"] for e in entries] == ["bids", "tricks"] * 3
    entries[3] = {"kind": "tricks", "tricks": [1, 1, 1]}
    return against


def _refused(app: Flask, body: Any, status: int, code: str, **headers: str) -> dict[str, Any]:
    before = _counts(app)
    client = app.test_client()
    if isinstance(body, bytes):
        answer = client.post("/api/v1/tables/import", data=body, headers=headers,
                             content_type="application/json")
    else:
        answer = client.post("/api/v1/tables/import", json=body, headers=headers)
    assert answer.status_code == status, answer.get_json()
    error = answer.get_json()["error"]
    assert error["code"] == code
    assert _counts(app) == before  # no table, no game, no key
    return error  # type: ignore[no-any-return]


def test_refusals_leave_nothing_behind(app: Flask, document: dict[str, Any]) -> None:
    _refused(app, b"{not json", 400, "invalid")
    error = _refused(app, {**document, "format": "another-app"}, 422, "import")
    assert error["field"] == "format"
    error = _refused(app, {**document, "format_version": 2}, 422, "import")
    assert error["field"] == "format_version" and "newer" in error["message"]
    error = _refused(app, {**document, "table": {"name": "  "}}, 422, "import")
    assert error["field"] == "table.name"
    bad_name = copy.deepcopy(document)
    bad_name["games"][3]["players"][1] = "x" * 30
    error = _refused(app, bad_name, 422, "import")
    assert error["field"] == "games[3]" and "24" in error["message"]
    error = _refused(app, _against_the_rules(document), 422, "import")
    assert error["field"] == "games[9].entries[3]"
    assert error["message"] == "games[9].entries[3]: tricks add up to 3, but 2 were played"
    bad_option = copy.deepcopy(document)
    bad_option["games"][6]["options"]["schedule"] = "sideways"
    error = _refused(app, bad_option, 422, "import")
    assert error["field"] == "games[6]"
    assert error["message"] == ('games[6]: option schedule may not be "sideways": choose one of '
                                '"down-up", "down", "up", "up-down"')
    bad_option["games"][6]["options"] = {"schedule": "down", "colour": "red"}
    error = _refused(app, bad_option, 422, "import")
    assert error == {"code": "import", "field": "games[6]",
                     "message": "games[6]: Oh Hell has no option 'colour'"}
    unknown = copy.deepcopy(document)
    unknown["games"][2]["entries"][0]["kind"] = "hand"
    assert _refused(app, unknown, 422, "import")["field"] == "games[2].entries[0]"
    truncated = json.dumps(document)[:-40].encode()
    _refused(app, truncated, 400, "invalid")


def test_a_document_over_16_mib_is_413(app: Flask) -> None:
    before = _counts(app)
    big = b'{"format": "companion-export", "pad": "' + b"x" * (16 * 1024 * 1024) + b'"}'
    answer = app.test_client().post("/api/v1/tables/import", data=big,
                                    content_type="application/json")
    assert answer.status_code == 413
    assert answer.get_json()["error"]["code"] == "too-large"
    assert "16 MiB" in answer.get_json()["error"]["message"]
    assert _counts(app) == before
    # Every other write keeps its 64 KiB.
    answer = app.test_client().post("/api/v1/tables", data=b"{" + b" " * 70_000 + b"}",
                                    content_type="application/json")
    assert answer.status_code == 413


def test_an_idempotency_key_replayed_gives_the_same_table(app: Flask,
                                                          document: dict[str, Any]) -> None:
    client = app.test_client()
    key = {"Idempotency-Key": "import-" + "k" * 30}
    first = client.post("/api/v1/tables/import", json=document, headers=key)
    assert first.status_code == 201
    tables_after_first = _counts(app)
    again = client.post("/api/v1/tables/import", json=document, headers=key)
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["table"]["id"] == first.get_json()["table"]["id"]
    assert again.get_json()["edit_token"] == first.get_json()["edit_token"]
    assert _counts(app) == tables_after_first
    other = client.post("/api/v1/tables/import", json={**document, "table": {"name": "B"}},
                        headers=key)
    assert other.status_code == 422 and other.get_json()["error"]["code"] == "idempotency-key"


def test_a_refused_import_under_a_key_leaves_neither_key_nor_count(
        make_app: Callable[..., Flask], document: dict[str, Any]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="2 per hour")
    key = {"Idempotency-Key": "import-" + "r" * 30}
    _refused(app, _against_the_rules(document), 422, "import", **key)  # no table, game, key
    # The key was not taken: another body under it is judged as a document, not as a key
    # reused, and the whole budget is left.
    error = _refused(app, {**document, "format_version": 2}, 422, "import", **key)
    assert error["field"] == "format_version"
    client = app.test_client()
    made = client.post("/api/v1/tables/import", json=document, headers=key)
    assert made.status_code == 201 and made.headers["X-RateLimit-Remaining"] == "1"
    again = client.post("/api/v1/tables/import", json=document, headers=key)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["table"]["id"] == made.get_json()["table"]["id"]
    assert again.headers["X-RateLimit-Remaining"] == "1"


def test_an_import_replays_every_game_before_one_short_write(
        app: Flask, document: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine has replayed the whole document before the first row is written, and the
    rows are written in one transaction of a few statements, not a game at a time."""
    said: list[tuple[str, int]] = []  # ("engine", 0), ("write", rows) or ("commit", 0)

    def counted(real: Callable[..., Any]) -> Callable[..., Any]:
        def engine(*args: Any) -> Any:
            said.append(("engine", 0))
            return real(*args)
        return engine

    for name in ("fold", "apply"):
        monkeypatch.setattr(rules, name, counted(getattr(rules, name)))

    def statement(_conn: Any, _cursor: Any, sql: str, parameters: Any, _context: Any,
                  executemany: bool) -> None:
        if sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            said.append((sql.split("(")[0].strip().lower(),
                         len(parameters) if executemany else 1))

    def commit(_conn: Any) -> None:
        said.append(("commit", 0))

    with app.app_context():
        engine_ = db.engine
    event.listen(engine_, "before_cursor_execute", statement)
    event.listen(engine_, "commit", commit)
    try:
        answer = app.test_client().post("/api/v1/tables/import", json=document)
    finally:
        event.remove(engine_, "before_cursor_execute", statement)
        event.remove(engine_, "commit", commit)
    assert answer.status_code == 201, answer.get_json()
    first = next(i for i, (what, _rows) in enumerate(said) if what.startswith("insert"))
    end = said.index(("commit", 0), first)
    assert ("engine", 0) in said[:first]  # replayed first…
    written = said[first:end]
    assert ("engine", 0) not in written  # …and nothing of the engine while the rows are written
    assert written == [("insert into tables", 1), ("insert into games", 12)]
    assert not any(what.startswith(("insert", "update", "delete")) for what, _ in said[end:])


def test_an_import_counts_as_one_creation(make_app: Callable[..., Flask],
                                          document: dict[str, Any]) -> None:
    app = make_app(RATELIMIT_ENABLED=True, GAME_CREATION_LIMIT="1 per hour")
    client = app.test_client()
    refused = client.post("/api/v1/tables/import", json={**document, "format_version": 9})
    assert refused.status_code == 422  # a refusal spends nothing
    assert client.post("/api/v1/tables/import", json=document).status_code == 201
    assert client.post("/api/v1/tables/import", json=document).status_code == 429


def test_a_score_pad_entry_against_its_rules_is_refused_by_game_and_entry(
        app: Flask, document: dict[str, Any]) -> None:
    client = app.test_client()
    api = Api(client)
    pad = api.create("score-pad", ["Ana", "Ben", "Cleo"], title="Rummy",
                     options={"zero_sum": True})
    for points in ([5, -2, -3], [-1, 0, 1], [4, 4, -8]):
        api.write(pad, "points", {"points": points})
    alone = client.get(f"/api/v1/games/{pad.id}/export")
    day = pad.body["created_at"][:10]
    assert f'filename="Rummy {day}.json"' in alone.headers["Content-Disposition"]
    imported = client.post("/api/v1/tables/import", json=alone.get_json())
    assert imported.get_json()["table"]["name"] == f"Rummy {day}"  # a pad's table: its title
    pad_game = alone.get_json()["games"][0]
    assert pad_game["title"] == "Rummy" and pad_game["options"]["zero_sum"] is True
    mixed = copy.deepcopy(document)
    mixed["games"].insert(5, pad_game)
    assert app.test_client().post("/api/v1/tables/import", json=mixed).status_code == 201
    pad_game["entries"][1]["points"] = [-1, 0, 2]
    error = _refused(app, mixed, 422, "import")
    assert error["field"] == "games[5].entries[1]"
    assert error["message"] == ("games[5].entries[1]: these points add up to 1; in a zero-sum "
                                "game they must add up to 0")
    pad_game["entries"][1] = {"kind": "points", "points": [1, 2]}
    assert _refused(app, mixed, 422, "import")["field"] == "games[5].entries[1]"
    # A title is a score pad's: one on a card game is refused at that game.
    titled = copy.deepcopy(document)
    titled["games"][4]["title"] = "Hearts"
    error = _refused(app, titled, 422, "import")
    assert error["field"] == "games[4]" and "only a score pad" in error["message"]
    titled["games"][4]["title"] = 7
    assert _refused(app, titled, 422, "import")["field"] == "games[4]"
