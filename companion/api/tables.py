"""The Tables endpoints of docs/api.md ("Tables"). The figures are the engine's
(``rules.table_stats``), cached by the store (``companion.storage.table_store``); this module reads bodies,
checks tokens and writes the answers.

Order of checks: the table exists (404), its token (401/403), the body's shape (400), then the
rules (422). Nothing is written unless every check passes.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from typing import Any

from flask import Blueprint, Response, request, url_for

from companion import rules
from companion.api import bodies, keys
from companion.api.error_shape import ApiError, api_error
from companion.api.serialize import created as created_answer, dumps
from companion.api.sheets import csv_lines, safe
from companion.http import conditional, downloads, streams
from companion.http.extensions import game_creation_limit, table_write_limit
from companion.rules.table_games import PlayedGame
from companion.rules.table_figures import head_to_head_json
from companion.rules.table_stats import TABLE_PARTS, RulesetFigures, TableFigures
from companion.storage import idempotency, store, table_store
from companion.storage.caches import cache

#: Games per page of the table object.
PAGE = 50
#: A join that met a newer version of its game is tried again on the game as it is now.
JOIN_ATTEMPTS = 3


def load(table_id: str) -> table_store.StoredTable:
    return table_store.load_table(table_id)  # no id at all: no table, and no query


def bearer() -> str | None:
    """The request's bearer token, or ``None``."""
    scheme, _, token = request.headers.get("Authorization", "").strip().partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def authorized(table: table_store.StoredTable) -> table_store.StoredTable:
    """The table, if the request carries its edit token (401 without one, 403 for another)."""
    token = bearer()
    if token is None:
        raise ApiError(401, "unauthorized",
                       "this needs the table's edit token: Authorization: Bearer <token>",
                       headers={"WWW-Authenticate": 'Bearer realm="companion"'})
    if not table.token_matches(token):
        raise ApiError(403, "forbidden", "that is not this table's edit token",
                       headers={"WWW-Authenticate": 'Bearer realm="companion", error="invalid_token"'})
    return table


def table_of_new_game(body: dict[str, Any]) -> table_store.StoredTable | None:
    """``POST /games`` with ``table``: the table once its token passes (422 ``table`` for no
    such table, 401/403 for its token); ``None`` without ``table``. Asked before the request's
    Idempotency-Key, as every token is (docs/api.md, "Writes that are safe to repeat")."""
    table_id = body.get("table")
    if table_id is None:
        return None
    if not isinstance(table_id, str):
        raise bodies.invalid("table must be a table's id", "table")
    try:
        table = load(table_id)
    except table_store.TableNotFound:
        raise table_store.TableRefused("no table has that id", "table") from None
    return authorized(table)


# --- answers ---------------------------------------------------------------------------------

def _etag(table_id: str, version: int) -> str:
    return f"table-{table_id}-{version}"


def unchanged(table_id: str) -> Response | None:
    """304 from the table's version alone when the client holds it."""
    if not request.if_none_match:
        return None
    version = table_store.table_version(table_id)
    if version is None:
        raise table_store.TableNotFound(table_id)
    if not conditional.client_holds(_etag(table_id, version)):
        return None
    return conditional.not_modified(_etag(table_id, version), "application/json",
                                    conditional.API_REVALIDATE)


def versioned(response: Response, table_id: str, version: int) -> Response:
    return conditional.tagged(response, _etag(table_id, version), conditional.API_REVALIDATE)


def _cached_body(kind: str, state: table_store.TableState, make: Any, *extra: object) -> str:
    """The body of this answer for this version of the table, made once per process."""
    cached = cache("table-api")
    key = (kind, state.table.id, state.table.version, *extra)
    body = cached.get(key)
    if not isinstance(body, str):
        body = make()
        cached.put(key, body)
    return body


def _game_row(state: table_store.TableState, game: PlayedGame) -> dict[str, Any]:
    names = table_store.table_names(state, game)
    return {
        "id": game.id,
        "ruleset": game.ruleset,
        "title": game.title,
        "started": table_store.started(game).isoformat().replace("+00:00", "Z"),
        "status": "finished" if game.finished else "in_progress",
        "players": names,
        # A Seven-Up team stands as both partners, each with the team's score and rank.
        "standings": [{"name": names[seat], "score": game.scores[seat], "rank": game.ranks[seat]}
                      for seat in game.standing_seats()],
        "links": {"share": f"/g/{game.id}"},
    }


