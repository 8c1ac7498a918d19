"""Spades at a table (docs/rules.md sections 7 and 10): with partners the records of a score
name the side ("Ana & Cleo"), as the score pad's pairs, in the API and on the table's page; the
run of bids made stays a player's; partners are level head to head."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.api.client import Game

from .conftest import Tables

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _hand(at_table: Tables, game: Game, bids: list[Any], tricks: list[int]) -> None:
    for seat in at_table.api.get(game)["current"]["bidding_order"]:
        one: list[Any] = [None] * 4
        one[seat] = bids[seat]
        at_table.api.write(game, "bids", {"bids": one})
    at_table.api.write(game, "tricks", {"tricks": tricks})


def test_partners_records_name_the_side(client: FlaskClient, at_table: Tables) -> None:
    table_id, token = at_table.create()
    game = at_table.game(table_id, token, FOUR, "spades", options={"target": 200})
    _hand(at_table, game, [6, 1, 6, 1], [6, 1, 6, 0])  # Ana & Cleo 120, Ben & Dev −20 (set)
    _hand(at_table, game, [1, 4, 1, 4], [2, 5, 1, 5])  # Ben & Dev +82: 62; Ana & Cleo 141
    _hand(at_table, game, [4, 1, 4, 1], [5, 1, 5, 2])  # Ana & Cleo +82: 223 ends it
    assert at_table.api.get(game)["status"] == "finished"

    spades = at_table.statistics(table_id)["rulesets"]["spades"]
    records = spades["records"]
    assert records["highest_score"]["name"] == "Ana & Cleo"
    assert records["highest_score"]["score"] == 223
    assert (records["highest_round"]["name"], records["highest_round"]["points"]) == (
        "Ana & Cleo", 120)
    assert records["longest_made_run"]["name"] == "Ana"  # a player's run of bids made
    assert records["longest_exact_run"] is None
    partners = next(h for h in spades["head_to_head"] if set(h["players"]) == {"Ana", "Cleo"})
    assert (partners["games"], partners["ahead"], partners["level"]) == (1, [0, 0], 1)
    cleo = next(p for p in spades["players"] if p["name"] == "Cleo")
    assert cleo["best_score"]["score"] == 223 and cleo["wins"] == 1

    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).replace("&amp;", "&")
    assert "Highest score: 223 by Ana & Cleo" in text
    assert "Most points in one hand: 120 by Ana & Cleo (hand 1)" in text
    assert "Longest run of bids made: 3 hands in a row by Ana" in text
    spades_part = text[text.index("Spades 1 game"):]
    assert "Points per hand" in spades_part and "round" not in spades_part.lower()
