"""Two phones, one round: a stale version is refused (409) with the fresh game and a notice,
and what was typed stays; a replayed POST (the back button) changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable

from .conftest import Scorekeeper, text

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]
NOTICE = "Someone else just entered this round: here is the game as it is now."


def test_a_stale_bid_gets_409_and_the_fresh_round(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    seen = keeper.version
    assert keeper.bid(1, 2).status_code == 303  # the other phone was quicker
    response = keeper.bid(1, 3, htmx=True, version=seen)
    assert response.status_code == 409
    page = text(response)
    assert NOTICE in page
    assert "Cleo bids" in page  # the fresh state
    assert f'name="version" value="{seen + 1}"' in response.get_data(as_text=True)
    assert keeper.stored().state.current.bids == (None, 2, None, None)


def test_without_htmx_the_conflict_is_the_whole_page(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("oh-hell", PLAYERS, dealer=0)
    seen = keeper.version
    keeper.bid(1, 2)
    response = keeper.bid(1, 3, version=seen)
    assert response.status_code == 409
    assert "<html" in response.get_data(as_text=True)
    assert NOTICE in text(response)


def test_typed_tricks_survive_a_conflict(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("elevator", PLAYERS, dealer=0)
    keeper.bids(3, 3, 2, 1)
    seen = keeper.version
    keeper.client.post(f"{keeper.url}/undo", data={"version": seen})
    keeper.bid(0, 1)  # the other phone took back the dealer's bid and made it again
    response = keeper.tricks(1, 3, 2, 4, htmx=True, version=seen)
    assert response.status_code == 409
    assert NOTICE in text(response)
    html = response.get_data(as_text=True)
    assert re.search(r'name="tricks_3" value="4"\s+aria-label="Dev took 4" checked', html)
    assert f'name="version" value="{seen + 2}"' in html
    assert keeper.stored().state.rounds == ()


def test_the_back_button_replaying_a_post_changes_nothing(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("elevator", PLAYERS, dealer=0)
    keeper.bids(3, 3, 2, 1)
    body = {"version": keeper.version, "round": 1, "tricks_0": 1, "tricks_1": 3, "tricks_2": 2,
            "tricks_3": 4}
    first = keeper.client.post(f"{keeper.url}/tricks", data=body)
    assert first.status_code == 303  # POST, then 303 to the game page (GET)
    replay = keeper.client.post(f"{keeper.url}/tricks", data=body)
    assert replay.status_code == 409
    state = keeper.stored().state
    assert len(state.rounds) == 1 and state.current.bids == (None,) * 4


def test_a_stale_undo_is_refused(start: Callable[..., Scorekeeper]) -> None:
    keeper = start("elevator", PLAYERS, dealer=0)
    keeper.bids(3, 3)
    seen = keeper.version
    keeper.bid(3, 1)
    response = keeper.post("undo", {}, version=seen)
    assert response.status_code == 409
    assert keeper.stored().state.current.bids == (None, 3, 3, 1)
