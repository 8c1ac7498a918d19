"""Belote, Coinche, Tarot and Scopa at a table (docs/rules.md section 7 and each game's "At a
table"): hands and points per hand (the side's), contracts taken and made as taker, the best
final score, and the records of the highest final score, the highest hand and Scopa's most
scope in one hand, naming the side where partners play; Tarot's totals add up to 0.

Each table is small and its figures are worked out by hand below, hand by hand, from the rules.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from companion.rules.table_games import played_game, played_rounds
from companion.storage import store
from companion.storage.caches import EXTENSION
from companion.storage.models import Game as GameRow
from companion.storage.models import db

from .conftest import ONE_CARD, Tables

FOUR = ["Ana", "Ben", "Cleo", "Dev"]  # teams: Ana & Cleo (seats 0, 2), Ben & Dev (1, 3)


def _player(figures: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in figures["players"] if p["name"] == name)


# --- Belote ---------------------------------------------------------------------------------

def belote_table(at_table: Tables) -> tuple[str, list[str]]:
    table_id, token = at_table.create()
    one = at_table.game(table_id, token, FOUR, "belote", options={"target": 200})
    # Ana takes, 100 of 162: made, 100 / 62.
    at_table.api.write(one, "hands", {"taker": 0, "points": 100})
    # Ben takes, 70: dedans; Ana & Cleo score 162. 262 / 62: Ana & Cleo win.
    at_table.api.write(one, "hands", {"taker": 1, "points": 70})
    assert one.body["status"] == "finished"
    two = at_table.game(table_id, token, FOUR, "belote")  # to 1000: in progress
    # Cleo takes, 81 / 81: litige; Ben & Dev score 81, Cleo's 81 held.
    at_table.api.write(two, "hands", {"taker": 2, "points": 81})
    # Dev takes, 120 / 42: made, and the held 81 to Ben & Dev: 201 / 42.
    at_table.api.write(two, "hands", {"taker": 3, "points": 120})
    return table_id, [one.id, two.id]


BELOTE_PLAYERS = {
    # games, finished, wins, hands, points, points per hand, taken, made, success, best score
    "Ana": (2, 1, 1, 4, 100 + 162 + 0 + 42, 76.0, 1, 1, 1.0, 262),
    "Cleo": (2, 1, 1, 4, 304, 76.0, 1, 0, 0.0, 262),
    "Ben": (2, 1, 0, 4, 62 + 0 + 81 + 201, 86.0, 1, 0, 0.0, 62),
    "Dev": (2, 1, 0, 4, 344, 86.0, 1, 1, 1.0, 62),
}


def _contract_rows(ruleset: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    return {p["name"]: (p["games"], p["finished"], p["wins"], p["hands"], p["points"],
                        p["points_per_hand"], p["taken"], p["made"], p["success_rate"],
                        p["best_score"] and p["best_score"]["score"])
            for p in ruleset["players"]}


def test_belote_at_a_table(at_table: Tables) -> None:
    table_id, (one, two) = belote_table(at_table)
    belote = at_table.statistics(table_id)["rulesets"]["belote"]
    assert (belote["games"], belote["finished"]) == (2, 1)
    assert _contract_rows(belote) == BELOTE_PLAYERS
    ana = _player(belote, "Ana")
    assert set(ana) == {"name", "games", "finished", "wins", "win_rate", "hands", "points",
                        "points_per_hand", "best_score", "taken", "made", "success_rate"}
    assert ana["win_rate"] == 1.0 and ana["best_score"] == {"game": one, "score": 262}
    assert belote["records"] == {
        "highest_score": {"name": "Ana & Cleo", "game": one, "score": 262},
        "highest_round": {"name": "Ben & Dev", "game": two, "round": 2, "points": 201},
        "longest_exact_run": None,
    }


def test_coinche_at_a_table(at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, FOUR, "coinche", options={"target": 500})
    # Ana bids 110 and takes 113: 113 + 110 = 223 → 220; the defence's 49 → 50.
    at_table.api.write(game, "hands", {"taker": 0, "contract": 110, "points": 113})
    # Ben bids 100, coinched, takes 90: failed; Ana & Cleo 2 × (162 + 100) = 524 → 520.
    at_table.api.write(game, "hands", {"taker": 1, "contract": 100, "coinche": "coinche",
                                       "points": 90})
    assert game.body["status"] == "finished"
    coinche = at_table.statistics(table_id)["rulesets"]["coinche"]
    assert _contract_rows(coinche) == {
        "Ana": (1, 1, 1, 2, 740, 370.0, 1, 1, 1.0, 740),
        "Ben": (1, 1, 0, 2, 50, 25.0, 1, 0, 0.0, 50),
        "Cleo": (1, 1, 1, 2, 740, 370.0, 0, 0, None, 740),
        "Dev": (1, 1, 0, 2, 50, 25.0, 0, 0, None, 50),
    }
    assert coinche["records"] == {
        "highest_score": {"name": "Ana & Cleo", "game": game.id, "score": 740},
        "highest_round": {"name": "Ana & Cleo", "game": game.id, "round": 2, "points": 520},
        "longest_exact_run": None,
    }


# --- Tarot ----------------------------------------------------------------------------------

def tarot_table(at_table: Tables) -> tuple[str, list[str]]:
    table_id, token = at_table.create()
    one = at_table.game(table_id, token, FOUR, "tarot", options={"rounds": 2})
    # The FFT's example: garde, 2 bouts, 49 of 41, poignée, petit au bout: 106 a defender.
    at_table.api.write(one, "hands", {"taker": 0, "contract": "garde", "bouts": 2, "points": 49,
                                      "petit_au_bout": "taker",
                                      "poignees": [{"seat": 0, "size": "simple"}]})
    at_table.api.write(one, "hands", {"taker": None})  # passed: redealt, not played
    # Ben, prise, 2 bouts, 40.5 of 41: down by 1, (25 + 1) × 1 = 26 to each defender.
    at_table.api.write(one, "hands", {"taker": 1, "contract": "prise", "bouts": 2,
                                      "points": 40.5})
    assert one.body["status"] == "finished"  # 318 + 26, −106 − 78, −106 + 26, −106 + 26
    two = at_table.game(table_id, token, [*FOUR, "Eve"], "tarot")
    # Cleo calls Eve; garde, 1 bout, 51 of 51: made by 0, (25 + 0) × 2 = 50 a defender.
    at_table.api.write(two, "hands", {"taker": 2, "contract": "garde", "bouts": 1, "points": 51,
                                      "partner": 4})
    return table_id, [one.id, two.id]


def test_tarot_at_a_table(at_table: Tables) -> None:
    table_id, (one, two) = tarot_table(at_table)
    tarot = at_table.statistics(table_id)["rulesets"]["tarot"]
    assert _contract_rows(tarot) == {
        "Ana": (2, 1, 1, 4, 344 - 50, 73.5, 1, 1, 1.0, 344),
        "Ben": (2, 1, 0, 4, -184 - 50, -58.5, 1, 0, 0.0, -184),
        "Cleo": (2, 1, 0, 4, -80 + 100, 5.0, 1, 1, 1.0, -80),
        "Dev": (2, 1, 0, 4, -80 - 50, -32.5, 0, 0, None, -80),
        "Eve": (1, 0, 0, 1, 50, 50.0, 0, 0, None, None),  # the partner takes no contract
    }
    assert tarot["records"] == {
        "highest_score": {"name": "Ana", "game": one, "score": 344},
        "highest_round": {"name": "Ana", "game": one, "round": 1, "points": 318},
        "longest_exact_run": None,
    }
    # Zero-sum: the table's totals add up to 0, and so do its points per hand, hand by hand.
    assert sum(p["points"] for p in tarot["players"]) == 0
    assert sum(p["points_per_hand"] * p["hands"] for p in tarot["players"]) == 0




# --- Scopa ----------------------------------------------------------------------------------

def scopa_table(at_table: Tables) -> tuple[str, list[str]]:
    table_id, token = at_table.create()
    one = at_table.game(table_id, token, FOUR, "scopa")  # pairs, to 11
    # Ana & Cleo: carte, denari, settebello, primiera and 3 scope (7); Ben & Dev 1 scopa (1).
    at_table.api.write(one, "hands", {"cards": 0, "coins": 0, "settebello": 0, "primiera": 0,
                                      "scope": [3, 1]})
    # Ben & Dev carte and 2 scope (3); Ana & Cleo denari, settebello (2); primiera tied.
    at_table.api.write(one, "hands", {"cards": 1, "coins": 0, "settebello": 0,
                                      "primiera": None, "scope": [0, 2]})
    # Ana & Cleo carte, primiera and 1 scopa (3): 12; Ben & Dev denari, settebello (2): 6.
    at_table.api.write(one, "hands", {"cards": 0, "coins": 1, "settebello": 1, "primiera": 0,
                                      "scope": [1, 0]})
    assert one.body["status"] == "finished"
    two = at_table.game(table_id, token, ["Ana", "Ben"], "scopa")
    # Ben takes every point and 4 scope: 8.
    at_table.api.write(two, "hands", {"cards": 1, "coins": 1, "settebello": 1, "primiera": 1,
                                      "scope": [0, 4]})
    return table_id, [one.id, two.id]


def test_scopa_at_a_table(at_table: Tables) -> None:
    table_id, (one, two) = scopa_table(at_table)
    scopa = at_table.statistics(table_id)["rulesets"]["scopa"]
    rows = {p["name"]: (p["games"], p["finished"], p["wins"], p["hands"], p["points"],
                        p["points_per_hand"], p["scope"], p["scope_per_hand"],
                        p["best_score"] and p["best_score"]["score"])
            for p in scopa["players"]}
    assert rows == {
        "Ana": (2, 1, 1, 4, 7 + 2 + 3 + 0, 3.0, 3 + 0 + 1 + 0, 1.0, 12),
        "Ben": (2, 1, 0, 4, 1 + 3 + 2 + 8, 3.5, 1 + 2 + 0 + 4, 1.75, 6),
        "Cleo": (1, 1, 1, 3, 12, 4.0, 4, 4 / 3, 12),
        "Dev": (1, 1, 0, 3, 6, 2.0, 3, 1.0, 6),
    }
    assert "taken" not in _player(scopa, "Ana")  # Scopa has no contract
    assert scopa["records"] == {
        "highest_score": {"name": "Ana & Cleo", "game": one, "score": 12},
        "highest_round": {"name": "Ben", "game": two, "round": 1, "points": 8},
        "longest_exact_run": None,
        "most_scope": {"name": "Ben", "game": two, "round": 1, "scope": 4},
    }


# --- the stored summaries, and the page -----------------------------------------------------

def _first_read(app: Flask, at_table: Tables, table_id: str) -> dict[str, Any]:
    app.extensions[EXTENSION].clear()  # a worker's first read: from the games' summaries
    return at_table.statistics(table_id)


def _older(app: Flask, form: int) -> None:
    """Every game's summary rewritten as an older release kept it: form 2 kept the rounds
    (a hand's taker, made and count with them), form 1 the rounds of the bid games alone."""
    with app.app_context():
        for row in db.session.scalars(select(GameRow)):
            state = store.load_game(row.id).state
            assert row.summary["form"] in (3, 2, 1)
            game = played_game(state, row.id, row.created_at)
            hands = game.each_hand
            kept = {"ruleset": game.ruleset, "names": list(game.names),
                    "sides": list(game.sides), "finished": game.finished,
                    "scores": list(game.scores), "ranks": list(game.ranks),
                    "by_hands": game.by_hands, "hands": game.hands, "pad": game.pad,
                    "title": game.title, "lowest_wins": game.lowest_wins}
            if form == 2:
                kept["each_hand"] = hands
            rounds = [[r.number, list(r.points), list(r.exact)]
                      + ([r.taker, r.made, list(r.counts)] if hands and form == 2 else [])
                      for r in played_rounds(state) if form == 2 or not hands]
            row.summary = {**kept, "form": form, "rounds": rounds}
        db.session.commit()


def _counting_folds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    folded: list[str] = []
    fold = store._fold

    def counted(row: Any, *rest: Any) -> Any:
        folded.append(row.id)
        return fold(row, *rest)

    monkeypatch.setattr(store, "_fold", counted)
    return folded


@pytest.mark.parametrize("build", [belote_table, tarot_table, scopa_table])
def test_a_first_read_from_summaries_counts_the_same(
        app: Flask, at_table: Tables, monkeypatch: pytest.MonkeyPatch, build: Any) -> None:
    table_id, games = build(at_table)
    written = at_table.statistics(table_id)
    with app.app_context():  # each seat's hands added up, in the summary's list
        assert {row.summary["form"] for row in db.session.scalars(select(GameRow))} == {3}
    assert _first_read(app, at_table, table_id) == written
    _older(app, 2)  # each hand kept: added up as it is read, no game folded
    folded = _counting_folds(monkeypatch)
    assert _first_read(app, at_table, table_id) == written
    assert folded == []
    _older(app, 1)  # no hands kept: each game folded again, counted the same
    folded.clear()  # (rewriting them read each game)
    assert _first_read(app, at_table, table_id) == written
    assert sorted(folded) == sorted(games)


def test_older_summaries_of_other_games_are_read_not_folded(
        app: Flask, at_table: Tables, monkeypatch: pytest.MonkeyPatch) -> None:
    """Form 2 only added the hands of the games counted hand by hand: a table kept by an older
    release folds those games again on a first read (until they are next written), and reads
    every other game's form 1 summary as it is."""
    table_id, token = at_table.create()
    for taker in range(3):
        game = at_table.game(table_id, token, ["Ana", "Ben", "Cleo"], options=ONE_CARD)
        at_table.play_one_card(game, taker)
    belote = at_table.game(table_id, token, FOUR, "belote")
    at_table.api.write(belote, "hands", {"taker": 0, "points": 100})
    written = at_table.statistics(table_id)
    _older(app, 1)
    folded = _counting_folds(monkeypatch)
    assert _first_read(app, at_table, table_id) == written
    assert folded == [belote.id]


def _text(client: FlaskClient, table_id: str) -> str:
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&amp;", "&")


def test_the_table_page_shows_them(client: FlaskClient, at_table: Tables) -> None:
    table_id, _games = belote_table(at_table)
    text = _text(client, table_id)
    belote = text[text.index("Belote 2 games"):]
    assert "Points per hand" in belote and "Contracts made" in belote
    assert "Highest score: 262 by Ana & Cleo" in belote
    assert "Most points in one hand: 201 by Ben & Dev (hand 2)" in belote
    assert "1 of 1 (100%)" in belote  # Ana's contracts made

    table_id, _games = scopa_table(at_table)
    text = _text(client, table_id)
    scopa = text[text.index("Scopa 2 games"):]
    assert "Scope per hand" in scopa and "Contracts made" not in scopa
    assert "Most scope in one hand: 4 by Ben (hand 1)" in scopa


def test_the_table_page_speaks_french(client: FlaskClient, at_table: Tables) -> None:
    table_id, _games = tarot_table(at_table)
    page = client.get(f"/t/{table_id}", headers={"Accept-Language": "fr"})
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page.get_data(as_text=True)))
    assert "Contrats faits" in text and "1 sur 1" in text


def test_the_api_description_names_every_field(client: FlaskClient, at_table: Tables) -> None:
    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    ruleset = schemas["TableRuleset"]
    described = set(ruleset["properties"]["players"]["items"]["properties"])
    records = set(ruleset["properties"]["records"]["anyOf"][1]["properties"])
    table_id, _games = scopa_table(at_table)
    scopa = at_table.statistics(table_id)["rulesets"]["scopa"]
    assert set(_player(scopa, "Ana")) <= described and set(scopa["records"]) <= records
    table_id, _games = tarot_table(at_table)
    tarot = at_table.statistics(table_id)["rulesets"]["tarot"]
    assert set(_player(tarot, "Ana")) <= described and set(tarot["records"]) <= records