def _around_games(state: table_store.TableState,
                  page: table_store.Page) -> tuple[dict[str, Any], dict[str, Any]]:
    """The table object's fields before ``games`` and after it."""
    table = state.table
    links = {"share": f"/t/{table.id}"}
    if page.before is not None and page.started is not None:
        # The game's start beside its id: the page after it is found even once it is deleted.
        links["next"] = (f"/api/v1/tables/{table.id}?before={page.before}"
                         f"&started={table_store.moment_text(page.started)}")
    return {
        "id": table.id,
        "name": table.name,
        "version": table.version,
        "links": links,
        "players": [{"name": p.name, "games": p.games} for p in state.figures.players],
    }, {"created_at": table_store.started_at(table).isoformat().replace("+00:00", "Z")}


def table_json(state: table_store.TableState, before: str | None = None,
               started: datetime | None = None) -> dict[str, Any]:
    """The table object of docs/api.md, with the page of games before ``before``."""
    page = table_store.games_page(state, before, PAGE, started)
    head, tail = _around_games(state, page)
    return {**head, "games": [_game_row(state, game) for game in page.games], **tail}


def table_body(state: table_store.TableState, before: str | None = None,
               started: datetime | None = None) -> str:
    """``dumps(table_json(state, before, started))``, each game's row written once per game
    version and names shown: a write to one game leaves the other 49 rows' text as it was."""
    page = table_store.games_page(state, before, PAGE, started)
    head, tail = _around_games(state, page)
    cached = cache("table-rows")
    rows = []
    for game in page.games:
        version = state.versions[state.places[game.id][0]][1]
        key = (game.id, version, tuple(table_store.table_names(state, game)))
        text = cached.get(key)
        if not isinstance(text, str):
            text = dumps(_game_row(state, game))
            cached.put(key, text)
        rows.append(text)
    # JSON objects written without spaces join as text: {…,"games":[…],…}.
    return f'{dumps(head)[:-1]},"games":[{",".join(rows)}],{dumps(tail)[1:]}'


def _table_response(state: table_store.TableState, before: str | None = None,
                    status: int = 200, started: datetime | None = None) -> Response:
    body = _cached_body("table", state, lambda: table_body(state, before, started), before,
                        started)
    response = Response(body, status=status, mimetype="application/json")
    return versioned(response, state.table.id, state.table.version)


def _ruleset_json(found: RulesetFigures) -> dict[str, Any]:
    players = []
    for p in found.players:
        row: dict[str, Any] = {"name": p.name, "games": p.games, "finished": p.finished,
                               "wins": p.wins, "win_rate": p.win_rate}
        if found.each_hand:  # counted hand by hand (docs/api.md, "Tables" of these games)
            row.update(hands=p.hands, points=p.points, points_per_hand=p.points_per_hand,
                       best_score=None if p.best_score is None else
                       {"game": p.best_score.game, "score": p.best_score.score})
            if found.contracts:
                row.update(taken=p.taken, made=p.made, success_rate=p.success_rate)
            if found.counted:  # the family's own count, by its name ("…_per_hand")
                row.update({found.counted: p.counted,
                            f"{found.counted}_per_hand": p.counted_per_hand})
        elif found.records is None and p.hands is not None:  # Seven-Up
            row.update(hands=p.hands, points=p.points)
        else:
            row.update(rounds=p.rounds, points_per_round=p.points_per_round,
                       success_rate=p.success_rate,
                       best_score=None if p.best_score is None else
                       {"game": p.best_score.game, "score": p.best_score.score})
        players.append(row)
    records = None
    if found.records is not None:
        score, high, run = (found.records.highest_score, found.records.highest_round,
                            found.records.longest_exact_run)
        records = {
            "highest_score": None if score is None else
            {"name": score.name, "game": score.game, "score": score.score},
            "highest_round": None if high is None else
            {"name": high.name, "game": high.game, "round": high.round, "points": high.points},
            "longest_exact_run": None if run is None else
            {"name": run.name, "game": run.game, "rounds": run.rounds},
        }
        if found.counted:  # the most of the family's count in one hand: "most_<count>"
            most = found.records.most_counted
            records[f"most_{found.counted}"] = None if most is None else {
                "name": most.name, "game": most.game, "round": most.round,
                found.counted: most.count}
        ruleset = rules.RULESETS.get(found.ruleset)
        if ruleset is not None and ruleset.family.runs_made:
            # A game whose bids are made, not matched (Spades): its run is of bids made.
            records["longest_made_run"] = records["longest_exact_run"]
            records["longest_exact_run"] = None
    return {"games": found.games, "finished": found.finished, "players": players,
            "head_to_head": head_to_head_json(found.head_to_head), "records": records}


