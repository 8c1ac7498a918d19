"""Helpers for the pages' tests: games made through the new-game form, as a phone would."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.storage import store

HTMX = {"HX-Request": "true"}


@dataclass
class Scorekeeper:
    """A game on a scorekeeper's phone (``client``), with helpers to read its state."""

    app: Flask
    client: FlaskClient
    id: str

    @property
    def url(self) -> str:
        return f"/g/{self.id}"

    def stored(self) -> store.StoredGame:
        with self.app.app_context():
            return store.load_game(self.id)

    @property
    def version(self) -> int:
        return self.stored().version

    def post(self, action: str, data: dict[str, Any], htmx: bool = False,
             version: int | None = None) -> Any:
        body = {"version": self.version if version is None else version, **data}
        return self.client.post(f"{self.url}/{action}", data=body, headers=HTMX if htmx else {})

    def bid(self, seat: int, bid: int, **kwargs: Any) -> Any:
        return self.post("bid", {"seat": seat, "bid": bid}, **kwargs)

    def bids(self, *bids: int) -> None:
        """Every bid of the round, in bidding order."""
        current = self.stored().state.current
        assert current is not None
        for seat, value in zip(current.bidding_order, bids):
            assert self.bid(seat, value).status_code == 303

    def tricks(self, *tricks: int | None, **kwargs: Any) -> Any:
        current = self.stored().state.current
        number = current.number if current else 0
        data: dict[str, Any] = {"round": number}
        data.update({f"tricks_{seat}": t for seat, t in enumerate(tricks) if t is not None})
        return self.post("tricks", data, **kwargs)

    def cards(self, *cards: str | None, **kwargs: Any) -> Any:
        """Oh-Seven bid cards by seat, written "5h" (value and suit initial)."""
        suits = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
        current = self.stored().state.current
        data: dict[str, Any] = {"round": current.number if current else 0}
        for seat, card in enumerate(cards):
            if card:
                data[f"bids_{seat}"] = f"{card[:-1]}-{suits[card[-1]]}"
        return self.post("cards", data, **kwargs)


def new_game_form(ruleset: str, players: list[str], dealer: int | str = "random",
                  **options: str) -> dict[str, Any]:
    data: dict[str, Any] = {"ruleset": ruleset, "first_dealer": str(dealer)}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    data.update({f"{ruleset.replace('-', '_')}_{k}": v for k, v in options.items()})
    return data


@pytest.fixture
def start(app: Flask, client: FlaskClient) -> Callable[..., Scorekeeper]:
    """``start("oh-hell", ["Ana", …], dealer=0)``: a game created by this test's phone."""

    def make(ruleset: str, players: list[str], dealer: int | str = 0, **options: str) -> Scorekeeper:
        response = client.post("/new", data=new_game_form(ruleset, players, dealer, **options))
        assert response.status_code == 303, response.get_data(as_text=True)
        match = re.fullmatch(r"/g/([\w-]+)", response.headers["Location"])
        assert match
        return Scorekeeper(app, client, match.group(1))

    return make


@pytest.fixture
def watcher(app: Flask) -> Iterator[FlaskClient]:
    """Another phone, holding only the share link."""
    yield app.test_client()


def text(response: Any, why: bool = False) -> str:
    """The page's text with tags and runs of white space removed, for reading sentences. The
    explanations folded away in each score cell are left out, unless ``why``; so is a cell's
    name shown only at large text."""
    html = response.get_data(as_text=True)
    html = re.sub(r"</?bdi[^>]*>", "", html)  # a name inside a sentence: no space around it
    # A score's or a figure's name repeated in its cell for large text, hidden from a screen
    # reader (its column's header says it): left out as the screen reader leaves it.
    html = re.sub(r'<span class="cell-who" aria-hidden="true">.*?</span>', "", html, flags=re.S)
    if not why:  # a cell's why: whose it is, and its lines
        html = re.sub(r'<div class="why-lines">.*?</div>', "", html, flags=re.S)
        html = re.sub(r'<p class="why-line">.*?</p>', "", html, flags=re.S)
    html = re.sub(r"<[^>]+>", " ", html)
    html = html_lib.unescape(re.sub(r"\s+", " ", html))
    return html.replace(" .", ".").replace(" ,", ",")
