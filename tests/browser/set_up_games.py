"""Games in a given state for the browser tests, set up through the JSON API of the live server
(quicker than tapping every round), then opened on the phone through the scorekeeper link."""

from __future__ import annotations

import json
import urllib.request
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page


@dataclass
class LiveGame:
    base: str
    id: str
    token: str
    keep_url: str
    body: dict[str, Any]

    @property
    def url(self) -> str:
        return f"/g/{self.id}"

    def write(self, path: str, **fields: Any) -> dict[str, Any]:
        """An entry through the API (it must be accepted); follows the new version."""
        self.body = _call(self.base, f"/api/v1/games/{self.id}/{path}",
                          {"version": self.body["version"], **fields}, self.token)
        return self.body

    def keep_on(self, page: Page) -> None:
        """This phone keeps score: open the scorekeeper link (then the game page)."""
        page.goto(self.keep_url)


def _call(base: str, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def new_game(base: str, ruleset: str, players: list[str], dealer: int = 0,
             title: str | None = None, **options: Any) -> LiveGame:
    """A game through the API; ``title`` for a score pad (the card games take none)."""
    body = {"ruleset": ruleset, "players": players, "first_dealer": dealer, "options": options}
    if title is not None:
        body["title"] = title
    answer = _call(base, "/api/v1/games", body)
    game = answer["game"]
    return LiveGame(base, game["id"], answer["edit_token"], answer["scorekeeper_url"], game)


def card(text: str) -> dict[str, Any]:
    """``"3s"`` -> the API's ``{"value": 3, "suit": "spades"}``."""
    suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
    return {"value": int(text[:-1]), "suit": suits[text[-1]]}


def play_round(game: LiveGame) -> None:
    """One quiet round of a bid game: nobody bids but the first, who takes every trick."""
    current = game.body["current"]
    seats = len(game.body["players"])
    size = current["hand_size"]
    if game.body["ruleset"] == "oh-seven":
        cards = ["0s", "0h", "0d", "0c", "1s", "1h", "1d", "1c"][:seats]
        game.write("bids", bids=[card(c) for c in cards])
    else:
        game.write("bids", bids=[0] * seats)  # all at once; 0 never meets the dealer's hook
    game.write("tricks", tricks=[size] + [0] * (seats - 1))


def finish(game: LiveGame) -> None:
    while game.body["status"] != "finished":
        if game.body["ruleset"] == "seven-up":
            game.write("hands", jacks_turned=0, beg="stand", high=0, low=0, jack=0, game=0)
        else:
            play_round(game)