def statistics_json(figures: TableFigures) -> dict[str, Any]:
    """``GET /tables/<id>/statistics`` of docs/api.md."""
    return {
        "games": figures.games,
        "finished": figures.finished,
        "players": [{"name": p.name, "games": p.games, "finished": p.finished, "wins": p.wins,
                     "win_rate": p.win_rate} for p in figures.players],
        "head_to_head": head_to_head_json(figures.head_to_head),
        "rulesets": {r.ruleset: _ruleset_json(r) for r in figures.rulesets},
        # Each family's own part (``TablePart``), under the key it declares.
        **{part.key: part.to_json(figures.parts.get(part.key, ())) for part in TABLE_PARTS},
    }


#: Games read at a time while ``games.csv`` is written, newest first (each from the table's
#: cache of its games, or read with the others of its page in one query).
SHEET_PAGE = 100


def games_sheet(state: table_store.TableState) -> Iterator[str]:
    """One row per game, newest first, line by line as the games are read ``SHEET_PAGE`` at a
    time; names formula-safe, every text cell quoted."""
    names = [p.name for p in state.figures.players]
    column = {state.table.renames.key(name): i for i, name in enumerate(names)}
    yield from csv_lines([[
        "started", "ruleset", "title", "status", "players", "winners",
        *(f"{safe(name)} score" for name in names)]])
    for end in range(len(state.versions), 0, -SHEET_PAGE):
        page = state.versions[max(0, end - SHEET_PAGE):end]
        # Text quoted, numbers bare, an absent score empty: a ";" or "," in a name never
        # splits it.
        yield from csv_lines(_sheet_row(state, column, game)
                             for game in table_store.played_games(page)[::-1])


def _sheet_row(state: table_store.TableState, column: dict[str, int],
               game: PlayedGame) -> list[object]:
    """A game's row; ``column``: each player's score column, by the key the renames give."""
    shown = table_store.table_names(state, game)
    scores: list[object] = [None] * len(state.figures.players)
    for seat, name in enumerate(game.names):
        scores[column[state.table.renames.key(name)]] = game.scores[seat]
    return [
        table_store.started(game).isoformat().replace("+00:00", "Z"), game.ruleset,
        None if game.title is None else safe(game.title),
        "finished" if game.finished else "in_progress",
        " · ".join(safe(n) for n in shown),
        " · ".join(safe(shown[seat]) for seat in game.winners),
        *scores]


# --- views -----------------------------------------------------------------------------------

@game_creation_limit
def create_table() -> Response:
    """``POST /tables``; under an ``Idempotency-Key`` sent again, the first answer in full."""
    key = keys.key(request.path, creation=True, status=201)
    if (again := keys.first_answer(key, created_again)) is not None:
        return again
    body = bodies.json_object(bodies.NEW_TABLE)
    if not isinstance(body["name"], str):
        raise bodies.invalid("name must be text", "name")
    return created_or_again(table_store.create_table(body["name"], key=key))


def created(table: table_store.StoredTable, token: str) -> Response:
    """The creation answer: the table, its edit token (once) and the scorekeeper's link."""
    return created_answer({"table": table_json(table_store.table_state(table)), "edit_token": token,
                    "scorekeeper_url": f"/t/{table.id}/keep/{token}"},
                   url_for("api.table", table_id=table.id))


def created_or_again(done: tuple[table_store.StoredTable, str] | idempotency.Replayed) -> Response:
    """A table's creation answered: made now, or by its twin sent at the same moment."""
    if isinstance(done, idempotency.Replayed):
        return keys.replayed(done, created_again)
    return created(*done)


def created_again(record: idempotency.Record) -> Response:
    """A replayed creation, answered in full: the table as it is now, and its token."""
    if record.resource is None or record.token is None:
        raise table_store.TableNotFound("")
    return created(load(record.resource), record.token)


def _started(sent: str | None) -> datetime | None:
    """``started`` of a next page's link: a game's start as the table object writes it, read
    back as naive UTC (400 for anything else)."""
    if sent is None:
        return None
    try:
        return table_store.moment_of(sent)
    except ValueError:
        raise bodies.invalid("started must be a game's start, as games[].started writes it",
                             "started") from None


def table(table_id: str) -> Response:
    before = request.args.get("before")
    if before is not None and not store.is_id(before):
        raise bodies.invalid("before must be a game's id", "before")
    started = _started(request.args.get("started"))
    if (held := unchanged(table_id)) is not None:
        return held
    state = table_store.table_state(load(table_id))
    try:
        return _table_response(state, before, started=started)
    except table_store.UnknownCursor:
        raise bodies.invalid("before names no game of this table: follow links.next, which "
                             "says where its game started", "before") from None


