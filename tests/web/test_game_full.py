"""docs/api.md, "Bounds": a game holds at most ``ENTRIES_MAX`` entries. The next write is 422
``phase`` through the API, and on the pages the reason said at the entry's field in the page's
language; an undo makes room again."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from companion.rules import bounds
from tests.api.client import Api
from tests.web.conftest import Scorekeeper, text


def test_the_api_refuses_the_entry_past_the_bound(client: FlaskClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bounds, "ENTRIES_MAX", 3)
    api = Api(client)
    pad = api.create("score-pad", ["Ana", "Ben"], title="Rummy")
    for _ in range(3):
        api.write(pad, "points", {"points": [1, -1]})
    error = api.refused(pad, "points", {"points": [1, -1]}, 422, "phase")
    assert error["field"] == "points" and "full" in error["message"]
    assert "at most 3 entries" in error["message"]
    api.write(pad, "undo", {})  # an undone entry is gone: room for one more
    api.write(pad, "points", {"points": [2, -2]})
    assert api.get(pad)["version"] == 6


def test_the_page_says_the_game_is_full_at_the_entry(start: object,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    keeper: Scorekeeper = start("oh-hell", ["Ana", "Ben", "Cleo"])  # type: ignore[operator]
    keeper.bids(0, 1)
    monkeypatch.setattr(bounds, "ENTRIES_MAX", 2)
    current = keeper.stored().state.current
    assert current is not None
    seat = current.bidding_order[2]
    refused = keeper.client.post(f"{keeper.url}/bid", data={
        "version": keeper.version, "seat": seat, "bid": 0}, headers={"Accept-Language": "fr"})
    assert refused.status_code == 422
    assert ("Cette partie est pleine : une partie garde au plus 2 saisies. Lance une nouvelle "
            "partie pour continuer.") in text(refused)
    assert len(keeper.stored().state.entries) == 2  # nothing written
    refused = keeper.bid(seat, 0)
    assert "This game is full: a game keeps at most 2 entries." in text(refused)
