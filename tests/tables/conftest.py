"""Fixtures for the tables' tests: the API client, and a table made through the API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.client import Api, Game

#: A one-round Oh Hell game: one card dealt, dealt once.
ONE_CARD = {"max_hand": 1, "schedule": "down"}


@dataclass
class Tables:
    """The Tables endpoints as an outside client uses them."""

    client: FlaskClient
    api: Api

    def create(self, name: str = "Thursday cards") -> tuple[str, str]:
        response = self.client.post("/api/v1/tables", json={"name": name})
        assert response.status_code == 201, response.get_json()
        answer = response.get_json()
        return answer["table"]["id"], answer["edit_token"]

    def get(self, table_id: str, **query: str) -> dict[str, Any]:
        response = self.client.get(f"/api/v1/tables/{table_id}", query_string=query)
        assert response.status_code == 200, response.get_json()
        return response.get_json()  # type: ignore[no-any-return]

    def statistics(self, table_id: str) -> dict[str, Any]:
        response = self.client.get(f"/api/v1/tables/{table_id}/statistics")
        assert response.status_code == 200, response.get_json()
        return response.get_json()  # type: ignore[no-any-return]

    def new_game(self, table_id: str, token: str, players: list[str], ruleset: str = "oh-hell",
                 **fields: Any) -> Any:
        return self.client.post("/api/v1/games", json={
            "ruleset": ruleset, "players": players, "table": table_id, **fields},
            headers={"Authorization": f"Bearer {token}"})

    def game(self, table_id: str, token: str, players: list[str], ruleset: str = "oh-hell",
             **fields: Any) -> Game:
        response = self.new_game(table_id, token, players, ruleset, **fields)
        assert response.status_code == 201, response.get_json()
        answer = response.get_json()
        # Written with the table's token, as the table's phone does.
        return Game(answer["game"]["id"], token, answer["game"])

    def post(self, table_id: str, path: str, body: dict[str, Any], token: str | None) -> Any:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        return self.client.post(f"/api/v1/tables/{table_id}/{path}", json=body, headers=headers)

    def play_one_card(self, game: Game, taker: int) -> dict[str, Any]:
        """The one round of a ``ONE_CARD`` game: everyone bids 0, ``taker`` takes the trick."""
        seats = len(game.body["players"])
        self.api.write(game, "bids", {"bids": [0] * seats})
        tricks = [0] * seats
        tricks[taker] = 1
        return self.api.write(game, "tricks", {"tricks": tricks})


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)


@pytest.fixture
def at_table(client: FlaskClient, api: Api) -> Tables:
    return Tables(client, api)