def statistics(table_id: str) -> Response:
    if (held := unchanged(table_id)) is not None:
        return held
    state = table_store.table_state(load(table_id))
    body = _cached_body("statistics", state, lambda: dumps(statistics_json(state.figures)))
    return versioned(Response(body, mimetype="application/json"), state.table.id,
                      state.table.version)


def games_csv(table_id: str) -> Response:
    if (held := unchanged(table_id)) is not None:
        return held
    state = table_store.table_state(load(table_id))
    response = streams.streamed(games_sheet(state), "text/csv")
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    downloads.named(response, downloads.table_file_name(state, "csv"))
    return versioned(response, state.table.id, state.table.version)


@table_write_limit
def join(table_id: str) -> Response:
    found = authorized(load(table_id))
    body = bodies.json_object(bodies.JOIN)
    game_id, token = body["game"], body["edit_token"]
    if not isinstance(game_id, str):
        raise bodies.invalid("game must be a game's id", "game")
    if not isinstance(token, str):
        raise bodies.invalid("edit_token must be the game's edit token", "edit_token")
    # A join carries no version: when a write (or another join) moved the game on meanwhile,
    # it is judged again on the game as it is now, as the page's form is; a 409 only when the
    # game kept moving through every attempt (docs/api.md).
    for attempt in range(JOIN_ATTEMPTS):
        game = store.load_game(game_id)
        # The table's token is also the edit token of each of its games (docs/api.md, "Tables").
        if not (game.token_matches(token) or table_store.token_opens(game, token)):
            raise ApiError(403, "forbidden", "that is not this game's edit token", "edit_token")
        try:
            table_store.join(found, game)
            break
        except store.VersionConflict:
            if attempt == JOIN_ATTEMPTS - 1:
                raise
    return _table_response(table_store.table_state(table_store.load_table(found.id)))


@table_write_limit
def rename(table_id: str) -> Response:
    found = authorized(load(table_id))
    body = bodies.json_object(bodies.RENAME)
    for field in ("from", "to"):
        if not isinstance(body[field], str):
            raise bodies.invalid(f"{field} must be a player's name (text)", field)
    table_store.rename(found, body["from"], body["to"])
    return _table_response(table_store.table_state(table_store.load_table(found.id)))


@table_write_limit
def rename_table(table_id: str) -> Response:
    """``PATCH /tables/<id>`` ``{name}``: the table under its new name. Its Idempotency-Key is
    checked after the token and before the body; sent again, the table as it is now."""
    found = authorized(load(table_id))
    key = keys.key(found.id)

    def as_now(_record: idempotency.Record) -> Response:
        return _table_response(table_store.table_state(load(found.id)))

    if (again := keys.first_answer(key, as_now)) is not None:
        return again
    body = bodies.json_object(bodies.NEW_TABLE)
    if not isinstance(body["name"], str):
        raise bodies.invalid("name must be text", "name")
    done = table_store.rename_table(found, body["name"], key)
    if isinstance(done, idempotency.Replayed):  # its twin, sent at the same moment, renamed it
        return keys.replayed(done, as_now)
    return _table_response(table_store.table_state(done))


def delete(table_id: str) -> Response:
    table_store.delete_table(authorized(load(table_id)))
    response = Response(status=204)
    response.headers["Cache-Control"] = "no-store"
    return response


def _table_not_found(_error: table_store.TableNotFound) -> Response:
    return api_error(404, "not-found", "no table has that id")


def _table_refused(error: table_store.TableRefused) -> Response:
    return api_error(422, "table", error.message, error.field)


def register(bp: Blueprint) -> None:
    bp.add_url_rule("/tables", view_func=create_table, methods=["POST"])
    bp.add_url_rule("/tables/<id:table_id>", "table", view_func=table, methods=["GET"])
    bp.add_url_rule("/tables/<id:table_id>", "delete_table", view_func=delete, methods=["DELETE"])
    bp.add_url_rule("/tables/<id:table_id>", "rename_table", view_func=rename_table,
                    methods=["PATCH"])
    bp.add_url_rule("/tables/<id:table_id>/statistics", "table_statistics", view_func=statistics,
                    methods=["GET"])
    bp.add_url_rule("/tables/<id:table_id>/games.csv", "table_games_csv", view_func=games_csv,
                    methods=["GET"])
    bp.add_url_rule("/tables/<id:table_id>/games", "join_table", view_func=join, methods=["POST"])
    bp.add_url_rule("/tables/<id:table_id>/players/rename", "rename_player", view_func=rename,
                    methods=["POST"])
    bp.register_error_handler(table_store.TableNotFound, _table_not_found)
    bp.register_error_handler(table_store.TableRefused, _table_refused)
