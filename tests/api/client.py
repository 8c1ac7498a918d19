"""The JSON API as an outside client uses it, through Flask's test client."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient


@dataclass
class Game:
    """A game created through the API, with its edit token."""

    id: str
    token: str
    body: dict[str, Any]

    @property
    def version(self) -> int:
        return int(self.body["version"])


class Api:
    """The JSON API through Flask's test client, as an outside client would use it."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client

    def create(self, ruleset: str, players: list[str], **fields: Any) -> Game:
        response = self.client.post("/api/v1/games", json={"ruleset": ruleset, "players": players,
                                                           **fields})
        assert response.status_code == 201, response.get_json()
        answer = response.get_json()
        return Game(answer["game"]["id"], answer["edit_token"], answer["game"])

    def get(self, game: Game) -> dict[str, Any]:
        response = self.client.get(f"/api/v1/games/{game.id}")
        assert response.status_code == 200
        return response.get_json()  # type: ignore[no-any-return]

    def send(self, game: Game, path: str, body: dict[str, Any], *, token: str | None = "",
             method: str = "POST") -> Any:
        """A write with the game's token (``token=None``: none; any other string: that one)."""
        headers = {}
        if token is not None:
            headers["Authorization"] = f"Bearer {token or game.token}"
        return self.client.open(f"/api/v1/games/{game.id}/{path}", method=method, json=body,
                                headers=headers)

    def write(self, game: Game, path: str, fields: dict[str, Any], method: str = "POST") -> dict[str, Any]:
        """A write that must succeed; ``game`` follows the new version."""
        response = self.send(game, path, {"version": game.version, **fields}, method=method)
        assert response.status_code == 200, response.get_json()
        game.body = response.get_json()
        return game.body

    def refused(self, game: Game, path: str, fields: dict[str, Any], status: int, code: str,
                method: str = "POST") -> dict[str, Any]:
        """A write that must be refused with ``status`` and ``code``, changing nothing."""
        before = self.get(game)
        response = self.send(game, path, {"version": game.version, **fields}, method=method)
        assert response.status_code == status, response.get_json()
        error = response.get_json()["error"]
        assert error["code"] == code, error
        assert self.get(game) == before
        return error  # type: ignore[no-any-return]

    def play_turn_round(self, game: Game) -> dict[str, Any]:
        """Bid 0 all round (never hooked), the first bidder takes every trick."""
        current = game.body["current"]
        seats = len(game.body["players"])
        self.write(game, "bids", {"bids": [0] * seats})
        tricks = [0] * seats
        tricks[current["bidding_order"][0]] = current["hand_size"]
        return self.write(game, "tricks", {"tricks": tricks})


def by_seat(order: list[int], values: list[Any]) -> list[Any]:
    """Values given in bidding order, as the per-seat list the API takes."""
    result: list[Any] = [None] * len(order)
    for seat, value in zip(order, values):
        result[seat] = value
    return result
